"""What a newcomer meets first: typing moves, commands, the screen at 80×24 and 120×40,
colours, pacing, the last trick, quitting and coming back (issue 19)."""

from __future__ import annotations

import asyncio
import html
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.color import Color, ColorSystem, ColorType
from rich.style import Style
from textual.containers import VerticalScroll
from textual.widgets import Input

import spieltisch
from spieltisch.cli.play.autosave import KeptGames, attach
from spieltisch.cli.play.commands import COMMANDS, command_words
from spieltisch.cli.play.seats import HUMAN
from spieltisch.cli.play.session import Session
from spieltisch.cli.tui.app import PlayApp
from spieltisch.cli.tui.screens import KeptScreen, QuitScreen, SaveScreen
from spieltisch.core.i18n import LANGUAGES, language
from spieltisch.core.seat_names import capitalised, seat_name
from spieltisch.games.david_goliath import text as dg_text
from spieltisch.games.david_goliath.rules import DavidGoliathState
from spieltisch.games.mahe import text as mahe_text
from spieltisch.games.mahe.messages import _ as mahe_gettext
from spieltisch.games.mahe.messages import colour_name, letter
from spieltisch.games.mahe.rules import COLOURS
from tests.play.conftest import BUDGET, level
from tests.play.test_plain import play
from tests.play.test_tui import ready, until

SIZES = [(80, 24), (120, 40)]
MAHE4 = spieltisch.load("mahe", players=4)


def screen_text(app: PlayApp) -> str:
    """Everything the screen shows, as text (from Textual's own screenshot)."""
    svg = app.export_screenshot()
    parts = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)
    return html.unescape("".join(parts)).replace("\xa0", " ")


def screen_lines(app: PlayApp) -> list[str]:
    """The screen's rows as text, each character in its column (from Textual's screenshot,
    which places runs of text by x and leaves blanks out)."""
    svg = app.export_screenshot()
    pattern = r'<text[^>]*x="([\d.]+)"[^>]*-line-(\d+)\)"[^>]*>(.*?)</text>'
    rows: dict[int, dict[int, str]] = {}
    for x, line, text in re.findall(pattern, svg, flags=re.S):
        row = rows.setdefault(int(line), {})
        start = round(float(x) / CELL)
        shown = html.unescape(text).replace("\xa0", " ").rstrip("\n")
        for offset, character in enumerate(shown):
            row[start + offset] = character
    return [
        "".join(row.get(column, " ") for column in range(max(row) + 1)) if row else ""
        for _line, row in sorted(rows.items())
    ]


CELL = 12.2
"""The width of one character in Textual's screenshots."""


def session_at(name: str, history: list[str], seats: list[str], **options: Any) -> Session:
    game = spieltisch.load(name, **options)
    return Session(game, seats, seed=5, budget=BUDGET, history=history)


async def type_text(pilot: Any, text: str) -> None:
    for character in text:
        await pilot.press(character if character.isalnum() else _key_name(character))


def _key_name(character: str) -> str:
    return {"-": "minus", ":": "colon", "#": "number_sign", " ": "space"}[character]


