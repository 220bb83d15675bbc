"""Which tables are rated, and what rated tables refuse (in-process, through the API).

A table is rated when its result changes ratings: a tournament game, or a game where every
seat is a different person. Hints and takebacks are for casual games only, as on lichess.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from httpx import Cookies

from spieltisch.server.app import create_app
from spieltisch.server.infra.settings import Settings


def settings(tmp_path: Path) -> Settings:
    url = f"sqlite+aiosqlite:///{tmp_path / 'casual.sqlite3'}"
    return Settings(database_url=url, ai_processes=False, rate_limits=None)


def ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def as_guest(http: TestClient, name: str) -> tuple[int, Cookies]:
    """A new guest account signed in on `http`; its id and its cookies (to switch back)."""
    http.cookies = Cookies()
    account = ok(http.post("/api/session/guest", json={"name": name}))
    return account["id"], Cookies(http.cookies)


def test_a_tournament_game_is_rated_and_refuses_hints(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as http:
        director, _cookies = as_guest(http, "Director")
        created = ok(http.post("/api/tournaments", json={"name": "Cup", "rounds": 1}), 201)
        base = f"/api/tournaments/{created['id']}"
        ok(http.post(f"{base}/players", json={"account": director}))
        for bot in ("Bot 1", "Bot 2"):
            ok(http.post(f"{base}/players", json={"name": bot, "level": "easy"}))
        page = ok(http.post(f"{base}/rounds", json={"online": True}))
        table_id = page["rounds"][0]["tables"][0]["online"]
        described = ok(http.get(f"/api/tables/{table_id}"))
        # A computer seat alone would make the game casual: the tournament rates it.
        assert {seat["kind"] for seat in described["seats"]} == {"human", "ai"}
        assert described["tournament"] == created["id"] and described["rated"] is True
        refused = http.get(f"/api/tables/{table_id}/hint", headers={"Accept-Language": "de"})
        assert refused.status_code == 403, refused.text
        assert "Turnierpartie" in refused.json()["detail"]


def test_a_game_of_two_people_is_rated_and_one_with_a_computer_is_casual(
    tmp_path: Path,
) -> None:
    with TestClient(create_app(settings(tmp_path))) as http:
        _bo, bo_cookies = as_guest(http, "Bo")
        _ana, ana_cookies = as_guest(http, "Ana")
        seats = [{"kind": "me"}, {"kind": "open"}]
        table = ok(http.post("/api/tables", json={"game": "mabula", "seats": seats}), 201)
        assert table["rated"] is False  # an open seat: nobody knows yet
        http.cookies = bo_cookies
        ok(http.post(f"/api/tables/{table['id']}/join", json={"seat": 1}))
        http.cookies = ana_cookies
        started = ok(http.post(f"/api/tables/{table['id']}/start"))
        assert started["rated"] is True and started["tournament"] is None
        refused = http.get(f"/api/tables/{table['id']}/hint?lang=en")
        assert refused.status_code == 403, refused.text
        assert "No hints in a rated game" in refused.json()["detail"]
        refused = http.post(f"/api/tables/{table['id']}/takeback")
        assert refused.status_code == 403, refused.text
        assert "No takebacks in a rated game" in refused.json()["detail"]

        seats = [{"kind": "me"}, {"kind": "ai", "level": "easy"}]
        casual = ok(http.post("/api/tables", json={"game": "mabula", "seats": seats}), 201)
        assert casual["rated"] is False and casual["tournament"] is None
