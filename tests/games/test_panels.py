"""Each game's panel part: what a terminal shows beside the board, drawn from a view."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from rich.text import Text

import spieltisch
from spieltisch.core import State, parts
from spieltisch.core.i18n import language
from spieltisch.games.madn.rules import MadnState


def _positions(name: str, players: int, seed: int, plies: int = 150) -> Iterator[State]:
    """The positions of one random game, chance nodes included."""
    rng = random.Random(seed)
    state = spieltisch.load(name, players=players).new_state()
    for _ in range(plies):
        if state.is_terminal():
            return
        yield state
        if state.is_chance_node():
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_moves()))


def _panel_texts(name: str, players: int, seed: int) -> Iterator[tuple[dict[str, Any], str]]:
    panel = parts(name).panel
    assert panel is not None
    for state in _positions(name, players, seed):
        for seat in (None, *range(players)):
            view = state.view(seat)
            shown = panel(view)
            assert isinstance(shown, Text)
            yield dict(view), shown.plain


@pytest.mark.parametrize("players", [2, 4])
def test_madn_panel_shows_the_dice_of_the_turn(players: int) -> None:
    rolled = 0
    for view, shown in _panel_texts("madn", players, seed=players):
        if view["turn"] is None:
            assert shown == ""
            continue
        dice = " ".join(str(die) for die in view["dice"]) or "-"
        assert shown == f"Dice this turn: {dice}"
        rolled += bool(view["dice"])
    assert rolled


def test_mahe_panel_shows_the_dice_of_the_move_in_progress() -> None:
    moving = 0
    for view, shown in _panel_texts("mahe", 3, seed=1):
        if not view["dice"]:
            assert shown == ""
            continue
        moving += 1
        assert shown.startswith("dice: ")
        # one die is shown alone; two or more with their sum
        assert shown.endswith(f"= {sum(view['dice'])}") == (len(view["dice"]) > 1), shown
        if view["card_die"] is not None:
            assert "card " in shown
    assert moving


def test_david_goliath_panel_shows_the_trick_and_the_last_one() -> None:
    seen_last = 0
    for view, shown in _panel_texts("david_goliath", 4, seed=2):
        first = shown.splitlines()[0]
        assert first.startswith("Trick: ")
        for seat, card in view["trick"]:
            assert f"Player {seat + 1} {card}" in first
        if not view["trick"]:
            assert first == "Trick: -"
        last = view["last_trick"]
        assert ("Last trick: " in shown) == bool(last)
        if last:
            seen_last += 1
            assert f"Player {last['takes_rest'] + 1} takes the rest" in shown
    assert seen_last


def test_panels_speak_the_current_language() -> None:
    state = next(
        s
        for s in _positions("madn", 2, seed=0)
        if isinstance(s, MadnState) and not s.is_chance_node() and s.view(0)["dice"]
    )
    panel = parts("madn").panel
    assert panel is not None
    with language("de"):
        assert panel(state.view(None)).plain == "Würfe in diesem Zug: 6"


def test_a_game_with_nothing_beside_its_board_has_no_panel() -> None:
    assert parts("mabula").panel is None
