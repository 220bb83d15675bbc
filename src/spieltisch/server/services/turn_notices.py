"""What the turn-based clocks did on their own, told to the person whose time it was
("nothing happens silently"): their time bank started to run (a reminder, with the
hours left), or their time ran out and the computer played their turn for them, or
they lost (their turn). Read through interfaces, as `reminders.py` reads deadlines: the
clocks' `TimeBankUsed` (account, seq, bank_ms, deadline) and a `ClockRanOut` told
`turn_based` with the account and the level that played (None: they lost)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Protocol, TypeGuard, runtime_checkable

from spieltisch.server.services.shapes import shaped
from spieltisch.server.table.events import ClockRanOut


@runtime_checkable
class BankUsed(Protocol):
    @property
    def account(self) -> int | None: ...

    @property
    def seq(self) -> int: ...

    @property
    def bank_ms(self) -> int: ...

    @property
    def deadline(self) -> datetime: ...


def is_bank_used(event: object) -> TypeGuard[BankUsed]:
    return shaped(event, BankUsed)


def told(
    table: str, base: dict[str, Any], events: Sequence[object], moment: datetime
) -> list[tuple[str, int, str, dict[str, Any]]]:
    """(kind, account, key stem, payload) of each such event in `events`."""
    found = []
    for event in events:
        if is_bank_used(event) and event.account is not None:
            left = max(0.0, (event.deadline - moment).total_seconds())
            hours = max(1, math.ceil(left / 3600))
            payload = {**base, "bank": True, "hours": hours, "seq": event.seq}
            payload["deadline"] = event.deadline.isoformat()
            stem = f"bank:{table}:{event.seq}:{event.account}"
            found.append(("reminder", event.account, stem, payload))
        elif isinstance(event, ClockRanOut) and getattr(event, "turn_based", False):
            account = getattr(event, "account", None)
            if not isinstance(account, int):
                continue
            seq = getattr(event, "seq", None)
            level = getattr(event, "level", None)
            payload = {**base, "ran_out": True, "level": level, "seq": seq}
            found.append(("turn", account, f"ran_out:{table}:{seq}:{account}", payload))
    return found
