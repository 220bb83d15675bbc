"""Every list names seats as the table does (issue 42), on both backends: the API's seat
`name` of a computer is its level as people read it in the request's language (not the
id `easy`), each seat has its `mark` and `label` ("Gelb · Computer (leicht)"), and each
die's log entry names the seat whose turn it is."""

from __future__ import annotations

from typing import Any

import httpx

import spieltisch
from spieltisch.server.schemas.rest import SeatIn
from spieltisch.server.table import parts
from tests.server.in_process import a_table, an_app, connect, guest, run, states, until

COMPUTER = {"kind": "ai", "level": "easy"}


def ok(response: httpx.Response, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def test_seats_are_named_as_the_table_names_them(migrated_url: str) -> None:
    async def scenario() -> None:
        async with an_app(migrated_url) as (client, _services):
            _ana, ana = await guest(client, "Ana")
            seats = [{"kind": "me"}, COMPUTER, COMPUTER, {"kind": "open"}]
            body = {"game": "madn", "seats": seats}
            table = ok(await client.post("/api/tables", json=body, headers=ana), 201)
            for lang, computer, free in (
                ("de", "Computer (leicht)", "freier Sitzplatz"),
                ("fr", "ordinateur (facile)", "siège libre"),
                ("en", "computer (easy)", "open seat"),
            ):
                headers = {"Accept-Language": lang}
                listed = ok(await client.get("/api/tables", headers=headers))["tables"]
                described = next(t for t in listed if t["id"] == table["id"])
                marks = parts.seat_marks(spieltisch.load("madn", players=4), lang)
                shown = described["seats"]
                assert [seat["mark"] for seat in shown] == marks
                assert shown[0]["label"] == f"{marks[0]} · Ana"
                assert [seat["name"] for seat in shown[1:3]] == [computer, computer]
                assert shown[1]["label"] == f"{marks[1]} · {computer}"
                assert shown[1]["label"] != shown[2]["label"]  # never two alike
                assert shown[3]["label"] == f"{marks[3]} · {free}"

    run(scenario)


def test_each_die_names_the_seat_whose_turn_it_is(migrated_url: str) -> None:
    async def scenario() -> None:
        seats = [SeatIn(kind="me"), SeatIn(kind="ai", level="easy")]
        async with a_table(migrated_url, "madn", seats) as (runtime, room, (ana, _bob)):
            to_ana = connect(runtime, room, ana, "de")

            def rolled() -> int:
                return sum(item.seat is None for item in room.log)

            while rolled() < 3:  # Ana moves when she must (a 6), the computer plays itself
                await until(lambda: rolled() >= 3 or room.to_move() == 0)
                if room.to_move() == 0:
                    await runtime.submit(room, 0, room.seq, room.state.legal_moves()[0])
            shown = [entry for state in states(to_ana) for entry in state["last_moves"]]
            marks = parts.seat_marks(room.state.game, "de")
            dice = [entry for entry in shown if entry["seat"] is None and entry["turn"] is not None]
            assert dice
            for entry in dice:
                assert entry["mark"] == marks[entry["turn"]], entry
            for entry in shown:
                if entry["seat"] is not None:
                    assert entry["mark"] == marks[entry["seat"]], entry

    run(scenario)
