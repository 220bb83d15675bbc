"""Places and utilities derived from per-player sort keys, shared by every game."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any


def places_from_keys(keys: Sequence[Any]) -> list[int]:
    """Competition ranking (1, 1, 3): a larger key is better, equal keys share a place."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def places_after_resigning(places: Sequence[int], resigned: Collection[int]) -> list[int]:
    """Every seat that resigned after every seat that did not, the game's own order kept
    within each group: resigning is losing, to everyone still playing."""
    return places_from_keys([(seat not in resigned, -place) for seat, place in enumerate(places)])


def returns_from_places(places: Sequence[int]) -> list[float]:
    """Utilities in [-1, 1] that sum to zero: tied players share the positions they span."""
    n = len(places)
    if n < 2:
        return [0.0] * n
    result = []
    for place in places:
        tied = sum(1 for p in places if p == place)
        mean_position = (place - 1) + (tied - 1) / 2
        result.append(1.0 - 2.0 * mean_position / (n - 1))
    return result


def win_shares(places: Sequence[int]) -> list[float]:
    """Each winner's share of the win: 1 alone in first place, 1/k when k share it."""
    winners = sum(1 for p in places if p == 1)
    return [1.0 / winners if p == 1 else 0.0 for p in places]
