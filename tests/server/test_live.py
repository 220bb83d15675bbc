"""Live play: reconnecting with the last seq, repeated submissions, chat, languages."""

from __future__ import annotations

import asyncio

from tests.server.client import Client
from tests.server.server_thread import ServerThread


def test_reconnect_and_resubmit_lose_no_move_and_apply_none_twice(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob:
            await ana.guest("Ana")
            await bob.guest("Bob")
            table = await ana.create("mabula", [{"kind": "me"}, {"kind": "open"}])
            await bob.post(f"/api/tables/{table['id']}/join", {})
            await ana.post(f"/api/tables/{table['id']}/start")
            a = await ana.socket(table["id"])
            state = await a.state(lambda m: m["to_move"] == 0)
            move = {"type": "move", "seq": state["seq"], "move": state["legal_moves"][0]["move"]}
            await a.send(move)
            assert (await a.next_of("ack"))["duplicate"] is False
            await a.send(move)  # the same submission again, e.g. after a lost answer
            repeated = await a.next_of("ack")
            assert repeated["duplicate"] is True and repeated["seq"] == state["seq"] + 1
            last_seen = (await a.state(lambda m: m["seq"] == state["seq"] + 1))["seq"]
            await a.close()
            # Bob moves while Ana is away.
            b = await bob.socket(table["id"])
            turn = await b.state(lambda m: m["to_move"] == 1)
            await b.send(
                {"type": "move", "seq": turn["seq"], "move": turn["legal_moves"][0]["move"]}
            )
            await b.next_of("ack")
            a = await ana.socket(table["id"], last_seq=last_seen)
            back = await a.state()
            assert back["seq"] == last_seen + 1
            assert [e["seq"] for e in back["last_moves"]] == [last_seen + 1]
            assert back["last_moves"][0]["seat"] == 1
            # The first submission once more, after reconnecting: answered, not applied.
            await a.send(move)
            assert (await a.next_of("ack"))["duplicate"] is True
            # Another move for that old position is refused, with the current position.
            other = state["legal_moves"][1]["move"]
            await a.send({"type": "move", "seq": state["seq"], "move": other})
            stale = await a.next_of("error")
            assert stale["code"] == "stale_seq"
            assert (await a.state())["seq"] == back["seq"]
            record_so_far = (await ana.http.get(f"/api/tables/{table['id']}")).json()
            assert record_so_far["status"] == "running"
            await a.send({"type": "sync", "last_seq": 0})
            everything = await a.state()
            assert [e["seq"] for e in everything["last_moves"]] == list(range(1, back["seq"] + 1))
            await a.close()
            await b.close()

    asyncio.run(scenario())


def test_moves_are_described_in_the_connections_language(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana:
            await ana.guest("Ana")
            table = await ana.create("mabula", [{"kind": "me"}, {"kind": "ai", "level": "easy"}])
            await ana.post(f"/api/tables/{table['id']}/start")
            words = {}
            for lang in ("de", "en", "fr"):
                socket = await ana.socket(table["id"], lang=lang)
                state = await socket.state(lambda m: m["to_move"] == 0)
                words[lang] = state["legal_moves"][0]["words"]
                await socket.send({"type": "language", "language": "en"})
                assert (await socket.state())["legal_moves"][0]["words"] == words.get(
                    "en", words[lang]
                ) or lang != "en"
                await socket.close()
            assert len(set(words.values())) == 3, words

    asyncio.run(scenario())


def test_chat_is_plain_text_limited_in_length_and_rate(server: ServerThread) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob:
            await ana.guest("Ana")
            await bob.guest("<b>Bob</b>")
            table = await ana.create("mabula", [{"kind": "me"}, {"kind": "open"}])
            a = await ana.socket(table["id"])
            b = await bob.socket(table["id"])
            await b.send({"type": "chat", "text": "<script>alert(1)</script> hi"})
            line = await a.next_of("chat")
            assert line["text"] == "<script>alert(1)</script> hi"
            assert line["author"] == "<b>Bob</b>"
            await b.send({"type": "chat", "text": "x" * 501})
            assert (await b.next_of("error"))["code"] == "chat_too_long"
            for n in range(11):
                await b.send({"type": "chat", "text": f"line {n}"})
            await b.send({"type": "chat", "text": "one too many"})
            assert (await b.next_of("error"))["code"] == "chat_too_fast"
            anonymous = Client(server.url)
            c = await anonymous.socket(table["id"])
            history = [await c.next_of("chat") for _ in range(12)]
            assert history[0]["text"].startswith("<script>")
            await c.send({"type": "chat", "text": "hello"})
            assert (await c.next_of("error"))["code"] == "not_signed_in"
            await anonymous.__aexit__()
            for socket in (a, b, c):
                await socket.close()

    asyncio.run(scenario())
