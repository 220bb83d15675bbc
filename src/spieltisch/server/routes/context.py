"""What the request handlers share: the database, sessions, the runtime, the reviews,
the settings, the rate limiter."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from spieltisch.core.i18n import LANGUAGES
from spieltisch.server.i18n import _
from spieltisch.server.infra.addresses import address_group
from spieltisch.server.infra.auth import Sessions
from spieltisch.server.infra.draining import Draining
from spieltisch.server.infra.keyed_locks import KeyedLocks
from spieltisch.server.infra.limits import RateLimiter
from spieltisch.server.infra.passwords import PasswordWork
from spieltisch.server.infra.settings import Settings
from spieltisch.server.infra.sockets import ENDED, EVERY, OpenSockets, session_mark
from spieltisch.server.infra.workers import WorkerPool
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.services.accounts import Accounts
from spieltisch.server.services.clubs import Clubs
from spieltisch.server.services.contacts import Contacts
from spieltisch.server.services.lobby import Lobby
from spieltisch.server.services.outbox import Sender
from spieltisch.server.services.play_aids import PlayAids
from spieltisch.server.services.push_devices import PushDevices
from spieltisch.server.services.ratings import Ratings
from spieltisch.server.services.records import Records
from spieltisch.server.services.reviews import Reviews
from spieltisch.server.services.rounds import OnlineRounds
from spieltisch.server.services.tournaments import Tournaments
from spieltisch.server.table.replays import Replays
from spieltisch.server.table.runtime import Runtime
from spieltisch.store import Database


@dataclass
class Services:
    settings: Settings
    database: Database
    sessions: Sessions
    pool: WorkerPool
    runtime: Runtime
    reviews: Reviews
    limiter: RateLimiter
    passwords: PasswordWork
    replays: Replays = field(default_factory=Replays)
    draining: Draining = field(default_factory=Draining)
    sockets: OpenSockets = field(default_factory=OpenSockets)
    sender: Sender | None = None
    """Delivers the notifications of the outbox (set by the app's lifespan)."""
    starting: KeyedLocks = field(default_factory=KeyedLocks)
    """The process's starts of one table, one at a time (`Lobby.start`): every request's
    lobby shares them."""

    @property
    def contacts(self) -> Contacts:
        sender = self.sender
        assert sender is not None
        return Contacts(
            self.database, sender.tokens, self.passwords, sender.smtp is not None, sender.wake
        )

    @property
    def push_devices(self) -> PushDevices:
        sender = self.sender
        pusher = sender.pusher if sender is not None else None
        return PushDevices(self.database, pusher.public_key if pusher else None)

    @property
    def lobby(self) -> Lobby:
        return Lobby(self.database, self.runtime, self.settings.digest_seconds, self.starting)

    @property
    def accounts(self) -> Accounts:
        return Accounts(self.database, self.passwords)

    @property
    def records(self) -> Records:
        return Records(self.database)

    @property
    def rounds(self) -> OnlineRounds:
        return OnlineRounds(self.database, self.runtime)

    @property
    def ratings(self) -> Ratings:
        return Ratings(self.rounds.store, self.lobby, self.accounts)

    @property
    def tournaments(self) -> Tournaments:
        return Tournaments(self.rounds, self.accounts)

    @property
    def clubs(self) -> Clubs:
        return Clubs(self.database, self.tournaments)

    @property
    def play_aids(self) -> PlayAids:
        return PlayAids(self.runtime, self.pool)


def services(connection: HTTPConnection) -> Services:
    found: Services = connection.app.state.services
    return found


def signed_in(connection: HTTPConnection) -> int:
    """The account of the request (refused, not signed in, when there is none)."""
    return services(connection).sessions.required(connection)


Svc = Annotated[Services, Depends(services)]
"""A route's parameter for the services."""
Me = Annotated[int, Depends(signed_in)]
"""A route's parameter for the signed-in account (the route is refused without one)."""


async def end_sockets(svc: Services, account: int, session_id: str | None) -> None:
    """Close the WebSockets of `account`'s ended session (None: of every session) with
    4401, in this process now and in the others through the cluster's news."""
    mark = EVERY if session_id is None else session_mark(session_id)
    await svc.sockets.end(account, mark)
    await svc.runtime.cluster.announce(ENDED, mark, account)


def address(connection: HTTPConnection) -> str | None:
    """The client's network address as limits count it (behind a proxy, what uvicorn's
    proxy headers say): an IPv6 address stands for its /64 (`infra/addresses.py`)."""
    return address_group(connection.client.host if connection.client is not None else None)


def too_fast(action: str, seconds: float) -> str:
    """The refusal of a rate limit, in the current language, saying how long to wait."""
    wait = max(1, math.ceil(seconds))
    if action == "moves":
        return _("too many moves in a short time: wait {seconds} s and move again").format(
            seconds=wait
        )
    if action == "chat":
        return _("too many chat messages in a short time: wait {seconds} s").format(seconds=wait)
    if action == "tables":
        return _("too many new tables in a short time: wait {seconds} s").format(seconds=wait)
    if action == "records":
        return _("too many uploaded records in a short time: wait {seconds} s").format(seconds=wait)
    if action == "tournaments":
        return _("too many new tournaments in a short time: wait {seconds} s").format(seconds=wait)
    if action == "reviews":
        return _("too many reviews asked for in a short time: wait {seconds} s").format(
            seconds=wait
        )
    if action == "signin":
        return _("too many sign-in attempts in a short time: wait {seconds} s").format(seconds=wait)
    if action == "claims":
        return _("too many attempts to keep an account in a short time: wait {seconds} s").format(
            seconds=wait
        )
    return _("too many new accounts from your address: wait {seconds} s").format(seconds=wait)


def check_rate(connection: HTTPConnection, action: str, account: int | str | None) -> None:
    """Refuse an HTTP request over its rate (429 with Retry-After); count it otherwise."""
    svc = services(connection)
    over(action, svc.limiter.wait(action, account, address(connection)))


def over(action: str, wait: float) -> None:
    """Refuse (429 with Retry-After) when `wait` seconds are still to wait for `action`."""
    if wait > 0:
        raise Refusal(Code.TOO_MANY, too_fast(action, wait), retry_after=max(1, math.ceil(wait)))


def known_language(code: str) -> str:
    """`code` if it is de, en or fr; else refused in the request's language."""
    if code not in LANGUAGES:
        raise Refusal(
            Code.INVALID,
            _("unknown language {language}: allowed are de, en, fr").format(language=code),
        )
    return code
