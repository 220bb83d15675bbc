"""Mahé as numbers for learning agents: one flat float32 vector per seat, values in [0, 1].

Shared by the OpenSpiel, PettingZoo and Gymnasium adapters (`spieltisch.interop`). Built only
from `state.view(player)`, which never shows the order of the deck; the unseen cards are
counted from the deck's composition (an option, public) minus every card in sight.

Seats are relative to the observer: seat slot k is player (player + k) mod n, so slot 0 is
always the observer (player None, a spectator, reads as player 0). With n players and T
turtles (T = n × turtles each), turtles are listed seat slot by seat slot, each seat's first
turtle before its second (player q owns turtles q and q + n of the colour list).

| slots  | meaning                                                                     |
| ------ | --------------------------------------------------------------------------- |
| T × 22 | each turtle's position, one-hot: 0 the raft, 1..21 the fields (21 beach)    |
| T × 7  | each turtle's height in its stack, one-hot 0 (bottom, or on the raft) .. 6  |
| T      | the turtle whose move is in progress                                        |
| T      | the turtle that still moves after it in this turn                           |
| n      | whose turn it is                                                            |
| n      | who decides for the moving turtle (the owner of the topmost turtle on it)   |
| 5      | phase: set-up, choose a turtle, rolling, roll-or-stop decision, over        |
| 3 × 9  | the dice of the move in progress, each one-hot over the values 1..9         |
| 3      | which of those dice is an egg card played as a die (variant)                |
| 1      | an egg card was played as a die in this turn                                |
| 9      | the face-up egg card, one-hot over 1..9                                     |
| 1      | cards left in the pile including the face-up card, divided by 20            |
| 1      | the beach is open (the pile is empty)                                       |
| n × 9  | each seat's won cards: count per value 1..9 ÷ the deck's count of that value |
| 9      | cards played as dice (left the game), same scaling                          |
| 9      | unseen cards (the box and the pile under the face-up card), same scaling    |
| n      | who won the 7 eggs of the beach                                             |
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from spieltisch.games.mahe.rules import COLOURS, MaheGame, MaheState

PHASES = ("setup", "choose", "roll", "decide", "over")
POSITIONS = 22
HEIGHTS = 7
VALUES = 9
DICE = 3


def _sizes(game: MaheGame) -> tuple[int, int]:
    return game.num_players, game.num_turtles


def observation_shape(game: MaheGame) -> tuple[int, ...]:
    """The shape of `encode`'s array for this game (it depends on the player count)."""
    n, t = _sizes(game)
    size = (
        t * (POSITIONS + HEIGHTS + 2)
        + 2 * n
        + len(PHASES)
        + DICE * VALUES
        + DICE
        + 1
        + VALUES
        + 2
        + (n + 2) * VALUES
        + n
    )
    return (size,)


def _turtle_order(game: MaheGame, player: int) -> list[int]:
    """Turtle numbers in the observer's order: seat slot by seat slot."""
    n = game.num_players
    order: list[int] = []
    for k in range(n):
        order.extend(game.turtles_of[(player + k) % n])
    return order


def encode(state: MaheState, player: int | None) -> npt.NDArray[np.float32]:
    """The observation of `player` (None: a spectator) as a flat float32 vector."""
    game = state.game
    view = state.view(player)
    n, t = _sizes(game)
    me = player or 0
    out = np.zeros(observation_shape(game), dtype=np.float32)
    colour_index = {colour: i for i, colour in enumerate(COLOURS)}
    slot_of_turtle = {turtle: i for i, turtle in enumerate(_turtle_order(game, me))}

    def seat(p: int | None) -> int | None:
        return None if p is None else (p - me) % n

    position = [0] * t
    height = [0] * t
    for field, stack in view["fields"].items():
        for level, colour in enumerate(stack):
            turtle = colour_index[colour]
            position[turtle] = int(field)
            height[turtle] = level
    at = 0
    for turtle in range(t):
        slot = slot_of_turtle[turtle]
        out[at + slot * POSITIONS + position[turtle]] = 1.0
        out[at + t * POSITIONS + slot * HEIGHTS + min(height[turtle], HEIGHTS - 1)] = 1.0
    at += t * (POSITIONS + HEIGHTS)
    if view["moving"] is not None:
        out[at + slot_of_turtle[colour_index[view["moving"]]]] = 1.0
    at += t
    if view["still_to_move"] is not None:
        out[at + slot_of_turtle[colour_index[view["still_to_move"]]]] = 1.0
    at += t
    turn = seat(view["turn"])
    if turn is not None:
        out[at + turn] = 1.0
    at += n
    controller = seat(view["controller"])
    if controller is not None:
        out[at + controller] = 1.0
    at += n
    out[at + PHASES.index(view["phase"])] = 1.0
    at += len(PHASES)
    for i, value in enumerate(view["dice"][:DICE]):
        out[at + i * VALUES + value - 1] = 1.0
    at += DICE * VALUES
    if view["card_die"] is not None:
        out[at + view["card_die"]] = 1.0
    at += DICE
    out[at] = float(view["card_played_this_turn"])
    at += 1
    if view["face_up"] is not None:
        out[at + view["face_up"] - 1] = 1.0
    at += VALUES
    out[at] = view["cards_left"] / 20
    out[at + 1] = float(view["beach_open"])
    at += 2
    in_deck = [0] * VALUES
    for value in game.deck_values:
        in_deck[value - 1] += 1
    scale = [1.0 / max(1, count) for count in in_deck]
    unseen = list(in_deck)
    if view["face_up"] is not None:
        unseen[view["face_up"] - 1] -= 1
    for k in range(n):
        for value in view["cards"][(me + k) % n]:
            out[at + k * VALUES + value - 1] += scale[value - 1]
            unseen[value - 1] -= 1
    at += n * VALUES
    for value in view["spent"]:
        out[at + value - 1] += scale[value - 1]
        unseen[value - 1] -= 1
    at += VALUES
    for value in range(VALUES):
        out[at + value] = unseen[value] * scale[value]
    at += VALUES
    beach = seat(view["beach"])
    if beach is not None:
        out[at + beach] = 1.0
    return out
