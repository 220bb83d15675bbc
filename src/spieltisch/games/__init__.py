"""The built-in games; importing a game's package registers it and declares its parts.

A game kept outside spieltisch joins by naming its package (importable, e.g. on
PYTHONPATH) in the environment variable SPIELTISCH_GAMES, several separated by commas.
The registry imports them all on first need (`load_games`), not on `import spieltisch`
(issue 34: start-up); `from spieltisch.games import mahe` imports one as usual.
"""

import importlib
import os

from spieltisch.core.errors import SpieltischError

EXTRA_GAMES = "SPIELTISCH_GAMES"
BUILT_IN = ("david_goliath", "mabula", "madn", "mahe")


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


def load_games() -> None:
    """Import (so register) the built-in games and those of SPIELTISCH_GAMES."""
    for name in BUILT_IN:
        importlib.import_module(f"{__name__}.{name}")
    load_extra_games()


__all__ = ["BUILT_IN", "EXTRA_GAMES", "load_extra_games", "load_games"]
