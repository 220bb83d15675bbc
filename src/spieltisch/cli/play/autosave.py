"""The unfinished game kept between two starts of the app: one record per game.

The app writes it after each of a person's moves and when they quit, removes it when
the game ends or is discarded, and offers it again at the next start of the same game.
It is an ordinary game record, so `spieltisch play --resume FILE` reads it too.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from spieltisch.agents import agent_names
from spieltisch.cli.messages import _
from spieltisch.cli.play.seats import HUMAN, parse_seats
from spieltisch.cli.play.session import Session
from spieltisch.core import SpieltischError, load_record
from spieltisch.core.records import read_record


def default_folder() -> Path:
    """`$SPIELTISCH_STATE`, else `$XDG_STATE_HOME/spieltisch`, else ~/.local/state/spieltisch."""
    explicit = os.environ.get("SPIELTISCH_STATE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "spieltisch"


@dataclass(frozen=True)
class Kept:
    """What the resume question shows about a kept game."""

    path: Path
    moves: int
    saved: datetime


class Autosave:
    """Keeps the unfinished game of each game name in one folder."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else default_folder()

    def path(self, game: str) -> Path:
        return self.folder / f"unfinished-{game}.json"

    def keep(self, session: Session) -> Path | None:
        """Write the game when it is unfinished and a person has moved; never raises."""
        state = session.state
        moved = any(entry.player in session.humans for entry in session.log)
        if state.is_terminal() or not moved:
            self.discard(session.game.name)
            return None
        target = self.path(session.game.name)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            text = json.dumps(session.record(), ensure_ascii=False, indent=1)
            partial = target.with_suffix(".part")
            partial.write_text(text, "utf-8")
            partial.replace(target)
        except OSError:
            return None  # keeping is a courtesy: a read-only home must not stop the game
        return target

    def discard(self, game: str) -> None:
        with contextlib.suppress(OSError):
            self.path(game).unlink(missing_ok=True)

    def find(self, game: str) -> Kept | None:
        """The kept game of that name, if there is one that still loads."""
        target = self.path(game)
        try:
            state = load_record(target)
            saved = datetime.fromtimestamp(target.stat().st_mtime)
        except (OSError, SpieltischError):
            return None
        if state.is_terminal():
            return None
        return Kept(target, len(state.history()), saved)

    def resume(self, kept: Kept, like: Session) -> Session:
        """The kept game as a session, with the seats it was played with."""
        state = load_record(kept.path)
        recorded = list(read_record(kept.path).get("players") or [])
        n = state.game.num_players
        known = {HUMAN, *agent_names()}
        if len(recorded) == n and all(name in known for name in recorded):
            seats = recorded
        else:
            seats = like.seats if len(like.seats) == n else parse_seats(None, n)
        return Session(
            state.game, seats, seed=like.seed, budget=like.budget, history=state.history()
        )


def kept_message(target: Path | None) -> str | None:
    """Where the unfinished game was kept, said when the app ends (None: nothing kept)."""
    if target is None:
        return None
    return _("The unfinished game is kept in {path}; it is offered at the next start.").format(
        path=str(target)
    )
