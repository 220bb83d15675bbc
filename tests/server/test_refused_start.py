"""A refused start lets go of the table it claimed (PostgreSQL, two processes' clusters in
one process).

`Lobby.start` claims a table before it runs (`test_start_ownership.py`), and a process's
sweep keeps an open table it holds. A start that was refused (a stranger's, one with
seats still empty) kept its advisory lock while the table stayed open, so a flood of
refused starts grew PostgreSQL's shared lock table without bound. A refused start lets
go of its claim, but never of a table this process held before it: one it plays, or one
another start here is starting at the same moment."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from types import SimpleNamespace

import pytest

from spieltisch.server.infra.keyed_locks import KeyedLocks
from spieltisch.server.infra.postgres_cluster import LOCK_SPACE, PostgresCluster
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.routes.context import Services
from spieltisch.server.schemas.rest import SeatIn, TableIn
from spieltisch.server.services.lobby import Lobby
from spieltisch.server.services.new_tables import create_table
from spieltisch.store import Database
from spieltisch.store.models import Account, TableStatus
from tests.server.servers import drop_postgres_database, new_postgres_database


class Live:
    """One process's live tables as far as the lobby needs them: its cluster's claims."""

    def __init__(self, cluster: PostgresCluster) -> None:
        self.cluster = cluster

    async def claim(self, table_id: str) -> bool:
        return await self.cluster.claim(table_id)

    def owns(self, table_id: str) -> bool:
        return self.cluster.owns(table_id)

    async def release(self, table_id: str) -> None:
        await self.cluster.release(table_id)

    async def room(self, table_id: str) -> object:
        return None

    async def changed(self, table_id: str) -> None:
        return None


class Processes:
    """Two processes (A, B) on one database, A's lobby, and Ana and Cleo's accounts."""

    def __init__(self, url: str) -> None:
        self.database = Database(url)
        self.a, self.b = PostgresCluster(url), PostgresCluster(url)
        self.starting = KeyedLocks()
        self.lobby = self.request_lobby()
        self.ana = self.cleo = 0

    def request_lobby(self) -> Lobby:
        """A's lobby as one request gets it: made anew, the process's start locks shared
        (`Services.lobby`)."""
        return Lobby(self.database, Live(self.a), starting=self.starting)

    async def table(self, *seats: SeatIn) -> str:
        """A table of Ana's: her seat and `seats`."""
        async with self.database.session() as session:
            spec = TableIn(game="mahe", seats=[SeatIn(kind="me"), *seats])
            return (await create_table(session, self.ana, spec)).id

    async def locks(self) -> list[int]:
        """The sessions holding one of the tables' advisory locks of this database."""
        cursor = await self.a._locks.execute(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = %s "
            "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
            (LOCK_SPACE,),
        )
        return [row[0] for row in await cursor.fetchall()]

    def pid(self, cluster: PostgresCluster) -> int:
        pid: int = cluster._locks.info.backend_pid
        return pid


@asynccontextmanager
async def processes(url: str) -> AsyncIterator[Processes]:
    both = Processes(url)
    try:
        for cluster in (both.a, both.b):
            await cluster._connect_locks()
        async with both.database.session() as session:
            ana, cleo = Account(name="Ana"), Account(name="Cleo")
            session.add_all([ana, cleo])
            await session.commit()
            both.ana, both.cleo = ana.id, cleo.id
        yield both
    finally:
        for cluster in (both.a, both.b):
            await cluster.close()
        await both.database.close()


@pytest.fixture
def run(
    postgres: str, migrated_postgres: str
) -> Callable[[Callable[[Processes], Awaitable[None]]], None]:
    """Run a scenario on a database of its own (a copy of the migrated one)."""

    def running(scenario: Callable[[Processes], Awaitable[None]]) -> None:
        url = new_postgres_database(postgres, migrated_postgres)

        async def whole() -> None:
            async with processes(url) as both:
                await scenario(both)

        try:
            asyncio.run(whole())
        finally:
            drop_postgres_database(url)

    return running


async def refused(start: Awaitable[object], code: Code) -> None:
    with pytest.raises(Refusal) as caught:
        await start
    assert caught.value.code == code


def test_a_refused_start_leaves_no_advisory_lock(
    run: Callable[[Callable[[Processes], Awaitable[None]]], None],
) -> None:
    async def scenario(p: Processes) -> None:
        waiting = await p.table(SeatIn(kind="open"))
        full = await p.table(SeatIn(kind="ai", level="easy"))
        await refused(p.lobby.start(full, p.cleo), Code.FORBIDDEN)  # not hers to start
        await refused(p.lobby.start(waiting, p.ana), Code.CONFLICT)  # a seat still empty
        await refused(p.lobby.start("no-such-table", p.ana), Code.NOT_FOUND)
        assert await p.locks() == [], "a refused start kept its table's advisory lock"
        assert not p.a.owns(full) and not p.a.owns(waiting)
        await p.a._sweep_once()
        assert await p.b.claim(full), "A still holds the table whose start was refused"
        assert await p.b.claim(waiting)

    run(scenario)


def test_a_refused_start_keeps_the_lock_of_a_table_this_process_plays(
    run: Callable[[Callable[[Processes], Awaitable[None]]], None],
) -> None:
    async def scenario(p: Processes) -> None:
        table = await p.table(SeatIn(kind="ai", level="easy"))
        assert (await p.lobby.start(table, p.ana)).status == TableStatus.RUNNING
        await refused(p.lobby.start(table, p.ana), Code.CONFLICT)  # started already
        await refused(p.lobby.start(table, p.cleo), Code.CONFLICT)
        assert p.a.owns(table)
        assert await p.locks() == [p.pid(p.a)], "A let go of a table it plays"
        await p.b._sweep_once()
        assert not p.b.owns(table) and not await p.b.claim(table)

    run(scenario)


