"""Questions asked at a table (`ask`): answered in words from the asking connection's
seat's view alone (a watcher's: the spectators' view), so nobody hears what their seat
may not see. A question the game does not know, or a bad field, is refused saying why."""

from __future__ import annotations

from spieltisch.core.questions import QuestionError
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.messages import AnswerOut
from spieltisch.server.table import parts
from spieltisch.server.table.room import Connection, Room
from spieltisch.server.table.view import ENDED


def answer(room: Room, connection: Connection, question: str, argument: str) -> AnswerOut:
    """The answer for `connection` (holding the room's lock); a `Refusal` (invalid) for a
    question the game cannot answer as asked."""
    seat = connection.seat
    view = room.state.view(seat)
    if room.table.status in ENDED and view.get("turn") is not None:
        view = {**view, "turn": None}
    try:
        text = parts.answer(room.state.game, view, seat, question, argument, connection.language)
    except QuestionError as wrong:
        raise Refusal(Code.INVALID, str(wrong)) from None
    return AnswerOut(question=question, argument=argument, text=text)
