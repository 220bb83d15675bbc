"""A tournament's definition: game, options, rounds, round time, table sizes, points, tie-breaks."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from spieltisch.core import Game, OptionError, UnknownGame, game_class, load
from spieltisch.core.i18n import N_
from spieltisch.tournament.defaults import DEFAULT_GAME
from spieltisch.tournament.errors import TournamentError, explain_validation
from spieltisch.tournament.messages import _
from spieltisch.tournament.points import DEFAULT_POINTS

TieBreak = Literal["mutual", "opponents", "firsts", "countback", "buchholz"]
TIE_BREAK_CHOICES: tuple[TieBreak, ...] = ("mutual", "opponents", "firsts", "countback", "buchholz")
TIE_BREAKS: tuple[TieBreak, ...] = ("mutual", "opponents", "firsts")
"""The default order: head to head, then Buchholz per opponent, then first places; none
of them depends on the size of the tables a player was drawn to (`benchmarks/tiebreaks.py`).
The lot comes last. `standings.py` says what each one is."""
TIE_BREAK_NAMES: dict[str, str] = {
    "mutual": N_("head to head"),
    "opponents": N_("Buchholz per opponent"),
    "firsts": N_("first places"),
    "countback": N_("places countback"),
    "buchholz": N_("Buchholz (sum)"),
}
"""What a tie-break is called where standings print the order used."""


def tie_break_name(name: str) -> str:
    """A tie-break's name in the current language."""
    return _(TIE_BREAK_NAMES[name])


def tie_break_legend(tiebreaks: Sequence[str]) -> str:
    """The order of the tie-breaks in words, the lot last: printed under standings."""
    names = [tie_break_name(name) for name in tiebreaks] + [_("lot")]
    return _("Ties are broken by: {order}").format(
        order=", ".join(f"{number}. {name}" for number, name in enumerate(names, start=1))
    )


Preset = Literal["club", "championship"]
PRESETS: dict[str, dict[str, Any]] = {
    "club": {},
    "championship": {
        "rounds": 4,
        "round_minutes": 30,
        "points": (5.0, 3.0, 2.0, 1.0),
        "stopped_rule": "steps",
        "final_table": True,
    },
}
"""What a preset sets where the director does not say otherwise. `club`: the club's rules
(the defaults). `championship`: the public German championships of Mensch ärgere Dich
nicht: four preliminary games of up to 30 minutes, each player's steps to the goal
counted at the time limit, places worth 5, 3, 2 and 1, and the best four at a final
table (docs/championship.md)."""


