"""Mahé as SVG: the ring of 21 fields up to the beach with each stack in order (bottom
nearest the field), the raft, the face-up egg card and the pile, the dice of this move
and their sum, and each player's eggs.

Clicks: a turtle that may move first (`turtle:<colour>`), the dice for `roll` or `stop`
(one click, the client asks which) and a won card played as a die (`card:<value>`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import cast

from spieltisch.core.i18n import language as in_language
from spieltisch.core.palette import INK, SCREEN
from spieltisch.core.seat_names import capitalised
from spieltisch.core.svg import (
    GLYPH_WIDTH,
    clickable,
    die,
    document,
    drawn_once,
    element,
    fitted,
    seat_text,
    static_layer,
    text,
    title,
    turn_band,
    wrap,
)
from spieltisch.games.mahe.messages import _, colour_name, letter
from spieltisch.games.mahe.rules import MaheView

SIZE = 600
CENTRE = SIZE / 2
RING = 150
FIELD = 21
WORDS = 17
"""The size of every word on the board: 11 px and more on a 390 px phone, where the
picture is shown at 0.65 of its size (its words were 6 to 9 px there)."""
TURTLE = 14
"""A turtle's radius: its letters at the size of the words."""
STEP = 29
"""From one turtle of a stack to the next; a tall stack packs closer (`_step`), and the
list of stacks under the ring names each one top first."""
ROW = 56
"""A player's two lines: turtles, name and eggs; cards won and the beach."""
LINE = 30
REACH = 34
"""The radius a turtle that may move answers a tap in (44 px and more on a phone)."""
FIELD_NUMBER = WORDS
ISLAND_TEXT = 220
"""The widest a line of words inside the island may run (its chord near the dice)."""


FIELD_NAMES = tuple(str(field) for field in range(1, 22))
"""The view's keys of the fields, 1 to 21."""


def _angle(field: int) -> float:
    """Field 21 (the beach) at the top, the others counter-clockwise from it: the
    turtles run counter-clockwise, as both rule books draw the board."""
    return math.radians(-90 - (field % 21) * 360 / 21)


def _at(field: int, distance: float) -> tuple[float, float]:
    angle = _angle(field)
    return CENTRE + distance * math.cos(angle), CENTRE + distance * math.sin(angle)


def _player(view: MaheView, number: int) -> str:
    """A seat by its turtles' colours, as the log and the side panel name it."""
    colours = [colour for colour, owner in view["turtles"].items() if owner == number]
    return capitalised(", ".join(colour_name(colour) for colour in colours))


def _turtle(colour: str, x: float, y: float) -> str:
    """A turtle's disc with its letters in the reader's language (the glossary's)."""
    return _disc(colour, x, y, letter(colour))


@lru_cache(maxsize=1024, typed=True)
def _disc(colour: str, x: float, y: float, mark: str) -> str:
    shell = element(
        "circle", cx=x, cy=y, r=TURTLE, fill=SCREEN[colour], stroke="#111", stroke_width=2.5
    )
    drawn = text(x, y + 6, mark, fill=INK[colour], font_size=WORDS, font_weight="bold")
    return element("g", shell + drawn, data_turtle=colour)


def _maybe_clickable(drawn: str, colour: str, legal: list[str], x: float, y: float) -> str:
    move = f"turtle:{colour}"
    if move not in legal:
        return drawn
    hot = element("circle", cx=x, cy=y, r=TURTLE + 4, class_="hot")
    label = _("move {colour} first").format(colour=colour_name(colour))
    reach = element("circle", cx=x, cy=y, r=REACH, fill_opacity=0)  # a finger's width on a phone
    return clickable(reach + drawn, [move], label, hot=hot)


def board(
    view: MaheView,
    *,
    seat: int | None = None,
    legal_moves: Sequence[str] = (),
    last_move: str | None = None,
    language: str = "en",
) -> str:
    """The position `view` shows, with `legal_moves` clickable; pure, reads only the view."""
    with in_language(language):
        return _draw(view, seat, list(legal_moves), language)


