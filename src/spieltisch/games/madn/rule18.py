"""Rule 18: the ranking of a game stopped by time, from each player's figures.

Finished players first, in finishing order; then most pieces in the goal; then the
deepest goal fields, compared deepest first; then most pieces on the track; then the
larger sum of the fields the track pieces have travelled from their own start field;
then the lot. The engine ranks its positions with `rule18_key`, and a tournament ranks a
table played on a real board with the same key from the figures its director enters.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from spieltisch.core.i18n import N_
from spieltisch.core.stopped import StoppedRanking
from spieltisch.games.madn.messages import _, colour_label


def rule18_key(
    finished: int | None, goal: Sequence[int], track: int, distance: int
) -> tuple[Any, ...]:
    """Larger is better. `finished`: 1 for the first player to finish, None if not done;
    `goal`: the depth (1 = g1 .. 4 = g4) of each piece in the goal; `track`: pieces on the
    track; `distance`: fields those pieces have travelled from their own start field."""
    if finished is not None:
        return (1, -finished, 0, (), 0, 0)
    return (0, 0, len(goal), tuple(sorted(goal, reverse=True)), track, distance)


class Rule18Figures(BaseModel):
    """One player's figures when time is called, as a referee reads them off the board."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    finished: int | None = Field(
        None, ge=1, le=4, description="finishing order of a player with all four pieces home"
    )
    goal: tuple[int, ...] = Field(
        (), max_length=4, description="the goal fields held, as depths 1 (g1) to 4 (g4)"
    )
    track: int = Field(0, ge=0, le=4, description="pieces on the track")
    distance: int = Field(
        0, ge=0, description="fields travelled from the own start field by the track pieces"
    )

    @model_validator(mode="after")
    def _possible(self) -> Self:
        if any(depth not in (1, 2, 3, 4) for depth in self.goal):
            raise ValueError(
                _("goal fields are depths 1 to 4 (g1..g4), not {goal}").format(goal=list(self.goal))
            )
        if len(set(self.goal)) != len(self.goal):
            raise ValueError(
                _("a goal field holds one piece: {goal} repeats one").format(goal=list(self.goal))
            )
        if self.finished is not None:
            if self.track or self.distance or self.goal not in ((), (1, 2, 3, 4), (4, 3, 2, 1)):
                raise ValueError(
                    _("a finished player has all four pieces in the goal and none out")
                )
            return self
        if len(self.goal) == 4:
            raise ValueError(
                _(
                    "four pieces in the goal: the player has finished, and the order of "
                    "finishing decides (rule 17); give their finishing order instead"
                )
            )
        if len(self.goal) + self.track > 4:
            raise ValueError(
                _(
                    "{goal} pieces in the goal and {track} on the track make more than four pieces"
                ).format(goal=len(self.goal), track=self.track)
            )
        # Distinct track fields: at most 39 + 38 + ... for the pieces on the track.
        most = sum(39 - piece for piece in range(self.track))
        if self.distance > most:
            raise ValueError(
                _(
                    "{track} pieces on the track have travelled at most {most} fields, "
                    "not {distance}"
                ).format(track=self.track, most=most, distance=self.distance)
            )
        return self


def check_finishing_order(figures: Sequence[Any]) -> None:
    """Players who finished before time was called are 1, 2, ... in finishing order."""
    finished = sorted(one.finished for one in figures if one.finished is not None)
    if finished != list(range(1, len(finished) + 1)):
        raise ValueError(
            _(
                "the finishing order of the finished players must be 1 to {count}, not {finished}"
            ).format(count=len(finished), finished=finished)
        )


class Rule18(StoppedRanking):
    rule = N_("rule 18")
    figures = Rule18Figures

    def key(self, figures: Any) -> tuple[Any, ...]:
        checked = Rule18Figures.model_validate(figures)
        return rule18_key(checked.finished, checked.goal, checked.track, checked.distance)

    def check_table(self, figures: Sequence[Any]) -> None:
        check_finishing_order(figures)

    def figures_of(self, state: Any) -> list[dict[str, Any]]:
        """A finished player's finishing order; everyone else's goal fields (depths),
        pieces on the track and the fields those have travelled."""
        finished = list(state.finishing_order)
        figures: list[dict[str, Any]] = []
        for player in range(state.game.num_players):
            if player in finished:
                figures.append({"finished": finished.index(player) + 1})
                continue
            rels = [rel for rel in state.rels(player) if rel is not None]
            track = [rel for rel in rels if rel < 40]
            goal = sorted((rel - 39 for rel in rels if rel >= 40), reverse=True)
            figures.append({"goal": goal, "track": len(track), "distance": sum(track)})
        return figures

    def play_on(self, game: Any) -> str | None:
        """Rule 18 says "bis zum Spieler Grün": the round is played to its end, so that
        everyone has had as many turns. Tables of three (red, black, yellow) and two (red,
        yellow) have no green: there the last colour of the round, yellow, closes it (the
        ruling in GAMES.md). A club that stops at once plays `time_up=turn` instead."""
        if game.stop_after_turn:
            return _("finish the turn in progress, then stop")
        return _("play on to the end of the round, up to and including {colour}").format(
            colour=colour_label(game.colours[game.num_players - 1])
        )


RULE_18 = Rule18()
