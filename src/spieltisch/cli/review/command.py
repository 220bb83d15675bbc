"""`spieltisch review`: how a finished game was played, decision by decision.

The analysis is `spieltisch.review`; here are the options, the progress bar, the table
and the files (`--out` JSON, `--html` a page to share).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from spieltisch.agents import LEVELS, Budget
from spieltisch.cli.fail import fail as _fail
from spieltisch.cli.language import use_language
from spieltisch.cli.progress import progress_bar
from spieltisch.cli.record_files import choose_record
from spieltisch.cli.review.messages import _
from spieltisch.core import SpieltischError
from spieltisch.core.file_errors import FileProblem, write_text
from spieltisch.core.formats import number
from spieltisch.core.formats import percent as share
from spieltisch.review import ReviewFile, Step, review_game, verdict_name
from spieltisch.review.calibration import calibration_note
from spieltisch.review.html import review_page
from spieltisch.review.lookups import record_seat_titles

STYLES = {"fine": "green", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def parse_seats(values: Sequence[str], names: Sequence[str]) -> list[int] | None:
    """Seats named by number (0..n-1) or by a player's name in the record; none: all."""
    if not values:
        return None
    seats = []
    for value in values:
        text = value.strip()
        if text.isdigit() and int(text) < len(names):
            seats.append(int(text))
        elif text in names:
            seats.append(list(names).index(text))
        else:
            allowed = ", ".join(f"{i} ({name})" for i, name in enumerate(names))
            raise ValueError(
                _("no seat {seat!r} in this game: seats are {allowed}").format(
                    seat=text, allowed=allowed
                )
            )
    return seats


def percent(chance: float) -> str:
    return share(chance)


def steps_table(review: ReviewFile) -> Table:
    """Every step: the reviewed decisions judged, the rest (chance, forced) shown dimmed.

    Moves are shown in words, in the review's language (French `lancer`, not the notation
    `roll`); a deal's notation would also show every hand."""
    names = record_seat_titles(review.record)
    table = Table(title=_("Review"), box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0))
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column(_("player"), max_width=14)
    table.add_column(_("move"), max_width=24)
    table.add_column(_("before"), justify="right", no_wrap=True)
    table.add_column(_("after"), justify="right", no_wrap=True)
    table.add_column(_("loss"), justify="right", no_wrap=True)
    table.add_column(_("verdict"), no_wrap=True)
    table.add_column(_("better"), ratio=1)
    for step in review.steps:
        table.add_row(*_row(step, names), style=None if step.analysis else "dim")
    return table


def _row(step: Step, names: Sequence[str]) -> list[RenderableType]:
    who = "" if step.player is None else _player(step.player, names)
    analysis = step.analysis
    if analysis is None:
        move = step.words
        note = _("forced") if step.kind == "forced" else ""
        return [str(step.index + 1), who, move, "", "", "", note, ""]
    better = ""
    if analysis.best.move != analysis.played.move:
        better = f"{analysis.best.words} ({percent(analysis.best.win_chance)})"
    return [
        str(step.index + 1),
        who,
        step.words,
        percent(analysis.win_chance_before),
        percent(analysis.played.win_chance),
        number(analysis.loss * 100, 1) if analysis.loss else "",
        Text(verdict_name(analysis.verdict), style=STYLES[analysis.verdict]),
        better,
    ]


def _player(seat: int, names: Sequence[str]) -> str:
    return names[seat] if seat < len(names) else str(seat)


