"""The state message: what each connection is shown of the position, built once per
(seat, language, last position seen) and shared as one serialised text."""

from __future__ import annotations

import time

from spieltisch.server.schemas.messages import ClockOut, LegalMove, LogEntryOut, StateOut
from spieltisch.server.table import parts
from spieltisch.server.table.log import RECENT, LogItem, describe
from spieltisch.server.table.room import Connection, Drawn, Room, wall
from spieltisch.store.models import TableStatus
from spieltisch.store.takebacks import kept_by


def broadcast(room: Room) -> None:
    """Every connection gets the new position: one message is built and serialised
    for each distinct (seat, language, last seq seen) and shared."""
    texts: dict[tuple[int | None, str, int], str] = {}
    for connection in list(room.connections):
        key = (connection.seat, connection.language, connection.last_seq)
        text = texts.get(key)
        if text is None:
            message = state_message(room, *key)
            text = texts[key] = message.model_dump_json(exclude_none=False)
        connection.send_text(text)
        connection.last_seq = room.seq


def send_state(room: Room, connection: Connection, since: int) -> None:
    """The position to one connection, with the log entries after `since`."""
    connection.send(state_message(room, connection.seat, connection.language, since))
    connection.last_seq = room.seq


def state_message(room: Room, seat: int | None, lang: str, since: int) -> StateOut:
    to_move = room.to_move() if room.table.status == TableStatus.RUNNING else None
    recent = room.log[max(since, room.seq - RECENT, 0) :]
    describe(recent, lang, room.state, room.log)
    last_moves = [_entry_out(room, item, lang) for item in recent]
    last = recent[-1].entry if recent and recent[-1].seat is not None else None
    if last is not None and kept_by(last) is not None:
        last = None  # a takeback: no move to mark
    drawn = _drawn(room, seat, lang, to_move, last)
    return StateOut(
        table=room.id,
        seq=room.seq,
        status=room.table.status,
        seat=seat,
        to_move=to_move,
        view=drawn.view,
        legal_moves=drawn.legal_moves,
        last_moves=last_moves,
        result=room.table.result,
        clock=_clock_out(room),
        board_svg=drawn.board_svg,
        seat_marks=parts.seat_marks(room.state.game, lang),
    )


def _drawn(room: Room, seat: int | None, lang: str, to_move: int | None, last: str | None) -> Drawn:
    """The view, legal moves in words and board of `seat` in this position, drawn
    once however many connections (and re-sends) show it."""
    key = (room.seq, room.table.status, seat, lang, last)
    drawn = room.drawn.get(key)
    if drawn is not None:
        return drawn
    if any(old[0] != room.seq for old in room.drawn):
        room.drawn.clear()  # a new position: the old drawings are never shown again
    state = room.state
    legal: list[str] = []
    if seat is not None and to_move == seat:
        legal = state.legal_moves()
    view = state.view(seat)
    if room.table.status == TableStatus.FINISHED and view.get("turn") is not None:
        view = {**view, "turn": None}  # ended by resigning: nobody's turn any more
    drawn = room.drawn[key] = Drawn(
        view=view,
        legal_moves=[
            LegalMove(move=move, words=parts.describe(state, move, lang)) for move in legal
        ],
        board_svg=parts.board_svg(state, seat, legal, last, lang, view=view),
    )
    return drawn


def _entry_out(room: Room, item: LogItem, lang: str) -> LogEntryOut:
    return LogEntryOut(
        seq=item.seq,
        seat=item.seat,
        move=item.entry if item.seat is not None or item.entry in room.state.game.events else None,
        words=item.words[lang],
        turn=item.turn,
    )


def _clock_out(room: Room) -> ClockOut | None:
    clock = room.table.clock
    if not clock:
        return None
    running = room.to_move() if room.table.status == TableStatus.RUNNING else None
    lefts: list[int | None] = []
    for index, seat in enumerate(room.seats):
        left = seat.time_left_ms
        if clock.get("mode") == "move":
            left = int(clock["seconds"] * 1000) if index == running else None
        if index == running and left is not None:
            left = max(0, left - int((time.time() - room.turn_started) * 1000))
        lefts.append(left)
    round_left: int | None = None
    if clock.get("round_seconds") and room.table.status == TableStatus.RUNNING:
        end = wall(room.table.started_at) + float(clock["round_seconds"])
        round_left = max(0, int((end - time.time()) * 1000))
    return ClockOut(
        mode=clock.get("mode"),
        seconds=clock.get("seconds"),
        time_left_ms=lefts,
        running=running,
        round_ends_in_ms=round_left,
    )
