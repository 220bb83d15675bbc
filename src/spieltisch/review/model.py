"""The review as data: what `spieltisch review --out` writes, as validated models.

The file is the game's record plus one entry per step of its history; a reviewed
decision carries an `analysis` block. `ReviewFile.model_json_schema()` is the schema,
published as docs/review.schema.json.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from spieltisch.agents.calibration import WinChanceMap
from spieltisch.review.calibration import Calibration
from spieltisch.review.verdicts import Verdict

FORMAT: Literal["spieltisch-review/1"] = "spieltisch-review/1"


class Rating(BaseModel):
    """A move and its estimated win chance for the player who chose."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    move: str = Field(description="The move in the game's notation.")
    words: str = Field(description="The move in words, in the review's language.")
    win_chance: float = Field(
        ge=0.0, le=1.0, description="Estimated win share after this move (0..1), calibrated."
    )
    estimate: float | None = Field(
        default=None,
        ge=0.0,
        le=1.0,
        description="The search's own estimate before the calibration (None: not corrected).",
    )


class Analysis(BaseModel):
    """One decision judged: the move played against the best move the search found."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    win_chance_before: float = Field(
        ge=0.0, le=1.0, description="The position's win chance for the mover: its best move's."
    )
    played: Rating
    best: Rating = Field(description="The best move found; the move played when it is as good.")
    loss: float = Field(ge=0.0, le=1.0, description="best.win_chance − played.win_chance.")
    verdict: Verdict
    exact: bool = Field(description="Both chances are exact (a solved endgame), not estimates.")
    compared: bool = Field(
        description="The move played was searched again, as long as the best move had been."
    )
    legal_moves: int = Field(ge=2, description="How many moves were legal.")


StepKind = Literal["decision", "forced", "chance", "event"]


class Step(BaseModel):
    """One entry of the history: a decision, a forced move, a chance outcome or an event."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    index: int = Field(ge=0, description="Position in the record's history, from 0.")
    move: str
    words: str
    kind: StepKind = Field(
        description="decision: two or more legal moves; forced: one; chance: dice, deals; "
        "event: a referee's call."
    )
    player: int | None = Field(description="The seat that chose (None for chance and events).")
    analysis: Analysis | None = Field(
        description="Present for the decisions of the reviewed seats."
    )


class Settings(BaseModel):
    """How the win chances were estimated: enough to repeat the review exactly."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    level: str = Field(description="The level whose search rates the moves.")
    search: str = Field(description="That level's algorithm in this game.")
    iterations: int | None = Field(description="Budget per search; None: the search's default.")
    seconds: float | None = Field(description="Time budget per search (not reproducible).")
    seed: int
    seats: list[int]
    language: str
    thresholds: dict[Verdict, float] = Field(description="Smallest loss of each verdict.")
    calibration: Calibration | WinChanceMap | None = Field(
        default=None,
        description="The correction applied to the search's estimates (None: raw estimates).",
    )


class SeatSummary(BaseModel):
    """A seat's decisions in short."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seat: int
    name: str
    decisions: int = Field(ge=0, description="Decisions reviewed (forced moves not counted).")
    verdicts: dict[Verdict, int]
    mean_loss: float = Field(ge=0.0, le=1.0)
    win_share: float | None = Field(description="The seat's actual share of the win.")


class ReviewFile(BaseModel):
    """A reviewed game: its record, how it was reviewed, every step, each seat in short."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["spieltisch-review/1"] = FORMAT
    record: dict[str, Any] = Field(description="The game record (spieltisch-record/1).")
    settings: Settings
    steps: list[Step]
    seats: list[SeatSummary]

    def decisions(self) -> list[Step]:
        """The reviewed decisions, in the order they were played."""
        return [step for step in self.steps if step.analysis is not None]

    def biggest_losses(self, count: int = 5) -> list[Step]:
        """The decisions judged worse than fine, the largest losses first."""
        judged = [
            s for s in self.decisions() if s.analysis is not None and s.analysis.verdict != "fine"
        ]
        return sorted(judged, key=lambda s: -(s.analysis.loss if s.analysis else 0.0))[:count]
