"""Request and response bodies of the tournament routes (OpenAPI at /docs); the rating
routes' are in `ratings.py`."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, Field

from spieltisch.server.schemas.rest import MAX_ID, Level, Strict
from spieltisch.tournament.defaults import DEFAULT_GAME
from spieltisch.tournament.settings import TieBreak


def _utc(moment: dt.datetime) -> dt.datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


UtcDateTime = Annotated[dt.datetime, AfterValidator(_utc)]
"""A moment with its time zone: SQLite gives stored UTC times back without one."""


class TournamentIn(Strict):
    """A new tournament; every field but the name has the documented default."""

    name: str = Field(min_length=1, max_length=120)
    game: str = DEFAULT_GAME
    options: dict[str, Any] = Field(default_factory=dict)
    rounds: int = 6
    round_minutes: float | None = 60
    move_seconds: int | None = 60
    table_size: int = 0
    min_table: int = 0
    points: list[float] = Field(default_factory=list, max_length=8)
    tiebreaks: list[TieBreak] | None = None
    seed: str | None = Field(None, description="The published seed; default: drawn now.")
    rated: bool = True
    preset: Literal["club", "championship"] = Field(
        "club",
        description="club: the club's rules; championship: 4 preliminary games of 30 "
        "minutes, steps counted at the time limit, 5/3/2/1 points, a final table of four; "
        "fields not given take the preset's values",
    )


class PlayerIn(Strict):
    """A player: an account (by its username, or by id), a computer level, or just a name
    (a hall player). Guests (accounts without a username) sign themselves up while the
    director has the sign-up open (`POST .../join`)."""

    name: str | None = Field(None, max_length=120, description="Default: the account's name.")
    username: str | None = Field(
        None, min_length=1, max_length=40, description="The player's username (any case)."
    )
    account: int | None = Field(None, ge=1, le=MAX_ID, description="The player's account id.")
    level: Level | None = Field(None, description="A computer entrant at this level.")
    same_as: str | None = Field(
        None,
        max_length=200,
        description="A hall player (no account): the same person as this hall identity of "
        "another tournament (GET /api/identities?name=...); default: a person of their own.",
    )


class IdentityIn(Strict):
    """Merge a hall player with a known hall identity (`same_as`), or split them off
    into an identity of their own (no `same_as`)."""

    same_as: str | None = Field(None, max_length=200)
    reason: str = Field(min_length=1, max_length=500, description="Why (kept in the ledger).")


class AppearanceOut(BaseModel):
    tournament: str
    tournament_name: str
    number: int
    name: str


class IdentityOut(BaseModel):
    identity: str
    """`guest:<name>/<tag>` (or `guest:<name>` from before identities)."""
    names: list[str]
    appearances: list[AppearanceOut]
    """Where the identity played: tournament and player number."""


class IdentityList(BaseModel):
    identities: list[IdentityOut]


class SignUpIn(Strict):
    open: bool = Field(description="Open (true) or close (false) the sign-up.")


class JoinIn(Strict):
    name: str | None = Field(
        None, max_length=120, description="The name on the lists; default: the account's."
    )


class RatingIn(Strict):
    rated: bool = Field(description="Whether the table's game is rated.")
    reason: str = Field(min_length=1, max_length=500, description="Why (kept in the ledger).")


class RoundIn(Strict):
    online: bool = Field(
        True,
        description="Open the tables whose players all have accounts (or are computer "
        "entrants) on the server with the round clock; the others are played on boards.",
    )


class ReasonIn(Strict):
    reason: str = Field("", max_length=500, description="Why (kept in the ledger).")


class SwapIn(Strict):
    players: tuple[int, int] = Field(description="The two player numbers to swap.")
    reason: str = Field(min_length=1, max_length=500, description="Why (kept in the ledger).")


class AwardIn(Strict):
    """Points for a round the player was not seated in (a late arrival, an absence)."""

    player: int = Field(ge=1, description="The player number.")
    points: float = Field(ge=0, description="From 0 to a first place's points.")
    reason: str = Field(min_length=1, max_length=500, description="Why (kept in the ledger).")


class TakeOverIn(Strict):
    code: str = Field(
        min_length=1,
        max_length=40,
        description="The one-time code printed by `spieltisch tournament director ID --code`.",
    )


class ResultIn(Strict):
    """A table's result: places in seat order, or each seat's figures if time was called."""

    places: list[int | Literal["forfeit", "disqualified"]] | None = Field(
        None,
        max_length=8,
        description="Each seat's place among those who finished, or `forfeit` (did not "
        "play) or `disqualified` (excluded from the game, rule 16): they score nothing.",
    )
    stopped: list[dict[str, Any] | Literal["forfeit", "disqualified"]] | None = Field(
        None,
        max_length=8,
        description="Each seat's figures if time was called, or `forfeit` (did not play) or "
        "`disqualified` (excluded by rule 16 before): they score nothing, the others are "
        "ranked by the rule.",
    )
    lots: list[list[int]] = Field(
        default_factory=list,
        max_length=4,
        description="With `stopped`: lots drawn at the table, each a tied group's seats "
        "(from 1) best first; default: the server draws (and a correction keeps it)",
    )
    note: str = Field("", max_length=500)


class TournamentRef(BaseModel):
    id: str
    name: str
    game: str
    title: str
    rounds: int
    seated: int
    players: int
    finished: bool
    created_at: UtcDateTime


class TournamentList(BaseModel):
    tournaments: list[TournamentRef]
    default_game: str
    """The game a new tournament is of unless the director chooses another."""


class PlayerOut(BaseModel):
    number: int
    name: str
    account: int | None
    identity: str | None
    """A hall player's rating identity (one per person; merged or split by the director)."""
    level: str | None
    active: bool
    joined: int


