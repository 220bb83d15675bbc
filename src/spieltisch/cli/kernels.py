"""Loading a game's compiled kernel for `simulate` and `analyse`, saying so when it must
be compiled first: in a fresh clone the first fast run compiles for about half a minute
of CPU, which looked like a hang with nothing on the screen."""

from __future__ import annotations

import time
from typing import Any

from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from spieltisch.cli.messages import _
from spieltisch.core import Game, formats


def warm_telling(console: Console, game: Game[Any]) -> None:
    """Load the game's kernel into this process; when numba's cache does not hold it
    yet, say that it is compiled once and show the time passing while it is."""
    from spieltisch.sim.fast import kernel_cached, warm

    if kernel_cached(game) is not False:
        warm(game)
        return
    console.print(
        _(
            "Compiling the kernel of {game}: once, about half a minute; later runs load it "
            "from the cache."
        ).format(game=game.title),
        highlight=False,
    )
    started = time.monotonic()
    with Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as progress:
        progress.add_task(_("compiling"), total=None)
        warm(game)
    console.print(compiled_in(time.monotonic() - started), highlight=False)


def compiled_in(seconds: float) -> str:
    """How long compiling took: seconds, or minutes from two minutes on ("1.571 s" read as
    a thousands figure in German on a busy machine)."""
    if seconds < 120:
        return _("Kernel compiled in {seconds} s.").format(seconds=formats.number(seconds, 0))
    return _("Kernel compiled in {minutes} min.").format(minutes=formats.number(seconds / 60, 0))
