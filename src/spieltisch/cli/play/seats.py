"""Who sits at the table: `human` or a computer level, one name per seat."""

from __future__ import annotations

from typing import Any

from spieltisch.agents import agent_names
from spieltisch.agents.names import level_name
from spieltisch.cli.messages import _, _n
from spieltisch.core import Game
from spieltisch.core.seat_names import seat_name

HUMAN = "human"
LEVELS = ("easy", "medium", "hard", "expert")
PREFERENCE = ("medium", "hard", "easy", "expert", "random")
"""The default computer level, or the nearest one that exists."""


def default_level() -> str:
    known = agent_names()
    return next((name for name in PREFERENCE if name in known), known[0])


def parse_seats(spec: str | None, players: int) -> list[str]:
    """The seats from `--seats human,hard,...`, or one human and the default level."""
    if spec is None:
        return [HUMAN] + [default_level()] * (players - 1)
    names = [name.strip().lower() for name in spec.split(",") if name.strip()]
    if len(names) != players:
        raise ValueError(
            _n(
                "--seats names {count} seat for {players} players",
                "--seats names {count} seats for {players} players",
                len(names),
            ).format(count=len(names), players=players)
        )
    known = agent_names()
    for name in names:
        if name != HUMAN and name not in known:
            available = ", ".join([HUMAN, *known])
            if name in LEVELS:
                raise ValueError(
                    _("the level '{name}' is not available yet: available are {available}").format(
                        name=name, available=available
                    )
                )
            raise ValueError(
                _("unknown seat '{name}': available are {available}").format(
                    name=name, available=available
                )
            )
    return names


def players_from_seats(spec: str | None) -> int | None:
    """The player count a `--seats` list implies."""
    if spec is None:
        return None
    return len([name for name in spec.split(",") if name.strip()])


def kind_label(kind: str, humans: int) -> str:
    """A seat's kind in words: you, human, or the level."""
    if kind == HUMAN:
        return _("you") if humans == 1 else _("human")
    return level_name(kind)


def seat_label(game: Game[Any], seat: int, kind: str, humans: int) -> str:
    """`Red (you)`: the seat by its colour where the game's seats have one (as the
    board names it), else `Player 2 (you)`, and who sits there."""
    kind_words = kind_label(kind, humans)
    name = seat_name(game, seat)
    if name is None:
        return _("Player {number} ({kind})").format(number=seat + 1, kind=kind_words)
    return _("{seat} ({kind})").format(seat=name, kind=kind_words)
