"""The lobby as a place to find a game: which listed tables a person's filters keep
(game, a free seat, with or without computers, the clock's pace, the creator's
language, a player's name) and which tables are one person's game against computers
(nothing to join or watch for others: out of the open list)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from spieltisch.server.schemas.messages import TableOut
from spieltisch.store.models import SeatKind

Computers = Literal["with", "without"]
Speed = Literal["untimed", "quick", "slow", "turn"]


def against_computers(table: TableOut) -> bool:
    """One person (or nobody) against computers, no seat waiting for anyone."""
    people = {seat.account for seat in table.seats if seat.kind == SeatKind.HUMAN}
    waiting = any(seat.kind in (SeatKind.OPEN, SeatKind.RESERVED) for seat in table.seats)
    computers = any(seat.kind == SeatKind.AI for seat in table.seats)
    return computers and not waiting and len(people) <= 1


@dataclass(frozen=True)
class TableFilter:
    game: str | None = None
    free: bool = False
    """Only tables with an open seat."""
    computers: Computers | None = None
    speed: Speed | None = None
    language: str | None = None
    """The creator's language."""
    player: str | None = None
    """A player's name, or part of it (any case)."""
    against_computers: bool = True
    """False: leave out one person's games against computers."""
    paused: bool | None = None
    """True: only games paused while their person is away; False: none of them."""
    away: bool | None = None
    """True: only running games with a player away (no connection open); False: none."""

    def admits(self, table: TableOut) -> bool:
        seats = table.seats
        if self.game is not None and table.game != self.game:
            return False
        if self.free and not any(seat.kind == SeatKind.OPEN for seat in seats):
            return False
        if self.computers is not None:
            has = any(seat.kind == SeatKind.AI for seat in seats)
            if has != (self.computers == "with"):
                return False
        if self.speed is not None and table.speed != self.speed:
            return False
        if self.language is not None and table.language != self.language:
            return False
        if self.player:
            wanted = self.player.casefold()
            if not any(seat.name and wanted in seat.name.casefold() for seat in seats):
                return False
        if self.paused is not None and table.paused != self.paused:
            return False
        if self.away is not None and any(seat.away for seat in seats) != self.away:
            return False
        return self.against_computers or not against_computers(table)
