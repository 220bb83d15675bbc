"""Request and response bodies of the REST API (OpenAPI at /docs is built from these)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import Path
from pydantic import BaseModel, ConfigDict, Field

from spieltisch.server.schemas.messages import SeatOut, TableOut
from spieltisch.store.reviews import ReviewStatus

Level = Literal["easy", "medium", "hard", "expert"]
MAX_ID = 2**31 - 1
"""The largest id the database stores (a 32-bit integer column on PostgreSQL)."""
ID_PATTERN = r"^[A-Za-z0-9_-]{1,32}$"

TableId = Annotated[str, Path(pattern=ID_PATTERN, description="A table's id (its link).")]
RecordId = Annotated[str, Path(pattern=ID_PATTERN, description="An uploaded record's id.")]
AccountId = Annotated[int, Path(ge=1, le=MAX_ID, description="A player's account id.")]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GuestIn(Strict):
    name: str = Field(min_length=1, max_length=40, description="The display name.")


class ClaimIn(Strict):
    username: str = Field(min_length=3, max_length=40, pattern=r"^[A-Za-z0-9_.-]+$")
    password: str = Field(min_length=8, max_length=200)


class SignInIn(Strict):
    username: str = Field(min_length=3, max_length=40, pattern=r"^[A-Za-z0-9_.-]+$")
    password: str = Field(min_length=1, max_length=200)


class AccountOut(BaseModel):
    id: int
    name: str
    username: str | None
    claimed: bool
    token: str | None = None
    """The session token (also set as the cookie): programs send it as `Authorization:
    Bearer` or as the cookie."""


class SeatIn(Strict):
    kind: Literal["open", "me", "ai", "reserved"] = "open"
    level: Level | None = Field(default=None, description="For kind ai: the computer's level.")
    account: int | None = Field(
        default=None, ge=1, le=MAX_ID, description="For kind reserved: who may sit."
    )


class ClockIn(Strict):
    mode: Literal["move", "game", "turn"] | None = Field(
        default=None,
        description="Seconds per move, or per player for the whole game; or turn-based "
        "(turn): `days` per move, and a time bank.",
    )
    seconds: float | None = Field(default=None, ge=1, le=7 * 24 * 3600)
    on_timeout: Literal["computer", "lose"] | None = Field(
        default=None,
        description="When a person's time runs out: the `easy` computer plays on for them "
        "(computer, the default), or they lose as if they had resigned (lose). Turn-based: "
        "the computer plays that turn at the person's level (computer, the default for "
        "three players or more), or they lose (lose, the default for two).",
    )
    days: int | None = Field(
        default=None,
        ge=1,
        le=14,
        description="Turn-based (mode turn): days for each move.",
    )
    bank_hours: float | None = Field(
        default=None,
        gt=0,
        le=14 * 24,
        description="Turn-based: a time bank; hours added to a player's bank after each of "
        "their moves made in time (the first portion at the start). It is used once a "
        "move's days are over.",
    )
    bank_max_days: float | None = Field(
        default=None,
        gt=0,
        le=28,
        description="Turn-based: the most a player's bank holds, in days (default: `days`).",
    )
    increment: float | None = Field(
        default=None,
        ge=0,
        le=3600,
        description="With mode game: seconds added to a player's time after each of their "
        "moves (while they have time left).",
    )
    round_seconds: float | None = Field(
        default=None,
        ge=1,
        le=24 * 3600,
        description="A round time for games with a referee `time` event: when it is up, "
        "the server applies that event and the game ends by the game's own rule.",
    )
    away_seconds: float | None = Field(
        default=None,
        ge=10,
        le=7 * 24 * 3600,
        description="How long a person's connection may be gone before the others choose: "
        "the computer plays the seat at the person's level, or (two people) they claim the "
        "win. Default by the speed: twice a move's time, a tenth of a game's, at least 30 s, "
        "at most the server's --claim-after (the time of a table without a clock).",
    )


class MoreTimeIn(Strict):
    seat: int = Field(ge=0, le=15, description="The seat to give more time (0 is the first).")
    seconds: int | None = Field(
        default=None,
        ge=1,
        le=24 * 3600,
        description="Seconds more: for each move of the seat (a clock per move), or once "
        "(a clock per game). The page offers 60 and 300. Give this or `double`.",
    )
    double: bool = Field(
        default=False, description="Double the seat's time per move, or its time left."
    )
    days: int | None = Field(
        default=None,
        ge=1,
        le=7,
        description="Turn-based: whole days more in the seat's time bank. The page offers "
        "1 and 3. Give this (turn-based), or `seconds` or `double` (a real-time clock).",
    )


class TableIn(Strict):
    game: str = Field(max_length=40)
    options: dict[str, Any] = Field(
        default_factory=dict, description="The game's options, as `spieltisch.load` takes."
    )
    seats: list[SeatIn] | None = Field(
        default=None,
        max_length=16,
        description="One per player; default: you, then open seats. Their number is the "
        "`players` option.",
    )
    public: bool = True
    clock: ClockIn | None = None
    rated: bool | None = Field(
        default=None,
        description="true: rated (two or more people, no computer seat, nobody at two "
        "seats); false: casual (hints and takebacks allowed); absent: rated exactly when "
        "every seat is a different person. Tournament games are always rated.",
    )


class TableList(BaseModel):
    tables: list[TableOut]


class GameOut(BaseModel):
    """A finished or running game of a player, for their page."""

    table: str
    game: str
    title: str = ""
    """The game's name as people read it (the page shows it, never the id)."""
    status: str
    seat: int
    place: int | None
    players: list[str]
    seats: list[SeatOut] = []
    """The seats as the lobby describes them: the page names each (a computer by its
    level in the reader's language, not by the level's id)."""
    record: str | None
    """Where to download the record (finished games)."""
    rated: bool = False
    finished_at: str | None = None
    """When it ended (ISO 8601, UTC): the page shows it in the viewer's zone."""


