"""Questions about a Mahé position, answered in words from a seat's view
(`core/questions.py`): where the turtles are, what stack is on a field (top first),
which turtles are mine, the eggs and egg cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spieltisch.core.questions import (
    Question,
    QuestionError,
    field_number,
    joined,
    sentences,
    unknown_question,
)
from spieltisch.core.seat_names import capitalised
from spieltisch.games.mahe.describe import seat_label
from spieltisch.games.mahe.messages import _, _n, colour_name
from spieltisch.games.mahe.rules import BEACH, MaheGame


def questions(game: MaheGame) -> list[Question]:
    return [
        Question("mine", _("Where are my turtles?")),
        Question("turtles", _("Where are all the turtles?")),
        Question("field", _("What stack is on a field?"), _("Field (1–21)")),
        Question("score", _("Who has how many eggs?")),
    ]


def answer(
    game: MaheGame, view: Mapping[str, Any], seat: int | None, key: str, argument: str = ""
) -> str:
    if key == "mine":
        if seat is None:
            raise QuestionError(_("You watch this table: you have no turtles."))
        mine = [colour for colour, owner in view["turtles"].items() if owner == seat]
        return sentences([_where(view, colour) for colour in mine])
    if key == "turtles":
        return sentences([_where(view, colour) for colour in view["turtles"]])
    if key == "field":
        typed = _("“{typed}” is not a field: give a number from 1 to {highest}.")
        return _stack(view, field_number(argument, BEACH, typed))
    if key == "score":
        return _eggs(game, view)
    raise unknown_question(key, questions(game))


def _where(view: Mapping[str, Any], colour: str) -> str:
    """ "the red turtle: field 5, 2nd from the top of 3" or "on the raft"."""
    name = _("the {colour} turtle").format(colour=colour_name(colour))
    if colour in view["raft"]:
        return _("{turtle}: on the raft").format(turtle=name)
    for field, stack in view["fields"].items():
        if colour in stack:
            from_top = len(stack) - stack.index(colour)
            if len(stack) == 1:
                return _("{turtle}: field {field}, alone").format(turtle=name, field=field)
            return _("{turtle}: field {field}, number {place} from the top of {count}").format(
                turtle=name, field=field, place=from_top, count=len(stack)
            )
    return name


def _stack(view: Mapping[str, Any], field: int) -> str:
    stack = view["fields"].get(str(field), [])
    if not stack:
        return _("Field {field} is empty.").format(field=field)
    top_first = ", ".join(colour_name(colour) for colour in reversed(stack))
    return _n(
        "Field {field}: {count} turtle: {turtles}.",
        "Field {field}, from the top: {count} turtles: {turtles}.",
        len(stack),
    ).format(field=field, count=len(stack), turtles=top_first)


def _eggs(game: MaheGame, view: Mapping[str, Any]) -> str:
    parts = []
    for seat, score in enumerate(view["scores"]):
        eggs = round(score)
        cards = view["cards"][seat]
        text = _n("{player}: {count} egg", "{player}: {count} eggs", eggs).format(
            player=capitalised(seat_label(game, seat)), count=eggs
        )
        if cards:
            text += " (" + _("egg cards {cards}").format(cards=", ".join(map(str, cards))) + ")"
        if view["beach"] == seat:
            text += " (" + _("the beach") + ")"
        parts.append(text)
    return joined(parts)