# -- 1. typed moves reach the move box, Enter plays what was typed --------------------------


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_typed_letters_are_a_move_not_shortcuts(size: tuple[int, int]) -> None:
    """In Mahé `stop` starts with s (once: save) and a typed `2` is the list's second move."""
    session = Session(MAHE4, [HUMAN, *[level()] * 3], seed=3, budget=BUDGET)

    async def scenario() -> None:
        app = PlayApp(session, language="en", delay=0)
        async with app.run_test(size=size) as pilot:
            await until(pilot, ready(app))
            assert app.session.state.legal_moves() == ["roll", "stop"]
            before = len(app.session.log)
            await type_text(pilot, "stop")
            assert not isinstance(app.screen, SaveScreen)
            await pilot.press("enter")
            await until(pilot, lambda: len(app.session.log) > before)
            assert app.session.log[before].move == "stop"

    asyncio.run(scenario())


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_a_typed_number_plays_that_entry_of_the_list(size: tuple[int, int]) -> None:
    session = Session(MAHE4, [HUMAN, *[level()] * 3], seed=3, budget=BUDGET)

    async def scenario() -> None:
        app = PlayApp(session, language="en", delay=0)
        async with app.run_test(size=size) as pilot:
            await until(pilot, ready(app))
            before = len(app.session.log)
            await pilot.press("2", "enter")
            await until(pilot, lambda: len(app.session.log) > before)
            assert app.session.log[before].move == "stop"

    asyncio.run(scenario())


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_mabula_typed_push_is_played_and_a_bad_one_explained(size: tuple[int, int]) -> None:
    session = Session(spieltisch.load("mabula"), [HUMAN, level()], seed=1, budget=BUDGET)

    async def scenario() -> None:
        app = PlayApp(session, language="en", delay=0)
        async with app.run_test(size=size) as pilot:
            await until(pilot, ready(app))
            legal = app.session.state.legal_moves()
            before = len(app.session.log)
            await type_text(pilot, "a3-a9")
            await pilot.press("enter")
            assert len(app.session.log) == before, "nothing is played instead"
            assert app.message.startswith("Illegal move a3-a9")
            assert app.query_one("#typed", Input).value == "a3-a9", "the typing is kept"
            app.query_one("#typed", Input).value = ""
            wanted = legal[-1]
            await type_text(pilot, wanted)
            await pilot.press("enter")
            await until(pilot, lambda: len(app.session.log) > before)
            assert app.session.log[before].move == wanted

    asyncio.run(scenario())


def test_q_is_typed_and_quitting_asks_then_keeps_the_game(tmp_path: Path) -> None:
    keeper = KeptGames(tmp_path)
    session = Session(spieltisch.load("mabula"), [HUMAN, level()], seed=1, budget=BUDGET)

    async def scenario() -> list[str]:
        app = PlayApp(session, language="en", delay=0, kept=keeper)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, ready(app))
            await pilot.press("enter")  # the highlighted move
            await until(pilot, ready(app))
            await pilot.press("q")
            assert app.is_running and app.query_one("#typed", Input).value == "q"
            await pilot.press("f10")
            await until(pilot, lambda: isinstance(app.screen, QuitScreen))
            await pilot.press("escape")
            assert app.is_running and not isinstance(app.screen, QuitScreen)
            await pilot.press("f10")
            await until(pilot, lambda: isinstance(app.screen, QuitScreen))
            history = app.session.state.history()
            await pilot.press("enter")
            await pilot.pause()
            return history

    history = asyncio.run(scenario())
    (kept,) = keeper.unfinished("mabula")
    assert kept.moves == len(history) - 1  # the players' moves: not the marbles' setup
    fresh = Session(spieltisch.load("mabula"), [HUMAN, level()], seed=2, budget=BUDGET)

    async def again() -> None:
        app = PlayApp(fresh, language="en", delay=0, kept=keeper)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, KeptScreen))
            await pilot.press("enter")
            await until(pilot, ready(app))
            assert app.session.state.history()[: len(history)] == history

    asyncio.run(again())


def test_the_end_of_a_game_keeps_it_as_a_record(tmp_path: Path) -> None:
    store = KeptGames(tmp_path)
    session = Session(spieltisch.load("mabula"), [HUMAN, HUMAN], seed=1)
    keeper = store.new(session)

    def step() -> None:
        if session.state.is_chance_node():
            session.step_chance()
        else:
            session.play(session.state.legal_moves()[0])

    step()
    assert keeper.write(session) is None, "nobody has moved yet: nothing to keep"
    attach(session, keeper)
    step()
    assert keeper.path.exists() and len(store.unfinished("mabula")) == 1
    while not session.state.is_terminal():
        step()
    assert store.unfinished("mabula") == [], "a finished game is not offered to continue"
    (record,) = store.listing("mabula", finished=True)
    moves = [entry for entry in session.log if entry.player is not None]  # not the setup
    assert record.path == keeper.path and record.moves == len(moves)


# -- 2. commands and moves never collide --------------------------------------------------


def test_no_command_word_is_a_move_of_any_game() -> None:
    for code in LANGUAGES:
        with language(code):
            words = command_words()
        assert set(words.values()) == set(COMMANDS)
        for info in spieltisch.games():
            game = spieltisch.load(info.name)
            for word in words:
                with pytest.raises((KeyError, ValueError)):
                    game.move_to_action(word)


