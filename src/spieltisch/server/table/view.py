"""The state message: what a seat is shown of the position, each costly part (the view,
the board, the legal moves in words) made once per position however many connections
show it. The publisher (`publish.py`) builds one per (seat, language, last position
seen) and shares it as one serialised text."""

from __future__ import annotations

import time
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from spieltisch.core import svg
from spieltisch.server.schemas.messages import (
    ClockOut,
    LegalMove,
    LogEntryOut,
    QuestionOut,
    StateOut,
)
from spieltisch.server.table import parts
from spieltisch.server.table.log import RECENT, LogItem, describe
from spieltisch.server.table.renderings import PositionRenderings, SeatRendering
from spieltisch.server.table.room import Room, wall
from spieltisch.server.table.takeback_rule import held_roll_at, takeback_offered
from spieltisch.store.clock import ClockMode
from spieltisch.store.log_entries import Chance, LogEntry, Move, Takeback
from spieltisch.store.models import SeatKind, TableStatus
from spieltisch.store.turns import under_way


@dataclass
class Moment:
    """What every connection of a room is shown alike at one moment (the room as it is
    now): worked out once for all the state messages of a broadcast, not once each."""

    to_move: int | None
    clock: ClockOut | None
    abortable: bool
    roll_in_ms: int | None
    entries: dict[tuple[int, str], LogEntryOut] = field(default_factory=dict)
    """Each log entry shown, by (seq, language)."""


def moment(room: Room) -> Moment:
    running = room.table.status == TableStatus.RUNNING
    return Moment(
        to_move=room.to_move() if running else None,
        clock=_clock_out(room),
        abortable=room.abortable(),
        roll_in_ms=_roll_in_ms(room),
    )


def state_message(
    room: Room,
    seat: int | None,
    lang: str,
    since: int,
    layers: bool = False,
    now: Moment | None = None,
) -> StateOut:
    """What `seat` is shown in `lang` after position `since`; `layers`: its board with
    placeholders for the static layers (for a connection that keeps them); `now`: the
    parts every connection is shown alike, when the caller builds more than one message."""
    now = now or moment(room)
    recent = room.log[max(since, room.seq - RECENT, 0) :]
    describe(recent, lang, room.state, room.log)
    last_moves = [_entry_shown(room, now, item, lang) for item in recent]
    # The move to mark on the board: none after a chance outcome or a takeback.
    last = recent[-1].entry.notation if recent and isinstance(recent[-1].entry, Move) else None
    drawn = _rendering(room, seat, lang, now.to_move, last)
    return StateOut(
        table=room.id,
        seq=room.seq,
        status=room.table.status,
        seat=seat,
        to_move=now.to_move,
        view=drawn.view,
        legal_moves=drawn.legal_moves,
        last_moves=last_moves,
        result=room.table.result,
        clock=now.clock,
        board_svg=_layered(room, drawn.board_svg) if layers else drawn.board_svg,
        seat_marks=_marks(room, lang),
        abortable=now.abortable,
        takeback=takeback_offered(room, seat),
        roll_in_ms=now.roll_in_ms,
        questions=_questions(room, lang),
    )


def _layered(room: Room, board: str | None) -> str | None:
    """`board` with placeholders for its static layers, made once per board."""
    if board is None:
        return None
    shown = _shown(room)
    found = shown.layered.get(board)
    if found is None:
        found = shown.layered[board] = svg.layered(board, room.state.game.name)[0]
    return found


def _questions(room: Room, lang: str) -> list[QuestionOut]:
    """The questions the game answers in `lang` (the same for the whole game: made once)."""
    asked = room.questions.get(lang)
    if asked is None:
        asked = room.questions[lang] = [
            QuestionOut(key=q.key, label=q.label, argument=q.argument)
            for q in parts.questions(room.state.game, lang)
        ]
    return asked


def _roll_in_ms(room: Room) -> int | None:
    """How long until the roll held after a person's move is drawn (`Scheduler._roll_in`)."""
    if room.table.status != TableStatus.RUNNING or not room.state.is_chance_node():
        return None
    due = held_roll_at(room)
    return None if due is None else max(0, int((due - time.time()) * 1000))


def _shown(room: Room) -> PositionRenderings:
    """What the connections of the room's position were shown; new for a new position
    (the old parts are never shown again)."""
    shown = room.shown
    if shown is None or shown.seq != room.seq or shown.status != room.table.status:
        shown = room.shown = PositionRenderings(room.seq, room.table.status)
    return shown


def _rendering(
    room: Room, seat: int | None, lang: str, to_move: int | None, last: str | None
) -> SeatRendering:
    """The view, legal moves in words and board of `seat` in this position, each made
    once however many connections (and re-sends) show it."""
    shown = _shown(room)
    key = (seat, lang, last)
    drawn = shown.drawn.get(key)
    if drawn is not None:
        return drawn
    view = _view(room, shown, seat)
    moving = seat is not None and to_move == seat
    legal = room.state.legal_moves() if moving else []
    # The seat to move gets its own board (its moves clickable, "your move"); the others
    # share one per view, which the page marks "(you)" for each (`svg.you`).
    mover = seat if moving or (seat is not None and view.get("turn") == seat) else None
    own_view = seat if view is not shown.views.get(None) else None
    board_key = (lang, last, mover, own_view)
    if board_key not in shown.boards:
        shown.boards[board_key] = parts.board_svg(room.state, mover, legal, last, lang, view=view)
    drawn = shown.drawn[key] = SeatRendering(
        view=view,
        legal_moves=_legal(room, shown, lang) if moving else [],
        board_svg=shown.boards[board_key],
    )
    return drawn


