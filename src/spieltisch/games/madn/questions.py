"""Questions about a Mensch ärgere Dich nicht position, answered in words from a seat's
view (`core/questions.py`): where the pieces are, what is on a field, who could hit a
field with which roll, the standing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spieltisch.core.questions import (
    Question,
    QuestionError,
    field_number,
    joined,
    unknown_question,
)
from spieltisch.core.seat_names import capitalised
from spieltisch.games.madn.messages import _, _n, colour_label
from spieltisch.games.madn.rules import COLOURS, Madn

TRACK = 40
"""Fields 1..40 on the track; a colour's start field is 10 × its number + 1."""


def questions(game: Madn) -> list[Question]:
    field = _("Field (1–40)")
    return [
        Question("mine", _("Where are my pieces?")),
        Question("pieces", _("Where are all the pieces?")),
        Question("field", _("What is on a field?"), field),
        Question("hit", _("Which rolls could hit a field?"), field),
        Question("score", _("What is the standing?")),
    ]


def answer(
    game: Madn, view: Mapping[str, Any], seat: int | None, key: str, argument: str = ""
) -> str:
    pieces: dict[str, list[str]] = view["pieces"]
    if key == "mine":
        if seat is None:
            raise QuestionError(_("You watch this table: you have no pieces."))
        return _pieces_of(game, seat, pieces)
    if key == "pieces":
        return " ".join(_pieces_of(game, player, pieces) for player in range(game.num_players))
    if key == "field":
        return _on_field(game, _field(argument), pieces)
    if key == "hit":
        return _hitters(game, _field(argument), pieces)
    if key == "score":
        return _standing(game, view)
    raise unknown_question(key, questions(game))


def _field(argument: str) -> int:
    return field_number(
        argument, TRACK, _("“{typed}” is not a field: give a number from 1 to {highest}.")
    )


def _colour(game: Madn, seat: int) -> str:
    return capitalised(colour_label(game.colours[seat]))


def _place(square: str) -> str:
    if square.startswith("g"):
        return _("goal field {number}").format(number=square[1:])
    return _("field {number}").format(number=square)


def _pieces_of(game: Madn, seat: int, pieces: Mapping[str, list[str]]) -> str:
    """ "Red: field 7, goal field 2; 2 pieces in the base." """
    squares = pieces[COLOURS[game.colours[seat]]]
    base = squares.count("b")
    shown = [_place(square) for square in squares if square != "b"]
    parts = [", ".join(shown)] if shown else []
    if base:
        parts.append(
            _n("{count} piece in the base", "{count} pieces in the base", base).format(count=base)
        )
    return _("{colour}: {places}").format(colour=_colour(game, seat), places=joined(parts))


def _start(colour: int) -> int:
    return 10 * colour + 1


def _rel(colour: int, field: int) -> int:
    """How far `field` lies from `colour`'s start field along the track (0..39)."""
    return (field - _start(colour)) % TRACK


def _on_field(game: Madn, field: int, pieces: Mapping[str, list[str]]) -> str:
    found = [
        _("a piece of {colour}").format(colour=_colour(game, seat))
        for seat in range(game.num_players)
        for square in pieces[COLOURS[game.colours[seat]]]
        if square == str(field)
    ]
    text = (
        _("Field {number}: {what}").format(number=field, what=", ".join(found))
        if found
        else _("Field {number} is empty").format(number=field)
    )
    starts = [seat for seat in range(game.num_players) if _start(game.colours[seat]) == field]
    if starts:
        text += (
            " (" + _("the start field of {colour}").format(colour=_colour(game, starts[0])) + ")"
        )
    return text + "."


def _hitters(game: Madn, field: int, pieces: Mapping[str, list[str]]) -> str:
    """Who could move a piece onto `field` with the next roll: a piece 1 to 6 fields
    behind it that would not pass its goal's entry, or a piece in the base when `field`
    is that colour's start field (with a 6). Duties that force another move are left out:
    the answer says who *could*."""
    hits: list[str] = []
    for seat in range(game.num_players):
        colour = game.colours[seat]
        target = _rel(colour, field)
        rolls: list[str] = []
        for square in pieces[COLOURS[colour]]:
            if square == "b" or square.startswith("g"):
                continue
            rel = _rel(colour, int(square))
            roll = target - rel
            if 1 <= roll <= 6:
                rolls.append(_("a {roll} (from field {source})").format(roll=roll, source=square))
        if target == 0 and "b" in pieces[COLOURS[colour]]:
            rolls.append(_("a 6 (out of the base)"))
        if rolls:
            hits.append(
                _("{colour} with {rolls}").format(
                    colour=_colour(game, seat), rolls=_(" or ").join(rolls)
                )
            )
    if not hits:
        return _("No piece can reach field {number} with the next roll.").format(number=field)
    return _("Field {number} can be reached by: {who}").format(number=field, who=joined(hits))


def _standing(game: Madn, view: Mapping[str, Any]) -> str:
    finished: list[int] = view["finished"]
    parts = []
    for seat in range(game.num_players):
        squares = view["pieces"][COLOURS[game.colours[seat]]]
        home = sum(square.startswith("g") for square in squares)
        text = _n(
            "{colour}: {count} piece in the goal", "{colour}: {count} pieces in the goal", home
        ).format(colour=_colour(game, seat), count=home)
        if seat in finished:
            text += " (" + _("place {place}").format(place=finished.index(seat) + 1) + ")"
        parts.append(text)
    return joined(parts)
