"""Driving a rules engine and its compiled kernel with the same chance outcomes and
choices, and comparing them after every step.

The engine plays a game (chance from a seeded generator, choices at random or by the
game's playout policy) and writes down, after every step, the position as its internals
hold it (`engine_row`, as wide as the kernel's row) and its legal moves; the kernel then
replays the same steps in one compiled call and writes down the same. Any difference
names the game, the step and the history up to it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from spieltisch.agents.knowledge import knowledge_for
from spieltisch.core import CHANCE, Game, State

EngineRow = Callable[[State], list[int]]


def legal_mask(state: State) -> int:
    mask = 0
    for action in state.legal_actions():
        mask |= 1 << action
    return mask


def play_traced(
    game: Game[Any], kernel: Any, engine_row: EngineRow, rng: random.Random, policy: bool
) -> tuple[State, list[tuple[int, int]], list[list[int]], list[int]]:
    """One game by the engine: its steps for the kernel, and after each its row and legal mask."""
    knowledge = knowledge_for(game) if policy else None
    state = game.new_state()
    steps: list[tuple[int, int]] = []
    rows: list[list[int]] = []
    legal: list[int] = []
    while not state.is_terminal():
        if state.current_player == CHANCE:
            steps.append(kernel.encode(state.sample_chance(rng)))
        else:
            if knowledge is not None:
                action = knowledge.playout_action(state, rng)
            else:
                actions = state.legal_actions()
                action = actions[int(rng.random() * len(actions))]
            state.apply(action)
            steps.append((0, action))
        rows.append(engine_row(state))
        legal.append(legal_mask(state))
    return state, steps, rows, legal


def check_lockstep(
    game: Game[Any],
    kernel: Any,
    engine_row: EngineRow,
    games: int,
    seed: int,
    policy_share: float = 0.5,
    engine_snapshot: Callable[[State], Any] | None = None,
) -> int:
    """`games` games in lockstep (a share of them chosen by the playout policy); returns
    the number of steps compared. Raises AssertionError at the first difference. The
    final positions are compared as `engine_snapshot` (default `_snapshot()`) gives them."""
    rng = random.Random(seed)
    compared = 0
    for index in range(games):
        state, steps, rows, legal = play_traced(
            game, kernel, engine_row, rng, policy=index < games * policy_share
        )
        final, got_rows, got_legal = kernel.replay(steps)
        if got_rows != rows or got_legal != legal:
            first = next(
                i for i in range(len(rows)) if got_rows[i] != rows[i] or got_legal[i] != legal[i]
            )
            raise AssertionError(
                f"{game!r} game {index} (seed {seed}) differs after step {first}:\n"
                f"engine  {rows[first]} legal {legal[first]:b}\n"
                f"kernel  {got_rows[first]} legal {got_legal[first]:b}\n"
                f"history {state.history()[: first + 1]}"
            )
        expected = engine_snapshot(state) if engine_snapshot else state._snapshot()
        assert kernel.snapshot(final) == expected, f"{game!r} game {index}: final position"
        assert kernel.outcome(final) == (state.scores(), state.ranking()), f"game {index}: result"
        compared += len(steps)
    return compared


class Draws:
    """A stand-in for random.Random that records the uniforms it hands out."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.taken: list[float] = []

    def random(self) -> float:
        value = self.rng.random()
        self.taken.append(value)
        return value


def check_policy(game: Game[Any], kernel: Any, games: int, seed: int) -> int:
    """The kernel's rule of thumb picks what the engine's playout policy picks, given the
    same uniforms, at every decision of `games` games; returns the decisions compared."""
    knowledge = knowledge_for(game)
    rng = random.Random(seed)
    compared = 0
    for _ in range(games):
        state = game.new_state()
        s = kernel.new()
        while not state.is_terminal():
            if state.current_player == CHANCE:
                kernel.apply_chance(s, state.sample_chance(rng))
                continue
            draws = Draws(rng)
            expected = knowledge.playout_action(state, draws)  # type: ignore[arg-type]
            assert kernel.policy_action(s, iter(draws.taken).__next__) == expected
            state.apply(expected)
            kernel.apply_action(s, expected)
            compared += 1
    return compared
