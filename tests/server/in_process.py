"""The server in-process for tests, no server process: the live table (the runtime with
connections as plain outboxes) and the whole app over ASGI with httpx. The `url` fixture
of conftest gives each test a fresh SQLite database."""

from __future__ import annotations

import asyncio
import io
import json
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from datetime import timedelta
from typing import Any

import httpx

from spieltisch.server import Settings, create_app
from spieltisch.server.infra.workers import WorkerPool
from spieltisch.server.routes.context import Services
from spieltisch.server.schemas.rest import ClockIn, SeatIn, TableIn
from spieltisch.server.services.new_tables import create_table
from spieltisch.server.services.seating import join, start
from spieltisch.server.table.room import Connection, Room
from spieltisch.server.table.runtime import Runtime
from spieltisch.store import Database
from spieltisch.store.models import Account
from tests.waiting import DEADLINE
from tests.waiting import until as until  # the in-process tests import it from here

TWO_PEOPLE = [SeatIn(kind="me"), SeatIn(kind="open")]


class Now:
    """A wall clock the test moves (`Runtime(now=...)`): away times pass without sleeping."""

    def __init__(self) -> None:
        self.moment = time.time()

    def __call__(self) -> float:
        return self.moment

    def advance(self, seconds: float) -> None:
        self.moment += seconds


def a_test_runtime(
    database: Database, url: str, now: Callable[[], float], **settings: Any
) -> Runtime:
    """A runtime on `database` (at `url`) counting by `now`: computers in this process
    and at once, no moment to take a move back, unless `settings` say otherwise."""
    return Runtime(
        database,
        WorkerPool(1, processes=False),
        Settings(
            database_url=url,
            ai_processes=False,
            **{"ai_pace": 0.0, "takeback_seconds": 0.0, **settings},
        ),
        now=now,
    )


@asynccontextmanager
async def an_open_table(
    url: str,
    game: str,
    seats: list[SeatIn],
    clock: ClockIn | None = None,
    now: Callable[[], float] = time.time,
    rated: bool | None = None,
    **settings: Any,
) -> AsyncIterator[tuple[Runtime, str, list[int]]]:
    """A table with accounts Ana and Bob (Ana creates it, Bob takes its open seat), not
    started yet, and a fresh runtime that has not loaded it (`now`: its wall clock for
    who is away since when): the runtime, the table's id and the two accounts."""
    database = Database(url)
    async with database.session() as session:
        ana, bob = Account(name="Ana"), Account(name="Bob")
        session.add_all([ana, bob])
        await session.commit()
        spec = TableIn(game=game, seats=seats, clock=clock, rated=rated)
        table = await create_table(session, ana.id, spec, start=False)
        if any(seat.kind == "open" for seat in seats):
            await join(session, table.id, bob.id, None)
        accounts = [ana.id, bob.id]
    runtime = a_test_runtime(database, url, now, **settings)
    try:
        yield runtime, table.id, accounts
    finally:
        await runtime.close()
        runtime.pool.close()
        await database.close()


@asynccontextmanager
async def a_table(
    url: str,
    game: str,
    seats: list[SeatIn],
    clock: ClockIn | None = None,
    now: Callable[[], float] = time.time,
    rated: bool | None = None,
    **settings: Any,
) -> AsyncIterator[tuple[Runtime, Room, list[int]]]:
    """A started table with accounts Ana and Bob (Ana creates it), in a fresh runtime
    (`now`: its wall clock for who is away since when; `rated` as `TableIn` takes it)."""
    async with an_open_table(url, game, seats, clock, now, rated, **settings) as opened:
        runtime, table_id, accounts = opened
        async with runtime.database.session() as session:
            await start(session, table_id, accounts[0])
        yield runtime, await runtime.room(table_id), accounts


def connect(runtime: Runtime, room: Room, account: int | None, lang: str = "en") -> Connection:
    connection = Connection(account, runtime.seat_for(room, account, None), lang)
    runtime.enter(room, connection)
    return connection


def told(connection: Connection) -> list[dict[str, Any]]:
    """Every message waiting in the connection's outbox, taken out."""
    messages = []
    while not connection.queue.empty():
        text = connection.queue.get_nowait()
        assert text is not None
        messages.append(json.loads(text))
    return messages


def states(connection: Connection) -> list[dict[str, Any]]:
    return [m for m in told(connection) if m["type"] == "state"]


