"""The core: the game protocol, options, records, errors and the registry. Imports no game."""

from spieltisch.core.errors import (
    IllegalMove,
    LargeChanceNode,
    OptionError,
    RecordError,
    SeatError,
    SpieltischError,
    UnknownGame,
)
from spieltisch.core.game_parts import GameParts
from spieltisch.core.options import GameOptions, OptionInfo
from spieltisch.core.protocol import CHANCE, TERMINAL, Game, GameInfo, Move, Refusal, State, View
from spieltisch.core.records import FORMAT, Record
from spieltisch.core.registry import (
    game_class,
    game_names,
    games,
    load,
    load_record,
    parts,
    register,
)

__all__ = [
    "CHANCE",
    "FORMAT",
    "TERMINAL",
    "Game",
    "GameInfo",
    "GameOptions",
    "GameParts",
    "IllegalMove",
    "LargeChanceNode",
    "Move",
    "OptionError",
    "OptionInfo",
    "Record",
    "RecordError",
    "Refusal",
    "SeatError",
    "SpieltischError",
    "State",
    "UnknownGame",
    "View",
    "game_class",
    "game_names",
    "games",
    "load",
    "load_record",
    "parts",
    "register",
]
