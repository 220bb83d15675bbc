"""The "last trick" view: the trick taken last stays beside the next one, on the table and
in the replay (both draw the same picture from the view)."""

from __future__ import annotations

import random

import spieltisch
from spieltisch.games.david_goliath.rules import DavidGoliathState
from spieltisch.server.table.replays import Replay


def a_trick_taken_and_one_card_more() -> list[str]:
    """A three-player deal: the first trick played out and the first card of the next."""
    state = spieltisch.load("david_goliath", players=3).new_state()
    state.sample_chance(random.Random(5))
    for _ in range(4):
        state.apply(state.legal_moves()[0])
    return state.history()


def test_the_last_trick_is_drawn_beside_the_next_one_in_the_replay() -> None:
    history = a_trick_taken_and_one_card_more()
    replay = Replay("david_goliath", {"players": 3}, history)
    taken = replay.out(len(history) - 1, "en")  # the trick just taken: held on the board
    assert taken.board_svg is not None
    assert "data-last-trick" not in taken.board_svg and "data-takers" in taken.board_svg
    after = replay.out(len(history), "en")
    assert after.view["trick"] and after.view["last_trick"] == taken.view["last_trick"]
    svg = after.board_svg
    assert svg is not None
    assert "data-last-trick" in svg and "Last trick" in svg and "takes the rest" in svg
    # Its small cards are not counted as cards on the table (no data-card).
    panel = svg[svg.index("data-last-trick") :]
    assert "data-card" not in panel.split("</g>")[0]


def test_a_new_deal_starts_without_a_last_trick() -> None:
    """The deal's last trick stays until the next deal is dealt, then it is gone (its
    cards are in the new hands)."""
    state = spieltisch.load("david_goliath", players=3, deals=2).new_state()
    assert isinstance(state, DavidGoliathState)
    rng = random.Random(7)
    while state.view(None)["deal"] == 0 or state.is_chance_node():
        if state.is_chance_node():
            state.sample_chance(rng)
        else:
            state.apply(state.legal_moves()[0])
    assert state.view(None)["last_trick"] is None
