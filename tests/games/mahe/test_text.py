"""The terminal board and the translations of Mahé."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from rich.text import Text

from spieltisch.core import CHANCE, parts
from spieltisch.core.i18n import NO_BREAK_SPACE, language, unbroken
from spieltisch.core.reflow import ReflowText
from spieltisch.games import mahe
from spieltisch.games.mahe.rules import MaheState
from spieltisch.games.mahe.text import render
from tests.games.mahe.helpers import deck, load, play, start
from tests.games.mahe.test_scenarios import stack_on_eighteen

FOLDER = Path(mahe.__file__).parent


def random_states(seed: int, players: int, every: int = 37) -> list[MaheState]:
    game = load(players=players, egg_cards_as_dice=True)
    rng = random.Random(seed)
    state = game.new_state()
    states = [state.clone()]
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
        if len(state.history()) % every == 0:
            states.append(state.clone())
    states.append(state)
    return states


@pytest.mark.parametrize("code", ["en", "de", "fr"])
@pytest.mark.parametrize("players", [2, 4, 7])
def test_the_board_fits_80_columns(code: str, players: int) -> None:
    with language(code):
        for state in random_states(players, players):
            for seat in (None, 0):
                lines = render(state, seat).plain.splitlines()
                assert lines and max(len(line) for line in lines) <= 80


def test_the_board_shows_the_stack_example() -> None:
    state = stack_on_eighteen()
    play(state, "d1")
    text = render(state, 1).plain
    assert "Field 18 (bottom to top): Blue, Red, Yellow" in text
    assert "Face-up card: 5  cards in the pile: 19" in text.replace(NO_BREAK_SPACE, " ")
    assert unbroken("cards in the pile: 19") in text  # wraps as one (80×24 in French)
    assert "Moving: Red  dice: 1  Yellow decides for the stack" in text
    assert "Yellow: cards 3  eggs: 3" in text  # the seat named as the side panel does
    ring = text.splitlines()
    numbers = next(i for i, line in enumerate(ring) if line.startswith("  1  2  3"))
    column = 18 * 3 - 1
    assert [ring[numbers - k][column] for k in (3, 2, 1)] == ["Y", "R", "B"]


def test_the_board_shows_a_card_among_the_dice_and_the_end() -> None:
    state = start(load(players=4, egg_cards_as_dice=True), deck([2]))
    play(state, "d2", "roll", "d1", "roll", "d4", "d1", "stop", "d1", "stop", "d1", "stop")
    play(state, "d3", "card:2", "stop")
    assert "Cards played as dice (out of the game): 1" in render(state, None).plain
    state = start(load(players=4, third_die_at_seven=True, egg_cards_as_dice=True), deck([2]))
    play(state, "d2", "roll", "d1", "roll", "d4", "d1", "stop", "d1", "stop", "d1", "stop")
    play(state, "d1", "card:2")
    assert "dice: 1 + card 2 = 3" in render(state, 0).plain
    final = random_states(3, 4)[-1]
    assert "Game over" in render(final, None).plain
    assert "beach 7" in render(final, None).plain


def test_the_board_shows_nothing_hidden() -> None:
    for state in random_states(11, 3, every=13):
        for seat in (None, 0, 1, 2):
            sampled = state.determinize(seat, random.Random(1))
            assert render(sampled, seat) == render(state, seat)


def test_the_board_speaks_german_and_french() -> None:
    state = stack_on_eighteen()
    with language("de"):
        text = render(state, None).plain
        assert "Feld 18 (von unten nach oben): Blau, Rot, Gelb" in text
        assert "Floß:" in text
    with language("fr"):
        assert "Case 18 (de bas en haut)\u202f: Bleue, Rouge, Jaune" in render(state, None).plain


def test_refusals_are_translated() -> None:
    state = start(load(players=3))
    with language("de"):
        assert state.explain("turtle:yellow") == "die Schildkröte Gelb gehört Spieler 2"
    with language("fr"):
        assert state.explain("turtle:yellow") == "la tortue jaune appartient au joueur 2"


@pytest.mark.parametrize("code", ["de", "fr"])
def test_every_message_has_a_translation(code: str) -> None:
    wanted = {
        message
        for _file, _line, message, _comments, _context in extract_from_dir(
            FOLDER, method_map=[("**.py", "python")], keywords={"_": None}
        )
    }
    with (FOLDER / "locale" / f"{code}.po").open("rb") as handle:
        catalog = read_po(handle)
    assert not catalog.fuzzy
    translated = {str(m.id): str(m.string) for m in catalog if m.id and m.string and not m.fuzzy}
    assert wanted <= set(translated), wanted - set(translated)
    for message, translation in translated.items():
        fields = sorted(part.split("}")[0] for part in message.split("{")[1:])
        assert fields == sorted(part.split("}")[0] for part in translation.split("{")[1:])


@pytest.mark.parametrize("code", ["en", "de", "fr"])
def test_rules_summaries(code: str) -> None:
    text = parts("mahe").rules_summary(code)
    lines = text.splitlines()
    # with pictures, rulings, the books' examples and the options as typed (terminal)
    assert lines[0].startswith("# ") and 40 <= len(lines) <= 140
    for token in ("turtle:", "roll", "stop", "card:", "deck:", "d1"):
        assert token in text
    with language(code):
        option = parts("mahe").option_label("egg_cards_as_dice")
    assert ("egg_cards_as_dice" if code == "en" else option) in text


@pytest.mark.parametrize(
    ("code", "stacked", "legend"),
    [
        ("en", ["Y", "R", "B"], "B=Blue"),
        ("de", ["Ge", "Ro", "Bl"], "Gr=Grün"),  # Gelb and Grün share their initial
        ("fr", ["Ja", "Ro", "Bl"], "Ve=Verte"),  # verte and violette, bleue and blanche too
    ],
)
def test_the_ring_letters_are_the_readers(code: str, stacked: list[str], legend: str) -> None:
    """The ring names each turtle by the glossary's letters of the reader's language, in
    the stacks, the legend and (on a narrow board) each player's row; never an English
    initial that reads as another colour (G is Gelb and Grün in German)."""
    state = stack_on_eighteen()
    with language(code):
        ring = render(state, None).plain.splitlines()
        board = render(state, None)
        assert isinstance(board, ReflowText)
        narrow = board.layout(40).plain
    numbers = next(i for i, line in enumerate(ring) if line.startswith("  1  2  3"))
    width = len(stacked[0])
    column = 18 * 3 - width
    assert [ring[numbers - k][column : column + width] for k in (3, 2, 1)] == stacked
    assert legend in " ".join(ring)
    assert f"{stacked[1]}=" in narrow  # the narrow board's rows name the letters


def test_the_narrow_layouts_are_drawn_when_asked_as_they_were() -> None:
    """Issue 41: the app draws the board after every move, mostly on screens wide enough
    for the wide layout; the narrow ones are drawn when a narrow screen asks, in the
    language the board was made in, and show the position it was made for (not the
    state's next one)."""
    state = stack_on_eighteen()
    before = state.clone()
    with language("de"):
        board = render(state, None)
    assert isinstance(board, ReflowText)
    assert all(not isinstance(layout, Text) for _needs, layout in board.narrower)
    if state.current_player == CHANCE:
        state.sample_chance(random.Random(1))
    else:
        state.apply(state.legal_actions()[0])
    assert state.view(None) != before.view(None)
    with language("de"):
        expected = render(before, None)
        assert isinstance(expected, ReflowText)
        assert board.layout(60).plain == expected.layout(60).plain
    assert board.layout(40).plain == expected.layout(40).plain  # drawn in German
    assert board.layout(40) is board.layout(40)  # drawn once
    assert board.layout(100) is board  # wide enough: none other drawn
