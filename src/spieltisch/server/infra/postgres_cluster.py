"""The cluster of several server processes on one PostgreSQL database (`cluster.py` says
how news and the computer seats are shared): LISTEN/NOTIFY for the news, session advisory
locks for who plays a table's computer seats, and a sweep that takes over the tables of a
process that died."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
from collections.abc import Coroutine, Mapping, Sequence
from datetime import datetime
from typing import Any
from urllib.parse import unquote

from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.server.infra import moved_news
from spieltisch.server.infra.cluster import Cluster, Handler, Listener, SingleProcess
from spieltisch.server.infra.metrics import OWNERSHIP_SWEEPS, TAKEOVERS
from spieltisch.store.models import TableStatus
from spieltisch.store.news import notify

logger = logging.getLogger("spieltisch.server")

CHANNEL = "spieltisch"
LOCK_SPACE = 0x5354  # the first key of the two-key advisory locks this module takes
RETRY_SECONDS = 1.0
APPLICATION = f"spieltisch {os.getpid()}"
"""How this process's sessions show in pg_stat_activity (and who holds which lock)."""


class PostgresCluster(SingleProcess):
    """LISTEN/NOTIFY for news and session advisory locks for computer seats."""

    def __init__(self, database_url: str, sweep_seconds: float = 1.0) -> None:
        url = make_url(database_url).set(drivername="postgresql")
        self.dsn = url.render_as_string(hide_password=False)
        self.sweep_seconds = sweep_seconds
        self.me = secrets.token_hex(4)
        """This process's mark on its own announcements, which it skips."""
        self.owned: set[str] = set()
        self._guard = asyncio.Lock()
        """One change of `owned` at a time: a lock one session takes twice needs two unlocks."""
        self._listener: Listener | None = None
        self._locks: Any = None  # psycopg.AsyncConnection holding the advisory locks
        self._tasks: list[asyncio.Task[None]] = []
        self._handlers: set[asyncio.Task[None]] = set()
        self._listening = asyncio.Event()
        self.peers: set[str] = set()
        """The processes this one heard people's presence from (forgotten when they die)."""
        self.draining = False
        """Stopping: this process takes no table any more (`hand_over`)."""
        self._subscribers: dict[str, Handler] = {}

    # -- starting and stopping ------------------------------------------------------------

    async def start(self, listener: Listener) -> None:
        """Connect the listening and the locking sessions, then keep them going."""
        self._listener = listener
        await self._connect_locks()
        self._tasks = [
            asyncio.create_task(self._listen(), name="cluster-listen"),
            asyncio.create_task(self._sweep(), name="cluster-sweep"),
        ]
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(10):
                await self._listening.wait()

    async def close(self) -> None:
        for task in [*self._tasks, *self._handlers]:
            task.cancel()
        for task in [*self._tasks, *self._handlers]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._locks is not None:
            with contextlib.suppress(Exception):
                await self._locks.close()
            self._locks = None
        self.owned.clear()

    # -- ownership --------------------------------------------------------------------------

    def owns(self, table_id: str) -> bool:
        return table_id in self.owned

    async def claim(self, table_id: str) -> bool:
        """Own `table_id` if nobody else does; True when this process owns it now."""
        if table_id in self.owned:
            return True
        async with self._guard:
            if table_id in self.owned:
                return True
            if self._locks is None or self.draining:
                return False
            try:
                cursor = await self._locks.execute(
                    "SELECT pg_try_advisory_lock(%s, hashtext(%s))", (LOCK_SPACE, table_id)
                )
                row = await cursor.fetchone()
            except Exception as exc:
                _warn(exc, "could not ask for the lock of table %s", table_id)
                return False
            if row is not None and row[0]:
                self._own(table_id)
                return True
            return False

    async def release(self, table_id: str) -> None:
        """Let go of a table claimed here whose start was refused: the sweep keeps an open
        table held, so refused starts would pile up locks in PostgreSQL's shared table."""
        async with self._guard:
            if table_id not in self.owned:
                return
            self.owned.discard(table_id)
            if self._locks is None:
                return
            try:
                await self._locks.execute(
                    "SELECT pg_advisory_unlock(%s, hashtext(%s))", (LOCK_SPACE, table_id)
                )
            except Exception as exc:
                _warn(exc, "could not let go of table %s", table_id)

    async def hand_over(self) -> list[str]:
        """Let go of every table held here, and tell the others, who take each over at
        once (the first to lock it); from now on this process takes none."""
        self.draining = True
        async with self._guard:  # a sweep that read the tables before locks none again
            tables = sorted(self.owned)
            self.owned.clear()
            if self._locks is None:
                return tables
            try:
                await self._locks.execute("SELECT pg_advisory_unlock_all()")
                for table_id in tables:
                    payload = self._payload("released", table_id, ())
                    await self._locks.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
            except Exception as exc:
                _warn(exc, "could not hand the tables over (the others' sweep takes them)")
        return tables

    async def _take_over(self, table_id: str) -> None:
        """Another process let go of a table: play it here if this one locks it first."""
        if not await self.claim(table_id):
            return
        TAKEOVERS.labels("handover").inc()
        if self._listener is not None:
            await self._listener.on_claimed(table_id)

    def _own(self, table_id: str) -> None:
        self.owned.add(table_id)
        logger.info(
            "table %s: this process plays its computer seats and clocks",
            table_id,
            extra={"table_id": table_id},
        )

    async def _connect_locks(self) -> None:
        import psycopg

        self._locks = await psycopg.AsyncConnection.connect(
            self.dsn, autocommit=True, application_name=APPLICATION
        )

    async def _sweep(self) -> None:
        """Take over running tables nobody owns (their process died); let go of finished."""
        while True:
            try:
                if self._locks is None or self._locks.closed:
                    self._lost()
                    await self._connect_locks()
                await self._sweep_once()
                OWNERSHIP_SWEEPS.inc()
                await self._forget_the_dead()
                await asyncio.sleep(self.sweep_seconds)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                _warn(exc, "table ownership: the database is not answering")
                self._lost()
                await asyncio.sleep(RETRY_SECONDS)

    def _lost(self) -> None:
        """The locking session is gone, and with it every lock: own nothing until claimed."""
        if self._locks is not None and not self._locks.closed:
            return
        self._locks = None
        self.owned.clear()

    async def _sweep_once(self) -> None:
        if self.draining:
            return
        asked = set(self.owned)
        status = await self._read_tables(asked)
        running = {table_id for table_id, now in status.items() if now == TableStatus.RUNNING}
        async with self._guard:  # no claim nor release while `owned` is read and locked
            if self.draining:  # handed over while the tables were read: take none again
                return
            # An open table stays held: the process starting it claimed it first (`claim`);
            # one claimed since `asked` was read is left for the next sweep.
            for table_id in (asked & self.owned) - running:
                if status.get(table_id) == TableStatus.OPEN:
                    continue
                await self._locks.execute(
                    "SELECT pg_advisory_unlock(%s, hashtext(%s))", (LOCK_SPACE, table_id)
                )
                self.owned.discard(table_id)
            free = sorted(running - self.owned)
            if not free:
                return
            cursor = await self._locks.execute(
                "SELECT id FROM unnest(%s::text[]) AS candidates(id) "
                "WHERE pg_try_advisory_lock(%s, hashtext(id))",
                (free, LOCK_SPACE),
            )
            claimed = [row[0] for row in await cursor.fetchall()]
            for table_id in claimed:
                self._own(table_id)
        for table_id in claimed:
            TAKEOVERS.labels("sweep").inc()
            if self._listener is not None:
                await self._listener.on_claimed(table_id)

    async def _read_tables(self, asked: set[str]) -> dict[str, str]:
        """The status of the running tables and of `asked` (the sweep's one query)."""
        cursor = await self._locks.execute(
            "SELECT id, status FROM game_tables WHERE status = %s OR id = ANY(%s::text[])",
            (str(TableStatus.RUNNING), sorted(asked)),
        )
        return {row[0]: row[1] for row in await cursor.fetchall()}

    async def _forget_the_dead(self) -> None:
        """Processes whose listening session is gone died (or lost the database): the
        people they had here are away."""
        if not self.peers:
            return
        cursor = await self._locks.execute(
            "SELECT application_name FROM pg_stat_activity WHERE application_name LIKE %s",
            ("spieltisch %",),
        )
        alive = {row[0].rsplit(" ", 1)[-1] for row in await cursor.fetchall()}
        gone = self.peers - alive
        if gone and self._listener is not None:
            self.peers -= gone
            await self._listener.on_gone(gone)

    # -- news ---------------------------------------------------------------------------------

    def _payload(self, kind: str, table_id: str, rest: tuple[int, ...]) -> str:
        return " ".join([self.me, kind, table_id, *(str(number) for number in rest)])

    async def publish(self, session: AsyncSession, kind: str, table_id: str, *rest: int) -> None:
        await notify(session, CHANNEL, self._payload(kind, table_id, rest))

    def moved_notice(
        self,
        table_id: str,
        last_seq: int,
        entries: Sequence[tuple[int | None, str]],
        at: datetime,
        time_left: Mapping[int, int],
    ) -> tuple[str, str] | None:
        short = self._payload("moved", table_id, (last_seq,))
        payload = " ".join([short, "/", *moved_news.encode(entries, at, time_left)])
        if len(payload.encode()) > moved_news.PAYLOAD_LIMIT:
            payload = short  # the others read the entries from the log
        return CHANNEL, payload

    async def announce(self, kind: str, table_id: str, *rest: int) -> None:
        payload = self._payload(kind, table_id, rest)
        await self._notify(payload, "could not announce %s of table %s", kind, table_id)

    async def announce_here(
        self, table_id: str, number: int, seats: list[int], watchers: tuple[str, ...]
    ) -> None:
        payload = self.here_payload(table_id, number, seats, watchers)
        await self._notify(payload, "could not announce who is at table %s", table_id)

    async def _notify(self, payload: str, failed: str, *args: object) -> None:
        """Tell the other processes; with the database away the news is lost (they read
        the tables again once they are back: `_resync`)."""
        if self._locks is None:
            return
        try:
            await self._locks.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
        except Exception as exc:
            _warn(exc, failed, *args)

    def here_payload(
        self, table_id: str, number: int, seats: list[int], watchers: tuple[str, ...]
    ) -> str:
        return " ".join(
            [
                self._payload("here", table_id, (number, *seats)),
                "/",
                *map(moved_news.quote_name, watchers),
            ]
        )

    async def _listen(self) -> None:
        import psycopg

        while True:
            try:
                # The listening session carries this process's mark: while it is in
                # pg_stat_activity, the people this process announced are here.
                async with await psycopg.AsyncConnection.connect(
                    self.dsn, autocommit=True, application_name=f"{APPLICATION} {self.me}"
                ) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    if self._listening.is_set():  # a reconnection: news may have been missed
                        self._handle(self._resync())
                    self._listening.set()
                    async for notice in connection.notifies():
                        self._dispatch(notice.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                _warn(exc, "listening for other processes: connection lost")
                await asyncio.sleep(RETRY_SECONDS)

    async def _resync(self) -> None:
        if self._listener is not None:
            await self._listener.on_resync()

    def _dispatch(self, payload: str) -> None:
        words = payload.split(" ")
        if len(words) < 3 or words[0] == self.me or self._listener is None:
            return
        kind, table_id = words[1], words[2]
        try:
            if kind == "moved":
                seq = int(words[3])
                news = moved_news.decode(seq, words[5:]) if words[4:5] == ["/"] else None
                self._handle(self._listener.on_moved(table_id, seq, news))
            elif kind == "changed":
                self._handle(self._listener.on_changed(table_id))
            elif kind == "chat":
                self._handle(self._listener.on_chat(table_id, int(words[3])))
            elif kind == "here":
                self.peers.add(words[0])
                rest = words[3:]
                split = rest.index("/") if "/" in rest else len(rest)
                numbers = [int(word) for word in rest[:split]]
                watchers = tuple(unquote(word) for word in rest[split + 1 :])
                self._handle(
                    self._listener.on_here(table_id, words[0], numbers[0], numbers[1:], watchers)
                )
            elif kind == "takeback":
                self._handle(self._listener.on_takeback(table_id))
            elif kind == "released":
                self._handle(self._take_over(table_id))
            elif kind == "ask":
                self._handle(self._listener.on_asked(table_id))
            elif kind in self._subscribers:
                self._handle(self._subscribers[kind](words[2:]))
        except (IndexError, ValueError):
            logger.warning("a notification I do not understand: %r", payload)

    def subscribe(self, kind: str, handler: Handler) -> None:
        self._subscribers[kind] = handler

    def _handle(self, work: Coroutine[Any, Any, None]) -> None:
        """Run a handler as its own task, so one slow table does not hold up the others."""
        task = asyncio.create_task(self._guarded(work))
        self._handlers.add(task)
        task.add_done_callback(self._handlers.discard)

    async def _guarded(self, work: Coroutine[Any, Any, None]) -> None:
        try:
            await work
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            _warn(exc, "handling news from another process failed")


def _warn(exc: Exception, message: str, *args: object) -> None:
    """A database away is expected (a restart): one line saying so. Anything else is a
    fault, logged with its traceback."""
    import psycopg

    from spieltisch.store.database import UNAVAILABLE

    if isinstance(exc, (psycopg.OperationalError, OSError, *UNAVAILABLE)):
        logger.warning(message + " (%s)", *args, str(exc).splitlines()[0] if str(exc) else "")
    else:
        logger.warning(message, *args, exc_info=exc)


def cluster_for(database_url: str, sweep_seconds: float = 1.0) -> Cluster:
    """PostgreSQL: a cluster of processes; anything else: one process."""
    if make_url(database_url).get_backend_name() == "postgresql":
        return PostgresCluster(database_url, sweep_seconds)
    return SingleProcess()
