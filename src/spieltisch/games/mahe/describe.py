"""Mahé moves and chance outcomes in words, in the current language, for people to read."""

from __future__ import annotations

from spieltisch.core import IllegalMove
from spieltisch.games.mahe.messages import _, colour_name
from spieltisch.games.mahe.rules import COLOURS, LIMIT, MaheGame, MaheState


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
    if move == "roll":
        return _("roll a die")
    view = state.view(None)
    if move == "stop":
        fields = sum(view["dice"]) * len(view["dice"])
        if fields == 1:
            return _("stop and move 1 field")
        return _("stop and move {fields} fields").format(fields=fields)
    if move.startswith("card:"):
        return _("play egg card {value} as a die").format(value=move.split(":", 1)[1])
    if move.startswith("d") and move[1:].isdigit():
        return _die(state, move)
    return move


def _die(state: MaheState, move: str) -> str:
    """A die, and what it did: a bust or the move it ended."""
    text = _("die: {value}").format(value=move[1:])
    view = state.view(None)
    mover = view["moving"]
    after = state.clone()
    try:
        after.apply(move)
    except IllegalMove:
        return text
    total = sum(view["dice"]) + int(move[1:])
    if mover is None or (after.view(None)["moving"] == mover and not after.is_terminal()):
        return text
    if total > LIMIT:
        return text + " — " + _("over 7: back to the raft")
    field = after.positions()[mover]
    return (
        text
        + " — "
        + _("the {colour} turtle moves to field {field}").format(
            colour=colour_name(mover), field=field
        )
    )


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