class Settings(BaseModel):
    """What the director fixes when creating a tournament; published with the seed."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=120)
    game: str = DEFAULT_GAME
    options: dict[str, Any] = Field(default_factory=dict, description="game options, no players")
    rounds: int = Field(6, ge=1, le=40)
    round_minutes: float | None = Field(
        60, ge=1 / 60, le=600, description="the round time (from one second: 0.05 = 3 s)"
    )
    move_seconds: int | None = Field(
        60,
        ge=1,
        le=3600,
        description="online tables: when a person's time for a move runs out, the easy "
        "level plays that move, so nobody absent holds up a table",
    )
    table_size: int = Field(0, ge=0, description="players at a full table; 0: the game's choice")
    min_table: int = Field(0, ge=0, description="smallest table before byes; 0: one less")
    points: tuple[float, ...] = Field((), description="points per place at a full table")
    tiebreaks: tuple[TieBreak, ...] = TIE_BREAKS
    seed: str = Field(min_length=1, max_length=200, description="published; fixes every draw")
    rated: bool = True
    preset: Preset = Field(
        "club",
        description="club: the club's rules; championship: 4 preliminary games, steps "
        "counted at the time limit, 5/3/2/1 points, a final table of the best four",
    )
    stopped_rule: str = Field(
        "",
        description="how a game stopped by time is ranked: the game's own rule (empty), "
        "or another the game offers (Mensch ärgere Dich nicht: steps)",
    )
    final_table: bool = Field(
        False, description="after the rounds, the best four play a final table for places 1-4"
    )

    @model_validator(mode="before")
    @classmethod
    def _preset(cls, values: Any) -> Any:
        """The preset's values, where the director gave none."""
        if isinstance(values, dict) and values.get("preset", "club") != "club":
            preset = PRESETS.get(values["preset"], {})
            given = {key: value for key, value in values.items() if value not in ((), None, "")}
            return {**preset, **given}
        return values

    @model_validator(mode="after")
    def _complete(self) -> Self:
        try:
            cls = game_class(self.game)
        except UnknownGame as exc:
            raise ValueError(str(exc)) from None
        # A game option of the same name (Mensch ärgere Dich nicht's `stopped_rule`, how
        # its online tables rank) and the tournament's rule for boards are one choice.
        option = self.options.get("stopped_rule")
        if option is not None and option != self.stopped_rule:
            if self.stopped_rule:
                raise ValueError(
                    _(
                        "the game option stopped_rule={option} and the tournament's "
                        "stopped_rule={rule} disagree: give one of them"
                    ).format(option=option, rule=self.stopped_rule)
                )
            object.__setattr__(self, "stopped_rule", str(option))
        if self.stopped_rule and self.stopped_rule not in cls.stopped_rankings:
            raise ValueError(
                _("{game} ranks a stopped game by {allowed}, not {rule}").format(
                    game=cls.title,
                    allowed=", ".join(cls.stopped_rankings) or _("its own rule only"),
                    rule=repr(self.stopped_rule),
                )
            )
        size = self.table_size or min(cls.max_players, max(cls.min_players, 4))
        if not cls.min_players <= size <= cls.max_players:
            raise ValueError(
                _("{game} is played by {low} to {high}, not {size}").format(
                    game=cls.title, low=cls.min_players, high=cls.max_players, size=size
                )
            )
        smallest = self.min_table or max(cls.min_players, size - 1)
        if not cls.min_players <= smallest <= size:
            raise ValueError(
                _("the smallest table must seat {low} to {size} players, not {smallest}").format(
                    low=cls.min_players, size=size, smallest=smallest
                )
            )
        points = self.points or _default_points(size)
        if len(points) != size:
            raise ValueError(
                _("give points for each of the {size} places, not {given}").format(
                    size=size, given=len(points)
                )
            )
        if any(a < b for a, b in itertools.pairwise(points)):
            raise ValueError(
                _("a better place never earns fewer points: {points}").format(points=list(points))
            )
        if len(set(self.tiebreaks)) != len(self.tiebreaks):
            raise ValueError(
                _("a tie-break is named twice: {tiebreaks}").format(tiebreaks=list(self.tiebreaks))
            )
        if "players" in self.options:
            raise ValueError(_("the players per table are set by table_size, not by an option"))
        for players in {size, smallest}:
            try:
                load(self.game, **self.options, players=players)
            except OptionError as exc:
                raise ValueError(str(exc)) from None
        object.__setattr__(self, "table_size", size)
        object.__setattr__(self, "min_table", smallest)
        object.__setattr__(self, "points", tuple(float(p) for p in points))
        return self

    @classmethod
    def parse(cls, **values: Any) -> Settings:
        """Validated settings, or a TournamentError naming the bad field."""
        try:
            return cls.model_validate(values)
        except ValidationError as exc:
            raise explain_validation(_("tournament setting"), exc) from None

    def game_for(self, players: int) -> Game[Any]:
        """The game with this tournament's options for a table of `players`."""
        try:
            return load(self.game, **self.options, players=players)
        except OptionError as exc:
            raise TournamentError(str(exc)) from None


def _default_points(size: int) -> tuple[float, ...]:
    if size == len(DEFAULT_POINTS):
        return DEFAULT_POINTS
    return tuple(float(size - 1 - place) for place in range(size))
