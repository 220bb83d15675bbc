"""How the registry finds games that have not registered yet.

A game registers itself when its package is imported. So that `import spieltisch`
imports no game (issue 34: start-up) while the core imports nothing above it, the
`spieltisch` package installs a finder here that imports the built-in games (and those
of SPIELTISCH_GAMES) when the registry first needs them.
"""

from __future__ import annotations

from collections.abc import Callable

Finder = Callable[[str | None], None]
"""Called with a game's name (import that game, if it knows it) or None (import all)."""

FINDERS: list[Finder] = []


def find_games(name: str | None = None) -> None:
    """Ask every finder for the game `name`, or for all games."""
    for finder in FINDERS:
        finder(name)
