"""What the tables' events mean for notifications: a subscriber of the publisher
(`table/publish.py`) that writes to the outbox "your turn", "game over" and "a chat
message" for the people of a table who are not at it (anywhere: a person with the
table open sees it there), and the lobby's invitations (`invitations`).

Each notification's key names the happening (table, position, account, channel), so a
happening heard by two processes (a move committed by one, followed by the other) is
one row. What a move causes ("your turn" to the next person when they are away, "game
over") is written in the move's own transaction (`on_commit`, one row for every channel
that the sender spreads, `spread`): a crash between the two can neither lose nor repeat
it. The rest (a chat line, a deadline told, a game given up) is written right after the
commit that caused it, by the process that heard it; the sender (`outbox.py`) delivers
them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.core import State, game_class
from spieltisch.server.services import turn_notices
from spieltisch.server.services.contacts import chosen
from spieltisch.server.services.reminders import deadlines, drop_stale, plan
from spieltisch.server.services.unit_of_work import transaction
from spieltisch.server.table.background import Background
from spieltisch.server.table.events import (
    ChatLine,
    ClockRanOut,
    EntriesCommitted,
    EntriesFollowed,
    Event,
    GameFinished,
)
from spieltisch.server.table.room import Room
from spieltisch.store import Database
from spieltisch.store.database import UNAVAILABLE
from spieltisch.store.models import GameTable, Seat, SeatKind, TableStatus, now
from spieltisch.store.notify import (
    EVERY_CHANNEL,
    ContactRow,
    Notice,
    OutboxRow,
    add_notices,
    contacts,
)
from spieltisch.store.push import subscriptions
from spieltisch.store.tables import account_names

logger = logging.getLogger("spieltisch.notify")


@dataclass(frozen=True)
class Happening:
    """Something one account is to be told of: `stem` plus the channel is its key."""

    kind: str
    account_id: int
    stem: str
    payload: dict[str, Any]
    due_at: datetime | None = None


def _title(game: str) -> str:
    try:
        return game_class(game).title
    except Exception:
        return game


def _away(room: Room) -> dict[int, int]:
    """The people's seats (seat -> account) with no connection open anywhere."""
    here = room.seated_anywhere()
    return {
        index: seat.account_id
        for index, seat in enumerate(room.seats)
        if seat.kind == SeatKind.HUMAN
        and seat.account_id is not None
        and seat.substituted is None
        and index not in here
    }


def _base(room: Room) -> dict[str, Any]:
    return {"table": room.id, "game": room.table.game, "title": _title(room.table.game)}


def _finished(
    room: Room, away: dict[int, int], result: Mapping[str, Any] | None
) -> list[Happening]:
    """ "Game over" to each person away, with their place."""
    ranking = (result or {}).get("ranking") or []
    return [
        Happening(
            "finished",
            account,
            f"finished:{room.id}:{account}",
            {**_base(room), "place": ranking[index] if index < len(ranking) else None},
        )
        for index, account in away.items()
    ]


def on_commit(room: Room, state: State, seq: int, result: Mapping[str, Any] | None) -> list[Notice]:
    """What a move about to be stored tells whom, stored with it (`Moves.told`): "your
    turn" to the next person to move when they are away, "game over" to those away.
    One row for every channel (`EVERY_CHANNEL`): whom they reach is read when sent."""
    away = _away(room)
    if not away:
        return []
    found = []
    seat = state.current_player
    if result is None and seat in away:
        stem = f"turn:{room.id}:{seq}:{away[seat]}"
        found.append(Happening("turn", away[seat], stem, {**_base(room), "seq": seq}))
    if result is not None:
        found += _finished(room, away, result)
    return [Notice(h.stem, h.account_id, h.kind, EVERY_CHANNEL, h.payload) for h in found]


async def spread(
    session: AsyncSession, rows: Sequence[OutboxRow], digest_seconds: float, moment: datetime
) -> int:
    """Write the rows of each channel the accounts of `rows` (`EVERY_CHANNEL`) chose,
    under the keys a write after the commit would have used (so one written either way
    is one); how many."""
    found = [Happening(r.kind, r.account_id, r.key, dict(r.payload)) for r in rows]
    return await write(session, found, digest_seconds, moment)