def test_madn_plain_b_brings_a_piece_out_and_1_points_at_the_list(tmp_path: Path) -> None:
    game = spieltisch.load("madn", players=2, duties="penalized")
    record = game.replay(["d6"]).to_record(players=["human", level()])
    path = tmp_path / "madn.json"
    path.write_text(__import__("json").dumps(record))
    result = play("--resume", str(path), "--lang", "en", "--seed", "1", script="1\nb\nquit\n")
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "#1 b — " in out
    assert "(to choose move #1 of the list, type #1)" in out
    assert "Red (you): bring a piece" in out and "[b]" in out


def test_the_german_prompt_names_no_letter_commands() -> None:
    result = play("madn", "--players", "2", "--seed", "1", "--lang", "de", script="ende\n")
    assert result.returncode == 0, result.stderr
    assert "b Spielplan" not in result.stdout
    assert "Befehle: tipp (bester Zug)" in result.stdout


def test_plain_single_letter_is_explained_as_a_command_word() -> None:
    result = play("mabula", "--seed", "1", "--lang", "en", script="q\nquit\n")
    assert "did you mean quit?" in result.stdout
    assert "Goodbye." in result.stdout


def test_plain_end_prompt_answers_an_unknown_answer() -> None:
    script = "\n".join(["1"] * 40 + ["maybe", "quit"]) + "\n"
    result = play("mabula", "--seed", "4", "--seats", f"human,{level()}", script=script)
    assert "'maybe' is not one of the answers" in result.stdout


# -- 3. everything is on the screen at 80×24, and the space is used at 120×40 -----------------


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_mahe_shows_the_whole_ring_up_to_the_beach(size: tuple[int, int]) -> None:
    session = Session(spieltisch.load("mahe", players=4), [HUMAN, *[level()] * 3], seed=3)

    async def scenario() -> None:
        app = PlayApp(session, language="en", delay=0)
        async with app.run_test(size=size) as pilot:
            await until(pilot, ready(app))
            shown = screen_text(app)
            assert "(21 = beach)" in shown
            for field in ("14", "15", "20"):
                assert field in shown

    asyncio.run(scenario())


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_david_goliath_shows_hand_and_trick(size: tuple[int, int]) -> None:
    seats = [HUMAN, level(), level(1), level(2)]
    session = Session(spieltisch.load("david_goliath", players=4), seats, seed=3, budget=BUDGET)

    async def scenario() -> None:
        app = PlayApp(session, language="en", delay=0)
        async with app.run_test(size=size) as pilot:
            await until(pilot, ready(app))
            shown = screen_text(app)
            state = app.session.state
            assert isinstance(state, DavidGoliathState)
            hand = state.view(0)["hand"]
            assert "Your hand" in shown
            last = hand[-1]
            lines = "\n".join(screen_lines(app))  # by column: a marked card is a run of its own
            assert f"{last[0]} " in lines and last[1:] in lines
            assert "Trick:" in shown
            if size == (120, 40):
                side = app.query_one("#side").size.width
                assert side >= 36, "the side panel gets the room the board does not need"

    asyncio.run(scenario())


def _late_in_a_deal(players: int, seed: int) -> list[str]:
    """The history of a random David & Goliath game ten tricks into its first deal (the
    piles of won cards are large), at seat 0's turn."""
    game = spieltisch.load("david_goliath", players=players)
    rng = random.Random(seed)
    state = game.new_state()
    while len(state.history()) < 1 + 10 * players or state.current_player != 0:
        if state.is_chance_node():
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_moves()))
    return state.history()


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_david_goliath_shows_the_whole_table_without_scrolling(
    size: tuple[int, int], players: int
) -> None:
    """Trick, last trick, hand, every seat's points and won cards: all on the screen."""
    history = _late_in_a_deal(players, seed=players)
    seats = [HUMAN, *["random"] * (players - 1)]
    session = session_at("david_goliath", history, seats, players=players)

    async def scenario() -> None:
        app = PlayApp(session, language="en", delay=0)
        async with app.run_test(size=size) as pilot:
            await until(pilot, ready(app))
            pane = app.query_one("#board-pane", VerticalScroll)
            assert pane.max_scroll_y == 0, "the board needs no scrolling"
            lines = screen_lines(app)
            shown = "\n".join(lines)
            state = app.session.state
            assert isinstance(state, DavidGoliathState)
            view = state.view(0)
            assert "Your hand" in shown
            assert ("Last trick" in shown) == bool(view["last_trick"])
            wide = size[0] >= 120
            assert ("Won cards" if wide else "won this deal") in shown
            for seat in range(players):
                name = f"Player {seat + 1}" if wide else f"P{seat + 1}"
                rows = [line for line in lines if f" {name} " in line]
                assert len(rows) >= (2 if wide else 1), (name, lines)
                first = view["won"][seat][:1]
                if first:
                    colour = first[0][0]
                    assert any(f" {colour} " in row or f" {colour}×" in row for row in rows)

    asyncio.run(scenario())


