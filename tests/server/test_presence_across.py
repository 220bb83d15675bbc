"""Presence across server processes on PostgreSQL: a person connected to one process is
here for the people on another; away when they leave or their process dies; a claim
through the other process waits for the away time like one through their own. And a
takeback asked through one process and answered through the other, live on both."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator

import httpx
import pytest

from tests.server.client import Client, Message, Socket
from tests.server.servers import ServerProcess, new_postgres_database
from tests.server.tables import claim_ends_the_duel, drop, presence, seat_of, started_table
from tests.waiting import until_value

CLAIM_AFTER = 1.5
"""Seconds away before the others may hand a seat to the computer."""


pytestmark = pytest.mark.xdist_group("presence-across")
"""One xdist worker for this module's tests (scripts/test.sh runs `--dist loadgroup`):
they share its two server processes."""


@pytest.fixture(scope="module")
def running_servers(
    postgres: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two processes on one database for the whole module: each test plays its own
    tables with people of its own, so they need no database of their own (two server
    starts a test were half of this module's CPU)."""
    url = new_postgres_database(postgres)
    servers = (
        ServerProcess(url, tmp_path_factory.mktemp("a"), "--claim-after", str(CLAIM_AFTER)),
        ServerProcess(url, tmp_path_factory.mktemp("b"), "--claim-after", str(CLAIM_AFTER)),
    )
    try:
        for server in servers:
            server.start()
        yield servers
    finally:  # also the first when the second did not start
        for server in servers:
            server.stop()


@pytest.fixture
def two_servers(
    running_servers: tuple[ServerProcess, ServerProcess],
) -> tuple[ServerProcess, ServerProcess]:
    """The module's two processes, each running: one a test killed starts again."""
    for server in running_servers:
        if server.process is None or server.process.poll() is not None:
            server.start()
    return running_servers


def test_presence_and_claims_cross_processes(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = two_servers

    async def scenario() -> None:
        async with Client(a.url) as ana, Client(b.url) as bob:
            table = await started_table(ana, bob)
            anas = await ana.socket(table)  # at A
            bobs = await bob.socket(table)  # at B, which loads the table and asks A
            await presence(bobs, 0, True, timeout=15)
            await anas.close()
            await presence(bobs, 0, False, timeout=15)
            back = await ana.socket(table)
            await presence(bobs, 0, True, timeout=15)
            # Here at A: B refuses Bob's claim, though Ana has no connection at B (the
            # claim-after time passing is what is tested: a sleep, not a wait).
            await asyncio.sleep(CLAIM_AFTER + 0.1)
            refused = await bob.http.post(f"/api/tables/{table}/claim", json={"seat": 0})
            assert refused.status_code == 409, refused.text
            # A moves to B and back: still here, and never away on the way (each half a
            # second without her first connection: a time under test, not a wait).
            at_b = await ana.socket(table, b.url)
            await presence(at_b, 0, True, timeout=15)  # B has her second connection
            await back.close()
            await asyncio.sleep(0.5)
            still = await bob.post(f"/api/tables/{table}/claim", {"seat": 0}, status=409)
            assert "at the table" in still["detail"]  # not away
            again = await ana.socket(table)
            await presence(again, 0, True, timeout=15)  # A has her again
            await at_b.close()
            await asyncio.sleep(0.5)
            await bob.post(f"/api/tables/{table}/claim", {"seat": 0}, status=409)
            # Ana's process dies: B forgets its people at its next sweep.
            a.kill()
            away = await presence(bobs, 0, False, timeout=15)
            assert seat_of(away, 0)["away_ms"] >= 0
            # Once her away time has passed at B (the presence above may be an older
            # one: news of a move between processes can come after the move).
            await claim_ends_the_duel(bob, bobs, table, within=60)

    asyncio.run(scenario())


def test_a_substitute_played_by_one_process_for_a_person_gone_from_the_other(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = two_servers

    async def scenario() -> None:
        async with Client(a.url) as ana, Client(b.url) as bob:
            seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "ai", "level": "easy"}]
            table = await started_table(ana, bob, "mahe", seats)  # started through A
            anas = await ana.socket(table)  # at A
            bobs = await bob.socket(table)  # at B
            await presence(anas, 1, True, timeout=15)
            drop(bobs)  # Bob's connection is gone at B
            await presence(anas, 1, False, timeout=15)

            async def claim() -> httpx.Response:
                path = f"/api/tables/{table}/claim"
                return await ana.http.post(path, json={"seat": 1, "choice": "computer"})

            # The away time passing (1.5 s) is under test: asked again until it has.
            claimed = await until_value(claim, lambda r: r.status_code != 409, 60)
            assert claimed.status_code == 200, claimed.text
            described = claimed.json()
            assert described["seats"][1]["left"] == "substitute"
            state = await anas.state()
            since = state["seq"]
            # Ana plays on at A; the computer plays Bob's seat for him.
            deadline = asyncio.get_running_loop().time() + 90
            while not any(e["seat"] == 1 and e["seq"] > since for e in state["last_moves"]):
                assert asyncio.get_running_loop().time() < deadline, "no substitute move"
                if state["to_move"] == 0 and state["legal_moves"]:
                    move = state["legal_moves"][-1]["move"]
                    await anas.send({"type": "move", "seq": state["seq"], "move": move})
                state = await anas.state()
            # Bob comes back through B and takes his seat back.
            back = await bob.socket(table)
            # Watching his seat played: at once, or once B has heard of the claim (under
            # load B's copy may still be before it when he connects; the news reseats him).
            await back.state(lambda state: state["seat"] is None)
            taken = await bob.post(f"/api/tables/{table}/return")
            assert taken["seats"][1]["left"] is None and taken["seats"][1]["level"] is None
            again = await bob.socket(table)
            assert (await again.state())["seat"] == 1
            await presence(anas, 1, True, timeout=15)
            for socket in (anas, back, again):
                await socket.close()

    asyncio.run(scenario())


