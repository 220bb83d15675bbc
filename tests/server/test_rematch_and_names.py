"""A rematch turns the seats, starts once however both ask, keeps its seats when its
asker leaves; a reservation is an invitation; an abort through the API (issue 42, found
by its audit). On both backends."""

from __future__ import annotations

import asyncio

from tests.server.client import Client
from tests.server.server_thread import ServerThread
from tests.server.tables import started_table

RACES = 6


async def _finished(ana: Client, bob: Client) -> str:
    """A game of Mabula Ana and Bob played (Ana at seat 0), ended by Ana resigning."""
    table = await started_table(ana, bob)
    await ana.post(f"/api/tables/{table}/resign")
    return table


def test_a_rematch_asked_by_both_at_once_starts_one_table_with_the_seats_turned(
    server: ServerThread,
) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob:
            for _race in range(RACES):
                table = await _finished(ana, bob)
                path = f"/api/tables/{table}/rematch"
                answers = await asyncio.gather(ana.http.post(path), bob.http.post(path))
                assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
                ids = {a.json()["id"] for a in answers}
                assert len(ids) == 1, ids  # one rematch, not two
                new = (await ana.http.get(f"/api/tables/{ids.pop()}")).json()
                assert new["status"] == "running"
                # Ana played seat 0 (white in Mabula): now seat 1, Bob seat 0.
                assert [s["account"] for s in new["seats"]] == [
                    bob.account["id"],
                    ana.account["id"],
                ]

    asyncio.run(scenario())


def test_a_rematch_keeps_the_askers_seat_when_they_leave_it(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob:
            table = await _finished(ana, bob)
            rematch = await ana.post(f"/api/tables/{table}/rematch")
            left = await ana.post(f"/api/tables/{rematch['id']}/leave")
            assert [s["kind"] for s in left["seats"]] == ["reserved", "reserved"]
            async with Client(server.url) as eve:
                await eve.guest("Eve")
                stranger = await eve.http.post(f"/api/tables/{rematch['id']}/join", json={})
                assert stranger.status_code == 409
            accepted = await bob.post(f"/api/tables/{table}/rematch")
            assert accepted["status"] == "open"  # Ana has not come back: nothing started
            back = await ana.post(f"/api/tables/{table}/rematch")
            assert back["status"] == "running"
            assert {s["account"] for s in back["seats"]} == {
                ana.account["id"],
                bob.account["id"],
            }

    asyncio.run(scenario())


def test_a_reserved_seat_is_an_invitation_without_the_name_until_accepted(
    server: ServerThread,
) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob:
            await ana.guest("Ana")
            await bob.guest("Bob")
            invited = [{"kind": "me"}, {"kind": "reserved", "account": bob.account["id"]}]
            table = await ana.create("mabula", invited)
            listed = (await ana.http.get("/api/tables")).json()["tables"]
            shown = next(t for t in listed if t["id"] == table["id"])
            assert shown["seats"][1]["kind"] == "reserved" and shown["seats"][1]["name"] is None
            declined = await bob.post(f"/api/tables/{table['id']}/leave")
            assert declined["seats"][1] == {**declined["seats"][1], "kind": "open", "account": None}
            table = await ana.create("mabula", invited)
            accepted = await bob.post(f"/api/tables/{table['id']}/join", {"seat": 1})
            assert accepted["seats"][1]["name"] == "Bob"

    asyncio.run(scenario())


def test_an_abort_before_every_person_moved_rates_nobody_and_keeps_the_record(
    server: ServerThread,
) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob:
            table = await started_table(ana, bob)
            bobs = await bob.socket(table)
            await bobs.state()
            aborted = await bob.post(f"/api/tables/{table}/abort")
            assert aborted["status"] == "aborted" and aborted["ending"] == {
                "how": "aborted",
                "by": 1,
            }
            final = await bobs.state(lambda m: m["status"] == "aborted")
            assert final["legal_moves"] == [] and final["to_move"] is None
            record = (await ana.http.get(f"/api/games/{table}/record")).json()
            assert record["result"] is None
            assert record["ended"] == {"how": "aborted", "by": 1, "left": [None, None]}
            ended = (await ana.http.get("/api/tables?finished=true")).json()["tables"]
            assert [t["status"] for t in ended if t["id"] == table] == ["aborted"]
            uploaded = await ana.post("/api/records", record, status=201)
            kept = (await ana.http.get(f"/api/records/{uploaded['id']}")).json()
            assert kept["ended"] == record["ended"]  # the replay says it was aborted
            rating = (await ana.http.get(f"/api/tables/{table}/rating")).json()
            assert rating["rated"] is False
            again = await ana.http.post(f"/api/tables/{table}/abort")
            assert again.status_code == 409
            await bobs.close()

    asyncio.run(scenario())


def test_watchers_chat_apart_and_never_pass_for_players(server: ServerThread) -> None:
    async def scenario() -> None:
        async with (
            Client(server.url) as ana,
            Client(server.url) as bob,
            Client(server.url) as eve,
        ):
            table = await started_table(ana, bob)
            await eve.guest("Red · Bob (you)")
            anas, eves = await ana.socket(table), await eve.socket(table)
            watching = await anas.receive(lambda m: m["type"] == "presence" and m["watching"])
            assert watching["watching"] == ["?"]  # her name would read as Bob's seat
            await eves.send({"type": "chat", "text": "Ana, push the corner!"})
            await anas.send({"type": "chat", "text": "good luck"})
            said = await eves.next_of("chat")
            assert said["text"] == "Ana, push the corner!" and said["watchers"] is True
            heard = await anas.next_of("chat")
            assert heard["text"] == "good luck"  # not the watcher's line
            lines = (await ana.http.get(f"/api/tables/{table}/chat")).json()
            assert [line["text"] for line in lines] == ["good luck"]
            await ana.post(f"/api/tables/{table}/resign")  # the game is over
            lines = (await ana.http.get(f"/api/tables/{table}/chat")).json()
            assert [(line["text"], line["watchers"]) for line in lines] == [
                ("Ana, push the corner!", True),
                ("good luck", False),
            ]
            # Ana, who gave up, is a player still: never among the watchers.
            last = [m for m in anas.messages if m["type"] == "presence"][-1]
            assert "Ana" not in last["watching"]
            for socket in (anas, eves):
                await socket.close()

    asyncio.run(scenario())
