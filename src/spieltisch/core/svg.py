"""Small pieces every game's `svg.py` draws its board with.

A board is a pure function of a view; these helpers keep the markup well-formed
(everything escaped), give clickable parts one shape (`data-move` for one move,
`data-moves="a;b"` when one click stands for several and the client has to ask) and
share one style sheet, so a board looks alike in the browser and as an exported picture.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, Generic, ParamSpec, TypeVar
from xml.etree import ElementTree
from xml.sax import saxutils

from spieltisch.core.game_parts import SvgBoard
from spieltisch.core.i18n import get_language, sentence
from spieltisch.core.protocol import Game, State
from spieltisch.core.registry import parts

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
MOVE_SEPARATOR = ";"

STYLE = """
.board{font-family:'DejaVu Sans',Verdana,sans-serif}
.board text{pointer-events:none}
.board .move{cursor:pointer}
.board .move .hot{fill:none;stroke:#1b7cff;stroke-width:3}
.board .move:hover .hot,.board .move:focus .hot{stroke:#ff3d00;stroke-width:4}
.board .move:focus{outline:none}
.board .illegal{cursor:not-allowed}
.board .last{fill:none;stroke:#7a3cff;stroke-width:3;stroke-dasharray:6 3}
.board .muted{opacity:.45}
.board .label{font-size:14px;fill:#222}
.board .small{font-size:11px;fill:#333}
.board .title{font-size:18px;font-weight:bold;fill:#111}
"""


PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


_NEEDS_ESCAPING = re.compile("[&<>]")
_NEEDS_QUOTING = re.compile("[&<>\"'\n\r\t]")


def escape(words: str) -> str:
    """`xml.sax.saxutils.escape`, with a shortcut for the usual words that need nothing:
    boards are drawn for every connection on every move (the server's hottest path)."""
    if _NEEDS_ESCAPING.search(words) is None:
        return words
    return saxutils.escape(words)


def quoteattr(value: str) -> str:
    """`xml.sax.saxutils.quoteattr`, with the same shortcut: plain values in double
    quotes."""
    if _NEEDS_QUOTING.search(value) is None:
        return f'"{value}"'
    return saxutils.quoteattr(value)


@lru_cache(maxsize=1024)
def _name(key: str) -> str:
    """Python keyword arguments to attribute names: `class_` → class, `data_move` → data-move."""
    return key.rstrip("_").replace("_", "-")


def attributes(values: Mapping[str, object]) -> str:
    """` name="value"` for each value that is not None or False. Numbers, most of a
    board's attributes, never need quoting: they skip `quoteattr`; a float is written
    with at most two decimals (`short`); other values repeat from board to board
    (classes, colours) and are written once. The commonest kinds are asked first: this
    runs for every element of every board drawn."""
    written = []
    for key, value in values.items():
        kind = type(value)
        if type(value) is str:
            written.append(_attribute(key, value))
        elif type(value) is float:
            written.append(f' {_NAMES.get(key) or _named(key)}="{_short(value)}"')
        elif kind is int:
            written.append(f' {_NAMES.get(key) or _named(key)}="{value}"')
        elif value is None or value is False:
            continue
        elif isinstance(value, str):
            written.append(_attribute(key, str(value)))
        else:
            written.append(f" {_name(key)}={quoteattr(str(value))}")
    return "".join(written)


_NAMES: dict[str, str] = {}
"""`_name` of each keyword seen: a plain dictionary is the quickest lookup there is."""


def _named(key: str) -> str:
    name = _NAMES[key] = _name(key)
    return name


@lru_cache(maxsize=8192)
def _short(value: float) -> str:
    """`short`, remembered: a board's coordinates recur from board to board."""
    return short(value)


@lru_cache(maxsize=4096)
def _attribute(key: str, value: str) -> str:
    """One ` name="words"`: the same few thousand recur on every board drawn."""
    return f" {_name(key)}={quoteattr(value)}"


def element(tag: str, content: str = "", /, **values: object) -> str:
    """One element; `content` is markup already (use `text` for words)."""
    if content:
        return f"<{tag}{attributes(values)}>{content}</{tag}>"
    return f"<{tag}{attributes(values)}/>"


def text(x: float, y: float, words: str, /, **values: object) -> str:
    """Words at (x, y), escaped; centred unless `text_anchor` says otherwise. (What
    `element("text", escape(words), x=_number(x), y=_number(y), **values)` writes,
    without its detours: the commonest element of the boards.)"""
    values.setdefault("text_anchor", "middle")
    at = f' x="{_number(x)}" y="{_number(y)}"{attributes(values)}'
    content = escape(words)
    return f"<text{at}>{content}</text>" if content else f"<text{at}/>"


def seat_text(
    x: float, y: float, player: int, seat: int | None, words: str, yours: str, /, **values: object
) -> str:
    """A player's line: `words`, or `yours` (the same with "(you)") where `player` is
    `seat`. Every other player's line carries `yours` too (`data-you-text`), so one
    picture serves all the seats of a position (the server draws it once per language,
    not once per seat) and the page puts in the words of the seat it plays: the same
    text in one piece, drawn exactly as if the picture were the seat's own."""
    if player == seat:
        return text(x, y, yours, **values)
    return text(x, y, words, data_you=player, data_you_text=yours, **values)


GLYPH_WIDTH = 0.62
"""A generous average width of a DejaVu Sans glyph, in ems (bold is wider than regular)."""


def fitted(
    x: float, y: float, words: str, width: float, font_size: float, /, **values: object
) -> str:
    """Words at (x, y) that never run past `width`: where they might (a long French
    phrase), the browser is told to squeeze them into it (`textLength`)."""
    if len(words) * GLYPH_WIDTH * font_size > width:
        values.update(textLength=_number(width), lengthAdjust="spacingAndGlyphs")
    return text(x, y, words, **values)


def wrap(words: str, width: float, font_size: float) -> list[str]:
    """`words` in lines that each fit `width` at `font_size` (by the generous glyph
    width), broken at ordinary spaces only (never at French typography's narrow no-break
    space): a long sentence keeps its size on a narrow picture."""
    most = max(int(width / (GLYPH_WIDTH * font_size)), 1)
    lines: list[str] = []
    for word in words.split(" "):
        if not word:
            continue
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def title(words: str) -> str:
    """A tooltip (and accessible name) for the element it is placed in."""
    return f"<title>{escape(words)}</title>"


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def short(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros: `255.79` for
    255.78672383836437, `44` for 44.0. A hundredth of a unit is far below a pixel at any
    size a board is shown, and a board's messages are the server's biggest (issue 41)."""
    written = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if written == "-0" else written


def die(
    x: float, y: float, value: int, size: float, *, fill: str = "#ffffff", faded: bool = False
) -> str:
    """A die showing `value` with its pips (`data-die` names the value)."""
    parts = [
        element(
            "rect",
            x=x,
            y=y,
            width=size,
            height=size,
            rx=size / 6,
            fill=fill,
            stroke="#222",
            stroke_width=2,
        )
    ]
    step = size / 4
    for dx, dy in PIPS.get(value, ()):
        parts.append(
            element(
                "circle",
                cx=x + size / 2 + dx * step,
                cy=y + size / 2 + dy * step,
                r=size / 11,
                fill="#222",
            )
        )
    return element("g", "".join(parts), data_die=value, class_="muted" if faded else None)


def turn_band(width: float, y: float, height: float) -> str:
    """The band behind the line of the player whose turn it is."""
    return element(
        "rect", x=6, y=y, width=width - 12, height=height, rx=6, fill="#fff1b8", stroke="#d8b600"
    )


def move_attributes(moves: Sequence[str]) -> dict[str, str]:
    """`data-move` for one move, `data-moves` for several (the client asks which)."""
    if len(moves) == 1:
        return {"data-move": moves[0]}
    return {"data-moves": MOVE_SEPARATOR.join(moves)}


def clickable(content: str, moves: Sequence[str], label: str, *, hot: str = "") -> str:
    """A group a person can click or tab to and press; `hot` is the outline drawn around it.
    Its label is a sentence (a tooltip, a screen reader's name, the title of the dialog
    asking which move): its first letter a capital."""
    label = sentence(label)
    values: dict[str, object] = {"class": "move", "role": "button", "tabindex": "0"}
    values["aria-label"] = label
    values.update(move_attributes(moves))
    return f"<g{attributes(values)}>{title(label)}{content}{hot}</g>"


def refusable(content: str, move: str, label: str) -> str:
    """A part naming a move that is not legal now: a click asks the engine why
    (`data-illegal-move`), so a person learns the rule instead of seeing nothing happen."""
    label = sentence(label)
    values = {"class": "illegal", "data-illegal-move": move, "aria-label": label}
    return f"<g{attributes(values)}>{title(label)}{content}</g>"


def group_moves(pairs: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    """Moves grouped by the place that stands for them, in the order first seen."""
    groups: dict[str, list[str]] = {}
    for place, move in pairs:
        groups.setdefault(place, []).append(move)
    return groups


P = ParamSpec("P")
R = TypeVar("R")


class DrawnOnce(Generic[P, R]):
    """A piece of a board drawn once for its arguments and the language in force (its
    words are in it), then taken from the cache: boards are drawn at every move at every
    table, and most of a board's pieces are the same as the move before. The function
    must be pure in its arguments and the language (hashable arguments; numbers are
    typed: 16 and 16.0 are drawn apart). What it returns is shared: never changed."""

    def __init__(self, function: Callable[P, R], maxsize: int) -> None:
        self.__wrapped__ = function
        self.__doc__ = function.__doc__

        def in_language(_language: str, /, *args: Any, **values: Any) -> R:
            return function(*args, **values)

        self._cached: Callable[..., R] = lru_cache(maxsize=maxsize, typed=True)(in_language)
        self._clear = self._cached.cache_clear

    def __call__(self, *args: P.args, **values: P.kwargs) -> R:
        return self._cached(get_language(), *args, **values)

    def cache_clear(self) -> None:
        self._clear()


def drawn_once(maxsize: int = 4096) -> Callable[[Callable[P, R]], DrawnOnce[P, R]]:
    """`DrawnOnce` as a decorator."""

    def decorate(function: Callable[P, R]) -> DrawnOnce[P, R]:
        return DrawnOnce(function, maxsize)

    return decorate


def document(width: float, height: float, body: Iterable[str], *, label: str, language: str) -> str:
    """The whole picture: scalable (viewBox), labelled for screen readers, self-contained."""
    return "".join([_head(width, height, label, language), *body, "</svg>"])


@lru_cache(maxsize=1024, typed=True)
def _head(width: float, height: float, label: str, language: str) -> str:
    """Everything a picture has before its body (the same for most boards of a game)."""
    head = (
        f'<svg xmlns="{SVG_NAMESPACE}" class="board" viewBox="0 0 {_number(width)} '
        f'{_number(height)}" width="{_number(width)}" height="{_number(height)}" '
        f'role="group" lang={quoteattr(language)} aria-label={quoteattr(label)}>'
    )
    background = element("rect", x=0, y=0, width=_number(width), height=_number(height))
    background = background.replace("<rect", '<rect fill="#fbf8f1"', 1)
    return "".join([head, title(label), _STYLE, background])


LAYER = re.compile(r'<g data-layer="([\w-]+)"/>')
"""A static layer's placeholder in a board sent to a client that keeps layers."""
_LAYERS: dict[str, dict[str, str]] = {}
"""Each group's static layers (a game's name; "" for every board's): markup → key."""
_MARKUP: dict[str, str] = {}
"""Every static layer's markup by its key."""
_PREFIX = 64


def static_layer(group: str, markup: str) -> str:
    """`markup` as it is, noted as a static layer of `group`'s boards (a game's name): a
    part that never changes during a game, which a client that keeps layers (the web
    page) gets once per connection (`layered`) instead of in every state message. Its
    key is its content's hash, so the same in every process and release that draws it
    alike. Call it from a cached drawing (the markup is noted once)."""
    group_layers = _LAYERS.setdefault(group, {})
    if markup not in group_layers:
        key = f"{group or 'board'}-{hashlib.sha1(markup.encode()).hexdigest()[:10]}"
        _MARKUP[key] = markup
        group_layers[markup] = key
    return markup


def layered(svg: str, group: str) -> tuple[str, tuple[str, ...]]:
    """`svg` with each static layer of `group` (and of every board) in it replaced by its
    placeholder `<g data-layer="KEY"/>`, and the keys it has; `expand` with the layers
    gives `svg` back, byte for byte. Each layer is found by its first characters and
    then compared whole (finding a 10 KB needle costs a hundred times more)."""
    found: list[tuple[int, int, str]] = []
    for layers in (_LAYERS.get("", {}), _LAYERS.get(group, {})):
        for markup, key in layers.items():
            head = markup[:_PREFIX]
            start = svg.find(head)
            while start >= 0:
                end = start + len(markup)
                if svg[start:end] == markup:  # (startswith is slow where the kinds differ)
                    found.append((start, end, key))
                    start += len(markup) - 1
                start = svg.find(head, start + 1)
    if not found:
        return svg, ()
    found.sort()
    pieces, keys, at = [], [], 0
    for start, end, key in found:
        if start < at:  # overlapping an earlier layer: left as it is
            continue
        pieces += [svg[at:start], f'<g data-layer="{key}"/>']
        if key not in keys:
            keys.append(key)
        at = end
    pieces.append(svg[at:])
    return "".join(pieces), tuple(keys)


def layer_markup(key: str) -> str:
    """The markup of the static layer `key` (a `KeyError` for a key never drawn)."""
    return _MARKUP[key]


def expand(svg: str, layers: Mapping[str, str]) -> str:
    """A board with its placeholders replaced by the layers' markup (as the page does)."""
    return LAYER.sub(lambda found: layers[found.group(1)], svg)


def moves_in_picture(svg: str) -> set[str]:
    """Every move a click on the picture can make (what the tests and the client read)."""
    found: set[str] = set()
    for node in ElementTree.fromstring(svg).iter():
        if "data-move" in node.attrib:
            found.add(node.attrib["data-move"])
        if "data-moves" in node.attrib:
            found.update(node.attrib["data-moves"].split(MOVE_SEPARATOR))
    return found


def illegal_moves_in_picture(svg: str) -> set[str]:
    """The moves the picture offers to try although they are illegal (to be explained)."""
    root = ElementTree.fromstring(svg)
    return {
        node.attrib["data-illegal-move"]
        for node in root.iter()
        if "data-illegal-move" in node.attrib
    }


_STYLE = static_layer("", f"<style>{STYLE}</style>")


def board_drawer(game: Game[Any]) -> SvgBoard | None:
    """The `board` function of the game's declared `svg` part, or None when it has none."""
    return parts(game).svg_board


def draw_state(
    state: State, seat: int | None, *, language: str = "en", last_move: str | None = None
) -> str:
    """`state` as `seat` sees it (None: a spectator), its moves clickable when it is to move."""
    drawer = board_drawer(state.game)
    if drawer is None:
        raise LookupError(f"the game {state.game.name!r} draws no SVG board")
    legal = state.legal_moves() if seat is not None and state.current_player == seat else []
    return drawer(
        state.view(seat), seat=seat, legal_moves=legal, last_move=last_move, language=language
    )
