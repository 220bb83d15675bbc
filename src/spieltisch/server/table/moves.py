"""Submitting and committing a move: checked by the engine, applied with the chance
outcomes it leads to (drawn with `secrets.SystemRandom`), written to the move log and
committed; what happened is returned as events, which the publisher tells.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from itertools import chain
from typing import Any

from sqlalchemy.exc import IntegrityError

from spieltisch.core import IllegalMove, State
from spieltisch.core.protocol import refusal_text
from spieltisch.core.rules_text import anchor_of
from spieltisch.server.i18n import _
from spieltisch.server.infra.cluster import Cluster
from spieltisch.server.infra.metrics import committed
from spieltisch.server.infra.moved_news import AppendNews
from spieltisch.server.refusal import Code, Refusal, unavailable
from spieltisch.server.schemas.messages import AckOut
from spieltisch.server.table.events import (
    EntriesCommitted,
    Events,
    GameFinished,
    RefusalAfter,
    keeping,
)
from spieltisch.server.table.finishing import result_of
from spieltisch.server.table.loading import catch_up, refresh
from spieltisch.server.table.log import LogItem, chance_turn, forget_old, last_entry, replayed
from spieltisch.server.table.room import Room
from spieltisch.server.table.storage import TableStorage
from spieltisch.server.table.takeback_rule import taking_back
from spieltisch.store.append import Append
from spieltisch.store.clock import ClockMode
from spieltisch.store.database import UNAVAILABLE
from spieltisch.store.log_entries import Chance, Move, Takeback, standing
from spieltisch.store.models import TableStatus
from spieltisch.store.notify import Notice
from spieltisch.store.turns import paused_ms

logger = logging.getLogger("spieltisch.server")


Told = Callable[[Room, State, int, Mapping[str, Any] | None], Sequence[Notice]]
"""The notifications of a move about to be stored: the room before it, the position
after it, its last seq and the result when it ends the game."""


class Moves:
    """Moves into the log. Each method is called holding the room's lock and returns
    what happened (events), which the caller publishes."""

    def __init__(self, storage: TableStorage, cluster: Cluster) -> None:
        self.storage = storage
        self.cluster = cluster
        self.random = secrets.SystemRandom()
        self.told: Told | None = None
        """What a move tells whom (set by the app: the notifications), stored with it."""

    async def submit(self, room: Room, seat: int, seq: int, move: str) -> tuple[AckOut, Events]:
        """Apply `move` for `seat` in position `seq`; Refusal (changing nothing) otherwise."""
        events: Events = []
        with keeping(events):
            if room.stale:
                events += await refresh(self.storage, room)
            if room.table.status != TableStatus.RUNNING:
                raise Refusal(
                    Code.NOT_RUNNING,
                    _("the table is {status}, not running").format(status=room.table.status),
                )
            if seq > room.seq:
                # Another process may have moved the table on before its news came.
                events += await self.follow(room)
            if seq != room.seq:
                if seq < room.seq:
                    item = room.log[seq]
                    if item.entry == Move(move, seat):
                        return AckOut(seq=_after(room, seq), move=move, duplicate=True), events
                raise stale(seq, room.seq)
            if room.state.current_player != seat:
                raise Refusal(Code.NOT_YOUR_TURN, _whose_turn(room))
            events += await self.play(room, (move, seat))
        return AckOut(seq=room.seq, move=room.log[seq].entry.text, duplicate=False), events

    async def play(self, room: Room, first: tuple[str, int | None] | None) -> Events:
        """Apply `first` (an entry and its seat; None: only the pending chance), then
        draw the chance outcomes after it and commit. Each entry is applied once, to a
        copy: the position before it stays as it was (the log keeps it for the entry's
        words); an illegal `first` is refused with the engine's reason and rule."""
        before = room.state
        state = before.clone()
        items: list[LogItem] = []
        if first is not None:
            entry, seat = first
            try:
                state.apply(entry)
            except IllegalMove as illegal:
                raise Refusal(
                    Code.ILLEGAL_MOVE,
                    refusal_text(illegal.reason, illegal.rule),
                    rule=anchor_of(illegal.rule),
                ) from None
            turn = chance_turn(before, seat)
            played = last_entry(state, seat)
            items.append(LogItem(room.seq + 1, played, before, turn=turn))
            items[0].words.update(_shown_words(room, played.notation))
            # Another player's roll waits a moment after a person's move that would stand
            # no longer to be taken back once it is rolled (`takeback_rule.py`).
            mover = taking_back(room, chain(items[:1], reversed(room.log)))
            if mover is not None and chance_turn(state, None) not in (None, mover):
                return await self._commit(room, state, items)
        while state.is_chance_node():
            before, state = state, state.clone()
            outcome = state.sample_chance(self.random)
            seq, turn = room.seq + len(items) + 1, chance_turn(before, None)
            items.append(LogItem(seq, Chance(outcome), before, turn=turn))
        if not items:
            return []
        return await self._commit(room, state, items)

    async def take_back(self, room: Room, seat: int, keep: int) -> Events:
        """Withdraw the entries after seq `keep`, as `seat` asked and all agreed: one more
        entry in the log (`store/log_entries.py`), the position replayed; the clocks keep
        the time spent, but each move withdrawn gives back the increment it earned (a
        takeback never adds time)."""
        item = LogItem(room.seq + 1, Takeback(keep, seat), room.state)
        state = replayed(room.state, [*room.log, item], item.seq)
        time_left = _increments_back(room, keep)
        return await self._commit(room, state, [item], clocked=False, time_left=time_left)

    async def follow(self, room: Room, news: AppendNews | None = None) -> Events:
        """Catch up with the log (`news`: entries another process announced)."""
        return await catch_up(self.storage, room, news)

    async def _commit(
        self,
        room: Room,
        state: State,
        items: list[LogItem],
        clocked: bool = True,
        time_left: dict[int, int] | None = None,
    ) -> Events:
        clock = room.clock
        moment = room.now() if clock is not None and clock.turn_based else time.time()
        if time_left is None:
            time_left = _clocks_after(room, items[0].seat, moment) if clocked else {}
        result = result_of(state, room.seats)
        at = datetime.fromtimestamp(moment, UTC)
        append = Append(
            table_id=room.id,
            entries=[(item.seq, item.entry.text, item.seat) for item in items],
            at=at,
            time_left=time_left,
            result=result,
            told=self.told(room, state, items[-1].seq, result) if self.told else (),
            notice=self.cluster.moved_notice(
                room.id,
                items[-1].seq,
                [(item.seat, item.entry.text) for item in items],
                at,
                time_left,
            ),
        )
        started = time.perf_counter()
        try:
            await self.storage.append(append)
        except IntegrityError:
            # Another process appended first: take the database's word for it.
            try:
                caught_up = await self.follow(room)
            except UNAVAILABLE:
                room.stale = True
                raise unavailable() from None
            raise RefusalAfter(stale(items[0].seq - 1, room.seq), caught_up) from None
        except UNAVAILABLE:
            # Rolled back, or (a connection lost during COMMIT) perhaps committed: the
            # database says which when it is back; until then nothing is told or cached.
            room.stale = True
            logger.warning(
                "table %s: the database is away, a move was refused",
                room.id,
                extra={"table_id": room.id},
            )
            raise unavailable() from None
        seat = items[0].seat
        by = None if not clocked or seat is None else _who(room, seat)
        committed(time.perf_counter() - started, by)
        room.state = state
        room.log.extend(items)
        room.asked = None  # a takeback asked is for the position it was asked in
        for index, left in time_left.items():
            room.seats[index].time_left_ms = left
        room.turn_started = moment
        events: Events = [EntriesCommitted(items[0].seq, items[-1].seq, items[0].seat)]
        logger.debug(
            "table %s: seq %d committed", room.id, items[-1].seq, extra={"table_id": room.id}
        )
        if result is not None:
            room.table.status, room.table.result = TableStatus.FINISHED, result
            events.append(GameFinished(result))
            logger.info("table %s: finished", room.id, extra={"table_id": room.id})
        forget_old(room.log)
        return events