def test_a_process_that_loads_the_table_late_counts_the_away_time_from_the_leaving(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    """Ana and Bob play through A; Ana's connection is gone; once her away time has
    passed, Bob's claim reaches B, which has never loaded the table: it takes it at once
    (it counted from its own loading before, and refused for the whole away time)."""
    a, b = two_servers

    async def scenario() -> None:
        async with Client(a.url) as ana, Client(a.url) as bob:
            table = await started_table(ana, bob)
            anas, bobs = await ana.socket(table), await bob.socket(table)
            await presence(bobs, 0, True, timeout=15)
            await anas.close()
            await presence(bobs, 0, False, timeout=15)
            # The away time passing is under test: a sleep, not a wait.
            await asyncio.sleep(CLAIM_AFTER + 0.5)
            through_b = await bob.http.post(f"{b.url}/api/tables/{table}/claim", json={"seat": 0})
            assert through_b.status_code == 200, through_b.text
            claimed = through_b.json()
            assert claimed["status"] == "finished" and claimed["seats"][0]["left"] == "claimed"
            final = await bobs.state(lambda m: m["status"] == "finished")  # told at A too
            assert final["result"]["ranking"] == [2, 1]
            await bobs.close()

    asyncio.run(scenario())


def seq_at_least(seq: int) -> Callable[[Message], bool]:
    return lambda message: message["seq"] >= seq


async def ana_stops(anas: Socket, bobs: Socket, state: Message | None = None) -> Message:
    """Ana (seat 0) and Bob (seat 1) play until Ana ends her turn ("stop" where she may;
    Bob the same): the state of Ana's page that offers her the takeback, Bob not having
    moved yet. `state`: the last state Ana's page was shown, if read already."""
    state = state or await anas.state()
    while True:
        mover = state["to_move"]
        if mover in (0, 1):
            socket = anas if mover == 0 else bobs
            mine = state  # Ana's page shows it; Bob's shows it too (his own legal moves)
            if mover == 1:
                mine = await socket.state(seq_at_least(state["seq"]))
            moves = [legal["move"] for legal in mine["legal_moves"]]
            move = "stop" if "stop" in moves else moves[0]
            await socket.send({"type": "move", "seq": mine["seq"], "move": move})
        after = await anas.state(seq_at_least(state["seq"] + 1))
        if mover == 0 and move == "stop" and after["to_move"] != 0:
            assert after["takeback"] is True, after  # offered: Bob has not moved
            return after
        state = after


def test_a_takeback_asked_through_one_process_is_answered_live_through_the_other(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    """A casual Mahé of Ana (her page at B) and Bob (his at A). Ana stops and asks to take
    it back through B: Bob's page at A is asked at once; he accepts through A, and both
    pages show the move taken back, marked in the log. Again: he declines through A, and
    Ana's page at B is told, the move standing."""
    a, b = two_servers

    async def scenario() -> None:
        async with Client(a.url) as ana, Client(a.url) as bob:
            table = await started_table(ana, bob, "mahe", rated=False)
            anas, bobs = await ana.socket(table, b.url), await bob.socket(table)
            offered = await ana_stops(anas, bobs)
            asked = await ana.http.post(f"{b.url}/api/tables/{table}/takeback")
            assert asked.status_code == 200, asked.text
            assert asked.json()["asked_by"] == 0 and asked.json()["waiting"] == [1]
            told = await bobs.next_of("takeback", timeout=15)  # live, through A
            assert told["asked_by"] == 0 and told["waiting"] == [1]
            await bob.post(f"/api/tables/{table}/takeback/answer", {"accept": True})
            seen = [
                await socket.state(lambda m: m["seq"] > offered["seq"]) for socket in (anas, bobs)
            ]
            for state in seen:
                taken = state["last_moves"][-1]
                assert taken["seq"] == offered["seq"] + 1, "nothing came between (no die)"
                assert taken["move"].startswith("takeback:") and taken["keep"] is not None
                assert state["to_move"] == 0 and not state["takeback"]
            assert seen[0]["last_moves"] == seen[1]["last_moves"]
            # Again; this time Bob declines through A: Ana's page at B is told.
            again = await ana_stops(anas, bobs, seen[0])
            await ana.http.post(f"{b.url}/api/tables/{table}/takeback")
            await bobs.next_of("takeback", timeout=15)
            await bob.post(f"/api/tables/{table}/takeback/answer", {"accept": False})
            declined = await anas.receive(
                lambda m: m["type"] == "takeback" and m["declined_by"] == 1, timeout=15
            )
            assert declined["asked_by"] is None
            path = f"{a.url}/api/tables/{table}/takeback/answer"
            late = await bob.http.post(path, json={"accept": True})
            assert late.status_code in (403, 409), late.text  # nothing is asked any more
            # The move stands for a page that opens the table now, through either process.
            for url in (a.url, b.url):
                fresh = await ana.socket(table, url)
                entries = (await fresh.state())["last_moves"]
                assert entries[-1]["seq"] >= again["seq"]
                after = [e for e in entries if e["seq"] > offered["seq"] + 1]
                assert not any((e["move"] or "").startswith("takeback:") for e in after)
                await fresh.close()
            for socket in (anas, bobs):
                await socket.close()

    asyncio.run(scenario())
