"""Tournaments over the HTTP API: a round played online (tables opened for the players'
accounts and computer entrants with the round clock, results taken when the games end),
a hall table entered by rule 18, corrections, the director's rights, the exports and
printable pages, and the rating change a game made."""

from __future__ import annotations

import asyncio
import csv
import io
import re

from typer.testing import CliRunner

from spieltisch.cli.app import app
from tests.server.client import Client
from tests.server.server_thread import ServerThread
from tests.server.tournaments import (
    Director,
    command_line,
    made_on_the_command_line,
    play_my_tables,
)


def test_a_round_played_online_and_in_the_hall(server: ServerThread) -> None:
    async def scenario() -> None:
        async with (
            Client(server.url) as boss,
            Client(server.url) as ana,
            Client(server.url) as bo,
            Client(server.url) as stranger,
        ):
            await boss.guest("Director")
            players = {}
            director, created = await Director.create(
                boss, name="Online cup", rounds=2, round_minutes=0.05, seed="online-1"
            )
            assert created["can_direct"] and created["settings"]["seed"] == "online-1"
            for client, name in ((ana, "Ana"), (bo, "Bo")):
                account = await client.guest(name)
                page = await director.register(account=account["id"])
                players[page["players"][-1]["number"]] = client
            for index in range(2):
                await director.register(name=f"Bot {index + 1}", level="easy")
            for name in ("Hall Hanna", "Hall Heinz", "Hall Hugo", "Hall Hedda"):
                await director.register(name=name)  # no account: a board in the hall
            await stranger.guest("Stranger")
            refused = await stranger.http.post(
                f"/api/tournaments/{director.id}/rounds", json={"online": True}
            )
            assert refused.status_code == 403

            page = await director.start_round()
            tables = page["rounds"][0]["tables"]
            assert sorted(len(t["seats"]) for t in tables) == [4, 4]
            hall = [t for t in tables if any(s["name"] == "Hall Hanna" for s in t["seats"])]
            online = [t for t in tables if t["online"]]
            assert len(hall) == 1 and hall[0]["online"] is None and len(online) == 1
            assert [s["colour"] for s in online[0]["seats"]] == ["red", "black", "yellow", "green"]
            described = await boss.http.get(f"/api/tables/{online[0]['online']}")
            seats = described.json()["seats"]
            assert {s["kind"] for s in seats} <= {"human", "ai"}
            assert described.json()["clock"]["round_seconds"] == 3

            await play_my_tables(players, tables, seed=1)
            number = hall[0]["number"]
            figures = [
                {"goal": [4, 3], "track": 1, "distance": 20},
                {"goal": [4], "track": 2, "distance": 30},
                {"goal": [4], "track": 2, "distance": 30},
                {"finished": 1},
            ]
            audit = await director.enter(1, number, stopped=figures)
            assert audit["entries"][0]["places"][3] == 1
            assert audit["entries"][0]["places"][0] == 2
            assert audit["entries"][0]["lots"]  # seats 2 and 3 are equal: a lot decides
            page = await director.wait_for_online_results(1)
            table = next(t for t in page["rounds"][0]["tables"] if t["online"])
            assert table["result"]["how"] == "online" and table["status"] == "finished"
            assert table["result"]["by"] == "server"

            # The standings are the points of the results.
            points: dict[int, float] = {}
            for t in page["rounds"][0]["tables"]:
                for seat, value in zip(t["seats"], t["result"]["points"], strict=True):
                    points[seat["player"]] = value
            assert {row["player"]: row["points"] for row in page["standings"]} == points

            # The game's rating change is shown for the online table.
            rating = (await ana.http.get(f"/api/tables/{table['online']}/rating")).json()
            assert rating["rated"] and rating["tournament"] == director.id
            assert len(rating["changes"]) == 4

            # A correction of the online table replaces it; its history keeps both.
            reversed_places = [5 - p for p in table["result"]["places"]]
            audit = await director.enter(1, table["number"], places=reversed_places, note="x")
            assert [len(audit["entries"]), audit["entries"][-1]["corrections"]] == [2, 1]
            assert audit["entries"][-1]["by"] == "Director"
            page = await director.get()
            assert [t["result"]["places"] for t in page["rounds"][0]["tables"] if t["online"]] == [
                reversed_places
            ]
            not_yours = await stranger.http.post(
                f"/api/tournaments/{director.id}/rounds/1/tables/1", json={"places": [1, 2, 3, 4]}
            )
            assert not_yours.status_code == 403
            bad = await boss.http.post(
                f"/api/tournaments/{director.id}/rounds/1/tables/1", json={"places": [1, 1, 9, 2]}
            )
            assert bad.status_code == 409 and "Places" in bad.json()["detail"]

            # Exports and printable pages, colours in the asked language.
            results = await boss.http.get(f"/api/tournaments/{director.id}/results.csv?lang=de")
            text = results.text.removeprefix("\ufeff")  # German spreadsheets: BOM and ';'
            rows = list(csv.DictReader(io.StringIO(text), delimiter=";"))
            assert {row["Farbe"] for row in rows} == {"Rot", "Schwarz", "Gelb", "Grün"}
            sheet = await boss.http.get(f"/print/tournaments/{director.id}/round-1.html?lang=fr")
            assert sheet.status_code == 200 and "rouge" in sheet.text
            missing = await boss.http.get(f"/print/tournaments/{director.id}/round-7.html")
            assert missing.status_code == 409
            unknown = await boss.http.get("/api/tournaments/nothing-here")
            assert unknown.status_code == 404

            # Leaderboard and the player's rating history.
            board = (await boss.http.get("/api/ratings/madn")).json()
            names = {row["name"] for row in board["players"]}
            assert {"Ana", "Bo", "Hall Hanna"} <= names
            history = (await ana.http.get(f"/api/players/{ana.account['id']}/ratings")).json()
            assert history["games"][0]["changes"][-1]["tournament"] == director.id

    asyncio.run(scenario())


