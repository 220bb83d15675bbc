"""A season's standings: several evenings (tournaments) of one club ranked together.

The club chooses one of two methods (`docs/tournaments.md`, "A season"):

- `best`: each player's points of their best N evenings added up (an evening's points are
  that tournament's final points: places, byes and awarded points). Ties go to the sum of
  every evening, then to the better single evening; players still equal share the rank.
- `average`: points per game over every evening, as the German Doppelkopf and Skat
  associations rank their leagues. A game is a round that counted for the player (played,
  a bye, points awarded, or a forfeit with nothing); only players with at least the
  minimum number of games are ranked, the others are listed below without a rank. Ties go
  to more games; players still equal share the rank.

A person is one row across the evenings: a registry member by their hall identity and
their account (`Member.rating_ids`); anyone else by their rating id in the tournaments.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from spieltisch.tournament.messages import _
from spieltisch.tournament.registry import Member
from spieltisch.tournament.tournament import Tournament

Method = Literal["best", "average"]


class SeasonRules(BaseModel):
    """How a season is ranked; checked when the season is made."""

    model_config = ConfigDict(frozen=True)

    method: Method = "best"
    best: int | None = Field(None, ge=1, le=100, description="evenings counted (method best)")
    min_games: int | None = Field(
        None, ge=0, le=1000, description="games needed for a rank (method average)"
    )

    @model_validator(mode="after")
    def _complete(self) -> SeasonRules:
        if self.method == "best" and self.best is None:
            raise ValueError(_("the method best needs the number of evenings counted (best)"))
        if self.method == "average" and self.min_games is None:
            raise ValueError(_("the method average needs the minimum number of games"))
        if self.method == "best":
            object.__setattr__(self, "min_games", None)
        else:
            object.__setattr__(self, "best", None)
        return self

    def describe(self) -> str:
        """The method in words, printed under the season table."""
        if self.method == "best":
            return _(
                "Ranked by the sum of each player's best {best} evenings; ties by the sum of "
                "all evenings, then the best single evening."
            ).format(best=self.best)
        return _(
            "Ranked by points per game; a rank needs at least this many games: {games}; "
            "ties by more games."
        ).format(games=self.min_games)


@dataclass
class SeasonStanding:
    """One person's line of the season table."""

    key: str
    """The member (`member:3`) or the rating id of someone not in the registry."""
    name: str
    member: int | None
    evenings: list[float | None] = field(default_factory=list)
    """Points of each evening, None where the person did not play it."""
    games: int = 0
    rank: int | None = None
    score: float = 0.0
    """The sum of the best evenings (best) or the points per game (average)."""
    counted: list[int] = field(default_factory=list)
    """The evenings (0-based) that count for `best`."""

    @property
    def total(self) -> float:
        return sum(points for points in self.evenings if points is not None)

    @property
    def ranked(self) -> bool:
        return self.rank is not None


def season_table(
    rules: SeasonRules, tournaments: Sequence[Tournament], members: Sequence[Member]
) -> list[SeasonStanding]:
    """The season table: ranked rows first, best first; then those without a rank."""
    by_id = {rid: m for m in members for rid in m.rating_ids}
    rows: dict[str, SeasonStanding] = {}
    for index, tournament in enumerate(tournaments):
        for standing in tournament.standings():
            player = tournament.players[standing.player]
            found = by_id.get(player.rating_id)
            key = f"member:{found.number}" if found else player.rating_id
            row = rows.get(key)
            if row is None:
                name = found.name if found else player.shown
                row = rows[key] = SeasonStanding(
                    key, name, found.number if found else None, [None] * len(tournaments)
                )
            row.evenings[index] = (row.evenings[index] or 0.0) + standing.points
            row.games += sum(1 for points in standing.per_round if points is not None)
    return _ranked(rules, list(rows.values()))


def _ranked(rules: SeasonRules, rows: list[SeasonStanding]) -> list[SeasonStanding]:
    def order(row: SeasonStanding) -> tuple[float, ...]:
        if rules.method == "best":
            best = max((p for p in row.evenings if p is not None), default=0.0)
            return (-row.score, -row.total, -best)
        return (-row.score, -row.games)

    for row in rows:
        played = [(p, i) for i, p in enumerate(row.evenings) if p is not None]
        if rules.method == "best":
            chosen = sorted(played, key=lambda pair: (-pair[0], pair[1]))[: rules.best]
            row.counted = sorted(index for _points, index in chosen)
            row.score = sum(points for points, _index in chosen)
        else:
            row.score = row.total / row.games if row.games else 0.0
    minimum = rules.min_games or 0
    ranked = sorted((r for r in rows if r.games >= minimum), key=lambda r: (order(r), r.name))
    others = sorted((r for r in rows if r.games < minimum), key=lambda r: (order(r), r.name))
    previous: tuple[float, ...] | None = None
    for position, row in enumerate(ranked, start=1):
        key = order(row)
        row.rank = position if key != previous else ranked[position - 2].rank
        previous = key
    return ranked + others
