"""The interop tests need the `rl` extra (numpy, gymnasium, pettingzoo, open-spiel)."""

from __future__ import annotations

import pytest

from spieltisch.core import game_names

for _module in ("numpy", "gymnasium", "pettingzoo", "pyspiel"):
    pytest.importorskip(_module)

GAMES = tuple(game_names())
"""Every registered game; every interop suite runs against each."""
