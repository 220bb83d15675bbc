"""Finishing: the result of an ended game, whether a person may hand another's seat to the
computer, and the hooks told when a game has ended (a tournament takes the result)."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from spieltisch.core import State
from spieltisch.core.records import resigned_result
from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.table.background import Background
from spieltisch.server.table.room import Room, SeatState
from spieltisch.server.table.storage import TableStorage
from spieltisch.store.models import SeatKind

log = logging.getLogger("spieltisch.server")


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
    def __init__(self, storage: TableStorage, background: Background) -> None:
        self.storage = storage
        self.background = background
        self.on_finish: list[Callable[[str], Awaitable[None]]] = []
        """Called with a table's id when its game has ended and is committed (a
        tournament takes the result); each runs as its own task."""

    def finished(self, table_id: str) -> None:
        for hook in self.on_finish:
            self.background.spawn(self._run_hook(hook, table_id))

    async def _run_hook(self, hook: Callable[[str], Awaitable[None]], table_id: str) -> None:
        try:
            await hook(table_id)
        except Exception:
            log.exception("after the end of table %s", table_id)


def check_claim(room: Room, seat: int, mine: list[int], wait: float) -> None:
    """Refusal (conflict) unless `seat` is another person's, away for `wait` seconds (call
    it with `room.away_since` brought up to date)."""
    if seat >= len(room.seats) or seat in mine:
        raise Refusal(
            Code.CONFLICT, _("seat {seat} is not another person's seat").format(seat=seat)
        )
    info = room.seats[seat]
    if info.kind != SeatKind.HUMAN or info.handed:
        raise Refusal(
            Code.CONFLICT, _("seat {seat} is not another person's seat").format(seat=seat)
        )
    since = room.away_since.get(seat)
    if since is None or time.time() - since < wait:
        raise Refusal(
            Code.CONFLICT,
            _("seat {seat} can be handed to the computer after {minutes} minutes away").format(
                seat=seat, minutes=f"{wait / 60:g}"
            ),
        )
