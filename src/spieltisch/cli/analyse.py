"""`spieltisch analyse GAME`: many kernel games, summarised as a Markdown report with
plots (see sim.analysis)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from spieltisch.cli.extras import require
from spieltisch.cli.fail import fail
from spieltisch.cli.game_options import load_with_options
from spieltisch.cli.language import use_language
from spieltisch.cli.messages import _
from spieltisch.cli.progress import progress_bar
from spieltisch.core import Game, SpieltischError, parts
from spieltisch.core.file_errors import cannot_write
from spieltisch.core.i18n import language
from spieltisch.core.palette import PLOT

console = Console()


def seat_colours(game: Game[Any]) -> list[str | None]:
    """Each seat's colour for the plots (its first colour in Mahé with two turtles each),
    None where the game's seats have no colour (David & Goliath)."""
    declared = parts(game)
    name = declared.seat_colour or declared.seat_label
    if name is None:
        return [None] * game.num_players
    with language("en"):  # the colour's English name, whatever the report's language
        names = [name(game, seat).split(",")[0].strip().lower() for seat in range(game.num_players)]
    return [PLOT.get(colour) for colour in names]


def _seat_names(game: Game[Any]) -> list[str]:
    """Seat numbers, with what sits there in words where the game names its seats."""
    label = parts(game).seat_label
    if label is None:
        return [str(seat) for seat in range(game.num_players)]
    return [f"{seat} ({label(game, seat)})" for seat in range(game.num_players)]


def analyse(
    game: Annotated[str, typer.Argument(help="The game to analyse.")],
    players: Annotated[int | None, typer.Option("--players", help="Number of players.")] = None,
    n: Annotated[int, typer.Option("-n", "--games", min=1, help="Number of games.")] = 100_000,
    agents: Annotated[
        str, typer.Option("--agents", help="random or policy, for every seat.")
    ] = "random",
    seed: Annotated[int, typer.Option("--seed", help="Seed of the whole run.")] = 0,
    out: Annotated[
        Path, typer.Option("--out", help="Folder for the report (README.md) and its plots.")
    ] = Path("analysis"),
    workers: Annotated[int, typer.Option("--workers", min=1, help="Processes to use.")] = 1,
    cluster: Annotated[
        str | None, typer.Option("--cluster", help="tcp://HOST:8786 or local:N (Dask).")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A game option as key=value; repeat for more."),
    ] = None,
    lang: Annotated[str | None, typer.Option("--lang", help="Language: de, en or fr.")] = None,
) -> None:
    """Win share by seat, game length, scores and each game's own figures, with 95%
    intervals, from many compiled-kernel games: a Markdown report with plots."""
    from spieltisch.sim.analysis import analyse as run_analysis
    from spieltisch.sim.analysis import report

    use_language(lang, console)
    require("numba", "numpy", "matplotlib", *(["dask"] if cluster else []))
    if agents not in ("random", "policy"):
        fail(
            console,
            _("--agents for analyse is random or policy, not {agents!r}").format(agents=agents),
        )
    try:
        loaded = load_with_options(game, players, option or [])
    except (SpieltischError, ValueError) as exc:
        fail(console, str(exc))
        return
    try:  # the report's folder is checked before the games, not after them
        out.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError) as exc:
        fail(console, str(cannot_write(out, exc)))
    progress = progress_bar(console)
    try:
        with progress:
            task = progress.add_task(loaded.title, total=n)
            result = run_analysis(
                loaded,
                [agents] * loaded.num_players,
                n,
                seed,
                workers,
                cluster,
                lambda count: progress.advance(task, count),
            )
    except ValueError as exc:
        fail(console, str(exc))
        return
    command = "spieltisch " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    path = report(result, out, _, _seat_names(loaded), command, seat_colours(loaded))
    console.print(_("report written to {path}").format(path=path), highlight=False)
