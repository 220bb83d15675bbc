from __future__ import annotations

from collections.abc import Iterator

import pytest

from spieltisch.core import registry
from tests.core.toy import LeakyGame, ToyGame


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Registers the toy games for one test only."""
    monkeypatch.setitem(registry._GAMES, "toy", ToyGame)
    monkeypatch.setitem(registry._GAMES, "leaky_toy", LeakyGame)
    ToyGame.Options.game_name = "toy"
    yield
