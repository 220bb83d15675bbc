"""The games kept between two starts of the app: a list, one file per game.

A game is kept from a person's first move on, and its record (with the seed and budget,
see `session.table_info`) is written after every step: killing the app loses nothing,
and a resumed game goes on with the same dice, cards and computer moves. There may be
several kept games of each game, each named and dated; starting a new game never
replaces one, and a finished game stays as a record until the person deletes it.

A kept game is open in one terminal at a time: its lock is an `flock` on a file beside
it, which the system lets go of when the process ends, so the lock of an app that was
killed is taken over without a question. Every kept file is an ordinary game record,
so `spieltisch play --resume FILE` and `spieltisch replay FILE` read it too.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from spieltisch.agents import agent_names
from spieltisch.cli.messages import _, _n
from spieltisch.cli.play.seats import HUMAN, parse_seats
from spieltisch.cli.play.session import Session, table_seed
from spieltisch.core import SpieltischError, load_record
from spieltisch.core.records import read_record

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no locks, one terminal is trusted
    fcntl = None  # type: ignore[assignment]


def default_folder() -> Path:
    """`$SPIELTISCH_STATE`, else `$XDG_STATE_HOME/spieltisch`, else ~/.local/state/spieltisch."""
    explicit = os.environ.get("SPIELTISCH_STATE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "spieltisch"


@dataclass(frozen=True)
class Kept:
    """What a list of kept games shows about one: read from its file, not replayed."""

    path: Path
    game: str
    name: str
    moves: int
    saved: datetime
    finished: bool

    @property
    def when(self) -> str:
        return self.saved.strftime("%Y-%m-%d %H:%M")


class GameBusy(SpieltischError):
    """The kept game is open in another terminal; the message says which process."""


class LockHeld(Exception):
    """Another process holds the lock."""


class Keeper:
    """One kept game: its file, written after every step, and the lock on it."""

    def __init__(self, path: Path, name: str, lock: IO[str] | None) -> None:
        self.path = path
        self.name = name
        self._lock = lock

    def write(self, session: Session) -> Path | None:
        """Write the game once a person has moved (or it was kept before); never raises:
        keeping is a courtesy, a read-only home must not stop the game."""
        moved = any(entry.player in session.humans for entry in session.log)
        if not moved and not self.path.exists():
            return None
        record: dict[str, Any] = dict(session.record())
        moves = sum(1 for entry in session.log if entry.player is not None)  # not the dice
        record["kept"] = {"name": self.name, "moves": moves}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            partial = self.path.with_suffix(".part")
            partial.write_text(json.dumps(record, ensure_ascii=False, indent=1), "utf-8")
            partial.replace(self.path)  # whole or not at all, whenever the app is killed
        except OSError:
            return None
        return self.path

    def delete(self) -> None:
        with contextlib.suppress(OSError):
            self.path.unlink(missing_ok=True)

    def release(self) -> None:
        """Let another terminal open the game (the end of the process does it too)."""
        if self._lock is not None:
            with contextlib.suppress(OSError):
                if not self.path.exists():  # never written: nobody else knows its name
                    Path(self._lock.name).unlink(missing_ok=True)
                self._lock.close()
            self._lock = None


class KeptGames:
    """The kept games in one folder (`default_folder()` unless a test names its own)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else default_folder()

    # -- the list -----------------------------------------------------------------------

    def listing(self, game: str | None = None, *, finished: bool = False) -> list[Kept]:
        """The kept games (of `game`), newest first; finished ones only when asked for.
        A file that is not a record is left out (and left alone)."""
        found: list[Kept] = []
        with contextlib.suppress(OSError):
            for path in self.folder.glob("*.json"):
                kept = read_kept(path)
                if kept is None or (game is not None and kept.game != game):
                    continue
                if kept.finished and not finished:
                    continue
                found.append(kept)
        return sorted(found, key=lambda kept: (kept.saved, kept.path.name), reverse=True)

    def unfinished(self, game: str | None = None) -> list[Kept]:
        return self.listing(game)

    # -- keeping ------------------------------------------------------------------------

    def new(self, session: Session, name: str | None = None) -> Keeper:
        """A new kept game for `session` (a new file: no kept game is ever replaced);
        it is written once a person moves."""
        game = session.game.name
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        number = 1
        while True:
            suffix = "" if number == 1 else f"-{number}"
            path = self.folder / f"{game}-{stamp}{suffix}.json"
            number += 1
            if path.exists():
                continue
            try:
                lock = self._lock(path)
            except LockHeld:
                continue  # another terminal started a game in the same second
            return Keeper(path, name or self.next_name(session), lock)

    def keeper_for(
        self,
        session: Session,
        resume: Path | None = None,
        game_number: int | None = None,
        name: str | None = None,
    ) -> Keeper:
        """Where `session` is kept: the kept game itself when `resume` names one (locked:
        GameBusy when it is open elsewhere), else a new kept game, so that continuing a
        saved file never replaces a kept game."""
        if resume is not None and game_number is None:
            kept = read_kept(resume)
            with contextlib.suppress(OSError):
                if kept is not None and resume.resolve().parent == self.folder.resolve():
                    keeper = self.open(kept)
                    if name:
                        keeper.name = name
                    return keeper
        if name is None and resume is not None:
            name = resume.stem if game_number is None else f"{resume.stem} {game_number}"
        return self.new(session, name)

    def next_name(self, session: Session) -> str:
        """`Mabula 3`: the game's title and the next number no kept game of it uses."""
        title = session.game.title
        used = {kept.name for kept in self.listing(session.game.name, finished=True)}
        number = 1
        while f"{title} {number}" in used:
            number += 1
        return f"{title} {number}"

    def open(self, kept: Kept) -> Keeper:
        """The kept game's keeper, with its lock; GameBusy when another terminal has it."""
        try:
            lock = self._lock(kept.path)
        except LockHeld:
            raise GameBusy(busy_message(kept, self._owner(kept.path))) from None
        return Keeper(kept.path, kept.name, lock)

    def resume(self, kept: Kept, like: Session) -> tuple[Session, Keeper]:
        """The kept game as a session, locked, with the seats, seed and budget it was
        played with (so it goes on exactly); GameBusy when it is open elsewhere."""
        keeper = self.open(kept)
        try:
            data = read_record(kept.path)
            state = load_record(data)
        except SpieltischError:
            keeper.release()
            raise
        recorded = list(data.get("players") or [])
        n = state.game.num_players
        known = {HUMAN, *agent_names()}
        if len(recorded) == n and all(name in known for name in recorded):
            seats = recorded
        else:
            seats = like.seats if len(like.seats) == n else parse_seats(None, n)
        seed, budget, has_table = table_seed(data)
        session = Session(
            state.game,
            seats,
            seed=seed if seed is not None else like.seed,
            budget=budget if has_table else like.budget,
            history=state.history(),
        )
        attach(session, keeper)
        return session, keeper

    def delete(self, kept: Kept) -> None:
        """Delete a kept game (asked before, by the interface); GameBusy while it is open."""
        keeper = self.open(kept)
        keeper.delete()
        keeper.release()

    # -- locks --------------------------------------------------------------------------

    def _lock_path(self, path: Path) -> Path:
        return path.with_name(f".{path.stem}.lock")

    def _lock(self, path: Path) -> IO[str] | None:
        """The open lock file (held until closed), None where locks are not possible;
        LockHeld when another process (or another keeper here) holds it."""
        if fcntl is None:
            return None
        target = self._lock_path(path)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle = open(target, "a+", encoding="utf-8")  # noqa: SIM115 - held open
        except OSError:
            return None  # no folder to keep games in: no game to share either
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise LockHeld from None
        owner = {"pid": os.getpid(), "host": socket.gethostname(), "since": now_text()}
        with contextlib.suppress(OSError):
            handle.seek(0)
            handle.truncate()
            handle.write(json.dumps(owner))
            handle.flush()
        return handle

    def is_open(self, kept: Kept) -> bool:
        """Whether another terminal has the game open now (a look at its lock, taking
        nothing)."""
        if fcntl is None:
            return False
        try:
            with open(self._lock_path(kept.path), encoding="utf-8") as handle:
                fcntl.flock(handle.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError as exc:
            return isinstance(exc, BlockingIOError)  # no lock file: nobody has it
        return False

    def line(self, kept: Kept) -> str:
        """A kept game in a list: `describe_kept`, and whether it is open elsewhere."""
        text = describe_kept(kept)
        if self.is_open(kept):
            text += " · " + _("open in another terminal")
        return text

    def _owner(self, path: Path) -> dict[str, Any]:
        try:
            owner = json.loads(self._lock_path(path).read_text("utf-8"))
        except (OSError, ValueError):
            return {}
        return owner if isinstance(owner, dict) else {}


def attach(session: Session, keeper: Keeper) -> Keeper:
    """Keep `session` with `keeper` from now on: written after every step."""
    session.on_step = keeper.write
    return keeper


def read_kept(path: Path) -> Kept | None:
    """A kept game as the list shows it, or None for a file that is not a record."""
    try:
        data = json.loads(path.read_text("utf-8"))
        saved = datetime.fromtimestamp(path.stat().st_mtime)
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        return None
    history = data.get("history")
    kept = data.get("kept")
    name = kept.get("name") if isinstance(kept, dict) else None
    moves = kept.get("moves") if isinstance(kept, dict) else None
    if not isinstance(moves, int):  # kept before the count was written: every step
        moves = len(history) if isinstance(history, list) else 0
    return Kept(
        path,
        data["game"],
        name if isinstance(name, str) and name else path_name(path),
        moves,
        saved,
        data.get("result") is not None,
    )


def describe_kept(kept: Kept) -> str:
    """`Mabula 2 · 14 moves · 2026-12-06 07:40`: a kept game in a list or a question."""
    return _n(
        "{name} · {moves} move · {saved}", "{name} · {moves} moves · {saved}", kept.moves
    ).format(name=kept.name, moves=kept.moves, saved=kept.when)


def path_name(path: Path) -> str:
    """A name for a kept game from before games had names: its file name, readable."""
    return re.sub(r"^unfinished-", "", path.stem)


def now_text() -> str:
    return datetime.now().strftime("%Y-%m-%d %H:%M")


def busy_message(kept: Kept, owner: dict[str, Any]) -> str:
    """Says that (and where) the game is open, and what to do instead."""
    pid = owner.get("pid")
    return _(
        "{name} is open in another terminal (process {pid}, since {since}): finish or quit it "
        "there, or choose another game."
    ).format(name=kept.name, pid=pid if pid is not None else "?", since=owner.get("since", "?"))


def kept_message(target: Path | None) -> str | None:
    """Where the unfinished game was kept, said when the app ends (None: nothing kept)."""
    if target is None:
        return None
    return _("The unfinished game is kept in {path}; it is offered at the next start.").format(
        path=str(target)
    )
