"""The game's parts the review shows, found through the registry: moves in words."""

from __future__ import annotations

from spieltisch.core import State, parts


def describe(state: State, move: str) -> str:
    """The move or chance outcome in words (the game's describe part), else its notation."""
    describe_move = parts(state.game).describe_move
    return move if describe_move is None else describe_move(state, move)
