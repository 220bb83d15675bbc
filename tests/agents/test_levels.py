"""Every agent and level by name, in every game; budgets; the CLI's simulate."""

from __future__ import annotations

import random
from typing import Any

import pytest
from typer.testing import CliRunner

import spieltisch
from spieltisch.agents import LEVELS, Agent, Budget, agent_names, make
from spieltisch.agents.base import Clock
from spieltisch.agents.expectimax import ExpectimaxAgent
from spieltisch.agents.levels import level
from spieltisch.cli.app import app
from spieltisch.core import CHANCE, Game, parts
from spieltisch.games.madn.rules import MadnState

GAMES = [("mahe", 4), ("mahe", 2), ("madn", 3), ("david_goliath", 4), ("mabula", 2)]
SMALL = Budget(iterations=15)


def decisions(game: Game[Any], agent: Agent, count: int, seed: int = 1) -> list[str]:
    """The agent's first `count` moves for every seat in a game with seeded chance."""
    rng = random.Random(seed)
    state = game.new_state()
    moves: list[str] = []
    while len(moves) < count and not state.is_terminal():
        if state.current_player == CHANCE:
            state.sample_chance(rng)
        else:
            move = agent.choose(state)
            assert move in state.legal_moves()
            state.apply(move)
            moves.append(move)
    return moves


def test_names_cover_the_algorithms_and_the_levels() -> None:
    names = agent_names()
    for name in ("random", "policy", "greedy", "mcts", "ismcts", "expectimax", "alphabeta"):
        assert name in names
    assert set(LEVELS) == {"easy", "medium", "hard", "expert"} <= set(names)
    with pytest.raises(ValueError, match="unknown agent 'genius'"):
        make("genius", spieltisch.load("mabula"))


@pytest.mark.parametrize(("name", "players"), GAMES)
@pytest.mark.parametrize("agent", ["policy", "greedy", "mcts", "ismcts", "expectimax", *LEVELS])
def test_every_agent_plays_legal_moves_reproducibly(name: str, players: int, agent: str) -> None:
    game = spieltisch.load(name, players=players)
    first = decisions(game, make(agent, game, seed=3, budget=SMALL), 8)
    second = decisions(game, make(agent, game, seed=3, budget=SMALL), 8)
    assert first == second and len(first) == 8


def test_alphabeta_by_name_plays_mabula() -> None:
    game = spieltisch.load("mabula")
    agent = make("alphabeta", game, seed=1, budget=Budget(iterations=500))
    assert len(decisions(game, agent, 4)) == 4


def test_a_level_thinks_its_declared_budget_unless_told_otherwise() -> None:
    for name, players in GAMES:
        game = spieltisch.load(name, players=players)
        for name_of_level in LEVELS:
            declared = parts(game).levels[name_of_level]  # type: ignore[index]
            chosen = level(game, name_of_level)
            assert chosen.budget == Budget(declared.iterations, declared.seconds)
            assert make(name_of_level, game).budget == chosen.budget
            assert make(name_of_level, game, budget=SMALL).budget == SMALL


def test_the_clock_counts_iterations_and_seconds() -> None:
    assert Clock(Budget(), default=5).done(5) and not Clock(Budget(), default=5).done(4)
    assert Clock(Budget(iterations=2, seconds=100), default=5).done(2)
    assert Clock(Budget(seconds=0.0), default=5).done(0)


def test_levels_fall_back_to_generic_ones_for_other_games(toy: None) -> None:
    game = spieltisch.load("toy", players=2)
    for name in LEVELS:
        assert len(decisions(game, make(name, game, seed=1, budget=SMALL), 3)) == 3


def test_simulate_accepts_levels_and_algorithms_by_name() -> None:
    runner = CliRunner(env={"COLUMNS": "200"})
    args = ["simulate", "madn", "-n", "2", "--agents", "expert,random,hard,hard"]
    result = runner.invoke(app, [*args, "--budget", "10", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "expert" in result.output and "win rate" in result.output


def test_the_madn_expert_looks_through_its_rolls_after_a_six() -> None:
    """Where it differs from greedy: after a 6 it plans the move of the extra roll too."""
    game = spieltisch.load("madn", players=4)
    expert = make("expert", game, seed=1)
    assert isinstance(expert, ExpectimaxAgent)
    rng = random.Random(5)
    state = game.new_state()
    hard = make("hard", game, seed=2)
    seen: set[bool] = set()
    while len(seen) < 2 and not state.is_terminal():
        if state.current_player == CHANCE:
            state.sample_chance(rng)
            continue
        moves = len(state.legal_actions())
        if moves > 1:
            expert.analyse(state)
            assert isinstance(state, MadnState)
            six = state.view(None)["dice"][-1] == 6
            if six:  # every move is followed by six rolls and the choices after them
                assert expert.nodes > 7 * moves
            else:  # the turn ends with the move
                assert expert.nodes == moves
            seen.add(six)
        state.apply(hard.choose(state))
    assert seen == {True, False}


def test_a_level_naming_an_unknown_algorithm_is_refused_clearly(
    toy: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from spieltisch.agents import levels
    from spieltisch.core.level_spec import LevelSpec

    monkeypatch.setitem(levels.GENERIC, "easy", LevelSpec("oracle", "knows everything"))
    with pytest.raises(ValueError, match="names the algorithm 'oracle': known algorithms are"):
        make("easy", spieltisch.load("toy", players=2))


def test_each_game_declares_its_levels_as_data() -> None:
    from spieltisch.core import game_names, parts

    for name in game_names():
        declared = parts(name).levels
        assert declared is not None and set(declared) == set(LEVELS), name
