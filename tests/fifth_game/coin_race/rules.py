"""Coin race: a coin is tossed, the player steps one field or leaps two on heads (on
tails a leap goes nowhere, or back a field when cautious); first to the goal wins."""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar

from pydantic import Field

from spieltisch.core import CHANCE, TERMINAL, Game, GameOptions, IllegalMove, State, View

MOVES = ("step", "leap")
COIN = ("heads", "tails")


class CoinRaceView(View):
    """Everyone sees the same: each player's position and the coin just tossed."""

    positions: list[int]
    coin: str | None


class CoinRaceOptions(GameOptions):
    players: int = Field(2, ge=2, le=3, description="number of players")
    goal: int = Field(8, ge=4, le=20, description="fields to reach")
    cautious: bool = Field(False, description="a leap on tails goes back one field")


class CoinRace(Game[CoinRaceOptions]):
    name: ClassVar[str] = "coin_race"
    title: ClassVar[str] = "Coin race"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    Options: ClassVar[type[GameOptions]] = CoinRaceOptions
    variants = ({"players": 2}, {"players": 3, "cautious": True, "goal": 5})
    num_actions = 2

    def new_state(self) -> CoinRaceState:
        return CoinRaceState(self)

    def action_to_move(self, action: int) -> str:
        return MOVES[action]

    def move_to_action(self, move: str) -> int:
        try:
            return MOVES.index(move)
        except ValueError:
            raise KeyError(move) from None


class CoinRaceState(State[CoinRaceView]):
    __slots__ = ("coin", "player", "positions")
    game: CoinRace

    def __init__(self, game: CoinRace) -> None:
        super().__init__(game)
        self.positions = [0] * game.num_players
        self.player = 0
        self.coin: str | None = None

    @property
    def current_player(self) -> int:
        if max(self.positions) >= self.game.options.goal:
            return TERMINAL
        return CHANCE if self.coin is None else self.player

    def chance_outcomes(self) -> list[tuple[str, float]]:
        return [(side, 0.5) for side in COIN]

    def _apply_chance(self, outcome: str) -> None:
        if outcome not in COIN:
            raise IllegalMove(outcome, "the coin shows heads or tails")
        self.coin = outcome

    def _legal_actions(self) -> list[int]:
        return [0, 1]

    def _apply_action(self, action: int) -> None:
        options: CoinRaceOptions = self.game.options
        if action == 0:
            step = 1
        elif self.coin == "heads":
            step = 2
        else:
            step = -1 if options.cautious and self.positions[self.player] > 0 else 0
        self.positions[self.player] += step
        self.coin = None
        self.player = (self.player + 1) % len(self.positions)

    def scores(self) -> list[float]:
        return [float(p) for p in self.positions]

    def _view(self, player: int | None) -> CoinRaceView:
        turn = None if self.is_terminal() else self.player
        return {"turn": turn, "positions": list(self.positions), "coin": self.coin}

    def _snapshot(self) -> Hashable:
        return (tuple(self.positions), self.player, self.coin)
