"""The table's notices in words: what the server did on its own at a turn-based table (a
time bank used, a vacation, a clock run out and who played for it), in de/en/fr. Stored
as a kind and its data (`TableNotice`), put in words when shown."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, TypeGuard

from spieltisch.core.formats import moment
from spieltisch.core.i18n import language
from spieltisch.server.i18n import _, _n
from spieltisch.server.schemas.messages import NoticeOut
from spieltisch.server.table import parts
from spieltisch.server.table.events import ClockRanOut, TimeBankUsed, TurnNotice, VacationStarted
from spieltisch.server.table.room import Room
from spieltisch.store.models import TableNotice
from spieltisch.store.turns import moment as moment_of

BANK, VACATION, RAN_OUT = "bank", "vacation", "ran_out"
"""The kinds of notices."""


def duration(ms: int) -> str:
    """A time of days and hours in words ("2 days 4 hours"; under an hour: minutes)."""
    minutes = max(0, ms // 60_000)
    days, hours = divmod(minutes // 60, 24)
    if days == 0 and hours == 0:
        return _n("{count} minute", "{count} minutes", minutes).format(count=minutes)
    parts = []
    if days:
        parts.append(_n("{count} day", "{count} days", days).format(count=days))
    if hours:
        parts.append(_n("{count} hour", "{count} hours", hours).format(count=hours))
    return " ".join(parts)


def kind_and_data(event: TurnNotice) -> tuple[str, dict[str, Any]]:
    """How a notice event is stored."""
    if isinstance(event, TimeBankUsed):
        return BANK, {"bank_ms": event.bank_ms, "deadline": event.deadline.isoformat()}
    if isinstance(event, VacationStarted):
        return VACATION, {"until": event.until.isoformat()}
    return RAN_OUT, {"level": event.level}


def words(kind: str, data: Mapping[str, Any], who: str, lang: str) -> str:
    """A notice in words in `lang`; `who` names the seat's person."""
    with language(lang):
        if kind == BANK:
            return _(
                "{name}'s days for the move are over: the time bank is used "
                "({time}, until {deadline})."
            ).format(
                name=who,
                time=duration(int(data["bank_ms"])),
                deadline=moment(datetime.fromisoformat(data["deadline"])),
            )
        if kind == VACATION:
            return _("{name} is on vacation until {until}: their clock stands still.").format(
                name=who, until=moment(datetime.fromisoformat(data["until"]))
            )
        level = data.get("level")
        if level is None:
            return _("{name}'s time ran out: they lose the game.").format(name=who)
        return _(
            "{name}'s time ran out: the computer played this turn for them, at their level."
        ).format(name=who)


def notice_out(
    kind: str, seq: int, seat: int, data: Mapping[str, Any], who: str, lang: str, at: datetime
) -> NoticeOut:
    return NoticeOut(
        kind=kind, seq=seq, seat=seat, words=words(kind, data, who, lang), at=at.isoformat()
    )


def who(room: Room, seat: int, lang: str) -> str:
    """How a notice names a seat's person: their name, else the seat's mark."""
    account = room.seats[seat].account_id if seat < len(room.seats) else None
    name = room.names.get(account) if account is not None else None
    return name or parts.seat_marks(room.state.game, lang)[seat]


def told(room: Room, event: TurnNotice, lang: str) -> NoticeOut:
    """A notice event as a connection reading `lang` is told it, now."""
    kind, data = kind_and_data(event)
    name = who(room, event.seat, lang)
    return notice_out(kind, room.seq, event.seat, data, name, lang, moment_of(room.now()))


def stored(room: Room, row: TableNotice, lang: str) -> NoticeOut:
    """A notice the table's log keeps, for a connection reading `lang`."""
    name = who(room, row.seat, lang)
    return notice_out(row.kind, row.seq, row.seat, row.data, name, lang, row.created_at)


def is_notice(event: object) -> TypeGuard[TurnNotice]:
    """Whether an event goes into the table's log of notices (a clock run out only at a
    turn-based table: a real-time one shows in the position)."""
    if isinstance(event, ClockRanOut):
        return event.turn_based
    return isinstance(event, TimeBankUsed | VacationStarted)
