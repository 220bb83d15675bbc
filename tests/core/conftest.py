from __future__ import annotations

from collections.abc import Iterator

import pytest

from spieltisch.core import registry
from tests.core.toy import ToyGame


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Registers the toy games for one test only."""
    monkeypatch.setitem(registry._GAMES, "toy", ToyGame)
    ToyGame.Options.game_name = "toy"
    yield
