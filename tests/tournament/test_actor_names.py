"""Who entered a result is a person's name in every export, never the ledger's `account:1`
(issue 32): the store names the accounts, the CSV files and the command line's history
use that name, and a name typed on the command line stays as it was typed."""

from __future__ import annotations

import asyncio
import csv
import io
from functools import partial

from spieltisch.cli.tournament import history_table
from spieltisch.core.i18n import language
from spieltisch.store import Database, upgrade
from spieltisch.store.models import Account
from spieltisch.tournament.export import corrections_csv, results_csv
from spieltisch.tournament.settings import Settings
from spieltisch.tournament.storage import TournamentStore
from spieltisch.tournament.tournament import Tournament


def _cup(database_url: str) -> tuple[Tournament, dict[str, str]]:
    upgrade(database_url)

    async def run() -> tuple[Tournament, dict[str, str]]:
        database = Database(database_url)
        store = TournamentStore(database)
        try:
            async with database.session() as session:
                director = Account(name="Lothar Groß")
                session.add(director)
                await session.commit()
            by = f"account:{director.id}"
            tid, _t = await store.create(Settings.parse(name="Cup", seed="s"), by)
            for name in ("A", "B", "C", "D"):
                await store.act(tid, partial(Tournament.register, name=name, by=by))
            await store.act(tid, lambda t: t.seat_next(by))
            await store.act(tid, lambda t: t.enter_places(1, 1, [1, 2, 3, 4], by))
            tournament, _e = await store.act(
                tid, lambda t: t.enter_places(1, 1, [2, 1, 3, 4], "Schiri", "typo")
            )
            return tournament, await store.actor_names(tournament)
        finally:
            await database.close()

    return asyncio.run(run())


def test_exports_and_the_history_name_the_person_who_entered(database_url: str) -> None:
    tournament, names = _cup(database_url)
    assert list(names.values()) == ["Lothar Groß"]
    with language("de"):
        corrections = corrections_csv(tournament, names).removeprefix("\ufeff")
        results = results_csv(tournament, names).removeprefix("\ufeff")
    rows = list(csv.DictReader(io.StringIO(corrections), delimiter=";"))
    assert [row["Eingetragen von"] for row in rows] == ["Lothar Groß", "Schiri"]
    latest = csv.DictReader(io.StringIO(results), delimiter=";")
    assert {row["Eingetragen von"] for row in latest} == {"Schiri"}
    assert "account:" not in corrections + results
    table = history_table(tournament, 1, 1, names)
    assert str(next(iter(table.columns[0].cells))).endswith("Lothar Groß")
