"""No key loses a kept or running game, the computer waits while a window is open, and no
window stacks (issue 34): pilot tests pressing keys as a person does, at 80×24 in de and fr."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Input, OptionList, Static

import spieltisch
from spieltisch.agents import Hint, RandomAgent, register_agent
from spieltisch.agents.hints import Alternative
from spieltisch.agents.registry import _AGENTS
from spieltisch.cli.play.autosave import KeptGames, attach
from spieltisch.cli.play.seats import HUMAN
from spieltisch.cli.play.session import Session
from spieltisch.cli.tui.app import PlayApp
from spieltisch.cli.tui.screens import (
    DiscardScreen,
    EndScreen,
    HelpScreen,
    KeptScreen,
    QuitScreen,
    RulesScreen,
    SaveScreen,
)
from spieltisch.core import State
from spieltisch.core.i18n import language
from spieltisch.games.david_goliath.describe import card_name
from tests.play.conftest import BUDGET, level
from tests.play.test_newcomer import screen_text, type_text
from tests.play.test_tui import ready, text_of, until

SMALL = (80, 24)
LANGS = ["de", "fr"]
YES = {"de": "j", "fr": "o"}


def kept_mabula(keeper: KeptGames) -> list[str]:
    """A Mabula game with a few moves of a person, kept as the app keeps it."""
    session = Session(spieltisch.load("mabula"), [HUMAN, HUMAN], seed=1)
    kept = attach(session, keeper.new(session))
    for _turn in range(4):
        if session.state.is_chance_node():
            session.step_chance()
        else:
            session.play(session.state.legal_moves()[0])
    kept.release()
    assert kept.path.exists()
    return session.state.history()


def kept_histories(keeper: KeptGames) -> list[list[str]]:
    return [spieltisch.load_record(kept.path).history() for kept in keeper.unfinished("mabula")]


def new_app(keeper: KeptGames, code: str, seats: list[str] | None = None) -> PlayApp:
    session = Session(spieltisch.load("mabula"), seats or [HUMAN, level()], seed=1, budget=BUDGET)
    return PlayApp(session, language=code, delay=0, kept=keeper)


@pytest.mark.parametrize("code", LANGS)
@pytest.mark.parametrize("keys", [["ctrl+q"], ["d", "enter", "f10"], ["f10"]])
def test_quitting_at_the_kept_games_question_keeps_them(
    tmp_path: Path, code: str, keys: list[str]
) -> None:
    keeper = KeptGames(tmp_path)
    history = kept_mabula(keeper)

    async def scenario() -> None:
        app = new_app(keeper, code)
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, lambda: isinstance(app.screen, KeptScreen))
            for key in keys:
                if app.is_running:
                    await pilot.press(key)
                    await pilot.pause()
            await until(pilot, lambda: not app.is_running)

    asyncio.run(scenario())
    assert kept_histories(keeper) == [history]


@pytest.mark.parametrize("code", LANGS)
def test_deleting_a_kept_game_asks_first_and_names_it(tmp_path: Path, code: str) -> None:
    keeper = KeptGames(tmp_path)
    history = kept_mabula(keeper)

    async def scenario() -> None:
        app = new_app(keeper, code)
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, lambda: isinstance(app.screen, KeptScreen))
            assert "Mabula 1" in screen_text(app)
            await pilot.press("d")
            await until(pilot, lambda: isinstance(app.screen, DiscardScreen))
            question = screen_text(app)
            assert "Mabula 1" in question and f"{len(history)} " in question
            await pilot.press("enter")  # the safe answer: keep it
            await until(pilot, lambda: isinstance(app.screen, KeptScreen))
            assert kept_histories(keeper) == [history]
            await pilot.press("d")
            await until(pilot, lambda: isinstance(app.screen, DiscardScreen))
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, KeptScreen))
            assert kept_histories(keeper) == [history]
            await pilot.press("d")
            await until(pilot, lambda: isinstance(app.screen, DiscardScreen))
            await pilot.press(YES[code])
            await until(pilot, ready(app))  # no kept game left: a new one starts
            assert keeper.unfinished("mabula") == []
            assert app.session.state.history() != history

    asyncio.run(scenario())


@pytest.mark.parametrize("code", LANGS)
def test_a_new_game_deletes_no_kept_one(tmp_path: Path, code: str) -> None:
    keeper = KeptGames(tmp_path)
    history = kept_mabula(keeper)

    async def scenario() -> None:
        app = new_app(keeper, code)
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, lambda: isinstance(app.screen, KeptScreen))
            await pilot.press("n")
            await until(pilot, ready(app))
            await pilot.press("enter")  # a move: the new game is kept beside the other
            await until(pilot, ready(app))
            played = app.session.state.history()
            assert sorted(kept_histories(keeper)) == sorted([history, played])

    asyncio.run(scenario())


@pytest.mark.parametrize("code", LANGS)
def test_escape_at_the_kept_games_question_continues_the_newest(tmp_path: Path, code: str) -> None:
    keeper = KeptGames(tmp_path)
    history = kept_mabula(keeper)

    async def scenario() -> None:
        app = new_app(keeper, code)
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, lambda: isinstance(app.screen, KeptScreen))
            await pilot.press("escape")
            await until(pilot, ready(app))
            assert app.session.state.history()[: len(history)] == history
            await pilot.press("enter")
            await until(pilot, ready(app))
            assert kept_histories(keeper) == [app.session.state.history()]

    asyncio.run(scenario())


@pytest.mark.parametrize("code", LANGS)
def test_deleting_a_running_game_asks_first(tmp_path: Path, code: str) -> None:
    keeper = KeptGames(tmp_path)

    async def scenario() -> None:
        app = new_app(keeper, code)
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, ready(app))
            await pilot.press("enter")
            await until(pilot, ready(app))
            await pilot.press("f10")
            await until(pilot, lambda: isinstance(app.screen, QuitScreen))
            await pilot.press("d")
            await until(pilot, lambda: isinstance(app.screen, DiscardScreen))
            assert "Mabula" in screen_text(app)
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, DiscardScreen))
            assert app.is_running and len(keeper.unfinished("mabula")) == 1
            await pilot.press("f10")
            await until(pilot, lambda: isinstance(app.screen, QuitScreen))
            await pilot.press("d")
            await until(pilot, lambda: isinstance(app.screen, DiscardScreen))
            await pilot.press(YES[code])
            await until(pilot, lambda: not app.is_running)

    asyncio.run(scenario())
    assert keeper.unfinished("mabula") == []


class Held(RandomAgent):
    """A computer player that answers only when the test lets it."""

    name = "held"
    go = threading.Event()

    def choose(self, state: State) -> str:
        assert self.go.wait(30)
        return super().choose(state)


@pytest.mark.parametrize("code", LANGS)
@pytest.mark.parametrize(
    ("key", "window"),
    [("f1", RulesScreen), ("f10", QuitScreen), ("f4", SaveScreen)],
    ids=["rules", "quit", "save"],
)
def test_the_computer_waits_while_a_window_is_open(
    tmp_path: Path, code: str, key: str, window: type
) -> None:
    register_agent("held", Held)
    Held.go.clear()
    session = Session(spieltisch.load("mabula"), ["held", HUMAN], seed=1)

    async def scenario() -> None:
        app = PlayApp(session, language=code, delay=0)
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, lambda: app.thinking)
            before = len(app.session.log)
            await pilot.press(key)
            await until(pilot, lambda: isinstance(app.screen, window))
            Held.go.set()
            await until(pilot, lambda: not app.thinking)
            await asyncio.sleep(0.2)  # a time in which no move may be made, not a wait
            await pilot.pause()
            assert len(app.session.log) == before, "no move while the window is open"
            assert isinstance(app.screen, window)
            await pilot.press("escape")
            await until(pilot, ready(app))
            assert len(app.session.log) > before
            assert app.session.log[-1].player == 0 or app.session.log[-2].player == 0

    try:
        asyncio.run(scenario())
    finally:
        Held.go.set()
        _AGENTS.pop("held", None)


def end_screens(app: PlayApp) -> int:
    return sum(isinstance(screen, EndScreen) for screen in app.screen_stack)


@pytest.mark.parametrize("code", LANGS)
def test_the_game_over_window_opens_once_and_goes_with_a_new_game(code: str) -> None:
    """Mabula, seed 1, Enter pressed again and again: a move made while the computer's
    last one is still shown ended the game, and the pending step opened a second window."""
    session = Session(spieltisch.load("mabula"), [HUMAN, level()], seed=1, budget=BUDGET)
    again = {"de": "F5 noch eine Partie", "fr": "F5 rejouer"}[code]

    async def scenario() -> None:
        app = PlayApp(session, language=code, delay=0.3)
        async with app.run_test(size=SMALL) as pilot:
            deadline = time.monotonic() + 120
            while not app.finished:
                assert time.monotonic() < deadline
                await pilot.press("enter")
                await asyncio.sleep(0.1)
            for _press in range(10):
                await pilot.press("enter")
                await asyncio.sleep(0.01)  # a person pressing again and again
            await until(pilot, lambda: end_screens(app) >= 1)
            await asyncio.sleep(0.2)  # time for a second window to open: none may
            await pilot.pause()
            assert end_screens(app) == 1
            await pilot.press("escape")  # look at the board
            await until(pilot, lambda: end_screens(app) == 0)
            keys = text_of(app.query_one("#keys", Static)).replace("\xa0", " ")
            assert again in keys and "F6" in keys
            assert again in screen_text(app)
            box = app.query_one("#typed", Input)
            assert box.disabled, "no move can be typed once the game is over"
            await pilot.press("x")
            assert box.value == ""
            await pilot.press("f5")
            await until(pilot, ready(app))
            assert not box.disabled
            assert end_screens(app) == 0 and not app.finished
            keys = text_of(app.query_one("#keys", Static)).replace("\xa0", " ")
            assert "F5" not in keys and "F6" in keys and "F2" in keys

    asyncio.run(scenario())


@pytest.mark.parametrize("code", LANGS)
def test_n_at_the_end_closes_the_result_window(code: str) -> None:
    session = Session(spieltisch.load("mabula"), [HUMAN, level()], seed=1, budget=BUDGET)

    async def scenario() -> None:
        app = PlayApp(session, language=code, delay=0)
        async with app.run_test(size=SMALL) as pilot:
            while not app.finished:
                await until(pilot, ready(app), timeout=60)
                if not app.finished:
                    await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, EndScreen))
            await pilot.press("n")
            await until(pilot, ready(app))
            await asyncio.sleep(0.1)  # time for the window to come back: it may not
            await pilot.pause()
            assert end_screens(app) == 0 and len(app.screen_stack) == 1
            keys = text_of(app.query_one("#keys", Static))
            assert "F5" not in keys

    asyncio.run(scenario())


@pytest.mark.parametrize("code", LANGS)
def test_the_key_bar_at_80x24(code: str) -> None:
    session = Session(spieltisch.load("mabula"), [HUMAN, level()], seed=1, budget=BUDGET)

    async def scenario() -> None:
        app = PlayApp(session, language=code, delay=0)
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, ready(app))
            shown = screen_text(app)
            for key in ("F1", "F2", "F3", "F4", "F6", "F10"):
                assert f"{key} " in shown
            assert "palette" not in shown and "^p" not in shown

    asyncio.run(scenario())


@pytest.mark.parametrize("code", LANGS)
def test_the_help_shows_the_key_list_at_80x24(code: str) -> None:
    session = Session(spieltisch.load("mabula"), [HUMAN, level()], seed=1, budget=BUDGET)
    word = {"de": "hilfe", "fr": "aide"}[code]

    async def scenario() -> None:
        app = PlayApp(session, language=code, delay=0)
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, ready(app))
            await type_text(pilot, word)
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, HelpScreen))
            shown = screen_text(app)
            assert "F10" in shown and "F1" in shown and "F6" in shown
            await pilot.press("escape")
            await until(pilot, ready(app))

    asyncio.run(scenario())


@pytest.mark.parametrize("code", LANGS)
def test_the_hinted_move_is_scrolled_into_view(code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session(spieltisch.load("mabula"), [HUMAN, level()], seed=1, budget=BUDGET)

    def last_move(state: State | None = None) -> Hint:
        legal = (state or session.state).legal_moves()
        others = [Alternative(move, 0.4) for move in legal[:3]]  # the message takes 4 lines
        return Hint(player=0, move=legal[-1], win_chance=0.5, exact=False, alternatives=others)

    monkeypatch.setattr(session, "hint", last_move)

    async def scenario() -> None:
        app = PlayApp(session, language=code, delay=0)
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, ready(app))
            moves = app.query_one("#moves", OptionList)
            assert moves.option_count > moves.scrollable_content_region.height
            await pilot.press("f2")
            await until(pilot, lambda: app.last_hint is not None)
            last_option = moves.option_count - 1

            def in_view() -> bool:
                first = moves._index_to_line[last_option]  # the option's first line
                last = first + moves._heights[last_option] - 1
                top = moves.scroll_offset.y
                return top <= first and last < top + moves.scrollable_content_region.height

            await until(pilot, lambda: moves.highlighted == last_option and in_view())
            assert moves.highlighted == last_option and in_view()

    asyncio.run(scenario())


@pytest.mark.parametrize("code", LANGS)
def test_the_log_scrolls_from_the_keyboard(code: str) -> None:
    session = Session(spieltisch.load("mabula"), [HUMAN, level()], seed=1, budget=BUDGET)

    async def scenario() -> None:
        app = PlayApp(session, language=code, delay=0)
        async with app.run_test(size=SMALL) as pilot:
            pane = app.query_one("#log-pane", VerticalScroll)
            while pane.max_scroll_y < 3:
                await until(pilot, ready(app))
                await pilot.press("enter")
                await until(pilot, ready(app))
            await pilot.pause()
            bottom = pane.scroll_y
            assert bottom == pane.max_scroll_y
            await pilot.press("shift+up")
            await pilot.press("shift+up")
            await pilot.pause()
            assert pane.scroll_y == bottom - 2
            await pilot.press("shift+pagedown")
            await pilot.pause()
            assert pane.scroll_y == bottom

    asyncio.run(scenario())


@pytest.mark.parametrize("code", LANGS)
@pytest.mark.parametrize("game", ["madn", "david_goliath"])
def test_the_move_list_keeps_the_notation_beside_its_number(code: str, game: str) -> None:
    """`#1 4 — words`, not the notation wrapped onto a line of its own after the words;
    in German and French what to type in that language (`rot 12`, not `r12`)."""
    loaded = spieltisch.load(game, players=2 if game == "madn" else 3)
    seats = [HUMAN] + [level()] * (loaded.num_players - 1)
    session = Session(loaded, seats, seed=3, budget=BUDGET)

    async def scenario() -> None:
        app = PlayApp(session, language=code, delay=0)
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, ready(app))
            moves = app.query_one("#moves", OptionList)
            for index, (move, typed, words) in enumerate(app.session.shown_moves(), 1):
                shown = str(moves.get_option_at_index(index - 1).prompt)
                assert shown.startswith(f"#{index} {typed} — "), shown
                assert shown.endswith(words)
                if game == "david_goliath":  # cards: the colour's word in each language
                    assert (typed == move) == (code == "en"), (typed, move)
                    assert app.session.parse(typed) == move

    asyncio.run(scenario())


ROLL = {"de": "wurf", "fr": "lancer"}
RED = {"de": "rot", "fr": "rouge"}


@pytest.mark.parametrize("code", LANGS)
def test_mahe_moves_typed_in_the_players_language(code: str) -> None:
    """`rot`/`rouge` chooses the red turtle, `wurf`/`lancer` rolls (issue 34)."""
    session = Session(spieltisch.load("mahe", players=3), [HUMAN, level(), level()], seed=1)
    session.budget = BUDGET

    async def scenario() -> None:
        app = PlayApp(session, language=code, delay=0, auto_move=False)
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, ready(app))
            assert "turtle:red" in app.session.state.legal_moves()
            played = len(app.session.log)
            await type_text(pilot, RED[code])
            await pilot.press("enter")
            await until(pilot, lambda: len(app.session.log) > played)
            assert app.session.log[played].move == "turtle:red", app.message
            while "roll" not in app.session.state.legal_moves() or not app.waiting_for_human:
                await until(pilot, ready(app))
                if "roll" in app.session.state.legal_moves():
                    break
                await pilot.press("enter")
            played = len(app.session.log)
            await type_text(pilot, ROLL[code])
            await pilot.press("enter")
            await until(pilot, lambda: len(app.session.log) > played)
            assert app.session.log[played].move == "roll", app.message

    asyncio.run(scenario())


@pytest.mark.parametrize("code", LANGS)
def test_david_goliath_cards_typed_in_the_players_language(code: str) -> None:
    session = Session(
        spieltisch.load("david_goliath", players=3),
        [HUMAN, level(), level()],
        seed=2,
        budget=BUDGET,
    )

    async def scenario() -> None:
        app = PlayApp(session, language=code, delay=0)
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, ready(app))
            move = app.session.state.legal_moves()[-1]
            with language(code):
                typed = card_name(move).lower()
            assert typed != move
            played = len(app.session.log)
            await type_text(pilot, typed)
            await pilot.press("enter")
            await until(pilot, lambda: len(app.session.log) > played)
            assert app.session.log[played].move == move, app.message

    asyncio.run(scenario())