def test_a_tournament_made_on_the_command_line_is_handed_over_to_the_browser(
    server: ServerThread,
) -> None:
    """A tournament created with `spieltisch tournament new` on the server's database is
    directed by a login name, not an account: the page says so and how to hand it over;
    `spieltisch tournament director ID --account NAME` gives it to an account, which then
    directs it through the API, and the command line still works beside it."""
    db = ("--database", server.database_url)
    cli = command_line(server.database_url)
    tid = made_on_the_command_line(cli, "Hall cup", 8)

    async def scenario() -> str:
        async with Client(server.url) as boss, Client(server.url) as other:
            account = await boss.guest("Boss")
            username = f"boss{account['id']}"
            await boss.post("/api/session/claim", {"username": username, "password": "a long one"})
            await other.guest("Other")
            page = await Director(boss, tid).get()
            assert page["director"] == "desk"
            assert not page["can_direct"] and not page["directed_online"]
            refused = await boss.http.post(f"/api/tournaments/{tid}/rounds", json={"online": False})
            assert refused.status_code == 403

            handed = await asyncio.to_thread(
                cli, "director", tid, "--account", username, "--by", "desk"
            )
            assert username in handed
            director = Director(boss, tid)
            page = await director.get()
            assert page["director"] == "Boss" and page["can_direct"] and page["directed_online"]
            seen = (await other.http.get(f"/api/tournaments/{tid}")).json()
            assert seen["directed_online"] and not seen["can_direct"]
            page = await director.start_round(online=False)
            assert len(page["rounds"]) == 1
            stranger = await other.http.post(f"/api/tournaments/{tid}/rounds", json={})
            assert stranger.status_code == 403
            return username

    username = asyncio.run(scenario())
    again = CliRunner().invoke(app, ["tournament", "director", tid, "--account", username, *db])
    assert again.exit_code == 2 and "already" in again.output, again.output
    unknown = CliRunner().invoke(
        app, ["tournament", "director", tid, "--account", "nobody-here", *db]
    )
    assert unknown.exit_code == 2 and "nobody-here" in unknown.output
    # The command line still directs it beside the browser: the ledger keeps both.
    cli("result", tid, "1", "1", "--places", "1,2,3,4", "--by", "desk")
    standings = cli("standings", tid)
    assert "Player 1" in standings


