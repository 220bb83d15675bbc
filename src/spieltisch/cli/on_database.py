"""One command's work on the server's database: open it (migrating it first), run the work,
close it; a refusal ends the command with one clear line (`cli/fail.py`)."""

from __future__ import annotations

import asyncio
import getpass
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

from rich.console import Console

from spieltisch.cli.fail import fail
from spieltisch.cli.messages import _
from spieltisch.cli.serve import _url
from spieltisch.core import SpieltischError

if TYPE_CHECKING:
    from spieltisch.store import Database

T = TypeVar("T")


def run_on_database(
    console: Console,
    database: str | None,
    work: Callable[[Database], Awaitable[T]],
    explain: Callable[[Exception], str] = str,
) -> T:
    """Open the database, run `work` on it, close; a `SpieltischError` ends the command
    with `explain(error)`."""
    from spieltisch.store import Database, upgrade

    url = _url(database)
    try:
        upgrade(url)
    except Exception as exc:  # the driver's own error: unreachable server, bad file
        fail(console, _("cannot open the database: {error}").format(error=exc))

    async def main() -> T:
        db = Database(url)
        try:
            return await work(db)
        finally:
            await db.close()

    try:
        coroutine: Coroutine[Any, Any, T] = main()
        return asyncio.run(coroutine)
    except SpieltischError as exc:
        fail(console, explain(exc))


def who_acts(by: str | None) -> str:
    """Who takes a step: `--by`, else the user logged in (kept in the audit trail)."""
    if by:
        return by
    try:
        return getpass.getuser()
    except (OSError, KeyError):
        return "director"
