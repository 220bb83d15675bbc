"""Players sign themselves up through the tournament's link while the director has the
sign-up open; the director registers accounts by their username, never by a number."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from spieltisch.server.app import create_app
from spieltisch.server.infra.settings import Settings as ServerSettings
from spieltisch.tournament.errors import TournamentError
from tests.tournament.helpers import DIRECTOR, new_tournament
from tests.tournament.test_cli import load, refused, run


def test_the_sign_up_takes_people_only_while_it_is_open() -> None:
    tournament = new_tournament(2)
    with pytest.raises(TournamentError, match="closed: ask the director"):
        tournament.sign_up("Mia", "account:7")
    tournament.change_signup(True, DIRECTOR)
    entry = tournament.sign_up("Mia", "account:7")
    assert (entry.by, entry.account, entry.player) == ("account:7", "account:7", 3)
    with pytest.raises(TournamentError, match="registered already, as number 3"):
        tournament.sign_up("Mia again", "account:7")
    with pytest.raises(TournamentError, match="open already"):
        tournament.change_signup(True, DIRECTOR)
    tournament.change_signup(False, DIRECTOR)
    with pytest.raises(TournamentError, match="closed"):
        tournament.sign_up("Noah", "account:8")
    assert len(tournament.players) == 3


def test_sign_up_and_registration_by_username_through_the_web_api(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'club.sqlite3'}"
    settings = ServerSettings(database_url=url, ai_processes=False, rate_limits=None)
    app = create_app(settings)
    # One client: each `with TestClient(app)` runs the app's lifespan in an event loop of
    # its own, and three lifespans' background writers on one SQLite database met in
    # its write queue from three loops (a train failed so).
    with TestClient(app) as client:
        director, mia, ben = (Person(client, name) for name in ("Director", "Mia", "Ben"))
        tid = director.post("/api/tournaments", json={"name": "S", "seed": "s"}).json()["id"]
        base = f"/api/tournaments/{tid}"
        closed = mia.post(f"{base}/join", json={})
        assert closed.status_code == 409 and "closed" in closed.text
        assert mia.post(f"{base}/signup", json={"open": True}).status_code == 403
        opened = director.post(f"{base}/signup", json={"open": True})
        assert opened.status_code == 200 and opened.json()["signup_open"] is True
        joined = mia.post(f"{base}/join", json={})
        assert joined.status_code == 200, joined.text
        assert joined.json()["my_number"] == 1
        assert [p["name"] for p in joined.json()["players"]] == ["Mia"]
        again = mia.post(f"{base}/join", json={"name": "Mia 2"})
        assert again.status_code == 409 and "as number 1" in again.text

        claim = ben.post("/api/session/claim", json={"username": "Ben_K", "password": "x" * 12})
        assert claim.status_code == 200, claim.text
        unknown = director.post(f"{base}/players", json={"username": "nobody"})
        assert unknown.status_code == 409 and "No account with the username 'nobody'" in (
            unknown.text
        )
        page = director.post(f"{base}/players", json={"username": "ben_k"})
        assert page.status_code == 200, page.text
        ben_row = page.json()["players"][1]
        assert ben_row["name"] == "Ben" and ben_row["account"] is not None
        assert ben.get(base).json()["my_number"] == 2


class Person:
    """One person's requests through the one client, by their session's token."""

    def __init__(self, client: TestClient, name: str) -> None:
        answer = client.post("/api/session/guest", json={"name": name})
        assert answer.status_code == 200, answer.text
        client.cookies.clear()  # each acts by its token alone
        self.client = client
        self.headers = {"Authorization": f"Bearer {answer.json()['token']}"}

    def get(self, path: str) -> httpx.Response:
        return self.request("GET", path)

    def post(self, path: str, json: dict[str, Any]) -> httpx.Response:
        return self.request("POST", path, json)

    def request(self, method: str, path: str, json: Any = None) -> httpx.Response:
        answer: httpx.Response = self.client.request(method, path, json=json, headers=self.headers)
        self.client.cookies.clear()  # a cookie it set (claiming an account) is not the next's
        token = answer.json().get("token") if answer.status_code == 200 else None
        if isinstance(token, str):  # a claimed account's session is a new one
            self.headers = {"Authorization": f"Bearer {token}"}
        return answer


def test_the_sign_up_on_the_command_line(tmp_path: Path) -> None:
    db = ("--database", f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}")
    created = run("new", "Abend", "--seed", "a", "--rounds", "2", *db)
    tid = created.split("Tournament ", 1)[1].split(" ", 1)[0]
    shown = run("signup", tid, "--open", *db)
    assert f"#/tournament/{tid}" in shown
    assert load(db[1], tid).signup_open
    assert "open already" in refused("signup", tid, "--open", *db)
    run("signup", tid, "--close", *db)
    assert not load(db[1], tid).signup_open
