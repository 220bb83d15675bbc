"""What a table in play reads and writes: every query of the live table in one place.

The runtime is given a `TableStorage` (as boardgame.io's master is given its storage), so
its logic runs in-process against any database the store opens, without a server.
SQLite: moves of all tables waiting to be written share one commit (its one writer made
them queue one by one); PostgreSQL commits each move by itself (many writers at once, and
a commit race must fail only its own move).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.server.description.tables import describe_table
from spieltisch.server.infra.cluster import Cluster
from spieltisch.server.schemas.messages import ChatOut, TableOut
from spieltisch.store import Database
from spieltisch.store.append import Append, append_at_once, write_all, write_all_now
from spieltisch.store.group import GroupCommit
from spieltisch.store.log_entries import LoggedEntry, parse_entry
from spieltisch.store.models import (
    ChatMessage,
    GameTable,
    MoveEntry,
    Seat,
    SeatLeft,
    TableStatus,
    now,
)
from spieltisch.store.tables import account_names, seats_of

CHAT_HISTORY = 30
"""How many chat lines a new connection gets."""


@dataclass(frozen=True)
class StoredTable:
    """A table as the database has it: its row, its seats in order, its move log."""

    table: GameTable
    seats: list[Seat]
    entries: list[LoggedEntry]
    names: dict[int, str]
    """The display names of the accounts holding the seats."""


class TableStorage:
    """The live table's queries over one database; news for the other processes leaves
    in the transaction that stores what it tells (`cluster`)."""

    def __init__(self, database: Database, cluster: Cluster) -> None:
        self.database = database
        self.cluster = cluster
        self.group = GroupCommit(database, write_all, write_all_now) if database.sqlite else None

    async def load(self, table_id: str) -> StoredTable | None:
        async with self.database.session() as session:
            table = await session.get(GameTable, table_id)
            if table is None:
                return None
            seats = await seats_of(session, table_id)
            entries = await self._entries(session, table_id, 0)
            names = await account_names(session, {s.account_id for s in seats if s.account_id})
        return StoredTable(table, seats, entries, names)

    async def running(self) -> list[str]:
        async with self.database.session() as session:
            rows = await session.execute(select(GameTable.id).filter_by(status=TableStatus.RUNNING))
            return list(rows.scalars())

    async def entries_after(self, table_id: str, seq: int) -> list[LoggedEntry]:
        async with self.database.session() as session:
            return await self._entries(session, table_id, seq)

    @staticmethod
    async def _entries(session: AsyncSession, table_id: str, seq: int) -> list[LoggedEntry]:
        """The log after `seq`, each entry parsed here, once (the storage boundary)."""
        rows = await session.execute(
            select(MoveEntry.seq, MoveEntry.entry, MoveEntry.seat, MoveEntry.created_at)
            .filter_by(table_id=table_id)
            .where(MoveEntry.seq > seq)
            .order_by(MoveEntry.seq)
        )
        return [
            LoggedEntry(seq, parse_entry(text, seat), created_at)
            for seq, text, seat, created_at in rows
        ]

    async def table_and_seats(self, table_id: str) -> tuple[GameTable | None, list[Seat]]:
        async with self.database.session() as session:
            return await session.get(GameTable, table_id), await seats_of(session, table_id)

    async def described(self, table_id: str) -> tuple[GameTable, list[Seat], TableOut] | None:
        """The table, its seats and the lobby's description of it (news of a change)."""
        async with self.database.session() as session:
            table = await session.get(GameTable, table_id)
            if table is None:
                return None
            seats = await seats_of(session, table_id)
            return table, seats, await describe_table(session, table)

    async def append(self, append: Append) -> None:
        """Store one move's entries, clocks and result at once (IntegrityError: another
        process appended at that seq first)."""
        if self.group is not None:
            await self.group.write(append)
        else:
            await append_at_once(self.database, append)

    async def store_computer_seat(
        self,
        table_id: str,
        seat: int,
        level: str | None,
        result: dict[str, object] | None,
        left: SeatLeft | None,
    ) -> TableOut | None:
        """Store that the computer plays `seat` from now on (`level` on a person's seat,
        `left` saying how it came to), or with `level` None that its person plays it
        again; with a `result` the game ends. Returns the table as the lobby now
        describes it."""
        async with self.database.session() as session:
            await session.execute(
                update(Seat)
                .filter_by(table_id=table_id, seat=seat)
                .values(ai_level=level, left=None if left is None else str(left))
            )
            if result is not None:
                await session.execute(
                    update(GameTable)
                    .filter_by(id=table_id)
                    .values(status=TableStatus.FINISHED, result=result, finished_at=now())
                )
            await self.cluster.publish(session, "changed", table_id)
            await session.commit()
            table = await session.get(GameTable, table_id)
            return await describe_table(session, table) if table else None

    async def abort(
        self, table_id: str, ending: dict[str, Any], status: TableStatus = TableStatus.ABORTED
    ) -> TableOut | None:
        """End a running table without a result (aborted, or abandoned: `status`) as
        `ending` says; None: it was not running any more. The table as the lobby now
        describes it."""
        async with self.database.session() as session:
            ended = await session.execute(
                update(GameTable)
                .filter_by(id=table_id, status=TableStatus.RUNNING)
                .values(status=status, finished_at=now(), ending=ending)
            )
            if not getattr(ended, "rowcount", 0):
                await session.rollback()
                return None
            await self.cluster.publish(session, "changed", table_id)
            await session.commit()
            table = await session.get(GameTable, table_id)
            return await describe_table(session, table) if table else None

    async def pause(
        self, table_id: str, paused: bool, time_left: dict[int, int]
    ) -> TableOut | None:
        """Pause a running game (`paused`) or resume it, with the seats' clocks as they
        stand (`time_left`: by seat) so that none runs in the pause. The table as the
        lobby now describes it."""
        async with self.database.session() as session:
            moment = now()
            values = {"paused_at": moment} if paused else {"paused_at": None, "resumed_at": moment}
            await session.execute(
                update(GameTable)
                .filter_by(id=table_id, status=TableStatus.RUNNING)
                .values(**values, seen_at=moment)
            )
            for seat, left in time_left.items():
                await session.execute(
                    update(Seat).filter_by(table_id=table_id, seat=seat).values(time_left_ms=left)
                )
            await self.cluster.publish(session, "changed", table_id)
            await session.commit()
            table = await session.get(GameTable, table_id)
            return await describe_table(session, table) if table else None

    async def extend_clock(
        self, table_id: str, clock: dict[str, Any], time_left: dict[int, int]
    ) -> TableOut | None:
        """Store a running table's clock with the time its creator added (`extending.py`)
        and the seats' time left that changed with it; None: it was not running any more.
        The table as the lobby now describes it."""
        async with self.database.session() as session:
            changed = await session.execute(
                update(GameTable)
                .filter_by(id=table_id, status=TableStatus.RUNNING)
                .values(clock=clock)
            )
            if not getattr(changed, "rowcount", 0):
                await session.rollback()
                return None
            for seat, left in time_left.items():
                await session.execute(
                    update(Seat).filter_by(table_id=table_id, seat=seat).values(time_left_ms=left)
                )
            await self.cluster.publish(session, "changed", table_id)
            await session.commit()
            table = await session.get(GameTable, table_id)
            return await describe_table(session, table) if table else None

    async def unseen_since(self, cutoff: datetime) -> list[str]:
        """The running tables (not a tournament's, not turn-based: there a person away
        for days is normal) no person was known at since `cutoff` (nor started since)."""
        last = func.coalesce(GameTable.seen_at, GameTable.started_at, GameTable.created_at)
        async with self.database.session() as session:
            rows = await session.execute(
                select(GameTable.id).where(
                    GameTable.status == TableStatus.RUNNING,
                    GameTable.tournament_id.is_(None),
                    GameTable.turn_based.is_(False),
                    last < cutoff,
                )
            )
            return list(rows.scalars())

    async def seen(self, table_ids: list[str], moment: datetime) -> None:
        """A person was at these tables at `moment` (they are not abandoned)."""
        if not table_ids:
            return
        async with self.database.session() as session:
            await session.execute(
                update(GameTable).where(GameTable.id.in_(table_ids)).values(seen_at=moment)
            )
            await session.commit()

    async def away(self, table_id: str, changes: dict[int, datetime | None]) -> None:
        """People's seats gone away (since the moment given) or back (None). A moment
        written already stands when it is earlier: two processes seeing one person go
        keep the first's."""
        async with self.database.session() as session:
            for seat, since in changes.items():
                row = update(Seat).filter_by(table_id=table_id, seat=seat)
                if since is not None:
                    row = row.where(or_(Seat.away_since.is_(None), Seat.away_since > since))
                await session.execute(row.values(away_since=since))
            await session.commit()

    async def takeback(self, table_id: str) -> dict[str, Any] | None:
        """The takeback asked last at the table, as stored."""
        async with self.database.session() as session:
            found = await session.execute(select(GameTable.takeback).filter_by(id=table_id))
            return found.scalar_one_or_none()

    async def change_takeback(
        self,
        table_id: str,
        change: Callable[[dict[str, Any] | None], dict[str, Any] | None],
    ) -> dict[str, Any] | None:
        """Read the takeback asked, `change` it and store what it returns, in one
        transaction holding the table's row (two processes answering at once take turns);
        the other processes are told. A Refusal from `change` stores nothing."""
        async with self.database.session() as session:
            found = await session.execute(
                select(GameTable.takeback).filter_by(id=table_id).with_for_update()
            )
            changed = change(found.scalar_one_or_none())
            await session.execute(update(GameTable).filter_by(id=table_id).values(takeback=changed))
            await self.cluster.publish(session, "takeback", table_id)
            await session.commit()
            return changed

    async def say(self, table_id: str, account: int, text: str, watchers: bool) -> ChatOut:
        """Store a chat line (`watchers`: in the watchers' room)."""
        async with self.database.session() as session:
            row = ChatMessage(table_id=table_id, account_id=account, text=text, watchers=watchers)
            session.add(row)
            await session.flush()
            await self.cluster.publish(session, "chat", table_id, row.id)
            await session.commit()
            author = (await account_names(session, {account})).get(account, "?")
        return ChatOut.of(row, author)

    async def chat_line(self, chat_id: int) -> ChatOut | None:
        async with self.database.session() as session:
            row = await session.get(ChatMessage, chat_id)
            if row is None:
                return None
            author = (await account_names(session, {row.account_id})).get(row.account_id, "?")
        return ChatOut.of(row, author)

    async def chat_history(self, table_id: str, watchers: bool | None = None) -> list[ChatOut]:
        """The last CHAT_HISTORY lines of a table's chat, oldest first: of the watchers'
        room (`watchers` True), the players' (False), or both (None)."""
        query = select(ChatMessage).filter_by(table_id=table_id)
        if watchers is not None:
            query = query.filter_by(watchers=watchers)
        async with self.database.session() as session:
            rows = list(
                (
                    await session.execute(query.order_by(ChatMessage.id.desc()).limit(CHAT_HISTORY))
                ).scalars()
            )
            who = await account_names(session, {row.account_id for row in rows})
        return [ChatOut.of(row, who.get(row.account_id, "?")) for row in reversed(rows)]
