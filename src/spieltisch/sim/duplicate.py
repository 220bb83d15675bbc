"""Duplicate games: the same dice and deals played with the seats rotated through every
entrant, so that luck cancels out of a comparison of skill (issue 49).

A block is one seed played `n` times at a table of `n`: in rotation `r` entrant `e` sits
in seat `(e + r) mod n`. Chance is drawn from one generator per seat (`ChanceStreams`):
the k-th die of seat 2 is the same in every rotation, whoever sits there, and a deal
belongs to its dealer's seat. Each seat's agent draws its own randomness from the block's
seed and the seat, so identical entrants play identical games in every rotation.

Entrants are named as in `benchmarks/strength.py`: a level or algorithm (`expert`,
`hard`, `random`), optionally with one of the game's evaluations (`expert@learned`; for a
level that searches by IS-MCTS one of the game's samplers of worlds: `expert@inferred`),
other settings of a level (`expert+segments=2`) and a budget in iterations
(`mcts:500`). Without one, a level gets its declared iterations and no clock (as a hint
does): a block's games are then the same on any machine and load.
With `compiled=True` an expectimax entrant searches on the game's compiled copy of its
search where the game has one (`ExpectimaxAgent.use_compiled`: the same moves and
estimates; Mensch ärgere Dich nicht's expert 27 times the decisions per CPU second).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

import spieltisch
from spieltisch.agents import Agent, Budget, make
from spieltisch.agents.base import SearchAgent
from spieltisch.agents.expectimax import ExpectimaxAgent
from spieltisch.agents.levels import LEVELS, level, level_spec
from spieltisch.core import CHANCE, Game, LargeChanceNode, State
from spieltisch.core.ranking import win_shares
from spieltisch.sim.play import game_seed

DICE = ("stream", "turn")
"""How dice are lined up between rotations: `stream`, the k-th die of a seat's own
sequence; `turn`, the k-th die of the seat's j-th turn, so that a turn with more rolls (a
6, three tries) does not shift the dice of the turns after it."""


class ChanceStreams:
    """Chance drawn per seat: one generator for each seat the chance belongs to (a die is
    the roller's, a deal the dealer's) and one for chance that belongs to no seat (the
    shuffle before the first move). With `dice="turn"` a die (a small chance node) comes
    from its own generator for (seat, the seat's turn, the roll in that turn) instead."""

    def __init__(self, seed: int, dice: str = "stream") -> None:
        if dice not in DICE:
            raise ValueError(f"dice {dice!r}: choose one of {', '.join(DICE)}")
        self.seed = seed
        self.by_turn = dice == "turn"
        self._streams: dict[int | None, random.Random] = {}
        self._turns: dict[int | None, int] = {}
        self._current: int | None = None
        self._roll = 0

    def observe(self, state: State) -> None:
        """Count the seats' turns: call at every node, before it is played."""
        turn = state.turn
        if turn != self._current:
            self._current = turn
            self._turns[turn] = self._turns.get(turn, 0) + 1
            self._roll = 0

    def draw(self, state: State) -> str:
        """Draw the chance outcome at `state` from its seat's stream and apply it."""
        key = state.turn
        if self.by_turn and _small(state):
            self._roll += 1
            turn = self._turns.get(key, 0)
            die = random.Random(f"{self.seed}/die/{key}/{turn}/{self._roll}")
            return state.sample_chance(die)
        stream = self._streams.get(key)
        if stream is None:
            stream = self._streams[key] = random.Random(f"{self.seed}/chance/{key}")
        return state.sample_chance(stream)


def _small(state: State) -> bool:
    """Whether the chance node lists its outcomes (a die), unlike a shuffle or a deal."""
    try:
        state.chance_outcomes()
    except LargeChanceNode:
        return False
    return True


class Entrant(NamedTuple):
    """An entrant's spec taken apart."""

    name: str
    evaluation: str | None = None
    iterations: int | None = None
    settings: Mapping[str, int | float | str] = MappingProxyType({})


def parse_entrant(spec: str) -> Entrant:
    """`name[@evaluation][+setting=value...][:iterations]`: `expert+segments=2` is the
    expert level searching two turns (any of the level's settings, as a number where it
    reads as one)."""
    head, _, count = spec.partition(":")
    head, *pairs = head.split("+")
    name, _, evaluation = head.partition("@")
    if not name:
        raise ValueError(f"entrant {spec!r} has no name: write e.g. expert, hard or mcts:500")
    iterations: int | None = None
    if count:
        if not count.isdigit() or int(count) < 1:
            raise ValueError(
                f"entrant {spec!r}: the budget after ':' must be a whole number of"
                " iterations above 0, such as mcts:500"
            )
        iterations = int(count)
    settings: dict[str, int | float | str] = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not key or not equals or not value or "@" in pair:
            raise ValueError(
                f"entrant {spec!r}: a setting after '+' is written name=value, after the"
                " evaluation: expert@learned+segments=2"
            )
        settings[key] = _number(value)
    if settings and name not in LEVELS:
        raise ValueError(f"entrant {spec!r}: only a level ({', '.join(LEVELS)}) takes settings")
    return Entrant(name, evaluation or None, iterations, MappingProxyType(settings))


def _number(text: str) -> int | float | str:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def build_entrant(spec: str, game: Game[Any], seed: int, compiled: bool = False) -> Agent:
    """The agent `spec` names, with a budget that reads no clock unless one is given;
    `compiled`: an expectimax search on the game's compiled copy, where it has one."""
    agent = _build(spec, game, seed)
    if compiled and isinstance(agent, ExpectimaxAgent):
        agent.use_compiled()
    return agent


def _build(spec: str, game: Game[Any], seed: int) -> Agent:
    name, evaluation, iterations, settings = parse_entrant(spec)
    if iterations is not None:
        budget = Budget(iterations=iterations)
    elif name in LEVELS:
        budget = Budget(iterations=level_spec(game, name).iterations)
    else:
        budget = Budget()
    if evaluation is not None:
        if name not in LEVELS:
            raise ValueError(
                f"entrant {spec!r}: only a level ({', '.join(LEVELS)}) takes an evaluation"
            )
        # a level that searches by IS-MCTS takes a way to deal its worlds instead
        setting = "sampler" if level_spec(game, name).algorithm == "ismcts" else "evaluation"
        settings = {**settings, setting: evaluation}
    if settings:
        return level(game, name, **settings).build(game, seed, budget)
    return make(name, game, seed=seed, budget=budget)


@dataclass(frozen=True)
class Prediction:
    """A search's estimate of its own win chance at one of its decisions."""

    entrant: int
    predicted: float
    won: float = 0.0
    """The entrant's share of the win in that game (filled in at the end)."""


@dataclass
class DuplicateGame:
    """One rotation of a block: per entrant (lineup position) its seat, win share and points."""

    rotation: int
    seats: list[int]
    wins: list[float]
    points: list[float]
    chance: list[tuple[int | None, str]] = field(default_factory=list)
    """Every chance outcome with the seat it belonged to, in order."""
    predictions: list[Prediction] = field(default_factory=list)
    decisions: int = 0


def seat_of(entrant: int, rotation: int, players: int) -> int:
    """Where entrant `entrant` sits in rotation `rotation`."""
    return (entrant + rotation) % players


def _decide(agent: Agent, state: State) -> tuple[str, float | None]:
    """The agent's move, and its own win-chance estimate where it searched for it
    (exactly the move `choose` would play: a search plays its best-rated move)."""
    searches = isinstance(agent, SearchAgent) and type(agent).choose is SearchAgent.choose
    if searches and isinstance(agent, SearchAgent) and len(state.legal_actions()) > 1:
        best = agent.analyse(state)[0]
        return best.move, best.value
    return agent.choose(state), None


def play_rotation(
    game: Game[Any],
    lineup: Sequence[str],
    block_seed: int,
    rotation: int,
    dice: str = "stream",
    compiled: bool = False,
) -> DuplicateGame:
    """Rotation `rotation` of the block with seed `block_seed`."""
    players = game.num_players
    if len(lineup) != players:
        raise ValueError(
            f"{game.title} with {players} players needs {players} entrants, got {len(lineup)}"
        )
    entrant_at = {seat_of(e, rotation, players): e for e in range(players)}
    agents = [
        build_entrant(lineup[entrant_at[s]], game, block_seed + s, compiled) for s in range(players)
    ]
    streams = ChanceStreams(block_seed, dice)
    state = game.new_state()
    seats = [seat_of(e, rotation, players) for e in range(players)]
    result = DuplicateGame(rotation, seats, [], [])
    estimates: list[tuple[int, float]] = []
    while not state.is_terminal():
        streams.observe(state)
        seat = state.current_player
        if seat == CHANCE:
            owner = state.turn
            result.chance.append((owner, streams.draw(state)))
            continue
        move, estimate = _decide(agents[seat], state)
        result.decisions += 1
        if estimate is not None:
            estimates.append((entrant_at[seat], estimate))
        state.apply(move)
    shares = win_shares(state.ranking())
    scores = state.scores()
    result.wins = [shares[seat] for seat in result.seats]
    result.points = [float(scores[seat]) for seat in result.seats]
    result.predictions = [Prediction(e, p, result.wins[e]) for e, p in estimates]
    return result


@dataclass
class Block:
    """All rotations of one seed, and each entrant's mean over them."""

    index: int
    seed: int
    games: list[DuplicateGame]

    @property
    def wins(self) -> list[float]:
        """Each entrant's mean share of the win over the rotations."""
        return [sum(g.wins[e] for g in self.games) / len(self.games) for e in range(len(self))]

    @property
    def points(self) -> list[float]:
        """Each entrant's mean points over the rotations."""
        return [sum(g.points[e] for g in self.games) / len(self.games) for e in range(len(self))]

    def __len__(self) -> int:
        return len(self.games[0].seats)


def play_block(
    game_name: str,
    players: int,
    lineup: Sequence[str],
    seed: int,
    index: int,
    dice: str = "stream",
    rotations: int | None = None,
    compiled: bool = False,
) -> Block:
    """Block `index` of a run with seed `seed`: the same chance in every rotation.

    `rotations` plays only the first so many rotations: a table of equals plays the same
    game in every rotation, so one is enough to collect their win-chance estimates."""
    game = spieltisch.load(game_name, players=players)
    block_seed = game_seed(seed, index)
    count = players if rotations is None else max(1, min(players, rotations))
    games = [play_rotation(game, lineup, block_seed, r, dice, compiled) for r in range(count)]
    return Block(index, block_seed, games)
