"""When a move may be taken back, worked out in one place, so the page offers "Take back"
exactly when the server grants it (never a button refused for a reason the page could
know). The rule: in a casual game without hidden cards, a person's last move that still
stands, as long as no chance outcome came after it (the next roll in the dice games
waits a moment for this: `Moves.hold_seconds`) and nothing hidden was shown by it (a
card of Mahé's pile turned face up: `State.revealed`).
"""

from __future__ import annotations

from collections.abc import Iterable

from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.table.log import LogItem, chance_turn, replayed
from spieltisch.server.table.room import Room
from spieltisch.store.log_entries import Move, standing_newest_first
from spieltisch.store.models import SeatKind, TableStatus


def takeback_point(room: Room, seat: int) -> tuple[int, int]:
    """The seq to go back to (before `seat`'s last move that still stands) and how many
    entries that withdraws; Refusal when there is none, a chance outcome came since, or
    what was hidden before the move has been shown since."""
    log = room.log
    newest_first = standing_newest_first(len(log), lambda seq: log[seq - 1].entry)
    for withdrawn, seq in enumerate(newest_first, start=1):
        item = log[seq - 1]
        if item.seat is None:
            raise Refusal(
                Code.CONFLICT,
                _(
                    "a chance outcome (a die, a card drawn) came after your last move: "
                    "nothing before it can be taken back"
                ),
            )
        if item.seat == seat:
            keep = next(newest_first, 0)
            before = item.before or replayed(room.state, room.log, item.seq - 1)
            if before.revealed() != room.state.revealed():
                raise Refusal(
                    Code.CONFLICT,
                    _(
                        "your last move turned a hidden card face up: "
                        "it cannot be taken back, as everyone has seen the card"
                    ),
                )
            return keep, withdrawn
    raise Refusal(Code.CONFLICT, _("you have no move to take back"))


def takeback_offered(room: Room, seat: int | None) -> bool:
    """Whether the person at `seat` may ask to take back now (the page's button): the
    table running and casual, the game without hidden cards, their seat their own (not
    given up), and a move of theirs that `takeback_point` grants."""
    if seat is None or room.table.status != TableStatus.RUNNING or not room.policy.takebacks:
        return False
    info = room.seats[seat]
    if info.kind != SeatKind.HUMAN or info.handed:
        return False
    shown = room.shown
    if shown is None or shown.seq != room.seq or shown.status != room.table.status:
        return _point_granted(room, seat)
    granted = shown.takeback.get(seat)
    if granted is None:  # once per position and seat: the log is walked back to the move
        granted = shown.takeback[seat] = _point_granted(room, seat)
    return granted


def _point_granted(room: Room, seat: int) -> bool:
    try:
        takeback_point(room, seat)
    except Refusal:
        return False
    return True


def roll_waits_for(room: Room, seat: int) -> bool:
    """Whether a roll that would end the takeback of `seat`'s move waits
    (`Room.hold_seconds`): a person's move in a casual game that allows takebacks."""
    return (
        room.hold_seconds > 0
        and room.policy.takebacks
        and room.seats[seat].account_id is not None
        and room.controller(seat) is None
    )


def taking_back(room: Room, newest_first: Iterable[LogItem]) -> int | None:
    """The person whose move may still be taken back at the end of these entries (theirs
    last, or computers' moves after theirs, with no chance outcome or takeback between);
    None when there is none, or no roll waits for them (`roll_waits_for`)."""
    for item in newest_first:
        entry = item.entry
        if not isinstance(entry, Move):
            return None
        if roll_waits_for(room, entry.seat):
            return entry.seat
    return None


def roll_is_held(room: Room, newest_first: Iterable[LogItem]) -> bool:
    """Whether the chance outcome pending after these entries is another player's roll
    that waits for the takeback moment of a person's move."""
    if room.hold_seconds <= 0 or not room.state.is_chance_node():
        return False
    mover = taking_back(room, newest_first)
    return mover is not None and chance_turn(room.state, None) not in (None, mover)


def held_roll_at(room: Room) -> float | None:
    """When the roll held after a person's move is due (the commit of the last entry,
    plus `hold_seconds`); None when no roll waits. The same in every process: each knows
    when the last entry was committed (`Room.turn_started`)."""
    if not roll_is_held(room, reversed(room.log)):
        return None
    return room.turn_started + room.hold_seconds
