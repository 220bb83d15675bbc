"""The seating finds the optimum by its own cost where every seating can be looked at:
round 3 of 13 players (tables of 4, 3, 3, 3: 200,200 seatings) is checked against all of
them, in-process, on the command line and through the web API."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.server.app import create_app
from spieltisch.server.infra.settings import Settings as ServerSettings
from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.explain import explain_round
from spieltisch.tournament.printable import round_page
from spieltisch.tournament.seating import Cost, _add, _key, _Seater
from spieltisch.tournament.tournament import Tournament
from tests.tournament.helpers import DIRECTOR, new_tournament
from tests.tournament.test_cli import load, refused, run

SEED = "s58"
"""A published seed whose round 3 the local search alone seated at a points range of
12.5 where 11.5 was possible (the issue saw 12.5 against 12.0 on its evening)."""


def places(round_number: int, table: int, size: int) -> list[int]:
    """A fixed result per table, the same on every path."""
    order = list(range(1, size + 1))
    random.Random(f"{round_number}/{table}").shuffle(order)
    return order


def seatings(players: list[int], sizes: dict[int, int]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to cut `players` into tables of these sizes (size -> count), once each:
    the first player left takes each possible table in turn."""
    if not players:
        yield []
        return
    head, rest = players[0], players[1:]
    for size, left in sizes.items():
        if not left:
            continue
        for index in _combinations(len(rest), size - 1):
            table = (head, *(rest[i] for i in index))
            others = [p for i, p in enumerate(rest) if i not in index]
            for tail in seatings(others, {**sizes, size: left - 1}):
                yield [table, *tail]


def _combinations(n: int, k: int) -> Iterator[tuple[int, ...]]:
    if k == 0:
        yield ()
        return
    for first in range(n - k + 1):
        for tail in _combinations(n - first - 1, k - 1):
            yield (first, *(first + 1 + t for t in tail))


def assert_round_3_optimal(tournament: Tournament) -> None:
    """The seated round 3 costs no more, by the seating's own cost, than any other."""
    standings = tournament.standings(2)
    points = {row.player: row.points for row in standings}
    history = tournament.seating_history()
    history = type(history)()
    for played in tournament.rounds[:2]:
        for table in played.tables:
            history.add_table(table, tournament.settings.table_size)
    seater = _Seater(points, history, tournament.settings.table_size, random.Random(0), {})

    def total(tables: list[tuple[int, ...]]) -> Cost:
        cost: Cost = (0, 0, 0.0, 0.0, 0.0)
        for table in tables:
            cost = _add(cost, seater.cost(table))
        return cost

    seated = [tuple(table) for table in tournament.round(3).tables]
    sizes: dict[int, int] = {}
    for table in seated:
        sizes[len(table)] = sizes.get(len(table), 0) + 1
    count = 0
    best = None
    for candidate in seatings(sorted(points), sizes):
        count += 1
        cost = _key(total(candidate))
        best = cost if best is None or cost < best else best
    assert count == 200_200
    assert _key(total(seated)) == best


def test_round_3_of_13_players_is_the_optimum_by_its_own_cost() -> None:
    tournament = new_tournament(13, seed=SEED)
    for round_number in (1, 2, 3):
        seated = tournament.seat_next(DIRECTOR)
        if round_number < 3:
            for index, table in enumerate(seated.tables, start=1):
                tournament.enter_places(
                    round_number, index, places(round_number, index, len(table)), DIRECTOR
                )
    assert_round_3_optimal(tournament)


def _seated_on_the_command_line(
    db: tuple[str, str], seed: str, seated: int, played: int
) -> tuple[str, str]:
    """A tournament of 13 players made on the command line: rounds 1..`seated` seated,
    the results (`places`) of rounds 1..`played` entered. Its id and what the last
    `seat` said."""
    tid = re.findall(r"Tournament (\S+) created", run("new", "Abend", "--seed", seed, *db))[0]
    run("players", tid, *(f"--add=Player {n}" for n in range(1, 14)), *db)
    shown = ""
    for round_number in range(1, seated + 1):
        shown = run("seat", tid, *db)
        if round_number <= played:
            for index, table in enumerate(load(db[1], tid).round(round_number).tables, 1):
                given = ",".join(map(str, places(round_number, index, len(table))))
                run("result", tid, str(round_number), str(index), "--places", given, *db)
    return tid, shown