async def play_until_ana_moved_and_bob_is_to_move(runtime: Runtime, room: Room) -> None:
    """Mahé: Ana (seat 0) and Bob (seat 1) stop as soon as they may (a computer seat plays
    itself), until Ana has moved and Bob is to move."""
    while not (room.log[-1].seat == 0 and room.to_move() == 1):
        await until(lambda: room.to_move() in (0, 1))
        if room.log[-1].seat == 0 and room.to_move() == 1:
            break
        legal = room.state.legal_moves()
        seat = room.to_move()
        assert seat is not None
        await runtime.submit(room, seat, room.seq, "stop" if "stop" in legal else legal[0])


async def everyone_moves_once(runtime: Runtime, room: Room) -> None:
    """Each person at the table makes a first move (the first legal one) as their turn
    comes: after it a clock running out is no longer an abort (`first_move.py`)."""
    people = {index for index, seat in enumerate(room.seats) if seat.kind == "human"}
    while people - {item.seat for item in room.log}:
        await until(lambda: room.to_move() is not None)
        seat = room.to_move()
        assert seat is not None
        await runtime.submit(room, seat, room.seq, room.state.legal_moves()[0])


def a_quick_clock(**fields: Any) -> ClockIn:
    """A clock shorter than the second the API accepts (`ClockIn` unchecked), for a test
    where nobody races it (the person never moves): its timer runs as any clock's does,
    and its end comes in a tenth of a second instead of the test waiting it out."""
    return ClockIn.model_construct(**fields)


QUICK_SECONDS = 0.1
"""The seconds of `a_quick_clock`s."""


def time_passes(runtime: Runtime, room: Room, seconds: float) -> None:
    """`seconds` of the running turn's clock pass at once: the turn (and a game with a
    round time, its start) is made to have begun that much earlier, and the scheduler
    sets the table going again, so a deadline now past fires at once, as its timer would
    have then: the clock's end brought forward, not waited for (a real-time clock counts
    by `time.time` and the event loop's timers, which a test cannot move)."""
    room.turn_started -= seconds
    if room.table.started_at is not None:
        room.table.started_at -= timedelta(seconds=seconds)
    runtime.scheduler.schedule(room)


async def state_where(
    connection: Connection, accept: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    """The first state message to `connection` that `accept` takes, waited for (those
    before it taken out and dropped)."""
    found: list[dict[str, Any]] = []

    def arrived() -> bool:
        found.extend(message for message in states(connection) if accept(message))
        return bool(found)

    await until(arrived, what="the state message")
    return found[0]


def run(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """`asyncio.run(scenario())`, except at its end: a task still running is cancelled
    and awaited with a deadline, not for ever. A task of the app that did not end on
    cancel held `asyncio.run`'s clean-up (and its xdist worker) until pytest's 900 s
    timeout (test_rules_cost.py in a train); now the test fails after `DEADLINE`,
    naming the task and where it waits."""
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        loop.run_until_complete(scenario())
    finally:
        stuck = _stop_what_is_left(loop)
        asyncio.set_event_loop(None)
        loop.close()
    assert not stuck, "tasks still running after the scenario and their cancel:\n" + stuck


def _stop_what_is_left(loop: asyncio.AbstractEventLoop) -> str:
    """Cancel the loop's tasks and wait for them at most `DEADLINE`, then end its async
    generators and its default executor as `asyncio.run` does; the stacks of the tasks
    still running."""
    left = [task for task in asyncio.all_tasks(loop) if not task.done()]
    for task in left:
        task.cancel()
    if left:
        loop.run_until_complete(asyncio.wait(left, timeout=DEADLINE))
    stuck = [task for task in left if not task.done()]
    described = []
    for task in stuck:
        stack = io.StringIO()
        task.print_stack(file=stack)
        described.append(stack.getvalue())
    if not stuck:
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.run_until_complete(loop.shutdown_default_executor())
    return "\n".join(described)


@asynccontextmanager
async def an_app(url: str, **settings: Any) -> AsyncIterator[tuple[httpx.AsyncClient, Services]]:
    """The app with its lifespan run, and a client talking to it (`now` among the
    settings: its wall clock of away times and turn-based deadlines)."""
    now: Callable[[], float] = settings.pop("now", time.time)
    chosen: dict[str, Any] = {
        "ai_processes": False,
        "ai_pace": 0.0,
        "migrate": False,
        "rate_limits": None,
        "takeback_seconds": 0.0,
        **settings,
    }
    app = create_app(Settings(database_url=url, **chosen), now=now)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            yield client, app.state.services


async def guest(client: httpx.AsyncClient, name: str) -> tuple[int, dict[str, str]]:
    """A guest account: its id and the headers that act as it."""
    answer = await client.post("/api/session/guest", json={"name": name})
    assert answer.status_code == 200, answer.text
    return answer.json()["id"], {"Authorization": f"Bearer {answer.json()['token']}"}
