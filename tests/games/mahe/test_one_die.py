"""Mahé shows one die as its value, without a sum that only repeats it (issue 34)."""

from __future__ import annotations

import pytest

from spieltisch.core.i18n import language
from spieltisch.games.mahe.text import _dice
from tests.games.mahe.helpers import load, play, start


@pytest.mark.parametrize("code", ["de", "en", "fr"])
def test_one_die_has_no_sum_and_two_have_one(code: str) -> None:
    state = start(load(players=3))
    play(state, state.legal_moves()[0], "d2")
    one = state.view(None)
    assert one["dice"] == [2]
    play(state, "roll", "d1")
    two = state.view(None)
    assert two["dice"] == [2, 1]
    with language(code):
        shown_one, shown_two = _dice(one), _dice(two)
    assert "=" not in shown_one and shown_one.endswith(" 2"), shown_one
    assert shown_two.endswith("2 + 1 = 3"), shown_two
