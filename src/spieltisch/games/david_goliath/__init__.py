"""David & Goliath: trick taking with hidden hands, where the lowest card takes the highest."""

from spieltisch.games.david_goliath.rules import (
    DavidGoliath,
    DavidGoliathOptions,
    DavidGoliathState,
)

__all__ = ["DavidGoliath", "DavidGoliathOptions", "DavidGoliathState"]
