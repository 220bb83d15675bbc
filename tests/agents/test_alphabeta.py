"""Alpha-beta on Mabula: a forced endgame, and exact values checked by brute force."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.agents import Budget, make
from spieltisch.agents.alphabeta import WIN, AlphaBetaAgent, EndgameAgent
from spieltisch.core import State
from spieltisch.games.mabula.rules import MabulaState
from tests.games.mabula.helpers import position

# Black to move with five marbles left on the edge. Of black's ten moves only a2-c2
# wins against best play; four draw and five lose (the brute force below agrees).
FORCED = """
........
...WWBB.
...BB.WB
.WW...WW
...BBWW.
...WWB.B
B..BB...
..W.....
"""


def late_position(seed: int, marbles_left: int) -> MabulaState:
    """A random game played on until at most `marbles_left` marbles are on the edge."""
    game = spieltisch.load("mabula")
    rng = random.Random(seed)
    state = game.new_state()
    assert isinstance(state, MabulaState)
    state.sample_chance(rng)
    while (
        state.edge_bits[0] | state.edge_bits[1]
    ).bit_count() > marbles_left and not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


def minimax(state: State, player: int) -> float:
    """The exact value of a position for `player` by plain minimax: the independent check."""
    if state.is_terminal():
        return state.returns()[player]
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values.append(minimax(child, player))
    return max(values) if state.current_player == player else min(values)


def exact_values(state: MabulaState) -> dict[str, float]:
    """Brute force: every move's minimax value for the player to move (1, 0 or -1)."""
    player = state.current_player
    values = {}
    for move in state.legal_moves():
        child = state.clone()
        child.apply(move)
        values[move] = minimax(child, player)
    return values


def test_the_forced_endgame_is_found_and_rated_a_sure_win() -> None:
    state = position(FORCED, turn=1)
    brute = exact_values(state)
    assert [move for move, value in brute.items() if value == 1] == ["a2-c2"]
    agent = AlphaBetaAgent(state.game, seed=1)
    assert agent.solved(state)
    assert agent.choose(state) == "a2-c2"
    choices = agent.analyse(state)
    assert choices[0].move == "a2-c2" and choices[0].value == 1.0 and choices[0].exact
    for choice in choices:  # win chances 1, 0.5, 0 are the exact values
        assert choice.exact
        assert 2 * choice.value - 1 == brute[choice.move]


@pytest.mark.parametrize("seed", range(12))
def test_exact_search_agrees_with_brute_force_on_late_positions(seed: int) -> None:
    state = late_position(seed, marbles_left=5)
    if state.is_terminal():
        pytest.skip("the game ended early")
    brute = exact_values(state)
    agent = AlphaBetaAgent(state.game, seed=seed, endgame=5)
    values = agent.search(state, full=True)
    to_move = state.game.action_to_move
    assert {to_move(a): v / WIN for a, v in values.items()} == brute
    chosen = agent.choose(state)
    assert brute[chosen] == max(brute.values()), "the played move keeps the best result"


def test_the_endgame_agent_switches_to_perfect_play() -> None:
    state = position(FORCED, turn=1)
    agent = EndgameAgent(state.game, seed=2, budget=Budget(iterations=20))
    assert agent.choose(state) == "a2-c2"
    expert = make("expert", state.game, seed=2, budget=Budget(iterations=20))
    assert expert.choose(state) == "a2-c2"


def test_depth_limited_search_respects_its_node_budget_and_is_reproducible() -> None:
    state = late_position(7, marbles_left=16)
    first = AlphaBetaAgent(state.game, seed=1, budget=Budget(iterations=3000), endgame=0)
    second = AlphaBetaAgent(state.game, seed=1, budget=Budget(iterations=3000), endgame=0)
    assert first.choose(state) == second.choose(state)
    assert first.nodes <= 3001 and first.depth >= 1


def test_alpha_beta_refuses_games_for_more_than_two() -> None:
    with pytest.raises(ValueError, match="two-player"):
        AlphaBetaAgent(spieltisch.load("madn", players=4))
