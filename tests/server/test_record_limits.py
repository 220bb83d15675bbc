"""Long records: upload limits, positions from kept copies (the same as a full replay),
a finished table's positions by its id, and rate limits on uploads and new tournaments
(issue 35, Medium 9 and 10)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import spieltisch
from spieltisch.core import CHANCE
from spieltisch.server.services.records import MAX_NAME, MAX_RECORD_ENTRIES
from spieltisch.server.table.replays import STEP
from tests.server.client import Client
from tests.server.server_thread import ServerThread
from tests.server.test_sign_in_abuse import Still


def _record(game: str, players: int, plies: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    state = spieltisch.load(game, players=players).new_state()
    while len(state.history()) < plies and not state.is_terminal():
        if state.current_player == CHANCE:
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_moves()))
    return dict(state.to_record([f"P{i}" for i in range(players)]))


def test_positions_of_a_long_record_match_a_full_replay_and_limits_hold(
    server: ServerThread,
) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana:
            await ana.guest("Ana")
            record = _record("mahe", 5, 400, seed=3)
            uploaded = await ana.post("/api/records", record, 201)
            total = uploaded["moves"]
            game = spieltisch.load("mahe", players=5)
            for n in (0, 1, STEP - 1, STEP, STEP + 1, 2 * STEP + 7, total):
                position = (await ana.http.get(f"{uploaded['url']}/positions/{n}")).json()
                assert position["n"] == n and position["total"] == total
                assert position["view"] == game.replay(record["history"][:n]).view(None), n
                assert (n == 0) == (position["words"] is None)
            dealt = _record("david_goliath", 6, 10_000, seed=4)  # a whole game: long deals
            assert max(len(entry) for entry in dealt["history"]) > 300
            await ana.post("/api/records", dealt, 201)
            named = dict(record, players=["x" * (MAX_NAME + 1), *record["players"][1:]])
            refused = await ana.http.post("/api/records", json=named)
            assert refused.status_code == 422 and str(MAX_NAME) in refused.json()["detail"]
            endless = dict(record, history=["roll"] * (MAX_RECORD_ENTRIES + 1))
            refused = await ana.http.post("/api/records", json=endless)
            assert refused.status_code == 422
            assert f"{MAX_RECORD_ENTRIES:,}".replace(",", "") in refused.json()["detail"]

    asyncio.run(scenario())


def test_a_finished_tables_positions_by_its_id_private_only_to_players(
    server: ServerThread,
) -> None:
    async def scenario() -> None:
        async with Client(server.url) as ana, Client(server.url) as bob, Client(server.url) as eve:
            await ana.guest("Ana")
            await bob.guest("Bob")
            await eve.guest("Eve")
            for public in (True, False):
                table = await ana.create(
                    "mabula", [{"kind": "me"}, {"kind": "open"}], public=public
                )
                await bob.post(f"/api/tables/{table['id']}/join", {})
                await ana.post(f"/api/tables/{table['id']}/start")
                await bob.post(f"/api/tables/{table['id']}/resign")
                path = f"/api/games/{table['id']}/positions/0"
                assert (await ana.http.get(path)).status_code == 200
                assert (await eve.http.get(path)).status_code == (200 if public else 403)

    asyncio.run(scenario())


def test_uploads_and_new_tournaments_are_rate_limited(server: ServerThread) -> None:
    """20 uploads a minute, then refused: the limiter's clock stands still, as a busy
    machine once took over 3 s for the 21 uploads and the bucket refilled one (main
    failed so at load 9-13)."""
    server.services.limiter.buckets.clock = Still()

    async def scenario() -> None:
        async with Client(server.url) as ana:
            await ana.guest("Ana")
            record = _record("mabula", 2, 4, seed=1)
            statuses = [
                (await ana.http.post("/api/records", json=record)).status_code for _ in range(21)
            ]
            assert statuses[:20] == [201] * 20 and statuses[20] == 429
            created = [
                (
                    await ana.http.post(
                        "/api/tournaments", json={"name": f"Cup {i}", "game": "mabula"}
                    )
                )
                for i in range(11)
            ]
            assert [c.status_code for c in created] == [201] * 10 + [429]
            assert "tournaments" in created[-1].json()["detail"]

    asyncio.run(scenario())