def test_a_game_given_up_in_an_online_round_is_its_result(server: ServerThread) -> None:
    """A tournament of two-seat tables: a player resigns; the table's record is an
    ordinary finished one (the resigner last, marked), and the round takes it."""

    async def scenario() -> None:
        async with (
            Client(server.url) as boss,
            Client(server.url) as ana,
            Client(server.url) as bo,
        ):
            await boss.guest("Director")
            director, _created = await Director.create(
                boss, name="Duel cup", game="mabula", table_size=2, rounds=1, seed="duel-1"
            )
            numbers = {}
            for client, name in ((ana, "Ana"), (bo, "Bo")):
                account = await client.guest(name)
                page = await director.register(account=account["id"])
                numbers[name] = page["players"][-1]["number"]
            page = await director.start_round()
            table = page["rounds"][0]["tables"][0]
            seats = [seat["player"] for seat in table["seats"]]
            assert sorted(seats) == sorted(numbers.values()) and table["online"]
            resigner = ana if seats.index(numbers["Ana"]) == 0 else bo
            described = await resigner.post(f"/api/tables/{table['online']}/resign")
            assert described["status"] == "finished"
            record = (await boss.http.get(f"/api/games/{table['online']}/record")).json()
            assert record["result"]["resigned"] == [0] and record["result"]["ranking"] == [2, 1]
            page = await director.wait_for_online_results(1)
            entered = page["rounds"][0]["tables"][0]["result"]
            assert entered["how"] == "online" and entered["places"] == [2, 1]
            standings = {row["player"]: row["points"] for row in page["standings"]}
            assert standings[seats[1]] > standings[seats[0]]

    asyncio.run(scenario())


def test_a_command_line_tournament_is_taken_over_in_the_browser_with_a_one_time_code(
    server: ServerThread,
) -> None:
    """`spieltisch tournament director ID --code` prints a one-time code; a signed-in
    account that posts it to /api/tournaments/ID/director directs the tournament. A wrong
    code changes nothing, and the code works only once (docs/tournaments.md, "Who
    directs")."""
    db = ("--database", server.database_url)
    cli = command_line(server.database_url)
    tid = made_on_the_command_line(cli, "Code cup", 4)
    both = CliRunner().invoke(app, ["tournament", "director", tid, "--account", "x", "--code", *db])
    assert both.exit_code == 2 and "one of the two" in both.output, both.output

    async def scenario() -> None:
        async with Client(server.url) as boss, Client(server.url) as other:
            await boss.guest("Boss")
            await other.guest("Other")
            path = f"/api/tournaments/{tid}/director"
            page = await Director(boss, tid).get()
            assert not page["hand_over_open"] and not page["can_direct"]
            early = await boss.http.post(path, json={"code": "AAAAA-AAAAA"})
            assert early.status_code == 409 and "--code" in early.json()["detail"], early.text

            printed = await asyncio.to_thread(cli, "director", tid, "--code", "--by", "desk")
            found = re.search(r"code ([A-Z2-9]{5}-[A-Z2-9]{5})", printed)
            assert found and f"#/tournament/{tid}" in printed, printed
            code = found.group(1)
            page = await Director(other, tid).get()
            assert page["hand_over_open"] and page["director"] == "desk"

            wrong = await other.http.post(
                path, json={"code": "AAAAA-AAAAA"}, headers={"Accept-Language": "de"}
            )
            assert wrong.status_code == 409, wrong.text
            assert "nicht der Übergabecode" in wrong.json()["detail"]
            assert (await Director(other, tid).get())["director"] == "desk"
            empty = await other.http.post(path, json={"code": ""})
            assert empty.status_code == 422

            taken = await boss.http.post(path, json={"code": code.lower().replace("-", " ")})
            assert taken.status_code == 200, taken.text
            page = taken.json()
            assert page["director"] == "Boss" and page["can_direct"] and page["directed_online"]
            assert not page["hand_over_open"]
            again = await other.http.post(path, json={"code": code})
            assert (
                again.status_code == 409 and "No hand-over code is open" in again.json()["detail"]
            )
            page = await Director(boss, tid).start_round(online=False)
            assert len(page["rounds"]) == 1
            refused = await other.http.post(f"/api/tournaments/{tid}/rounds", json={})
            assert refused.status_code == 403

    asyncio.run(scenario())
    anonymous = CliRunner().invoke(app, ["tournament", "standings", tid, *db])
    assert anonymous.exit_code == 0  # the command line still reads and directs beside it
