"""Moves through the web server: round-trip latency and throughput, SQLite beside PostgreSQL.

Starts `spieltisch serve` on a temporary SQLite file and on a throwaway PostgreSQL cluster,
then plays Mabula tables between two scripted WebSocket clients (`--tables` at once) and
prints, per backend, the moves per second and the time from sending a move to receiving
the position after it (median and 95th percentile). Every move is committed before it is
answered, so this is mostly the database's commit time.

    uv run python benchmarks/server.py --tables 1 --tables 8
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.client import Client, Socket
from tests.server.servers import ServerProcess, new_postgres_database, postgres_cluster


async def _seat(socket: Socket, latencies: list[float]) -> int:
    """Play the first legal move whenever it is this seat's turn; time each answer."""
    moves, sent, sent_at = 0, -1, 0.0
    while True:
        state = await socket.state()
        if sent >= 0 and state["seq"] > sent:
            latencies.append(time.perf_counter() - sent_at)
            sent = -1
        if state["status"] == "finished":
            return moves
        if state["legal_moves"]:
            sent, sent_at = state["seq"], time.perf_counter()
            await socket.send(
                {"type": "move", "seq": sent, "move": state["legal_moves"][0]["move"]}
            )
            moves += 1


async def _table(base: str, latencies: list[float]) -> int:
    async with Client(base) as ana, Client(base) as bob:
        await ana.guest("Ana")
        await bob.guest("Bob")
        table = await ana.create("mabula", [{"kind": "me"}, {"kind": "open"}])
        await bob.post(f"/api/tables/{table['id']}/join", {})
        sockets = [await ana.socket(table["id"]), await bob.socket(table["id"])]
        await ana.post(f"/api/tables/{table['id']}/start")
        counts = await asyncio.gather(*(_seat(socket, latencies) for socket in sockets))
        for socket in sockets:
            await socket.close()
        return sum(counts)


async def _run(base: str, tables: int) -> tuple[float, list[float]]:
    latencies: list[float] = []
    started = time.perf_counter()
    counts = await asyncio.gather(*(_table(base, latencies) for _ in range(tables)))
    return sum(counts) / (time.perf_counter() - started), latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, action="append", help="tables at once; repeat")
    args = parser.parse_args()
    sizes = args.tables or [1, 8]
    rows: list[tuple[str, int, float, float, float]] = []
    with tempfile.TemporaryDirectory() as folder, postgres_cluster() as pg:
        urls = {
            "sqlite": f"sqlite+aiosqlite:///{folder}/bench.sqlite3",
            "postgresql": new_postgres_database(pg),
        }
        for backend, url in urls.items():
            server = ServerProcess(url, Path(folder))
            server.start()
            try:
                for tables in sizes:
                    rate, latencies = asyncio.run(_run(server.url, tables))
                    cuts = statistics.quantiles(latencies, n=20)
                    rows.append(
                        (
                            backend,
                            tables,
                            rate,
                            statistics.median(latencies) * 1000,
                            cuts[-1] * 1000,
                        )
                    )
            finally:
                server.stop()
    print(f"{'backend':<11} {'tables':>6} {'moves/s':>8} {'median ms':>10} {'p95 ms':>8}")
    for backend, tables, rate, median, p95 in rows:
        print(f"{backend:<11} {tables:>6} {rate:>8.1f} {median:>10.1f} {p95:>8.1f}")


if __name__ == "__main__":
    main()
