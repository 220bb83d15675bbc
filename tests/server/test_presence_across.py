"""Presence across server processes on PostgreSQL: a person connected to one process is
here for the people on another; away when they leave or their process dies; a claim
through the other process waits for the away time like one through their own."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.client import Client
from tests.server.servers import ServerProcess, new_postgres_database
from tests.server.tables import claim_ends_the_duel, presence, seat_of, started_table

CLAIM_AFTER = 1.5
"""Seconds away before the others may hand a seat to the computer."""


@pytest.fixture
def two_servers(postgres: str, tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    url = new_postgres_database(postgres)
    servers = (
        ServerProcess(url, tmp_path / "a", "--claim-after", str(CLAIM_AFTER)),
        ServerProcess(url, tmp_path / "b", "--claim-after", str(CLAIM_AFTER)),
    )
    for server in servers:
        server.folder.mkdir()
        server.start()
    yield servers
    for server in servers:
        server.stop()


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
            assert "away" in still["detail"]
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
