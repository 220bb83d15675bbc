"""Web Push with VAPID keys (issue 43): the host's key pair made by the command's code,
the public key served, a browser's subscription kept for its account alone, "your
turn" pushed to it once, encrypted for that browser (decrypted here with its private
key by `rfc8291.py`, written from RFC 8291 and RFC 8188 with `cryptography`, not by the
library that encrypts; checked first against the RFC's own example) and signed with the
host's key (the VAPID header checked, RFC 8292), and nothing pushed once it
unsubscribed. A local HTTP server plays the push service."""

from __future__ import annotations

import base64
import json
import os
import string
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from spieltisch.server.infra.push import make_keys, topic
from tests.server.hooks import Hook, receiver
from tests.server.in_process import an_app, guest, run, until
from tests.server.rfc8291 import Unreadable, decrypt

SITE = "http://tisch.example"


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Browser:
    """A browser's side of a subscription: its key pair and auth secret."""

    def __init__(self, endpoint: str) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.endpoint = endpoint
        self.server_keys: dict[bytes, bytes] = {}
        """The application server's key of each message read (a fresh key each)."""

    def subscription(self) -> dict[str, Any]:
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64(public), "auth": b64(self.auth)},
        }

    def read(self, hook: Hook) -> dict[str, Any]:
        """The message as the browser decrypts it."""
        assert header(hook, "Content-Encoding") == "aes128gcm"
        read = decrypt(hook.body, self.key, self.auth)
        self.server_keys[hook.body] = read.server_key
        found: dict[str, Any] = json.loads(read.plaintext)
        return found


def header(hook: Hook, name: str) -> str:
    return {key.lower(): value for key, value in hook.headers.items()}[name.lower()]


def signed_by(hook: Hook, public_key: str) -> dict[str, Any]:
    """The VAPID claims of a push, after checking its signature is the host's key's."""
    scheme, _, rest = header(hook, "Authorization").partition(" ")
    assert scheme == "vapid"
    fields = dict(part.strip().split("=", 1) for part in rest.split(","))
    assert fields["k"] == public_key
    head, claims, signature = fields["t"].split(".")
    raw = unb64(signature)
    signer = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(public_key))
    der = encode_dss_signature(int.from_bytes(raw[:32]), int.from_bytes(raw[32:]))
    signer.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises
    found: dict[str, Any] = json.loads(unb64(claims))
    return found


# RFC 8291, Appendix A: the example's keys, secret, salt and the message as sent.
PLAINTEXT = b"When I grow up, I want to be a watermelon"
EXAMPLE = {
    "as_public": "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8w"
    "EqKK6PBru3jl7A8",
    "ua_private": "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
    "ua_public": "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZ"
    "GH6SRpkNtoIAiw4",
    "salt": "DGv6ra1nlYgDCS1FRnbzlw",
    "auth_secret": "BTBZMqHH6r4Tts7J_aSIgg",
    "body": "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLo"
    "cInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLV"
    "WGNWQexSgSxsj_Qulcy4a-fN",
}


def test_the_browsers_side_reads_the_rfcs_own_example_and_nothing_tampered() -> None:
    """The test's decryption is right before it judges the server's: the example of RFC
    8291 Appendix A decrypts to its plaintext; a flipped bit, another auth secret or
    another browser's key does not decrypt."""
    ua = ec.derive_private_key(int.from_bytes(unb64(EXAMPLE["ua_private"])), ec.SECP256R1())
    ua_public = ua.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    assert b64(ua_public) == EXAMPLE["ua_public"]
    body, auth = unb64(EXAMPLE["body"]), unb64(EXAMPLE["auth_secret"])
    read = decrypt(body, ua, auth)
    assert read.plaintext == PLAINTEXT
    assert read.salt == unb64(EXAMPLE["salt"]) and read.record_size == 4096
    assert read.server_key == unb64(EXAMPLE["as_public"]) and read.padding == 0
    tampered = bytearray(body)
    tampered[-20] ^= 1
    other = ec.generate_private_key(ec.SECP256R1())
    wrong: list[tuple[bytes, ec.EllipticCurvePrivateKey, bytes]] = [
        (bytes(tampered), ua, auth),
        (body, ua, bytes(16)),
        (body, other, auth),
    ]
    for message, key, secret in wrong:
        with pytest.raises(InvalidTag):
            decrypt(message, key, secret)
    with pytest.raises(Unreadable):  # two records: not a push message
        decrypt(body[:16] + (20).to_bytes(4) + body[20:], ua, auth)


