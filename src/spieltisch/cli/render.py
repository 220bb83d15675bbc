"""`spieltisch render`: a position of a record drawn by the game's own SVG board."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console

from spieltisch.cli.fail import fail
from spieltisch.cli.language import use_language
from spieltisch.cli.messages import _
from spieltisch.cli.picture import NoConverter, svg_to_png
from spieltisch.core import SpieltischError, load_record
from spieltisch.core.file_errors import FileProblem, cannot_write, write_text
from spieltisch.core.svg import draw_state

console = Console(stderr=True)


def _fail(message: str) -> NoReturn:
    fail(console, message)


def render(
    record: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    output: Annotated[
        Path, typer.Option("--output", "-o", help="The picture to write: .svg, or .png.")
    ] = Path("board.svg"),
    at: Annotated[
        int | None,
        typer.Option(
            "--at", help="The position after this many history entries (default: the end)."
        ),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option("--seat", help="Draw what this player sees (default: a spectator)."),
    ] = None,
    lang: Annotated[
        str | None, typer.Option("--lang", help="Language of the labels: de, en or fr.")
    ] = None,
) -> None:
    """Draw a position of a game record as SVG (or PNG where a converter is installed)."""
    code = use_language(lang, console)
    if output.suffix.lower() not in (".svg", ".png"):
        _fail(_("the output must end in .svg or .png, not {name}").format(name=output.name))
    try:
        final = load_record(record)
    except SpieltischError as exc:
        _fail(str(exc))
        return
    history = final.history()
    position = len(history) if at is None else at
    if not 0 <= position <= len(history):
        _fail(_("--at must lie between 0 and {last}").format(last=len(history)))
    players = final.game.num_players
    if seat is not None and not 0 <= seat < players:
        _fail(_("--seat must lie between 0 and {last}").format(last=players - 1))
    state = final.game.replay(history[:position])
    last = history[position - 1] if position else None
    svg = draw_state(state, seat, language=code, last_move=last)
    if output.suffix.lower() == ".svg":
        try:
            write_text(output, svg)
        except FileProblem as exc:
            _fail(str(exc))
        console.print(_("wrote {path}").format(path=output), highlight=False)
        return
    try:
        used = svg_to_png(svg, output)
    except NoConverter as exc:
        _fail(str(exc))
    except (OSError, ValueError) as exc:
        _fail(str(cannot_write(output, exc)))
    console.print(
        _("wrote {path} (with {converter})").format(path=output, converter=used), highlight=False
    )
