"""Notifications from the tables' events, end to end: an invitation, "your turn", a chat
line and "game over" reach a person away from the table by email (a real SMTP server)
and by a signed webhook (a small receiver), each once; nothing for a person at the
table or for a channel not chosen."""

from __future__ import annotations

import json
import time

import httpx

from spieltisch.server.infra.webhooks import SIGNATURE_HEADER, TIMESTAMP_HEADER, verify
from tests.server.hooks import Hook, receiver
from tests.server.in_process import an_app, run, until
from tests.server.mailbox import Mailbox, body, link, mailbox

SITE = "http://tisch.example"


async def with_address(
    client: httpx.AsyncClient, name: str, address: str, box: Mailbox
) -> tuple[int, dict[str, str]]:
    """A guest with a verified email address."""
    answer = await client.post("/api/session/guest", json={"name": name})
    account, headers = answer.json()["id"], {"Authorization": f"Bearer {answer.json()['token']}"}
    await client.put("/api/me/email", json={"email": address}, headers=headers)
    await until(lambda: bool(box.to(address)), what="the verification email")
    token = link(box.to(address)[0], "/#/email/").rsplit("/", 1)[1]
    assert (await client.post("/api/email/verify", json={"token": token})).status_code == 200
    client.cookies.clear()
    return account, headers


def signed(hook: Hook, secret: str) -> bool:
    return verify(
        secret,
        hook.headers[TIMESTAMP_HEADER],
        hook.body,
        hook.headers[SIGNATURE_HEADER],
        time.time(),
    )


def test_invitation_turn_chat_and_game_over_by_email_and_webhook_once(url: str) -> None:
    async def scenario() -> None:
        with mailbox() as (box, smtp), receiver() as (hooks, hook_url):
            settings = {"smtp": smtp, "public_url": SITE, "outbox_poll_seconds": 0.2}
            async with an_app(url, **settings) as (client, svc):
                ana, ana_headers = await with_address(client, "Ana", "ana@example.org", box)
                bob, bob_headers = await with_address(client, "Bob", "bob@example.org", box)
                hook = await client.put(
                    "/api/me/webhook", json={"url": hook_url}, headers=bob_headers
                )
                assert hook.status_code == 200, hook.text
                secret = hook.json()["secret"]
                # Ana hears nothing by email of a chat line (the default); Bob chooses
                # chat lines by email too.
                chose = await client.put(
                    "/api/me/notifications",
                    json={"choices": {"chat": ["email", "webhook"]}},
                    headers=bob_headers,
                )
                assert chose.json()["choices"]["chat"] == ["email", "webhook"]

                made = await client.post(
                    "/api/tables",
                    json={
                        "game": "mabula",
                        "seats": [{"kind": "me"}, {"kind": "reserved", "account": bob}],
                    },
                    headers=ana_headers,
                )
                assert made.status_code == 201, made.text
                table = made.json()["id"]
                await until(lambda: len(box.to("bob@example.org")) == 2, what="the invitation")
                invitation = box.to("bob@example.org")[1]
                assert invitation["Subject"] == "Ana invites you to a table of Mabula"
                assert link(invitation, "/#/table/") == f"{SITE}/#/table/{table}"
                assert "List-Unsubscribe" in invitation
                for path in (f"/api/tables/{table}/join", f"/api/tables/{table}/start"):
                    who = bob_headers if path.endswith("join") else ana_headers
                    answer = await client.post(
                        path, json={} if "join" in path else None, headers=who
                    )
                    assert answer.status_code == 200, answer.text

                runtime = svc.runtime
                room = await runtime.room(table)
                await until(lambda: room.to_move() is not None)
                first = room.to_move()
                assert first is not None
                mover = [ana, bob][first]
                await runtime.submit(room, first, room.seq, room.state.legal_moves()[0])
                other = "bob@example.org" if mover == ana else "ana@example.org"
                await until(
                    lambda: any(m["Subject"] == "Your turn at Mabula" for m in box.to(other)),
                    what="your turn",
                )
                await runtime.say(room, ana, "Good luck, Bob!")
                await until(
                    lambda: any("Good luck, Bob!" in body(m) for m in box.to("bob@example.org")),
                    what="the chat line by email",
                )
                resigned = await client.post(f"/api/tables/{table}/resign", headers=ana_headers)
                assert resigned.status_code == 200, resigned.text
                await until(
                    lambda: any("is over" in m["Subject"] for m in box.to("bob@example.org")),
                    what="game over",
                )
                finished = next(m for m in box.to("bob@example.org") if "is over" in m["Subject"])
                assert "Your place: 1" in body(finished)
                kinds = {"invitation", "chat", "finished"} | ({"turn"} if mover == ana else set())
                await until(
                    lambda: {json.loads(h.body)["kind"] for h in hooks.hooks()} >= kinds,
                    what=f"the webhooks {kinds}",
                )
                # Give the sender its rounds: nothing more arrives, nothing twice.
                assert svc.sender is not None
                while await svc.sender.send_due():
                    pass
                for hook_sent in hooks.hooks():
                    assert signed(hook_sent, secret), hook_sent
                    assert not signed(hook_sent, secret[:-1] + "x")
                    tampered = Hook(hook_sent.path, hook_sent.headers, hook_sent.body + b" ")
                    assert not signed(tampered, secret)
                posted = [json.loads(h.body) for h in hooks.hooks()]
                assert len({p["id"] for p in posted}) == len(posted), "a webhook sent twice"
                chat = next(p for p in posted if p["kind"] == "chat")
                assert chat["text"] == "Good luck, Bob!" and chat["by"] == "Ana"
                assert chat["url"] == f"{SITE}/#/table/{table}"
                subjects = [m["Subject"] for m in box.to("bob@example.org")]
                assert len(subjects) == len(set(subjects)), subjects
                # Ana chose no chat email and gets no email of her own chat line.
                assert not any("wrote" in m["Subject"] for m in box.to("ana@example.org"))

    run(scenario)


