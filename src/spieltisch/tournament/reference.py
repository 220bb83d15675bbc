"""Reference ratings of the AI levels, computed once by a command and shipped as data, so
the leaderboard can say "about the hard level" without playing thousands of games.

`spieltisch tournament levels GAME --games N --write` plays the levels among themselves
(`levels.rate_levels`) and keeps their ratings in `data/level_ratings.json`, with how
they were made (games, table size, seed, date).
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from spieltisch.core import game_class
from spieltisch.tournament.levels import LEVEL_PREFIX, rate_levels
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
            row.player.removeprefix(LEVEL_PREFIX): {
                "mu": round(row.rating.mu, 4),
                "sigma": round(row.rating.sigma, 4),
            }
            for row in book.leaderboard(game)
        },
    }


def load_all(path: Path = DATA) -> dict[str, dict[str, Any]]:
    if not path.exists():
        return {}
    data: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return data


def store(game: str, entry: dict[str, Any], path: Path = DATA) -> None:
    """Keep one game's entry in the data file (the other games' entries stay)."""
    data = load_all(path)
    data[game] = entry
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(dict(sorted(data.items())), indent=1, ensure_ascii=False)
    path.write_text(text + "\n", encoding="utf-8")


def reference_levels(game: str, path: Path = DATA) -> dict[str, Rating]:
    """The stored ratings of the AI levels of `game` (empty when none were computed)."""
    entry = load_all(path).get(game)
    if not entry:
        return {}
    return {name: Rating(v["mu"], v["sigma"]) for name, v in entry["levels"].items()}
