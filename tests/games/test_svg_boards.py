"""Every game's SVG board: well-formed, every legal move clickable, nothing drawn that the
view does not hold (hidden hands stay hidden), labels in the chosen language."""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Iterator
from typing import Any
from xml.etree import ElementTree

import pytest

import spieltisch
from spieltisch.core import CHANCE, State
from spieltisch.core.svg import board_drawer, draw_state, illegal_moves_in_picture, moves_in_picture
from spieltisch.games.david_goliath.rules import DavidGoliathState

SETTINGS = [
    ("mahe", 2),
    ("mahe", 5),
    ("madn", 2),
    ("madn", 4),
    ("david_goliath", 3),
    ("david_goliath", 5),
    ("mabula", 2),
]


def _positions(name: str, players: int, seed: int, every: int = 1) -> Iterator[State]:
    """The positions of one random game, the chance nodes skipped."""
    state = spieltisch.load(name, players=players).new_state()
    rng = random.Random(seed)
    step = 0
    while True:
        if state.current_player == CHANCE:
            state.sample_chance(rng)
            continue
        if step % every == 0:
            yield state
        if state.is_terminal():
            return
        state.apply(rng.choice(state.legal_moves()))
        step += 1


def _attributes(svg: str, name: str) -> list[str]:
    return [node.attrib[name] for node in ElementTree.fromstring(svg).iter() if name in node.attrib]


@pytest.mark.parametrize(("name", "players"), SETTINGS)
def test_every_legal_move_is_clickable_and_nothing_else(name: str, players: int) -> None:
    for seed in range(2):
        for state in _positions(name, players, seed, every=4):
            seat = state.current_player if state.current_player >= 0 else None
            svg = draw_state(state, seat)
            root = ElementTree.fromstring(svg)
            assert root.tag == "{http://www.w3.org/2000/svg}svg"
            legal = set(state.legal_moves()) if seat is not None else set()
            assert moves_in_picture(svg) == legal, (seed, state.history()[-3:])


@pytest.mark.parametrize(("name", "players"), SETTINGS)
def test_other_seats_and_spectators_get_nothing_to_click(name: str, players: int) -> None:
    for state in _positions(name, players, seed=7, every=5):
        if state.is_terminal():
            continue
        others = [p for p in range(players) if p != state.current_player]
        for seat in [None, *others]:
            assert moves_in_picture(draw_state(state, seat)) == set()


def _drawn_pieces(name: str, view: dict[str, Any], svg: str) -> None:
    """What the picture shows matches what the view holds, piece by piece."""
    if name == "mabula":
        drawn = dict(
            zip(_attributes(svg, "data-square"), _attributes(svg, "data-marble"), strict=True)
        )
        assert drawn == view["board"]
    elif name == "madn":
        pieces = Counter(_attributes(svg, "data-piece"))
        assert pieces == Counter({colour: 4 for colour in view["pieces"]})
        squares = sorted(_attributes(svg, "data-square"))
        assert squares == sorted(s for squares in view["pieces"].values() for s in squares)
    elif name == "mahe":
        on_board = [c for stack in view["fields"].values() for c in stack] + view["raft"]
        owners = list(view["turtles"])
        assert Counter(_attributes(svg, "data-turtle")) == Counter(on_board + owners)
    elif name == "david_goliath":
        visible = [card for _p, card in view["trick"]]
        taken = view.get("last_trick") if not view["trick"] else None
        if taken:  # the trick just taken stays in view until the next card
            visible += [card for _p, card in taken["cards"]]
        visible += [card for won in view["won"] for card in won]
        visible += view.get("hand", [])
        assert Counter(_attributes(svg, "data-card")) == Counter(visible)


@pytest.mark.parametrize(("name", "players"), SETTINGS)
def test_the_picture_shows_exactly_what_the_view_holds(name: str, players: int) -> None:
    for state in _positions(name, players, seed=11, every=6):
        for seat in [None, *range(players)]:
            _drawn_pieces(name, dict(state.view(seat)), draw_state(state, seat))


@pytest.mark.parametrize("players", [3, 4, 6])
def test_another_seats_hand_is_never_in_the_picture(players: int) -> None:
    for state in _positions("david_goliath", players, seed=3, every=7):
        for seat in range(players):
            svg = draw_state(state, seat)
            for other in range(players):
                if other == seat:
                    continue
                assert isinstance(state, DavidGoliathState)
                hidden = set(state.view(other).get("hand", [])) - _seen_by(dict(state.view(seat)))
                drawn = set(_attributes(svg, "data-card"))
                assert not hidden & drawn
        spectator = draw_state(state, None)
        assert "Your hand" not in spectator


def _seen_by(view: dict[str, Any]) -> set[str]:
    seen = {card for _p, card in view["trick"]} | set(view.get("hand", []))
    return seen | {card for won in view["won"] for card in won}


