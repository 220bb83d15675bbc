"""A turn-based clock as a new table asks for it: days per move, a time bank, what
happens when the time runs out — checked (a clear refusal naming what is wrong) and put
as the table row keeps it (`store/clock.py`)."""

from __future__ import annotations

from typing import Any

from spieltisch.core.formats import number
from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.rest import ClockIn
from spieltisch.store.clock import ClockMode, OnTimeout
from spieltisch.store.turns import DAY

HOUR = 3600.0


def turn_clock(clock: ClockIn, players: int) -> dict[str, Any]:
    """The stored clock of a turn-based table of `players` seats. When the time runs
    out the computer plays that turn at the person's level, by default from three
    players on; in a game of two the person loses by default."""
    if clock.days is None:
        raise Refusal(Code.INVALID, _("a turn-based clock needs days per move (1 to 14)"))
    real_time = {
        "seconds": clock.seconds,
        "increment": clock.increment,
        "round_seconds": clock.round_seconds,
        "away_seconds": clock.away_seconds,
    }
    given = [name for name, value in real_time.items() if value is not None]
    if given:
        raise Refusal(
            Code.INVALID,
            _("a turn-based clock takes days and a time bank, not {fields}").format(
                fields=", ".join(given)
            ),
        )
    if clock.bank_max_days is not None and clock.bank_hours is None:
        raise Refusal(
            Code.INVALID, _("bank_max_days caps a time bank: give bank_hours (added per move)")
        )
    bank = (clock.bank_hours or 0.0) * HOUR
    cap = (clock.bank_max_days if clock.bank_max_days is not None else clock.days) * DAY
    if bank > cap:
        raise Refusal(
            Code.INVALID,
            _("the time bank's cap ({cap} days) is smaller than what a move adds").format(
                cap=number(cap / DAY)
            ),
        )
    default = OnTimeout.LOSE if players == 2 else OnTimeout.COMPUTER
    return {
        "mode": ClockMode.TURN.value,
        "days": clock.days,
        "seconds": clock.days * DAY,
        "bank_seconds": bank,
        "bank_max_seconds": cap if bank else 0.0,
        "on_timeout": clock.on_timeout or default.value,
    }