def happenings(room: Room, events: Sequence[Event]) -> list[Happening]:
    """What `events` at `room` tell whom (pure: read from the room as it is now). A
    move's own "your turn" and "game over" were stored with it (`on_commit`)."""
    table = room.id
    base = _base(room)
    found: list[Happening] = []
    away = _away(room)
    running = room.table.status == TableStatus.RUNNING
    # A turn-based deadline told (also when a process takes the table up after a crash)
    # says whose turn it is too: the same key, so a turn written before is not again.
    turns = {
        (turn.account, turn.seq)
        for turn in deadlines(events)
        if running and turn.account is not None and turn.account in away.values()
    }
    for account, seq in sorted(turns, key=lambda pair: (pair[1], pair[0])):
        stem = f"turn:{table}:{seq}:{account}"
        found.append(Happening("turn", account, stem, {**base, "seq": seq}))
    moved = any(isinstance(e, EntriesCommitted | EntriesFollowed) for e in events)
    for event in events:
        if isinstance(event, GameFinished) and not moved:  # given up, claimed
            found += _finished(room, away, event.result)
        elif isinstance(event, ChatLine) and event.to is None:
            line = event.line
            if line.watchers and room.table.status == TableStatus.RUNNING:
                continue  # the watchers' room: players do not read it while they play
            for account in set(away.values()) - {line.account}:
                payload = {**base, "by": line.author, "text": line.text}
                found.append(Happening("chat", account, f"chat:{line.id}:{account}", payload))
    return found


def due(contact: ContactRow, channel: str, digest_seconds: float, moment: datetime) -> datetime:
    """When a notification on `channel` is due: at once, or an email of an account that
    chose a digest at the next digest moment (all of them together)."""
    if channel != "email" or not contact.digest:
        return moment
    step = max(60.0, digest_seconds)
    epoch = moment.timestamp()
    return moment + timedelta(seconds=step - epoch % step)


def notices(
    found: Sequence[Happening],
    reach: dict[int, ContactRow],
    digest_seconds: float,
    moment: datetime,
    pushing: Mapping[int, list[int]] | None = None,
) -> list[Notice]:
    """The outbox rows of `found`: one per channel each account chose that reaches it
    (a verified address, a webhook, each browser subscribed to Web Push: `pushing`);
    nothing for accounts nobody can reach."""
    rows = []
    for happening in found:
        contact = reach.get(happening.account_id)
        for channel in chosen(contact).get(happening.kind, []):
            if channel != "browser" and contact is None:
                continue
            if channel == "email" and not (contact and contact.email):
                continue
            if channel == "webhook" and not (contact and contact.webhook_url):
                continue
            if channel == "browser":  # an open tab shows it itself; Web Push the others
                rows += [
                    Notice(
                        f"{happening.stem}:push:{device}",
                        happening.account_id,
                        happening.kind,
                        "push",
                        {**happening.payload, "subscription": device},
                        happening.due_at or moment,
                    )
                    for device in (pushing or {}).get(happening.account_id, [])
                ]
                continue
            assert contact is not None
            when = happening.due_at or due(contact, channel, digest_seconds, moment)
            rows.append(
                Notice(
                    f"{happening.stem}:{channel}",
                    happening.account_id,
                    happening.kind,
                    channel,
                    happening.payload,
                    when,
                )
            )
    return rows


async def write(
    session: AsyncSession,
    found: Sequence[Happening],
    digest_seconds: float,
    moment: datetime | None = None,
) -> int:
    """Write the notices of `found` in the session's transaction; how many rows."""
    accounts = {h.account_id for h in found}
    reach = await contacts(session, accounts)
    pushing = await subscriptions(session, accounts)
    rows = notices(found, reach, digest_seconds, moment or now(), pushing)
    await add_notices(session, rows)
    return len(rows)


@dataclass(frozen=True)
class Planned:
    """What one batch of a table's events asks of the outbox: happenings to write, and
    whether the table's reminders change (a move, a deadline told)."""

    table: str
    seq: int
    found: list[Happening]
    reminders: bool
    told: dict[int, int]
    """The deadlines told in the batch (account -> timestamp): the reminders of another
    deadline of this position go."""


