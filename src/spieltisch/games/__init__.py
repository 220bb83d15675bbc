"""The built-in games; importing a game's package registers it."""

from spieltisch.games import david_goliath, mabula, madn, mahe

BUILTIN = ("mahe", "madn", "david_goliath", "mabula")

__all__ = ["BUILTIN", "david_goliath", "mabula", "madn", "mahe"]
