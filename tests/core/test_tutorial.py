"""The tutorials: the engine plays every step, each asked move is legal where it is
asked, and the words come in the learner's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import spieltisch.web
from spieltisch.core import game_names
from spieltisch.core.tutorial import Step, Tutorial, frames, tutorial_of

WITH_TUTORIAL = [name for name in game_names() if tutorial_of(name) is not None]


def test_every_game_has_a_tutorial_and_the_pages_know_it() -> None:
    assert set(WITH_TUTORIAL) == {"mahe", "madn", "david_goliath", "mabula"}
    rules_js = Path(spieltisch.web.__file__).parent / "static" / "pages" / "rules.js"
    listed = re.search(r"TUTORIALS = \[([^\]]*)\]", rules_js.read_text())
    assert listed and sorted(re.findall(r'"(\w+)"', listed.group(1))) == sorted(WITH_TUTORIAL)


@pytest.mark.parametrize("game", WITH_TUTORIAL)
def test_each_asked_move_is_legal_and_offered(game: str) -> None:
    tutorial = tutorial_of(game)
    assert tutorial is not None
    steps = frames(game, "en")
    assert len(steps) == len(tutorial.steps) >= 5
    asked = [step for step in steps if step["ask"] is not None]
    assert len(asked) >= 2  # the learner plays
    for step in asked:
        offered = [move["move"] for move in step["moves"]]
        assert step["ask"] in offered and len(offered) <= 4  # a short choice
        assert step["board_svg"].startswith("<svg")
    assert any(len(step["moves"]) >= 2 for step in asked)  # a real choice somewhere


@pytest.mark.parametrize("game", WITH_TUTORIAL)
def test_the_words_are_in_the_learners_language(game: str) -> None:
    said = {code: [step["say"] for step in frames(game, code)] for code in ("en", "de", "fr")}
    for step in range(len(said["en"])):
        assert len({said[code][step] for code in said}) == 3, said["en"][step]
    assert 'lang="fr"' in frames(game, "fr")[0]["board_svg"][:300]


def test_a_script_that_asks_an_illegal_move_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    from spieltisch.core import tutorial as module

    broken = Tutorial(
        options={"players": 4},
        setup=("deck:" + "1" * 3 + "2" * 3 + "3" * 5 + "4" * 5 + "5" * 5 + "6" * 3,),
        steps=(Step("first", auto=("d3",), ask="card:2"),),
    )
    monkeypatch.setattr(module, "tutorial_of", lambda game: broken)
    with pytest.raises(ValueError, match="card:2"):
        frames("mahe", "en")