ENDED = frozenset({TableStatus.FINISHED, TableStatus.ABORTED})
"""Statuses in which nobody is to move, whatever the position says."""


def _view(room: Room, shown: PositionRenderings, seat: int | None) -> Mapping[str, Any]:
    """`seat`'s view of the position: the spectator's own object where they are equal
    (what tells the boards that can be shared)."""
    if None not in shown.views:
        shown.views[None] = _seen(room, None)
    if not room.state.game.hidden_information:
        return shown.views[None]  # every seat sees what a spectator sees
    if seat not in shown.views:
        view = _seen(room, seat)
        shown.views[seat] = shown.views[None] if view == shown.views[None] else view
    return shown.views[seat]


def _seen(room: Room, seat: int | None) -> Mapping[str, Any]:
    view = room.state.view(seat)
    if room.table.status in ENDED and view.get("turn") is not None:
        view = {**view, "turn": None}  # given up or aborted: nobody's turn any more
    return view


def _legal(room: Room, shown: PositionRenderings, lang: str) -> list[LegalMove]:
    """The legal moves of the seat to move in words in `lang` (for its list and the
    "which move?" question), made once per position and language."""
    legal = shown.legal.get(lang)
    if legal is None:
        state = room.state
        typed = parts.typed_words(state, lang)
        legal = shown.legal[lang] = [
            LegalMove(move=move, words=parts.describe(state, move, lang), typed=typed.get(move, []))
            for move in state.legal_moves()
        ]
    return legal


def _marks(room: Room, lang: str) -> list[str]:
    """Each seat's mark in `lang` (the same for the whole game: made once)."""
    marks = room.marks.get(lang)
    if marks is None:
        marks = room.marks[lang] = parts.seat_marks(room.state.game, lang)
    return marks


def _entry_shown(room: Room, now: Moment, item: LogItem, lang: str) -> LogEntryOut:
    """The entry `item` in `lang`, made once for all the messages of `now`."""
    shown = now.entries.get((item.seq, lang))
    if shown is None:
        shown = now.entries[item.seq, lang] = _entry_out(room, item, lang)
    return shown


def _entry_out(room: Room, item: LogItem, lang: str) -> LogEntryOut:
    return LogEntryOut(
        seq=item.seq,
        seat=item.seat,
        move=_shown_entry(item.entry, room.state.game.events),
        words=item.words[lang],
        turn=item.turn,
        keep=item.entry.keep if isinstance(item.entry, Takeback) else None,
        mark=_entry_mark(room, item, lang),
    )


def _entry_mark(room: Room, item: LogItem, lang: str) -> str | None:
    """The mark of the seat an entry is of: the mover, or the die's turn."""
    seat = item.seat if item.seat is not None else item.turn
    return None if seat is None else _marks(room, lang)[seat]


def _shown_entry(entry: LogEntry, events: Collection[str]) -> str | None:
    """What a log entry shows of its notation: a seat's move or takeback, a referee's
    event; never a chance outcome (a deal is never sent raw)."""
    if isinstance(entry, Chance) and entry.notation not in events:
        return None
    return entry.text


def _clock_out(room: Room) -> ClockOut | None:
    clock = room.clock
    if clock is None:
        return None
    if clock.turn_based:
        return _turn_clock_out(room)
    running = (
        room.to_move()
        if room.table.status == TableStatus.RUNNING and room.table.paused_at is None
        else None
    )
    lefts: list[int | None] = []
    for index, seat in enumerate(room.seats):
        left = seat.time_left_ms
        if clock.mode == ClockMode.MOVE:
            left = clock.move_ms(index) if index == running else None
        if index == running and left is not None:
            left = max(0, left - int((time.time() - room.turn_started) * 1000))
        lefts.append(left)
    round_left: int | None = None
    if clock.round_seconds and room.table.status == TableStatus.RUNNING:
        end = wall(room.table.started_at) + clock.round_seconds
        round_left = max(0, int((end - time.time()) * 1000))
    return ClockOut(
        mode=clock.mode,
        seconds=clock.seconds,
        time_left_ms=lefts,
        running=running,
        round_ends_in_ms=round_left,
    )


def _turn_clock_out(room: Room) -> ClockOut:
    """A turn-based clock: the time left of the seat to move until its deadline (days,
    bank and vacation counted), each seat's bank, and what happens when it runs out."""
    clock = room.clock
    assert clock is not None
    seat = room.to_move() if room.table.status == TableStatus.RUNNING else None
    ends = room.turn_deadline()
    known = room.deadline is not None or ends is not None
    running = seat if seat is not None and known else None
    lefts: list[int | None] = [None] * len(room.seats)
    deadline = None
    vacation = None
    if running is not None and ends is not None:
        moment = room.now()
        lefts[running] = max(0, int((ends - moment) * 1000))
        deadline = datetime.fromtimestamp(ends, UTC).isoformat()
        away = under_way(room.vacations, moment)
        vacation = None if away is None else int((away[1] - moment) * 1000)
    return ClockOut(
        mode=clock.mode,
        seconds=clock.seconds,
        time_left_ms=lefts,
        running=running,
        round_ends_in_ms=None,
        bank_ms=[
            seat.time_left_ms if seat.kind == SeatKind.HUMAN and seat.ai_level is None else None
            for seat in room.seats
        ],
        deadline=deadline,
        on_timeout=clock.on_timeout.value,
        vacation_ms=vacation,
    )
