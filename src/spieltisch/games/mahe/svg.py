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

from spieltisch.core.i18n import language as in_language
from spieltisch.core.palette import INK, SCREEN
from spieltisch.core.seat_names import capitalised
from spieltisch.core.svg import (
    clickable,
    die,
    document,
    element,
    fitted,
    seat_text,
    text,
    title,
    turn_band,
)
from spieltisch.games.mahe.messages import _, colour_name, letter
from spieltisch.games.mahe.rules import MaheView

SIZE = 600
CENTRE = SIZE / 2
RING = 150
FIELD = 21
TURTLE = 11
"""A turtle's radius: its letters readable when the picture is shown 600 px wide."""
STEP = 20
"""From one turtle of a stack to the next; a tall stack packs closer (`_step`)."""
ROW = 28
REACH = 28
"""The radius a turtle that may move answers a tap in (32 px and more on a phone)."""
FIELD_NUMBER = 15
"""A field's number in px of the 600 px picture: 9 px and more on a 390 px phone (the
page's small 11 px were 7 px there)."""
ISLAND_TEXT = 220
"""The widest a line of words inside the island may run (its chord near the dice)."""


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
        "circle", cx=x, cy=y, r=TURTLE, fill=SCREEN[colour], stroke="#111", stroke_width=1.5
    )
    size = 13 if len(mark) == 1 else 11  # two letters fit the disc a size smaller
    drawn = text(x, y + 4, mark, fill=INK[colour], font_size=size, font_weight="bold")
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
def _sea() -> str:
    """The water and the island: the same in every position."""
    return element(
        "circle",
        cx=CENTRE,
        cy=CENTRE,
        r=RING + 28,
        fill="#e3f1f7",
        stroke="#9cc7d8",
        stroke_width=2,
    ) + element("circle", cx=CENTRE, cy=CENTRE, r=RING - 28, fill="#f4e7c5", stroke="#d6c08a")


@lru_cache(maxsize=21)
def _field_mark(field: int) -> str:
    """A field and its number: the same in every position (boards are drawn on every
    move, so the static parts are drawn once)."""
    x, y = _at(field, RING)
    beach = field == 21
    return element(
        "circle",
        cx=x,
        cy=y,
        r=20 if beach else 15,
        fill="#f7d774" if beach else "#ffffff",
        stroke="#7a6a3a",
        stroke_width=2 if beach else 1,
    ) + text(x, y + 5, str(field), font_size=FIELD_NUMBER, font_weight="bold", data_field=field)


def _step(height: int) -> float:
    """The distance between the turtles of a stack that high: `STEP`, or closer where the
    stack and its top mark would leave the picture (7 turtles reach 4 px from its edge)."""
    room = CENTRE - 4 - (RING + 30) - TURTLE - 9
    return min(STEP, room / max(height - 1, 1))


def _top_mark(field: int, height: int, top: str) -> str:
    """A small arrow past a stack's top turtle, pointing away from the field: the top is
    the turtle farthest out (it decides for the stack)."""
    angle = _angle(field)
    tip = RING + 30 + (height - 1) * _step(height) + TURTLE + 9
    base = tip - 7
    ux, uy = math.cos(angle), math.sin(angle)
    points = [
        (CENTRE + tip * ux, CENTRE + tip * uy),
        (CENTRE + base * ux - 5 * uy, CENTRE + base * uy + 5 * ux),
        (CENTRE + base * ux + 5 * uy, CENTRE + base * uy - 5 * ux),
    ]
    label = _("on top: {colour}").format(colour=colour_name(top))
    return element(
        "polygon",
        title(label),
        points=" ".join(f"{x:.1f},{y:.1f}" for x, y in points),
        fill="#333",
        data_top=top,
    )


def _draw(view: MaheView, seat: int | None, legal: list[str], language: str) -> str:
    parts = [_sea()]
    fields: dict[str, list[str]] = view["fields"]
    for field in range(1, 22):
        parts.append(_field_mark(field))
        stack = fields.get(str(field), [])
        step = _step(len(stack))
        for level, colour in enumerate(stack):
            tx, ty = _at(field, RING + 30 + level * step)
            if colour == view["moving"]:
                parts.append(element("circle", cx=tx, cy=ty, r=TURTLE + 4, class_="last"))
            parts.append(_maybe_clickable(_turtle(colour, tx, ty), colour, legal, tx, ty))
        if len(stack) > 1:
            parts.append(_top_mark(field, len(stack), stack[-1]))
    parts.extend(_raft(view["raft"], legal))
    parts.extend(_centre(view, legal))
    rows, height = _eggs(view, seat, legal, SIZE)
    parts.extend(rows)
    return document(SIZE, height, parts, label=_("Mahé board"), language=language)


