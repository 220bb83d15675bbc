"""The interop tests need the `rl` extra (numpy, gymnasium, pettingzoo, open-spiel)."""

from __future__ import annotations

import pytest

for _module in ("numpy", "gymnasium", "pettingzoo", "pyspiel"):
    pytest.importorskip(_module)

GAMES = ("mahe", "madn", "david_goliath", "mabula")
"""The four built-in games; every interop suite runs against each."""