class SeatOut(BaseModel):
    seat: int
    player: int
    name: str
    colour: str
    """The seat's colour in notation (for styling), or its number."""
    label: str
    """The colour in the request's language."""
    mark: str = ""
    """The seat as its table names it, in the request's language: its colour as a name,
    else "Player 2" (the pages write "Red · Ana", as at the table and in the lobby)."""


class ResultOut(BaseModel):
    places: list[int]
    handed: list[int]
    """Online: the seats (from 0) the computer played after they were handed over (given
    up, or claimed while the person was away)."""
    outcomes: list[str]
    """Each seat's outcome: `played`, `forfeit` (did not play) or `disqualified`."""
    points: list[float]
    how: str
    lots: list[str]
    lot_names: list[str] = []
    """Each lot with the names of the tied players, best first: `lot: Clara, Bernd`."""
    lot_sources: list[str]
    """For each lot: `drawn` (by the server now), `kept` (from the entry before: the tied
    figures did not change) or `table` (drawn at the table, entered by the director)."""
    figures: list[dict[str, Any]] | None
    """Each seat's figures of a table stopped by time, as entered."""
    note: str
    by: str
    at: UtcDateTime
    corrections: int


class TableOut(BaseModel):
    number: int
    seats: list[SeatOut]
    online: str | None
    """The online table's id (link: /#/table/ID); None for a table on a real board."""
    status: str | None
    """The online table's status: open, running or finished."""
    result: ResultOut | None
    rated: bool
    """False when the director decided the game is not rated (the computer played a seat)."""
    rating_reason: str | None
    """The reason the director gave for that decision."""


class AwardOut(BaseModel):
    player: int
    name: str
    points: float
    reason: str


class RoundChangeOut(BaseModel):
    """A change of the round by hand: a swap or an undo, with its reason."""

    kind: Literal["swap", "undo"]
    text: str
    reason: str
    by: str
    at: UtcDateTime
    warnings: list[str]
    """Each seating rule the swap breaks: a meeting again, a colour, the points."""


class RoundOut(BaseModel):
    number: int
    complete: bool
    tables: list[TableOut]
    byes: list[int]
    awarded: list[AwardOut]
    """Points the director gave players not seated in the round."""
    reasons: list[str] = []
    """Why the tables are as they are (the seating's rules, repeats, points, colours)."""
    changes: list[RoundChangeOut] = []
    """Swaps and undos by hand, oldest first, with their reasons and warnings."""


class StandingOut(BaseModel):
    rank: int
    player: int
    name: str
    points: float
    played: int
    byes: int
    buchholz: float
    countback: list[int]
    mutual: int
    opponents: float
    """Buchholz per opponent (mean over games of the opponents' mean points)."""
    firsts: int
    tiebreaks: list[str]
    """The values of the tournament's tie-breaks, in its order, as standings print them."""
    per_round: list[float | None]
    """Points in each round; None when not seated and given none."""
    per_round_kind: list[str | None]
    by_lot: bool = False
    """Whether the standings' lot (drawn when the tie appeared) decided the rank."""
    """How: played, forfeit, disqualified, bye or awarded (by the director)."""
    active: bool


class FigureField(BaseModel):
    name: str
    label: str
    """In the request's language."""
    kind: str
    """`number`, or `list` (several numbers, such as the goal fields held)."""


class StoppedOut(BaseModel):
    """How a table stopped by time is entered: the game's rule and each player's figures."""

    rule: str
    fields: list[FigureField]


class TournamentOut(BaseModel):
    id: str
    name: str
    game: str
    title: str
    settings: dict[str, Any]
    director: str
    can_direct: bool
    directed_online: bool
    """False for a tournament made on the command line and not handed over to an account
    (`spieltisch tournament director ID --account NAME`): no account directs it here."""
    hand_over_open: bool
    """A one-time code from the command line is waiting: a signed-in account that types
    it directs the tournament (POST /api/tournaments/{id}/director)."""
    finished: bool
    signup_open: bool
    """People with an account sign themselves up on the tournament's page (POST .../join)."""
    my_number: int | None
    """The caller's player number, if their account is registered."""
    players: list[PlayerOut]
    rounds: list[RoundOut]
    standings: list[StandingOut]
    tiebreaks: list[str]
    """The names of the tie-breaks in the order used, in the request's language."""
    tiebreak_legend: str
    """The order of the tie-breaks as a sentence, printed under the standings."""
    stopped: StoppedOut | None
    """None when the game has no rule for a game stopped by time."""


class AuditOut(BaseModel):
    round: int
    table: int
    entries: list[ResultOut]