def _raft(raft: list[str], legal: list[str]) -> list[str]:
    """The raft inside the ring below the beach, its label above it; fits all 7 turtles."""
    y = CENTRE - RING + 66
    width = max(len(raft), 1) * 21 + 14
    parts = [
        text(CENTRE, y - 20, _("Raft:").rstrip(":"), class_="small", fill="#2b1a00"),
        element(
            "rect",
            x=CENTRE - width / 2,
            y=y - 14,
            width=width,
            height=28,
            rx=6,
            fill="#c89b5e",
            stroke="#7a5a2a",
        ),
    ]
    for index, colour in enumerate(raft):
        x = CENTRE - width / 2 + 17 + index * 21
        parts.append(_maybe_clickable(_turtle(colour, x, y), colour, legal, x, y))
    return parts


def _centre(view: MaheView, legal: list[str]) -> list[str]:
    parts = []
    top = CENTRE - 44
    if view["phase"] == "setup":
        words = _("The deck is being shuffled.")
        parts.append(fitted(CENTRE, top + 20, words, ISLAND_TEXT, 14, class_="label"))
    elif view["beach_open"]:
        parts.append(
            fitted(
                CENTRE,
                top + 20,
                _("The pile is empty: the beach with 7 eggs is open."),
                ISLAND_TEXT,
                11,
                class_="small",
            )
        )
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
        card += text(CENTRE - 39, top + 28, str(view["face_up"]), font_size=26, font_weight="bold")
        card += text(CENTRE - 39, top + 50, _("eggs"), class_="small")
        parts.append(element("g", card, data_face_up=view["face_up"]))
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
            str(view["cards_left"]),
            font_size=20,
            font_weight="bold",
            fill="#ffffff",
        )
        parts.append(pile)
        parts.append(
            text(
                CENTRE,
                top + 76,
                _("cards in the pile: {count}").format(count=view["cards_left"]),
                class_="small",
            )
        )
    dice: list[int] = view["dice"]
    y = CENTRE + 66
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
                fill="#fff6d6" if index == view["card_die"] else "#ffffff",
            )
        )
    if dice:
        words = " + ".join(str(v) for v in dice) + f" = {sum(dice)}"
        dice_parts.append(text(CENTRE, y + size + 16, words, class_="label", font_weight="bold"))
    if view["moving"]:
        moving = _("Moving:") + " " + colour_name(view["moving"])
        controller = view["controller"]
        if controller is not None and controller != view["turn"]:
            deciding = _("{player} decides for the stack").format(player=_player(view, controller))
            moving += " · " + deciding
        # Above the dice's frame, inside the island (never over the ring's fields).
        parts.append(fitted(CENTRE, y - 20, moving, ISLAND_TEXT, 11, class_="small"))
    choices = [move for move in ("roll", "stop") if move in legal]
    drawn = "".join(dice_parts)
    if choices:
        box_w = max(len(dice), 1) * (size + 8) + 40
        box = {"x": CENTRE - box_w / 2, "y": y - 10, "width": box_w, "height": size + 36, "rx": 8}
        area = element("rect", **box, fill="#ffffff", fill_opacity=0.01)
        hot = element("rect", **box, class_="hot")
        label = _("roll again or stop")
        parts.append(clickable(area + drawn, choices, label, hot=hot))
    else:
        parts.append(drawn)
    return parts


def _eggs(
    view: MaheView, seat: int | None, legal: list[str], top: float
) -> tuple[list[str], float]:
    parts = []
    owners: dict[str, int] = view["turtles"]
    controller = view["controller"]
    for number, cards in enumerate(view["cards"]):
        y = top + number * ROW + 6
        if view["turn"] == number:
            parts.append(turn_band(SIZE, y - 2, ROW - 2))
        x = 20.0
        for colour, owner in owners.items():
            if owner == number:
                parts.append(_turtle(colour, x, y + ROW / 2 - 1))
                x += 2 * TURTLE + 4
        name = _player(view, number)
        yours = name + " " + _("(you)")
        parts.append(
            seat_text(
                x + 4,
                y + 18,
                number,
                seat,
                name,
                yours,
                class_="label",
                text_anchor="start",
                data_player=number,
            )
        )
        x = 250.0
        for value in cards:
            move = f"card:{value}"
            chip = element(
                "rect",
                x=x,
                y=y + 3,
                width=22,
                height=ROW - 8,
                rx=4,
                fill="#fffdf4",
                stroke="#7a6a3a",
            ) + text(x + 11, y + 18, str(value), class_="small", font_weight="bold")
            if number == controller and move in legal:
                hot = element(
                    "rect", x=x - 2, y=y + 1, width=26, height=ROW - 4, rx=5, class_="hot"
                )
                label = _("play the card {value} as a die").format(value=value)
                chip = clickable(chip, [move], label, hot=hot)
            parts.append(chip)
            x += 26
        if view["beach"] == number:
            parts.append(text(x + 30, y + 18, _("beach 7"), class_="small", font_weight="bold"))
        eggs = int(view["scores"][number])
        parts.append(
            text(
                SIZE - 20,
                y + 18,
                _("eggs: {eggs}").format(eggs=eggs),
                class_="label",
                text_anchor="end",
                font_weight="bold",
            )
        )
    height = top + len(view["cards"]) * ROW + 16
    if view["phase"] == "over":
        parts.append(text(SIZE / 2, height + 10, _("Game over"), class_="title"))
        height += 30
    return parts, height
