"""An account's email address: given, verified by the emailed link, changed, removed;
the password reset by email; the one-click unsubscribe. Against a real SMTP server
(aiosmtpd) started by the test: what is checked is what arrives."""

from __future__ import annotations

from email.message import EmailMessage

import httpx

from spieltisch.store.notify import Notice, add_notices
from tests.server.in_process import an_app, guest, run, until
from tests.server.mailbox import Mailbox, body, link, mailbox

SITE = "http://tisch.example"


async def claimed(client: httpx.AsyncClient, name: str) -> tuple[int, dict[str, str]]:
    account, headers = await guest(client, name)
    answer = await client.post(
        "/api/session/claim",
        json={"username": name.lower(), "password": "old password"},
        headers=headers,
    )
    assert answer.status_code == 200, answer.text
    return account, {"Authorization": f"Bearer {answer.json()['token']}"}


async def arrived(box: Mailbox, address: str, count: int = 1) -> list[EmailMessage]:
    await until(lambda: len(box.to(address)) >= count, what=f"{count} email(s) to {address}")
    return list(box.to(address))


def test_an_address_is_verified_by_its_link_changed_and_removed(url: str) -> None:
    async def scenario() -> None:
        with mailbox() as (box, smtp):
            async with an_app(url, smtp=smtp, public_url=SITE) as (client, _svc):
                ana, headers = await claimed(client, "Ana")
                given = await client.put(
                    "/api/me/email", json={"email": "ana@example.org"}, headers=headers
                )
                assert given.status_code == 200, given.text
                assert given.json()["email"] is None
                assert given.json()["email_pending"] == "ana@example.org"
                [mail] = await arrived(box, "ana@example.org")
                assert mail["Subject"] == "Confirm your email address for spieltisch"
                assert "List-Unsubscribe" not in mail  # the account's own email
                verify = link(mail, "/#/email/")
                assert verify.startswith(SITE + "/#/email/")
                token = verify.rsplit("/", 1)[1]
                # The link is the proof: no sign-in needed; a forged one is refused.
                bad = await client.post("/api/email/verify", json={"token": token[:-2] + "xx"})
                assert bad.status_code == 422 and "not valid" in bad.json()["detail"]
                done = await client.post("/api/email/verify", json={"token": token})
                assert done.status_code == 200, done.text
                mine = (await client.get("/api/me/notifications", headers=headers)).json()
                assert mine["email"] == "ana@example.org" and mine["email_pending"] is None
                assert mine["email_possible"] is True

                # Changing it: the old address stays until the new one is verified.
                await client.put(
                    "/api/me/email", json={"email": "ana@new.example"}, headers=headers
                )
                [second] = await arrived(box, "ana@new.example")
                mine = (await client.get("/api/me/notifications", headers=headers)).json()
                assert mine["email"] == "ana@example.org"
                second_token = link(second, "/#/email/").rsplit("/", 1)[1]
                await client.post("/api/email/verify", json={"token": second_token})
                mine = (await client.get("/api/me/notifications", headers=headers)).json()
                assert mine["email"] == "ana@new.example"
                # The first link is spent: the account has another address now.
                again = await client.post("/api/email/verify", json={"token": token})
                assert again.status_code == 422

                removed = await client.delete("/api/me/email", headers=headers)
                assert removed.json()["email"] is None
                bad_address = await client.put(
                    "/api/me/email", json={"email": "not an address"}, headers=headers
                )
                assert bad_address.status_code == 422
                assert ana

    run(scenario)


