"""The tables of the store: one declarative Base, so other services can add theirs.

A game table is its options plus an append-only move log (`moves`): the position is
always rebuilt from that log, which is what makes recovery after a crash possible.
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    false,
    func,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def now() -> datetime:
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """A stored time with its zone: SQLite gives the UTC time back without it."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


class TableStatus(StrEnum):
    """Where a table is in its life (`GameTable.status`)."""

    OPEN = "open"
    """Seats are taken; the game has not started."""
    RUNNING = "running"
    FINISHED = "finished"
    ABORTED = "aborted"
    """Ended without a result, rating nobody: a person at the table aborted it before
    every person had made a first move, or no person moved and nobody came
    (`Settings.abort_unplayed_seconds`). `GameTable.ending` says which."""
    ABANDONED = "abandoned"
    """Running, but no person was at the table for `Settings.abandon_after_seconds`:
    ended without a result, rating nobody; its moves and record are kept."""


class SeatLeft(StrEnum):
    """How a person's seat came to be played by the computer (`Seat.left`)."""

    RESIGNED = "resigned"
    TIMED_OUT = "timed_out"
    """Their time ran out under the table's `on_timeout: lose`."""
    CLAIMED = "claimed"
    """Away past the table's away time: the other person claimed the win."""
    SUBSTITUTE = "substitute"
    """Away past the table's away time: the computer plays for them at their own level
    until they take their seat back (not ranked as given up)."""


class SeatKind(StrEnum):
    """Who sits in a seat (`Seat.kind`)."""

    OPEN = "open"
    AI = "ai"
    """A computer level (`Seat.ai_level`)."""
    RESERVED = "reserved"
    """Kept for an account that has not sat down yet."""
    HUMAN = "human"
    """A person's account; `ai_level` set once they gave the seat up."""


class Base(DeclarativeBase):
    """The one declarative base of every model (Alembic compares against its metadata)."""

    type_annotation_map: ClassVar[dict[Any, Any]] = {
        dict[str, Any]: JSON,
        datetime: DateTime(timezone=True),
    }


class Account(Base):
    """A player: a guest with a display name, or a claimed account with a password."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(40))
    username: Mapped[str | None] = mapped_column(String(40), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=now)

    # Usernames differing only in case are one name (sign-in ignores case too).
    __table_args__ = (Index("ix_accounts_username_lower", func.lower(username), unique=True),)


class AccountSession(Base):
    """One signed-in browser or bot: its token names this row, so signing out (deleting
    it) ends the token at once, and a session unused for long ends by itself."""

    __tablename__ = "account_sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(default=now)
    seen_at: Mapped[datetime] = mapped_column(default=now)


class GameTable(Base):
    """A table: game, options, seats, status; its moves are in `moves`."""

    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    public: Mapped[bool] = mapped_column(Boolean, default=True)
    status: Mapped[str] = mapped_column(String(16), default=TableStatus.OPEN, index=True)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"))
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    rematch_of: Mapped[str | None] = mapped_column(String(32))
    rematch: Mapped[str | None] = mapped_column(String(32))
    tournament_id: Mapped[str | None] = mapped_column(String(32), index=True)
    """The tournament this table was opened for (`tournaments.id`), None for others."""
    takeback: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    """The takeback asked last (`server/table/takebacks.py`): in the database, so a person
    whose page talks to another server process sees and answers it. It holds the position
    it was asked in, so a move made since ends it without a write."""
    rated: Mapped[bool | None] = mapped_column(Boolean)
    """The creator's choice: True rated (people only, each at one seat), False casual
    (hints and takebacks allowed); None (tables made before the choice, and bots that do
    not say) rated exactly when every seat is a different person."""
    language: Mapped[str | None] = mapped_column(String(8))
    """The language its creator's page was in (de, en, fr): the lobby filters by it."""
    created_from: Mapped[str | None] = mapped_column(String(32))
    """A keyed digest of the creator's network address (never the address itself): the
    lobby lists only a few tables per address, so guests made in a row from one address
    cannot fill it."""
    created_at: Mapped[datetime] = mapped_column(default=now)
    started_at: Mapped[datetime | None] = mapped_column()
    finished_at: Mapped[datetime | None] = mapped_column()
    ending: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    """How a table ended other than by its game's end (`server/table/endings.py`):
    `{"how": "aborted", "by": seat}` (None: nobody moved and nobody came), or
    `{"how": "abandoned"}`."""
    paused_at: Mapped[datetime | None] = mapped_column()
    """A game of one person against computers that person left: paused (no clock, no
    computer move) since then, until they come back."""
    resumed_at: Mapped[datetime | None] = mapped_column()
    """When the last pause ended: a clock counts from then, not from the last move."""
    seen_at: Mapped[datetime | None] = mapped_column()
    """When a person was last known at the table (a running table where nobody was for
    `Settings.abandon_after_seconds` ends as abandoned)."""
    turn_based: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Moves take days (`ClockMode.TURN`): no real-time away rules; listed in "my games"."""
    deadline: Mapped[datetime | None] = mapped_column(index=True)
    """Turn-based: when the person to move is next due to be acted for (their move's
    time up: the time bank is used; or the bank gone too: the clock ran out). Any
    process's sweep finds it here, across restarts (`server/table/turns.py`)."""


class Seat(Base):
    """One seat of a table: open, an AI level, or an account (reserved or sitting)."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    """A `SeatKind`."""
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), index=True)
    ai_level: Mapped[str | None] = mapped_column(String(16))
    time_left_ms: Mapped[int | None] = mapped_column(Integer)
    left: Mapped[str | None] = mapped_column(String(16))
    """How a person's seat came to be played by the computer (a `SeatLeft`): resigned,
    out of time, claimed by the others, or a substitute while they are away (which they
    take back when they return)."""
    away_since: Mapped[datetime | None] = mapped_column()
    """Since when a person's seat has had no connection open through any process (None:
    here, or not a person's); written as people come and go (`server/table/away_book.py`)."""


class MoveEntry(Base):
    """One entry of a table's append-only log: a move, a chance outcome or an event.

    The primary key (table, seq) serialises writers: of two concurrent appends of the
    same number exactly one commits.
    """

    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    entry: Mapped[str] = mapped_column(Text)
    seat: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(default=now)


class ChatMessage(Base):
    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        ForeignKey("game_tables.id", ondelete="CASCADE"), index=True
    )
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=now)
    watchers: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Said in the watchers' room (players read it only once the game is over)."""


class UploadedRecord(Base):
    """A game record someone uploaded to view it."""

    __tablename__ = "uploaded_records"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=now)


class ServerSecret(Base):
    """Secrets the server makes itself on first start (the cookie signing key)."""

    __tablename__ = "server_secrets"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


class Vacation(Base):
    """Days an account took off: its clocks in turn-based games (not tournament games)
    stand still from `starts_at` to `ends_at` (ended early: `ends_at` moved back)."""

    __tablename__ = "vacations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    starts_at: Mapped[datetime] = mapped_column()
    ends_at: Mapped[datetime] = mapped_column()


class TableNotice(Base):
    """Something the server did on its own at a table, told in its log in words: a
    seat's time bank used, its vacation, the clock run out and who played for it."""

    __tablename__ = "table_notices"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        ForeignKey("game_tables.id", ondelete="CASCADE"), index=True
    )
    seq: Mapped[int] = mapped_column(Integer)
    """The position it happened in (the log's length then)."""
    kind: Mapped[str] = mapped_column(String(24))
    seat: Mapped[int] = mapped_column(Integer)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=now)
