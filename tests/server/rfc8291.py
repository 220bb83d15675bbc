"""A browser's side of Web Push message encryption, written from the RFCs with the
`cryptography` package alone (issue 43): the tests read what the server pushed with
this, not with `http_ece`, the library `pywebpush` encrypts with, so a mistake shared by
the encrypting library and its own decryption would still be found.

RFC 8291 (Message Encryption for Web Push), section 3.4, and RFC 8188 (the
"aes128gcm" content coding), sections 2 and 2.1-2.3:

    header     = salt (16) || rs (uint32) || idlen (1) || keyid (idlen)
    keyid      = the application server's ephemeral public key, uncompressed (65)
    ecdh       = ECDH(ua_private, as_public)
    IKM        = HKDF(salt=auth_secret, IKM=ecdh,
                      info="WebPush: info" || 0x00 || ua_public || as_public, L=32)
    CEK        = HKDF(salt=salt, IKM=IKM, info="Content-Encoding: aes128gcm" || 0x00, L=16)
    NONCE      = HKDF(salt=salt, IKM=IKM, info="Content-Encoding: nonce" || 0x00, L=12)
    record i   = AES-128-GCM(CEK, NONCE xor i) of: data || delimiter || zero padding
                 (delimiter 0x02 in the last record, 0x01 before)

and RFC 8291 section 4: a push message is one record, and its body at most 4096 octets
(what every push service must take)."""

from __future__ import annotations

from dataclasses import dataclass

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

MAX_BODY = 4096
"""RFC 8291 section 4: the largest message body a push service has to accept."""
TAG = 16


class Unreadable(ValueError):
    """The body is not a Web Push message this browser can read."""


@dataclass(frozen=True)
class Read:
    """A decrypted message and what its header said."""

    plaintext: bytes
    salt: bytes
    record_size: int
    server_key: bytes
    """The application server's ephemeral public key (the header's keyid)."""
    padding: int


def _hkdf(salt: bytes, ikm: bytes, info: bytes, length: int) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


def decrypt(body: bytes, ua_private: ec.EllipticCurvePrivateKey, auth_secret: bytes) -> Read:
    """Read `body` as the browser holding `ua_private` and `auth_secret` would."""
    if len(body) > MAX_BODY:
        raise Unreadable(f"{len(body)} octets: more than a push service must accept")
    if len(body) < 21:
        raise Unreadable("shorter than the aes128gcm header")
    salt, rs, idlen = body[:16], int.from_bytes(body[16:20], "big"), body[20]
    if rs < 18:  # RFC 8188 2.1: at least one octet of data, the delimiter and the tag
        raise Unreadable(f"record size {rs}")
    as_public = body[21 : 21 + idlen]
    if idlen != 65 or as_public[:1] != b"\x04":  # RFC 8291 section 4
        raise Unreadable("the keyid is not an uncompressed P-256 point")
    records = body[21 + idlen :]
    if not records or len(records) > rs:
        raise Unreadable("a push message is exactly one record (RFC 8291 section 4)")
    server = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), as_public)
    ua_public = ua_private.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    shared = ua_private.exchange(ec.ECDH(), server)
    ikm = _hkdf(auth_secret, shared, b"WebPush: info\x00" + ua_public + as_public, 32)
    cek = _hkdf(salt, ikm, b"Content-Encoding: aes128gcm\x00", 16)
    nonce = _hkdf(salt, ikm, b"Content-Encoding: nonce\x00", 12)
    # One record: its sequence number is 0, so the nonce is NONCE xor 0.
    padded = AESGCM(cek).decrypt(nonce, records, None)  # raises InvalidTag
    data = padded.rstrip(b"\x00")
    if not data or data[-1:] != b"\x02":  # the last (and only) record's delimiter
        raise Unreadable("no last-record delimiter (0x02)")
    return Read(data[:-1], salt, rs, as_public, len(padded) - len(data))
