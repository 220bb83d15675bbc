"""Plain mode at a terminal is a good line editor (issue 46): the arrows edit the line and
recall earlier lines, Tab completes moves in the table's language, and a turn fits an
80×24 screen however many moves there are. Keys go in through prompt_toolkit's pipe
input, as a terminal would send them; a pipe without a terminal reads lines as before."""

from __future__ import annotations

import contextvars
import io
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

import spieltisch
from spieltisch.cli.play.autosave import KeptGames
from spieltisch.cli.play.line_editor import LineEditor, line_editor
from spieltisch.cli.play.plain import PlainPlay
from spieltisch.cli.play.seats import HUMAN
from spieltisch.cli.play.session import Session
from spieltisch.core.i18n import set_language

LEFT, UP, BACKSPACE, TAB, ENTER = "\x1b[D", "\x1b[A", "\x7f", "\t", "\r"
QUIT = "quit\rquit\r\r"
"""Quit, in any language (English words always count), keeping the game."""


@pytest.fixture
def keys() -> Iterator[object]:
    with create_pipe_input() as pipe:
        yield pipe


def terminal(width: int = 80, height: int = 24) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=width, height=height, force_terminal=True, color_system=None)
    return console, out


def at_the_keyboard(
    session: Session, pipe: object, tmp_path: Path, code: str = "en"
) -> tuple[PlainPlay, io.StringIO]:
    set_language(code)
    console, out = terminal()
    play = PlainPlay(session, console=console, language=code, kept=KeptGames(tmp_path))
    play.editor = LineEditor(
        tmp_path / "history", play.completions, input=pipe, output=DummyOutput()
    )
    return play, out


def person_moves(session: Session) -> list[str]:
    return [entry.move for entry in session.log if entry.player == 0]


def test_the_arrows_edit_the_line_and_bring_back_earlier_ones(keys: object, tmp_path: Path) -> None:
    session = Session(spieltisch.load("mabula"), [HUMAN, HUMAN], seed=1)
    play, out = at_the_keyboard(session, keys, tmp_path)
    while session.state.is_chance_node():
        session.step_chance()
    move = session.state.legal_moves()[0]
    typo = move[:-1] + "x" + move[-1]  # b1-b2 typed as b1-bx2, mended with Left, Backspace
    runner = start(play)
    keys.send_text(typo + LEFT + BACKSPACE + ENTER)  # type: ignore[attr-defined]
    until(lambda: person_moves(session) == [move] and (tmp_path / "history").exists())
    until(lambda: move in (tmp_path / "history").read_text())  # the history outlasts the game
    keys.send_text(UP)  # type: ignore[attr-defined]
    until(lambda: play.editor is not None and play.editor.session.default_buffer.text == move)
    keys.send_text(ENTER + "quit" + ENTER + ENTER)  # type: ignore[attr-defined]
    runner.join(30)
    assert not runner.is_alive()
    assert f"Illegal move {move}" in out.getvalue(), "Up brought the line back"


def start(play: PlainPlay) -> threading.Thread:
    """The game in a thread of its own, in the table's language (a context variable)."""
    context = contextvars.copy_context()
    game = threading.Thread(target=context.run, args=(play.run, sys.stdin))
    game.start()
    return game


def until(condition: Callable[[], bool], timeout: float = 30) -> None:
    """Wait for what the keys should have done (the game runs in its own thread)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the keys did not get there in time"
        time.sleep(0.01)


@pytest.mark.parametrize(
    ("code", "typed", "word"), [("de", "wü", "würfeln"), ("fr", "lan", "lance")]
)
def test_tab_completes_a_move_in_the_tables_language(
    keys: object, tmp_path: Path, code: str, typed: str, word: str
) -> None:
    game = spieltisch.load("mahe", players=2, turtles_per_player=1)
    session = Session(game, [HUMAN, HUMAN], seed=5)
    play, _out = at_the_keyboard(session, keys, tmp_path, code)
    while session.state.is_chance_node():
        session.step_chance()
    assert "roll" in session.state.legal_moves()
    assert (word, play.completions()[0][1]) in play.completions()
    runner = start(play)
    keys.send_text(typed + TAB)  # type: ignore[attr-defined]
    until(lambda: play.editor is not None and play.editor.session.default_buffer.text == word)
    keys.send_text(ENTER + QUIT)  # type: ignore[attr-defined]
    runner.join(30)
    assert not runner.is_alive()
    assert "roll" in person_moves(session)


def test_a_turn_fits_80_by_24_however_many_moves(keys: object, tmp_path: Path) -> None:
    """Mabula has 60–72 moves at the start: they are listed in columns under the board,
    and everything from the person's move to the next prompt fits the screen."""
    session = Session(spieltisch.load("mabula"), [HUMAN, HUMAN], seed=1)
    play, out = at_the_keyboard(session, keys, tmp_path)
    keys.send_text("#1" + ENTER + "#1" + ENTER + QUIT)  # type: ignore[attr-defined]
    play.run(sys.stdin)
    text = out.getvalue()
    turn = text[text.index("[") : text.rindex("[")]  # from the first move to the second
    lines = turn.splitlines()
    assert len(lines) <= 23, turn
    assert "Tab completes a move" in turn and "#60" not in turn
    assert any("#1 " in line and "#2 " in line for line in lines), "moves in columns"


def test_board_lists_every_move_in_words(keys: object, tmp_path: Path) -> None:
    session = Session(spieltisch.load("mabula"), [HUMAN, HUMAN], seed=1)
    play, out = at_the_keyboard(session, keys, tmp_path)
    keys.send_text("board" + ENTER + QUIT)  # type: ignore[attr-defined]
    play.run(sys.stdin)
    count = len(session.state.legal_moves())
    assert f"  #{count} " in out.getvalue() and "— push the marble" in out.getvalue()


