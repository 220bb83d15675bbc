"""The board names seats as the side panel does, and the screen says each thing once.

Seen at 80×24: the board said "Rot (Spieler 1)" beside a panel saying "Rot (du)"; the
header said "Rot (du) ist am Zug (du bist dran)"; "Würfe in diesem Zug" stood in the
board and in the header.
"""

from __future__ import annotations

import asyncio
import random
import re

import pytest
from rich.console import Console

import spieltisch
from spieltisch.cli.boards import render_board
from spieltisch.cli.play.seats import HUMAN
from spieltisch.cli.play.session import Session
from spieltisch.cli.tui.app import PlayApp
from spieltisch.cli.tui.panels import turn_text
from spieltisch.core import State, parts
from spieltisch.core.i18n import language
from spieltisch.core.seat_names import seat_name
from tests.play.conftest import BUDGET
from tests.play.test_newcomer import screen_lines
from tests.play.test_tui import ready, until

PLAYER_ONE = {"de": "Spieler 1", "en": "Player 1", "fr": "Joueur 1"}
CASES = [("madn", 2), ("madn", 4), ("mahe", 2), ("mahe", 5), ("mabula", 2), ("david_goliath", 3)]


def _midgame(name: str, players: int, seed: int = 4, steps: int = 40) -> State:
    """A random game some steps in, at a decision of some player."""
    rng = random.Random(seed)
    state = spieltisch.load(name, players=players).new_state()
    steps = min(steps, 12) if name == "mabula" else steps  # a random Mabula ends early
    while len(state.history()) < steps or state.current_player < 0:
        if state.is_terminal():  # over early: another game
            return _midgame(name, players, seed + 1, steps)
        if state.is_chance_node():
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_moves()))
    return state


def _drawn(state: State, code: str, width: int = 120, beside: bool = False) -> str:
    console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    with language(code):
        console.print(render_board(state, 0, beside=beside))
    return console.export_text()


@pytest.mark.parametrize(("name", "players"), CASES)
@pytest.mark.parametrize("code", ["de", "en", "fr"])
@pytest.mark.parametrize("width", [120, 40])
def test_the_board_names_the_seat_to_move_as_the_panel_does(
    name: str, players: int, code: str, width: int
) -> None:
    state = _midgame(name, players)
    session = Session(state.game, [HUMAN] + ["medium"] * (players - 1), seed=1, budget=BUDGET)
    seat = state.current_player
    with language(code):
        label = session.label(seat)  # "Rot (du)", "Red, Blue (you)", "Spieler 1 (du)"
        named = seat_name(state.game, seat)
    drawn = _drawn(state, code, width)
    if named is None:  # seats without a colour are numbered, on the board as beside it
        assert parts(state.game).seat_label is None
        assert label.startswith(PLAYER_ONE[code].replace("1", str(seat + 1)))
        assert PLAYER_ONE[code] in drawn or f"{PLAYER_ONE[code][0]}1" in drawn
        return
    assert label.startswith(named + " (")
    flat = " ".join(drawn.split())
    if name == "mahe" and width < 80:  # the narrow board names each turtle by its letter
        with language(code):
            first = named.split(", ")[0]
        assert f"={first.lower()}" in flat.lower(), drawn
    else:
        assert named in flat, drawn
    assert PLAYER_ONE[code] not in drawn, drawn
    assert "(" + PLAYER_ONE[code].lower() not in drawn.lower(), drawn


@pytest.mark.parametrize("code", ["de", "en", "fr"])
def test_mahe_names_a_player_with_two_colours_by_both(code: str) -> None:
    state = _midgame("mahe", 2)
    drawn = " ".join(_drawn(state, code).split())
    with language(code):
        names = [seat_name(state.game, seat) for seat in range(2)]
    for named in names:
        assert named is not None and ", " in named  # two turtles each: "Red, Blue"
        assert named in drawn, drawn


@pytest.mark.parametrize(("name", "players"), CASES)
def test_beside_the_panel_the_board_leaves_out_the_turn_and_the_panel(
    name: str, players: int
) -> None:
    state = _midgame(name, players, steps=60)
    panel = parts(state.game).panel
    full = _drawn(state, "de")
    beside = _drawn(state, "de", beside=True)
    if panel is None:  # nothing to leave out
        assert beside == full
        return
    for line in panel(state.view(0)).plain.splitlines():
        if line.strip():
            assert line.split(":")[0] not in beside, (line, beside)


