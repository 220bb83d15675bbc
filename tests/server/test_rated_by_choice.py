"""Casual or rated by the creator's choice (issue 42), on both backends: what a table made
rated refuses (computer seats, one person twice, hints, takebacks), that a casual game
of two people changes nobody's rating, and that the lobby and the finished-games list
say which is which."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import httpx

from spieltisch.store.models import GameTable, Seat
from spieltisch.tournament.storage import _online_game
from tests.server.in_process import an_app, guest, run


def in_lang(headers: dict[str, str], lang: str) -> dict[str, str]:
    return {**headers, "Accept-Language": lang}


def ok(response: httpx.Response, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json()


async def two_people_table(
    client: httpx.AsyncClient, ana: dict[str, str], bob: dict[str, str], rated: bool
) -> str:
    """A started Mabula table of Ana and Bob, made rated or casual."""
    body = {"game": "mabula", "seats": [{"kind": "me"}, {"kind": "open"}], "rated": rated}
    table = ok(await client.post("/api/tables", json=body, headers=ana), 201)
    assert table["rated"] is rated  # said while the seat still waits for a person
    ok(await client.post(f"/api/tables/{table['id']}/join", json={}, headers=bob))
    started = ok(await client.post(f"/api/tables/{table['id']}/start", headers=ana))
    assert started["rated"] is rated and started["takebacks"] is not rated
    return str(table["id"])


def test_a_rated_table_takes_people_only_each_once(migrated_url: str) -> None:
    async def scenario() -> None:
        async with an_app(migrated_url) as (client, _services):
            _ana, ana = await guest(client, "Ana")
            seats = [{"kind": "me"}, {"kind": "ai", "level": "easy"}]
            body = {"game": "mabula", "seats": seats, "rated": True}
            refused = await client.post("/api/tables", json=body, headers=in_lang(ana, "de"))
            assert refused.status_code == 422, refused.text
            assert "Sitz 1 ist ein Computer: eine gewertete Partie" in refused.json()["detail"]
            refused = await client.post("/api/tables", json=body, headers=in_lang(ana, "fr"))
            assert "partie classée" in refused.json()["detail"]
            body["seats"] = [{"kind": "me"}, {"kind": "reserved", "account": _ana}]
            refused = await client.post("/api/tables", json=body, headers=in_lang(ana, "en"))
            assert refused.status_code == 422, refused.text
            assert "the same person sits at two seats" in refused.json()["detail"]
            # Casual with a computer is what it always was; nothing was made above.
            body = {"game": "mabula", "seats": seats, "rated": False}
            casual = ok(await client.post("/api/tables", json=body, headers=ana), 201)
            assert casual["rated"] is False and casual["takebacks"] is True
            listed = ok(await client.get("/api/tables"))["tables"]
            assert [table["id"] for table in listed] == [casual["id"]]

    run(scenario)


def test_two_people_choose_casual_or_rated(migrated_url: str) -> None:
    async def scenario() -> None:
        async with an_app(migrated_url) as (client, _services):
            ana_id, ana = await guest(client, "Ana")
            _bob_id, bob = await guest(client, "Bob")
            client.cookies.clear()  # each acts by its token alone
            rated = await two_people_table(client, ana, bob, rated=True)
            casual = await two_people_table(client, ana, bob, rated=False)
            listed = {t["id"]: t["rated"] for t in ok(await client.get("/api/tables"))["tables"]}
            assert listed == {rated: True, casual: False}
            # A rated game refuses the aids; the casual one of the same two people has them.
            refused = await client.get(f"/api/tables/{rated}/hint", headers=in_lang(ana, "en"))
            assert refused.status_code == 403 and "rated game" in refused.json()["detail"]
            refused = await client.post(f"/api/tables/{rated}/takeback", headers=in_lang(ana, "en"))
            assert refused.status_code == 403 and "rated game" in refused.json()["detail"]
            hint = await client.get(f"/api/tables/{casual}/hint", headers=in_lang(ana, "en"))
            assert hint.status_code in (200, 409), hint.text  # 409: not Ana's turn
            # Both end (Bob gives up): only the rated one changes ratings.
            for table in (rated, casual):
                ok(await client.post(f"/api/tables/{table}/resign", headers=bob))
            assert ok(await client.get(f"/api/tables/{rated}/rating"))["rated"] is True
            assert ok(await client.get(f"/api/tables/{casual}/rating"))["rated"] is False
            history = ok(await client.get(f"/api/players/{ana_id}/ratings"))
            changes = [c for game in history["games"] for c in game["changes"]]
            assert len(changes) == 1
            finished = ok(await client.get("/api/tables?finished=true"))["tables"]
            assert {t["id"]: t["rated"] for t in finished} == {rated: True, casual: False}

    run(scenario)


def test_people_and_a_computer_made_rated_are_rated_among_themselves(migrated_url: str) -> None:
    """Three people and a computer, made rated: the table says rated (no takebacks, no
    hints), and its result rates the people by their places among themselves: the
    computer's seat is not rated. One person and a computer stay refused."""

    async def scenario() -> None:
        async with an_app(migrated_url) as (client, _services):
            _ana, ana = await guest(client, "Ana")
            seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]
            seats.append({"kind": "ai", "level": "easy"})
            body = {"game": "mahe", "seats": seats, "rated": True}
            table = ok(await client.post("/api/tables", json=body, headers=ana), 201)
            assert table["rated"] is True and table["takebacks"] is False

    run(scenario)
    # The people's places among themselves: Ana 2nd, the computer 1st, Bob 4th, Cleo 3rd.
    table = GameTable(
        id="t1",
        game="mahe",
        rated=True,
        finished_at=datetime(2026, 12, 6, tzinfo=UTC),
        result={"ranking": [2, 1, 4, 3]},
    )
    seats = [Seat(table_id="t1", seat=i, account_id=a) for i, a in enumerate([7, None, 8, 9])]
    rated = _online_game(table, seats)
    assert rated is not None
    assert rated.players == ("account:7", "account:8", "account:9")
    assert rated.places == (1, 3, 2)
    # Left to the seats (not chosen), a computer seat leaves it casual, as before; a
    # tie among the people stays a tie.
    casual = GameTable(**{**_fields(table), "rated": None, "result": table.result})
    assert _online_game(casual, seats) is None
    tied = GameTable(**{**_fields(table), "result": {"ranking": [1, 4, 2, 2]}})
    found = _online_game(tied, seats)
    assert found is not None and found.places == (1, 2, 2)


def _fields(table: GameTable) -> dict[str, Any]:
    return {name: getattr(table, name) for name in ("id", "game", "rated", "finished_at")}
