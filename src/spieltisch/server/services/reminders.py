"""Reminders before a turn-based timeout: 24 h, 4 h and 1 h before the deadline of the
person to move, written to the outbox as notifications due then (so they survive
restarts and are sent once like any other).

The planner reads deadlines through an interface, not a particular event: any event
with `account`, `seq` and `deadline` (the turn-based clocks' `TurnStarted`, told again
when a vacation moves the deadline or a process takes the table up). A deadline told
again replaces the reminders of the old one not yet sent; a move made drops those of
the position it ended.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol, TypeGuard, runtime_checkable

from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.server.services.shapes import shaped
from spieltisch.store.notify import drop, waiting

HOURS = (24, 4, 1)
"""How long before the deadline each reminder goes."""


@runtime_checkable
class Deadline(Protocol):
    """A person to move by a moment: what the planner needs of a turn-based event."""

    @property
    def account(self) -> int | None: ...

    @property
    def seq(self) -> int: ...

    @property
    def deadline(self) -> datetime: ...


def is_deadline(event: object) -> TypeGuard[Deadline]:
    return shaped(event, Deadline)


@dataclass(frozen=True)
class Reminder:
    key: str
    account_id: int
    due_at: datetime
    payload: dict[str, Any]


def prefix(table: str) -> str:
    return f"remind:{table}:"


def plan(table: str, base: dict[str, Any], turn: Deadline, moment: datetime) -> list[Reminder]:
    """The reminders of `turn` still to come at `moment`: one for each of `HOURS` whose
    time has not passed (a move of one day starts with less than 24 h: its 24 h reminder
    would come with the "your turn" itself, and is left out)."""
    if turn.account is None:
        return []
    stamp = int(turn.deadline.timestamp())
    found = []
    for hours in HOURS:
        due = turn.deadline - timedelta(hours=hours)
        if due <= moment:
            continue
        found.append(
            Reminder(
                f"{prefix(table)}{turn.seq}:{turn.account}:{stamp}:{hours}",
                turn.account,
                due,
                {**base, "hours": hours, "seq": turn.seq, "deadline": turn.deadline.isoformat()},
            )
        )
    return found


async def drop_stale(session: AsyncSession, table: str, seq: int, told: Mapping[int, int]) -> None:
    """Drop the table's reminders not yet sent of positions before `seq` (a move ended
    them), and of position `seq` those of an account in `told` (account -> deadline, as
    a timestamp) for another deadline (a vacation moved it). Positions after `seq` are
    left alone: another process may have heard of a later move first; a deadline told
    again keeps its reminders, also those whose time passed while no process sent."""
    stale = []
    for row_id, key in await waiting(session, prefix(table)):
        position, account, stamp = (int(part) for part in key.split(":")[2:5])
        moved = account in told and told[account] != stamp
        if position < seq or (position == seq and moved):
            stale.append(row_id)
    await drop(session, stale, "no longer due")


def deadlines(events: Sequence[object]) -> list[Deadline]:
    """The deadline events of a batch (the last for each account counts)."""
    last: dict[int | None, Deadline] = {}
    for event in events:
        if is_deadline(event) and isinstance(event.deadline, datetime):
            last[event.account] = event
    return list(last.values())
