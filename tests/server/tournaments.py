"""A tournament director and scripted players over the HTTP API, for the server tests."""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from typer.testing import CliRunner

from spieltisch.cli.app import app
from tests.server.client import Client, Message, play_randomly
from tests.waiting import until_value


def command_line(database_url: str) -> Callable[..., str]:
    """`spieltisch tournament ARGS` on the server's database; its output, or the test fails.
    It runs in a thread of its own: a test's event loop (Playwright's) may run in this one."""

    def cli(*args: str) -> str:
        argv = ["tournament", *args, "--database", database_url]
        with ThreadPoolExecutor(1) as pool:
            result = pool.submit(CliRunner().invoke, app, argv, env={"COLUMNS": "200"}).result()
        assert result.exit_code == 0, result.output
        return result.output

    return cli


def made_on_the_command_line(cli: Callable[..., str], name: str, players: int) -> str:
    """A tournament created and filled with hall players on the command line by `desk`."""
    created = re.search(r"Tournament (\S+) created", cli("new", name, "--by", "desk"))
    assert created
    identifier = created.group(1)
    cli(
        "players", identifier, *(f"--add=Player {n}" for n in range(1, players + 1)), "--by", "desk"
    )
    return identifier


class Director:
    """The director's steps through the API, with the director's own session."""

    def __init__(self, client: Client, identifier: str) -> None:
        self.client = client
        self.id = identifier

    @classmethod
    async def create(cls, client: Client, **settings: Any) -> tuple[Director, Message]:
        created = await client.post("/api/tournaments", settings, 201)
        return cls(client, created["id"]), created

    async def get(self) -> Message:
        response = await self.client.http.get(f"/api/tournaments/{self.id}")
        assert response.status_code == 200, response.text
        found: Message = response.json()
        return found

    async def register(self, **player: Any) -> Message:
        return await self.client.post(f"/api/tournaments/{self.id}/players", player)

    async def start_round(self, online: bool = True) -> Message:
        return await self.client.post(f"/api/tournaments/{self.id}/rounds", {"online": online})

    async def enter(self, round_number: int, table: int, **result: Any) -> Message:
        path = f"/api/tournaments/{self.id}/rounds/{round_number}/tables/{table}"
        return await self.client.post(path, result)

    async def wait_for_online_results(self, round_number: int, timeout: float = 120) -> Message:
        """Until every online table of the round has its result (taken automatically)."""

        def complete(found: Message) -> bool:
            tables = found["rounds"][round_number - 1]["tables"]
            return all(t["result"] for t in tables if t["online"])

        return await until_value(self.get, complete, timeout, "every online table's result")


async def play_my_tables(players: dict[int, Client], tables: list[Message], seed: int) -> None:
    """Every account's scripted client plays its seats of the round's online tables with
    random legal moves until the games end."""
    jobs = []
    for table in tables:
        if not table["online"]:
            continue
        for seat in table["seats"]:
            client = players.get(seat["player"])
            if client is not None:
                jobs.append(_play(client, table["online"], seed + seat["player"]))
    await asyncio.gather(*jobs)


async def _play(client: Client, table_id: str, seed: int) -> None:
    socket = await client.socket(table_id)
    try:
        await play_randomly(socket, random.Random(seed))
    finally:
        with contextlib.suppress(Exception):
            await socket.close()
