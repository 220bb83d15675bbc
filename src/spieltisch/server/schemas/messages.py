"""The WebSocket messages, one pydantic model per type (docs/web.md documents them).

Every message is a JSON object with a `type`. Clients send `move`, `sync`, `chat`,
`language`, `ask` and `ping`; the server sends `state`, `table`, `chat`, `ack`, `error`,
`pong`, `presence`, `answer` and `notice`, and `layer` to a connection that asked for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter

from spieltisch.core.i18n import sentence
from spieltisch.server.refusal import Code
from spieltisch.store.models import SeatKind

if TYPE_CHECKING:
    from spieltisch.store.models import ChatMessage

Language = Literal["de", "en", "fr"]


class ClientMessage(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # "seq": "3" is refused


class MoveIn(ClientMessage):
    """Play `move` (notation) in the position numbered `seq` (the last seq the client saw).

    Sending the same move with the same `seq` again is answered with an `ack`
    (duplicate), never applied twice.
    """

    type: Literal["move"]
    seq: int = Field(ge=0)
    move: str = Field(min_length=1, max_length=200)


class SyncIn(ClientMessage):
    """Ask for the current position and every entry after `last_seq` (after reconnecting)."""

    type: Literal["sync"]
    last_seq: int = Field(default=0, ge=0)


class ChatIn(ClientMessage):
    type: Literal["chat"]
    text: str = Field(min_length=1)


class LanguageIn(ClientMessage):
    """Switch the language of the words (moves described) on this connection."""

    type: Literal["language"]
    language: Language


class PingIn(ClientMessage):
    type: Literal["ping"]


class AskIn(ClientMessage):
    """Ask a question about the position (one of the state's `questions`), answered in
    words from this connection's seat's view alone."""

    type: Literal["ask"]
    question: str = Field(min_length=1, max_length=40)
    argument: str = Field(default="", max_length=40)


Incoming = Annotated[
    MoveIn | SyncIn | ChatIn | LanguageIn | PingIn | AskIn, Field(discriminator="type")
]
incoming = TypeAdapter(Incoming)


class ServerMessage(BaseModel):
    pass


class LegalMove(BaseModel):
    move: str
    words: str
    typed: list[str] = Field(default_factory=list)
    """Other words a person may type for this move in this language (`würfeln`, `grün 5`)."""


class QuestionOut(BaseModel):
    """A question a player may ask (`ask`): `key`, the question in words, and what it
    asks for (`argument`, e.g. "Field (1–40)"; None when nothing)."""

    key: str
    label: str
    argument: str | None = None


class LogEntryOut(BaseModel):
    """One entry of the move log as a seat may see it: chance outcomes only in words."""

    seq: int
    seat: int | None
    """The seat that moved; None for a chance outcome or a referee event."""
    move: str | None
    """The notation of a seat's move; None for chance outcomes (a deal is never sent raw)."""
    words: str
    turn: int | None = None
    """For a chance outcome: the seat whose turn it belongs to (whose die), else None."""
    keep: int | None = None
    """For a takeback: the entries after seq `keep` (up to this one) no longer stand;
    the page strikes them through."""
    mark: str | None = None
    """The seat as the page names it in the log: the mover's colour or number, for a die
    the seat whose turn it is ("Yellow · die: 4"); None for a shuffle or a deal."""


class ClockOut(BaseModel):
    mode: Literal["move", "game", "turn"] | None
    seconds: float | None
    time_left_ms: list[int | None]
    """Each seat's time left (per move: the seat to move; per game: every seat;
    turn-based: the seat to move, its move's days, bank and vacation counted)."""
    running: int | None
    """The seat whose clock runs now."""
    round_ends_in_ms: int | None
    """Time left of a round time (games with a referee `time` event)."""
    bank_ms: list[int | None] | None = None
    """Turn-based: each seat's time bank (used once its move's days are over)."""
    deadline: str | None = None
    """Turn-based: when the seat to move runs out of time (ISO 8601, UTC)."""
    on_timeout: Literal["computer", "lose"] | None = None
    """Turn-based: what happens then (the computer plays that turn at the person's
    level, or they lose)."""
    vacation_ms: int | None = None
    """Turn-based: the seat to move is on vacation this much longer; its clock stands
    still until then (its time to move is `time_left_ms` less this)."""


class StateOut(ServerMessage):
    """The position as this connection's seat sees it (`view(seat)`; spectators None)."""

    type: Literal["state"] = "state"
    table: str
    seq: int
    status: str
    seat: int | None
    to_move: int | None
    """The seat to move; None at the end."""
    view: dict[str, Any]
    legal_moves: list[LegalMove]
    """This seat's legal moves with their words (empty when it is not this seat's turn)."""
    last_moves: list[LogEntryOut]
    """The entries since the last state this connection got (at most 50)."""
    result: dict[str, Any] | None
    clock: ClockOut | None
    board_svg: str | None = None
    """The board drawn for this seat by the game's svg part (absent without one); for a
    connection opened with `layers=1`, with a placeholder for each static layer (`layer`)."""
    seat_marks: list[str] = Field(default_factory=list)
    """What tells each seat apart in this connection's language, as the board writes it:
    its colour, else "Player 2" (the page names a seat "mark · who")."""
    abortable: bool = False
    """Whether a player may still abort the game (`POST /api/tables/{id}/abort`): it runs
    and not every person has made a first move."""
    takeback: bool = False
    """Whether this seat may ask to take back its last move now: the server grants it
    (or asks the other people), never refuses it for a reason the page could know."""
    roll_in_ms: int | None = None
    """In a casual dice game, right after a person's move: how long until the next roll
    (the moment that move may be taken back); None when no roll waits."""
    questions: list[QuestionOut] = Field(default_factory=list)
    """The questions this game answers (`ask`), in this connection's language."""


class LayerOut(ServerMessage):
    """A static layer of the boards (the style sheet, the track and its fields: what never
    changes during a game), only to a connection opened with `layers=1`: sent once, before
    the first `state` whose `board_svg` has its placeholder `<g data-layer="KEY"/>`. Put
    `svg` in place of each placeholder and the board is the whole one, byte for byte."""

    type: Literal["layer"] = "layer"
    key: str
    """What the placeholders name (the same markup has the same key in every process)."""
    svg: str
    """The layer's markup."""


class SeatOut(BaseModel):
    seat: int
    kind: SeatKind
    """open, ai, reserved or human."""
    name: str | None
    """The person's name; for a computer seat its level as people read it, in the
    request's language ("computer (easy)", "Computer (leicht)")."""
    mark: str | None = None
    """What tells the seat apart, as the board writes it: its colour, else "Player 2"."""
    label: str | None = None
    """The seat as every list names it, as the table does: "Yellow · computer (easy)"."""
    account: int | None
    level: str | None
    """A computer seat's level; for a person's seat, the level playing it since they
    left it (`left` says how)."""
    resigned: bool = False
    """The person gave the seat up (resigned, lost on time, or the other claimed the win
    while they were away): ranked after the others."""
    left: Literal["resigned", "timed_out", "claimed", "substitute"] | None = None
    """How a person's seat came to be played by the computer: resigned, lost on time,
    the other person claimed the win while they were away, or a substitute plays it at
    their level while they are away (`resigned` false: they may take it back). None while
    its person plays it."""
    away: bool = False
    """At a running table: its person has had no connection open through any server
    process for a while (as the server last wrote it; a table's `presence` message says
    since when, and counts down)."""


class TableOut(ServerMessage):
    """A table in the lobby and its seats; also sent when they change."""

    type: Literal["table"] = "table"
    id: str
    game: str
    title: str
    options: dict[str, Any]
    public: bool
    status: str
    """open, running, finished, aborted or abandoned."""
    seats: list[SeatOut]
    clock: dict[str, Any] | None
    created_by: int | None
    rematch: str | None
    rematch_of: str | None
    result: dict[str, Any] | None
    tournament: str | None = None
    """The tournament this table was opened for (None: an ordinary table)."""
    rated: bool = False
    """Whether the result changes ratings (a tournament game, or every seat a different
    person): no hints and no takebacks there."""
    takebacks: bool = False
    """Whether a player may ask to take back a move: a casual game without hidden cards."""
    speed: Literal["untimed", "quick", "slow", "turn"] = "untimed"
    """The clock's pace, for the lobby's filter: none, quick (at most 30 s a move or 5 min
    a player), slow (more)."""
    language: str | None = None
    """The language its creator's page was in (de, en, fr), for the lobby's filter."""
    created_at: str | None = None
    started_at: str | None = None
    finished_at: str | None = None
    """When the game ended (ISO 8601 with its time zone, UTC): pages show it in the
    viewer's own time zone and language."""
    ending: dict[str, Any] | None = None
    """How a table ended without its game's end: `{"how": "aborted", "by": seat}` (a
    player aborted it before every person had moved; `by` null: nobody moved and nobody
    came) or `{"how": "abandoned"}` (no person was at it for the abandon time)."""
    paused: bool = False
    """A game of one person against computers, paused since that person left (no clock
    runs); it goes on when they come back."""


class ChatOut(ServerMessage):
    type: Literal["chat"] = "chat"
    id: int
    author: str
    account: int
    text: str
    """Plain text: show it as text, never as HTML."""
    at: str
    watchers: bool = False
    """Said in the watchers' room: while the game runs, players and watchers chat apart
    (each hears only their own room); before the start and after the end everyone reads
    both."""

    @classmethod
    def of(cls, row: ChatMessage, author: str) -> ChatOut:
        return cls(
            id=row.id,
            author=author,
            account=row.account_id,
            text=row.text,
            at=row.created_at.isoformat(),
            watchers=bool(row.watchers),
        )


class AckOut(ServerMessage):
    """A move was applied (`duplicate`: it had been applied already, nothing changed)."""

    type: Literal["ack"] = "ack"
    seq: int
    move: str
    duplicate: bool


class ErrorOut(ServerMessage):
    """A refusal sent to this client alone; nothing changed."""

    type: Literal["error"] = "error"
    code: Code
    """What kind of refusal (`refusal.Code`): bad_json, bad_message, too_large,
    not_your_turn, not_seated, illegal_move, stale_seq, not_running, chat_too_long,
    chat_too_fast, rate_limited, database_unavailable, not_signed_in, ..."""
    message: Annotated[str, AfterValidator(sentence)]
    """A sentence for the person: whatever text it is made from, it starts with a capital."""
    seq: int | None = None
    rule: str | None = None
    """For an illegal move whose refusal cites a rule: that rule's anchor in the game's
    rules summary (`rule-5`: `/api/games/GAME/rules/LANG` has `id="rule-5"`)."""


class PongOut(ServerMessage):
    type: Literal["pong"] = "pong"


class AnswerOut(ServerMessage):
    """The answer to an `ask`, in words, to the connection that asked alone."""

    type: Literal["answer"] = "answer"
    question: str
    argument: str
    text: str


class SeatPresence(BaseModel):
    seat: int
    here: bool
    """Whether the person of this seat has a connection open to the table."""
    away_ms: int | None
    """How long they have been away (None while here, or while a substitute plays)."""
    substitute: str | None = None
    """The computer level playing the seat while its person is away (they take it back
    with `POST /api/tables/{id}/return`); None: no substitute."""


class PresenceOut(ServerMessage):
    """Who of the people at the table is here; sent on connecting and on every change.

    Computer seats and seats given up are not listed (the computer is always here).
    """

    type: Literal["presence"] = "presence"
    seats: list[SeatPresence]
    claim_after_ms: int
    """The table's away time: after this long away, the others choose what happens to
    the seat (`POST /api/tables/{id}/claim`: the computer plays it at the person's
    level, or in a game of two the win)."""
    watching: list[str] = Field(default_factory=list)
    """Who watches without a seat (connected to this server process): names, and "?"
    for each one without a name yet."""


class NoticeOut(ServerMessage):
    """Something the server did on its own at a turn-based table, in words for the
    table's log: a time bank used (`bank`), a vacation (`vacation`), a clock run out
    (`ran_out`). Sent when it happens, and the recent ones when a connection opens."""

    type: Literal["notice"] = "notice"
    kind: str
    """`bank`, `vacation` or `ran_out`."""
    seq: int
    """The position it happened in: the log shows it after that entry."""
    seat: int
    words: str
    at: str
    """When (ISO 8601, UTC)."""


class TakebackOut(ServerMessage):
    """A takeback asked, answered or done (`POST /api/tables/{id}/takeback`): the moves
    from the asker's last one on are withdrawn when every other person at the table
    accepts (computer seats accept at once)."""

    type: Literal["takeback"] = "takeback"
    asked_by: int | None
    """The seat that asked; None: no takeback is asked any more."""
    seq: int
    """The position it was asked in (a move made since ends the request)."""
    moves: int
    """How many entries it withdraws (the asker's move and everything after it)."""
    waiting: list[int]
    """The seats whose people have not answered yet."""
    declined_by: int | None = None
    """The seat whose person declined (with `asked_by` None)."""


OUTGOING: tuple[type[ServerMessage], ...] = (
    StateOut,
    TableOut,
    ChatOut,
    AckOut,
    ErrorOut,
    PongOut,
    PresenceOut,
    TakebackOut,
    LayerOut,
)
INCOMING: tuple[type[ClientMessage], ...] = (MoveIn, SyncIn, ChatIn, LanguageIn, PingIn)