@lru_cache(maxsize=1)
def _ring() -> str:
    """The water, the island and the 21 fields with their numbers: the same in every
    position, so drawn once (boards are drawn on every move) and sent to the page once
    per connection (a static layer). Under every stack: no field overlaps another's."""
    sea = element(
        "circle",
        cx=CENTRE,
        cy=CENTRE,
        r=RING + 28,
        fill="#e3f1f7",
        stroke="#9cc7d8",
        stroke_width=2,
    ) + element("circle", cx=CENTRE, cy=CENTRE, r=RING - 28, fill="#f4e7c5", stroke="#d6c08a")
    return static_layer("mahe", sea + "".join(_field_mark(field) for field in range(1, 22)))


def _field_mark(field: int) -> str:
    """A field and its number."""
    x, y = _at(field, RING)
    beach = field == 21
    return element(
        "circle",
        cx=x,
        cy=y,
        r=22 if beach else 18,
        fill="#f7d774" if beach else "#ffffff",
        stroke="#7a6a3a",
        stroke_width=2 if beach else 1,
    ) + text(x, y + 6, str(field), font_size=FIELD_NUMBER, font_weight="bold", data_field=field)


def _step(height: int) -> float:
    """The distance between the turtles of a stack that high: `STEP`, or closer where the
    stack and its top mark would leave the picture (7 turtles reach 4 px from its edge)."""
    room = CENTRE - 4 - (RING + 34) - TURTLE - 9
    return min(STEP, room / max(height - 1, 1))


def _top_mark(field: int, height: int, top: str) -> str:
    """A small arrow past a stack's top turtle, pointing away from the field: the top is
    the turtle farthest out (it decides for the stack)."""
    angle = _angle(field)
    tip = RING + 34 + (height - 1) * _step(height) + TURTLE + 9
    base = tip - 7
    ux, uy = math.cos(angle), math.sin(angle)
    points = [
        (CENTRE + tip * ux, CENTRE + tip * uy),
        (CENTRE + base * ux - 5 * uy, CENTRE + base * uy + 5 * ux),
        (CENTRE + base * ux + 5 * uy, CENTRE + base * uy - 5 * ux),
    ]
    label = capitalised(_("on top: {colour}").format(colour=colour_name(top)))
    return element(
        "polygon",
        title(label),
        points=" ".join(f"{x:.1f},{y:.1f}" for x, y in points),
        fill="#333",
        data_top=top,
    )


def _draw(view: MaheView, seat: int | None, legal: list[str], language: str) -> str:
    parts = [_ring()]
    fields: dict[str, list[str]] = view["fields"]
    free = frozenset(move[7:] for move in legal if move.startswith("turtle:"))
    moving = view["moving"]
    stacks = tuple(tuple(fields.get(name, ())) for name in FIELD_NAMES)
    for field, stack in enumerate(stacks, start=1):
        if not stack:
            continue
        here = tuple(colour for colour in stack if colour in free)
        parts.append(_field(field, stack, moving if moving in stack else None, here))
    choices = tuple(move for move in ("roll", "stop") if move in legal)
    parts.append(
        _centre(
            view["phase"],
            view["beach_open"],
            view["face_up"],
            view["cards_left"],
            tuple(view["dice"]),
            view["card_die"],
            choices,
        )
    )
    owners = tuple(view["turtles"].items())
    raft = tuple(view["raft"])
    below, top = _below(
        owners,
        raft,
        tuple(colour for colour in raft if colour in free),
        moving,
        view["controller"],
        view["turn"],
        stacks,
    )
    parts.append(below)
    cards = tuple(tuple(won) for won in view["cards"])
    playable = frozenset(move for move in legal if move.startswith("card:"))
    rows, height = _eggs(
        owners,
        view["controller"],
        cards,
        view["turn"],
        tuple(view["scores"]),
        view["beach"],
        view["phase"],
        seat,
        playable,
        top,
    )
    parts.append(rows)
    return document(SIZE, height, parts, label=_("Mahé board"), language=language)


@drawn_once(maxsize=4096)
def _field(field: int, stack: tuple[str, ...], moving: str | None, free: tuple[str, ...]) -> str:
    """A field's stack (`moving`: the turtle moving, ringed; `free`: those that may move
    first, clickable), drawn over the ring."""
    parts = []
    legal = [f"turtle:{colour}" for colour in free]
    step = _step(len(stack))
    for level, colour in enumerate(stack):
        tx, ty = _at(field, RING + 34 + level * step)
        if colour == moving:
            parts.append(element("circle", cx=tx, cy=ty, r=TURTLE + 4, class_="last"))
        parts.append(_maybe_clickable(_turtle(colour, tx, ty), colour, legal, tx, ty))
    if len(stack) > 1:
        parts.append(_top_mark(field, len(stack), stack[-1]))
    return "".join(parts)


