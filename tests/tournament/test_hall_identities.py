"""Hall identities: a hall player is a person of their own (two people called the same
are rated apart); the director merges a hall player with the same person of another
tournament, or splits them off again, and their rated games follow."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spieltisch.server.app import create_app
from spieltisch.server.infra.settings import Settings as ServerSettings
from spieltisch.store import Database
from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.identities import hall_identities
from spieltisch.tournament.ledger import Entry, entry_from_json, entry_to_json
from spieltisch.tournament.storage import TournamentStore
from spieltisch.tournament.tournament import Tournament
from tests.tournament.helpers import DIRECTOR, new_tournament, play_round
from tests.tournament.test_cli import load, refused, run


def test_two_hall_players_of_one_name_are_two_people() -> None:
    first, second = new_tournament(4), new_tournament(4)
    one = first.register("Anna", DIRECTOR)
    other = second.register("Anna", DIRECTOR)
    assert one.identity and other.identity and one.identity != other.identity
    assert one.identity.startswith("guest:anna/")
    rebuilt = Tournament(entry_from_json(entry_to_json(e)) for e in first.entries)
    assert rebuilt.players[5].rating_id == one.identity


def test_a_ledger_from_before_identities_keeps_rating_by_name() -> None:
    tournament = new_tournament(0)
    entries: list[Entry] = [
        *tournament.entries,
        entry_from_json({"kind": "registered", "player": 1, "name": "Anna", "by": DIRECTOR}),
    ]
    assert Tournament(entries).players[1].rating_id == "guest:anna"


def test_merge_and_split_move_the_rated_games() -> None:
    autumn = new_tournament(3)
    anna = autumn.register("Anna", DIRECTOR).identity
    assert anna is not None
    spring = new_tournament(3)
    spring.register("Anna M.", DIRECTOR, same_as=anna)
    play_round(spring, random.Random(2))
    assert any(anna in game.players for game in spring.rated_games("spring"))
    split = spring.link_identity(4, DIRECTOR, reason="another Anna")
    assert split.identity != anna and split.identity.startswith("guest:anna m./")
    assert not any(anna in game.players for game in spring.rated_games("spring"))
    spring.link_identity(4, DIRECTOR, reason="she is the same after all", same_as=anna)
    assert spring.players[4].rating_id == anna


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.link_identity(1, DIRECTOR, "x", "guest:player 2/x"), "player 2 of this"),
        (lambda t: t.link_identity(1, DIRECTOR, "x", "anna"), "no hall identity"),
        (lambda t: t.link_identity(1, DIRECTOR, " "), "give the reason"),
        (lambda t: t.link_identity(5, DIRECTOR, "x"), "has an account"),
        (lambda t: t.register("Bo", DIRECTOR, "account:9", same_as="guest:bo/1"), "account"),
    ],
)
def test_identities_that_cannot_be_are_refused(change: object, message: str) -> None:
    tournament = new_tournament(4)
    tournament.register("Eve", DIRECTOR, account="account:8")
    second = tournament.players[2]
    tournament.link_identity(2, DIRECTOR, "x", same_as="guest:player 2/x")
    assert second.rating_id == "guest:player 2/x"
    before = len(tournament.entries)
    with pytest.raises(TournamentError, match=message):
        change(tournament)  # type: ignore[operator]
    assert len(tournament.entries) == before


def test_merging_names_a_known_identity_on_the_command_line_and_the_api(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'club.sqlite3'}"
    db = ("--database", url)
    autumn = run("new", "Herbst", "--seed", "h", "--rounds", "1", *db).split()[1]
    run("players", autumn, "--add=Anna", "--add=Bernd", *db)
    anna = load(url, autumn).players[1].rating_id
    spring = run("new", "Frühling", "--seed", "f", "--rounds", "1", *db).split()[1]
    listed = " ".join(run("identities", "anna", *db).split())
    assert anna in listed and "Herbst" in listed and "Bernd" not in listed
    assert "No hall player has the identity 'guest:anna/zz'" in refused(
        "players", spring, "--add=Anna", "--same-as", "guest:anna/zz", *db
    )
    run("players", spring, "--add=Anna", "--same-as", anna, *db)
    assert load(url, spring).players[1].rating_id == anna
    shown = run("identity", spring, "1", "--split", "--reason", "other Anna", *db)
    assert "Player 1 (Anna) is rated as guest:anna/" in " ".join(shown.split())
    assert load(url, spring).players[1].rating_id != anna

    settings = ServerSettings(database_url=url, ai_processes=False, rate_limits=None)
    with TestClient(create_app(settings)) as http:
        anonymous = http.get("/api/identities", params={"name": "Anna"})
        assert anonymous.status_code == 401, anonymous.text  # who played where: not public
        http.post("/api/session/guest", json={"name": "Director"})
        everyone = http.get("/api/identities")
        assert everyone.status_code == 422 and "name" in everyone.text  # by name only
        tid = http.post("/api/tournaments", json={"name": "Sommer", "seed": "s"}).json()["id"]
        base = f"/api/tournaments/{tid}"
        found = http.get("/api/identities", params={"name": "ANNA"}).json()["identities"]
        assert {one["identity"] for one in found} >= {anna}
        page = http.post(f"{base}/players", json={"name": "Anna", "same_as": anna})
        assert page.status_code == 200, page.text
        assert page.json()["players"][0]["identity"] == anna
        both = http.post(f"{base}/players", json={"name": "X", "same_as": anna, "level": "easy"})
        assert both.status_code == 422
        split = http.post(f"{base}/players/1/identity", json={"reason": "not her"})
        assert split.status_code == 200, split.text
        assert split.json()["players"][0]["identity"] != anna
        merged = http.post(
            f"{base}/players/1/identity", json={"same_as": anna, "reason": "her after all"}
        )
        assert merged.json()["players"][0]["identity"] == anna

    async def everywhere() -> dict[str, list[str]]:
        database = Database(url)
        try:
            found = await hall_identities(TournamentStore(database))
            return {k: [one.tournament_name for one in v] for k, v in found.items()}
        finally:
            await database.close()

    assert asyncio.run(everywhere())[anna] == ["Herbst", "Sommer"]
