"""The worked examples of the David & Goliath book (spieltisch/games/david_goliath/
examples.py) played by the engine: each test checks what the book says happens."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from spieltisch.core.examples import examples
from spieltisch.games.david_goliath import DavidGoliathState

EXAMPLES = examples("david_goliath")


def state(name: str, *, before: bool = False) -> DavidGoliathState:
    played = EXAMPLES[name].state("david_goliath", before=before)
    assert isinstance(played, DavidGoliathState)
    return played


def the_trick() -> None:
    before = state("the-trick", before=True)
    assert before.view(None)["trick"] == [[1, "g4"], [2, "g12"], [3, "g7"], [4, "r2"]]
    assert before.legal_moves() == ["g2"]  # Emma holds one green card
    after = state("the-trick")
    view = after.view(None)
    # Emma's 2, played after Dennis's 2, is the lowest: she takes Ben's 12
    assert view["won"][0] == ["g12"]
    assert sorted(view["won"][2]) == ["g2", "g4", "g7", "r2"]
    assert view["turn"] == 2  # Ben leads the next trick


def the_score() -> None:
    final = state("the-score")
    assert final.is_terminal()
    view = final.view(None)
    dennis = {
        colour: sorted(int(c[1:]) for c in view["won"][4] if c[0] == colour) for colour in "rygbp"
    }
    assert dennis == {
        "r": [4, 10, 11],
        "y": [8],
        "g": [5, 9],
        "b": [2, 3, 6, 10, 12],
        "p": [10, 12],
    }
    assert view["deal_scores"][0][4] == 3 + 8 + 14 + 5 + 22 == 52
    assert final.scores()[4] == 52


CHECKS: dict[str, Callable[[], None]] = {"the-trick": the_trick, "the-score": the_score}


def test_every_example_has_its_check() -> None:
    assert list(CHECKS) == list(EXAMPLES)


@pytest.mark.parametrize("name", list(CHECKS))
def test_example(name: str) -> None:
    CHECKS[name]()