def _owners_view(owners: tuple[tuple[str, int], ...]) -> MaheView:
    """As much of a view as `_player` reads: the turtles' owners."""
    return cast(MaheView, {"turtles": dict(owners)})


@drawn_once(maxsize=4096)
def _below(
    owners: tuple[tuple[str, int], ...],
    raft: tuple[str, ...],
    free: tuple[str, ...],
    moving: str | None,
    controller: int | None,
    turn: int | None,
    stacks: tuple[tuple[str, ...], ...],
) -> tuple[str, float]:
    """Under the ring: the raft (`free`: its turtles that may move first), the turtle
    moving (and who decides for its stack) and every stack named top first, a line each;
    returns the drawing and where it ends."""
    parts = []
    legal = [f"turtle:{colour}" for colour in free]
    view = _owners_view(owners)
    y = SIZE + 4
    if raft:
        label = _("Raft:")
        parts.append(text(20, y + 20, label, fill="#222", font_size=WORDS, text_anchor="start"))
        x = 20 + len(label) * GLYPH_WIDTH * WORDS + 12 + TURTLE
        for colour in raft:
            parts.append(_maybe_clickable(_turtle(colour, x, y + 14), colour, legal, x, y + 14))
            x += 2 * TURTLE + 16
        y += 2 * TURTLE + 12
    if moving:
        words = _("Moving:") + " " + colour_name(moving)
        if controller is not None and controller != turn:
            deciding = _("{player} decides for the stack").format(player=_player(view, controller))
            words += " · " + deciding
        for line in wrap(words, SIZE - 40, WORDS):
            parts.append(text(20, y + 20, line, fill="#222", font_size=WORDS, text_anchor="start"))
            y += LINE
    for field in range(1, 22):
        stack = stacks[field - 1]
        if len(stack) < 2:
            continue
        turtles = ", ".join(colour_name(colour) for colour in reversed(stack))
        words = _("Field {field}, top first: {turtles}").format(field=field, turtles=turtles)
        for line in wrap(words, SIZE - 40, WORDS):
            parts.append(
                text(20, y + 20, line, font_size=WORDS, text_anchor="start", data_stack=field)
            )
            y += LINE
    return "".join(parts), y + 4


@drawn_once(maxsize=4096)
def _centre(
    phase: str,
    beach_open: bool,
    face_up: int | None,
    cards_left: int,
    dice: tuple[int, ...],
    card_die: int | None,
    choices: tuple[str, ...],
) -> str:
    """The island: the face-up egg card and the pile (or why there is none), the dice of
    this move and their sum; a click on the dice (`choices`) rolls again or stops."""
    parts = []
    top = CENTRE - 70
    if phase == "setup":
        words = _("The deck is being shuffled.")
        for index, line in enumerate(wrap(words, ISLAND_TEXT, WORDS)):
            parts.append(text(CENTRE, top + 20 + index * 24, line, font_size=WORDS))
    elif beach_open:
        words = _("The pile is empty: the beach with 7 eggs is open.")
        for index, line in enumerate(wrap(words, ISLAND_TEXT, WORDS)):
            parts.append(text(CENTRE, top + index * 24, line, font_size=WORDS))
    else:
        card = element(
            "rect",
            x=CENTRE - 64,
            y=top - 10,
            width=50,
            height=70,
            rx=6,
            fill="#fffdf4",
            stroke="#7a6a3a",
            stroke_width=2,
        )
        card += text(CENTRE - 39, top + 26, str(face_up), font_size=26, font_weight="bold")
        card += fitted(CENTRE - 39, top + 50, _("eggs"), 46, WORDS, font_size=WORDS)
        parts.append(element("g", card, data_face_up=face_up))
        pile = element(
            "rect",
            x=CENTRE + 14,
            y=top - 10,
            width=50,
            height=70,
            rx=6,
            fill="#8a6d3b",
            stroke="#5a4520",
            stroke_width=2,
        )
        pile += text(
            CENTRE + 39,
            top + 32,
            str(cards_left),
            font_size=22,
            font_weight="bold",
            fill="#ffffff",
        )
        parts.append(pile)
        words = capitalised(_("cards in the pile: {count}").format(count=cards_left))
        parts.append(fitted(CENTRE, top + 82, words, ISLAND_TEXT, WORDS, font_size=WORDS))
    y = CENTRE + 34
    size = 32
    dice_parts = []
    start = CENTRE - (len(dice) * (size + 8)) / 2
    for index, value in enumerate(dice):
        dice_parts.append(
            die(
                start + index * (size + 8),
                y,
                value,
                size,
                fill="#fff6d6" if index == card_die else "#ffffff",
            )
        )
    if dice:
        words = " + ".join(str(v) for v in dice) + f" = {sum(dice)}"
        dice_parts.append(
            text(CENTRE, y + size + 20, words, font_size=WORDS + 1, font_weight="bold")
        )
    drawn = "".join(dice_parts)
    if choices:
        box_w = max(len(dice), 1) * (size + 8) + 40
        box = {"x": CENTRE - box_w / 2, "y": y - 8, "width": box_w, "height": size + 36, "rx": 8}
        area = element("rect", **box, fill="#ffffff", fill_opacity=0.01)
        hot = element("rect", **box, class_="hot")
        label = _("roll again or stop")
        parts.append(clickable(area + drawn, list(choices), label, hot=hot))
    else:
        parts.append(drawn)
    return "".join(parts)


