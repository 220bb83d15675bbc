"""How many SQL statements the pages' GETs run: the same for a few tables, games, players
and tournaments as for ten times as many (no query per row: the lobby page polls its list
every 3 s), and never a write (issue 30: "GET routes never write").

In-process (`an_app`), counting with SQLAlchemy's `before_cursor_execute` event
(`tests/server/statements.py`). Each GET is asked once before it is counted, so what a
process keeps after a first read (the ratings projection) is kept, as on a server that
has been up a while; the first, cold read is counted too, in its own test."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import pytest

from spieltisch.core.identity import PlayerId
from spieltisch.server.routes.context import Services
from spieltisch.server.schemas.rest import SeatIn, TableIn
from spieltisch.server.services.new_tables import create_table
from spieltisch.server.services.records import finished_record, finished_records
from spieltisch.store.models import Account, MoveEntry, TableStatus, now
from spieltisch.tournament.settings import Settings
from tests.core.test_record_checks import finished_record as played_record
from tests.server.in_process import an_app, guest
from tests.server.statements import statements, writes

PATHS = [
    "/api/tables",
    "/api/tables?finished=true",
    "/api/tables/{open}",
    "/api/players/{player}",
    "/api/players/{player}/ratings",
    "/api/tournaments",
    "/api/tournaments/{tournament}",
    "/api/tournaments/{tournament}/standings.csv",
    "/api/identities?name=Player",
    "/api/ratings",
    "/api/ratings/{game}",
    "/api/tables/{finished}/rating",
    "/api/session",
    "/api/me",
]
"""The pages' reads: the lobby (open and finished), a player's page and rating history,
the tournaments, one tournament's page and standings, the hall identities, the ratings
pages, a finished table's end screen, an open table, who is signed in. Asked signed in as
player 0."""


async def world(svc: Services, n: int) -> dict[str, Any]:
    """`n` players; each has an open public table in the lobby (the next player's seat kept
    for them) and a finished rated game against player 0; `n` tournaments, the last with
    every player registered and its first round seated on online tables."""
    async with svc.database.session() as session:
        people = [Account(name=f"Player {number}") for number in range(n)]
        session.add_all(people)
        await session.commit()
        ids = [person.id for person in people]
        lobby = []
        for index, account in enumerate(ids):
            other = ids[(index + 1) % n]
            seats = [SeatIn(kind="me"), SeatIn(kind="reserved", account=other)]
            made = await create_table(session, account, TableIn(game="mabula", seats=seats))
            lobby.append(made.id)
        finished = []
        for account in ids[1:]:
            seats = [SeatIn(kind="me"), SeatIn(kind="reserved", account=account)]
            table = await create_table(
                session, ids[0], TableIn(game="mabula", seats=seats), start=True, seated=True
            )
            table.status, table.finished_at = TableStatus.FINISHED, now()
            table.result = {"ranking": [1, 2]}
            finished.append(table.id)
        await session.commit()
    director = str(PlayerId.of_account(ids[0]))
    store = svc.rounds.store
    for number in range(n):
        settings = Settings.parse(
            name=f"Cup {number}", seed="s", round_minutes=None, move_seconds=None
        )
        tournament, _made = await store.create(settings, director)
    for index, account in enumerate(ids):
        rating_id = str(PlayerId.of_account(account))
        step = lambda t, i=index, r=rating_id: t.register(f"P{i}", director, r)  # noqa: E731
        await store.act(tournament, step)
    await store.act(tournament, lambda t: t.seat_next(director))
    await svc.rounds.open_tables(tournament, 1, director, ids[0])
    token = await svc.sessions.open(ids[0])
    return {
        "headers": {"Authorization": f"Bearer {token}"},
        "player": ids[0],
        "tournament": tournament,
        "game": "mabula",
        "finished": finished[0],
        "open": lobby[0],
    }


CATCH_UP = "SELECT tournaments.id, max(tournament_entries.seq)"
"""The first statement of the ratings projection's catch-up (`store/tournaments.ledger_heads`)."""


async def _counted(url: str, n: int, warm: bool) -> dict[str, tuple[int, list[str]]]:
    """Each path's number of statements and the writes among them, in a world of `n`."""
    counted = {}
    # The server's own background work (the notification sender, the turn-based deadlines,
    # a computer seat playing at a tournament table) runs statements of its own while a
    # page is read; only the request's own are counted, and the pollers wait here.
    quiet = {"outbox_poll_seconds": 3600.0, "turn_check_seconds": 3600.0}
    async with an_app(url, **quiet) as (client, svc):
        where = await world(svc, n)
        for path in PATHS:
            signed_in = where["headers"]
            if warm:
                await client.get(path.format(**where), headers=signed_in)
            with statements(svc.database, this_task=True) as seen:
                answer = await client.get(path.format(**where), headers=signed_in)
            assert answer.status_code == 200, (path, answer.text)
            # A leaderboard caught the projection up twice (the book, then the names).
            assert sum(s.startswith(CATCH_UP) for s in seen) <= 1, path
            counted[path] = (len(seen), writes(seen))
    return counted


