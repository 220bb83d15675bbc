"""Results that are not games: a player who did not come (forfeit), one excluded from the
game under the club's rule 16 (knocking pieces over on purpose), and points the director
chose for a round a player was not seated in (a late arrival, an absence)."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spieltisch.server.app import create_app
from spieltisch.server.infra.settings import Settings as ServerSettings
from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.ledger import entry_from_json, entry_to_json
from spieltisch.tournament.printable import standings_page
from spieltisch.tournament.tournament import Tournament
from tests.tournament.helpers import DIRECTOR, new_tournament
from tests.tournament.test_cli import load, refused, run


def test_a_forfeit_scores_nothing_and_counts_for_no_tie_break() -> None:
    tournament = new_tournament(8)
    seated = tournament.seat_next(DIRECTOR)
    _a, b, absent, _d = seated.tables[0]
    entry = tournament.enter_places(1, 1, [2, 1, "forfeit", 3], DIRECTOR)
    assert entry.places == (2, 1, 4, 3)
    assert entry.outcomes == ("played", "played", "forfeit", "played")
    assert tournament.table_points(1, 1) == [2.0, 3.0, 0.0, 1.0]
    standings = {row.player: row for row in tournament.standings()}
    assert standings[absent].played == 0 and standings[absent].points == 0
    assert standings[absent].per_round_kind == ["forfeit"]
    assert standings[absent].firsts == 0 and standings[absent].countback == (0, 0, 0, 0)
    # those present met two opponents, not three: the one who did not come is no opponent
    b_row = standings[b]
    assert b_row.played == 1
    assert b_row.opponents == pytest.approx((2.0 + 1.0) / 2)
    assert b_row.buchholz == pytest.approx(3.0)
    rebuilt = Tournament(entry_from_json(entry_to_json(e)) for e in tournament.entries)
    assert rebuilt.round(1).results[1].outcomes == entry.outcomes


def test_a_player_disqualified_by_rule_16_played_and_comes_last_with_nothing() -> None:
    tournament = new_tournament(8)
    seated = tournament.seat_next(DIRECTOR)
    table = seated.tables[0]
    tournament.enter_places(1, 1, ["disqualified", 1, 3, 2], DIRECTOR, note="rule 16")
    assert tournament.table_points(1, 1) == [0.0, 3.0, 1.0, 2.0]
    standings = {row.player: row for row in tournament.standings()}
    out = standings[table[0]]
    assert out.played == 1 and out.points == 0 and out.per_round_kind == ["disqualified"]
    assert out.countback == (0, 0, 0, 1)
    # the disqualified player is an opponent the others finished ahead of
    assert standings[table[1]].opponents == pytest.approx((0 + 1 + 2) / 3)
    games = tournament.rated_games("t")
    assert games[0].players[0] == tournament.players[table[0]].rating_id
    assert games[0].places == (4, 1, 3, 2)


def test_two_players_out_share_the_last_place_and_a_forfeit_is_not_rated() -> None:
    tournament = new_tournament(8)
    seated = tournament.seat_next(DIRECTOR)
    table = seated.tables[0]
    entry = tournament.enter_places(1, 1, ["forfeit", "disqualified", 1, 2], DIRECTOR)
    assert entry.places == (3, 3, 1, 2)
    assert tournament.table_points(1, 1) == [0.0, 0.0, 3.0, 2.0]
    rated = tournament.rated_games("t")[0]
    assert rated.players == tuple(tournament.players[p].rating_id for p in table[1:])
    assert rated.places == (3, 1, 2)
    nobody = tournament.enter_places(1, 2, ["forfeit"] * 4, DIRECTOR, note="nobody came")
    assert nobody.places == (1, 1, 1, 1)
    assert tournament.table_points(1, 2) == [0.0] * 4
    assert len(tournament.rated_games("t")) == 1


@pytest.mark.parametrize(
    ("places", "message"),
    [
        ([1, 1, "forfeit", 3], "share a place"),
        ([1, 3, "forfeit", 2, 4], "give 4 places, not 5"),
        ([1, 2, "absent", 3], "'absent' is not a place: .*forfeit .*disqualified"),
        ([1, 3, "forfeit", 4], "not a ranking"),
    ],
)
def test_places_around_a_forfeit_are_checked(places: list[int | str], message: str) -> None:
    tournament = new_tournament(8)
    tournament.seat_next(DIRECTOR)
    before = len(tournament.entries)
    with pytest.raises(TournamentError, match=message):
        tournament.enter_places(1, 1, places, DIRECTOR)
    assert len(tournament.entries) == before


def test_a_late_arrival_gets_the_points_the_director_chose_for_the_rounds_missed() -> None:
    tournament = new_tournament(8)
    for round_number in (1, 2):
        seated = tournament.seat_next(DIRECTOR)
        for index in range(1, len(seated.tables) + 1):
            tournament.enter_places(round_number, index, [1, 2, 3, 4], DIRECTOR)
    late = tournament.register("Latecomer", DIRECTOR).player
    tournament.award(1, late, 0.0, DIRECTOR, reason="late: missed round 1")
    tournament.award(2, late, 1.5, DIRECTOR, reason="late: stuck in traffic")
    tournament.award(2, late, 1.0, DIRECTOR, reason="corrected: one point, as announced")
    row = next(row for row in tournament.standings() if row.player == late)
    assert row.points == 1.0 and row.played == 0
    assert row.per_round == [0.0, 1.0]
    assert row.per_round_kind == ["awarded", "awarded"]
    assert tournament.round(2).awarded[late].reason == "corrected: one point, as announced"
    rebuilt = Tournament(entry_from_json(entry_to_json(e)) for e in tournament.entries)
    assert rebuilt.standings()[0].points == tournament.standings()[0].points
    assert [r.per_round for r in rebuilt.standings()] == [
        r.per_round for r in tournament.standings()
    ]


@pytest.mark.parametrize(
    ("award", "message"),
    [
        (lambda t, p, s: t.award(1, s, 1.0, DIRECTOR, "x"), "seated in round 1"),
        (lambda t, p, s: t.award(1, p, 3.5, DIRECTOR, "x"), "from 0 to 3 .*not 3.5"),
        (lambda t, p, s: t.award(1, p, -1, DIRECTOR, "x"), "from 0 to 3"),
        (lambda t, p, s: t.award(1, p, 1.0, DIRECTOR, " "), "give the reason"),
        (lambda t, p, s: t.award(2, p, 1.0, DIRECTOR, "x"), "round 2 is not seated"),
        (lambda t, p, s: t.award(1, 99, 1.0, DIRECTOR, "x"), "no player number 99"),
    ],
)
def test_points_without_a_game_are_refused_where_a_game_decides(
    award: object, message: str
) -> None:
    tournament = new_tournament(8)
    seated = tournament.seat_next(DIRECTOR)
    late = tournament.register("Latecomer", DIRECTOR).player
    before = len(tournament.entries)
    with pytest.raises(TournamentError, match=message):
        award(tournament, late, seated.tables[0][0])  # type: ignore[operator]
    assert len(tournament.entries) == before


def test_forfeit_disqualification_and_awards_on_the_command_line(tmp_path: Path) -> None:
    db = ("--database", f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}")
    created = run("new", "Abendturnier", "--seed", "abend", "--rounds", "2", *db)
    found = re.search(r"Tournament (\S+) created", created)
    assert found
    tid = found.group(1)
    run("players", tid, *[f"--add=P{n}" for n in range(1, 5)], *db)
    run("seat", tid, *db)
    run("result", tid, "1", "1", "--places", "2,f,D,1", "--note", "rule 16", *db)
    result = load(db[1], tid).round(1).results[1]
    assert result.outcomes == ("played", "forfeit", "disqualified", "played")
    assert result.places == (2, 3, 3, 1)
    assert "2,1,F,3; not 'x'" in refused("result", tid, "1", "1", "--places", "2,x,1,3", *db)
    run("players", tid, "--add=Late", *db)
    shown = run("award", tid, "1", "5", "1.5", "--reason", "came late", *db)
    assert "points given: 1.5 (came late)" in " ".join(shown.split())
    assert "seated in round 1" in refused("award", tid, "1", "1", "1", "--reason", "x", *db)
    standings = {row.name: row for row in load(db[1], tid).standings()}
    assert standings["Late"].points == 1.5 and standings["Late"].per_round_kind == ["awarded"]
    out = tmp_path / "corrections.csv"
    results = tmp_path / "results.csv"
    run("export", tid, "--corrections", str(out), "--results", str(results), *db)
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert rows[0]["places_by_seat"] == "2 | forfeit (did not play) | disqualified (rule 16) | 1"
    assert "awarded" in results.read_text(encoding="utf-8-sig")


def test_forfeit_disqualification_and_awards_through_the_web_api(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'club.sqlite3'}"
    settings = ServerSettings(database_url=url, ai_processes=False, rate_limits=None)
    with TestClient(create_app(settings)) as http:
        http.post("/api/session/guest", json={"name": "Director"})
        tid = http.post("/api/tournaments", json={"name": "F", "seed": "f"}).json()["id"]
        base = f"/api/tournaments/{tid}"
        for number in range(1, 5):
            http.post(f"{base}/players", json={"name": f"P{number}"})
        http.post(f"{base}/rounds", json={"online": False})
        bad = http.post(f"{base}/rounds/1/tables/1", json={"places": [1, "gone", 2, 3]})
        assert bad.status_code == 422 and "forfeit" in bad.text
        entered = http.post(
            f"{base}/rounds/1/tables/1", json={"places": [1, "forfeit", "disqualified", 2]}
        )
        assert entered.status_code == 200, entered.text
        entry = entered.json()["entries"][0]
        assert entry["outcomes"] == ["played", "forfeit", "disqualified", "played"]
        assert entry["points"] == [3.0, 0.0, 0.0, 2.0]
        http.post(f"{base}/players", json={"name": "Late"})
        refused = http.post(f"{base}/rounds/1/awards", json={"player": 1, "points": 1})
        assert refused.status_code == 422  # no reason
        page = http.post(
            f"{base}/rounds/1/awards", json={"player": 5, "points": 1.5, "reason": "late"}
        )
        assert page.status_code == 200, page.text
        data = page.json()
        assert data["rounds"][0]["awarded"] == [
            {"player": 5, "name": "Late", "points": 1.5, "reason": "late"}
        ]
        late = next(row for row in data["standings"] if row["player"] == 5)
        assert late["per_round"] == [1.5] and late["per_round_kind"] == ["awarded"]
        seated = http.post(
            f"{base}/rounds/1/awards", json={"player": 1, "points": 1, "reason": "x"}
        )
        assert seated.status_code == 409 and "seated in round 1" in seated.text


def test_the_standings_printout_marks_points_that_are_not_a_game() -> None:
    tournament = new_tournament(8)
    tournament.seat_next(DIRECTOR)
    tournament.enter_places(1, 1, [2, "forfeit", 1, 3], DIRECTOR)
    tournament.enter_places(1, 2, ["disqualified", 1, 3, 2], DIRECTOR)
    late = tournament.register("Latecomer", DIRECTOR).player
    tournament.award(1, late, 1.5, DIRECTOR, reason="late")
    page = standings_page(tournament)
    assert page.count("0&nbsp;F") == 1 and page.count("0&nbsp;D") == 1
    assert "1.5&nbsp;A" in page and "F: forfeit (did not play), 0 points" in page
    plain = new_tournament(4)
    plain.seat_next(DIRECTOR)
    plain.enter_places(1, 1, [1, 2, 3, 4], DIRECTOR)
    assert "F: forfeit" not in standings_page(plain)
