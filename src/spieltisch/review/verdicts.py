"""Verdicts: how much win chance a move gave away, in four words.

The loss is the win chance of the best move minus that of the move played, both as the
review's search estimates them for the player who moved. The thresholds follow the
spirit of lichess (inaccuracy, mistake, blunder in steps of win chance, not of points),
widened at the top: in games of chance and of four players a fifth of a win is a lot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from spieltisch.core.i18n import N_
from spieltisch.review.messages import _

Verdict = Literal["fine", "inaccuracy", "mistake", "blunder"]
VERDICTS: tuple[Verdict, ...] = ("fine", "inaccuracy", "mistake", "blunder")

_NAMES = {
    "fine": N_("fine"),
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
}


@dataclass(frozen=True)
class Thresholds:
    """The smallest loss (a share of a win, 0..1) of each verdict."""

    inaccuracy: float = 0.05
    mistake: float = 0.10
    blunder: float = 0.15

    def __post_init__(self) -> None:
        if not 0.0 < self.inaccuracy <= self.mistake <= self.blunder <= 1.0:
            raise ValueError(
                "thresholds must grow: 0 < inaccuracy <= mistake <= blunder <= 1, "
                f"not {self.inaccuracy}, {self.mistake}, {self.blunder}"
            )

    def verdict(self, loss: float) -> Verdict:
        """The verdict of a move that gave away `loss` of a win."""
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return "fine"


def verdict_name(verdict: Verdict) -> str:
    """The verdict in the current language."""
    return _(_NAMES[verdict])
