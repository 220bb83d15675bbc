"""Lots that break ties at the end: only outcomes written in notation are accepted."""

from __future__ import annotations

import pytest

from spieltisch.core import CHANCE, IllegalMove
from tests.games.madn.helpers import play, start


@pytest.mark.parametrize("token", ["lot:0, 1", "lot:+1,0", "lot:01,0", "lot: 1,0"])
def test_lot_outcomes_are_refused_unless_written_in_notation(token: str) -> None:
    # Notation tokens contain no spaces and name players as plain numbers; a lot written
    # otherwise must not be accepted (it would enter the history and records as is).
    state = start(max_rounds=1)
    play(state, "idle", "idle")
    assert state.current_player == CHANCE
    assert state.chance_outcomes() == [("lot:0,1", 0.5), ("lot:1,0", 0.5)]
    before = state.clone()
    with pytest.raises(IllegalMove):
        state.apply(token)
    assert state == before
    play(state, "lot:1,0")
    assert state.is_terminal() and state.ranking() == [2, 1]
    assert state.history()[-1] == "lot:1,0"
