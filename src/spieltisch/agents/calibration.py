"""Calibrated win chances: the search's own estimate mapped to how often it came true.

The searches are overconfident: in Mensch ärgere Dich nicht the expert's estimates of
about 97% were won 61% of the time at a table of four experts. A hint therefore shows
its win chance through a map fitted on games the level played against itself, one per
game, player count and level: isotonic regression (pool adjacent violators) of the
outcomes on the estimates, then a straight line between the pooled blocks' centres.
The map never decreases, so it never changes which move is best; between the first and
last centre it strictly increases, so moves the search tells apart stay apart. Exact
values (a solved endgame) are not estimates and stay as they are.

The maps are data in `calibration.json` beside this module, written by
`benchmarks/win_calibration.py --fit` (seeded games, repeatable); a game, player count or
level without a map keeps the search's own figures.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

FITTED = Path(__file__).with_name("calibration.json")


class WinChanceMap(BaseModel):
    """A monotone map from the search's estimate to a calibrated win chance: straight
    lines between `points` (estimate, chance), flat beyond the first and the last."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    method: str = Field(default="isotonic", description="How the map was fitted.")
    points: list[tuple[float, float]] = Field(
        min_length=1,
        description="(estimate, calibrated chance) pairs, both increasing; straight lines "
        "between them, flat beyond the ends.",
    )

    def __call__(self, estimate: float, players: int | None = None) -> float:
        """The calibrated win chance of an estimate (`players` is implied by the map: it
        is fitted for one player count; accepted so that every correction is called
        alike)."""
        points = self.points
        if estimate <= points[0][0]:
            return points[0][1]
        if estimate >= points[-1][0]:
            return points[-1][1]
        low, high = 0, len(points) - 1
        while high - low > 1:
            middle = (low + high) // 2
            if points[middle][0] <= estimate:
                low = middle
            else:
                high = middle
        (x0, y0), (x1, y1) = points[low], points[high]
        return y0 + (y1 - y0) * (estimate - x0) / (x1 - x0)


def fit_isotonic(pairs: Sequence[tuple[float, float]], digits: int = 4) -> WinChanceMap:
    """The isotonic map of (estimate, outcome) pairs: pool adjacent violators over the
    distinct estimates in order (all pairs of one estimate pooled first, so that the
    order of their outcomes cannot split them), then one point per pooled block at its
    mean estimate and mean outcome."""
    if not pairs:
        raise ValueError("no estimates to fit a calibration to")
    # per distinct estimate, then per block: [sum of estimates, sum of outcomes, count]
    tied: dict[float, list[float]] = {}
    for estimate, outcome in pairs:
        group = tied.setdefault(estimate, [0.0, 0.0, 0.0])
        group[0] += estimate
        group[1] += outcome
        group[2] += 1
    blocks: list[list[float]] = []
    for estimate in sorted(tied):
        blocks.append(tied[estimate])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            last = blocks.pop()
            for index in range(3):
                blocks[-1][index] += last[index]
    kept: list[list[float]] = []
    # rounding may make two centres equal: pool them, so that the map strictly increases
    for block in blocks:
        if kept and not _apart(_centre(kept[-1], digits), _centre(block, digits)):
            for index in range(3):
                kept[-1][index] += block[index]
        else:
            kept.append(block)
    return WinChanceMap(points=[_centre(block, digits) for block in kept])


def _centre(block: list[float], digits: int) -> tuple[float, float]:
    """A pooled block's mean estimate and mean outcome, rounded."""
    return round(block[0] / block[2], digits), round(block[1] / block[2], digits)


def _apart(low: tuple[float, float], high: tuple[float, float]) -> bool:
    return low[0] < high[0] and low[1] < high[1]


@cache
def _fitted() -> dict[tuple[str, int, str], WinChanceMap]:
    data = json.loads(FITTED.read_text(encoding="utf-8")) if FITTED.is_file() else {}
    found = {}
    for key, fit in data.get("maps", {}).items():
        game, players, level = key.split("/")
        found[game, int(players), level] = WinChanceMap(**fit["map"])
    return found


def win_chance_map(game: str, players: int, level: str) -> WinChanceMap | None:
    """The map fitted for `level`'s estimates in `game` with `players`, if there is one."""
    return _fitted().get((game, players, level))


def map_key(game: str, players: int, level: str) -> str:
    """How calibration.json names a map: `game/players/level`."""
    return f"{game}/{players}/{level}"