@drawn_once(maxsize=4096)
def _eggs(
    owned: tuple[tuple[str, int], ...],
    controller: int | None,
    won: tuple[tuple[int, ...], ...],
    turn: int | None,
    scores: tuple[float, ...],
    beach: int | None,
    phase: str,
    seat: int | None,
    legal: frozenset[str],
    top: float,
) -> tuple[str, float]:
    """Each player's two lines: turtles, name and eggs; the cards won (a card that may be
    played as a die clickable: `legal`) and the beach's 7 eggs, apart from the eggs'
    count."""
    parts = []
    owners = dict(owned)
    view = _owners_view(owned)
    for number, cards in enumerate(won):
        y = top + number * ROW + 6
        if turn == number:
            parts.append(turn_band(SIZE, y - 2, ROW - 2))
        x = 20.0 + TURTLE
        for colour, owner in owners.items():
            if owner == number:
                parts.append(_turtle(colour, x, y + 15))
                x += 2 * TURTLE + 4
        name = _player(view, number)
        yours = name + " " + _("(you)")
        parts.append(
            seat_text(
                x - TURTLE + 6,
                y + 21,
                number,
                seat,
                name,
                yours,
                fill="#222",
                font_size=WORDS,
                text_anchor="start",
                data_player=number,
            )
        )
        eggs = int(scores[number])
        parts.append(
            text(
                SIZE - 20,
                y + 21,
                capitalised(_("eggs: {eggs}").format(eggs=eggs)),
                fill="#222",
                font_size=WORDS,
                text_anchor="end",
                font_weight="bold",
            )
        )
        x = 20.0
        line = y + LINE - 2
        for value in cards:
            move = f"card:{value}"
            chip = element(
                "rect",
                x=x,
                y=line,
                width=26,
                height=LINE - 6,
                rx=4,
                fill="#fffdf4",
                stroke="#7a6a3a",
            ) + text(x + 13, line + 18, str(value), font_size=WORDS, font_weight="bold")
            if number == controller and move in legal:
                hot = element(
                    "rect", x=x - 2, y=line - 2, width=30, height=LINE - 2, rx=5, class_="hot"
                )
                reach = element("rect", x=x - 4, y=line - 10, width=34, height=44, fill_opacity=0)
                label = _("play the card {value} as a die").format(value=value)
                chip = clickable(reach + chip, [move], label, hot=hot)
            parts.append(chip)
            x += 34
        if beach == number:
            parts.append(
                text(
                    x + 8,
                    line + 18,
                    capitalised(_("beach 7")),
                    font_size=WORDS,
                    font_weight="bold",
                    text_anchor="start",
                )
            )
    height = top + len(won) * ROW + 16
    if phase == "over":
        parts.append(text(SIZE / 2, height + 10, _("Game over"), class_="title"))
        height += 30
    return "".join(parts), height