def ok(answer: httpx.Response) -> Any:
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_your_turn_pushed_once_encrypted_and_signed(url: str, tmp_path: Path) -> None:
    key_file = tmp_path / "vapid.pem"
    public_key = make_keys(key_file)

    async def scenario() -> None:
        with receiver() as (service, push_url):
            settings = {
                "vapid_key": str(key_file),
                "public_url": SITE,
                "outbox_poll_seconds": 0.1,
                "mail_from": "spieltisch <host@tisch.example>",
            }
            async with an_app(url, **settings) as (client, svc):
                assert ok(await client.get("/api/push/key")) == {"public_key": public_key}
                _ana, ana_headers = await guest(client, "Ana")
                bob, bob_headers = await guest(client, "Bob")
                client.cookies.clear()
                browser = Browser(push_url.replace("/hook", "/push/bob-1"))
                mine = await client.put(
                    "/api/me/push", json=browser.subscription(), headers=bob_headers
                )
                assert ok(mine) == {"devices": 1}
                # Hostile: Ana sees none of Bob's, and cannot end his subscription.
                assert ok(await client.get("/api/me/push", headers=ana_headers)) == {"devices": 0}
                taken = await client.request(
                    "DELETE",
                    "/api/me/push",
                    json={"endpoint": browser.endpoint},
                    headers=ana_headers,
                )
                assert taken.status_code == 404, taken.text
                assert ok(await client.get("/api/me/push", headers=bob_headers)) == {"devices": 1}
                wrong = await client.put(
                    "/api/me/push",
                    json={**browser.subscription(), "endpoint": "ftp://push.example/x"},
                    headers=bob_headers,
                )
                assert wrong.status_code == 422 and "https://" in wrong.text
                mine_answer = await client.get("/api/me/notifications", headers=ana_headers)
                assert browser.endpoint not in mine_answer.text

                seats = [{"kind": "me"}, {"kind": "reserved", "account": bob}]
                made = await client.post(
                    "/api/tables", json={"game": "mabula", "seats": seats}, headers=ana_headers
                )
                table = made.json()["id"]
                await client.post(f"/api/tables/{table}/join", json={}, headers=bob_headers)
                ok(await client.post(f"/api/tables/{table}/start", headers=ana_headers))
                runtime = svc.runtime
                room = await runtime.room(table)
                await until(lambda: room.to_move() is not None)

                async def bobs_turn() -> int:
                    """Moves (nobody at the table) until Ana has moved and it is Bob's."""
                    while True:
                        seat = room.to_move()
                        assert seat is not None
                        await runtime.submit(room, seat, room.seq, room.state.legal_moves()[0])
                        await until(lambda: room.to_move() is not None)
                        if seat == 0 and room.to_move() == 1:
                            return room.seq

                def turns() -> list[dict[str, Any]]:
                    read = [browser.read(h) for h in service.hooks() if h.path == "/push/bob-1"]
                    return [m for m in read if m["id"].startswith(f"turn:{table}:")]

                seq = await bobs_turn()
                await until(lambda: len(turns()) >= 1, what="your turn, pushed")
                [told] = turns()
                assert told["title"] == "Your turn at Mabula"
                assert told["url"] == f"{SITE}/#/table/{table}"
                assert told["id"] == f"turn:{table}:{seq}:{bob}:push:1"
                hook = next(
                    h
                    for h in service.hooks()
                    if h.path == "/push/bob-1" and browser.read(h)["id"] == told["id"]
                )
                claims = signed_by(hook, public_key)
                origin = urlsplit(push_url)
                assert claims["aud"] == f"{origin.scheme}://{origin.netloc}"
                assert claims["sub"] == "mailto:host@tisch.example"
                assert claims["exp"] > time.time()
                assert int(header(hook, "TTL")) > 0
                # A repeat would replace this one at the push service (RFC 8030 5.4), and
                # a turn may wake a sleeping phone (5.3).
                assert header(hook, "Topic") == topic(told["id"])
                assert len(topic(told["id"])) <= 32 and topic(told["id"]).isascii()
                assert set(topic(told["id"])) <= set(string.ascii_letters + string.digits + "-_")
                assert header(hook, "Urgency") == "high"
                # Each message has a fresh key of the server's (RFC 8291 3.1), never the
                # VAPID key it signs with.
                keys = list(browser.server_keys.values())
                assert len(keys) >= 1 and len(set(keys)) == len(keys)
                assert unb64(public_key) not in keys
                # Once: the sender's further rounds push nothing again.
                assert svc.sender is not None
                while await svc.sender.send_due():
                    pass
                assert len(turns()) == 1

                # Unsubscribed: Bob's next turn is pushed nowhere.
                gone = await client.request(
                    "DELETE",
                    "/api/me/push",
                    json={"endpoint": browser.endpoint},
                    headers=bob_headers,
                )
                assert ok(gone) == {"devices": 0}
                before = len(service.hooks())
                await bobs_turn()
                while await svc.sender.send_due():
                    pass
                assert len(service.hooks()) == before

    run(scenario)
