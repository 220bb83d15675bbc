"""Takebacks, as lichess and Board Game Arena players know them: a person asks to take
back their last move, the other people at the table accept or decline (computer seats
accept at once), and a move made meanwhile ends the request.

Only where it is fair: in casual games (the route refuses rated ones), in games without
hidden information (a card taken back was seen by all), and never past a chance outcome
the asker has seen (a die, a card drawn), so nobody can roll again. What is taken back:
the asker's last move and everything after it. It is stored as one log entry
(`store/takebacks.py`), so the log stays append-only.
"""

from __future__ import annotations

from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.messages import TakebackOut
from spieltisch.server.table.moves import Moves
from spieltisch.server.table.room import Asked, Room
from spieltisch.store.models import SeatKind, TableStatus
from spieltisch.store.takebacks import standing


class Takebacks:
    """Asking and answering takebacks at the tables of one process."""

    def __init__(self, moves: Moves) -> None:
        self.moves = moves

    async def ask(self, room: Room, seat: int) -> TakebackOut:
        """`seat` (a person's, checked by the caller) asks to take back its last move."""
        async with room.lock:
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
            if room.asked is not None and room.asked.seq == room.seq:
                raise Refusal(Code.CONFLICT, _("a takeback is asked already: wait for the answer"))
            keep, moves = _takeback_point(room, seat)
            account = room.seats[seat].account_id
            waiting = {
                index
                for index, other in enumerate(room.seats)
                if other.kind == SeatKind.HUMAN and not other.handed and other.account_id != account
            }
            room.asked = Asked(seat, room.seq, keep, moves, waiting)
            if not waiting:  # only computers to ask: they accept at once
                return await self._take_back(room)
            told = _told(room.asked)
            _send(room, told)
            return told

    async def answer(self, room: Room, seat: int, accept: bool) -> TakebackOut:
        """The person of `seat` accepts or declines the takeback asked."""
        async with room.lock:
            asked = room.asked
            if asked is None or asked.seq != room.seq:
                raise Refusal(Code.CONFLICT, _("no takeback is asked at this table now"))
            if seat not in asked.waiting:
                raise Refusal(Code.FORBIDDEN, _("this takeback does not wait for your answer"))
            if not accept:
                room.asked = None
                told = TakebackOut(
                    asked_by=None, seq=asked.seq, moves=asked.moves, waiting=[], declined_by=seat
                )
                _send(room, told)
                return told
            asked.waiting.discard(seat)
            if asked.waiting:
                told = _told(asked)
                _send(room, told)
                return told
            return await self._take_back(room)

    async def _take_back(self, room: Room) -> TakebackOut:
        asked = room.asked
        assert asked is not None
        await self.moves.take_back(room, asked.seat, asked.keep)  # ends the request
        told = TakebackOut(asked_by=None, seq=room.seq, moves=asked.moves, waiting=[])
        _send(room, told)
        return told


def _takeback_point(room: Room, seat: int) -> tuple[int, int]:
    """The seq to go back to (before `seat`'s last move that still stands) and how many
    entries that withdraws; Refusal when there is none or a chance outcome came since."""
    kept = standing(item.entry for item in room.log)
    for index in range(len(kept) - 1, -1, -1):
        item = room.log[kept[index] - 1]
        if item.seat is None:
            raise Refusal(
                Code.CONFLICT,
                _(
                    "a chance outcome (a die, a card drawn) came after your last move: "
                    "nothing before it can be taken back"
                ),
            )
        if item.seat == seat:
            return (kept[index - 1] if index else 0), len(kept) - index
    raise Refusal(Code.CONFLICT, _("you have no move to take back"))


def _told(asked: Asked) -> TakebackOut:
    return TakebackOut(
        asked_by=asked.seat, seq=asked.seq, moves=asked.moves, waiting=sorted(asked.waiting)
    )


def _send(room: Room, message: TakebackOut) -> None:
    text = message.model_dump_json()
    for connection in room.connections:
        connection.send_text(text)
