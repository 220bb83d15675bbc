"""Bodies of the turn-based API: "my games" and the vacation."""

from __future__ import annotations

from pydantic import BaseModel, Field

from spieltisch.server.schemas.rest import Strict


class MyTurnGame(BaseModel):
    """One running turn-based game of mine."""

    table: str
    game: str
    title: str
    """The game's name in the asked language."""
    players: list[str]
    """Each seat's player name ("" for a computer)."""
    to_move: int | None
    mine: bool
    """Waiting for me: my seat is to move."""
    deadline: str | None
    """When the seat to move runs out of time (ISO 8601, UTC)."""
    time_left_ms: int | None
    last_move: str | None
    """The last move in words, in the asked language."""
    last_by: str | None
    """Who made it (None: a computer)."""
    link: str


class MyTurnGames(BaseModel):
    games: list[MyTurnGame]
    """Those waiting for me first (soonest deadline first), then the others."""
    waiting: int
    """How many wait for me (the page's tab title counts them)."""


class VacationOut(BaseModel):
    allowance_days: float
    """Vacation days a year (the host's choice)."""
    taken_days: float
    """Taken this year (UTC), the one under way counted whole."""
    left_days: float
    until: str | None
    """The vacation under way ends then (ISO 8601, UTC); None: not on vacation."""


class VacationIn(Strict):
    days: float = Field(ge=0.5, le=60, description="Days of vacation, from now (0.5 to 60).")
