"""Issue 48: `docs/hosting/nginx.md`'s two nginx blocks run as written in a real nginx.

Each ```nginx block goes, as it is, into the `http { }` of a small main configuration
(its own prefix, logs and pid file: no root, no system nginx touched). Only what must
differ on this machine is replaced, each replacement checked to happen: the `listen`
port (a free one for 443), the server ports (8000, 8001, 8002: two test processes) and
the certificate's paths (a throwaway certificate for `games.club.example` and
127.0.0.1, made here with openssl and trusted by the test's clients). Behind it, two
`spieltisch serve` processes on one PostgreSQL database, started as the page says
(`--origin https://games.club.example --secure-cookies`).

One process (the first block): `/readyz` through the proxy, the session cookie marked
`Secure` and working through it, a table played to its end over `wss://` with every
move in the log once, another origin's WebSocket refused (4403); the same block without
its `Connection` line fails the handshake (so this test would notice the line gone).
Several processes (the second block): `/metrics` a 404 through the proxy and served
directly, the connections of one table on one process (hashed on the path), and that
process stopped by SIGTERM mid-game: the people reconnect through nginx to the other
one and finish with no move lost or doubled.

The tests share the servers (one xdist group, module fixtures); no fixed sleep.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import shutil
import signal
import socket
import ssl
import subprocess
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from spieltisch.store import upgrade
from tests.docs.test_commands import ROOT
from tests.server.client import Client, ResilientSeat, Socket
from tests.server.logs import check_told_against_log
from tests.server.servers import ServerProcess, free_port, new_postgres_database, postgres_cluster
from tests.server.test_metrics import scrape, value
from tests.waiting import DEADLINE, WHOLE_GAME, until, wait_until

PAGE = ROOT / "docs" / "hosting" / "nginx.md"
NGINX_BLOCK = re.compile(r"^```nginx\n(?P<code>.*?)^```", re.MULTILINE | re.DOTALL)
NAME = "games.club.example"
ORIGIN = f"https://{NAME}"
CERTIFICATE = f"/etc/letsencrypt/live/{NAME}/fullchain.pem"
KEY = f"/etc/letsencrypt/live/{NAME}/privkey.pem"
CONNECTION_LINE = "proxy_set_header Connection $connection_upgrade;"

NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")
"""Debian puts it in /usr/sbin, not on a user's PATH."""

pytestmark = pytest.mark.xdist_group("nginx_guide")


def _blocks() -> list[str]:
    return [match["code"] for match in NGINX_BLOCK.finditer(PAGE.read_text(encoding="utf-8"))]


def _here(block: str, listen: int, ports: dict[int, int], tls: tuple[Path, Path]) -> str:
    """The block with this machine's ports and certificate; every replacement must hit."""
    swaps = {
        "listen 443 ssl;": f"listen 127.0.0.1:{listen} ssl;",
        CERTIFICATE: str(tls[0]),
        KEY: str(tls[1]),
    }
    swaps |= {f"127.0.0.1:{page}": f"127.0.0.1:{here}" for page, here in ports.items()}
    for old, new in swaps.items():
        assert block.count(old) == 1, f"{old!r} is not once in the block:\n{block}"
        block = block.replace(old, new)
    return block


