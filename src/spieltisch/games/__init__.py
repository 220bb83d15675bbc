"""The built-in games; importing a game's package registers it and declares its parts."""

from spieltisch.games import david_goliath, mabula, madn, mahe

__all__ = ["david_goliath", "mabula", "madn", "mahe"]