def planned(
    room: Room, events: Sequence[Event], moment: datetime, reminding: bool = True
) -> Planned:
    """Everything `events` at `room` mean for the outbox at `moment` (`reminding`: the
    table may have reminders waiting, which a move drops)."""
    found = happenings(room, events)
    base = _base(room)
    found += [Happening(*one) for one in turn_notices.told(room.id, base, events, moment)]
    coming = [r for turn in deadlines(events) for r in plan(room.id, base, turn, moment)]
    found += [Happening("reminder", r.account_id, r.key, r.payload, r.due_at) for r in coming]
    moved = any(isinstance(e, EntriesCommitted | EntriesFollowed) for e in events)
    told = {
        turn.account: int(turn.deadline.timestamp())
        for turn in deadlines(events)
        if turn.account is not None
    }
    return Planned(room.id, room.seq, found, (moved and reminding) or bool(told), told)


def _plans(event: Event) -> bool:
    """Whether `planned` may find a happening in `event` besides its deadline (a table's
    end, a chat line, a turn-based clock's notice): a batch of none of them, with no
    deadline and no reminders to drop, plans nothing."""
    told = GameFinished | ChatLine | ClockRanOut
    return isinstance(event, told) or turn_notices.is_bank_used(event)


def _turn_based(room: Room) -> bool:
    return room.clock is not None and room.clock.turn_based


class TableNotices:
    """The publisher's subscriber: works out what to tell whom while holding the room's
    lock, and writes it in the background (the lock is not held for the database)."""

    def __init__(
        self,
        database: Database,
        background: Background,
        wake: Callable[[], None],
        digest_seconds: float,
        clock: Callable[[], datetime] = now,
    ) -> None:
        self.database = database
        self.background = background
        self.wake = wake
        self.digest_seconds = digest_seconds
        self.clock = clock
        self.reminding: set[str] = set()
        """The tables not turn-based this process told a deadline at (reminders only
        come of a deadline; a turn-based table may have them from another process)."""

    def heard(self, room: Room, events: Sequence[Event]) -> None:
        """A move at a real-time table with no deadline ever told here has no reminders
        to drop: no transaction (it was one for every move at every live table), and no
        plan worked out (`_plans`)."""
        told = deadlines(events)
        if told and not _turn_based(room):
            self.reminding.add(room.id)
        reminding = _turn_based(room) or room.id in self.reminding
        moved = any(isinstance(e, EntriesCommitted | EntriesFollowed) for e in events)
        if told or (moved and reminding) or any(_plans(e) for e in events):
            plan_ = planned(room, events, self.clock(), reminding)
            if plan_.found or plan_.reminders:
                self.background.spawn(self.write(plan_))
                return
        if any(isinstance(e, EntriesCommitted) for e in events) and _away(room):
            self.wake()  # the move stored notifications of its own

    async def write(self, plan_: Planned) -> None:
        """Write what `plan_` asks in one transaction (and wake the sender)."""
        try:
            async with transaction(self.database) as session:
                if plan_.reminders:
                    await drop_stale(session, plan_.table, plan_.seq, plan_.told)
                written = await write(session, plan_.found, self.digest_seconds, self.clock())
        except UNAVAILABLE as away:  # lost: a deadline told again writes a turn's again
            logger.warning("notifications not written, database away: %s", type(away).__name__)
            return
        except Exception:
            logger.exception("notifications not written: %s", [h.stem for h in plan_.found])
            return
        if written:
            self.wake()


async def invitations(
    session: AsyncSession, table: GameTable, seats: Sequence[Seat], by: int, digest: float
) -> None:
    """The invitations of a new table's reserved seats, in the table's own transaction
    (`by`: the account that made it)."""
    names = await account_names(session, {by})
    base = {"table": table.id, "game": table.game, "title": _title(table.game)}
    base["by"] = names.get(by, "?")
    found = [
        Happening("invitation", seat.account_id, f"invite:{table.id}:{seat.account_id}", base)
        for seat in seats
        if seat.kind == SeatKind.RESERVED and seat.account_id is not None
    ]
    if found:
        await write(session, found, digest)