def test_a_pipe_is_read_line_by_line(tmp_path: Path) -> None:
    assert line_editor(io.StringIO("1\n"), tmp_path / "history", list) is None


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_without_prompt_toolkit_plain_mode_reads_plain_lines(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The tui extra brings the line editor; without it, a terminal gets plain input."""
    terminal_in = Terminal("")
    monkeypatch.setattr(sys, "stdin", terminal_in)
    monkeypatch.setattr(sys, "stdout", Terminal())
    assert isinstance(line_editor(terminal_in, tmp_path / "history", list), LineEditor)
    monkeypatch.setitem(sys.modules, "prompt_toolkit", None)  # not installed
    assert line_editor(terminal_in, tmp_path / "history", list) is None


def test_long_descriptions_are_counted_as_the_lines_they_take(tmp_path: Path) -> None:
    """Moves that fit by their number but wrap on a narrow screen take the room of their
    wrapped lines: then they are listed in columns too, within the room."""
    game = spieltisch.load("mahe", players=2, turtles_per_player=1)
    session = Session(game, [HUMAN, HUMAN], seed=5)
    while session.state.is_chance_node():
        session.step_chance()
    out = io.StringIO()
    console = Console(file=out, width=30, height=24, force_terminal=True, color_system=None)
    play = PlainPlay(session, console=console)
    assert len(session.state.legal_moves()) == 2  # roll, and stop with a long description
    play.move_list(room=3)
    rows = sum(-(-max(len(line), 1) // 30) for line in out.getvalue().splitlines())
    assert rows <= 3, out.getvalue()  # as the terminal wraps them
    assert "#1 roll" in out.getvalue()


@pytest.mark.parametrize(
    ("code", "roll", "stop", "english"),
    [("de", "würfeln", "stopp", "roll"), ("fr", "lancer", "arrêter", "roll")],
)
def test_french_and_german_lists_and_hints_show_what_to_type_in_that_language(
    keys: object, tmp_path: Path, code: str, roll: str, stop: str, english: str
) -> None:
    """Mahé's list led with the English notation ("#1 roll — Würfeln"); now with the
    word of the reader's language, which is also what the prompt takes."""
    session = Session(spieltisch.load("mahe", players=2), [HUMAN, HUMAN], seed=2)
    play, out = at_the_keyboard(session, keys, tmp_path, code)
    keys.send_text(f"#1{ENTER}{roll}{ENTER}" + QUIT)  # type: ignore[attr-defined]
    play.run(sys.stdin)
    text = out.getvalue()
    assert f"#1 {roll} — " in text and f"#1 {english} " not in text
    assert f" {stop} — " in text, "after the roll: stop, in the reader's word"
    assert f"[{roll}]" in text and "[roll]" not in text, "the echo of the move played"
    assert person_moves(session)[1:] == ["roll"], "the shown word is what the prompt takes"


def test_the_hint_names_the_move_as_the_reader_types_it() -> None:
    from spieltisch.cli.play.hints import alternative_line, hint_line

    session = to_a_person(Session(spieltisch.load("mahe", players=2), [HUMAN, HUMAN], seed=2))
    session.play("#1")
    state = to_a_person(session).state
    assert "roll" in state.legal_moves()
    set_language("fr")
    assert hint_line(state, "roll", 0.56).startswith("Conseil")
    assert "lancer — " in hint_line(state, "roll", 0.56)
    assert "roll" not in alternative_line(state, "roll", None)
    set_language("en")
    assert hint_line(state, "roll", None).startswith("Hint: roll — ")


def test_a_word_that_is_no_move_is_answered_with_the_words_that_are() -> None:
    """The engine's refusal listed the notation ("jetzt erlaubt: turtle:red, turtle:blue")."""
    session = to_a_person(Session(spieltisch.load("mahe", players=2), [HUMAN, HUMAN], seed=2))
    set_language("de")
    reason = session.explain("grün")
    assert reason is not None
    assert "rot, blau" in reason and "turtle:" not in reason, reason
    assert session.explain("rot") is None


def to_a_person(session: Session) -> Session:
    while session.state.current_player < 0:
        session.step_chance()
    return session


def test_the_refusal_of_a_word_is_in_the_readers_language() -> None:
    session = to_a_person(Session(spieltisch.load("mahe", players=2), [HUMAN, HUMAN], seed=2))
    set_language("fr")
    reason = session.explain("vert")
    assert reason is not None and reason.startswith("pas un coup ici"), reason


@pytest.mark.parametrize("code", ["de", "fr"])
def test_at_a_terminal_lines_and_questions_break_between_words(
    keys: object, tmp_path: Path, code: str
) -> None:
    """Plain mode's help line and the quit question are wider than 80 columns: at a
    terminal they are wrapped between words ("tipp (best" / "er Zug)" was what tmux
    showed), and the line editor gets only the question's last line as its prompt."""
    from spieltisch.cli.play.plain import help_text

    session = Session(spieltisch.load("madn", players=2), [HUMAN, HUMAN], seed=5)
    play, out = at_the_keyboard(session, keys, tmp_path, code)
    play.intro()
    lines = out.getvalue().splitlines()
    assert all(len(line) <= 80 for line in lines), lines
    said = " ".join(line.strip(" ") for line in lines[-(len(help_text()) // 80 + 2) :])
    assert help_text() in said, said
    question = "Quit this game? " * 12 + "> "
    last = play.prompt_line(question)
    assert last.endswith("> ") and len(last) <= 72
    shown = out.getvalue().splitlines()[len(lines) :]
    assert all(len(line) <= 80 for line in shown)
    assert " ".join([*shown, last]).split() == question.split()
