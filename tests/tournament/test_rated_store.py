"""Ratings from the store: finished online tables between accounts and tournament tables
together, on SQLite (which gives times back without their zone) and PostgreSQL."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest

from spieltisch.store import Database, upgrade
from spieltisch.store import tables as store_tables
from spieltisch.store.models import Account, GameTable, Seat
from spieltisch.tournament import storage
from spieltisch.tournament.ratings import rate_all
from spieltisch.tournament.settings import Settings
from spieltisch.tournament.storage import TournamentStore
from spieltisch.tournament.tournament import Tournament


def registering(name: str) -> Callable[[Tournament], object]:
    return lambda t: t.register(name, "director")


def test_online_tables_and_tournaments_are_rated_together(database_url: str) -> None:
    upgrade(database_url)

    async def run() -> list[tuple[str, int]]:
        database = Database(database_url)
        store = TournamentStore(database)
        try:
            async with database.session() as session:
                ana, bo = Account(name="Ana"), Account(name="Bo")
                session.add_all([ana, bo])
                await session.flush()
                session.add(
                    GameTable(
                        id="t1",
                        game="madn",
                        options={"players": 2},
                        status="finished",
                        result={"ranking": [2, 1]},
                        finished_at=dt.datetime.now(dt.UTC),
                    )
                )
                await session.flush()
                session.add_all(
                    [
                        Seat(table_id="t1", seat=0, kind="human", account_id=ana.id),
                        Seat(table_id="t1", seat=1, kind="human", account_id=bo.id),
                    ]
                )
                await session.commit()
            tid, _t = await store.create(Settings.parse(name="Cup", seed="s"), "director")
            for name in ("A", "B", "C"):
                await store.act(tid, registering(name))
            await store.act(tid, lambda t: t.seat_next("director"))
            await store.act(tid, lambda t: t.enter_places(1, 1, [1, 2, 3], "director"))
            book = await store.ratings()
            return [(row.player, row.games) for row in book.leaderboard("madn")]
        finally:
            await database.close()

    rows = dict(asyncio.run(run()))
    assert len(rows) == 5 and set(rows.values()) == {1}
    assert [games for player, games in rows.items() if player.startswith("guest:a/")] == [1]


def test_a_read_of_the_ratings_reads_only_the_ledgers_that_changed(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ratings are a projection: a second read loads no ledger, an entered result and a
    correction load their tournament's alone, and the book equals rating every game again;
    a table finished meanwhile comes in too."""
    upgrade(database_url)
    loaded: list[str] = []
    real_fold = storage._folded

    def counting(identifier: str, rows: Any) -> Tournament:
        loaded.append(identifier)
        return real_fold(identifier, rows)

    monkeypatch.setattr(storage, "_folded", counting)

    async def run() -> None:
        database = Database(database_url)
        store = TournamentStore(database)
        try:
            cup, _t = await store.create(Settings.parse(name="Cup", seed="s"), "director")
            other, _t = await store.create(Settings.parse(name="Other", seed="t"), "director")
            for name in ("A", "B", "C"):
                await store.act(cup, registering(name))
            await store.act(cup, lambda t: t.seat_next("director"))
            await store.act(cup, lambda t: t.enter_places(1, 1, [1, 2, 3], "director"))
            loaded.clear()  # the director's steps load their ledger too
            await store.ratings()
            assert sorted(loaded) == sorted([cup, other])
            loaded.clear()
            first = await store.ratings()
            leader = first.leaderboard("madn")[0].player
            assert loaded == []
            await store.act(cup, lambda t: t.enter_places(1, 1, [3, 2, 1], "director"))
            loaded.clear()
            corrected = await TournamentStore(database).ratings()
            assert loaded == [cup]
            assert corrected.leaderboard("madn")[0].player != leader
            fresh = rate_all((await store.load(cup)).rated_games(cup))
            assert corrected.ratings == fresh.ratings
            async with database.session() as session:
                ana, bo = Account(name="Ana"), Account(name="Bo")
                session.add_all([ana, bo])
                await session.flush()
                session.add(
                    GameTable(id="late", game="madn", options={"players": 2}, status="finished",
                              result={"ranking": [1, 2]}, finished_at=dt.datetime.now(dt.UTC))
                )  # fmt: skip
                await session.flush()
                session.add_all(
                    [
                        Seat(table_id="late", seat=0, kind="human", account_id=ana.id),
                        Seat(table_id="late", seat=1, kind="human", account_id=bo.id),
                    ]
                )
                await session.commit()
            loaded.clear()
            book = await store.ratings()
            assert loaded == [] and len(book.leaderboard("madn")) == 5
        finally:
            await database.close()

    asyncio.run(run())


