"""Finishing: the result of an ended game, a seat the computer plays from now on (which
may end the game, `resign.py`) or its person takes back, and the hooks told when a game
has ended (a tournament takes the result)."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from spieltisch.core import State
from spieltisch.core.records import ends_by_resigning, resigned_result
from spieltisch.server.refusal import unavailable
from spieltisch.server.table.background import Background
from spieltisch.server.table.events import (
    Event,
    Events,
    GameFinished,
    HandOverReason,
    SeatHandedOver,
    SeatTakenBack,
)
from spieltisch.server.table.presence import Presence
from spieltisch.server.table.resign import HANDED_LEVEL
from spieltisch.server.table.room import Room, SeatState
from spieltisch.server.table.storage import TableStorage
from spieltisch.store.database import UNAVAILABLE
from spieltisch.store.models import SeatKind, SeatLeft, TableStatus

logger = logging.getLogger("spieltisch.server")


def result_of(state: State, seats: Sequence[SeatState]) -> dict[str, Any] | None:
    """The result to store once `state` has ended (None while it goes on): the game's own,
    or with seats given up ranked after the others."""
    if not state.is_terminal():
        return None
    resigned = [index for index, seat in enumerate(seats) if seat.handed]
    if resigned:
        return dict(resigned_result(state, resigned))
    return {"scores": state.scores(), "ranking": state.ranking(), "returns": state.returns()}


class Finishing:
    def __init__(self, storage: TableStorage, presence: Presence, background: Background) -> None:
        self.storage = storage
        self.presence = presence
        self.background = background
        self.on_finish: list[Callable[[str], Awaitable[None]]] = []
        """Called with a table's id when its game has ended and is committed (a
        tournament takes the result); each runs as its own task."""

    def follow(self, room: Room, events: Sequence[Event]) -> None:
        """The publisher's subscriber: a game finished sets the hooks going."""
        if any(isinstance(event, GameFinished) for event in events):
            for hook in self.on_finish:
                self.background.spawn(self._run_hook(hook, room.id))

    async def _run_hook(self, hook: Callable[[str], Awaitable[None]], table_id: str) -> None:
        try:
            await hook(table_id)
        except Exception:
            logger.exception("after the end of table %s", table_id, extra={"table_id": table_id})

    async def computer_plays(
        self, room: Room, seat: int, reason: HandOverReason, level: str = HANDED_LEVEL
    ) -> Events:
        """The computer plays `seat` from now on at `level`: stored, then in memory; the
        seat's connections watch from now on (call it holding the room's lock). Given up
        (a person resigning, out of time under `on_timeout: lose`, the win claimed by the
        other), it is ranked after the others and one seat left ends the game, as does no
        person playing any more (`computers_left`); as a substitute
        (`HandOverReason.SUBSTITUTE`) its place stands as played and its person may take
        it back (`take_back`)."""
        substitute = reason == HandOverReason.SUBSTITUTE
        resigned = [index for index, info in enumerate(room.seats) if info.handed]
        if not substitute:
            resigned.append(seat)
        computers = None if substitute else computers_left(room, resigned)
        finish = not substitute and (
            ends_by_resigning(len(room.seats), resigned) or computers is not None
        )
        result = dict(resigned_result(room.state, resigned, computers or ())) if finish else None
        try:
            described = await self.storage.store_computer_seat(
                room.id, seat, level, result, SeatLeft(reason)
            )
        except UNAVAILABLE:
            raise unavailable() from None
        room.seats[seat].ai_level, room.seats[seat].left = level, SeatLeft(reason)
        events: Events = [SeatHandedOver(seat, reason, described)]
        if finish:
            room.table.status, room.table.result = TableStatus.FINISHED, result
            events.append(GameFinished(result))
        room.away_since.pop(seat, None)
        room.reseat()
        return events + self.presence.tell(room)

    async def take_back(self, room: Room, seat: int) -> Events:
        """The person of `seat`, played by a substitute while they were away, plays it
        again (call it holding the room's lock)."""
        try:
            described = await self.storage.store_computer_seat(room.id, seat, None, None, None)
        except UNAVAILABLE:
            raise unavailable() from None
        room.seats[seat].ai_level, room.seats[seat].left = None, None
        room.turn_started = time.time()  # their own clock again, from now
        room.reseat()
        return [SeatTakenBack(seat, described), *self.presence.tell(room)]


def computers_left(room: Room, resigned: Sequence[int]) -> list[int] | None:
    """The computers' seats when no person plays at the table once `resigned` gave up
    and it is not a tournament's (None otherwise): then the game ends at once, the
    computers ranked level ahead of the seats given up. Played on, it would be a table of
    computers only that no limit counted (a person with three experts resigning at once,
    again and again), taking the computers' time from the tables people play at. A
    tournament's table plays on: its computers may stand in for registered players."""
    if room.table.tournament_id is not None:
        return None
    if any(
        info.kind == SeatKind.HUMAN and index not in resigned
        for index, info in enumerate(room.seats)
    ):
        return None
    return [index for index, info in enumerate(room.seats) if info.kind != SeatKind.HUMAN]
