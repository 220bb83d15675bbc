"""Mensch ärgere Dich nicht as SVG: the cross of 40 fields, the bases and goals in their
colours, the pieces with a colour tag each, the die of this turn and the pieces that can move.

A move names the square a piece leaves, so the piece standing there is what one clicks
(every piece in the base stands for `b`); `pass`, where the referee allows it, is a button.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from spieltisch.core.i18n import get_language
from spieltisch.core.i18n import language as in_language
from spieltisch.core.palette import INK, SCREEN
from spieltisch.core.seat_names import capitalised
from spieltisch.core.svg import (
    clickable,
    die,
    document,
    drawn_once,
    element,
    fitted,
    refusable,
    seat_text,
    static_layer,
    text,
)
from spieltisch.games.madn.geometry import BASE_XY, GOAL_XY, TRACK_XY, piece_tag
from spieltisch.games.madn.messages import _, colour_label
from spieltisch.games.madn.rules import COLOURS, TOKENS, MadnView

CELL = 44
MARGIN = 22
GRID = 11 * CELL
PANEL = 150
"""The dice, whose turn, and the colours' legend in two rows of two."""
WORDS = 16
"""The size of every word on the board: 11 px and more on a 390 px phone, where the
picture is shown at three quarters of its size."""
PASS_WIDTH = 110
WIDTH = GRID + 2 * MARGIN
HEIGHT = GRID + 2 * MARGIN + PANEL
# Fields of a colour are a light tint of it, so its pieces stand out on them.
TINT = {"red": "#f6c9ad", "black": "#bdbdbd", "yellow": "#faf3b0", "green": "#acdfcb"}


def _xy(cell: tuple[int, int]) -> tuple[float, float]:
    return MARGIN + cell[0] * CELL + CELL / 2, MARGIN + cell[1] * CELL + CELL / 2


def _colour_index(name: str) -> int:
    return COLOURS.index(name)


def _field(cell: tuple[int, int], fill: str, label: str = "") -> str:
    x, y = _xy(cell)
    circle = element("circle", cx=x, cy=y, r=CELL * 0.4, fill=fill, stroke="#555", stroke_width=1.5)
    if not label:
        return circle
    return circle + text(x, y + 6, label, font_size=WORDS, fill="#333")


@lru_cache(maxsize=16)
def _board(colours: tuple[str, ...]) -> str:
    """The fields, bases and goals: the same for every position of a game with these
    colours (and in every language), so drawn once (boards are drawn on every move) and
    sent to the page once per connection (a static layer)."""
    parts = [
        element(
            "rect",
            x=MARGIN,
            y=MARGIN,
            width=GRID,
            height=GRID,
            rx=16,
            fill="#f3e6c4",
            stroke="#b59a5b",
            stroke_width=2,
        )
    ]
    for index, cell in enumerate(TRACK_XY):
        starts = [name for name in COLOURS if 10 * _colour_index(name) == index]
        fill = TINT[starts[0]] if starts and starts[0] in colours else "#ffffff"
        parts.append(_field(cell, fill, str(index + 1)))
    for name in COLOURS:
        playing = name in colours
        index = _colour_index(name)
        for depth, cell in enumerate(GOAL_XY[index]):
            fill = TINT[name] if playing else "#eeeeee"
            parts.append(_field(cell, fill, f"g{depth + 1}"))
        for cell in BASE_XY[index]:
            parts.append(_field(cell, TINT[name] if playing else "#eeeeee"))
    return static_layer("madn", "".join(parts))


@lru_cache(maxsize=4096, typed=True)
def _piece(name: str, cell: tuple[int, int], square: str, language: str) -> str:
    """A piece with its tag (translated: `language` is part of the cache's key)."""
    x, y = _xy(cell)
    index = _colour_index(name)
    body = element(
        "circle", cx=x, cy=y, r=CELL * 0.38, fill=SCREEN[name], stroke="#000", stroke_width=2.5
    )
    tag = text(x, y + 6, piece_tag(index), fill=INK[name], font_size=WORDS, font_weight="bold")
    return element("g", body + tag, data_piece=name, data_square=square)


def board(
    view: MadnView,
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
    view: MadnView, seat: int | None, legal: list[str], last: str | None, language: str
) -> str:
    pieces: dict[str, list[str]] = view["pieces"]
    colours = list(pieces)
    turn = view["turn"]
    parts = [_board(tuple(colours))]
    if last and last.isdigit():
        parts.append(_last_mark(int(last)))
    mover = colours[turn] if turn is not None else None
    for name in colours:
        index = _colour_index(name)
        bases = iter(BASE_XY[index])
        mine = name == mover
        for square in pieces[name]:
            if square == "b":
                cell = next(bases)
            elif square.startswith("g"):
                cell = GOAL_XY[index][int(square[1:]) - 1]
            else:
                cell = TRACK_XY[int(square) - 1]
            if mine and square in legal:
                how = "move"
            elif mine and legal and square in TOKENS:
                how = "refuse"
            else:
                parts.append(_piece(name, cell, square, language))
                continue
            parts.append(_placed(name, cell, square, how))
    dice: tuple[int, ...] = tuple(view["dice"])
    mine = turn is not None and seat == turn
    parts.append(_status(dice, mover, mine, "pass" in legal))
    finished: tuple[int, ...] = tuple(view["finished"])
    parts.append(_legend(tuple(colours), seat, finished))
    return document(
        WIDTH, HEIGHT, parts, label=_("Mensch ärgere Dich nicht board"), language=language
    )


