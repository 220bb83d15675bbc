"""The championship preset: an evening of four preliminary games, half of the tables
stopped at the time limit and ranked by each player's steps to the goal, places worth
5, 3, 2 and 1, then the best four at a final table. Checked by hand (EXPECTED) and by a
calculation in the test; the preset on the command line and through the web API."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spieltisch.games.madn.steps import steps_left
from spieltisch.server.app import create_app
from spieltisch.server.infra.settings import Settings as ServerSettings
from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.printable import score_sheets, timer_page
from spieltisch.tournament.settings import Settings
from spieltisch.tournament.tournament import Tournament
from tests.tournament.test_cli import load, run

POINTS = {1: 5.0, 2: 3.0, 3: 2.0, 4: 1.0}


def steps(player: int, round_number: int) -> int:
    """The steps a player still needs when table 2 of a round is stopped (a fixed rule)."""
    return 10 + (player * 7 + round_number * 5) % 40


def places(table: tuple[int, ...], round_number: int) -> list[int]:
    """The places at table 1, which plays to the end (a fixed rule)."""
    order = sorted(table, key=lambda player: (player * 3 + round_number) % 8)
    return [order.index(player) + 1 for player in table]


EXPECTED_PRELIMINARY = [
    ("P5", 16.0),  # 5 (10 steps, fewest) + 5 + 3 + 3
    ("P7", 13.0),  # 2 (24 steps) + 3 (29) + 5 + 3 (39)
    ("P4", 12.0),  # 1 + 1 (48 steps, most) + 5 (13) + 5
    ("P8", 11.0),  # 5 + 3 + 2 + 1 (46 steps): ahead of P3 head to head, 2 to 1
    ("P3", 11.0),  # 3 + 2 + 1 (46 steps) + 5 (11 steps)
    ("P6", 10.0),  # 2 + 5 (22 steps) + 1 + 2
    ("P1", 8.0),  # 3 (22 steps) + 1 + 3 (32 steps) + 1
    ("P2", 7.0),  # 1 (29 steps) + 2 (34) + 2 (39) + 2 (44)
]
"""The standings after the four preliminary games, worked out by hand from the tables:
table 1 of each round plays to the end, table 2 is stopped and ranked by steps."""
EXPECTED_FINAL = ["P8", "P5", "P4", "P7", "P3", "P6", "P1", "P2"]
"""The final table (P4, P8, P5, P7 in seat order): P8 finished, then P5 with 12 steps,
P4 with 30 and P7 with 50; the rest as the preliminary games left them."""


def test_counting_steps_to_the_goal() -> None:
    # a piece on field 39 of its lap needs 1, one on 20 needs 20, one in the base 41
    # (onto the start field, then 40), one in the goal none
    assert steps_left([39, 20, None, 41]) == 62
    assert steps_left([None] * 4) == 164


def test_an_evening_of_four_games_with_step_counting_and_a_final_table() -> None:
    settings = Settings.parse(name="DM", seed="dohna", preset="championship")
    assert (settings.rounds, settings.round_minutes, settings.points) == (4, 30, (5, 3, 2, 1))
    assert settings.final_table and settings.stopped_rule == "steps"
    tournament = Tournament.create(settings, by="referee")
    for number in range(1, 9):
        tournament.register(f"P{number}", "referee")
    calculated = {number: 0.0 for number in range(1, 9)}
    for round_number in range(1, 5):
        seated = tournament.seat_next("referee")
        first, second = seated.tables
        given = places(first, round_number)
        tournament.enter_places(round_number, 1, given, "referee")
        counts = [steps(player, round_number) for player in second]
        entry = tournament.enter_stopped(
            round_number, 2, [{"steps": count} for count in counts], "referee"
        )
        for player, place in zip(first, given, strict=True):
            calculated[player] += POINTS[place]
        for player, count in zip(second, counts, strict=True):
            fewer = sum(1 for other in counts if other < count)
            assert entry.places[second.index(player)] == fewer + 1  # fewest steps first
            calculated[player] += POINTS[fewer + 1]
    standings = tournament.standings()
    assert [(row.name, row.points) for row in standings] == EXPECTED_PRELIMINARY
    assert {row.player: row.points for row in standings} == calculated
    with pytest.raises(TournamentError, match="no steps left"):
        tournament.enter_stopped(4, 2, [{"steps": 0}] * 4, "referee")
    final = tournament.seat_next("referee")
    assert final.round == 5 and len(final.tables) == 1
    assert sorted(tournament.players[p].name for p in final.tables[0]) == ["P4", "P5", "P7", "P8"]
    figures = {"P4": {"steps": 30}, "P8": {"finished": 1}, "P5": {"steps": 12}, "P7": {"steps": 50}}
    table = final.tables[0]
    tournament.enter_stopped(5, 1, [figures[tournament.players[p].name] for p in table], "x")
    after = tournament.standings()
    assert [row.name for row in after] == EXPECTED_FINAL
    assert [row.final for row in after[:4]] == [1, 2, 3, 4]
    assert after[1].points == 16.0  # the final's places decide, its points are not added
    assert tournament.finished
    with pytest.raises(TournamentError, match="all 5 rounds are seated"):
        tournament.seat_next("referee")
    sheets = score_sheets(tournament, 5)
    assert "Steps to the goal" in sheets and "Goal fields" not in sheets
    assert "stop at once and count each player" in timer_page(tournament, 1)


def test_the_club_stays_the_default_and_the_preset_yields_to_what_is_given() -> None:
    club = Settings.parse(name="Verein", seed="v")
    assert (club.preset, club.rounds, club.points, club.final_table) == (
        "club",
        6,
        (3, 2, 1, 0),
        False,
    )
    assert club.stopped_rule == ""
    shorter = Settings.parse(name="DM", seed="d", preset="championship", round_minutes=25)
    assert shorter.round_minutes == 25 and shorter.rounds == 4


def test_the_championship_on_the_command_line_and_through_the_web_api(tmp_path: Path) -> None:
    db = ("--database", f"sqlite+aiosqlite:///{tmp_path / 'cli.sqlite3'}")
    created = run("new", "DM", "--preset", "championship", "--seed", "dohna", *db)
    assert "4 rounds" in created and "points per place 5; 3; 2; 1" in created
    tid = re.findall(r"Tournament (\S+) created", created)[0]
    run("players", tid, *(f"--add=P{n}" for n in range(1, 5)), *db)
    run("seat", tid, *db)
    shown = run(
        "result",
        tid,
        "1",
        "1",
        "--stopped=57",
        "--stopped=done:1",
        "--stopped=12",
        "--stopped=80",
        *db,
    )
    assert load(db[1], tid).round(1).results[1].places == (3, 1, 2, 4)
    assert "57" in shown
    url = f"sqlite+aiosqlite:///{tmp_path / 'web.sqlite3'}"
    settings = ServerSettings(database_url=url, ai_processes=False, rate_limits=None)
    with TestClient(create_app(settings)) as http:
        http.post("/api/session/guest", json={"name": "Referee"})
        made = http.post("/api/tournaments", json={"name": "DM", "preset": "championship"})
        assert made.status_code == 201, made.text
        page = made.json()
        assert page["settings"]["rounds"] == 4 and page["settings"]["final_table"]
        assert [field["name"] for field in page["stopped"]["fields"]] == ["finished", "steps"]
        base = f"/api/tournaments/{page['id']}"
        for number in range(1, 5):
            http.post(f"{base}/players", json={"name": f"P{number}"})
        http.post(f"{base}/rounds", json={"online": False})
        body = {"stopped": [{"steps": 57}, {"finished": 1}, {"steps": 12}, {"steps": 80}]}
        entered = http.post(f"{base}/rounds/1/tables/1", json=body)
        assert entered.status_code == 200, entered.text
        assert entered.json()["entries"][0]["points"] == [2.0, 5.0, 3.0, 1.0]
