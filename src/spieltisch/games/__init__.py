"""The built-in games; importing a game's package registers it and declares its parts.

A game kept outside spieltisch joins by naming its package (importable, e.g. on
PYTHONPATH) in the environment variable SPIELTISCH_GAMES, several separated by commas.
"""

import importlib
import os

from spieltisch.core.errors import SpieltischError
from spieltisch.games import david_goliath, mabula, madn, mahe

EXTRA_GAMES = "SPIELTISCH_GAMES"


def load_extra_games() -> list[str]:
    """Import the game packages named in SPIELTISCH_GAMES (each registers itself)."""
    names = [name.strip() for name in os.environ.get(EXTRA_GAMES, "").split(",") if name.strip()]
    for name in names:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as missing:
            raise SpieltischError(
                f"{EXTRA_GAMES} names the game package {name!r}, which cannot be imported "
                f"({missing}); put its folder on PYTHONPATH or remove it from {EXTRA_GAMES}"
            ) from None
    return names


load_extra_games()

__all__ = ["EXTRA_GAMES", "david_goliath", "load_extra_games", "mabula", "madn", "mahe"]