def _screen(name: str, players: int, code: str) -> list[str]:
    state = _midgame(name, players, seed=2, steps=30)
    seats = ["random"] * players
    seats[state.current_player] = HUMAN
    session = Session(state.game, seats, seed=5, budget=BUDGET, history=state.history())
    lines: list[str] = []

    async def scenario() -> None:
        app = PlayApp(session, language=code, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, ready(app))
            assert app.waiting_for_human
            lines.extend(screen_lines(app))

    asyncio.run(scenario())
    return lines


@pytest.mark.parametrize(("name", "players"), [("madn", 2), ("mahe", 3), ("david_goliath", 4)])
@pytest.mark.parametrize("code", ["de", "fr"])
def test_the_screen_says_whose_turn_and_the_dice_once(name: str, players: int, code: str) -> None:
    lines = _screen(name, players, code)
    shown = "\n".join(lines)
    turn = {"de": "ist am Zug", "fr": "de jouer"}[code]
    assert shown.count(turn) == 1, shown
    assert "(du bist dran)" not in shown and "(à vous)" not in shown
    said_once = {
        "madn": {"de": "Würfe in diesem Zug", "fr": "Dés de ce tour"},
        "mahe": {"de": "Würfel:", "fr": "dés\u202f:"},
        "david_goliath": {"de": "Stich:", "fr": "Pli\u202f:"},
    }[name][code]
    # The last trick ("Letzter Stich:") is another thing, shown beside the trick in play.
    assert shown.replace("Letzter " + said_once, "").count(said_once) <= 1, shown
    assert "Am Zug:" not in shown and "Au tour de" not in shown, shown


@pytest.mark.parametrize("code", ["de", "en", "fr"])
def test_mabula_scores_fit_the_board_pane_at_80x24(code: str) -> None:
    """Seen in tmux: beside the side panel (42 columns) the score line wrapped, leaving
    ": 0   ◀ au trait" alone at the start of a line."""
    state = _midgame("mabula", 2)
    drawn = _drawn(state, code, width=42)
    lines = drawn.rstrip("\n").split("\n")
    assert all(len(line.rstrip()) <= 42 for line in lines), drawn
    assert not any(line.lstrip().startswith((":", "\u202f:")) for line in lines), drawn
    scores = [line for line in lines if re.search(r"\w\u202f?: \d+(\s|$)", line)]
    assert len(scores) >= 2, drawn  # each player's score, whole on its line


@pytest.mark.parametrize("code", ["de", "en", "fr"])
def test_the_header_while_the_dice_roll_starts_with_a_capital(code: str) -> None:
    """Seen in tmux: the French header read "au tour de Vert (facile)"."""
    session = Session(spieltisch.load("madn", players=2), [HUMAN, "random"], seed=1, budget=BUDGET)
    assert session.state.current_player < 0  # the die is to be rolled: the turn's header
    with language(code):
        header = turn_text(session, 0).plain
        name = seat_name(session.game, 0)
    assert header[:1].isupper() and name is not None and name in header, header


CAPTURE = "d2 d5 d5 d6 b d4 21 d6 b d1 1 d5 25 d3 2 d6 b d1 21 d5 5 d6 b d3 21 d3 10 d5 24 d4 13"
"""Two players; then red rolls a 5: the piece on 17 captures yellow's on 22."""


@pytest.mark.parametrize("code", ["de", "en", "fr"])
def test_madn_names_the_captured_seat_and_the_legend_as_the_panel_does(code: str) -> None:
    """Seen in the French plain mode: "— prend noir" and the legend "No  noir" beside
    "Noir (hasard)"."""
    game = spieltisch.load("madn", players=2)
    describe = parts(game).describe_move
    assert describe is not None
    state = game.replay([*CAPTURE.split(), "d3", "30", "d5"])
    with language(code):
        red, yellow = (seat_name(game, seat) for seat in (0, 1))
        said = describe(state, "17")
    assert said.endswith(f" — {_CAPTURES[code]} {yellow}"), said
    legend = _drawn(state, code).splitlines()[-1]
    assert legend.split() == [_TAGS[code][0], str(red), _TAGS[code][1], str(yellow)], legend


_CAPTURES = {"de": "schlägt", "en": "captures", "fr": "prend"}
_TAGS = {"de": ("Ro", "Ge"), "en": ("Rd", "Yw"), "fr": ("Ro", "Ja")}
