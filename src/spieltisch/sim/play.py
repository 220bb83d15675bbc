"""Playing whole games between agents, with chance drawn from a seeded generator."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from spieltisch.agents import Agent, Budget, make
from spieltisch.core import CHANCE, Game, Record, State


@dataclass(frozen=True)
class GameResult:
    """One finished game: enough to summarise it and to replay it."""

    index: int
    seed: int
    agents: tuple[str, ...]
    scores: list[float]
    ranking: list[int]
    returns: list[float]
    moves: int
    record: Record | None
    """The game record, or None when the run asked for none."""


def play_game(game: Game[Any], agents: Sequence[Agent], rng: random.Random) -> State:
    """Play to the end: chance from `rng`, each decision by the agent of that seat."""
    if len(agents) != game.num_players:
        raise ValueError(f"{game.title} with {game.num_players} players needs as many agents")
    state = game.new_state()
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.sample_chance(rng)
        else:
            state.apply(agents[state.current_player].choose(state))
    return state


def random_step(state: State, rng: random.Random) -> None:
    """One step of a random playout: a chance outcome drawn, or a uniform legal action."""
    if state.current_player == CHANCE:
        state.sample_chance(rng)
    else:
        state.apply(rng.choice(state.legal_actions()))


def play_randomly(state: State, rng: random.Random, steps: int | None = None) -> State:
    """Random steps until the end, or at most `steps` of them; returns the same state."""
    taken = 0
    while not state.is_terminal() and (steps is None or taken < steps):
        random_step(state, rng)
        taken += 1
    return state


def random_decisions(game: Game[Any], seed: int, games: int) -> list[State]:
    """Every decision with more than one legal move of `games` games of random play, to
    the end: positions on which to set one search against another (a compiled copy and
    its original)."""
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        state = game.new_state()
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.sample_chance(rng)
                continue
            if len(state.legal_actions()) > 1:
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return found


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run: independent of how games are split over workers."""
    return random.Random(f"{seed}/{index}").getrandbits(63)


def play_randomly_seated(game: Game[Any], own_seed: int) -> State:
    """The game `play_game` plays with a `random` agent in every seat, without the agents:
    each seat draws from its own generator as `RandomAgent` does (`choice` over the
    legal actions, in the order of the legal moves), so the games are the same, only
    without turning every move into notation and back."""
    chooser = [random.Random(own_seed + seat).choice for seat in range(game.num_players)]
    rng = random.Random(own_seed)
    state = game.new_state()
    while not state.is_terminal():
        player = state.current_player
        if player == CHANCE:
            state.sample_chance(rng)
        else:
            state.apply(chooser[player](state.legal_actions()))
    return state


def play_one(
    game: Game[Any],
    agent_names: Sequence[str],
    seed: int,
    index: int,
    budget: Budget | None = None,
    records: bool = True,
) -> GameResult:
    own_seed = game_seed(seed, index)
    if all(name == "random" for name in agent_names) and len(agent_names) == game.num_players:
        state = play_randomly_seated(game, own_seed)
    else:
        agents = [
            make(name, game, seed=own_seed + seat, budget=budget)
            for seat, name in enumerate(agent_names)
        ]
        state = play_game(game, agents, random.Random(own_seed))
    moves = sum(1 for entry in state.action_history() if isinstance(entry, int))
    return GameResult(
        index,
        own_seed,
        tuple(agent_names),
        state.scores(),
        state.ranking(),
        state.returns(),
        moves,
        state.to_record(players=list(agent_names)) if records else None,
    )
