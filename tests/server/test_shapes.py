"""`shaped` answers as `isinstance` against a runtime-checkable Protocol does, also for
objects whose attributes are not their class's (`services/shapes.py`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from types import SimpleNamespace

from spieltisch.server.services.reminders import Deadline
from spieltisch.server.services.shapes import shaped
from spieltisch.server.table.events import EntriesCommitted, TimeBankUsed, TurnStarted

MOMENT = datetime(2026, 12, 7, tzinfo=UTC)


@dataclass
class Loose:
    """A dataclass that is not frozen: an instance may be given more attributes."""

    account: int | None
    seq: int


def test_the_shape_of_each_event_is_the_protocols() -> None:
    events: list[object] = [
        TurnStarted(0, 1, 2, MOMENT, MOMENT),
        TimeBankUsed(0, 1, 2, 1000, MOMENT),
        EntriesCommitted(1, 2, 0),
        SimpleNamespace(account=1, seq=2, deadline=MOMENT),
        SimpleNamespace(account=1, seq=2),
        Loose(1, 2),
    ]
    late = Loose(1, 2)
    late.deadline = MOMENT  # type: ignore[attr-defined]
    events.append(late)
    for _ in range(2):  # the second time from what the first found
        assert [shaped(e, Deadline) for e in events] == [isinstance(e, Deadline) for e in events]
    assert [shaped(e, Deadline) for e in events] == [True, True, False, True, False, False, True]
