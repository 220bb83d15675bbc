"""Several server processes on one database: who hears of whose moves, and who plays the
computer seats.

On PostgreSQL every process LISTENs on one channel; a move is announced by `pg_notify`
inside the statement that appends it (`store/append.py`; other news inside the
transaction that commits it), so the news leaves only once the move is in the log. The
computer seats, clocks and round time of a table are played by the one process holding
the table's advisory lock; when that process dies PostgreSQL closes its session,
the lock is free, and another process's sweep takes the table over.

Correctness never rests on the lock: the move log's (table, seq) key lets exactly one of
two concurrent appends commit. The lock only keeps two processes from playing for the
same seat. On SQLite there is one process, which owns every table and hears nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Mapping, Sequence
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.server.infra.moved_news import AppendNews


class Listener(Protocol):
    """What the runtime does with news from other processes."""

    async def on_moved(self, table_id: str, seq: int, news: AppendNews | None = None) -> None:
        """Another process appended entries up to `seq` (`news`: those entries, when the
        notification could carry them)."""

    async def on_changed(self, table_id: str) -> None: ...

    async def on_chat(self, table_id: str, chat_id: int) -> None: ...

    async def on_claimed(self, table_id: str) -> None: ...

    async def on_resync(self) -> None: ...

    async def on_here(
        self,
        table_id: str,
        process: str,
        number: int,
        seats: list[int],
        watchers: tuple[str, ...] = (),
    ) -> None:
        """`process` has connections open for these `seats` of the table now, and these
        `watchers` ("?": one without a name) watch through it (its announcement `number`,
        which only grows)."""

    async def on_takeback(self, table_id: str) -> None:
        """Another process stored a change to the takeback asked at the table."""

    async def on_asked(self, table_id: str) -> None:
        """Another process has just loaded the table: say who is here in this one."""

    async def on_gone(self, processes: set[str]) -> None:
        """These processes have died: nobody is here through them any more."""


class Cluster(Protocol):
    """The processes serving one database, as a table sees them: who owns (plays the
    computer seats of) a table, and the news to the others. `SingleProcess` on SQLite,
    `PostgresCluster` on PostgreSQL."""

    async def start(self, listener: Listener) -> None: ...

    async def close(self) -> None: ...

    def owns(self, table_id: str) -> bool: ...

    async def claim(self, table_id: str) -> bool: ...

    async def release(self, table_id: str) -> None: ...

    async def hand_over(self) -> list[str]: ...

    async def publish(
        self, session: AsyncSession, kind: str, table_id: str, *rest: int
    ) -> None: ...

    def moved_notice(
        self,
        table_id: str,
        last_seq: int,
        entries: Sequence[tuple[int | None, str]],
        at: datetime,
        time_left: Mapping[int, int],
    ) -> tuple[str, str] | None: ...

    async def announce(self, kind: str, table_id: str, *rest: int) -> None: ...

    async def announce_here(
        self, table_id: str, number: int, seats: list[int], watchers: tuple[str, ...]
    ) -> None: ...

    def subscribe(self, kind: str, handler: Handler) -> None: ...


Handler = Callable[[list[str]], Coroutine[Any, Any, None]]
"""What hears another process's news of one kind: its words after the kind."""


class SingleProcess:
    """One process on its own database (SQLite): it owns every table and hears nothing."""

    async def start(self, listener: Listener) -> None:
        return None

    async def close(self) -> None:
        return None

    def owns(self, table_id: str) -> bool:
        return True

    async def claim(self, table_id: str) -> bool:
        return True

    async def release(self, table_id: str) -> None:
        """Let go of one table claimed here (a start refused): alone, it holds them all."""
        return None

    async def hand_over(self) -> list[str]:
        """Let go of the tables held here (a stopping process): the ones it let go of.
        Alone on its database, it has nobody to give them to: the next start takes them."""
        return []

    async def publish(self, session: AsyncSession, kind: str, table_id: str, *rest: int) -> None:
        """Announce inside the caller's transaction (sent when it commits)."""
        return None

    def moved_notice(
        self,
        table_id: str,
        last_seq: int,
        entries: Sequence[tuple[int | None, str]],
        at: datetime,
        time_left: Mapping[int, int],
    ) -> tuple[str, str] | None:
        """(channel, payload) of the news of an append, for its statement to send itself
        (`store/append.py`): the (seat, entry) pairs up to `last_seq`, stored `at`, and
        the clocks they changed. None: nobody listens."""
        return None

    async def announce(self, kind: str, table_id: str, *rest: int) -> None:
        """Announce now, in a transaction of its own."""
        return None

    async def announce_here(
        self, table_id: str, number: int, seats: list[int], watchers: tuple[str, ...]
    ) -> None:
        """Announce who is at the table through this process: the seats with a connection
        and the watchers' names (quoted, after a "/": names may hold any character)."""
        return None

    def subscribe(self, kind: str, handler: Handler) -> None:
        """Hear the other processes' news of `kind` (`announce(kind, ...)`): nobody here."""
        return None
