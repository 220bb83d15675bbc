"""The WebSocket protocol fuzzed with hypothesis: random JSON, random text and bytes, and
valid messages mutated field by field, sent by the seat to move.

Every message is answered (an error, an ack, a state, a chat line or a pong) before the
ping sent after it is; the connection stays open; the position changes only by a move
that was acknowledged; the server logs no exception.
"""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import ClientConnection, connect

from tests.server.server_thread import ServerThread

TYPES = ["move", "sync", "chat", "language", "ping"]
ANSWERS = {"error", "ack", "state", "chat", "pong", "table", "presence"}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
odd_values = (
    json_values
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.sampled_from(["", " ", "\x00", "roll", "ü" * 300, "0", "-1", "1e400", "null"])
)


def _mutated(legal: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """A message of a known type with fields dropped, retyped or added."""
    base = st.fixed_dictionaries(
        {
            "type": st.sampled_from(TYPES) | st.text(max_size=10),
            "seq": st.integers(min_value=-3, max_value=400) | odd_values,
            "move": st.sampled_from(legal or ["x"]) | st.text(max_size=40) | odd_values,
            "last_seq": st.integers(min_value=-3, max_value=10**12) | odd_values,
            "text": st.text(max_size=80) | odd_values,
            "language": st.sampled_from(["de", "en", "fr", "xx", ""]) | odd_values,
        }
    )
    return st.builds(
        lambda message, drop, extra: {
            **{k: v for k, v in message.items() if k not in drop},
            **extra,
        },
        base,
        st.sets(st.sampled_from(["seq", "move", "last_seq", "text", "language", "type"])),
        st.dictionaries(st.text(max_size=6), json_values, max_size=2),
    )


def _near_moves(legal: list[str], seq: int) -> st.SearchStrategy[dict[str, Any]]:
    """Moves that are almost right: the position's seq or a neighbour, a legal move or
    one with a character changed, added or cut."""
    moves = st.sampled_from(legal or ["x"])
    edited = st.tuples(moves, st.text(max_size=2), st.integers(0, 6)).map(
        lambda parts: parts[0][: parts[2]] + parts[1] + parts[0][parts[2] + 1 :]
    )
    return st.fixed_dictionaries(
        {
            "type": st.just("move"),
            "seq": st.sampled_from([seq, seq, seq - 1, seq + 1, 0]),
            "move": moves | edited,
        }
    )


def _frames(legal: list[str], seq: int) -> st.SearchStrategy[str | bytes]:
    dumped = st.one_of(_mutated(legal), _near_moves(legal, seq), json_values).map(json.dumps)
    return st.one_of(
        dumped,
        dumped.flatmap(
            lambda text: st.integers(0, max(0, len(text) - 1)).map(lambda cut: text[:cut])
        ),
        st.text(max_size=200),
        st.binary(max_size=64),
    )


def _until_pong(socket: ClientConnection) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    while True:
        message = json.loads(socket.recv(timeout=20))
        got.append(message)
        if message["type"] == "pong":
            return got


def _table(base: str) -> tuple[dict[str, Any], str]:
    """A running two-person Mabula table; returns Ana (seat 0, to move) and its id."""
    with httpx.Client(base_url=base, timeout=30) as ana, httpx.Client(base_url=base) as bob:
        me = ana.post("/api/session/guest", json={"name": "Ana"}).raise_for_status().json()
        bob.post("/api/session/guest", json={"name": "Bob"}).raise_for_status()
        seats = [{"kind": "me"}, {"kind": "open"}]
        table = ana.post("/api/tables", json={"game": "mabula", "seats": seats})
        table_id = table.raise_for_status().json()["id"]
        bob.post(f"/api/tables/{table_id}/join", json={}).raise_for_status()
        ana.post(f"/api/tables/{table_id}/start").raise_for_status()
    return me, table_id


def _fuzz(server: ServerThread, examples: int) -> tuple[int, int, float]:
    me, table_id = _table(server.url)
    url = f"{server.ws_url}/ws/tables/{table_id}?lang=de"
    headers = {"Authorization": f"Bearer {me['token']}"}
    with connect(url, additional_headers=headers, max_size=2**22) as socket:
        state: dict[str, Any] = {}
        while state.get("type") != "state" or state.get("to_move") != 0:
            state = json.loads(socket.recv(timeout=30))
        first = state
        legal = [m["move"] for m in state["legal_moves"]]
        seq = state["seq"]
        counts = {"sent": 0, "acks": 0}
        started = time.monotonic()

        @given(frame=_frames(legal, seq))
        @settings(
            max_examples=examples,
            deadline=None,
            database=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
        )
        def send(frame: str | bytes) -> None:
            nonlocal seq
            socket.send(frame)
            socket.send(json.dumps({"type": "ping"}))
            counts["sent"] += 1
            got = _until_pong(socket)
            if isinstance(frame, str) and _is_ping(frame):
                got += _until_pong(socket)  # its own pong came first
            else:
                assert len(got) >= 2, f"no answer to {frame!r}"
            for message in got:
                assert message["type"] in ANSWERS, message
                if message["type"] == "error":
                    assert message["code"] and message["message"].strip(), message
                if message["type"] == "ack" and not message["duplicate"]:
                    counts["acks"] += 1
                if message["type"] == "state":
                    seq = message["seq"]

        send()
        seconds = time.monotonic() - started
        socket.send(json.dumps({"type": "sync", "last_seq": 0}))
        final: dict[str, Any] = {}
        while final.get("type") != "state":
            final = json.loads(socket.recv(timeout=20))
    # The position changed only by acknowledged moves (Bob never moves here).
    assert final["seq"] == first["seq"] + counts["acks"]
    if counts["acks"] == 0:
        assert final["seq"] == first["seq"] and final["view"] == first["view"]
    assert [e["seq"] for e in final["last_moves"]] == list(range(1, final["seq"] + 1))
    return counts["sent"], counts["acks"], seconds


def _is_ping(frame: str) -> bool:
    try:
        data = json.loads(frame)
    except ValueError:
        return False
    return isinstance(data, dict) and data == {"type": "ping"}


def test_fuzzed_websocket_messages_are_answered_and_change_nothing(
    server: ServerThread,
) -> None:
    sent, acks, seconds = _fuzz(server, examples=250)
    assert sent >= 200
    server.assert_no_exception()
    print(f"websocket fuzz: {sent} frames ({acks} legal moves among them) in {seconds:.1f} s")


@pytest.mark.server_long
def test_many_fuzzed_websocket_messages(server: ServerThread) -> None:
    sent, acks, seconds = _fuzz(server, examples=5000)
    server.assert_no_exception()
    print(f"websocket fuzz: {sent} frames ({acks} legal moves among them) in {seconds:.1f} s")