def _seated_through_the_web_api(
    tmp_path: Path, seed: str, seated: int, played: int
) -> dict[str, Any]:
    """The same tournament through the web API (a director's guest session): the
    tournament's page after round `seated` was seated."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'web.sqlite3'}"
    settings = ServerSettings(database_url=url, ai_processes=False, rate_limits=None)
    page: dict[str, Any] = {}
    with TestClient(create_app(settings)) as http:
        http.post("/api/session/guest", json={"name": "Director"})
        web = http.post("/api/tournaments", json={"name": "Abend", "seed": seed}).json()["id"]
        base = f"/api/tournaments/{web}"
        for number in range(1, 14):
            http.post(f"{base}/players", json={"name": f"Player {number}"})
        for round_number in range(1, seated + 1):
            page = http.post(f"{base}/rounds", json={"online": False}).json()
            if round_number <= played:
                for table in page["rounds"][-1]["tables"]:
                    body = {"places": places(round_number, table["number"], len(table["seats"]))}
                    path = f"{base}/rounds/{round_number}/tables/{table['number']}"
                    assert http.post(path, json=body).status_code == 200
    return page


def test_round_3_on_the_command_line_and_through_the_web_api_is_the_optimum(
    tmp_path: Path,
) -> None:
    db = ("--database", f"sqlite+aiosqlite:///{tmp_path / 'cli.sqlite3'}")
    tid, _shown = _seated_on_the_command_line(db, SEED, seated=3, played=2)
    on_the_command_line = load(db[1], tid)
    assert_round_3_optimal(on_the_command_line)
    rounds = _seated_through_the_web_api(tmp_path, SEED, seated=3, played=2)["rounds"]
    tables = [[seat["player"] for seat in table["seats"]] for table in rounds[-1]["tables"]]
    assert tables == [list(t) for t in on_the_command_line.round(3).tables]


# -- changes by hand and why the tables are as they are --------------------------------------


def _second_round(players: int = 16) -> tuple[Tournament, tuple[tuple[int, ...], ...]]:
    tournament = new_tournament(players, seed="why")
    first = tournament.seat_next(DIRECTOR)
    for index, table in enumerate(first.tables, start=1):
        tournament.enter_places(1, index, list(range(1, len(table) + 1)), DIRECTOR)
    return tournament, first.tables


def _repeat_swap(tournament: Tournament, first: tuple[tuple[int, ...], ...]) -> tuple[int, int]:
    """Two players of round 2 whose swap seats one of them with someone met in round 1."""
    second = tournament.round(2).tables
    for a, b in itertools.product(second[0], second[1]):
        moved = [b if p == a else p for p in second[0]]
        if any(b != other and {b, other} <= set(t) for t in first for other in moved):
            return a, b
    raise AssertionError("no swap makes a repeat")


def test_a_swap_that_makes_a_repeat_warns_and_every_reason_is_shown() -> None:
    tournament, first = _second_round()
    tournament.seat_next(DIRECTOR)
    with pytest.raises(TournamentError, match="give the reason for taking the round back"):
        tournament.unseat(DIRECTOR, "  ")
    tournament.unseat(DIRECTOR, "Ida kam zu spät")
    tournament.seat_next(DIRECTOR)
    a, b = _repeat_swap(tournament, first)
    tournament.swap(2, a, b, DIRECTOR, "Geschwister")
    explained = explain_round(tournament, 2, {})
    assert "Nobody meets anyone a second time." in explained.reasons
    assert explained.reasons[0].startswith("Seated by the Swiss system")
    undo, swap = explained.changes
    assert undo.kind == "undo" and undo.reason == "Ida kam zu spät"
    assert swap.kind == "swap" and swap.reason == "Geschwister"
    assert any("meet again (they met in round 1)" in w for w in swap.warnings)
    page = round_page(tournament, 2)
    assert "Geschwister" in page and "Ida kam zu spät" in page and "meet again" in page
    assert "Round 1 is drawn at random from the published seed why." in round_page(tournament, 1)


def test_undo_swap_and_the_explanation_on_the_command_line(tmp_path: Path) -> None:
    db = ("--database", f"sqlite+aiosqlite:///{tmp_path / 'cli.sqlite3'}")
    tid = re.findall(r"Tournament (\S+) created", run("new", "W", "--seed", "why", *db))[0]
    run("players", tid, *(f"--add=Player {n}" for n in range(1, 17)), *db)
    run("seat", tid, *db)
    for index in range(1, 5):
        run("result", tid, "1", str(index), "--places", "1,2,3,4", *db)
    shown = " ".join(run("seat", tid, *db).split())
    assert "Why these tables: Seated by the Swiss system" in shown
    assert "Nobody meets anyone a second time." in shown
    assert "give the reason for taking the round back" in refused("seat", tid, "--undo", *db)
    current = load(db[1], tid)
    a, b = _repeat_swap(current, current.round(1).tables)
    swapped = " ".join(run("swap", tid, str(a), str(b), "--reason", "Geschwister", *db).split())
    assert "Warning: " in swapped and "meet again (they met in round 1)" in swapped
    again = " ".join(run("seat", tid, "--round", "2", *db).split())
    assert "were swapped by hand. Reason: Geschwister" in again


def test_undo_swap_and_the_explanation_through_the_web_api(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'web.sqlite3'}"
    settings = ServerSettings(database_url=url, ai_processes=False, rate_limits=None)
    with TestClient(create_app(settings)) as http:
        http.post("/api/session/guest", json={"name": "Leitung"})
        tid = http.post("/api/tournaments", json={"name": "W", "seed": "why"}).json()["id"]
        base = f"/api/tournaments/{tid}"
        for number in range(1, 17):
            http.post(f"{base}/players", json={"name": f"Player {number}"})
        http.post(f"{base}/rounds", json={"online": False})
        for table in (1, 2, 3, 4):
            http.post(f"{base}/rounds/1/tables/{table}", json={"places": [1, 2, 3, 4]})
        http.post(f"{base}/rounds", json={"online": False})
        empty = http.post(f"{base}/rounds/2/undo", json={"reason": ""})
        assert empty.status_code in (409, 422) and "reason" in empty.text
        assert http.post(f"{base}/rounds/2/undo", json={"reason": "zu früh"}).status_code == 200
        http.post(f"{base}/rounds", json={"online": False})
        rounds = http.get(base).json()["rounds"]
        first = tuple(tuple(s["player"] for s in t["seats"]) for t in rounds[0]["tables"])
        second = tuple(tuple(s["player"] for s in t["seats"]) for t in rounds[1]["tables"])
        a, b = next(
            (a, b)
            for a, b in itertools.product(second[0], second[1])
            if any({b, o} <= set(t) for t in first for o in second[0] if o != a)
        )
        body = {"players": [a, b], "reason": "Geschwister"}
        page = http.post(f"{base}/rounds/2/swap", json=body).json()
        round_two = page["rounds"][1]
        assert round_two["reasons"][0].startswith("Seated by the Swiss system")
        kinds = [(c["kind"], c["reason"], c["by"]) for c in round_two["changes"]]
        assert kinds == [("undo", "zu früh", "Leitung"), ("swap", "Geschwister", "Leitung")]
        assert any("meet again" in w for w in round_two["changes"][1]["warnings"])
        printed = http.get(f"/print/tournaments/{tid}/round-2.html").text
        assert "Geschwister" in printed and "zu früh" in printed


# -- round 4: the leaders at one table, or why not (the issue saw 9, 8 and 8 at three) -------

LEADERS = {
    "g": ("Player 2, Player 5, Player 7", "sit at one table."),
    "s58": (
        "Player 2, Player 13, Player 5",
        "sit at different tables: Player 2 and Player 5 met in round 3; "
        "Player 13 and Player 5 met in round 1.",
    ),
}
"""Per seed, the leaders after round 3 of 13 players (with `places`) and what round 4
says of them: together where no repeat keeps them apart, else who met whom."""


def _leaders_and_tables(
    standings: list[tuple[int, float]], tables: list[list[int]], met: set[frozenset[int]]
) -> tuple[list[int], bool]:
    """The best three of the standings (player, points) and whether round 4 seats them
    at one table; where it does not, every two of them sitting apart have met (round 4
    may not seat a repeat to bring them together)."""
    top = [player for player, _points in standings[:3]]
    table_of = {player: index for index, table in enumerate(tables) for player in table}
    together = len({table_of[player] for player in top}) == 1
    if not together:
        apart = [(a, b) for a, b in itertools.combinations(top, 2) if table_of[a] != table_of[b]]
        assert any(frozenset(pair) in met for pair in apart)
    return top, together


@pytest.mark.parametrize("seed", sorted(LEADERS))
def test_round_4_seats_the_leaders_together_or_says_why_on_the_cli_and_the_web_api(
    seed: str, tmp_path: Path
) -> None:
    names, said = LEADERS[seed]
    db = ("--database", f"sqlite+aiosqlite:///{tmp_path / 'cli.sqlite3'}")
    tid, shown = _seated_on_the_command_line(db, seed, seated=4, played=3)
    shown = " ".join(shown.split())
    assert f"The leaders {names} {said}" in shown
    cli = load(db[1], tid)
    met = {
        frozenset(pair)
        for played in cli.rounds[:3]
        for table in played.tables
        for pair in itertools.combinations(table, 2)
    }
    standings = [(row.player, row.points) for row in cli.standings(3)]
    top, together = _leaders_and_tables(standings, [list(t) for t in cli.round(4).tables], met)
    assert ", ".join(f"Player {p}" for p in top) == names
    assert together == (said == "sit at one table.")
    page = _seated_through_the_web_api(tmp_path, seed, seated=4, played=3)
    fourth = page["rounds"][3]
    assert f"The leaders {names} {said}" in fourth["reasons"]
    tables = [[seat["player"] for seat in table["seats"]] for table in fourth["tables"]]
    assert tables == [list(t) for t in cli.round(4).tables]
