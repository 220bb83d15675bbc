"""spieltisch: rules engines, AI and simulation for Mahé, Mensch ärgere Dich nicht,
David & Goliath and Mabula, behind one game protocol.

    >>> import spieltisch
    >>> game = spieltisch.load("mabula")
    >>> state = game.new_state()
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import spieltisch.games
from spieltisch.core.finders import FINDERS

if spieltisch.games.find not in FINDERS:  # the games register when the registry asks
    FINDERS.append(spieltisch.games.find)
globals().pop("games")  # `spieltisch.games` is the core's function, not the subpackage

if TYPE_CHECKING:
    from spieltisch.core import (
        CHANCE,
        TERMINAL,
        Game,
        GameInfo,
        IllegalMove,
        LargeChanceNode,
        Move,
        OptionError,
        RecordError,
        SeatError,
        SpieltischError,
        State,
        UnknownGame,
        games,
        load,
        load_record,
    )

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameInfo",
    "IllegalMove",
    "LargeChanceNode",
    "Move",
    "OptionError",
    "RecordError",
    "SeatError",
    "SpieltischError",
    "State",
    "UnknownGame",
    "games",
    "load",
    "load_record",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """The core's names on first use: `import spieltisch` is light (issue 34: start-up);
    the built-in games register themselves when the registry is first asked."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import spieltisch.core

    value = getattr(spieltisch.core, name)
    globals()[name] = value
    return value
