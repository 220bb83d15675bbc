"""Issue 48: the metrics in Prometheus's format, scraped during a small load run of
`serve --workers 2` on PostgreSQL (prometheus-client's multi-process mode: the two
workers' values added up) and checked against the load client's own counts; the
computer seats' metrics of one process against the move log its game left; and
`/metrics` only for the server's own network."""

from __future__ import annotations

import asyncio
import json
import random
import re
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

from spieltisch.server import Settings, create_app
from spieltisch.server.infra import metrics
from tests.server.client import Client, Socket, play_randomly
from tests.server.in_process import run
from tests.server.logs import move_log
from tests.server.server_thread import ServerThread
from tests.server.servers import ServerProcess, new_postgres_database
from tests.waiting import until_value

ROOT = Path(__file__).resolve().parents[2]
DASHBOARD = ROOT / "docs" / "hosting" / "grafana-dashboard.json"
TABLES = 3
MOVES_EACH = 16


Scrape = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def samples(text: str) -> Scrape:
    """Every sample of a scrape: (name, labels) → value."""
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def value(
    scraped: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: str
) -> float:
    return scraped.get((name, tuple(sorted(labels.items()))), 0.0)


async def scrape(client: httpx.AsyncClient) -> Scrape:
    answer = await client.get("/metrics")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain")
    return samples(answer.text)


async def play(socket: Socket, rng: random.Random, limit: int) -> int:
    """Random legal moves for this socket's seat until the table's seq reaches `limit`;
    how many moves it sent (each one legal in its position, so each one played)."""
    sent = 0
    while True:
        state = await socket.state()
        if state["seq"] >= limit:
            return sent
        if state["legal_moves"]:
            move = rng.choice(state["legal_moves"])["move"]
            await socket.send({"type": "move", "seq": state["seq"], "move": move})
            sent += 1


