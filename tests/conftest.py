from __future__ import annotations

from collections.abc import Iterator

import pytest

from spieltisch.core.i18n import set_language


@pytest.fixture(autouse=True)
def english_unless_a_test_says_otherwise() -> Iterator[None]:
    """The CLI sets the language for the process; each test starts in English again."""
    set_language("en")
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def own_play_settings(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`spieltisch play` keeps settings and unfinished games in files: tests read and
    write their own, never those of the person running them."""
    folder = tmp_path_factory.mktemp("settings")
    monkeypatch.setenv("SPIELTISCH_CONFIG", str(folder / "play.json"))
    monkeypatch.setenv("SPIELTISCH_STATE", str(folder / "kept"))
