"""Resigning a running game, and a seat handed to the computer after being away.

A person's seat that is given up stays theirs in the seat list, but the `easy` level
plays it from then on (`Seat.ai_level` set on a person's seat says so). What that means
for the game depends on how many sit at the table:

- **two seats**: the game ends at once; who gave up is ranked second, the other first
  (as on any two-player board: resigning is losing);
- **three or more**: the game goes on for the others (stopping it would spoil their
  game); the `easy` level plays the seat to the end, and at the end every seat that gave
  up is ranked after every seat that did not, keeping the game's order among each group.

The game's own ranking is kept in the record's history; the table's result (and the
record's `resigned` entry) carry the ranking after resignations.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from spieltisch.core import State
from spieltisch.core.ranking import places_from_keys, returns_from_places

HANDED_LEVEL = "easy"
"""The computer level that plays a seat its person gave up."""


def ends_the_game(seats: int) -> bool:
    """Whether giving up a seat ends the game at once (two seats) or not."""
    return seats == 2


def ranking_with_resigned(places: Sequence[int], resigned: Collection[int]) -> list[int]:
    """The places with every resigned seat after every other (ties kept within groups)."""
    return places_from_keys([(seat not in resigned, -place) for seat, place in enumerate(places)])


def result_with_resigned(state: State, resigned: Collection[int]) -> dict[str, Any]:
    """The table's result: the game's scores, and its ranking with resignations applied
    (before the end every seat counts as equal, so only resigning separates them)."""
    seats = state.game.num_players
    places = state.ranking() if state.is_terminal() else [1] * seats
    ranking = ranking_with_resigned(places, resigned)
    return {
        "scores": state.scores(),
        "ranking": ranking,
        "returns": returns_from_places(ranking),
        "resigned": sorted(resigned),
    }