def summary(review: ReviewFile, count: int = 5) -> RenderableType:
    """Each seat in short, then the biggest losses of the game."""
    names = record_seat_titles(review.record)
    seats = Table(title=_("In short"))
    for column in (_("player"), _("decisions"), _("mean loss"), _("result")):
        seats.add_column(column)
    for verdict in ("inaccuracy", "mistake", "blunder"):
        seats.add_column(verdict_name(verdict), justify="right", style=STYLES[verdict])
    for seat in review.seats:
        result = "" if seat.win_share is None else percent(seat.win_share)
        seats.add_row(
            _player(seat.seat, names),
            str(seat.decisions),
            number(seat.mean_loss * 100, 1),
            result,
            *(str(seat.verdicts[v]) for v in ("inaccuracy", "mistake", "blunder")),
        )
    losses = Table(title=_("The biggest losses"))
    for column in ("#", _("player"), _("played"), _("better"), _("loss")):
        losses.add_column(column)
    for step in review.biggest_losses(count):
        analysis = step.analysis
        assert analysis is not None and step.player is not None
        losses.add_row(
            str(step.index + 1),
            _player(step.player, names),
            f"{step.words} ({percent(analysis.played.win_chance)})",
            f"{analysis.best.words} ({percent(analysis.best.win_chance)})",
            Text(number(analysis.loss * 100, 1), style=STYLES[analysis.verdict]),
        )
    parts: list[RenderableType] = [seats]
    if losses.row_count:
        parts.append(losses)
    else:
        parts.append(Text(_("No inaccuracies, mistakes or blunders.")))
    note = _(
        "Win chances in percent, losses in percentage points, estimated by the {level} "
        "search ({search}); seed {seed}."
    ).format(level=review.settings.level, search=review.settings.search, seed=review.settings.seed)
    parts.append(Text(f"{note} {calibration_note(review.settings.calibration)}", style="dim"))
    return Group(*parts)


def review(
    record: Annotated[
        Path, typer.Argument(help="A game record (JSON), or a file of them (JSON Lines).")
    ],
    game_number: Annotated[
        int | None,
        typer.Option(
            "--game", min=1, help="Which game of a file of many (simulate --out), from 1."
        ),
    ] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat", help="Review only this seat: its number (from 0) or name; repeat for more."
        ),
    ] = None,
    budget: Annotated[
        str | None,
        typer.Option(
            "--budget",
            help="Search budget per decision: 500, 1.5s or 500,1.5s "
            "(default: as much as the level's hint gets, counted in iterations; seconds are not "
            "reproducible).",
        ),
    ] = None,
    level: Annotated[
        str, typer.Option("--level", help="Whose search judges: easy, medium, hard or expert.")
    ] = "expert",
    workers: Annotated[int, typer.Option("--workers", min=1, help="Processes to use.")] = 1,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the searches.")] = 0,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Write the review as JSON (the record plus analysis)."),
    ] = None,
    html: Annotated[
        Path | None, typer.Option("--html", help="Write the review as a page to share (HTML).")
    ] = None,
    lang: Annotated[
        str | None, typer.Option("--lang", help="Language: de, en or fr (default: from LANG).")
    ] = None,
    raw: Annotated[
        bool,
        typer.Option("--raw", help="Show the search's own estimates, without the calibration."),
    ] = False,
) -> None:
    """Review a finished game: each decision's cost in win chance, and the better move."""
    console = Console(highlight=False)
    use_language(lang, console)
    try:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: levels are {', '.join(LEVELS)}")
        data, note = choose_record(record, game_number)
        if note:
            console.print(note, soft_wrap=True)
        names = [str(name) for name in data.get("players") or []]
        seats = parse_seats(seat or [], names)
        parsed_budget = Budget.parse(budget) if budget else None
        with progress_bar(console) as progress:
            task = progress.add_task(_("Reviewing"), total=None)

            def advance(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            result = review_game(
                data,
                seats=seats,
                level=level,
                budget=parsed_budget,
                seed=seed,
                workers=workers,
                progress=advance,
                calibrate=not raw,
            )
    except (SpieltischError, ValueError) as exc:
        _fail(console, str(exc))
        return
    console.print(steps_table(result))
    console.print(summary(result))
    try:
        if out is not None:
            write_text(out, result.model_dump_json(indent=1))
            console.print(_("Review written to {path}").format(path=out))
        if html is not None:
            write_text(html, review_page(result))
            console.print(_("Page written to {path}").format(path=html))
    except FileProblem as exc:
        _fail(console, str(exc))
