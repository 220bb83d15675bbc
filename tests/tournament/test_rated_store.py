"""Ratings from the store: finished online tables between accounts and tournament tables
together, on SQLite (which gives times back without their zone) and PostgreSQL."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable

from spieltisch.store import Database, upgrade
from spieltisch.store.models import Account, GameTable, Seat
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
