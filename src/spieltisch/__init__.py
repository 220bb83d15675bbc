"""spieltisch: rules engines, AI and simulation for Mahé, Mensch ärgere Dich nicht,
David & Goliath and Mabula, behind one game protocol.

    >>> import spieltisch
    >>> game = spieltisch.load("mabula")
    >>> state = game.new_state()
"""

from spieltisch import games as _builtin_games  # noqa: F401  (registers the four games)
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