@contextmanager
def _nginx(site: str, folder: Path) -> Iterator[int]:
    """A real nginx with `site` in its `http { }`, in the foreground; yields its port."""
    assert NGINX, "nginx is not installed (scripts/test.sh installs it)"
    folder.mkdir()
    (folder / "site.conf").write_text(site, encoding="utf-8")
    temp = "\n".join(
        f"  {kind}_temp_path {folder / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    # As root nginx's workers would run as nobody, who cannot enter pytest's folders.
    user = "user root;" if _root() else ""
    (folder / "nginx.conf").write_text(
        f"daemon off;\nworker_processes 1;\npid {folder / 'nginx.pid'};\n{user}\n"
        f"error_log {folder / 'error.log'} notice;\nevents {{ worker_connections 256; }}\n"
        f"http {{\n  access_log {folder / 'access.log'};\n{temp}\n"
        f"  include {folder / 'site.conf'};\n}}\n",
        encoding="utf-8",
    )
    port = int(re.findall(r"listen 127\.0\.0\.1:(\d+) ssl;", site)[0])
    log = (folder / "nginx.out").open("wb")
    command = [NGINX, "-p", f"{folder}/", "-c", str(folder / "nginx.conf")]
    command += ["-e", str(folder / "error.log")]
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    try:

        def listening() -> bool:
            assert process.poll() is None, (folder / "nginx.out").read_text() + _errors(folder)
            with socket.socket() as probe:
                return probe.connect_ex(("127.0.0.1", port)) == 0

        wait_until(listening, what="nginx to listen")
        yield port
    finally:
        process.terminate()
        process.wait(DEADLINE)
        log.close()


def _root() -> bool:
    return os.geteuid() == 0


def _errors(folder: Path) -> str:
    path = folder / "error.log"
    return path.read_text(errors="replace") if path.exists() else ""


@pytest.fixture(scope="module")
def tls(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A throwaway self-signed certificate for the page's name and 127.0.0.1."""
    folder = tmp_path_factory.mktemp("tls")
    certificate, key = folder / "fullchain.pem", folder / "privkey.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "ec"),
            *("-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2"),
            *("-subj", f"/CN={NAME}", "-addext", f"subjectAltName=DNS:{NAME},IP:127.0.0.1"),
            *("-keyout", str(key), "-out", str(certificate)),
        ],
        check=True,
        capture_output=True,
    )
    return certificate, key


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    with postgres_cluster() as base:
        url = new_postgres_database(base)
        upgrade(url)
        yield url


@pytest.fixture(scope="module")
def servers(database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Any]]:
    """Two processes on the database, started as the page says (in parallel: quicker)."""
    processes = [
        ServerProcess(
            database,
            tmp_path_factory.mktemp(name),
            *("--origin", ORIGIN, "--secure-cookies"),
            *("--sweep-seconds", "60"),  # a stopped process's tables: handed over, not swept
        )
        for name in ("a", "b")
    ]
    try:
        with ThreadPoolExecutor(2) as pool:
            list(pool.map(lambda server: server.start(), processes))
        yield processes
    finally:
        for server in processes:
            server.stop()


class ProxiedClient(Client):
    """A visitor of `https://games.club.example` (reached at nginx's port): HTTP and
    WebSockets over TLS, trusting the throwaway certificate, from the site's origin."""

    def __init__(self, port: int, certificate: Path, origin: str = ORIGIN) -> None:
        self.base_url = f"https://127.0.0.1:{port}"
        self.context = ssl.create_default_context(cafile=str(certificate))
        self.origin = origin
        self.http = httpx.AsyncClient(base_url=self.base_url, verify=self.context, timeout=DEADLINE)
        self.account: dict[str, Any] = {}

    async def socket(self, table: str, base_url: str | None = None, **query: Any) -> Socket:
        params = "&".join(f"{key}={val}" for key, val in query.items())
        token = self.account.get("token")
        connection = await connect(
            f"{self.base_url.replace('https://', 'wss://')}/ws/tables/{table}?{params}",
            ssl=self.context,
            origin=self.origin,  # type: ignore[arg-type]
            additional_headers={"Authorization": f"Bearer {token}"} if token else {},
            max_size=2**22,
            ping_interval=None,
        )
        return Socket(connection)


@asynccontextmanager
async def _ana_and_bob(port: int, certificate: Path) -> AsyncIterator[tuple[Client, Client]]:
    """Two guests through the proxy at `port`, their clients closed whatever happens."""
    ana, bob = ProxiedClient(port, certificate), ProxiedClient(port, certificate)
    try:
        await ana.guest("Ana")
        await bob.guest("Bob")
        yield ana, bob
    finally:
        await ana.http.aclose()
        await bob.http.aclose()


async def _table(ana: Client, bob: Client) -> str:
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "ai", "level": "easy"}]
    table = await ana.create("mahe", seats)
    await bob.post(f"/api/tables/{table['id']}/join", {})
    await ana.post(f"/api/tables/{table['id']}/start")
    return str(table["id"])


