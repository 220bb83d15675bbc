"""Rollouts: every candidate move rated by compiled playouts (issue 49, Mensch ärgere
Dich nicht; needs the extra `fast`).

At a decision with more than one legal move, the position is rebuilt in the game's
playout kernel (from the history, which the lockstep tests check), and each candidate is
played on for `horizon` decisions (8: about two rounds) by greedy play with the
hand-made evaluation for every seat, then rated by that evaluation's win chance (1 or 0
if someone got home), the same dice for every candidate in each playout
(`games/madn/rollouts.py`). The move with the best mean share of the win is played.
The budget is playouts per decision, shared out equally among the candidates: a fixed
number, so a seed gives the same moves on any machine.
"""

from __future__ import annotations

from typing import Any

from spieltisch.agents.base import AgentError, Budget, Choice, SearchAgent
from spieltisch.agents.messages import _
from spieltisch.core import Game, State
from spieltisch.games.madn.rules import Madn

PLAYOUTS = 1000
"""Playouts per decision by default: about the expert's CPU time per decision (its
exact expectimax, 5.0 ms on average over 1,999 decisions; these 1,000 playouts 5.1 ms
with the steps compiled `called`, less inlined): benchmarks/results/duplicate.md."""


class RolloutAgent(SearchAgent):
    """Flat Monte Carlo with common random numbers on the MÄDN kernel; `noise` is the
    playout policy's share of random moves, `horizon` the decisions a playout takes
    before the evaluation rates it, `policy` "greedy" or "thumb" (the rules of thumb)."""

    name = "rollout"

    def __init__(
        self,
        game: Game[Any],
        seed: int | None = None,
        budget: Budget | None = None,
        noise: float = 0.0,
        horizon: int = 8,
        policy: str = "greedy",
    ) -> None:
        super().__init__(game, seed, budget)
        if not isinstance(game, Madn):
            raise AgentError(_("the rollout agent plays only Mensch ärgere Dich nicht"))
        import numpy as np

        from spieltisch.games.madn import rollouts
        from spieltisch.games.madn.kernel import MadnKernel

        self._np = np
        self._rollouts = rollouts
        self._kernel = MadnKernel(game)
        self.playouts = self.budget.iterations or PLAYOUTS
        self.noise = noise
        self.horizon = horizon
        if policy not in ("greedy", "thumb"):
            raise ValueError(f"policy {policy!r}: choose greedy or thumb")
        self.policy = rollouts.GREEDY if policy == "greedy" else 0
        self._t = np.zeros(rollouts.SIZE, dtype=np.int64)
        self._w = np.zeros(4, dtype=np.float64)
        self._scratch = np.zeros(rollouts.SIZE, dtype=np.int64)
        self._rngs = np.zeros(game.num_players + 1, dtype=np.uint64)

    def position(self, state: State) -> Any:
        """The kernel's array for `state`, replayed from its history."""
        np = self._np
        steps = [self._kernel.encode(step) for step in state.action_history()]
        kinds = np.array([k for k, _v in steps], dtype=np.int64)
        values = np.array([v for _k, v in steps], dtype=np.int64)
        return self._rollouts.replay_state(self._kernel.params, kinds, values)

    def analyse(self, state: State) -> list[Choice]:
        np = self._np
        actions = state.legal_actions()
        root = self.position(state)
        candidates = np.array(actions, dtype=np.int64)
        each = max(1, self.playouts // len(actions))
        out = np.zeros(len(actions), dtype=np.float64)
        seed = self.rng.getrandbits(63)
        self._rollouts.rate(
            self._kernel.params,
            root,
            candidates,
            each,
            seed,
            self.horizon,
            self.noise,
            self.policy,
            out,
            self._scratch,
            self._t,
            self._w,
            self._rngs,
        )
        values = {a: (float(out[i]) / each, float(each), False) for i, a in enumerate(actions)}
        ranked = sorted(values.items(), key=lambda item: (-item[1][0], actions.index(item[0])))
        to_move = self.game.action_to_move
        return [Choice(a, to_move(a), v, w, exact) for a, (v, w, exact) in ranked]