def _fresh(migrated_sqlite: Path, folder: Path, name: str) -> str:
    path = folder / f"{name}.sqlite3"
    shutil.copy(migrated_sqlite, path)
    return f"sqlite+aiosqlite:///{path}"


@pytest.mark.parametrize("warm", [True, False], ids=["warm", "cold"])
def test_a_page_runs_as_many_statements_for_ten_times_the_rows_and_writes_none(
    migrated_sqlite: Path, tmp_path: Path, warm: bool
) -> None:
    few = asyncio.run(_counted(_fresh(migrated_sqlite, tmp_path, "few"), 3, warm))
    many = asyncio.run(_counted(_fresh(migrated_sqlite, tmp_path, "many"), 30, warm))
    assert {path: count for path, (count, _w) in few.items()} == {
        path: count for path, (count, _w) in many.items()
    }
    # The list the lobby page polls every 3 s: the session's account, the tables, their
    # seats, their players' names.
    assert few["/api/tables"][0] == 4
    assert {path: w for path, (_c, w) in few.items() if w} == {}
    assert {path: w for path, (_c, w) in many.items() if w} == {}


def test_a_new_table_reads_the_accounts_of_its_reserved_seats_in_one_query(url: str) -> None:
    """A table with three seats kept for named people runs as many statements as one with
    one (the accounts were read one per seat, each read flushing the seat before it); a
    seat kept for an account that does not exist is still refused."""

    async def made(reserved: int) -> int:
        async with an_app(url) as (client, svc):
            others = [await guest(client, f"Guest {reserved}.{number}") for number in range(3)]
            _me, signed_in = await guest(client, f"Creator {reserved}")
            client.cookies.clear()
            seats: list[dict[str, Any]] = [{"kind": "me"}]
            seats += [{"kind": "reserved", "account": account} for account, _h in others]
            seats = seats[: reserved + 1]
            body = {"game": "madn", "seats": seats}
            with statements(svc.database) as seen:
                answer = await client.post("/api/tables", json=body, headers=signed_in)
            assert answer.status_code == 201, answer.text
            seats[-1]["account"] = 10**6  # nobody's
            refused = await client.post("/api/tables", json=body, headers=signed_in)
            assert refused.json()["code"] == "invalid", refused.text
            needed = f"seat {reserved}: a reserved seat needs an existing account id"
            assert needed in refused.json()["detail"].lower(), refused.text
            return len(seen)

    async def both() -> tuple[int, int]:
        return await made(1), await made(3)

    one, three = asyncio.run(both())
    assert one == three


def test_a_rounds_records_are_read_in_as_many_queries_for_three_tables_as_for_one(
    url: str,
) -> None:
    """A tournament collects the results of a round's finished tables at once: their
    records were read four queries per table (`finished_record` in a loop), now four
    however many (`finished_records`), each the record the one-table read gives, tables
    not finished (or not there) left out."""

    async def scenario() -> tuple[int, int]:
        async with an_app(url) as (_client, svc):
            async with svc.database.session() as session:
                people = [Account(name="Ann"), Account(name="Bob")]
                session.add_all(people)
                await session.commit()
                seats = [SeatIn(kind="me"), SeatIn(kind="reserved", account=people[1].id)]
                spec = TableIn(game="mabula", seats=seats)
                ids, histories = [], []
                for seed in range(4):
                    table = await create_table(session, people[0].id, spec, start=True, seated=True)
                    ids.append(table.id)
                    if seed == 3:
                        continue  # still running
                    history = played_record("mabula", seed=seed)["history"]
                    histories.append(history)
                    session.add_all(
                        MoveEntry(table_id=table.id, seq=seq, entry=entry)
                        for seq, entry in enumerate(history, start=1)
                    )
                    table.status, table.finished_at = TableStatus.FINISHED, now()
                    table.result = {"ranking": [1, 2]}
                await session.commit()
            async with svc.database.session() as session:
                with statements(svc.database) as one:
                    await finished_records(session, ids[:1])
            async with svc.database.session() as session:
                with statements(svc.database) as every:
                    records = await finished_records(session, [*ids, "no-such-table"])
                assert list(records) == ids[:3]
                assert [record["history"] for record in records.values()] == histories
                assert len(set(map(len, histories))) > 1, "the games differ in length"
                for table_id, record in records.items():
                    assert record == await finished_record(session, table_id)
                    assert record["players"] == ["Ann", "Bob"]
            return len(one), len(every)

    one, every = asyncio.run(scenario())
    assert (one, every) == (4, 4)