def test_metrics_scraped_during_a_load_run_match_the_clients_counts(
    postgres: str, tmp_path: Path
) -> None:
    served = ServerProcess(new_postgres_database(postgres), tmp_path, "--workers", "2")
    served.start()

    async def scenario() -> None:
        async with httpx.AsyncClient(base_url=served.url) as watcher:
            people = [Client(served.url) for _ in range(2 * TABLES)]
            for index, person in enumerate(people):
                await person.guest(f"P{index}")
            tables = []
            for first, second in zip(people[::2], people[1::2], strict=True):
                table = await first.create("mabula", [{"kind": "me"}, {"kind": "open"}])
                await second.post(f"/api/tables/{table['id']}/join", {})
                await first.post(f"/api/tables/{table['id']}/start")
                again = await first.http.post(f"/api/tables/{table['id']}/start")
                assert again.json()["code"] == "conflict"  # one refusal over HTTP each
                tables.append(table["id"])
            sockets = [
                await person.socket(tables[index // 2]) for index, person in enumerate(people)
            ]

            async def connections() -> float:
                return value(await scrape(watcher), "spieltisch_connections")

            # The two workers' connections, added up.
            await until_value(connections, lambda seen: seen == 2 * TABLES, 30, "connections")
            for pair in zip(sockets[::2], sockets[1::2], strict=True):
                # One illegal move per table, by whoever is to move.
                states = [await socket.state() for socket in pair]
                mover = pair[0] if states[0]["legal_moves"] else pair[1]
                seq = states[0]["seq"]
                await mover.send({"type": "move", "seq": seq, "move": "nonsense"})
                refused = await mover.next_of("error")
                assert refused["code"] == "illegal_move", refused
                for socket, state in zip(pair, states, strict=True):
                    socket._unread.insert(0, state)  # play on from the same position

            seen: list[float] = []

            async def keep_scraping() -> None:
                while True:
                    seen.append(value(await scrape(watcher), "spieltisch_moves_total", by="person"))
                    await asyncio.sleep(0.2)

            scraping = asyncio.create_task(keep_scraping())
            rngs = [random.Random(index) for index in range(len(sockets))]
            sent = await asyncio.gather(
                *(play(socket, rng, MOVES_EACH) for socket, rng in zip(sockets, rngs, strict=True))
            )
            scraping.cancel()
            assert seen == sorted(seen), "a counter went down between two scrapes"
            total = sum(sent)
            assert total >= TABLES * MOVES_EACH // 2

            async def final() -> Scrape:
                return await scrape(watcher)

            scraped = await until_value(
                final,
                lambda got: value(got, "spieltisch_moves_total", by="person") == total,
                30,
                "every move counted",
            )
            latency = "spieltisch_move_latency_seconds_count"
            assert value(scraped, latency, stage="committed") == total
            assert value(scraped, latency, stage="sent") == total
            assert value(scraped, "spieltisch_commit_seconds_count") >= total
            assert (
                value(scraped, "spieltisch_refusals_total", code="illegal_move", transport="ws")
                == TABLES
            )
            assert (
                value(scraped, "spieltisch_refusals_total", code="conflict", transport="http")
                == TABLES
            )
            assert value(scraped, "spieltisch_tables", status="running") == TABLES
            assert value(scraped, "spieltisch_unexpected_errors_total") == 0
            for socket in sockets:
                await socket.close()
            await until_value(connections, lambda seen: seen == 0, 30, "no connection left")
            for person in people:
                await person.http.aclose()

    try:
        asyncio.run(scenario())
    finally:
        served.stop()


COMPUTER_LEVELS = {1: "easy", 2: "medium"}
"""The computer seats of the table below, by seat."""
ONE_DEAL = {"players": 3, "deals": 1}
"""A whole game of three in 46 log entries."""


def test_computer_seat_metrics_match_the_computers_moves(server: ServerThread) -> None:
    """One server (prometheus-client's in-memory mode; SQLite and PostgreSQL): a person
    and two computer seats of two levels play one deal of David & Goliath to its end
    while a watcher scrapes (a game of Mahé took ten times the moves for the same check).
    The computer's moves, its think-time histogram per level and its queue are checked
    against the move log the game left (the client's own count of who moved): every
    computer move counted once under its seat's level, never more than one asked at a
    time at one table, none left pending at the end. The server runs in this process
    (`server_thread.py`, not a `serve` process: its start was most of the test's time),
    whose counters other tests added to before: what this game added is compared."""

    async def scenario() -> str:
        async with httpx.AsyncClient(base_url=server.url) as watcher, Client(server.url) as ana:
            before = await scrape(watcher)
            assert value(before, "spieltisch_computer_moves_pending") == 0

            def added(got: Scrape, name: str, **labels: str) -> float:
                return value(got, name, **labels) - value(before, name, **labels)

            await ana.guest("Ana")
            seats = [{"kind": "me"}] + [
                {"kind": "ai", "level": level} for level in COMPUTER_LEVELS.values()
            ]
            table = await ana.create("david_goliath", seats, options=ONE_DEAL)
            await ana.post(f"/api/tables/{table['id']}/start")
            socket = await ana.socket(table["id"])
            pending: list[float] = []

            async def keep_scraping() -> None:
                while True:
                    got = await scrape(watcher)
                    pending.append(value(got, "spieltisch_computer_moves_pending"))
                    await asyncio.sleep(0.05)

            scraping = asyncio.create_task(keep_scraping())
            final = await play_randomly(socket, random.Random(48))
            scraping.cancel()
            assert final["status"] == "finished"
            await socket.close()
            assert pending and max(pending) <= 1, pending  # one seat to move at a time
            log = await move_log(server.database_url, table["id"])
            by_level = {level: 0 for level in COMPUTER_LEVELS.values()}
            for row in log:
                if row.seat in COMPUTER_LEVELS:
                    by_level[COMPUTER_LEVELS[row.seat]] += 1
            people = sum(1 for row in log if row.seat == 0)
            assert all(by_level.values()), by_level  # each computer seat moved

            def counted(got: Scrape) -> bool:
                return added(got, "spieltisch_moves_total", by="computer") == sum(by_level.values())

            scraped = await until_value(lambda: scrape(watcher), counted, 30, "computer moves")
            assert added(scraped, "spieltisch_moves_total", by="person") == people
            for level, moves in by_level.items():
                thought = "spieltisch_computer_move_seconds_count"
                assert added(scraped, thought, level=level) == moves, (level, moves)
                assert added(scraped, "spieltisch_computer_move_seconds_sum", level=level) > 0
            assert value(scraped, "spieltisch_computer_moves_pending") == 0
            assert value(scraped, "spieltisch_tables", status="finished") == 1
            assert added(scraped, "spieltisch_unexpected_errors_total") == 0
            return str(table["id"])

    asyncio.run(scenario())
    server.assert_no_exception()


def test_metrics_are_only_for_the_servers_own_network(url: str) -> None:
    """Loopback and private addresses get the metrics; anyone else (behind the proxy:
    every visitor from outside) gets the 404 of a page that is not there."""
    settings = Settings(database_url=url, ai_processes=False, migrate=False, rate_limits=None)
    app = create_app(settings)

    async def scenario() -> None:
        async with app.router.lifespan_context(app):
            for host, status in (("127.0.0.1", 200), ("10.1.2.3", 200), ("8.8.4.4", 404)):
                transport = httpx.ASGITransport(app=app, client=(host, 4000))
                async with httpx.AsyncClient(transport=transport, base_url="http://t") as asker:
                    answer = await asker.get("/metrics")
                assert answer.status_code == status, (host, answer.text)
                if status == 200:
                    assert 'spieltisch_tables{status="open"} 0.0' in answer.text

    run(scenario)


def test_the_dashboard_shows_only_metrics_the_server_has() -> None:
    """docs/hosting/grafana-dashboard.json: valid JSON whose every query names metrics
    of `infra/metrics.py` (a renamed metric breaks it here, not on a host's screen)."""
    dashboard = json.loads(DASHBOARD.read_text(encoding="utf-8"))
    names = {
        f"{metric._name}{suffix}"
        for metric in vars(metrics).values()
        if hasattr(metric, "_name") and hasattr(metric, "_type")
        for suffix in ("", "_total", "_bucket", "_count", "_sum")
    } | {"spieltisch_tables", "spieltisch_notifications_pending"}
    queries = [
        target["expr"] for panel in dashboard["panels"] for target in panel.get("targets", [])
    ]
    assert len(queries) >= 8
    for query in queries:
        used = set(re.findall(r"\bspieltisch_\w+", query))
        assert used and used <= names, (query, used - names)
