"""Takebacks, as lichess and Board Game Arena players know them: a person asks to take
back their last move, the other people at the table accept or decline (computer seats
accept at once), and a move made meanwhile ends the request.

Only where it is fair (`takeback_rule.py`, which the page's button follows too): in
casual games (the route refuses rated ones), in games without hidden information (a card
taken back was seen by all), never past a chance outcome the asker has seen (a die, a
card drawn), so nobody can roll again, and never a move that showed a hidden card. What
is taken back: the asker's last move and everything after it. It is stored as one log
entry (`store/log_entries.py`), so the log stays append-only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal, unavailable
from spieltisch.server.table.events import Events, TakebackApplied, TakebackAsked, keeping
from spieltisch.server.table.moves import Moves
from spieltisch.server.table.room import Room, TakebackRequest
from spieltisch.server.table.storage import TableStorage
from spieltisch.server.table.takeback_rule import takeback_point
from spieltisch.store.database import UNAVAILABLE
from spieltisch.store.models import SeatKind, TableStatus


class Takebacks:
    """Asking and answering takebacks. The request lives in the database (the table's
    `takeback` column), not in one process's memory: with several server processes a
    person's answer may reach any of them. Each method is called holding the room's lock
    and returns what happened."""

    def __init__(self, moves: Moves, storage: TableStorage) -> None:
        self.moves = moves
        self.storage = storage

    async def ask(self, room: Room, seat: int) -> Events:
        """`seat` (a person's, checked by the caller) asks to take back its last move."""
        events = await self.moves.follow(room)  # another process may have moved
        with keeping(events):
            if room.table.status != TableStatus.RUNNING:
                raise Refusal(
                    Code.NOT_RUNNING,
                    _("the table is {status}, not running").format(status=room.table.status),
                )
            if room.state.game.hidden_information:
                raise Refusal(
                    Code.FORBIDDEN,
                    _("no takebacks in a game with hidden cards: the card played was seen"),
                )
            keep, moves = takeback_point(room, seat)
            account = room.seats[seat].account_id
            waiting = {
                index
                for index, other in enumerate(room.seats)
                if other.kind == SeatKind.HUMAN and not other.handed and other.account_id != account
            }
            asked = TakebackRequest(seat, room.seq, keep, moves, waiting)

            def put(stored: dict[str, Any] | None) -> dict[str, Any]:
                earlier = TakebackRequest.of(stored)
                if earlier is not None and earlier.open_at(room.seq):
                    raise Refusal(
                        Code.CONFLICT, _("a takeback is asked already: wait for the answer")
                    )
                return asked.stored()

            if waiting:  # only computers to ask: they accept at once, nothing to store
                await self._stored(room.id, put)
            room.asked = asked
            if not waiting:
                return events + await self._take_back(room)
            return [*events, TakebackAsked(replace(asked, waiting=set(asked.waiting)))]

    async def waiting_for(self, room: Room) -> tuple[set[int], Events]:
        """The seats whose answer the takeback asked at the table waits for (none)."""
        events = await self.moves.follow(room)
        asked = TakebackRequest.of(await self.storage.takeback(room.id))
        waiting = asked.waiting if asked is not None and asked.open_at(room.seq) else set()
        return waiting, events

    async def answer(self, room: Room, seat: int, accept: bool) -> Events:
        """The person of `seat` accepts or declines the takeback asked."""

        def answering(asked: TakebackRequest | None) -> set[int]:
            if asked is None or not asked.open_at(room.seq):
                raise Refusal(Code.CONFLICT, _("no takeback is asked at this table now"))
            return {seat}

        return await self._answered(room, answering, accept)

    async def answer_as(self, room: Room, account: int, accept: bool) -> Events:
        """The person of `account` accepts or declines the takeback asked, for each of
        their seats it waits for (one account may play several: one answer for all)."""

        def answering(asked: TakebackRequest | None) -> set[int]:
            if asked is None or not asked.open_at(room.seq):
                return set()
            return {seat for seat in asked.waiting if room.seats[seat].played_by(account)}

        return await self._answered(room, answering, accept)

    async def _answered(
        self, room: Room, answering: Callable[[TakebackRequest | None], set[int]], accept: bool
    ) -> Events:
        """The seats `answering` picks from the stored request accept or decline it: read,
        changed and stored once, holding the table's row (two processes answering at
        once take turns)."""
        events = await self.moves.follow(room)

        def answered(stored: dict[str, Any] | None) -> dict[str, Any]:
            asked = TakebackRequest.of(stored)
            seats = answering(asked)
            if asked is None or not seats or not seats <= asked.waiting:
                raise Refusal(Code.FORBIDDEN, _("this takeback does not wait for your answer"))
            if accept:
                asked.waiting -= seats
            else:
                asked.declined_by, asked.waiting = min(seats), set()
            return asked.stored()

        with keeping(events):
            asked = TakebackRequest.of(await self._stored(room.id, answered))
            assert asked is not None
            room.asked = asked
            if asked.declined_by is not None or asked.waiting:
                return [*events, TakebackAsked(replace(asked, waiting=set(asked.waiting)))]
            return events + await self._take_back(room)

    async def heard(self, room: Room) -> Events:
        """Another process changed the takeback asked at the table."""
        asked = TakebackRequest.of(await self.storage.takeback(room.id))
        if asked is None or asked.seq != room.seq:
            return []  # done (the log says so) or for a position gone
        room.asked = asked
        return [TakebackAsked(replace(asked, waiting=set(asked.waiting)))]

    async def _stored(
        self,
        table_id: str,
        change: Callable[[dict[str, Any] | None], dict[str, Any] | None],
    ) -> dict[str, Any] | None:
        try:
            return await self.storage.change_takeback(table_id, change)
        except UNAVAILABLE:
            raise unavailable() from None

    async def _take_back(self, room: Room) -> Events:
        asked = room.asked
        assert asked is not None
        events = await self.moves.take_back(room, asked.seat, asked.keep)  # ends the request
        return [*events, TakebackApplied(room.seq, asked.moves)]