def _mahe_at_seat_0(players: int, seed: int, steps: int) -> list[str]:
    """A random Mahé game of some `steps`, at a decision of seat 0."""
    game = spieltisch.load("mahe", players=players)
    rng = random.Random(seed)
    state = game.new_state()
    while len(state.history()) < steps or state.current_player != 0:
        if state.is_chance_node():
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_moves()))
    return state.history()


@pytest.mark.parametrize("code", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_mahe_with_seven_players_shows_every_player_without_scrolling(
    size: tuple[int, int], code: str
) -> None:
    history = _mahe_at_seat_0(7, seed=2, steps=60)
    session = session_at("mahe", history, [HUMAN, *["random"] * 6], players=7)

    async def scenario() -> None:
        app = PlayApp(session, language=code, delay=0)
        async with app.run_test(size=size) as pilot:
            await until(pilot, ready(app))
            pane = app.query_one("#board-pane", VerticalScroll)
            assert pane.max_scroll_y == 0, "the board needs no scrolling"
            shown = "\n".join(screen_lines(app))
            with language(code):  # each player's row, by name or by its turtle's letter
                rows = [
                    (
                        f"{seat_name(session.game, seat)}{colon}",
                        f"{letter(c)}={capitalised(colour_name(c))}",
                    )
                    for seat, c in enumerate(COLOURS)
                    for colon in [mahe_gettext(":")]
                ]
            for wide, narrow in rows:
                assert wide in shown or narrow in shown, (wide, narrow, shown)
            assert "21" in shown

    asyncio.run(scenario())


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_the_move_box_placeholder_is_not_cut(size: tuple[int, int], code: str) -> None:
    session = Session(spieltisch.load("mabula"), [HUMAN, level()], seed=1, budget=BUDGET)

    async def scenario() -> None:
        app = PlayApp(session, language=code, delay=0)
        async with app.run_test(size=size) as pilot:
            await until(pilot, ready(app))
            box = app.query_one("#typed", Input)
            assert len(box.placeholder) <= box.content_region.width

    asyncio.run(scenario())


def test_log_lines_wrap_instead_of_being_cut() -> None:
    seats = [HUMAN, level(), level(1), level(2)]
    session = Session(spieltisch.load("david_goliath", players=4), seats, seed=3, budget=BUDGET)

    async def scenario() -> None:
        app = PlayApp(session, language="en", delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, ready(app))
            shown = screen_text(app)
            entry = app.session.log[-1].text
            last_words = entry.split()[-1]
            assert last_words in shown

    asyncio.run(scenario())


# -- 4. colours stay apart -------------------------------------------------------------------


def _colours(styles: dict[str, str]) -> list[Color]:
    """The colour each style stands for: the background its ink is written on."""
    colours = []
    for style in styles.values():
        colour = Style.parse(style).bgcolor
        assert colour is not None
        colours.append(colour)
    return colours


@pytest.mark.parametrize("styles", [mahe_text.STYLE, dg_text.STYLES], ids=["mahe", "david_goliath"])
def test_colours_are_explicit_and_distinct_in_256_colours(styles: dict[str, str]) -> None:
    colours = _colours(styles)
    for colour in colours:
        assert colour.type != ColorType.STANDARD, "a theme may remap a named colour"
    indices = [colour.downgrade(ColorSystem.EIGHT_BIT).number for colour in colours]
    assert len(set(indices)) == len(indices)


# -- 7. pacing -------------------------------------------------------------------------------


def test_a_persons_only_move_plays_itself_and_undo_skips_it() -> None:
    game = spieltisch.load("madn", players=2)
    session = Session(game, [HUMAN, level()], seed=1, budget=BUDGET)
    session._rebuild(["d6"])
    assert session.forced_move() == "b"
    session.play("b")
    assert session.log[-1].forced
    assert session.forced_move() is None


def test_dice_wait_less_than_computer_moves() -> None:
    """With a delay of 0.3 s, a die stays a third of it and a computer move all of it."""
    session = Session(MAHE4, ["random", "random", "random", HUMAN], seed=3)
    waits: list[float] = []

    async def scenario() -> None:
        app = PlayApp(session, language="en", delay=0.3)
        original = app.schedule

        def recorded(delay: float) -> None:
            waits.append(round(delay, 3))
            original(0)

        app.schedule = recorded  # type: ignore[method-assign]
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: {0.1, 0.3} <= set(waits), timeout=60)

    asyncio.run(scenario())
    assert set(waits) <= {0.1, 0.3}


