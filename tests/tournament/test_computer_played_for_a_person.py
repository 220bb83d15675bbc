"""An online tournament game in which the computer played a person's seat (handed over:
given up, or claimed by the others while the person was away) is marked, and the
director decides whether it is rated; its result stands in the standings either way."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.server.app import create_app
from spieltisch.server.infra.settings import Settings as ServerSettings
from spieltisch.store import Database
from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.ledger import entry_from_json, entry_to_json
from spieltisch.tournament.storage import TournamentStore
from spieltisch.tournament.tournament import Tournament
from tests.tournament.helpers import DIRECTOR, new_tournament
from tests.tournament.test_cli import load, run


def _record(ranking: list[int], resigned: list[int]) -> dict[str, Any]:
    result: dict[str, Any] = {"ranking": ranking, "scores": [0] * 4, "returns": [0] * 4}
    if resigned:
        result["resigned"] = resigned
    return {"format": "spieltisch-record/1", "game": "madn", "history": [], "result": result}


def _with_online_results(tournament: Tournament) -> None:
    tournament.seat_next(DIRECTOR)
    tournament.open_online(1, {1: "t1", 2: "t2"}, DIRECTOR)
    tournament.enter_online(1, 1, _record([1, 2, 4, 3], resigned=[2]), "server", "t1")
    tournament.enter_online(1, 2, _record([2, 1, 3, 4], resigned=[]), "server", "t2")


def test_a_game_the_computer_played_for_someone_is_marked_and_rated_as_decided() -> None:
    tournament = new_tournament(8)
    _with_online_results(tournament)
    played = tournament.round(1)
    assert played.results[1].handed == (2,) and played.results[2].handed == ()
    assert len(tournament.rated_games("t")) == 2 and played.rated(1)
    tournament.decide_rating(1, 1, False, DIRECTOR, reason="Ben's train was late")
    assert [game.key for game in tournament.rated_games("t")] == ["tournament:t/1/2"]
    points = {row.player: row.points for row in tournament.standings()}
    assert points[played.tables[0][2]] == 0 and points[played.tables[0][0]] == 3
    tournament.decide_rating(1, 1, True, DIRECTOR, reason="he had left on purpose")
    assert len(tournament.rated_games("t")) == 2
    rebuilt = Tournament(entry_from_json(entry_to_json(e)) for e in tournament.entries)
    assert rebuilt.round(1).rating[1].reason == "he had left on purpose"
    with pytest.raises(TournamentError, match="no online game in which the computer played"):
        tournament.decide_rating(1, 2, False, DIRECTOR, reason="x")
    with pytest.raises(TournamentError, match="give the reason"):
        tournament.decide_rating(1, 1, False, DIRECTOR, reason=" ")


def test_the_decision_on_the_command_line_and_through_the_web_api(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'club.sqlite3'}"
    settings = ServerSettings(database_url=url, ai_processes=False, rate_limits=None)
    with TestClient(create_app(settings)) as http:
        http.post("/api/session/guest", json={"name": "Director"})
        tid = http.post("/api/tournaments", json={"name": "R", "seed": "r"}).json()["id"]
        base = f"/api/tournaments/{tid}"
        for number in range(1, 9):
            http.post(f"{base}/players", json={"name": f"P{number}"})

        async def online() -> None:
            database = Database(url)
            try:
                await TournamentStore(database).act(tid, _with_online_results)
            finally:
                await database.close()

        asyncio.run(online())
        table = http.get(base).json()["rounds"][0]["tables"][0]
        assert table["result"]["handed"] == [2] and table["rated"] is True
        decided = http.post(
            f"{base}/rounds/1/tables/1/rating", json={"rated": False, "reason": "away"}
        )
        assert decided.status_code == 200, decided.text
        table = decided.json()["rounds"][0]["tables"][0]
        assert table["rated"] is False and table["rating_reason"] == "away"
        refused = http.post(
            f"{base}/rounds/1/tables/2/rating", json={"rated": False, "reason": "x"}
        )
        assert refused.status_code == 409
    db = ("--database", url)
    shown = run("rating", tid, "1", "1", "--rated", "--reason", "left on purpose", *db)
    assert "Round 1, table 1: rated (left on purpose)" in " ".join(shown.split())
    assert load(url, tid).round(1).rated(1)
    seated = run("seat", tid, "--round", "1", *db)
    assert "Table 1: the computer played for" in " ".join(seated.split())
