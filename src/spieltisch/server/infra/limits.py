"""Rate limits: a token bucket per action and per account or address.

The actions are moves, chat lines, new tables (per account and per address), new
guest accounts (per address: otherwise a new guest would start with fresh buckets),
sign-in attempts (`sign_in_wait`: per username and address, per address, and a softer
ceiling per username), claiming an account, uploaded records, new tournaments and
reviews asked for (per account and per address).
A move that is played costs nothing (the game itself allows one per position, and a
fast bot must not be stopped); `moves` counts the move messages that change nothing
(refused, repeated) and the requests for a position (`sync`, `language`), which are what
a flood is made of.

A bucket holds at most `burst` tokens and refills `burst` of them every `period`
seconds; each action takes one. A person never notices (the bursts are far above what
a hand at a table does); a script that floods moves, chat or new tables is refused with
a clear message saying when to try again, and nothing it sent is applied.

Open tables are limited by count, not rate (`RateLimits.open_tables`): a table waiting
for players is a seek in lichess's words, and one person's or one address's many seeks
would fill the lobby however slowly they were made.
"""

from __future__ import annotations

import re
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

ACTIONS = (
    "moves",
    "chat",
    "tables",
    "accounts",
    "signin",
    "claims",
    "records",
    "tournaments",
    "reviews",
)
OPEN_PER_ACCOUNT = 10
OPEN_PER_ADDRESS = 20
"""A household or a club behind one address has room; guests made in a row do not."""
CONNECTIONS_PER_ADDRESS = 60
"""WebSockets one address keeps open at once in one process: a club behind one address
with two tabs each has room; a flood of handshakes does not use up the open files."""
SIGNIN_CEILING = 10
"""The ceiling of sign-in attempts at one username from every address together, in
multiples of the rate per (username, address)."""
KNOWN_PAIRS = 50_000
"""How many (username, address) pairs that signed in are remembered (least recent go)."""
_RATE = re.compile(r"^\s*(\d+)\s*/\s*(\d+(?:\.\d+)?)?\s*(s|min|h)?\s*$")
_UNIT = {"s": 1.0, "min": 60.0, "h": 3600.0, None: 1.0}


@dataclass(frozen=True)
class Rate:
    """`burst` actions at once, refilled evenly over `period` seconds."""

    burst: int
    period: float

    @classmethod
    def parse(cls, text: str) -> Rate:
        """`40/10s`, `12/min`, `30/1h`: a count per period (s, min or h; s by default)."""
        found = _RATE.match(text)
        if found is not None and found.group(2) is None and found.group(3) is None:
            found = None  # "12/" says no period
        if found is None or int(found.group(1)) < 1 or float(found.group(2) or 1) <= 0:
            raise ValueError(
                f"not a rate: {text!r}; write COUNT/PERIOD with a period in s, min or h, "
                "for example 40/10s or 12/min"
            )
        return cls(int(found.group(1)), float(found.group(2) or 1) * _UNIT[found.group(3)])

    def __str__(self) -> str:
        return f"{self.burst}/{self.period:g}s"


@dataclass(frozen=True)
class RateLimits:
    """The rates per action, for one account and for one network address."""

    per_account: dict[str, Rate] = field(
        default_factory=lambda: {
            "moves": Rate(60, 3.0),
            "chat": Rate(12, 60.0),
            "tables": Rate(20, 60.0),
            "signin": Rate(10, 300.0),
            "claims": Rate(10, 300.0),
            "records": Rate(20, 60.0),
            "tournaments": Rate(10, 600.0),
            "reviews": Rate(6, 600.0),
        }
    )
    per_address: dict[str, Rate] = field(
        default_factory=lambda: {
            "moves": Rate(300, 3.0),
            "chat": Rate(60, 60.0),
            "tables": Rate(120, 60.0),
            "accounts": Rate(300, 60.0),
            "signin": Rate(30, 300.0),
            "claims": Rate(30, 300.0),
            "records": Rate(60, 60.0),
            "tournaments": Rate(30, 600.0),
            "reviews": Rate(60, 600.0),
        }
    )
    open_tables: dict[str, int] = field(
        default_factory=lambda: {"account": OPEN_PER_ACCOUNT, "address": OPEN_PER_ADDRESS}
    )
    """At most how many open tables (not a tournament's) one account sits at, and how many
    made from one address still have a person seated, before a new one is refused."""
    connections: int = CONNECTIONS_PER_ADDRESS
    """At most how many WebSockets one address keeps open in one process."""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RateLimits:
        """Back from `dataclasses.asdict` (the settings `serve --workers N` hands on)."""

        def rates(scope: dict[str, dict[str, float]]) -> dict[str, Rate]:
            return {
                action: Rate(int(r["burst"]), float(r["period"])) for action, r in scope.items()
            }

        return cls(
            rates(data["per_account"]),
            rates(data["per_address"]),
            {scope: int(count) for scope, count in data["open_tables"].items()},
            int(data.get("connections", CONNECTIONS_PER_ADDRESS)),
        )

    def with_rate(self, spec: str) -> RateLimits:
        """This set with one rate changed: `account:moves=60/3s` or `address:tables=120/min`;
        or a count of open tables (`address:open_tables=50`) or of WebSockets open from
        one address (`address:connections=100`)."""
        scope, _sep, rest = spec.partition(":")
        action, _eq, rate = rest.partition("=")
        if scope == "address" and action == "connections":
            if not rate.strip().isdigit() or int(rate) < 1:
                raise ValueError(
                    f"not a count of connections: {rate!r} in {spec!r}; write a whole "
                    "number from 1, for example address:connections=60"
                )
            return replace(self, connections=int(rate))
        if scope in ("account", "address") and action == "open_tables":
            if not rate.strip().isdigit() or int(rate) < 1:
                raise ValueError(
                    f"not a count of open tables: {rate!r} in {spec!r}; write a whole "
                    f"number from 1, for example {scope}:open_tables=20"
                )
            return replace(self, open_tables={**self.open_tables, scope: int(rate)})
        if scope not in ("account", "address") or action not in ACTIONS or not rate:
            raise ValueError(
                f"not a rate limit: {spec!r}; write account:ACTION=RATE or "
                f"address:ACTION=RATE with ACTION one of {', '.join(ACTIONS)}, "
                "or account:open_tables=COUNT, address:open_tables=COUNT or "
                "address:connections=COUNT"
            )
        parsed = Rate.parse(rate)
        if scope == "account":
            return replace(self, per_account={**self.per_account, action: parsed})
        return replace(self, per_address={**self.per_address, action: parsed})


