"""The Mabula board as SVG: the 8×8 board without corners, the edge, the marbles, the
marbles that can be pushed and where each push would end.

A pushable marble stands for every push from its square and a target mark for every
push ending there, so a click on either is one move or a short choice for the client.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from spieltisch.core.glossary import piece_letters
from spieltisch.core.i18n import language as in_language
from spieltisch.core.svg import (
    GLYPH_WIDTH,
    clickable,
    document,
    drawn_once,
    element,
    group_moves,
    seat_text,
    static_layer,
    text,
)
from spieltisch.games.mabula.geometry import (
    COLUMNS,
    SIZE,
    cell_of,
    colour_name,
    group_sizes,
    is_corner,
    is_edge,
)
from spieltisch.games.mabula.messages import _
from spieltisch.games.mabula.rules import MabulaView, both_groups

CELL = 56
MARGIN = 22
BOARD = 8 * CELL
PANEL = 96
WIDTH = BOARD + 2 * MARGIN
HEIGHT = BOARD + 2 * MARGIN + PANEL
WORDS = 15
"""The size of every word on the board: 11 px and more on a 390 px phone, where the
picture is shown at four fifths of its size (and each square 44 px, a finger's width)."""
MARBLE = {"w": ("#f7f7f2", "#222222"), "b": ("#262626", "#f0f0f0")}
"""Each colour's fill and ink; its letter is the reader's (the glossary's: W and B, in
German W and S, in French B for blanc and N for noir)."""


def _centre(square: str) -> tuple[float, float]:
    col, row = cell_of(square)
    return MARGIN + col * CELL + CELL / 2, MARGIN + (7 - row) * CELL + CELL / 2


@lru_cache(maxsize=1)
def _squares() -> str:
    """The squares and their coordinates: the same in every position and language, so
    drawn once (boards are drawn on every move) and sent to the page once per connection
    (a static layer)."""
    parts = []
    for row in range(SIZE):
        for col in range(SIZE):
            if is_corner(col, row):
                continue
            x, y = MARGIN + col * CELL, MARGIN + (7 - row) * CELL
            fill = "#c9b48a" if is_edge(col, row) else "#e9dcc0"
            parts.append(
                element(
                    "rect",
                    x=x,
                    y=y,
                    width=CELL,
                    height=CELL,
                    fill=fill,
                    stroke="#8a7650",
                    stroke_width=1,
                )
            )
    for index, letter in enumerate(COLUMNS):
        cx = MARGIN + index * CELL + CELL / 2
        parts.append(text(cx, MARGIN - 6, letter, font_size=WORDS, fill="#333"))
        parts.append(text(cx, MARGIN + BOARD + 17, letter, font_size=WORDS, fill="#333"))
    for row in range(SIZE):
        cy = MARGIN + (7 - row) * CELL + CELL / 2 + 5
        parts.append(text(MARGIN / 2, cy, str(row + 1), font_size=WORDS, fill="#333"))
        parts.append(
            text(MARGIN + BOARD + MARGIN / 2, cy, str(row + 1), font_size=WORDS, fill="#333")
        )
    return static_layer("mabula", "".join(parts))


@drawn_once(maxsize=1024)
def _marble(square: str, letter: str) -> str:
    return _drawn_marble(square, letter, piece_letters("mabula")[letter])


@lru_cache(maxsize=4096, typed=True)
def _drawn_marble(square: str, letter: str, mark: str) -> str:
    x, y = _centre(square)
    fill, ink = MARBLE[letter]
    return element(
        "g",
        element("circle", cx=x, cy=y, r=CELL * 0.38, fill=fill, stroke=ink, stroke_width=2.5)
        + text(x, y + 6, mark, fill=ink, font_size=WORDS + 1, font_weight="bold"),
        data_square=square,
        data_marble=letter,
    )


def _hot_ring(square: str, radius: float) -> str:
    x, y = _centre(square)
    return element("circle", cx=x, cy=y, r=radius, class_="hot")


def board(
    view: MabulaView,
    *,
    seat: int | None = None,
    legal_moves: Sequence[str] = (),
    last_move: str | None = None,
    language: str = "en",
) -> str:
    """The position `view` shows, with `legal_moves` clickable; pure, reads only the view."""
    with in_language(language):
        return _draw(view, seat, list(legal_moves), last_move, language)


def _draw(
    view: MabulaView, seat: int | None, legal: list[str], last: str | None, language: str
) -> str:
    marbles: dict[str, str] = view["board"]
    parts = [_squares()]
    if last and "-" in last:
        parts.append(_last_marks(last))
    pushes = [move for move in legal if "-" in move]
    by_source = group_moves((move.split("-", 1)[0], move) for move in pushes)
    by_target = group_moves((move.split("-", 1)[1], move) for move in pushes)
    for square, letter in marbles.items():
        if square in by_source:
            parts.append(_pushable(square, letter, tuple(by_source[square])))
        else:
            parts.append(_marble(square, letter))
    for square, moves in by_target.items():
        parts.append(_target(square, tuple(moves), square in marbles))
    scores = view.get("scores", [0, 0])
    both = both_groups(marbles)
    groups = tuple(tuple(both[letter]) for letter in "wb")
    parts.append(_panel(groups, tuple(scores), view.get("turn"), seat))
    label = _("Mabula board")
    return document(WIDTH, HEIGHT, parts, label=label, language=language)


@lru_cache(maxsize=1024)
def _last_marks(last: str) -> str:
    """The two squares of the last push marked."""
    parts = []
    for square in last.split("-", 1):
        x, y = _centre(square)
        parts.append(
            element(
                "rect",
                x=x - CELL / 2 + 3,
                y=y - CELL / 2 + 3,
                width=CELL - 6,
                height=CELL - 6,
                class_="last",
            )
        )
    return "".join(parts)


@drawn_once(maxsize=4096)
def _pushable(square: str, letter: str, moves: tuple[str, ...]) -> str:
    """A marble that can be pushed (a click is one of `moves`)."""
    label = _("push the marble on {square}").format(square=square)
    x, y = _centre(square)
    # The whole square answers a tap: a finger's width on a phone.
    reach = element("rect", x=x - CELL / 2, y=y - CELL / 2, width=CELL, height=CELL, fill_opacity=0)
    return clickable(
        reach + _marble(square, letter), list(moves), label, hot=_hot_ring(square, CELL * 0.45)
    )


@drawn_once(maxsize=4096)
def _target(square: str, moves: tuple[str, ...], occupied: bool) -> str:
    """Where `moves` end: a dot on the square (in its corner where a marble stands)."""
    x, y = _centre(square)
    sources = ", ".join(move.split("-", 1)[0] for move in moves)
    label = _("push to {square} (from {sources})").format(square=square, sources=sources)
    half = CELL / 2  # a finger's width on a phone: the whole free square
    if occupied:  # a marble stands there: the dot in its corner, clear of its letter
        x, y, half = x + CELL * 0.32, y + CELL * 0.32, CELL * 0.2
    dot = element(
        "rect",
        x=x - half,
        y=y - half,
        width=2 * half,
        height=2 * half,
        fill="#ffffff",
        fill_opacity=0.01,
    )
    dot += element("circle", cx=x, cy=y, r=CELL * 0.16, fill="#1b7cff", fill_opacity=0.55)
    hot = element("circle", cx=x, cy=y, r=CELL * 0.2, class_="hot")
    return clickable(dot, list(moves), label, hot=hot)


@drawn_once(maxsize=4096)
def _panel(
    groups_of: tuple[tuple[int, ...], ...],
    scores: tuple[float, ...],
    turn: int | None,
    seat: int | None,
) -> str:
    """Each colour's line (groups, score, "(you)" for `seat`) and who is to move."""
    parts = []
    top = MARGIN * 2 + BOARD
    for player, letter in enumerate("wb"):
        y = top + 20 + player * 34
        fill, ink = MARBLE[letter]
        mark = piece_letters("mabula")[letter]
        parts.append(
            element(
                "circle", cx=MARGIN + 14, cy=y - 5, r=14, fill=fill, stroke=ink, stroke_width=2.5
            )
        )
        parts.append(text(MARGIN + 14, y + 1, mark, fill=ink, font_size=WORDS, font_weight="bold"))
        name = colour_name(letter)
        groups = groups_of[player]
        rest = " · " + group_sizes(groups)
        rest += " · " + _("score: {score}").format(score=scores[player])
        weight = "bold" if player == turn else "normal"
        room = WIDTH - 2 * MARGIN - 36 - (120 if player == turn else 0)
        line, yours = name + rest, name + " " + _("(you)") + rest
        if len(yours) * GLYPH_WIDTH * WORDS > room:  # squeezed into its room (a long French line)
            values = {"textLength": room, "lengthAdjust": "spacingAndGlyphs"}
        else:
            values = {}
        parts.append(
            seat_text(
                MARGIN + 36,
                y,
                player,
                seat,
                line,
                yours,
                fill="#222",
                font_size=WORDS,
                text_anchor="start",
                **values,
                font_weight=weight,
                data_player=player,
            )
        )
        if player == turn:
            parts.append(
                text(
                    WIDTH - MARGIN,
                    y,
                    "◀ " + _("to move"),
                    fill="#222",
                    font_size=WORDS,
                    text_anchor="end",
                    font_weight="bold",
                )
            )
    if turn is None:
        parts.append(text(WIDTH / 2, top + 88, _("Game over"), class_="title"))
    return "".join(parts)
