"""A director's refused step over the HTTP API is worded in the connection's language."""

from __future__ import annotations

import asyncio

from tests.server.client import Client
from tests.server.server_thread import ServerThread
from tests.server.tournaments import Director

EXPECTED = {
    "de": (
        "Kein Turnier 'nope'",
        "'Ana' ist bereits als Nummer 1 eingetragen",
        "Runde 2 ist nicht ausgelost: ausgelost sind die Runden noch keine",
    ),
    "fr": (
        "Aucun tournoi 'nope'",
        "'Ana' est déjà inscrit sous le numéro 1",
        "La ronde 2 n’est pas appariée\u202f: les rondes appariées sont aucune pour l’instant",
    ),
    "en": (
        "No tournament 'nope'",
        "'Ana' is registered already as number 1",
        "Round 2 is not seated: seated rounds are none yet",
    ),
}


def test_tournament_refusals_follow_accept_language(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as boss:
            await boss.guest("Director")
            director, _created = await Director.create(boss, name="Cup", rounds=2, seed="i18n")
            await director.register(name="Ana")
            for code, (unknown, twice, unseated) in EXPECTED.items():
                headers = {"Accept-Language": f"{code},en;q=0.5"}
                missing = await boss.http.get("/api/tournaments/nope", headers=headers)
                assert missing.status_code == 404 and unknown in missing.json()["detail"]
                again = await boss.http.post(
                    f"/api/tournaments/{director.id}/players", json={"name": "Ana"}, headers=headers
                )
                assert again.status_code == 409 and twice in again.json()["detail"], again.text
                path = f"/api/tournaments/{director.id}/rounds/2/tables/1"
                early = await boss.http.post(path, json={"places": [1, 2, 3, 4]}, headers=headers)
                assert early.status_code == 409 and unseated in early.json()["detail"], early.text

    asyncio.run(scenario())


def test_a_bad_value_in_a_tournament_step_is_worded_in_the_readers_language(
    server: ServerThread,
) -> None:
    """Figures of a table stopped by time with a value of the wrong type: pydantic refuses
    it inside the tournament, and the server words it with its sentences for validation
    errors (the same as for a request body), not in pydantic's English."""
    expected = {
        "de": ("Zahlen von Sitzplatz 1", "track: muss eine ganze Zahl sein"),
        "fr": ("chiffres du siège 1", "track\u202f: doit être un nombre entier"),
        "en": ("figures of seat 1", "track: must be a whole number"),
    }

    async def scenario() -> None:
        async with Client(server.url) as boss:
            await boss.guest("Director")
            director, _created = await Director.create(boss, name="Cup", rounds=2, seed="i18n")
            for index in range(4):
                await director.register(name=f"Hall {index + 1}")
            await director.start_round(online=False)
            path = f"/api/tournaments/{director.id}/rounds/1/tables/1"
            figures = [{"track": "many"}, {}, {}, {}]
            for code, (what, problem) in expected.items():
                headers = {"Accept-Language": code}
                bad = await boss.http.post(path, json={"stopped": figures}, headers=headers)
                detail = bad.json()["detail"]
                assert bad.status_code == 409 and what in detail and problem in detail, detail
                assert "Input should be" not in detail
            page = await director.get()
            assert page["rounds"][0]["tables"][0]["result"] is None  # nothing was changed

    asyncio.run(scenario())