def test_one_process_behind_the_first_block(
    servers: list[ServerProcess], database: str, tls: tuple[Path, Path], tmp_path: Path
) -> None:
    first = _blocks()[0]
    site = _here(first, free_port(), {8000: servers[0].port}, tls)

    async def scenario(port: int) -> None:
        async with _ana_and_bob(port, tls[0]) as (ana, bob):
            ready = await ana.http.get("/readyz")
            assert ready.status_code == 200 and ready.json()["ready"] is True, ready.text
            async with ProxiedClient(port, tls[0]) as cleo:
                cookie = await cleo.http.post("/api/session/guest", json={"name": "Cleo"})
                (line,) = cookie.headers.get_list("set-cookie")
                assert "; secure" in line.lower() and "; httponly" in line.lower(), line
                who = await cleo.http.get("/api/session")  # the cookie, back over HTTPS
                assert who.json()["account"]["name"] == "Cleo", who.text
            table = await _table(ana, bob)
            stranger = ProxiedClient(port, tls[0], origin="https://elsewhere.example")
            refused = await stranger.socket(table)
            with pytest.raises(Exception) as closed:
                await refused.receive()
            assert refused.connection.close_code == 4403, closed.value
            await stranger.http.aclose()
            players = [
                ResilientSeat(client, table, [client.base_url], random.Random(index))
                for index, client in enumerate((ana, bob))
            ]
            async with asyncio.timeout(WHOLE_GAME):
                final = await asyncio.gather(*(player.play() for player in players))
            assert all(state["status"] == "finished" for state in final)
            await check_told_against_log(database, table, "mahe", {"players": 3}, players)

    with _nginx(site, tmp_path / "nginx") as port:
        asyncio.run(scenario(port))


def test_without_its_connection_line_the_block_fails_the_handshake(
    servers: list[ServerProcess], tls: tuple[Path, Path], tmp_path: Path
) -> None:
    first = _blocks()[0]
    assert first.count(CONNECTION_LINE) == 1
    site = _here(first.replace(CONNECTION_LINE, ""), free_port(), {8000: servers[0].port}, tls)

    async def scenario(port: int) -> None:
        async with _ana_and_bob(port, tls[0]) as (ana, bob):
            table = await _table(ana, bob)
            with pytest.raises(InvalidStatus):
                await ana.socket(table)

    with _nginx(site, tmp_path / "nginx") as port:
        asyncio.run(scenario(port))


def test_several_processes_behind_the_second_block_one_stopped_mid_game(
    servers: list[ServerProcess], database: str, tls: tuple[Path, Path], tmp_path: Path
) -> None:
    second = _blocks()[1]
    ports = {8001: servers[0].port, 8002: servers[1].port}
    site = _here(second, free_port(), ports, tls)

    async def connections(server: ServerProcess) -> float:
        async with httpx.AsyncClient(base_url=server.url, timeout=DEADLINE) as direct:
            return value(await scrape(direct), "spieltisch_connections")

    async def scenario(port: int) -> None:
        async with _ana_and_bob(port, tls[0]) as (ana, bob):
            outside = await ana.http.get("/metrics")
            assert outside.status_code == 404, outside.text
            table = await _table(ana, bob)
            players = [
                ResilientSeat(client, table, [client.base_url], random.Random(10 + index), 0.01)
                for index, client in enumerate((ana, bob))
            ]
            games = [asyncio.create_task(player.play()) for player in players]
            await until(lambda: players[0].last.get("seq", 0) >= 12, WHOLE_GAME, "12 moves")
            counts = [await connections(server) for server in servers]
            assert sorted(counts) == [0, 2], f"the table's connections spread: {counts}"
            holding = servers[counts.index(2)]
            assert holding.process is not None
            holding.process.send_signal(signal.SIGTERM)
            async with asyncio.timeout(WHOLE_GAME):
                final = await asyncio.gather(*games)
            assert all(state["status"] == "finished" for state in final)
            assert all(player.reconnects >= 1 for player in players), "nobody moved over"
            await check_told_against_log(database, table, "mahe", {"players": 3}, players)
            holding.process.wait(DEADLINE)
            assert "drained: " in holding.log(), holding.log()[-3000:]

    with _nginx(site, tmp_path / "nginx") as port:
        asyncio.run(scenario(port))
    for server in servers:
        assert "Traceback" not in server.log(), server.log()[-3000:]
