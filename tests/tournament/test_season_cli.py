"""A club's season on the command line: the registry imported from a file, three evenings
with members entered from it (one member on every evening as one person, a guest who is
no member, a member who misses an evening), and the season table by both methods
checked against a calculation from the places entered."""

from __future__ import annotations

import re
from pathlib import Path

from spieltisch.tournament.clubs import ClubStore
from spieltisch.tournament.season import SeasonRules, SeasonStanding, season_table
from tests.tournament.test_cli import load, refused, run

POINTS = (3.0, 2.0, 1.0, 0.0)


def _id(pattern: str, output: str) -> str:
    found = re.search(pattern, output)
    assert found, output
    return found.group(1)


def test_a_season_of_three_evenings(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'club.sqlite3'}"
    db = ("--database", url)
    club = _id(r"Club (\S+) created", run("club", "new", "SV Würfel", *db))
    roster = tmp_path / "members.csv"
    roster.write_text(
        "name;club_number\nAnne Ahl;1\nBernd Bär;2\nCäcilie Czerny;3\nDirk Dorn;4\nEva Ernst;5\n"
    )
    assert "5 added" in run("club", "import", club, str(roster), *db)
    refused_text = refused("club", "import", club, str(tmp_path / "none.csv"), *db)
    assert "none.csv" in refused_text

    # Evening places by member number (5 members, 4 play each evening; a guest on evening 2).
    evenings: list[dict[int | str, int]] = [
        {1: 1, 2: 2, 3: 3, 4: 4},
        {1: 4, 3: 1, 5: 2, "Gast": 3},
        {2: 1, 3: 2, 4: 3, 5: 4},
    ]
    ids = []
    for index, places in enumerate(evenings, start=1):
        tid = _id(
            r"Tournament (\S+) created",
            run("new", f"Abend {index}", "--rounds", "1", "--seed", f"s{index}", *db),
        )
        ids.append(tid)
        for who in places:
            if isinstance(who, int):
                run("club", "enter", club, str(who), tid, *db)
            else:
                run("players", tid, f"--add={who}", *db)
        run("seat", tid, *db)
        tournament = load(url, tid)
        seated = tournament.round(1).tables[0]
        by_player = {p.number: p.name for p in tournament.players.values()}
        names = {"Gast": "Gast"} | {n: name for n, name in _member_names(url, club).items()}
        wanted = {names[who]: place for who, place in places.items()}
        seat_places = [str(wanted[by_player[player]]) for player in seated]
        run("result", tid, "1", "1", "--places", ",".join(seat_places), *db)

    season = _id(
        r"Season (\S+) created", run("season", "new", club, "Saison 2026", "--best", "2", *db)
    )
    run("season", "add", season, *ids, *db)
    assert "already" in refused("season", "add", season, ids[0], *db)
    shown = run("season", "table", season, *db)
    assert "Saison 2026" in shown and "best 2 evenings" in shown

    # The calculation by hand: points per evening by member, then both methods.
    points: dict[int | str, list[float | None]] = {}
    for index, places in enumerate(evenings):
        for who, place in places.items():
            points.setdefault(who, [None, None, None])[index] = POINTS[place - 1]
    best2 = {
        who: sum(sorted((p for p in row if p is not None), reverse=True)[:2])
        for who, row in points.items()
    }
    games = {who: sum(p is not None for p in row) for who, row in points.items()}
    average = {w: sum(p for p in row if p is not None) / games[w] for w, row in points.items()}
    assert best2 == {1: 3.0, 2: 5.0, 3: 5.0, 4: 1.0, 5: 2.0, "Gast": 1.0}

    table = _season_rows(url, season, SeasonRules(method="best", best=2))
    names = _member_names(url, club)
    by_name = {row.name: row for row in table}
    for who, score in best2.items():
        row = by_name[names[who] if isinstance(who, int) else str(who)]
        assert row.score == score and row.games == games[who]
    # Bernd and Cäcilie both 5: her sum of all evenings (6) is more than his (5).
    assert [row.name for row in table][:4] == [
        "Cäcilie Czerny",
        "Bernd Bär",
        "Anne Ahl",
        "Eva Ernst",
    ]
    assert [row.rank for row in table] == [1, 2, 3, 4, 5, 5]  # Dirk and the guest: equal
    by_average = _season_rows(url, season, SeasonRules(method="average", min_games=3))
    ranked = [row for row in by_average if row.ranked]
    assert [row.name for row in ranked] == ["Cäcilie Czerny"]  # only she played 3 games
    assert ranked[0].score == average[3]
    unranked = [row.name for row in by_average if not row.ranked]
    assert set(unranked) == {names[w] for w in (1, 2, 4, 5)} | {"Gast"}


def _member_names(url: str, club: str) -> dict[int | str, str]:
    import asyncio

    from spieltisch.store import Database

    async def read() -> dict[int | str, str]:
        database = Database(url)
        try:
            return {m.number: m.name for m in await ClubStore(database).members(club)}
        finally:
            await database.close()

    return asyncio.run(read())


def _season_rows(url: str, season: str, rules: SeasonRules) -> list[SeasonStanding]:
    import asyncio

    from spieltisch.store import Database

    async def read() -> list[SeasonStanding]:
        database = Database(url)
        try:
            store = ClubStore(database)
            found = await store.season(season)
            members = await store.members(found.club)
            return season_table(rules, [t for _i, _n, t in found.evenings], members)
        finally:
            await database.close()

    return asyncio.run(read())
