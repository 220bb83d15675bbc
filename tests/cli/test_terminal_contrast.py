"""The terminal boards of all four games are legible on every Textual theme, light ones
too (`TEXTUAL_THEME=textual-light`, issue 45): every letter or digit stands out from what
is behind it by at least 4.5:1 and every piece symbol by at least 3:1 (WCAG 1.4.3 and
1.4.11).

The colours are computed as Textual shows them: a style's own colour, or the theme's
foreground and background where the board gives none; the 16 named colours through the
app's ANSI theme (Monokai on dark themes, Alabaster on light ones), the 256 indexed ones
and true colour as they are; `reverse` swaps them and `dim` blends the colour towards
the background as Textual's filter does."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from rich.color import Color
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.terminal_theme import TerminalTheme
from rich.text import Text
from textual.app import App
from textual.constants import DIM_FACTOR
from textual.theme import BUILTIN_THEMES

import spieltisch
from spieltisch.cli.play.seats import HUMAN
from spieltisch.cli.play.session import LogEntry, Session
from spieltisch.cli.tui.app import PlayApp
from spieltisch.core import State, parts
from spieltisch.core.i18n import language

RGB = tuple[int, int, int]
PIECES = frozenset("○●")
"""Symbols that are pieces (3:1); letters and digits are text (4.5:1)."""
THEMES = sorted(name for name in BUILTIN_THEMES if not name.startswith("ansi-"))
"""The themes with colours of their own (the ansi ones take the terminal's)."""
GAMES = ["mahe", "madn", "david_goliath", "mabula"]


def _luminance(rgb: RGB) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(value) for value in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(one: RGB, other: RGB) -> float:
    high, low = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _hex(value: str) -> RGB:
    color = Color.parse(value)
    triplet = color.get_truecolor()
    return triplet.red, triplet.green, triplet.blue


class Shown:
    """A theme's colours as a board's text shows on it."""

    def __init__(self, name: str) -> None:
        theme = BUILTIN_THEMES[name]
        generated = theme.to_color_system().generate()
        self.background = _hex(generated["background"])
        self.foreground = _hex(generated["foreground"])
        reactive = App.ansi_theme_dark if theme.dark else App.ansi_theme_light
        default = reactive._default
        assert isinstance(default, TerminalTheme)
        self.ansi = default

    def _rgb(self, color: Color | None, default: RGB) -> RGB:
        if color is None or color.is_default:
            return default
        triplet = color.get_truecolor(self.ansi)
        return triplet.red, triplet.green, triplet.blue

    def colours(self, style: Style) -> tuple[RGB, RGB]:
        """The segment's text colour and the colour behind it."""
        ink = self._rgb(style.color, self.foreground)
        paper = self._rgb(style.bgcolor, self.background)
        if style.reverse:
            ink, paper = paper, ink
        if style.dim:
            ink = tuple(  # type: ignore[assignment]
                round(back + (front - back) * DIM_FACTOR)
                for back, front in zip(paper, ink, strict=True)
            )
        return ink, paper


def _positions(game: str) -> Iterator[State]:
    """Positions along a random game: the start, then every few moves, to the end."""
    rng = random.Random(45)
    state = spieltisch.load(game).new_state()
    for step in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.sample_chance(rng)
            continue
        if step % 7 == 0:
            yield state.clone()
        state.apply(rng.choice(state.legal_moves()))
    yield state


def _boards(game: str) -> Iterator[tuple[str, Text]]:
    """Each seat's board (and a watcher's), the narrow forms and the side panel."""
    found = parts(game)
    render, panel = found.text_board, found.panel
    assert render is not None
    for state in _positions(game):
        seats: list[int | None] = [None, *range(state.game.num_players)]
        for seat in seats:
            yield f"{seat}", render(state, seat)
            if panel is not None:
                yield f"{seat} beside", render(state, seat, beside=True)
                yield f"{seat} panel", panel(state.view(seat))
        drawn = render(state, 0)
        for width in (80, 60, 44):  # the narrow layouts of a small terminal
            yield f"width {width}", _narrow(drawn, width)


def _narrow(text: Text, width: int) -> Text:
    console = Console(width=width, color_system="truecolor", legacy_windows=False)
    lines = console.render_lines(text, console.options.update_width(width), pad=False)
    narrow = Text()
    for line in lines:
        for segment in line:
            narrow.append(segment.text, segment.style)
        narrow.append("\n")
    return narrow


def _segments(text: Text) -> Iterator[Segment]:
    console = Console(width=200, color_system="truecolor", legacy_windows=False)
    yield from text.render(console)


@pytest.mark.parametrize("game", GAMES)
def test_every_letter_and_piece_stands_out_on_every_theme(game: str) -> None:
    shown = {name: Shown(name) for name in THEMES}
    problems: set[str] = set()
    with language("de"):
        boards = list(_boards(game))
    for where, board in boards:
        for segment in _segments(board):
            text = segment.text
            needs = 4.5 if any(c.isalnum() for c in text) else 3.0 if PIECES & set(text) else 0
            if not needs:
                continue
            style = segment.style or Style()
            for name, theme in shown.items():
                ink, paper = theme.colours(style)
                ratio = contrast(ink, paper)
                if ratio < needs:
                    problems.add(f"{name}, {where}: {text.strip()!r} {style} {ratio:.2f} < {needs}")
    assert not problems, f"{len(problems)} on {game}:\n" + "\n".join(sorted(problems)[:40])


def test_the_log_of_the_terminal_app_stands_out_on_every_theme() -> None:
    """The app's move log: a move, a die (chance, once dimmed) and a forced move."""
    session = Session(spieltisch.load("madn", players=2), [HUMAN, "random"], seed=1)
    app = PlayApp(session, language="de", delay=0)
    app.auto_move = True
    lines = [
        LogEntry(None, "d6", "Würfel: 6", turn=0),
        LogEntry(None, "time", "Die Zeit ist um"),
        LogEntry(0, "b", "ein Stück herausziehen", forced=True),
    ]
    shown = [Shown(name) for name in THEMES]
    for line in lines:
        for segment in _segments(app.entry_text(line)):
            if not segment.text.strip():
                continue
            for theme in shown:
                ratio = contrast(*theme.colours(segment.style or Style()))
                assert ratio >= 4.5, (segment.text, segment.style, ratio)


def test_the_check_sees_a_poor_colour() -> None:
    """Yellow letters on the light theme's grey: the check finds them (about 1.2:1)."""
    light = Shown("textual-light")
    ink, paper = light.colours(Style.parse("#ffd700"))
    assert contrast(ink, paper) < 1.5
    dark = Shown("textual-dark")
    assert contrast(*dark.colours(Style.parse("#ffd700"))) > 10
