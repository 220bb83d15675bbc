"""How a command ends on input it cannot use: one line saying what and why, exit code 2."""

from __future__ import annotations

from typing import NoReturn

import typer
from rich.console import Console

from spieltisch.cli.messages import _
from spieltisch.core.i18n import labelled


def fail(console: Console, message: str) -> NoReturn:
    """Print `Error: message` (the message is never read as markup) and stop with code 2."""
    console.print(labelled(_("Error")), style="bold red", end="", markup=False, highlight=False)
    console.print(message, markup=False, highlight=False, soft_wrap=True)
    raise typer.Exit(2)