def test_a_digest_gathers_the_emails_of_its_period_into_one(url: str) -> None:
    from datetime import timedelta

    from spieltisch.server.infra.notify_tokens import LinkTokens
    from spieltisch.server.infra.settings import Settings
    from spieltisch.server.services.outbox import Sender
    from spieltisch.server.services.table_notices import Happening, write
    from spieltisch.store import Database
    from spieltisch.store.models import Account, now
    from spieltisch.store.notify import ContactRow

    async def scenario() -> None:
        with mailbox() as (box, smtp):
            database = Database(url)
            try:
                async with database.session() as session:
                    bob = Account(name="Bob")
                    session.add(bob)
                    await session.flush()
                    session.add(
                        ContactRow(
                            account_id=bob.id, email="bob@example.org", choices={}, digest=True
                        )
                    )
                    await session.commit()
                    base = {"table": "t1", "title": "Mahé"}
                    found = [
                        Happening("turn", bob.id, f"turn:t1:{seq}:{bob.id}", {**base, "seq": seq})
                        for seq in (3, 9)
                    ]
                    found.append(
                        Happening(
                            "invitation",
                            bob.id,
                            f"invite:t2:{bob.id}",
                            {**base, "by": "Ana", "table": "t2"},
                        )
                    )
                    assert await write(session, found, 3600.0) == 3
                    await session.commit()
                settings = Settings(database_url=url, smtp=smtp, public_url=SITE)
                moment = [now()]
                sender = Sender(database, settings, LinkTokens("key"), clock=lambda: moment[0])
                assert await sender.send_due() == 0  # not before the digest's hour
                moment[0] += timedelta(hours=1)
                assert await sender.send_due() == 3
                [digest] = box.to("bob@example.org")
                assert digest["Subject"] == "3 notifications from spieltisch"
                text = body(digest)
                assert text.count("Your turn at Mahé") == 2
                assert "Ana invites you to a table of Mahé" in text
                assert f"{SITE}/#/table/t2" in text and f"{SITE}/#/unsubscribe/" in text
                assert await sender.send_due() == 0
            finally:
                await database.close()

    run(scenario)
