"""Points per place: what a place at a table is worth in the standings.

The points are given for a full table (default 3, 2, 1, 0 for places 1 to 4). A smaller
table spreads the same range evenly from the first's points to the last's (a table of
three gets 3, 1.5, 0), so a player's expected points do not depend on the size of the
table he is drawn to. Players who share a place share the points of the places they span.
"""

from __future__ import annotations

from collections.abc import Sequence

DEFAULT_POINTS: tuple[float, ...] = (3.0, 2.0, 1.0, 0.0)


def points_for_size(points: Sequence[float], size: int) -> list[float]:
    """The points of places 1..size at a table of `size`, from the full table's points."""
    full = len(points)
    if size < 1:
        raise ValueError(f"a table has at least one player, not {size}")
    if size == full:
        return [float(p) for p in points]
    if size == 1:
        return [float(points[0])]
    result = []
    for place in range(size):
        position = place * (full - 1) / (size - 1)
        low = int(position)
        high = min(low + 1, full - 1)
        fraction = position - low
        result.append(float(points[low]) * (1 - fraction) + float(points[high]) * fraction)
    return result


def place_points(places: Sequence[int], points: Sequence[float]) -> list[float]:
    """Each player's points for the places of one table (1 = best, ties share a place)."""
    by_place = points_for_size(points, len(places))
    result = []
    for place in places:
        tied = sum(1 for other in places if other == place)
        spanned = by_place[place - 1 : place - 1 + tied]
        result.append(sum(spanned) / tied)
    return result


def bye_points(points: Sequence[float]) -> float:
    """A bye is worth a full table's mean points: neither a gift nor a loss."""
    return sum(points) / len(points)


def result_points(
    places: Sequence[int], outcomes: Sequence[str], points: Sequence[float]
) -> list[float]:
    """Each seat's points of a table's result: by place, except that a player who did
    not play to the end (forfeit, disqualified: `outcomes`, empty when all played) scores
    nothing. Those who finished score their places of the full table, as if the others
    had come last."""
    by_place = place_points(places, points)
    if not outcomes:
        return by_place
    return [
        value if outcome == "played" else 0.0
        for value, outcome in zip(by_place, outcomes, strict=True)
    ]