async def _finished_table(
    database: Database, table_id: str, ranking: list[int], at: dt.datetime
) -> None:
    """A table two new accounts finished at `at`, as the process that committed it wrote it."""
    async with database.session() as session:
        ana, bo = Account(name="Ana"), Account(name="Bo")
        session.add_all([ana, bo])
        await session.flush()
        session.add(
            GameTable(id=table_id, game="madn", options={"players": 2}, status="finished",
                      result={"ranking": ranking}, finished_at=at)
        )  # fmt: skip
        await session.flush()
        session.add_all(
            [
                Seat(table_id=table_id, seat=0, kind="human", account_id=ana.id),
                Seat(table_id=table_id, seat=1, kind="human", account_id=bo.id),
            ]
        )
        await session.commit()


def test_a_process_reads_the_ratings_another_process_changed(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two processes on one database, each with its projection in memory (two `Database`
    objects here): what one writes, the other's next read shows, equal to a projection
    made from nothing: a tournament's result and its correction (the ledger's last entry
    moved), a table finished now, and a table whose finish was stamped long before the
    last one read (a slow commit or a clock behind: earlier than the re-read margin).
    Only that last read looks at every finished table's id."""
    upgrade(database_url)
    scans: list[int] = []
    real_scan = store_tables.finished_ids_without_tournament

    async def counting(session: Any) -> set[str]:
        scans.append(1)
        return await real_scan(session)

    monkeypatch.setattr(storage, "finished_ids_without_tournament", counting)

    async def run() -> None:
        one, two = Database(database_url), Database(database_url)
        reader, writer = TournamentStore(one), TournamentStore(two)
        try:
            cup, _t = await writer.create(Settings.parse(name="Cup", seed="s"), "director")
            for name in ("A", "B", "C"):
                await writer.act(cup, registering(name))
            await writer.act(cup, lambda t: t.seat_next("director"))
            assert (await reader.ratings()).leaderboard("madn") == []
            await writer.act(cup, lambda t: t.enter_places(1, 1, [1, 2, 3], "director"))
            first = (await reader.ratings()).leaderboard("madn")
            await writer.act(cup, lambda t: t.enter_places(1, 1, [3, 2, 1], "director"))
            corrected = (await reader.ratings()).leaderboard("madn")
            assert first[0].player == corrected[-1].player and len(corrected) == 3
            now = dt.datetime.now(dt.UTC)
            await _finished_table(two, "now", [1, 2], now)
            assert len((await reader.ratings()).leaderboard("madn")) == 5
            late = now - storage.CLOCK_MARGIN - dt.timedelta(minutes=1)
            await _finished_table(two, "stamped-late", [2, 1], late)
            assert scans == []
            book = await reader.ratings()
            assert len(book.leaderboard("madn")) == 7 and len(scans) == 1
            await reader.ratings()
            assert len(scans) == 1
            fresh = Database(database_url)
            try:
                assert book.ratings == (await TournamentStore(fresh).ratings()).ratings
                assert book.ratings == rate_all(await TournamentStore(fresh).rated_games()).ratings
            finally:
                await fresh.close()
        finally:
            await one.close()
            await two.close()

    asyncio.run(run())
