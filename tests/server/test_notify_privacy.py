"""The hostile check of notifications: Ana's email address (confirmed and pending), her
webhook's address and secret, the links her emails carry and what they say never reach
another account, in any HTTP answer or WebSocket message of a game they play or watch
with her; her webhook's requests are signed and verify with her secret only."""

from __future__ import annotations

import asyncio
import base64
import json
import re
import time

from spieltisch.server.infra.webhooks import SIGNATURE_HEADER, TIMESTAMP_HEADER, verify
from tests.server.client import Client
from tests.server.hooks import Receiver, receiver
from tests.server.mailbox import Mailbox, body, link, mailbox
from tests.server.server_thread import ServerThread
from tests.waiting import until

ADDRESS = "ana.private.7f3a@example.org"
PENDING = "ana.other.c41d@example.org"


async def confirmed(ana: Client, box: Mailbox) -> None:
    given = await ana.http.put("/api/me/email", json={"email": ADDRESS})
    assert given.status_code == 200, given.text
    await until(lambda: bool(box.to(ADDRESS)), what="the verification email")
    token = link(box.to(ADDRESS)[0], "/#/email/").rsplit("/", 1)[1]
    assert (await ana.http.post("/api/email/verify", json={"token": token})).status_code == 200


async def answers(client: Client, paths: list[str]) -> list[str]:
    texts = []
    for path in paths:
        answer = await client.http.get(path)
        assert answer.status_code == 200, (path, answer.text)
        texts.append(answer.text)
    return texts


def test_nothing_of_a_players_notifications_reaches_another_account(url: str) -> None:
    with mailbox() as (box, smtp), receiver() as (hooks, hook_url):
        served = ServerThread(
            url, smtp=smtp, public_url="http://tisch.example", outbox_poll_seconds=0.2
        )
        served.start()
        try:
            asyncio.run(_scenario(served, box, hooks, hook_url))
        finally:
            served.stop()


async def _scenario(served: ServerThread, box: Mailbox, hooks: Receiver, hook_url: str) -> None:
    async with Client(served.url) as ana, Client(served.url) as bob, Client(served.url) as eve:
        for client, name in ((ana, "Ana"), (bob, "Bob"), (eve, "Eve")):
            await client.guest(name)
        await confirmed(ana, box)
        await ana.http.put("/api/me/email", json={"email": PENDING})  # pending beside it
        hook = await ana.http.put("/api/me/webhook", json={"url": f"{hook_url}/ana-hook-91c2"})
        secret = hook.json()["secret"]
        eve_hook = await eve.http.put("/api/me/webhook", json={"url": f"{hook_url}/eve"})
        eve_secret = eve_hook.json()["secret"]
        await ana.http.put(
            "/api/me/notifications", json={"choices": {"chat": ["email", "webhook"]}}
        )
        mine = (await ana.http.get("/api/me/notifications")).json()
        assert mine["email"] == ADDRESS and mine["email_pending"] == PENDING  # her own: yes

        ana_id = ana.account["id"]
        table = await bob.create(
            "mabula", [{"kind": "me"}, {"kind": "reserved", "account": ana_id}]
        )
        await ana.post(f"/api/tables/{table['id']}/join", {})
        await bob.post(f"/api/tables/{table['id']}/start")
        bob_socket = await bob.socket(table["id"])
        eve_socket = await eve.socket(table["id"])
        await bob_socket.next_of("state")
        await eve_socket.next_of("state")
        await bob_socket.send({"type": "chat", "text": "Your move, Ana"})
        await bob_socket.find(lambda m: m["type"] == "chat")  # watchers do not hear it
        await bob.post(f"/api/tables/{table['id']}/resign")
        await eve_socket.find(lambda m: m["type"] == "table" and m["status"] == "finished")
        await until(
            lambda: (
                {json.loads(h.body)["kind"] for h in hooks.hooks()}
                >= {"invitation", "chat", "finished"}
            ),
            what="Ana's webhooks",
        )
        await until(lambda: len(box.to(ADDRESS)) >= 4, what="Ana's emails")

        paths = [
            "/api/me",
            "/api/session",
            "/api/me/notifications",
            f"/api/players/{ana_id}",
            f"/api/players/{bob.account['id']}",
            "/api/tables",
            f"/api/tables/{table['id']}",
            f"/api/games/{table['id']}/record",
        ]
        seen = await answers(bob, paths) + await answers(eve, paths)
        for socket in (bob_socket, eve_socket):
            await socket.close()
            seen += [json.dumps(message) for message in socket.messages]
        everything = "\n".join(seen)

        secrets = {ADDRESS, PENDING, "ana-hook-91c2", secret, "invites you", "is over"}
        for message in box.to(ADDRESS) + box.to(PENDING):
            secrets |= {token for token in re.findall(r"/#/\w+/([\w.-]{20,})", body(message))}
            secrets.add(str(message["Message-ID"]).strip("<>"))
        assert len(secrets) > 8
        tokens = [s for s in secrets if s.count(".") == 2 and len(s) > 40]
        assert len(tokens) >= 3  # the verification links and the unsubscribe link
        for token in tokens:
            # A link's token names the address by a digest, never the address itself.
            payload = token.split(".")[0]
            decoded = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
            assert ADDRESS.encode() not in decoded and PENDING.encode() not in decoded
        leaked = sorted(s for s in secrets if s in everything)
        assert leaked == [], f"another account was told {leaked}"
        assert "Your move, Ana" in everything  # the chat itself is the table's, as before

        ana_hooks = [h for h in hooks.hooks() if h.path.endswith("ana-hook-91c2")]
        assert ana_hooks
        for posted in ana_hooks:
            stamp, signature = posted.headers[TIMESTAMP_HEADER], posted.headers[SIGNATURE_HEADER]
            assert verify(secret, stamp, posted.body, signature, time.time())
            assert not verify(eve_secret, stamp, posted.body, signature, time.time())
            assert not verify(secret, str(int(stamp) - 3600), posted.body, signature, time.time())
        assert not [h for h in hooks.hooks() if h.path.endswith("/eve")]
