"""A tiny dice race used to test the core without depending on a real game.

Each turn a die d1..d3 is rolled; the player then chooses `go` (advance by the die) or
`wait` (advance 1). The first to reach 10 wins. `secret` gives each player a hidden
number dealt at the start, which `view` must not show to the others; the `Leaky`
variant shows it anyway, so the conformance checks can be seen to catch it.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import ClassVar, NotRequired, Self

from pydantic import Field

from spieltisch.core import (
    CHANCE,
    TERMINAL,
    Game,
    GameOptions,
    IllegalMove,
    Refusal,
    State,
    View,
)

MOVES = ("go", "wait")


class ToyView(View):
    positions: list[int]
    die: int
    secret: NotRequired[int]
    secrets: NotRequired[list[int] | None]  # only the leaky toy shows them


class ToyOptions(GameOptions):
    players: int = Field(2, ge=2, le=3, description="number of players")
    goal: int = Field(10, ge=3, le=30, description="fields to reach")


class ToyGame(Game[ToyOptions]):
    name: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy race"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    Options: ClassVar[type[GameOptions]] = ToyOptions
    hidden_information: ClassVar[bool] = True  # each seat's secret digit
    num_actions = 2

    def new_state(self) -> ToyState:
        return ToyState(self)

    def action_to_move(self, action: int) -> str:
        return MOVES[action]

    def move_to_action(self, move: str) -> int:
        try:
            return MOVES.index(move)
        except ValueError:
            raise KeyError(move) from None


class ToyState(State[ToyView]):
    __slots__ = ("die", "player", "positions", "secrets")
    game: ToyGame

    def __init__(self, game: ToyGame) -> None:
        super().__init__(game)
        self.positions = [0] * game.num_players
        self.secrets: list[int] | None = None
        self.player = 0
        self.die = 0

    @property
    def current_player(self) -> int:
        if self._won():
            return TERMINAL
        if self.secrets is None or self.die == 0:
            return CHANCE
        return self.player

    def _won(self) -> bool:
        return max(self.positions) >= self.game.options.goal

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self.secrets is None:
            return super().chance_outcomes()
        return [(f"d{k}", 1 / 3) for k in (1, 2, 3)]

    def sample_chance(self, rng: random.Random) -> str:
        if self.secrets is None:
            outcome = "secret:" + ",".join(str(rng.randint(0, 9)) for _ in self.positions)
            self.apply(outcome)
            return outcome
        return super().sample_chance(rng)

    def _apply_chance(self, outcome: str) -> None:
        if self.secrets is None:
            parts = outcome.removeprefix("secret:").split(",")
            if not outcome.startswith("secret:") or len(parts) != len(self.positions):
                raise IllegalMove(outcome, "the first chance outcome is secret:<n>,<n>,...")
            if not all(p.isdigit() for p in parts):
                raise IllegalMove(outcome, "secrets are digits")
            self.secrets = [int(p) for p in parts]
            return
        if outcome not in ("d1", "d2", "d3"):
            raise IllegalMove(outcome, "the die shows d1, d2 or d3")
        self.die = int(outcome[1])

    def _legal_actions(self) -> list[int]:
        return [0, 1]

    def _explain_action(self, action: int) -> Refusal:
        return Refusal("never happens: both moves are always legal")

    def _apply_action(self, action: int) -> None:
        self.positions[self.player] += self.die if action == 0 else 1
        self.die = 0
        self.player = (self.player + 1) % len(self.positions)

    def scores(self) -> list[float]:
        return [float(p) for p in self.positions]

    def _view(self, player: int | None) -> ToyView:
        turn = None if self.is_terminal() else self.player
        view: ToyView = {"turn": turn, "positions": list(self.positions), "die": self.die}
        if player is not None and self.secrets is not None:
            view["secret"] = self.secrets[player]
        return view

    def determinize(self, player: int | None, rng: random.Random) -> Self:
        new = self.clone()
        if self.secrets is not None:
            new.secrets = [
                s if i == player else rng.randint(0, 9) for i, s in enumerate(self.secrets)
            ]
            new._history[0] = "secret:" + ",".join(map(str, new.secrets))
        return new

    def _snapshot(self) -> Hashable:
        secrets = None if self.secrets is None else tuple(self.secrets)
        return (tuple(self.positions), secrets, self.player, self.die)


class LeakyState(ToyState):
    """Shows every secret to everyone: the hidden-information check must catch this."""

    __slots__ = ()

    def _view(self, player: int | None) -> ToyView:
        view = super()._view(player)
        view["secrets"] = self.secrets
        return view


class LeakyGame(ToyGame):
    name: ClassVar[str] = "leaky_toy"

    def new_state(self) -> LeakyState:
        return LeakyState(self)
