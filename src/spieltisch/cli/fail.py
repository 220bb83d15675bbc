"""How a command ends on input it cannot use: one line saying what and why, exit code 2."""

from __future__ import annotations

from typing import NoReturn

import typer
from rich.console import Console

from spieltisch.cli.messages import _


def fail(console: Console, message: str) -> NoReturn:
    """Print `Error: message` (the message is never read as markup) and stop with code 2."""
    label = _("Error")
    console.print(f"[bold red]{label}:[/] ", end="", highlight=False)
    console.print(message, markup=False, highlight=False, soft_wrap=True)
    raise typer.Exit(2)
