"""PettingZoo adapter: an AEC environment for every game.

    from spieltisch.interop.pettingzoo import env

    aec = env("madn", players=4, render_mode="ansi")
    aec.reset(seed=1)
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, info = aec.last()
        if terminated or truncated:
            action = None
        else:
            action = aec.action_space(agent).sample(observation["action_mask"])
        aec.step(action)

Agents are `player_0` .. `player_{n-1}`, in seat order. Only the agent to move acts; chance
(dice, shuffles, deals, set-ups) is drawn inside the environment from a generator seeded by
`reset(seed=...)`, so the same seed and actions give the same game.

Spaces, per agent:

- action space `Discrete(num_actions)`: the game's int actions (`game.action_to_move(a)`
  gives the notation);
- observation space `Dict(observation=Box(0, 1, shape, float32), action_mask=Box(0, 1,
  (num_actions,), int8))`: `observation` is the game's encoding seen from that seat
  (its declared observation part, documented there; it never shows what the seat
  may not see); `action_mask` marks the legal actions and is all zeros when it is not that
  agent's turn.

Rewards are 0 until the game ends; then each agent receives its final return in [-1, 1]
(`state.returns()`, from the ranking; ties share). Nothing is truncated. An illegal action,
or anything that is not an action (None for a live agent, "abc", nan, 1.7, True, a list),
raises `IllegalMove` with the reason; with `illegal="lose"` it ends the game instead, as
PettingZoo's TerminateIllegalWrapper does: -1 for the agent that acted, 0 for the others.
As PettingZoo's order checks do, `step()`/`last()` before `reset()` raise "reset() needs
to be called before ..." and `step()` after every agent is done warns and does nothing.
`render()` with `render_mode="ansi"` returns the game's text board (`text.py`) as the
agent to move sees it, as a plain string.
"""

from __future__ import annotations

import random
from typing import Any, Literal

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from spieltisch.core import CHANCE, Game, IllegalMove, State, load
from spieltisch.interop import observation_for, render_text
from spieltisch.interop.actions import action_index, describe_bad_action

Observation = dict[str, npt.NDArray[Any]]


class SpieltischEnv(AECEnv[str, Observation, int | None]):  # type: ignore[misc]
    """One game of spieltisch as a PettingZoo AEC environment."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo's convention)
        "render_modes": ["ansi"],
        "render_fps": 4,
        "name": "spieltisch_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game[Any],
        render_mode: str | None = None,
        illegal: Literal["raise", "lose"] = "raise",
        **options: Any,
    ):
        super().__init__()
        self.game: Game[Any] = load(game, **options) if isinstance(game, str) else game
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if illegal not in ("raise", "lose"):
            raise ValueError(f"illegal is 'raise' or 'lose', not {illegal!r}")
        self.render_mode = render_mode
        self.illegal = illegal
        self._has_reset = False
        self.metadata = {**self.metadata, "name": f"spieltisch_{self.game.name}_v0"}
        self._observation = observation_for(self.game)
        shape = self._observation.observation_shape(self.game)
        n = self.game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents: list[str] = []
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        actions = self.game.num_actions
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(0.0, 1.0, shape, np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(actions) for agent in self.possible_agents
        }
        self._rng = random.Random()
        self.state: State = self.game.new_state()

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the episode ---------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self.game.new_state()
        self._resolve_chance()
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._has_reset = True
        self._after_move()

    def step(self, action: int | None) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)  # PettingZoo's own: only None is valid now
            return
        index = action_index(action, self.game.num_actions)
        if index is None or index not in self.state.legal_actions():
            if self.illegal == "raise":
                if index is None:
                    raise IllegalMove(action, describe_bad_action(action, self.game.num_actions))
                self.state.apply(index)  # raises IllegalMove with the rule's reason
            self._lose(agent)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(index)
        self._resolve_chance()
        self._after_move()
        self._accumulate_rewards()

    def _lose(self, agent: str) -> None:
        """An illegal action with `illegal="lose"`: as PettingZoo's TerminateIllegalWrapper,
        the game ends, the agent that acted gets -1 and every other agent 0."""
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {other: 0.0 for other in self.agents}
        self.rewards[agent] = -1.0
        self.terminations = {other: True for other in self.agents}
        self.infos[agent] = {**self.infos[agent], "illegal_action": True}
        self._accumulate_rewards()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return super().last(observe)  # type: ignore[no-any-return]

    def _resolve_chance(self) -> None:
        state = self.state
        while state.current_player == CHANCE:
            state.sample_chance(self._rng)

    def _after_move(self) -> None:
        state = self.state
        if state.is_terminal():
            returns = state.returns()
            self.rewards = {agent: returns[self._seat[agent]] for agent in self.agents}
            self.terminations = {agent: True for agent in self.agents}
            # whoever is first among the finished agents steps out first
            if getattr(self, "agent_selection", None) not in self.agents:
                self.agent_selection = self.agents[0]
        else:
            self.rewards = {agent: 0.0 for agent in self.agents}
            self.agent_selection = self.possible_agents[state.current_player]

    # -- observing -----------------------------------------------------------------------

    def observe(self, agent: str) -> Observation:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        seat = self._seat[agent]
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        if self.state.current_player == seat:
            mask[self.state.legal_actions()] = 1
        return {
            "observation": self._observation.encode(self.state, seat),
            "action_mask": mask,
        }

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='ansi'")
            return None
        player = self.state.current_player
        return render_text(self.state, player if player >= 0 else None)

    def close(self) -> None:
        pass


def env(
    game: str,
    render_mode: str | None = None,
    illegal: Literal["raise", "lose"] = "raise",
    **options: Any,
) -> SpieltischEnv:
    """An AEC environment of `game` with its options, e.g. `env("mahe", players=3)`."""
    return SpieltischEnv(game, render_mode=render_mode, illegal=illegal, **options)


def raw_env(
    game: str,
    render_mode: str | None = None,
    illegal: Literal["raise", "lose"] = "raise",
    **options: Any,
) -> SpieltischEnv:
    """The same as `env` (PettingZoo's name for the unwrapped environment)."""
    return env(game, render_mode=render_mode, illegal=illegal, **options)
