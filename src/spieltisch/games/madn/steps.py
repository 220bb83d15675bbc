"""Counting steps: how championships rank a game stopped at the time limit.

The public German championships stop a preliminary game when its time is up and count,
for each player, the steps still needed to bring the pieces home; the fewest steps go
ahead. The program's ruling on what a step is: a piece on the track needs 40 minus the
fields it has travelled from its own start field to reach the first goal field; a piece
in the base needs 41 (one step onto its start field, then 40); a piece in the goal none.
Players who finished go first, in finishing order; equal counts are decided by lot.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from spieltisch.core.i18n import N_
from spieltisch.core.stopped import StoppedRanking
from spieltisch.games.madn.messages import _
from spieltisch.games.madn.rule18 import check_finishing_order

BASE_STEPS = 41
"""A piece in the base: one step onto the start field, then 40 to the first goal field."""
MOST_STEPS = 4 * BASE_STEPS


def steps_left(pieces: Sequence[int | None]) -> int:
    """The steps a player's pieces still need to the goal: each piece's fields travelled
    from its own start field (0-39 on the track, 40 or more in the goal), None in base."""
    return sum(BASE_STEPS if rel is None else max(0, 40 - rel) for rel in pieces)


def step_key(finished: int | None, steps: int) -> tuple[int, int]:
    """Larger is better: a finished player by finishing order (1 first), ahead of every
    player still on the way, who go by the fewest steps."""
    if finished is not None:
        return (1, -finished)
    return (0, -steps)


class StepFigures(BaseModel):
    """One player's count when the time limit is reached."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    finished: int | None = Field(
        None, ge=1, le=4, description="finishing order of a player with all four pieces home"
    )
    steps: int = Field(
        0, ge=0, le=MOST_STEPS, description="steps the pieces still need to reach the goal"
    )

    @model_validator(mode="after")
    def _possible(self) -> Self:
        if self.finished is not None and self.steps:
            raise ValueError(_("a finished player has no steps left"))
        if self.finished is None and not self.steps:
            raise ValueError(
                _("no steps left: the player has finished; give their finishing order instead")
            )
        return self


class StepCount(StoppedRanking):
    rule = N_("step count")
    figures = StepFigures
    online_options = MappingProxyType({"time_up": "now", "stopped_rule": "steps"})

    def key(self, figures: Any) -> tuple[Any, ...]:
        checked = StepFigures.model_validate(figures)
        return step_key(checked.finished, checked.steps)

    def check_table(self, figures: Sequence[Any]) -> None:
        check_finishing_order(figures)

    def figures_of(self, state: Any) -> list[dict[str, Any]]:
        """A finished player's finishing order, everyone else's steps to the goal."""
        finished = list(state.finishing_order)
        return [
            {"finished": finished.index(player) + 1}
            if player in finished
            else {"steps": steps_left(state.rels(player))}
            for player in range(state.game.num_players)
        ]

    def play_on(self, game: Any) -> str | None:
        """Championships stop at once when the time limit is reached."""
        return _("stop at once and count each player's steps to the goal")


STEP_COUNT = StepCount()