def test_a_refused_start_at_the_moment_of_the_creators_lets_her_table_be(
    run: Callable[[Callable[[Processes], Awaitable[None]]], None],
) -> None:
    """Both starts find the table not held yet; the stranger's refusal must not let go
    of the claim the creator's start is using."""

    async def scenario(p: Processes) -> None:
        table = await p.table(SeatIn(kind="ai", level="easy"))
        ana, cleo = await asyncio.gather(
            p.request_lobby().start(table, p.ana),
            p.request_lobby().start(table, p.cleo),
            return_exceptions=True,
        )
        assert not isinstance(ana, BaseException) and ana.status == TableStatus.RUNNING
        assert isinstance(cleo, Refusal)
        assert p.a.owns(table), "a stranger's refused start let go of the creator's table"
        assert await p.locks() == [p.pid(p.a)]
        await p.b._sweep_once()
        assert not p.b.owns(table)

    run(scenario)


def test_every_request_s_lobby_shares_the_process_s_start_locks() -> None:
    """Each request gets a new `Lobby`: the start locks are the services', not its own
    (else two requests' starts of one table would not wait for each other)."""
    services = SimpleNamespace(
        database=None,
        runtime=None,
        settings=SimpleNamespace(digest_seconds=60.0),
        starting=KeyedLocks(),
    )
    first, second = Services.lobby.fget(services), Services.lobby.fget(services)  # type: ignore[attr-defined]
    assert first is not second
    assert first.starting is services.starting and second.starting is services.starting


def test_a_refused_start_keeps_a_running_table_it_claimed_from_nobody(
    run: Callable[[Callable[[Processes], Awaitable[None]]], None],
) -> None:
    """A running table nobody held (its process handed it over) is this process's once a
    start here claimed it, refused or not: it is to be played, not let go of."""

    async def scenario(p: Processes) -> None:
        table = await p.table(SeatIn(kind="ai", level="easy"))
        b_lobby = Lobby(p.database, Live(p.b))
        assert (await b_lobby.start(table, p.ana)).status == TableStatus.RUNNING
        await p.b.release(table)  # B handed it over
        await refused(p.lobby.start(table, p.ana), Code.CONFLICT)  # started already
        assert p.a.owns(table), "A let go of a running table nobody else plays"
        assert await p.locks() == [p.pid(p.a)]

    run(scenario)


def test_two_claims_at_once_take_the_lock_once(
    run: Callable[[Callable[[Processes], Awaitable[None]]], None],
) -> None:
    """A session's advisory lock taken twice needs two unlocks: one release would leave
    it held, and nobody would know."""

    async def scenario(p: Processes) -> None:
        table = await p.table(SeatIn(kind="open"))
        assert all(await asyncio.gather(p.a.claim(table), p.a.claim(table)))
        await p.a.release(table)
        assert await p.locks() == []
        assert await p.b.claim(table)

    run(scenario)


def paused_after_its_query(cluster: PostgresCluster) -> tuple[asyncio.Event, asyncio.Event]:
    """Make `cluster`'s sweep stop between reading the tables and acting on them: it sets
    the first event once it has read them, and goes on when the test sets the second."""
    read, go = asyncio.Event(), asyncio.Event()
    reading = cluster._read_tables

    async def paused(asked: set[str]) -> dict[str, str]:
        status = await reading(asked)
        read.set()
        await go.wait()
        return status

    cluster._read_tables = paused  # type: ignore[method-assign]
    return read, go


def test_a_claim_made_while_the_sweep_reads_the_tables_stays(
    run: Callable[[Callable[[Processes], Awaitable[None]]], None],
) -> None:
    """The sweep lets go of the tables it found ended; an open one a start claimed after
    the sweep read the tables is not among them (it was let go of: the starting race)."""

    async def scenario(p: Processes) -> None:
        table = await p.table(SeatIn(kind="ai", level="easy"))
        read, go = paused_after_its_query(p.a)
        sweep = asyncio.create_task(p.a._sweep_once())
        await read.wait()
        assert await p.a.claim(table)
        go.set()
        await sweep
        assert p.a.owns(table), "the sweep let go of a table claimed meanwhile"
        assert await p.locks() == [p.pid(p.a)]

    run(scenario)


def test_a_sweep_reading_the_tables_during_a_hand_over_takes_none_again(
    run: Callable[[Callable[[Processes], Awaitable[None]]], None],
) -> None:
    """A sweep that read the running tables before `hand_over` let go of them locked them
    again afterwards: the stopping process held them until it exited, and no other
    process could take them over."""

    async def scenario(p: Processes) -> None:
        table = await p.table(SeatIn(kind="ai", level="easy"))
        assert (await p.lobby.start(table, p.ana)).status == TableStatus.RUNNING
        read, go = paused_after_its_query(p.a)
        sweep = asyncio.create_task(p.a._sweep_once())
        await read.wait()
        assert await p.a.hand_over() == [table]
        go.set()
        await sweep
        assert not p.a.owns(table), "a sweep under way took a handed-over table again"
        assert await p.locks() == []
        assert await p.b.claim(table)

    run(scenario)
