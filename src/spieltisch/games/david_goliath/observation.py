"""David & Goliath as numbers for learning agents: a flat float32 vector in [0, 1].

Shared by the OpenSpiel, PettingZoo and Gymnasium adapters (`spieltisch.interop`). Built from
`state.view(player)`, which shows only the observer's own hand, plus the public
`voids(q)` of the state (colours a player has shown not to hold by not following).

Seats are relative to the observer: seat slot k is player (player + k) mod n, so slot 0 is
always the observer (player None, a spectator, reads as player 0 and has no hand). A card
block has C = 15n slots, one per card of this game's deck: slot colour × 3n + value − 1 with
the colours r, y, g, b, p (so with 4 players `g5` is slot 2 × 12 + 4 = 28).

| slots  | meaning                                                                      |
| ------ | ---------------------------------------------------------------------------- |
| C      | the observer's hand                                                          |
| n × C  | the current trick: the card each seat has played to it                       |
| n      | who led the current trick; with no card on the table, whose turn it is       |
| n × C  | each seat's won cards in this deal (they lie open)                           |
| n × 5  | colours each seat has shown void in during this deal                         |
| n      | each seat's hand size ÷ 15                                                   |
| n      | whose turn it is (the dealer's while the cards are dealt)                    |
| n      | who deals this deal                                                          |
| n      | each seat's points from finished deals ÷ the most possible (deals × 5(6n−1)) |
| 1      | deals finished ÷ deals in the game                                           |
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from spieltisch.games.david_goliath.rules import COLOURS, HAND_SIZE, DavidGoliath, DavidGoliathState

NUM_COLOURS = len(COLOURS)


def observation_shape(game: DavidGoliath) -> tuple[int, ...]:
    """The shape of `encode`'s array for this game (it depends on the player count)."""
    n = game.num_players
    cards = NUM_COLOURS * game.top
    return (cards + 2 * n * cards + n * NUM_COLOURS + 5 * n + 1,)


def encode(state: DavidGoliathState, player: int | None) -> npt.NDArray[np.float32]:
    """The observation of `player` (None: a spectator) as a flat float32 vector."""
    game = state.game
    n = game.num_players
    top = game.top
    cards = NUM_COLOURS * top
    me = player or 0
    view = state.view(player)
    out = np.zeros(observation_shape(game), dtype=np.float32)
    colour_of = {letter: c for c, letter in enumerate(COLOURS)}

    def slot(card: str) -> int:
        return colour_of[card[0]] * top + int(card[1:]) - 1

    def seat(p: int) -> int:
        return (p - me) % n

    for card in view.get("hand", ()):
        out[slot(card)] = 1.0
    at = cards
    for p, played in view["trick"]:  # [player, card] pairs
        out[at + seat(int(p)) * cards + slot(str(played))] = 1.0
    at += n * cards
    leader = int(view["trick"][0][0]) if view["trick"] else view["turn"]
    if leader is not None:
        out[at + seat(leader)] = 1.0
    at += n
    for p, won in enumerate(view["won"]):
        for card in won:
            out[at + seat(p) * cards + slot(card)] = 1.0
    at += n * cards
    for p in range(n):
        for colour in state.voids(p):
            out[at + seat(p) * NUM_COLOURS + colour] = 1.0
    at += n * NUM_COLOURS
    for p, size in enumerate(view["hand_sizes"]):
        out[at + seat(p)] = size / HAND_SIZE
    at += n
    if view["turn"] is not None:
        out[at + seat(view["turn"])] = 1.0
    at += n
    out[at + seat(view["dealer"])] = 1.0
    at += n
    deals = game.num_deals
    most = deals * NUM_COLOURS * (6 * n - 1)
    for points in view["deal_scores"]:
        for p, value in enumerate(points):
            out[at + seat(p)] += value / most
    at += n
    out[at] = len(view["deal_scores"]) / deals
    return out
