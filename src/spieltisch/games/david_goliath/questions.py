"""Questions about a David & Goliath position, answered in words from a seat's view
(`core/questions.py`): my hand, the trick on the table, the cards played in this deal,
the points. The view is all an answer is made of, so a seat hears only its own hand;
the others' hands are never in it (`tests/games/test_questions.py` checks it)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from spieltisch.core.i18n import before_punctuation
from spieltisch.core.questions import (
    Question,
    QuestionError,
    joined,
    sentences,
    unknown_question,
)
from spieltisch.games.david_goliath.describe import card_name
from spieltisch.games.david_goliath.messages import _, _n
from spieltisch.games.david_goliath.rules import (
    CARD_INDEX,
    COLOUR_OF,
    VALUE_OF,
    DavidGoliath,
    colour_name,
)


def questions(game: DavidGoliath) -> list[Question]:
    return [
        Question("hand", _("Which cards are in my hand?")),
        Question("trick", _("What is in the trick on the table?")),
        Question("played", _("What was played in this deal?")),
        Question("score", _("What are the points?")),
    ]


def answer(
    game: DavidGoliath, view: Mapping[str, Any], seat: int | None, key: str, argument: str = ""
) -> str:
    if key == "hand":
        if seat is None or "hand" not in view:
            raise QuestionError(_("You watch this table: you have no hand."))
        hand: list[str] = view["hand"]
        if not hand:
            return _("Your hand is empty.")
        return (
            _n(
                "Your hand, {count} card: {cards}", "Your hand, {count} cards: {cards}", len(hand)
            ).format(count=len(hand), cards=by_colour(hand))
            + "."
        )
    if key == "trick":
        return _trick(view)
    if key == "played":
        return _played(view)
    if key == "score":
        return _points(game, view)
    raise unknown_question(key, questions(game))


def _player(number: int) -> str:
    return _("Player {number}").format(number=number + 1)


def by_colour(cards: Iterable[str]) -> str:
    """ "red 3, 8; green 12": the cards grouped by colour, lowest first."""
    ordered = sorted(cards, key=lambda card: CARD_INDEX[card])
    groups: dict[int, list[str]] = {}
    for card in ordered:
        groups.setdefault(COLOUR_OF[CARD_INDEX[card]], []).append(str(VALUE_OF[CARD_INDEX[card]]))
    return f"{before_punctuation()}; ".join(
        f"{colour_name(colour)} {', '.join(values)}" for colour, values in groups.items()
    )


def _trick(view: Mapping[str, Any]) -> str:
    trick: list[list[Any]] = view["trick"]
    if not trick:
        return _("No card is on the table.")
    played = [
        _("{player}: {card}").format(player=_player(player), card=card_name(card))
        for player, card in trick
    ]
    return _("The trick, in playing order: {cards}").format(cards=joined(played))


def _played(view: Mapping[str, Any]) -> str:
    parts = []
    for player, cards in enumerate(view["won"]):
        if cards:
            parts.append(
                _n(
                    "{player} took {count} card: {cards}",
                    "{player} took {count} cards: {cards}",
                    len(cards),
                ).format(player=_player(player), count=len(cards), cards=by_colour(cards))
            )
        else:
            parts.append(_("{player} took no card").format(player=_player(player)))
    if view["trick"]:
        parts.append(_trick(view))
    return sentences(parts)


def _points(game: DavidGoliath, view: Mapping[str, Any]) -> str:
    deals: list[list[int]] = view["deal_scores"]
    if not deals:
        return _("No deal is finished yet: nobody has points.")
    totals = [sum(points[player] for points in deals) for player in range(game.num_players)]
    parts = [
        _n("{player}: {count} point", "{player}: {count} points", total).format(
            player=_player(player), count=total
        )
        for player, total in enumerate(totals)
    ]
    return _n("After {count} deal: {points}", "After {count} deals: {points}", len(deals)).format(
        count=len(deals), points=joined(parts)
    )
