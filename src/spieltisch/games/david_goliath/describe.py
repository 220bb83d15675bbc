"""David & Goliath moves and chance outcomes in words, in the current language.

A deal is described without its cards: the outcome's notation holds every hand.
"""

from __future__ import annotations

from spieltisch.core import IllegalMove
from spieltisch.core.i18n import before_punctuation
from spieltisch.games.david_goliath.messages import _, _n
from spieltisch.games.david_goliath.rules import (
    CARD_INDEX,
    COLOUR_OF,
    VALUE_OF,
    DavidGoliathState,
    colour_name,
)


def card_name(card: str) -> str:
    """A card in words, e.g. ``green 12``."""
    action = CARD_INDEX[card]
    return _("{colour} {value}").format(
        colour=colour_name(COLOUR_OF[action]), value=VALUE_OF[action]
    )


def _player(number: int) -> str:
    return _("Player {number}").format(number=number + 1)


def describe_move(state: DavidGoliathState, move: str) -> str:
    """What `move` (a card or a deal) does in `state`, which it leaves unchanged."""
    if move.startswith("deal:"):
        return _("the cards are dealt (deal {number})").format(number=state.view(None)["deal"] + 1)
    if move not in CARD_INDEX:
        return move
    text = _("play {card}").format(card=card_name(move))
    after = state.clone()
    try:
        after.apply(move)
    except IllegalMove:
        return text
    # Each view once (this runs for every legal move of every position shown).
    after_view = after.view(None)
    if after_view["trick"]:
        return text
    before_view = state.view(None)
    if len(before_view["trick"]) == 0:
        return text
    before_won = before_view["won"]
    after_won = after_view["won"]
    parts: list[str] = []
    for player, cards in enumerate(after_won):
        new = [card for card in cards if card not in before_won[player]]
        if len(new) == 1:
            parts.append(
                _("{player} takes {card}").format(player=_player(player), card=card_name(new[0]))
            )
        elif new:
            parts.append(
                _n("{player} takes {count} card", "{player} takes {count} cards", len(new)).format(
                    player=_player(player), count=len(new)
                )
            )
    return text + " — " + f"{before_punctuation()}; ".join(parts) if parts else text


def typed_aliases(state: DavidGoliathState) -> dict[str, str]:
    """Cards typed in the player's language: `grün 5`, `vert5` for `g5` (the notation's
    letters are the English colours' initials)."""
    aliases: dict[str, str] = {}
    for move in state.legal_moves():
        name = card_name(move).lower()
        aliases[name] = move
        aliases[name.replace(" ", "")] = move
    return aliases
