"""Mensch ärgere Dich nicht moves and chance outcomes in words, in the current language."""

from __future__ import annotations

from spieltisch.core import IllegalMove
from spieltisch.core.seat_names import capitalised
from spieltisch.games.madn.messages import _, colour_label
from spieltisch.games.madn.rules import (
    ACTION_OF,
    COLOURS,
    ENTER,
    PASS,
    Madn,
    MadnState,
    square_name,
)


def _square(token: str) -> str:
    if token == "b":
        return _("the base")
    if token.startswith("g"):
        return _("goal field {number}").format(number=token[1:])
    return _("field {number}").format(number=token)


def seat_label(game: Madn, seat: int) -> str:
    """The seat's colour in words (2 players play red and yellow)."""
    return colour_label(game.colours[seat])


def seat_colour(game: Madn, seat: int) -> str:
    """The seat's colour in notation (`red`, `black`, `yellow`, `green`)."""
    return COLOURS[game.colours[seat]]


def describe_move(state: MadnState, move: str) -> str:
    """What `move` (a decision, a chance outcome or the event `time`) does in `state`,
    which it leaves unchanged."""
    if move.startswith("d") and move[1:].isdigit():
        return _("die: {value}").format(value=move[1:])
    if move.startswith("lot:"):
        order = ", ".join(str(int(p) + 1) for p in move[4:].split(",") if p.isdigit())
        return _("the lot decides the order of the tied players: {order}").format(order=order)
    if move == "time":
        if state.game.stop_now:
            return _("time is called: the game stops at once")
        if state.game.stop_after_turn:
            return _("time is called: the turn in progress ends the game (rule 18)")
        return _("time is called: the round is played to its end (rule 18)")
    action = ACTION_OF.get(move)
    player = state.current_player
    if action is None or player < 0:
        return move
    if action == PASS:
        return _("pass (the referee voids the turn)")
    game = state.game
    colour = game.colours[player]
    if game.penalized and action not in state.obliged_moves:
        # The referee's mode: a move that misses a duty is void (rule 14), the piece
        # stays; say so and name the penalty, never a move that does not happen.
        if action == ENTER:
            text = _("void by rule 14: no piece comes out of the base")
        else:
            text = _("void by rule 14: the piece on {source} stays there").format(
                source=_square(move)
            )
        return text + _consequences(state, move, player)
    if action == ENTER:
        text = _("bring a piece onto the start field {field}").format(field=square_name(colour, 0))
    else:
        rel = game.rel_of_action[player][action]
        die = state.die or 0
        if rel < 0 or rel + die > 43:
            return move
        text = _("move from {source} to {target}").format(
            source=_square(move), target=_square(square_name(colour, rel + die))
        )
    return text + _consequences(state, move, player)


def _consequences(state: MadnState, move: str, player: int) -> str:
    """Captures and penalties the move brings about."""
    after = state.clone()
    try:
        after.apply(move)
    except IllegalMove:
        return ""
    game = state.game
    parts: list[str] = []
    for seat in range(game.num_players):
        before = state.squares(seat).count("b")
        now = after.squares(seat).count("b")
        if seat != player and now > before:
            captured = capitalised(seat_label(game, seat))  # named as the seat is everywhere
            parts.append(_("captures {colour}").format(colour=captured))
        if seat == player and now > before - (move == "b"):
            parts.append(_("penalty: one of the player's pieces goes back to the base"))
    return "".join(" — " + part for part in parts)
