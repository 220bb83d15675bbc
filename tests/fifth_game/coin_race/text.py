"""The coin race as text: one line per player."""

from __future__ import annotations

from rich.text import Text

from .rules import CoinRaceState


def render(state: CoinRaceState, player: int | None) -> Text:
    goal = state.game.options.goal
    lines = [f"P{i + 1} " + "#" * p + "." * (goal - p) for i, p in enumerate(state.positions)]
    return Text("\n".join([*lines, f"coin: {state.coin or '-'}"]))
