"""The learned MÄDN evaluation: the kernel's features (training) equal the engine's (play)."""

from __future__ import annotations

import io
import random

import numpy as np
import pytest

import spieltisch
from spieltisch.agents import make
from spieltisch.agents.knowledge import knowledge_for, utilities
from spieltisch.core import CHANCE
from spieltisch.games.madn.evaluation import (
    FEATURES,
    MadnEvaluation,
    read_npy,
    shipped_weights,
)
from spieltisch.games.madn.kernel import ROW, options_array, replay
from spieltisch.games.madn.rules import Madn, MadnState
from spieltisch.games.madn.training import features

pytestmark = pytest.mark.xdist_group("madn-kernel")
"""One xdist worker for the tests that compile the same kernel functions (scripts/test.sh
runs `--dist loadgroup`): numba compiles each once a run, not once in each worker."""


def dense(evaluation: MadnEvaluation, state: MadnState) -> np.ndarray:
    out = np.zeros((4, FEATURES))
    for player, row in enumerate(evaluation.features(state)):
        for index, value in row:
            out[player, index] += value
    return out


def kernel_features(params: np.ndarray, kinds: list[int], values: list[int]) -> np.ndarray:
    """The training's features of the kernel's position after these steps. The position
    comes from `kernel.replay`, the compiled call the lockstep tests use (numba compiles
    it once a run, and its cache keeps it); only `features` is compiled for this test.
    A compiled loop of its own over the steps (with its own copies of the moves and dice
    inlined) took about 70 s of CPU to compile."""
    rows = np.zeros((len(kinds), ROW), dtype=np.int64)
    legal = np.zeros(len(kinds), dtype=np.int64)
    s = replay(
        params, np.array(kinds, dtype=np.int64), np.array(values, dtype=np.int64), rows, legal
    )
    out = np.zeros((4, FEATURES))
    features(s, params, out)
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kernel_features_equal_the_engines(players: int) -> None:
    game = spieltisch.load("madn", players=players)
    assert isinstance(game, Madn)
    evaluation = MadnEvaluation(game, [0.0] * FEATURES)
    params = options_array(game)
    rng = random.Random(players)
    compared = 0
    for _ in range(12):
        state = game.new_state()
        assert isinstance(state, MadnState)
        kinds: list[int] = []
        values: list[int] = []
        while not state.is_terminal():
            if state.current_player == CHANCE:
                if rng.random() < 0.3:
                    out = kernel_features(params, kinds, values)
                    assert np.allclose(out, dense(evaluation, state), atol=1e-12, rtol=0)
                    compared += 1
                die = rng.randint(1, 6)
                state.apply(f"d{die}")
                kinds.append(1)
                values.append(die)
            else:
                action = rng.choice(state.legal_actions())
                state.apply(action)
                kinds.append(0)
                values.append(action)
    assert compared > 100


def test_the_npy_reader_agrees_with_numpy() -> None:
    table = np.arange(12, dtype="<f8").reshape(3, 4) / 7
    buffer = io.BytesIO()
    np.save(buffer, table)
    assert read_npy(buffer.getvalue()) == table.tolist()
    with pytest.raises(ValueError, match=r"not a \.npy"):
        read_npy(b"nonsense")


@pytest.mark.parametrize("players", [2, 4])
def test_the_shipped_weights_value_progress(players: int) -> None:
    weights = shipped_weights(players)
    assert weights is not None and len(weights) == FEATURES
    # a piece deep in the goal is worth more than one just out, which beats the base (0)
    assert weights[43] > weights[20] > weights[0] > -0.5
    # being hit before the goal is bad
    assert weights[44 + 9] < 0
    if players == 4:  # at a table of four, wherever it happens
        assert all(weights[44 + b] < 0 for b in range(10))


def test_chances_favour_the_leader_and_sum_to_one() -> None:
    game = spieltisch.load("madn", players=4)
    learned = knowledge_for(game, "learned")
    state = game.new_state()
    assert isinstance(state, MadnState)
    rng = random.Random(5)
    while not state.finishing_order:
        before = utilities(state, learned)
        assert sum(before) == pytest.approx(1.0)
        if state.current_player == CHANCE:
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
    chances = utilities(state, learned) if not state.is_terminal() else [0.0] * 4
    if chances[0]:
        assert chances[state.finishing_order[0]] == 1.0


def test_an_unknown_evaluation_is_refused_by_name() -> None:
    game = spieltisch.load("madn", players=4)
    with pytest.raises(ValueError, match="known are hand, learned"):
        knowledge_for(game, "magic")
    with pytest.raises(ValueError, match="trained for the tournament rules"):
        knowledge_for(spieltisch.load("madn", players=4, duties="penalized"), "learned")
    with pytest.raises(ValueError, match="offers only its default"):
        knowledge_for(spieltisch.load("mabula"), "learned")


def test_the_learned_expert_plays_a_whole_game() -> None:
    from spieltisch.agents.levels import level

    game = spieltisch.load("madn", players=4)
    chosen = level(game, "expert", evaluation="learned")
    agents = [chosen.build(game, seat, chosen.budget) for seat in range(2)]
    agents += [make("expert", game, seed=seat) for seat in range(2, 4)]
    rng = random.Random(1)
    state = game.new_state()
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.sample_chance(rng)
        else:
            state.apply(agents[state.current_player].choose(state))
    assert sorted(state.ranking()) == [1, 2, 3, 4]
