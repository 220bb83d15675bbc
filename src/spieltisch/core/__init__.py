"""The core: the game protocol, options, records, errors and the registry. Imports no game.

Names are imported on first use (PEP 562), so that `import spieltisch.core.errors` does
not pay for pydantic and the protocol (issue 34: start-up).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
    from spieltisch.core.protocol import (
        CHANCE,
        TERMINAL,
        Game,
        GameInfo,
        Move,
        Refusal,
        State,
        View,
    )
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


_WHERE = {
    **dict.fromkeys(
        (
            "IllegalMove",
            "LargeChanceNode",
            "OptionError",
            "RecordError",
            "SeatError",
            "SpieltischError",
            "UnknownGame",
        ),
        "spieltisch.core.errors",
    ),
    "GameParts": "spieltisch.core.game_parts",
    "GameOptions": "spieltisch.core.options",
    "OptionInfo": "spieltisch.core.options",
    **dict.fromkeys(
        ("CHANCE", "TERMINAL", "Game", "GameInfo", "Move", "Refusal", "State", "View"),
        "spieltisch.core.protocol",
    ),
    "FORMAT": "spieltisch.core.records",
    "Record": "spieltisch.core.records",
    **dict.fromkeys(
        ("game_class", "game_names", "games", "load", "load_record", "parts", "register"),
        "spieltisch.core.registry",
    ),
}


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(where), name)
    globals()[name] = value
    return value
