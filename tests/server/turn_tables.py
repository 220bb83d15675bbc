"""Turn-based tables in-process for tests: a started table of people (Ana, Bob, Cleo) and
computers in a runtime whose wall clock the test moves (days pass at once), and the
events it publishes; a table of Ana and Bob at two apps on one PostgreSQL database."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx

from spieltisch.server.routes.context import Services
from spieltisch.server.schemas.rest import ClockIn, SeatIn, TableIn
from spieltisch.server.services.new_tables import create_table
from spieltisch.server.services.seating import join, start
from spieltisch.server.table.events import Event
from spieltisch.server.table.room import Room
from spieltisch.server.table.runtime import Runtime
from spieltisch.store import Database
from spieltisch.store.models import Account
from tests.server.in_process import Now, a_test_runtime, an_app, guest, until

DAY = 24 * 3600.0


async def made_table(
    url: str, game: str, seats: list[SeatIn], clock: ClockIn, tournament: str | None = None
) -> tuple[str, list[int]]:
    """A started table: Ana makes it and sits first, Bob and Cleo take the open seats."""
    database = Database(url)
    try:
        async with database.session() as session:
            people = [Account(name=name) for name in ("Ana", "Bob", "Cleo")]
            session.add_all(people)
            await session.commit()
            spec = TableIn(game=game, seats=seats, clock=clock)
            table = await create_table(session, people[0].id, spec, tournament_id=tournament)
            for person in people[1:]:
                if sum(seat.kind == "open" for seat in seats) >= people.index(person):
                    await join(session, table.id, person.id, None)
            await start(session, table.id, people[0].id)
            return table.id, [person.id for person in people]
    finally:
        await database.close()


@asynccontextmanager
async def a_runtime(url: str, now: Now, **settings: Any) -> AsyncIterator[Runtime]:
    """A runtime on `url` counting by `now`; every event it publishes is kept in
    `runtime.heard` (a list of (table, event))."""
    database = Database(url)
    runtime = a_test_runtime(database, url, now, **settings)
    heard: list[tuple[str, Event]] = []

    def hear(room: Room, events: Sequence[Event]) -> None:
        heard.extend((room.id, event) for event in events)

    runtime.publisher.subscribers.append(hear)
    runtime.heard = heard  # type: ignore[attr-defined]
    try:
        yield runtime
    finally:
        await runtime.close()
        runtime.pool.close()
        await database.close()


def heard(runtime: Runtime, kind: type) -> list[Any]:
    """The events of `kind` the runtime published so far."""
    return [event for _table, event in runtime.heard if isinstance(event, kind)]  # type: ignore[attr-defined]


async def person_to_move(runtime: Runtime, room: Room) -> int:
    """Wait until a person is to move and its deadline is stored; their seat."""

    def ready() -> bool:
        seat = room.to_move()
        return (
            seat is not None
            and room.controller(seat) is None
            and not room.state.is_chance_node()
            and room.deadline is not None
            and room.told is not None
            and room.told[0] == room.seq
        )

    await until(ready, what="a person to move with a deadline")
    seat = room.to_move()
    assert seat is not None
    return seat


async def move(runtime: Runtime, room: Room, seat: int) -> None:
    """The seat's person makes a move: stops in Mahé when they may, else the first."""
    legal = room.state.legal_moves()
    await runtime.submit(room, seat, room.seq, "stop" if "stop" in legal else legal[0])


@dataclass
class App:
    """One of two apps on one database: a client talking to it, its services, and every
    event its runtime published."""

    client: httpx.AsyncClient
    services: Services
    heard: list[Event] = field(default_factory=list)

    @property
    def runtime(self) -> Runtime:
        return self.services.runtime


@dataclass
class TwoApps:
    """A started table at two apps: the one holding it (`owner`) and the `other`."""

    table: str
    people: list[tuple[int, dict[str, str]]]
    """Ana (seat 0, who made the table) and Bob (seat 1): each account and its headers."""
    owner: App
    other: App


@asynccontextmanager
async def a_table_at_two_apps(url: str, now: Now, clock: dict[str, Any]) -> AsyncIterator[TwoApps]:
    """Two apps in this process on one PostgreSQL database, each with its own cluster
    (LISTEN/NOTIFY for real), counting by `now` (the test sweeps itself), and a started
    Mabula table with `clock` of guests Ana and Bob, made through the first."""
    never = {"now": now, "turn_check_seconds": 3600.0}
    async with an_app(url, **never) as first, an_app(url, **never) as second:
        apps = [App(*first), App(*second)]
        for app in apps:

            def hear(_room: Room, events: Sequence[Event], kept: list[Event] = app.heard) -> None:
                kept.extend(events)

            app.runtime.publisher.subscribers.append(hear)
        a = apps[0].client
        people = []
        for name in ("Ana", "Bob"):
            people.append(await guest(a, name))
            a.cookies.clear()
        made = await a.post(
            "/api/tables", json={"game": "mabula", "clock": clock}, headers=people[0][1]
        )
        assert made.status_code == 201, made.text
        table = made.json()["id"]
        joined = await a.post(f"/api/tables/{table}/join", json={}, headers=people[1][1])
        assert joined.status_code == 200, joined.text
        started = await a.post(f"/api/tables/{table}/start", headers=people[0][1])
        assert started.status_code == 200, started.text
        await until(
            lambda: any(app.runtime.cluster.owns(table) for app in apps),
            what="a process holding the table",
        )
        if not apps[0].runtime.cluster.owns(table):
            apps.reverse()
        yield TwoApps(table, people, *apps)
