"""The built-in games; importing a game's package registers it and declares its parts.

A game kept outside spieltisch joins by naming its package (importable, e.g. on
PYTHONPATH) in the environment variable SPIELTISCH_GAMES, several separated by commas.
The registry imports them on first need (`find`), not on `import spieltisch`
(issue 34: start-up); `from spieltisch.games import mahe` imports one as usual.
"""

import importlib
import os

from spieltisch.core.errors import SpieltischError

EXTRA_GAMES = "SPIELTISCH_GAMES"
BUILT_IN = {
    "david_goliath": "spieltisch.games.david_goliath",
    "mabula": "spieltisch.games.mabula",
    "madn": "spieltisch.games.madn",
    "mahe": "spieltisch.games.mahe",
}
"""The built-in games by name, with their packages."""


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


def find(name: str | None) -> None:
    """The registry's finder (core.finders): import (so register) the built-in game
    `name`, or for None every built-in game and those of SPIELTISCH_GAMES."""
    if name is not None:
        if name in BUILT_IN:
            importlib.import_module(BUILT_IN[name])
        return
    for package in BUILT_IN.values():
        importlib.import_module(package)
    load_extra_games()


__all__ = ["BUILT_IN", "EXTRA_GAMES", "find", "load_extra_games"]