@dataclass
class _Bucket:
    tokens: float
    at: float


class Buckets:
    """Token buckets by key; the least recently used are forgotten past `capacity` (a
    forgotten bucket is a full one, so forgetting never refuses anybody)."""

    def __init__(self, capacity: int = 50_000, clock: Callable[[], float] = time.monotonic):
        self.capacity = capacity
        self.clock = clock
        self._buckets: OrderedDict[tuple[str, str, str], _Bucket] = OrderedDict()

    def wait(self, key: tuple[str, str, str], rate: Rate, take: bool = True) -> float:
        """Seconds until `key` may act again under `rate`; 0 when it may now (and then a
        token is taken, unless `take` is false: only asking)."""
        moment = self.clock()
        bucket = self._buckets.pop(key, None) or _Bucket(float(rate.burst), moment)
        refill = rate.burst / rate.period
        bucket.tokens = min(float(rate.burst), bucket.tokens + (moment - bucket.at) * refill)
        bucket.at = moment
        self._buckets[key] = bucket
        while len(self._buckets) > self.capacity:
            self._buckets.popitem(last=False)
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0 if take else 0.0
            return 0.0
        return (1.0 - bucket.tokens) / refill


class RateLimiter:
    """Asks the account's and the address's bucket of an action; both must allow it."""

    def __init__(self, limits: RateLimits | None, buckets: Buckets | None = None) -> None:
        self.limits = limits
        self.buckets = buckets or Buckets()
        self._known: OrderedDict[tuple[str, str | None], None] = OrderedDict()

    def wait(
        self, action: str, account: int | str | None, address: str | None, take: bool = True
    ) -> float:
        """Seconds to wait before `action` is allowed; 0 (and counted, unless `take` is
        false) when it is now.

        Both buckets are asked, so a refusal by one still spends a token of the other:
        a flood is a flood whichever limit it meets first.
        """
        if self.limits is None:
            return 0.0
        waits = [0.0]
        rate = self.limits.per_account.get(action)
        if account is not None and rate is not None:
            waits.append(self.buckets.wait(("account", str(account), action), rate, take))
        rate = self.limits.per_address.get(action)
        if address is not None and rate is not None:
            waits.append(self.buckets.wait(("address", address, action), rate, take))
        return max(waits)

    def sign_in_wait(self, username: str, address: str | None) -> float:
        """Seconds before a sign-in at `username` from `address` is allowed (0: now, and
        counted).

        As OWASP's guidance has it, the attempts are limited per (username, address)
        (`account:signin`) and per address (`address:signin`), so wrong passwords sent
        from elsewhere never lock the owner out. A ceiling per username from every
        address together, `SIGNIN_CEILING` times softer, stops a guessing spread over
        many addresses; it does not apply to an address that signed in to this username
        before (`signed_in`), so even then the owner's own machines still get in."""
        if self.limits is None:
            return 0.0
        waits = [0.0]
        pair = self.limits.per_account.get("signin")
        if pair is not None:
            key = ("pair", f"{username} {address}", "signin")
            waits.append(self.buckets.wait(key, pair))
            if (username, address) not in self._known:
                ceiling = Rate(pair.burst * SIGNIN_CEILING, pair.period)
                waits.append(self.buckets.wait(("account", username, "signin"), ceiling))
        rate = self.limits.per_address.get("signin")
        if address is not None and rate is not None:
            waits.append(self.buckets.wait(("address", address, "signin"), rate))
        return max(waits)

    def signed_in(self, username: str, address: str | None) -> None:
        """`address` signed in to `username`: the ceiling per username no longer holds
        it back."""
        self._known[(username, address)] = None
        self._known.move_to_end((username, address))
        while len(self._known) > KNOWN_PAIRS:
            self._known.popitem(last=False)
