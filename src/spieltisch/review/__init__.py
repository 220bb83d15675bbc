"""Reviews of finished games: each decision's cost in win chance, the better move.

>>> from spieltisch.review import review_game
>>> review = review_game("game.json", seats=[0], workers=2)
>>> [(s.move, s.analysis.verdict) for s in review.decisions()]
"""

from spieltisch.review.game import review_game
from spieltisch.review.model import FORMAT, Analysis, Rating, ReviewFile, SeatSummary, Step
from spieltisch.review.verdicts import VERDICTS, Thresholds, Verdict, verdict_name

__all__ = [
    "FORMAT",
    "VERDICTS",
    "Analysis",
    "Rating",
    "ReviewFile",
    "SeatSummary",
    "Step",
    "Thresholds",
    "Verdict",
    "review_game",
    "verdict_name",
]
