"""Players sign themselves up through the tournament's link while the director has the
sign-up open; the director registers accounts by their username, never by a number."""

from __future__ import annotations

from pathlib import Path

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
    with TestClient(app) as director, TestClient(app) as mia, TestClient(app) as ben:
        director.post("/api/session/guest", json={"name": "Director"})
        tid = director.post("/api/tournaments", json={"name": "S", "seed": "s"}).json()["id"]
        base = f"/api/tournaments/{tid}"
        mia.post("/api/session/guest", json={"name": "Mia"})
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

        ben.post("/api/session/guest", json={"name": "Ben"})
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
