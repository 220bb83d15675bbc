"""Our `rules=openspiel` against OpenSpiel's own `maedn`, move by move, with the same dice.

This is the independent check of the movement rules: both engines are driven in lockstep
over 1,000 seeded random games (2, 3 and 4 players); after every roll and move the legal
moves, whose turn it is, every piece's square and the final result must agree.

Translation between the two engines:

- Players: the same numbers. OpenSpiel seats player p at board position p, except with 2
  players (twoPlayersOpposite, its default) where player 1 sits at position 2; our
  colours are the same positions: red 0, black 1, yellow 2, green 3.
- Track: OpenSpiel's common field f (0..39) is our field f + 1; position k starts on
  field 10k (ours 10k + 1).
- Actions: 0 = pass, 1 = bring a piece in (our `b`), 2 + r = move the piece r fields past
  the player's own start (r < 40: our field (10k + r) mod 40 + 1; r >= 40: our g(r - 39)).
- Passing: OpenSpiel asks the player to pass when no move exists (its only legal action
  is 0); our engine passes by itself, so at that point ours is already at the next roll.
- Board: read from OpenSpiel's observation tensor for player 0: 40 fields x 4 one-hot
  owners, then 4 goal groups (group g is the goal of the position of player g) x 4 fields
  x 4 owners, then the pieces outside the board per player.
- Result: OpenSpiel ends when the first player has all pieces home and gives the winner
  n - 1, everyone else -1; ours ranks the winner 1st and the others tied 2nd.
"""

from __future__ import annotations

import random

import pyspiel
import pytest

from spieltisch.core import CHANCE, TERMINAL
from spieltisch.games.madn.rules import COLOURS
from tests.games.madn.helpers import start

GAMES = 1000
OBSERVED = 40 * 4 + 16 * 4 + 4  # board, goals and pieces outside, as the tensor has them


def position(player: int, players: int) -> int:
    """OpenSpiel's PlayerToPosition with twoPlayersOpposite."""
    return 3 - player if players == 2 and player in (1, 2) else player


def our_move(action: int, player: int, players: int) -> str:
    if action == 1:
        return "b"
    rel = action - 2
    if rel >= 40:
        return f"g{rel - 39}"
    return str((10 * position(player, players) + rel) % 40 + 1)


def expected_tensor(view_pieces: dict[str, list[str]], players: int) -> list[float]:
    """Our position written as the first OBSERVED values of OpenSpiel's tensor."""
    group_of_position = {position(g, players): g for g in range(4)}
    values = [0.0] * OBSERVED
    for player in range(players):
        colour = position(player, players)
        squares = view_pieces[COLOURS[colour]]
        for square in squares:
            if square == "b":
                continue
            if square.startswith("g"):
                depth = int(square[1:]) - 1
                index = 160 + 16 * group_of_position[colour] + 4 * depth + player
            else:
                index = 4 * (int(square) - 1) + player
            values[index] = 1.0
        values[224 + player] = float(squares.count("b"))
    return values


def play_lockstep(seed: int, players: int) -> int:
    """One game in both engines; returns the number of rolls."""
    rng = random.Random(seed)
    theirs = pyspiel.load_game("maedn", {"players": players}).new_initial_state()
    ours = start(players=players, rules="openspiel")
    rolls = 0
    while not theirs.is_terminal():
        assert theirs.is_chance_node() and ours.current_player == CHANCE
        die = rng.randint(1, 6)
        theirs.apply_action(die - 1)
        ours.apply(f"d{die}")
        rolls += 1
        player = theirs.current_player()
        actions = theirs.legal_actions()
        if actions == [0]:
            theirs.apply_action(0)
            assert ours.current_player in (CHANCE, TERMINAL), (seed, rolls)
        else:
            assert ours.current_player == player, (seed, rolls)
            expected = sorted(our_move(a, player, players) for a in actions)
            assert sorted(ours.legal_moves()) == expected, (seed, rolls, str(theirs))
            action = rng.choice(actions)
            theirs.apply_action(action)
            ours.apply(our_move(action, player, players))
        observed = theirs.observation_tensor(0)[:OBSERVED]
        assert expected_tensor(ours.view(None)["pieces"], players) == observed, (seed, rolls)
    assert ours.is_terminal()
    winners = [1 if value > 0 else 2 for value in theirs.returns()]
    assert ours.ranking() == winners, seed
    return rolls


@pytest.mark.slow
def test_openspiel_rules_agree_with_openspiel_maedn() -> None:
    rolls = 0
    for seed in range(GAMES):
        rolls += play_lockstep(seed, 2 + seed % 3)
    assert rolls > 100 * GAMES


def test_translation_reads_the_starting_position() -> None:
    for players in (2, 3, 4):
        theirs = pyspiel.load_game("maedn", {"players": players}).new_initial_state()
        ours = start(players=players, rules="openspiel")
        observed = theirs.observation_tensor(0)[:OBSERVED]
        assert expected_tensor(ours.view(None)["pieces"], players) == observed
