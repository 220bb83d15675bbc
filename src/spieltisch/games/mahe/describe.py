"""Mahé moves and chance outcomes in words, in the current language, for people to read."""

from __future__ import annotations

from collections import Counter

from spieltisch.core import IllegalMove
from spieltisch.core.seat_names import capitalised
from spieltisch.games.mahe.messages import _, _n, colour_name
from spieltisch.games.mahe.rules import (
    BEACH_EGGS,
    COLOURS,
    LIMIT,
    MaheGame,
    MaheState,
    MaheView,
)


def seat_label(game: MaheGame, seat: int) -> str:
    """The colours of the seat's turtles in words (two each in a game of two or three)."""
    owned = [t for t in range(game.num_turtles) if game.owner[t] == seat]
    return ", ".join(colour_name(COLOURS[t]) for t in owned)


def describe_move(state: MaheState, move: str) -> str:
    """What `move` (a decision or a chance outcome) does in `state`, which it leaves unchanged."""
    if move.startswith("deck:"):
        return _("the egg cards are shuffled")
    if move.startswith("turtle:"):
        colour = move.split(":", 1)[1]
        return _("the {colour} turtle moves first").format(colour=colour_name(colour))
    # The view once (this runs for every legal move of every position shown).
    view = state.view(None)
    if move == "roll":
        return _("roll a die") + _for_the_stack(state, view)
    if move == "stop":
        fields = sum(view["dice"]) * len(view["dice"])
        if fields == 1:
            text = _("stop and move 1 field")
        else:
            text = _("stop and move {fields} fields").format(fields=fields)
        return text + _for_the_stack(state, view) + _consequences(state, move, view)
    if move.startswith("card:"):
        text = _("play egg card {value} as a die").format(value=move.split(":", 1)[1])
        return text + _for_the_stack(state, view)
    if move.startswith("d") and move[1:].isdigit():
        return _die(state, move, view)
    return move


def _seat(state: MaheState, seat: int) -> str:
    """A seat named as every screen names it: by its turtles' colours."""
    return capitalised(seat_label(state.game, seat))


def _for_the_stack(state: MaheState, view: MaheView) -> str:
    """ " (Yellow decides for the stack)" when the decision is not the mover's owner's
    (`view`: the state's, a spectator's)."""
    controller = view["controller"]
    if controller is None or controller == view["turn"]:
        return ""
    said = _("{player} decides for the stack").format(player=_seat(state, controller))
    return f" ({said})"


def _die(state: MaheState, move: str, view: MaheView) -> str:
    """A die, and what it did: a bust or the move it ended."""
    value = move[1:]
    text = _("die: {value}").format(value=value)
    total = sum(view["dice"]) + int(value)
    if view["moving"] is not None and total > LIMIT:
        return text + " — " + _("over 7: back to the raft")
    return text + _consequences(state, move, view)


def _consequences(state: MaheState, move: str, view: MaheView) -> str:
    """Where the moving turtle lands when `move` ends its move, and the egg card a
    player takes with it ("" when the move goes on)."""
    mover = view["moving"]
    after = state.clone()
    try:
        after.apply(move)
    except IllegalMove:
        return ""
    later = after.view(None)
    if mover is None or (later["moving"] == mover and not after.is_terminal()):
        return ""
    said = " — " + _("the {colour} turtle moves to field {field}").format(
        colour=colour_name(mover), field=after.positions()[mover]
    )
    for seat, cards in enumerate(later["cards"]):
        for value in sorted((Counter(cards) - Counter(view["cards"][seat])).elements()):
            took = _n(
                "{player} takes the egg card with {eggs} egg",
                "{player} takes the egg card with {eggs} eggs",
                value,
            )
            said += " — " + took.format(player=_seat(state, seat), eggs=value)
    if later["beach"] is not None and later["beach"] != view["beach"]:
        said += " — " + _n(
            "{player} takes the beach with {eggs} egg",
            "{player} takes the beach with {eggs} eggs",
            BEACH_EGGS,
        ).format(player=_seat(state, later["beach"]), eggs=BEACH_EGGS)
    return said


def typed_aliases(state: MaheState) -> dict[str, str]:
    """Words a person may type in their language for the legal moves: the turtle's colour
    (`rot`, `rouge`), rolling (`würfeln`, `wurf`, `lancer`), stopping (`stopp`, `arrêter`).
    Each word list is a catalog entry, comma-separated."""
    aliases: dict[str, str] = {}
    for move in state.legal_moves():
        if move.startswith("turtle:"):
            words = [colour_name(move.split(":", 1)[1])]
        elif move == "roll":
            words = _("roll, throw").split(",")
        elif move == "stop":
            words = _("stop, halt").split(",")
        else:
            continue
        for word in words:
            aliases[word.strip().lower()] = move
    return aliases
