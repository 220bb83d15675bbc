"""What the algorithms need to know about a game, and how they turn it into utilities.

Each game may declare an agent part (its `agent.py`) exposing `knowledge(game)` that
returns an object with the attributes of `Knowledge`. The games never import this
package (imports go downwards); the algorithms find the part through the registry. A
game without one gets `Generic`: neutral estimates and random playouts, enough for MCTS
to play it.

Besides `strengths` and `playout_action` a game's knowledge may offer optional hooks:

- `cutoff(state)`: asked at chance nodes of a playout, True ends it there (a new deal);
- `policy_action(state, rng)`: a level's own rules of thumb where the playouts want
  something else, played by `policy` with `rules="own"` (David & Goliath's easy level
  plays the lowest card; its playouts, and the `policy` agent the kernels copy, stay
  random but for the last card of a trick);
- `segment(state)`: what expectimax searches through (Mahé: one turtle's move);
- `chances(state)`: win chances per player straight from a learned evaluation, used
  instead of `strengths` (MÄDN's `evaluation="learned"`);
- `compiled_expectimax(max_depth, segments)`: the game's compiled copy of expectimax
  through `segments` segments with this evaluation, or None
  (`ExpectimaxAgent.use_compiled`; MÄDN's hand-made evaluation);
- `key(state)`, `remaining(state)`, `order(state, actions)`, `returns(state)` and the
  attribute `endgame`: transpositions, an upper bound on the moves left, move ordering,
  fast final results and the exact-endgame threshold for alpha-beta (Mabula).

Utilities are win shares: at the end 1 for a sole winner, 1/k for k tied winners, 0
otherwise; before the end, an estimate of each player's chance to win from the game's
`strengths`. Every search maximises the utility of the player to move, so the same code
serves two players and seven.
"""

from __future__ import annotations

import inspect
import math
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol, cast, runtime_checkable

from spieltisch.core import Game, State, parts
from spieltisch.core.ranking import win_shares

Strengths = tuple[Sequence[float], float]
"""Per player an estimate in the game's points (larger is better), and the spread: the
typical size of the difference between two players' final results still to come."""


@runtime_checkable
class Knowledge(Protocol):
    """Game-specific knowledge the algorithms use; `agent.py` modules provide it."""

    playout_depth: int
    """Steps (decisions and chance) a playout runs before it is cut off and estimated."""

    def strengths(self, state: State) -> Strengths:
        """Estimates of each player's final result, and their spread, at a non-final state."""

    def playout_action(self, state: State, rng: random.Random) -> int:
        """A fast, reasonable legal action for the player to move (for playouts)."""


class Generic:
    """Knowledge for a game without `agent.py`: no opinion, random playouts to the end."""

    playout_depth = 10_000

    def __init__(self, game: Game[Any]) -> None:
        self.players = game.num_players

    def strengths(self, state: State) -> Strengths:
        return [0.0] * self.players, 1.0

    def playout_action(self, state: State, rng: random.Random) -> int:
        actions = state.legal_actions()
        return actions[int(rng.random() * len(actions))]


_CACHE: dict[tuple[Game[Any], str | None], Knowledge] = {}


def knowledge_for(game: Game[Any], evaluation: str | None = None) -> Knowledge:
    """The game's knowledge from its declared agent part, or `Generic`; `evaluation`
    names one of the evaluations the game offers (None: its default)."""
    known = _CACHE.get((game, evaluation))
    if known is None:
        factory = parts(game).knowledge
        if evaluation is None:
            known = Generic(game) if factory is None else factory(game)
        elif factory is None or "evaluation" not in inspect.signature(factory).parameters:
            raise ValueError(
                f"{game.name} has no evaluation {evaluation!r}: it offers only its default"
            )
        else:  # the game's knowledge refuses a name it does not offer
            known = cast(Callable[..., Knowledge], factory)(game, evaluation=evaluation)
        _CACHE[(game, evaluation)] = known
    return known


def hook(knowledge: Knowledge, name: str) -> Callable[..., Any] | None:
    """An optional method of a game's knowledge (`order`, `segment`, `key`, `remaining`)."""
    method = getattr(knowledge, name, None)
    return method if callable(method) else None


# -- from strengths to utilities -----------------------------------------------------------


def beats(difference: float) -> float:
    """Chance that a player ahead by `difference` spreads ends ahead (logistic)."""
    if difference > 30.0:
        return 1.0
    if difference < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-1.7 * difference))


def win_chances(strengths: Sequence[float], spread: float) -> list[float]:
    """Each player's chance to win, from estimates and their spread; they sum to 1.

    Each player's chance is proportional to the product of the chances to end ahead of
    every other player, which is exact for two players and a fair approximation beyond.
    """
    n = len(strengths)
    if n == 1:
        return [1.0]
    scale = 1.0 / spread if spread > 0 else 1e9
    raw = []
    for i in range(n):
        chance = 1.0
        mine = strengths[i]
        for j in range(n):
            if j != i:
                chance *= beats((mine - strengths[j]) * scale)
        raw.append(chance)
    total = sum(raw)
    if total <= 0.0:
        best = max(strengths)
        leaders = [i for i in range(n) if strengths[i] == best]
        return [1.0 / len(leaders) if i in leaders else 0.0 for i in range(n)]
    return [value / total for value in raw]


def utilities(state: State, knowledge: Knowledge) -> list[float]:
    """Win shares at the end of the game, estimated win chances before it."""
    if state.is_terminal():
        return win_shares(state.ranking())
    chances = getattr(knowledge, "chances", None)
    if chances is not None:
        return chances(state)  # type: ignore[no-any-return]
    strengths, spread = knowledge.strengths(state)
    return win_chances(strengths, spread)


def playout(state: State, knowledge: Knowledge, rng: random.Random, depth: int) -> list[float]:
    """Play on with the game's playout policy for up to `depth` steps, then estimate.

    A game's optional `cutoff(state)` hook, asked at chance nodes, ends a playout early
    (David & Goliath: at the next deal). Changes `state`; give it a clone.
    """
    policy = knowledge.playout_action
    cutoff = hook(knowledge, "cutoff")
    for _ in range(depth):
        player = state.current_player
        if player >= 0:
            state.apply(policy(state, rng))
        elif state.is_terminal() or (cutoff is not None and cutoff(state)):
            break
        else:
            state.sample_chance(rng)
    return utilities(state, knowledge)


def position_key(state: State, knowledge: Knowledge) -> Hashable | None:
    """A key that identifies the position for transposition tables, if the game offers one."""
    key = hook(knowledge, "key")
    return key(state) if key is not None else None