class GameRecordOut(BaseModel):
    """A player's record in one game: finished games and the ones won (place 1)."""

    game: str
    title: str
    games: int
    wins: int


class PlayerOut(BaseModel):
    account: AccountOut
    games: list[GameOut]
    record: list[GameRecordOut] = Field(default_factory=list)
    """Per game, most played first."""


class RecordUploaded(BaseModel):
    id: str
    game: str
    moves: int
    url: str


class PositionOut(BaseModel):
    """One position of an uploaded or finished game, as a spectator sees it."""

    n: int
    total: int
    view: dict[str, Any]
    words: str | None
    board_svg: str | None = None
    seat: int | None = None
    """The seat that made move `n` (None at the start and for chance outcomes)."""
    turn: int | None = None
    """For a chance outcome at `n`: the seat whose turn it belongs to (whose die)."""
    seat_marks: list[str] = Field(default_factory=list)
    """Each seat's colour or number in `lang`, as the board names it."""


class ProblemItem(BaseModel):
    loc: list[str | int]
    message: str


class Problem(BaseModel):
    detail: str
    """What was wrong and what is allowed, in the language of Accept-Language."""
    errors: list[ProblemItem] | None = None
    """For invalid requests (422): one entry per problem, with where it is."""
    code: str | None = None
    """For a service's refusal: which kind (`not_found`, `conflict`, `invalid`,
    `database_unavailable`, ...; `spieltisch.server.refusal.Code`)."""


REFUSALS: dict[int | str, dict[str, Any]] = {
    # JSON even on routes whose own answer is text (CSV, HTML pages).
    status: {"model": Problem, "description": description, "content": {"application/json": {}}}
    for status, description in {
        400: "The body could not be read (not UTF-8 JSON).",
        401: "Not signed in (or the account is gone).",
        403: "Not allowed for you, or from this origin.",
        404: "No such table, player or record.",
        409: "Not in this table's state (already started, finished, claimed...).",
        413: "The request body is over the limit.",
        422: "Invalid: `detail` says what is wrong and what is allowed.",
        429: "Over a rate limit: `Retry-After` says when to try again.",
        503: "The database is away just now (`code` database_unavailable): nothing was changed.",
    }.items()
}
"""The refusals any route may answer with; every one is a `Problem` in the request's
language (Accept-Language), never a server error."""


class ReviewOut(BaseModel):
    """A review's state; `review` holds what the page shows once it is done."""

    status: ReviewStatus = Field(
        description="none: never asked for; running: `done` of `total` decisions rated."
    )
    done: int = 0
    total: int = 0
    error: str | None = None
    review: dict[str, Any] | None = Field(
        default=None,
        description="When done: note, graph_svg, verdicts (names), seats and steps "
        "(each judged decision: index, player, move, words, verdict, loss, before, played, "
        "best_move, best_words, best), in the asked language (docs/web.md).",
    )


class HintOut(BaseModel):
    move: str
    words: str
    """The move in words, in the language asked for."""
    win_chance: float
    """The seat's chance to win after it, 0..1, as the engine sees it."""
    quick: bool = False
    """True when the full search was not back within the hint's time (2 s): a quicker
    look (the easy level's) answered instead."""


class AnswerIn(BaseModel):
    accept: bool
    """true: take the moves back; false: decline (the request ends)."""


class SessionOut(BaseModel):
    account: AccountOut | None
    """The signed-in account, or None before the person chose a name or signed in."""


class RulesOut(BaseModel):
    game: str
    language: str
    html: str
    """The game's rules summary (the project's own words) rendered from Markdown."""


class StatementOut(BaseModel):
    language: str
    """The statement's language (it is written in English only)."""
    html: str
    """The accessibility statement (docs/accessibility.md) rendered from Markdown."""


class TutorialOut(BaseModel):
    game: str
    title: str
    """The game's title, for the page's heading (a learner sees which game they learn)."""
    language: str
    steps: list[dict[str, Any]]
    """Each step: `say` (its words), `board_svg` (the position for the learner's seat),
    `ask` (the move asked, or null: only Next) and `moves` (the legal moves with words)."""
