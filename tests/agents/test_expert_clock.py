"""The experts of the dice games search to the end of their segment whatever their clock
says (MÄDN: the rest of the turn; Mahé: the rest of the move), so a loaded machine changes
neither their moves nor their strength (benchmarks/strength.py relies on it:
docs/strength.md)."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.agents import Budget
from spieltisch.agents.expectimax import ExpectimaxAgent
from spieltisch.agents.levels import level
from spieltisch.core import CHANCE


@pytest.mark.parametrize("name", ["madn", "mahe"])
@pytest.mark.parametrize("evaluation", ["hand", "learned"])
def test_the_experts_moves_do_not_depend_on_its_clock(name: str, evaluation: str) -> None:
    game = spieltisch.load(name, players=4)
    chosen = level(game, "expert", evaluation=evaluation)
    rushed = chosen.build(game, 0, Budget(iterations=1))  # out of budget at the 2nd node
    unhurried = chosen.build(game, 0, Budget())  # no clock at all
    assert isinstance(rushed, ExpectimaxAgent) and isinstance(unhurried, ExpectimaxAgent)
    rng = random.Random(3)
    state = game.new_state()
    choices = ran_out = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.sample_chance(rng)
            continue
        move = rushed.choose(state)
        assert move == unhurried.choose(state), f"decision {choices}"
        if len(state.legal_actions()) > 1:
            choices += 1
            ran_out += rushed.nodes > unhurried.nodes  # a wasted search, then the fallback
        state.apply(move)
    assert choices > 50
    assert ran_out > 0, "the rushed expert must have run out of its budget"