@lru_cache(maxsize=40)
def _last_mark(field: int) -> str:
    x, y = _xy(TRACK_XY[field - 1])
    return element("circle", cx=x, cy=y, r=CELL * 0.46, class_="last")


@drawn_once(maxsize=8192)
def _placed(name: str, cell: tuple[int, int], square: str, how: str) -> str:
    """A piece of the seat to move: clickable (`how` "move") or, not legal now, asking
    the engine why when clicked ("refuse")."""
    drawn = _piece(name, cell, square, get_language())
    label = _("move the piece on {square}").format(square=square)
    if square == "b":
        label = _("bring a piece out of the base")
    if how == "refuse":
        return refusable(drawn, square, label)
    x, y = _xy(cell)
    hot = element("circle", cx=x, cy=y, r=CELL * 0.44, class_="hot")
    # A little more than the field answers a tap: a finger's width on a phone.
    side = CELL * 1.12
    reach = element("rect", x=x - side / 2, y=y - side / 2, width=side, height=side, fill_opacity=0)
    return clickable(reach + drawn, [square], label, hot=hot)


@drawn_once(maxsize=4096)
def _status(dice: tuple[int, ...], mover: str | None, mine: bool, passing: bool) -> str:
    """The dice of this turn, whose turn it is ("your move" for `mine`) and the pass
    button (`passing`)."""
    top = GRID + 2 * MARGIN
    parts = []
    # Older dice of the turn small and close, the latest one big: room for the words.
    for position, value in enumerate(dice):
        latest = position == len(dice) - 1
        size = 52 if latest else 26
        parts.append(
            die(MARGIN + position * 32, top + (4 if latest else 30), value, size, faded=not latest)
        )
    x = MARGIN + max(len(dice) - 1, 0) * 32 + 52 + 16
    right = WIDTH - MARGIN - (PASS_WIDTH + 12 if passing else 0)
    if mover is None:
        words = _("The game is over.")
        parts.append(fitted(x, top + 34, words, right - x, 18, class_="title", text_anchor="start"))
    else:
        words = _("Turn:") + " " + capitalised(colour_label(_colour_index(mover)))
        parts.append(fitted(x, top + 20, words, right - x, 18, class_="title", text_anchor="start"))
        if mine:
            parts.append(
                fitted(
                    x,
                    top + 40,
                    capitalised(_("your move")),
                    right - x,
                    WORDS,
                    fill="#222",
                    font_size=WORDS,
                    text_anchor="start",
                    font_weight="bold",
                )
            )
        shown = " ".join(str(die) for die in dice) or "-"
        parts.append(
            fitted(
                x,
                top + 58,
                _("Dice this turn: {dice}").format(dice=shown),
                right - x,
                WORDS,
                fill="#222",
                font_size=WORDS,
                text_anchor="start",
            )
        )
    if passing:
        left = WIDTH - MARGIN - PASS_WIDTH
        button = element(
            "rect",
            x=left,
            y=top + 10,
            width=PASS_WIDTH,
            height=46,
            rx=8,
            fill="#ffffff",
            stroke="#222",
        )
        button += fitted(
            left + PASS_WIDTH / 2,
            top + 39,
            capitalised(_("pass")),
            PASS_WIDTH - 12,
            WORDS,
            fill="#222",
            font_size=WORDS,
        )
        hot = element(
            "rect", x=left - 2, y=top + 8, width=PASS_WIDTH + 4, height=50, rx=9, class_="hot"
        )
        parts.append(clickable(button, ["pass"], _("pass"), hot=hot))
    return "".join(parts)


@drawn_once(maxsize=1024)
def _legend(colours: tuple[str, ...], seat: int | None, finished: tuple[int, ...]) -> str:
    """Each colour's piece and name, "(you)" for `seat`'s, the place of those finished."""
    top = GRID + 2 * MARGIN
    parts = []
    step = (WIDTH - 2 * MARGIN) / 2
    for position, name in enumerate(colours):
        index = _colour_index(name)
        lx = MARGIN + (position % 2) * step + 16
        legend_y = top + 84 + (position // 2) * 38
        parts.append(
            element(
                "circle",
                cx=lx,
                cy=legend_y,
                r=16,
                fill=SCREEN[name],
                stroke="#000",
                stroke_width=2.5,
            )
        )
        parts.append(
            text(
                lx,
                legend_y + 6,
                piece_tag(index),
                fill=INK[name],
                font_size=WORDS,
                font_weight="bold",
            )
        )
        words = capitalised(colour_label(index))  # a name in the legend: "Rouge (vous)"
        done = " ✓" + str(finished.index(position) + 1) if position in finished else ""
        yours = words + " " + _("(you)") + done
        parts.append(
            seat_text(
                lx + 22,
                legend_y + 6,
                position,
                seat,
                words + done,
                yours,
                fill="#222",
                font_size=WORDS,
                text_anchor="start",
            )
        )
    return "".join(parts)