def _who(room: Room, seat: int) -> str:
    """Who made a seat's move, for the metrics: a person or the computer."""
    return "person" if room.controller(seat) is None else "computer"


def stale(seq: int, now: int) -> Refusal:
    """A move for an old position."""
    return Refusal(
        Code.STALE_SEQ,
        _(
            "your move was for position {seq}, the table is at {now}: "
            "look at the new position and move again"
        ).format(seq=seq, now=now),
    )


def _shown_words(room: Room, move: str) -> dict[str, str]:
    """The words of `move` its mover was shown, in each language shown (`view._legal`):
    the log entry's, made once."""
    shown = room.shown
    if shown is None or shown.seq != room.seq or shown.status != room.table.status:
        return {}
    return shown.words_of(move)


def _whose_turn(room: Room) -> str:
    player = room.to_move()
    if player is None:
        return _("the game is over")
    return _("it is seat {seat}'s turn, not yours").format(seat=player)


def _clocks_after(room: Room, mover: int | None, moment: float) -> dict[int, int]:
    """The mover's time left once its move is made: what is left of the game clock, or
    the move clock set again."""
    clock = room.clock
    if clock is None or clock.mode is None or mover is None:
        return {}
    spent = int((moment - room.turn_started) * 1000)
    if clock.turn_based:  # the clock stood still on vacation
        spent -= paused_ms(room.vacations, room.turn_started, moment)
    return {mover: clock.left_after_move(room.seats[mover].time_left_ms or 0, spent)}


def _increments_back(room: Room, keep: int) -> dict[int, int]:
    """Each seat's time left once the increments its moves after seq `keep` earned are
    given back (a move made with time left earned one; none once the time ran out)."""
    clock = room.clock
    if clock is None or clock.mode != ClockMode.GAME or not clock.increment_ms:
        return {}
    withdrawn: dict[int, int] = {}
    for seq in standing(item.entry for item in room.log):
        entry = room.log[seq - 1].entry
        if seq > keep and isinstance(entry, Move):
            withdrawn[entry.seat] = withdrawn.get(entry.seat, 0) + 1
    return {
        seat: max(0, (room.seats[seat].time_left_ms or 0) - count * clock.increment_ms)
        for seat, count in withdrawn.items()
        if room.seats[seat].time_left_ms
    }


def _after(room: Room, seq: int) -> int:
    """The position after the entry at `seq` and the chance outcomes drawn with it: what
    the ack of the move said when it was new, so a repeated move is acked the same."""
    after = seq + 1
    while after < room.seq and room.log[after].seat is None:
        after += 1
    return after
