"""How a review was computed, in words (issue 45): the search named as people read it,
in every language, never by its id ("endgame" was shown in German and French), and the
seed called by the site's word for it ("Startwert", not "Seed")."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from spieltisch.agents.levels import ALGORITHMS
from spieltisch.agents.names import LEVEL_NAMES, level_name
from spieltisch.core.i18n import language
from spieltisch.review.html import estimate_note

THRESHOLDS = {"inaccuracy": 0.05, "mistake": 0.1, "blunder": 0.15}


def _review(search: str) -> Any:
    settings = SimpleNamespace(
        level="expert", search=search, iterations=20, seconds=None, seed=0, thresholds=THRESHOLDS
    )
    return SimpleNamespace(settings=settings)


@pytest.mark.parametrize("search", sorted(ALGORITHMS))
@pytest.mark.parametrize("code", ["de", "en", "fr"])
def test_every_search_is_named_in_words(search: str, code: str) -> None:
    with language(code):
        named = level_name(search)
        note = estimate_note(_review(search))
    assert search in LEVEL_NAMES, f"{search} has no name"
    assert f"({named}," in note, note
    assert named == search or f"({search}," not in note, note


def test_the_seed_is_called_by_the_sites_word() -> None:
    with language("de"):
        note = estimate_note(_review("mcts"))
    assert "Startwert 0" in note and "Seed" not in note, note