def test_play_help_states_the_default_delay() -> None:
    from typer.testing import CliRunner

    from spieltisch.cli.app import app

    result = CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert "default: 0.8" in result.output


# -- 8. the last trick ----------------------------------------------------------------------


def test_the_last_trick_stays_in_view_until_the_next_card() -> None:
    game = spieltisch.load("david_goliath", players=3, deals=1)
    state = game.new_state()
    import random

    rng = random.Random(1)
    state.sample_chance(rng)
    plays = []
    for _ in range(3):
        move = state.legal_moves()[0]
        plays.append((state.current_player, move))
        state.apply(move)
    assert isinstance(state, DavidGoliathState)
    view = state.view(None)
    assert view["trick"] == []
    last = view["last_trick"]
    assert last is not None
    assert [tuple(pair) for pair in last["cards"]] == plays
    assert last["takes_rest"] in range(3) and last["takes_top"] in range(3)
    board = dg_text.render(state, None).plain
    assert "Last trick: " in board and "takes the rest" in board
    state.apply(state.legal_moves()[0])
    # The next card played: the trick taken last stays in the view (the "last trick" view).
    assert state.view(None)["last_trick"] == last


def test_typing_after_a_refused_move_replaces_it() -> None:
    """`stopx` (a typo) is refused; typing `stop` then must not make `stopxstop`. (`stopp`,
    the German word, is a move since issue 34.)"""
    session = Session(MAHE4, [HUMAN, *[level()] * 3], seed=3, budget=BUDGET)

    async def scenario() -> None:
        app = PlayApp(session, language="de", delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, ready(app))
            before = len(app.session.log)
            await type_text(pilot, "stopx")
            await pilot.press("enter")
            assert app.message.startswith("Unerlaubter Zug stopx")
            assert app.query_one("#typed", Input).value == "stopx", "kept to be corrected"
            await type_text(pilot, "stop")
            assert app.query_one("#typed", Input).value == "stop"
            await pilot.press("enter")
            await until(pilot, lambda: len(app.session.log) > before)
            assert app.session.log[before].move == "stop"

    asyncio.run(scenario())


def test_the_request_to_wait_goes_once_the_move_is_yours() -> None:
    """Seen in tmux: Enter pressed while the computers moved left "Bitte warte, bis du am
    Zug bist." under "Rot (du) ist am Zug"."""
    session = Session(spieltisch.load("madn", players=2), ["random", HUMAN], seed=3, budget=BUDGET)

    async def scenario() -> None:
        # Gelb's three dice stay 2/3 s each in view; then Rot's first choice waits for Rot
        app = PlayApp(session, language="de", delay=2, auto_move=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: len(app.session.log) > 0)
            assert not app.waiting_for_human
            await pilot.press("enter")
            assert app.message == "Bitte warte, bis du am Zug bist."
            await until(pilot, ready(app))
            assert app.waiting_for_human and app.message == ""

    asyncio.run(scenario())