def test_a_password_is_reset_by_the_emailed_link_once(url: str) -> None:
    async def scenario() -> None:
        with mailbox() as (box, smtp):
            async with an_app(url, smtp=smtp, public_url=SITE) as (client, _svc):
                _ana, headers = await claimed(client, "Ana")
                await client.put(
                    "/api/me/email", json={"email": "ana@example.org"}, headers=headers
                )
                [verify] = await arrived(box, "ana@example.org")
                token = link(verify, "/#/email/").rsplit("/", 1)[1]
                await client.post("/api/email/verify", json={"token": token})
                # Unknown names and names without an address answer alike.
                for name in ("ana", "nobody"):
                    asked = await client.post("/api/password/forgot", json={"username": name})
                    assert asked.status_code == 204
                _verify, reset = await arrived(box, "ana@example.org", 2)
                assert reset["Subject"] == "Choose a new password for spieltisch"
                reset_token = link(reset, "/#/reset/").rsplit("/", 1)[1]
                answer = await client.post(
                    "/api/password/reset", json={"token": reset_token, "password": "new password"}
                )
                assert answer.status_code == 200, answer.text
                # The old session ended; the new password signs in, the old does not.
                client.cookies.clear()  # the answer signed this client in anew
                assert (await client.get("/api/me", headers=headers)).status_code == 401
                signin = {"username": "ana", "password": "new password"}
                assert (await client.post("/api/session/signin", json=signin)).status_code == 200
                signin["password"] = "old password"
                assert (await client.post("/api/session/signin", json=signin)).status_code == 401
                spent = await client.post(
                    "/api/password/reset", json={"token": reset_token, "password": "third one"}
                )
                assert spent.status_code == 422
                assert box.count() == 2

    run(scenario)


def test_no_smtp_no_email_and_a_clear_refusal(url: str) -> None:
    async def scenario() -> None:
        async with an_app(url) as (client, _svc):
            _ana, headers = await claimed(client, "Ana")
            mine = (await client.get("/api/me/notifications", headers=headers)).json()
            assert mine["email_possible"] is False
            given = await client.put(
                "/api/me/email", json={"email": "ana@example.org"}, headers=headers
            )
            assert given.status_code == 409
            assert "SMTP" in given.json()["detail"]

    run(scenario)


def test_the_unsubscribe_link_works_without_signing_in_and_only_for_its_address(
    url: str,
) -> None:
    async def scenario() -> None:
        with mailbox() as (box, smtp):
            async with an_app(url, smtp=smtp, public_url=SITE) as (client, svc):
                ana, headers = await claimed(client, "Ana")
                await client.put(
                    "/api/me/email", json={"email": "ana@example.org"}, headers=headers
                )
                [verify] = await arrived(box, "ana@example.org")
                token = link(verify, "/#/email/").rsplit("/", 1)[1]
                await client.post("/api/email/verify", json={"token": token})
                async with svc.database.session() as session:
                    payload = {"table": "t1", "title": "Mahé"}
                    await add_notices(
                        session, [Notice(f"turn:t1:5:{ana}:email", ana, "turn", "email", payload)]
                    )
                    await session.commit()
                assert svc.sender is not None
                svc.sender.wake()
                _verify, turn = await arrived(box, "ana@example.org", 2)
                assert turn["Subject"] == "Your turn at Mahé"
                assert SITE + "/#/table/t1" in body(turn)
                one_click = turn["List-Unsubscribe"].strip("<>")
                assert turn["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
                page = link(turn, "/#/unsubscribe/")
                assert page.rsplit("/", 1)[1] == one_click.rsplit("/", 1)[1]
                # Another address's link (or a forged one) does nothing.
                await client.put("/api/me/email", json={"email": "ana@b.example"}, headers=headers)
                [other] = await arrived(box, "ana@b.example")
                forged = one_click[:-3] + "abc"
                assert (await client.post(forged.removeprefix(SITE))).status_code == 422
                # Without signing in (a fresh client, as a mail program posts).
                transport = client._transport
                async with httpx.AsyncClient(transport=transport, base_url="http://test") as anyone:
                    done = await anyone.post(
                        one_click.removeprefix(SITE), content=b"List-Unsubscribe=One-Click"
                    )
                    assert done.status_code == 204, done.text
                mine = (await client.get("/api/me/notifications", headers=headers)).json()
                assert all("email" not in ways for ways in mine["choices"].values())
                assert "browser" in mine["choices"]["turn"]
                # Verified elsewhere, the old address's link no longer works.
                other_token = link(other, "/#/email/").rsplit("/", 1)[1]
                await client.post("/api/email/verify", json={"token": other_token})
                stale = await client.post(one_click.removeprefix(SITE))
                assert stale.status_code == 422

    run(scenario)
