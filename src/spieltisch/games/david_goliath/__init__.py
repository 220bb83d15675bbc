"""David & Goliath: trick taking with hidden hands, where the lowest card takes the highest."""

from spieltisch.core.game_parts import GameParts
from spieltisch.core.registry import register
from spieltisch.games.david_goliath.rules import (
    DavidGoliath,
    DavidGoliathOptions,
    DavidGoliathState,
)

PARTS = GameParts.standard(__name__)
register(DavidGoliath, PARTS)

__all__ = ["PARTS", "DavidGoliath", "DavidGoliathOptions", "DavidGoliathState"]