@pytest.mark.parametrize("name", ["mahe", "madn", "david_goliath", "mabula"])
def test_labels_follow_the_language(name: str) -> None:
    state = next(_positions(name, 2 if name != "david_goliath" else 3, seed=1))
    seat = state.current_player
    drawer = board_drawer(state.game)
    assert drawer is not None
    pictures = {
        code: drawer(state.view(seat), seat=seat, legal_moves=state.legal_moves(), language=code)
        for code in ("de", "en", "fr")
    }
    assert len(set(pictures.values())) == 3
    for code, svg in pictures.items():
        assert ElementTree.fromstring(svg).attrib["lang"] == code
    assert "(you)" in pictures["en"]
    assert "(du)" in pictures["de"] and "(vous)" in pictures["fr"]


def test_ambiguous_clicks_carry_every_choice() -> None:
    """A Mabula marble that can be pushed several distances offers them all at once."""
    state = next(_positions("mabula", 2, seed=2))
    svg = draw_state(state, state.current_player)
    groups = [value.split(";") for value in _attributes(svg, "data-moves")]
    assert groups and all(len(group) > 1 for group in groups)
    sources = {move.split("-")[0] for group in groups for move in group}
    assert sources == {move.split("-")[0] for move in state.legal_moves()}


@pytest.mark.parametrize(("name", "players"), [("madn", 4), ("david_goliath", 4)])
def test_illegal_pieces_of_the_seat_to_move_ask_for_an_explanation(name: str, players: int) -> None:
    """Own cards or pieces that cannot move now carry their move, for the engine to explain."""
    offered = 0
    for state in _positions(name, players, seed=5, every=2):
        if state.is_terminal():
            continue
        svg = draw_state(state, state.current_player)
        tried = illegal_moves_in_picture(svg)
        assert not tried & set(state.legal_moves())
        for move in tried:
            assert state.explain(move), move
        offered += len(tried)
        for seat in range(players):
            if seat != state.current_player:
                assert illegal_moves_in_picture(draw_state(state, seat)) == set()
    assert offered > 0


def _clear_drawing_caches(name: str) -> int:
    """Empty every cache of the game's svg module (the static layers drawn once)."""
    module = sys.modules[board_drawer(spieltisch.load(name)).__module__]
    caches = [value for value in vars(module).values() if hasattr(value, "cache_clear")]
    for cache in caches:
        cache.cache_clear()
    return len(caches)


@pytest.mark.parametrize("name", ["mahe", "madn", "david_goliath", "mabula"])
def test_parts_drawn_once_are_the_parts_drawn_anew(name: str) -> None:
    """The static layers and pieces are cached: a board drawn with caches warmed by other
    positions, player counts and languages is the board drawn from empty caches (a
    cache key that missed something, say 16 against 16.0, would show here)."""
    settings = [players for game, players in SETTINGS if game == name]
    assert _clear_drawing_caches(name) > 0
    for seed in range(2):
        for players in settings:
            for index, state in enumerate(_positions(name, players, seed, every=3)):
                seat = state.current_player if state.current_player >= 0 else None
                language = ("de", "en", "fr")[index % 3]
                warm = draw_state(state, seat, language=language)
                _clear_drawing_caches(name)
                assert draw_state(state, seat, language=language) == warm, (seed, players)


def _as_the_page_shows_it(svg: str, seat: int) -> str:
    """The picture after the page put in the words of its own seat (`showYou` in
    pages/table.js), without the attributes that carry them."""
    root = ElementTree.fromstring(svg)
    for node in root.iter():
        if node.attrib.get("data-you") == str(seat):
            node.text = node.attrib["data-you-text"]
        node.attrib.pop("data-you", None)
        node.attrib.pop("data-you-text", None)
    return ElementTree.tostring(root, encoding="unicode")


@pytest.mark.parametrize(("name", "players"), SETTINGS)
def test_one_picture_serves_every_seat_not_to_move(name: str, players: int) -> None:
    """The server draws a position once per language for the seats not to move (each with
    its view, the same object where the views are equal): with its own line put in, the
    picture is the one drawn for that seat, "(you)" and all."""
    drawer = board_drawer(spieltisch.load(name, players=players))
    assert drawer is not None
    checked = 0
    for state in _positions(name, players, seed=4, every=5):
        for seat in range(players):
            view = state.view(seat)
            if seat in (state.current_player, view.get("turn")):
                continue
            shared = drawer(view, seat=None, language="de")
            own = drawer(view, seat=seat, language="de")
            assert "(du)" in own and "(du)" not in "".join(
                ElementTree.fromstring(shared).itertext()
            )
            assert _as_the_page_shows_it(shared, seat) == _as_the_page_shows_it(own, seat)
            checked += 1
    assert checked


def test_an_empty_hand_leaves_no_heading_over_a_blank() -> None:
    """At the end of David & Goliath the hand is empty: the picture drew "Your hand" over
    a blank as high as a card (100 px on a phone, 180 px on a screen)."""
    *_, last = _positions("david_goliath", 3, seed=2)
    assert last.is_terminal()
    assert dict(last.view(0))["hand"] == []
    assert "Your hand" not in draw_state(last, 0)
    playing = next(_positions("david_goliath", 3, seed=2))
    assert "Your hand" in draw_state(playing, 0)
