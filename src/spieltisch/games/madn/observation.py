"""Mensch ärgere Dich nicht as numbers for learning agents: a flat float32 vector in [0, 1].

Shared by the OpenSpiel, PettingZoo and Gymnasium adapters (`spieltisch.interop`). Built from
`state.view(player)` plus the public `die`, `rounds` and `time_called` of the state; nothing
in this game is hidden.

Seats are relative to the observer: seat slot k is player (player + k) mod n, so slot 0 is
always the observer (player None, a spectator, reads as player 0). The track is turned so
that index 0 is the observer's start field and indices grow in the direction of play:
index i is field ((i + 10 × c) mod 40) + 1 for the observer's colour c (red 0, black 1,
yellow 2, green 3). So every seat sees the board the same way from its own start.

Per seat slot (50 slots each, n seats):

| slots | meaning                                                         |
| ----- | --------------------------------------------------------------- |
| 5     | pieces in the base, one-hot 0..4                                |
| 40    | the seat's pieces on the track, in the observer's frame         |
| 4     | the seat's pieces on the goal fields g1..g4                     |
| 1     | the seat has finished (all four pieces home)                    |

Then:

| slots | meaning                                                                 |
| ----- | ----------------------------------------------------------------------- |
| n     | whose turn it is                                                        |
| 6     | the die to move with (one-hot 1..6; zeros while the die is rolled)      |
| 1     | dice rolled in this turn so far, divided by 10 (at most 1)              |
| 1     | time has been called (rule 18)                                          |
| 1     | rounds played ÷ max_rounds when that option is set, else 0              |
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from spieltisch.games.madn.rules import COLOURS, Madn, MadnState

PER_SEAT = 50
TRACK = 40


def observation_shape(game: Madn) -> tuple[int, ...]:
    """The shape of `encode`'s array for this game (it depends on the player count)."""
    n = game.num_players
    return (n * PER_SEAT + n + 6 + 3,)


def encode(state: MadnState, player: int | None) -> npt.NDArray[np.float32]:
    """The observation of `player` (None: a spectator) as a flat float32 vector."""
    game = state.game
    n = game.num_players
    me = player or 0
    view = state.view(player)
    out = np.zeros(observation_shape(game), dtype=np.float32)
    offset = 10 * game.colours[me]
    finished = set(view["finished"])
    for k in range(n):
        seat = (me + k) % n
        base = k * PER_SEAT
        squares = view["pieces"][COLOURS[game.colours[seat]]]
        in_base = 0
        for square in squares:
            if square == "b":
                in_base += 1
            elif square.startswith("g"):
                out[base + 5 + TRACK + int(square[1:]) - 1] = 1.0
            else:
                out[base + 5 + (int(square) - 1 - offset) % TRACK] = 1.0
        out[base + in_base] = 1.0
        out[base + 5 + TRACK + 4] = float(seat in finished)
    at = n * PER_SEAT
    if view["turn"] is not None:
        out[at + (view["turn"] - me) % n] = 1.0
    at += n
    die = state.die
    if die is not None:
        out[at + die - 1] = 1.0
    at += 6
    out[at] = min(len(view["dice"]), 10) / 10
    out[at + 1] = float(state.time_called)
    max_rounds = game.options.max_rounds
    if max_rounds:
        out[at + 2] = min(state.rounds, max_rounds) / max_rounds
    return out
