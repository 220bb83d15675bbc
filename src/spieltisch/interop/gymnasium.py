"""Gymnasium adapter: each game as a single-agent environment against spieltisch agents.

Importing this module registers `spieltisch/Mahe-v0`, `spieltisch/Madn-v0`,
`spieltisch/DavidGoliath-v0` and `spieltisch/Mabula-v0` (one id per registered game)::

    import gymnasium
    import spieltisch.interop.gymnasium  # noqa: F401  (registers the environments)

    env = gymnasium.make("spieltisch/Madn-v0", players=4, opponents="random")
    observation, info = env.reset(seed=1)
    terminated = truncated = False
    while not (terminated or truncated):
        legal = info["action_mask"].nonzero()[0]
        action = int(env.np_random.choice(legal))
        observation, reward, terminated, truncated, info = env.step(action)

The learner plays seat `seat` (default 0); every other seat is played by a spieltisch agent
made by `spieltisch.agents.make(name, game, seed=...)`: `opponents` is one agent name for all
of them (default "random") or a list with one name per other seat, in seat order, and
`budget` (e.g. "200" or "0.5s") is their thinking budget. Chance is drawn from the
environment's generator, so `reset(seed=...)` fixes the whole game given the actions.

- action space `Discrete(num_actions)`: the game's int actions;
- observation space `Box(0, 1, shape, float32)`: the game's encoding seen from the learner's
  seat (its declared observation part, documented there);
- `info["action_mask"]` (int8, one per action) marks the legal actions, and
  `env.action_masks()` returns it too (the name sb3-contrib's MaskablePPO looks for);
- reward: 0 until the game ends, then the learner's final return in [-1, 1] (from the
  ranking; ties share);
- `reset()` always hands out a game in which the learner is to move: a game that ends
  before the learner's first decision is skipped (`info["games_without_decision"]` counts
  them);
- an illegal action, or anything that is not an action (None, "abc", nan, 1.7, True, a
  list), ends the episode at once with reward -1 and `info["illegal_action"]` (option
  `illegal="raise"` raises IllegalMove instead, with the reason);
- `render_mode="ansi"`: `render()` returns the game's text board as the learner sees it.
- other keyword arguments are the game's options (`players=3`, `scoring="product"`, ...).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt

from spieltisch.agents import Agent, Budget, make
from spieltisch.core import CHANCE, Game, IllegalMove, SpieltischError, State, game_names, load
from spieltisch.interop import observation_for, render_text
from spieltisch.interop.actions import action_index, describe_bad_action

NAMESPACE = "spieltisch"
MAX_GAMES_WITHOUT_DECISION = 1000
"""How many games `reset` deals, at most, looking for one in which the learner moves."""


def env_id(game: str) -> str:
    """The Gymnasium id of a game: `mahe` → `spieltisch/Mahe-v0`."""
    return f"{NAMESPACE}/{''.join(part.capitalize() for part in game.split('_'))}-v0"


class SpieltischEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One seat of a spieltisch game; the other seats are played by spieltisch agents."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game[Any],
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        budget: str | Budget | None = None,
        illegal: Literal["lose", "raise"] = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game: Game[Any] = load(game, **options) if isinstance(game, str) else game
        n = self.game.num_players
        if not 0 <= seat < n:
            raise ValueError(f"seat is a number from 0 to {n - 1}, not {seat!r}")
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise ValueError(f"opponents: one agent name, or {n - 1} names (one per other seat)")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal is 'lose' or 'raise', not {illegal!r}")
        self.seat = seat
        self.opponent_names = names
        self.budget = Budget.parse(budget) if isinstance(budget, str) else budget
        self.illegal = illegal
        self.render_mode = render_mode
        self._observation = observation_for(self.game)
        shape = self._observation.observation_shape(self.game)
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, shape, np.float32)
        self.action_space = gymnasium.spaces.Discrete(self.game.num_actions)
        self._rng = random.Random()
        self._agents: dict[int, Agent] = {}
        self.state: State = self.game.new_state()
        self._over = True

    # -- the episode ---------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        episode_seed = int(self.np_random.integers(2**62))
        self._rng = random.Random(episode_seed)
        others = [s for s in range(self.game.num_players) if s != self.seat]
        self._agents = {
            s: make(name, self.game, seed=episode_seed + s, budget=self.budget)
            for s, name in zip(others, self.opponent_names, strict=True)
        }
        skipped = self._deal_until_the_learner_decides()
        self._over = False
        info = self._info()
        info["games_without_decision"] = skipped
        return self._observe(), info

    def step(
        self, action: np.int64 | int
    ) -> tuple[npt.NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        if self._over:
            raise gymnasium.error.ResetNeeded("the episode is over (or never began): call reset()")
        state = self.state
        index = action_index(action, self.game.num_actions)
        if index is None or index not in state.legal_actions():
            if self.illegal == "raise":
                if index is None:
                    raise IllegalMove(action, describe_bad_action(action, self.game.num_actions))
                state.apply(index)  # raises IllegalMove with the rule's reason
            self._over = True
            info = self._info()
            info["illegal_action"] = True
            return self._observe(), -1.0, True, False, info
        state.apply(index)
        self._advance()
        terminated = state.is_terminal()
        self._over = terminated
        return self._observe(), self._reward(), terminated, False, self._info()

    def _deal_until_the_learner_decides(self) -> int:
        """Start games until one reaches a decision of the learner; the games skipped.

        A game can end before the learner ever moves (Mensch ärgere Dich nicht with
        `max_rounds=1` and no six); Gymnasium's `reset` cannot say an episode is over, so
        such a game is not handed out as an episode: the next one is dealt instead.
        """
        for skipped in range(MAX_GAMES_WITHOUT_DECISION):
            self.state = self.game.new_state()
            self._advance()
            if not self.state.is_terminal():
                return skipped
        raise SpieltischError(
            f"in {MAX_GAMES_WITHOUT_DECISION} games seat {self.seat} never had a decision "
            f"({self.game!r}): choose other options"
        )

    def _advance(self) -> None:
        """Chance and the other seats, until the learner is to move or the game is over."""
        state = self.state
        while not state.is_terminal():
            player = state.current_player
            if player == CHANCE:
                state.sample_chance(self._rng)
            elif player == self.seat:
                return
            else:
                state.apply(self._agents[player].choose(state))

    def _reward(self) -> float:
        return self.state.returns()[self.seat] if self.state.is_terminal() else 0.0

    # -- observing -----------------------------------------------------------------------

    def _observe(self) -> npt.NDArray[np.float32]:
        return self._observation.encode(self.state, self.seat)

    def action_masks(self) -> npt.NDArray[np.int8]:
        """1 for each legal action of the learner now, else 0."""
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        if self.state.current_player == self.seat:
            mask[self.state.legal_actions()] = 1
        return mask

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='ansi'")
            return None
        return render_text(self.state, self.seat)


def register(game: str) -> str:
    """Register one game's environment with Gymnasium and return its id."""
    name = env_id(game)
    if name not in gymnasium.registry:
        gymnasium.register(
            id=name,
            entry_point="spieltisch.interop.gymnasium:SpieltischEnv",
            kwargs={"game": game},
        )
    return name


ENV_IDS: dict[str, str] = {game: register(game) for game in game_names()}
"""Each registered game's Gymnasium id."""
