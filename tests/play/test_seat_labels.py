"""The play app and the plain mode name seats by colour where the game's seats have one."""

from __future__ import annotations

import pytest

import spieltisch
from spieltisch.cli.play.seats import HUMAN
from spieltisch.cli.play.session import Session
from spieltisch.core import parts
from spieltisch.core.i18n import language
from tests.play.conftest import BUDGET, level

EXPECTED = [
    ("madn", 2, "de", ["Rot (du)", "Gelb (mittel)"]),
    ("madn", 4, "en", ["Red (you)", "Black (medium)", "Yellow (medium)", "Green (medium)"]),
    ("mahe", 2, "en", ["Red, Blue (you)", "Yellow, Green (medium)"]),
    ("mahe", 7, "de", ["Rot (du)", "Gelb (mittel)", "Blau (mittel)"]),
    ("mabula", 2, "fr", ["Blanc (vous)", "Noir (moyen)"]),
    ("david_goliath", 3, "de", ["Spieler 1 (du)", "Spieler 2 (mittel)"]),
]


@pytest.mark.parametrize(("game", "players", "code", "labels"), EXPECTED)
def test_seats_are_named_by_colour(game: str, players: int, code: str, labels: list[str]) -> None:
    loaded = spieltisch.load(game, players=players)
    session = Session(loaded, [HUMAN] + ["medium"] * (players - 1), seed=1, budget=BUDGET)
    with language(code):
        shown = [session.label(seat) for seat in range(players)]
    assert shown[: len(labels)] == labels


@pytest.mark.parametrize("name", [info.name for info in spieltisch.games()])
@pytest.mark.parametrize("code", ["de", "en", "fr"])
def test_every_label_is_different_and_numbers_only_where_colours_are_missing(
    name: str, code: str
) -> None:
    game = spieltisch.load(name)
    session = Session(game, [HUMAN, *[level()] * (game.num_players - 1)], seed=1, budget=BUDGET)
    with language(code):
        shown = [session.label(seat) for seat in range(game.num_players)]
        numbered = "1" in shown[0]
    assert len(set(shown)) == len(shown)
    assert numbered == (parts(game).seat_label is None), shown
