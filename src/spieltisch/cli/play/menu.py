"""`spieltisch play` without a game: a numbered menu of the kept games and the games."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import typer
from rich.console import Console

import spieltisch
from spieltisch.cli.messages import _
from spieltisch.cli.play.autosave import KeptGames
from spieltisch.core.i18n import labelled


@dataclass(frozen=True)
class Picked:
    """What the menu chose: a new game of `game`, or the kept game in `kept`."""

    game: str | None = None
    kept: Path | None = None


def menu(console: Console, store: KeptGames) -> Picked | None:
    """Ask which kept game to continue or which game to start; None when the person
    leaves (an empty input at the end, or Ctrl+D)."""
    titles = {info.name: info.title for info in spieltisch.games()}
    kept = store.unfinished()
    entries: list[Picked] = []
    if kept:
        console.print(_("Kept games:"), highlight=False, markup=False)
        for game in kept:
            entries.append(Picked(kept=game.path))
            title = titles.get(game.game, game.game)
            shown = store.line(game)
            if title not in game.name:
                shown += f" · {title}"
            console.print(f"  {len(entries)}. {shown}", highlight=False, markup=False)
    console.print(_("A new game:"), highlight=False, markup=False)
    for info in spieltisch.games():
        entries.append(Picked(game=info.name))
        low, high = info.players
        players = str(low) if low == high else f"{low}–{high}"
        line = f"{info.title} ({labelled(_('players'), players)})"
        console.print(f"  {len(entries)}. {line}", highlight=False, markup=False)
    question = _("Which one (1 to {count})?").format(count=len(entries))
    while True:
        try:
            typed = typer.prompt(question, default="1").strip()
        except (typer.Abort, EOFError):
            return None
        if typed.isdigit() and 1 <= int(typed) <= len(entries):
            return entries[int(typed) - 1]
        named = next((entry for entry in entries if entry.game == typed.lower()), None)
        if named is not None:
            return named
        console.print(
            _("'{answer}' is not one of the answers: {choices}").format(
                answer=typed, choices=f"1–{len(entries)}"
            ),
            highlight=False,
            markup=False,
        )
