"""The learned Mahé evaluation: the kernel's features (training) equal the engine's (play)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import spieltisch
from spieltisch.agents import make
from spieltisch.agents.knowledge import knowledge_for, utilities
from spieltisch.core import CHANCE
from spieltisch.core.ranking import win_shares
from spieltisch.games.mahe.evaluation import (
    CARRY,
    EGGS,
    FEATURES,
    PRIZE,
    MaheEvaluation,
    shipped_weights,
    standard,
)
from spieltisch.games.mahe.kernel import ROW, options_array, replay
from spieltisch.games.mahe.rules import DECIDE, STOP, MaheGame, MaheState
from spieltisch.games.mahe.training import features
from spieltisch.sim.play import play_game

pytestmark = pytest.mark.xdist_group("mahe-kernel")
"""One xdist worker for the tests that compile the same kernel functions (scripts/test.sh
runs `--dist loadgroup`): numba compiles each once a run, not once in each worker."""

OPTION_SETS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 5},
    {"players": 7},
    {"players": 2, "turtles_per_player": 1},
    {"players": 3, "egg_cards_as_dice": True, "deck": (9,) * 12 + (1,) * 12},
]
"""The standard game for 2-7 players, and odd ones: the features are defined for all."""


def dense(evaluation: MaheEvaluation, state: MaheState) -> np.ndarray:
    out = np.zeros((7, FEATURES))
    for player, row in enumerate(evaluation.features(state)):
        for index, value in row:
            out[player, index] += value
    return out


def kernel_features(
    params: np.ndarray, kinds: list[int], values: list[int], decks: np.ndarray
) -> np.ndarray:
    """The training's features of the kernel's position after these steps (kind 2 the
    deck `decks[value]`). The position comes from `kernel.replay`, the compiled call the
    lockstep tests use (compiled once a run, then numba's cache keeps it); only
    `features` is compiled for this test, not a loop of its own over the steps."""
    rows = np.zeros((len(kinds), ROW), dtype=np.int64)
    legal = np.zeros(len(kinds), dtype=np.int64)
    s = replay(
        params,
        np.array(kinds, dtype=np.int64),
        np.array(values, dtype=np.int64),
        decks,
        rows,
        legal,
    )
    out = np.zeros((7, FEATURES))
    features(s, params, out)
    return out


@pytest.mark.parametrize("options", OPTION_SETS)
def test_kernel_features_equal_the_engines(options: dict[str, Any]) -> None:
    game = spieltisch.load("mahe", **options)
    assert isinstance(game, MaheGame)
    evaluation = MaheEvaluation(game, [0.0] * FEATURES)
    params = options_array(game)
    rng = random.Random(options["players"])
    compared = 0
    for _ in range(8):
        state = game.new_state()
        assert isinstance(state, MaheState)
        deck = list(game.deck_values)
        rng.shuffle(deck)
        state.apply("deck:" + "".join(map(str, deck)))
        kinds, values = [2], [0]
        decks = np.array([deck], dtype=np.int64)
        while not state.is_terminal():
            if rng.random() < 0.3:
                out = kernel_features(params, kinds, values, decks)
                assert np.allclose(out, dense(evaluation, state), atol=1e-12, rtol=0)
                compared += 1
            if state.current_player == CHANCE:
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


def mahe(**options: Any) -> MaheGame:
    game = spieltisch.load("mahe", **options)
    assert isinstance(game, MaheGame)
    return game


def test_the_shipped_weights_for_four_read_the_race() -> None:
    weights = shipped_weights(4)
    assert weights is not None and len(weights) == FEATURES
    alone, on_top, under = (PRIZE + 7 * status for status in range(3))
    # near the beach, riding on top beats moving alone, which beats carrying others
    assert weights[on_top] > weights[alone] > 0 > weights[under]
    # the nearer the beach, the more the next prize is worth
    assert weights[alone] > weights[alone + 3] > weights[alone + 6]
    # eggs won count, the more the fewer cards are left; carrying others is good
    assert weights[EGGS + 1] > weights[EGGS + 19] > 0
    assert all(weights[CARRY + bucket] > 0 for bucket in range(7))


def test_only_the_standard_game_counts_as_trained() -> None:
    assert standard(mahe(players=4))
    assert standard(mahe(players=2, turtles_per_player=2))
    assert not standard(mahe(players=2, turtles_per_player=1))
    assert not standard(mahe(players=4, egg_cards_as_dice=True))
    assert not standard(mahe(players=4, third_die_at_seven=True))
    assert not standard(mahe(players=4, deck=(3,) * 24))


def test_an_unknown_or_untrained_evaluation_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="known are hand, learned"):
        knowledge_for(spieltisch.load("mahe", players=4), "magic")
    with pytest.raises(ValueError, match="trained for the standard game"):
        knowledge_for(spieltisch.load("mahe", players=4, third_die_at_seven=True), "learned")


@pytest.mark.parametrize("players", [2, 4])
def test_learned_chances_sum_to_one_at_every_step(players: int) -> None:
    game = mahe(players=players)
    learned = knowledge_for(game, "learned")
    rng = random.Random(players)
    state = game.new_state()
    state.sample_chance(rng)
    while not state.is_terminal():
        chances = utilities(state, learned)
        assert len(chances) == players
        assert sum(chances) == pytest.approx(1.0)
        stopped = state.clone()
        if state.phase == DECIDE:
            stopped.apply(STOP)
        if stopped.is_terminal():  # stopping now ends the game: the move is rated by its result
            assert chances == win_shares(stopped.ranking())
        else:
            assert all(0.0 < chance < 1.0 for chance in chances)
        if state.current_player == CHANCE:
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))


def test_the_learned_expert_plays_a_whole_game() -> None:
    from spieltisch.agents.levels import level

    game = mahe(players=4)
    chosen = level(game, "expert", evaluation="learned")
    agents = [chosen.build(game, seat, chosen.budget) for seat in range(2)]
    agents += [make("expert", game, seed=seat) for seat in range(2, 4)]
    state = play_game(game, agents, random.Random(1))
    assert 1 in state.ranking()
