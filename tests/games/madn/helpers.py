"""Helpers for madn scenario tests: positions are set up by playing chosen dice and moves
through the public API, so every position in a test is one a real game can reach."""

from __future__ import annotations

from typing import Any

import spieltisch
from spieltisch.core import CHANCE
from spieltisch.games.madn.rules import Madn, MadnState

RED, BLACK, YELLOW, GREEN = "red", "black", "yellow", "green"


def load(**options: Any) -> Madn:
    game = spieltisch.load("madn", **options)
    assert isinstance(game, Madn)
    return game


def start(**options: Any) -> MadnState:
    """A new game (2 players, red and yellow, unless `players` says otherwise)."""
    options.setdefault("players", 2)
    state = load(**options).new_state()
    assert isinstance(state, MadnState)
    return state


def play(state: MadnState, *tokens: str) -> None:
    """Apply dice, moves and events in order; `idle` lets the player whose turn it is roll
    1s until the turn passes (for a player whom a 1 cannot move)."""
    for token in tokens:
        if token == "idle":
            idle(state)
        else:
            state.apply(token)


def idle(state: MadnState) -> None:
    turn = turn_of(state)
    for _ in range(3):
        assert state.current_player == CHANCE, "idle needs a roll to be due"
        state.apply("d1")
        if turn_of(state) != turn:
            return
    raise AssertionError("the player still has the turn after three 1s")


def turn_of(state: MadnState) -> int | None:
    turn = state.view(None)["turn"]
    assert turn is None or isinstance(turn, int)
    return turn


def squares(state: MadnState, colour: str) -> list[str]:
    """A colour's squares, sorted for comparison."""
    found = state.view(None)["pieces"][colour]
    assert isinstance(found, list)
    return sorted(found)


def dice(state: MadnState) -> list[int]:
    rolled = state.view(None)["dice"]
    assert isinstance(rolled, list)
    return rolled


def march(state: MadnState, field: int, steps: list[int], idle_after: bool = True) -> int:
    """Red moves one piece from track `field` by each die in `steps`, one turn per die
    (no 6s), the other players idling in between (and after the last step unless
    `idle_after` is false); returns the piece's last track field, or 0 in the goal."""
    for number, step in enumerate(steps, start=1):
        assert step != 6
        state.apply(f"d{step}")
        state.apply(str(field))
        field += step
        if idle_after or number < len(steps):
            while turn_of(state) not in (0, None):
                idle(state)
    return field if field <= 40 else 0


def bring_to_last_field(state: MadnState) -> None:
    """Red enters a piece and walks it to field 40, the last before its goal (with the
    other players idle); red's own pieces must not be in the way."""
    play(state, "d6", "b", "d4", "1")  # 1 -> 5 clears the start field
    while turn_of(state) != 0:
        idle(state)
    march(state, 5, [5, 5, 5, 5, 5, 5, 5])  # 5 -> 40
