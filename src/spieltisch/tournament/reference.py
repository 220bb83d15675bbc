"""Reference ratings of the AI levels, computed once by a command and shipped as data, so
the leaderboard can say "about the hard level" without playing thousands of games.

`spieltisch tournament levels GAME --games N --write` plays the levels among themselves
(`levels.rate_levels`) and keeps their ratings in `data/level_ratings.json`, with how
they were made (games, table size, seed, date).
"""

from __future__ import annotations

import datetime as dt
import errno
import json
import os
from pathlib import Path
from typing import Any

from spieltisch.core import game_class
from spieltisch.core.file_errors import FileProblem, cannot_write, file_problem, write_text
from spieltisch.core.identity import level_of
from spieltisch.tournament.levels import rate_levels
from spieltisch.tournament.messages import _
from spieltisch.tournament.ratings import Rating, RatingBook

DATA = Path(__file__).resolve().parent / "data" / "level_ratings.json"
REFERENCE_LEVELS = ("random", "easy", "medium", "hard")
"""The levels rated: from random play up to the strongest level that is quick enough to
play thousands of games with."""


def table_size(game: str) -> int:
    """The table the levels are rated at: four players, or the game's nearest count."""
    cls = game_class(game)
    return min(cls.max_players, max(cls.min_players, 4))


def compute(game: str, games: int, seed: int = 0) -> dict[str, Any]:
    """Play `games` games among the reference levels and return the entry to keep."""
    players = table_size(game)
    book = rate_levels(game, REFERENCE_LEVELS, games, players, seed=seed)
    return entry(game, book, games, players, seed)


def entry(game: str, book: RatingBook, games: int, players: int, seed: int) -> dict[str, Any]:
    """The levels' ratings in `book` with how they were made, as the data file keeps them."""
    return {
        "games": games,
        "players": players,
        "seed": seed,
        "computed": dt.date.today().isoformat(),
        "levels": {
            level_of(row.player) or row.player: {
                "mu": round(row.rating.mu, 4),
                "sigma": round(row.rating.sigma, 4),
            }
            for row in book.leaderboard(game)
        },
    }


def load_all(path: Path = DATA) -> dict[str, dict[str, Any]]:
    """Every game's entry in the data file (none when it does not exist yet); FileProblem
    when it cannot be read or holds something else."""
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeError) as exc:
        reason = file_problem(exc)
        message = _("cannot read {path}: {reason}").format(path=path, reason=reason)
        raise FileProblem(message) from None
    except ValueError:
        data = None
    if not isinstance(data, dict):
        raise FileProblem(
            _("{path} is not a file of level ratings (JSON, one entry per game)").format(path=path)
        )
    return data


def check_writable(path: Path) -> None:
    """Refuse, before hours of games, a file `store` could not keep the ratings in."""
    load_all(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise cannot_write(path, exc) from None
    if path.is_dir():
        raise cannot_write(path, IsADirectoryError(errno.EISDIR, "is a directory"))
    if not os.access(path if path.exists() else path.parent, os.W_OK):
        raise cannot_write(path, PermissionError(errno.EACCES, "permission denied"))


def store(game: str, entry: dict[str, Any], path: Path = DATA) -> None:
    """Keep one game's entry in the data file (the other games' entries stay)."""
    data = load_all(path)
    data[game] = entry
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise cannot_write(path, exc) from None
    text = json.dumps(dict(sorted(data.items())), indent=1, ensure_ascii=False)
    write_text(path, text + "\n")


def reference_levels(game: str, path: Path = DATA) -> dict[str, Rating]:
    """The stored ratings of the AI levels of `game` (empty when none were computed)."""
    entry = load_all(path).get(game)
    if not entry:
        return {}
    return {name: Rating(v["mu"], v["sigma"]) for name, v in entry["levels"].items()}
