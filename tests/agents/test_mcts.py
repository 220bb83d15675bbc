"""MCTS and IS-MCTS on small positions with known answers."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.agents import Budget, make
from spieltisch.agents.ismcts import ISMCTSAgent
from spieltisch.agents.mcts import MCTSAgent
from spieltisch.core import CHANCE, State

# Mensch ärgere Dich nicht with OpenSpiel's rules (no duty to capture), two players.
# Yellow rolled a 5: the piece on 21 takes red's piece on 26 (25 fields travelled), the
# piece on 11 would just walk to 16.
CAPTURE = (
    "d6 b d1 1 d3 d5 2 d6 b d4 21 d4 7 d1 25 d4 11 d6 b d2 21 d6 b d3 1 d3 26 d4 4 d6 b "
    "d3 21 d1 8 d1 29 d5 9 d4 24 d2 15 d5 28 d2 14 d2 23 d5 17 d1 30 d6 b d1 1 d5 33 d2 "
    "22 d2 38 d4 16 d3 40 d5 20 d4 31 d2 2 d1 35 d3 4 d5 3 d6 b d6 25 d6 31 d5 24 d4 8 "
    "d6 37 d4 7 d4 36 d3 29 d6 b d1 21 d3 32 d3 12 d2 35 d2 40 d2 1 d2 2 d1 11 d6 b d1 "
    "22 d4 37 d4 4 d1 12 d4 8 d3 13 d6 12 d1 15 d2 3 d5 23 d2 5 d6 16 d4 21 d6 b d2 7 "
    "d3 18 d1 g3 d1 25 d5 9 d2 g1 d6 14 d6 1 d5 7 d6 26 d5 28 d6 20 d4 12 d4 33 d4 16 "
    "d3 37 d6 26 d4 32 d6 b d1 g3 d1 g1 d1 g2 d1 36 d1 40 d3 37 d5 1 d5 20 d5 6 d1 25 d5"
)

# David & Goliath, three players, one deal, the second-to-last trick: black (1) led y1,
# green (2) could not follow and played b4. Player 0 holds g9 and p4; whichever way the
# last two unseen cards lie, p4 wins the game and g9 loses it.
DEAL = (
    "deal:r4,r7,y7,y8,g1,g4,g5,g7,g9,b6,b8,b9,p2,p4,p6/r2,r5,r6,r8,r9,y1,y3,y4,y6,g2,g6,g8,"
    "b2,p3,p7/r1,r3,y2,y5,y9,g3,b1,b3,b4,b5,b7,p1,p5,p8,p9"
)
CARDS = (
    "y6 y5 y7 g5 g8 g3 y3 y9 y8 p8 p6 p7 p1 p2 p3 y4 y2 r4 r7 r8 r3 r5 r1 g7 b6 b2 b7 b3 b8 "
    "r2 b9 r9 b1 g2 p9 g4 b5 g1 g6 y1 b4"
)
LAST_TRICKS = [DEAL, *CARDS.split()]


def capture_position() -> State:
    return spieltisch.load("madn", players=2, rules="openspiel").replay(CAPTURE.split())


def test_the_obvious_capture_is_played() -> None:
    state = capture_position()
    assert state.current_player == 1 and sorted(state.legal_moves()) == ["11", "21"]
    agent = MCTSAgent(state.game, seed=4, budget=Budget(iterations=300))
    assert agent.choose(state) == "21"
    assert agent.iterations == 300
    for name in ("greedy", "hard", "expert"):
        assert make(name, state.game, seed=4, budget=Budget(iterations=300)).choose(state) == "21"


def test_the_forced_last_trick_is_won_by_information_set_search() -> None:
    game = spieltisch.load("david_goliath", players=3, deals=1)
    state = game.replay(LAST_TRICKS)
    assert state.current_player == 0 and state.legal_moves() == ["g9", "p4"]
    agent = ISMCTSAgent(game, seed=5, budget=Budget(iterations=200))
    choices = agent.analyse(state)
    assert choices[0].move == "p4"
    assert choices[0].value == pytest.approx(1.0) and choices[1].value == pytest.approx(0.0)
    assert make("expert", game, seed=5, budget=Budget(iterations=200)).choose(state) == "p4"


def test_the_search_never_peeks_at_hidden_hands() -> None:
    """Two deals that look the same to the player to move get the same analysis."""
    game = spieltisch.load("david_goliath", players=3, deals=1)
    state = game.replay(LAST_TRICKS[:20])
    me = state.current_player
    other = state.determinize(me, random.Random(11))
    assert other.view(me) == state.view(me)
    assert any(other.view(p) != state.view(p) for p in range(3) if p != me)
    first = ISMCTSAgent(game, seed=6, budget=Budget(iterations=100)).analyse(state)
    second = ISMCTSAgent(game, seed=6, budget=Budget(iterations=100)).analyse(other)
    assert first == second


def test_values_are_kept_per_player_in_a_three_player_game_with_dice(toy: None) -> None:
    game = spieltisch.load("toy", players=3)
    state = game.new_state()
    state.apply("secret:1,2,3")
    state.apply("d3")
    agent = MCTSAgent(game, seed=2, budget=Budget(iterations=400), playout_depth=1000)
    root = agent.search(state)
    assert root.visits == 400
    assert sum(root.values) == pytest.approx(400.0), "win shares add up to one per playout"
    assert set(root.children) == {0, 1}
    go = root.children[0]
    assert set(go.children) <= {"d1", "d2", "d3"}, "chance outcomes are children by token"
    assert agent.choose(state) == "go"


@pytest.mark.parametrize("agent_class", [MCTSAgent, ISMCTSAgent])
@pytest.mark.parametrize(("name", "players"), [("mahe", 3), ("madn", 4), ("david_goliath", 4)])
def test_a_fixed_seed_and_iteration_budget_reproduce_every_choice(
    agent_class: type[MCTSAgent], name: str, players: int
) -> None:
    game = spieltisch.load(name, players=players)
    rng = random.Random(9)
    state = game.new_state()
    decisions = 0
    first = agent_class(game, seed=8, budget=Budget(iterations=40))
    second = agent_class(game, seed=8, budget=Budget(iterations=40))
    while decisions < 6 and not state.is_terminal():
        if state.current_player == CHANCE:
            state.sample_chance(rng)
            continue
        move = first.choose(state)
        assert move == second.choose(state)
        state.apply(move)
        decisions += 1


def test_a_time_budget_stops_the_search() -> None:
    state = capture_position()
    agent = MCTSAgent(state.game, seed=1, budget=Budget(seconds=0.05))
    agent.analyse(state)
    assert agent.iterations > 0
