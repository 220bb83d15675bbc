"""When a move may be taken back, worked out in one place, so the page offers "Take back"
exactly when the server grants it (never a button refused for a reason the page could
know). The rule: in a casual game without hidden cards, a person's last move that still
stands, as long as no chance outcome came after it (the next roll in the dice games
waits a moment for this: `Moves.hold_seconds`) and nothing hidden was shown by it (a
card of Mahé's pile turned face up: `State.revealed`).
"""

from __future__ import annotations

from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.table.log import replayed
from spieltisch.server.table.room import Room
from spieltisch.store.log_entries import standing
from spieltisch.store.models import SeatKind, TableStatus


def takeback_point(room: Room, seat: int) -> tuple[int, int]:
    """The seq to go back to (before `seat`'s last move that still stands) and how many
    entries that withdraws; Refusal when there is none, a chance outcome came since, or
    what was hidden before the move has been shown since."""
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
            keep = kept[index - 1] if index else 0
            before = item.before or replayed(room.state, room.log, item.seq - 1)
            if before.revealed() != room.state.revealed():
                raise Refusal(
                    Code.CONFLICT,
                    _(
                        "your last move turned a hidden card face up: "
                        "it cannot be taken back, as everyone has seen the card"
                    ),
                )
            return keep, len(kept) - index
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
    try:
        takeback_point(room, seat)
    except Refusal:
        return False
    return True
