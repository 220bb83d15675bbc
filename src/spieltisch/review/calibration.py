"""A correction of the search's win chances, fitted against the outcomes of simulated games.

The searches are overconfident (their evaluations assume less luck than is left), so a
review's raw estimates of 96% were won 63% of the time. The correction is Platt scaling
around the fair share 1/n, one slope and one shift per game, on the log-odds:

    logit(q) = logit(1/n) + shift + slope * (logit(p) - logit(1/n))

A slope below 1 pulls estimates towards 1/n; the shift moves them all. Anchoring at 1/n
lets one fit serve every player count. The map is increasing, so it never changes which
move is best, only how much a move costs. Exact values (a solved endgame) stay as they
are. The figures are fitted by `benchmarks/review_calibration.py --fit` and kept as data
in `calibration.json` beside this module; a game or level without a fit is not corrected.

Where the level's hints are calibrated (an isotonic map in `spieltisch.agents.calibration`,
fitted on many more games), the review shows the hint's chances and this fit is not used:
a review corrects once.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from spieltisch.agents.calibration import WinChanceMap
from spieltisch.core.formats import number, signed
from spieltisch.review.messages import _

FITTED = Path(__file__).with_name("calibration.json")
EDGE = 1e-4
"""Estimates are kept this far from 0 and 1 before taking log-odds."""


class Calibration(BaseModel):
    """Platt scaling around 1/n for one game and level (see the module's docstring)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    slope: float = Field(gt=0.0, description="Multiplies the log-odds above the fair share.")
    shift: float = Field(description="Added to the log-odds.")

    def __call__(self, chance: float, players: int) -> float:
        """The corrected win chance of a raw estimate in a game of `players`."""
        fair = logit(1.0 / players)
        return sigmoid(fair + self.shift + self.slope * (logit(chance) - fair))


def logit(chance: float) -> float:
    clipped = min(1.0 - EDGE, max(EDGE, chance))
    return math.log(clipped / (1.0 - clipped))


def sigmoid(value: float) -> float:
    if value >= 0:
        return 1.0 / (1.0 + math.exp(-value))
    exp = math.exp(value)
    return exp / (1.0 + exp)


@cache
def _fitted() -> dict[str, dict[str, Calibration]]:
    data = json.loads(FITTED.read_text(encoding="utf-8")) if FITTED.is_file() else {}
    return {
        level: {game: Calibration(**fit["map"]) for game, fit in games.items()}
        for level, games in data.get("levels", {}).items()
    }


def fitted_calibration(game: str, level: str) -> Calibration | None:
    """The correction fitted for `game`'s estimates by `level`'s search, if there is one."""
    return _fitted().get(level, {}).get(game)


def calibration_note(calibration: Calibration | WinChanceMap | None) -> str:
    """One sentence for people: whether the win chances shown are corrected."""
    if calibration is None:
        return _("The win chances are the search's own estimates, not calibrated.")
    if isinstance(calibration, WinChanceMap):
        return _(
            "The win chances are calibrated as the hints' are: the search's estimates mapped "
            "to how often such estimates came true in games it played against itself, since "
            "the raw ones are overconfident."
        )
    return _(
        "The search's estimates are corrected by a calibration fitted on the outcomes of "
        "simulated games (slope {slope}, shift {shift}), since the raw ones are overconfident."
    ).format(slope=number(calibration.slope, 2), shift=signed(calibration.shift, 2))
