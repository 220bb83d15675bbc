"""What a server is started with: the database, the address, limits and AI pacing."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any

from spieltisch.server.infra.limits import RateLimits

ENVIRONMENT = "SPIELTISCH_SERVE_SETTINGS"
"""Where `serve --workers N` leaves the settings for its worker processes."""
PARENT_ENVIRONMENT = "SPIELTISCH_SERVE_PARENT"
"""Where it leaves its own process id: a worker whose parent is not that one any more
(the parent died) stops."""
TRANSPORT_LIMIT = 4 * 1_048_576
"""The longest WebSocket frame uvicorn reads at all: up to it, the server closes an
over-long message itself (1009 with a reason in the connection's language); beyond it,
uvicorn closes with 1009 before reading the frame, without a reason."""


@dataclass(frozen=True)
class Settings:
    database_url: str
    host: str = "127.0.0.1"
    port: int = 8000
    allowed_origins: tuple[str, ...] = ()
    """Origins allowed to open WebSockets besides the server's own address."""
    ai_workers: int = 1
    ai_quick_workers: int = 1
    """Workers that take only quick jobs (an easy computer move), beside `ai_workers`."""
    ai_processes: bool = True
    """Computer seats think in worker processes (True) or threads (False, for tests)."""
    abort_unplayed_seconds: float | None = 600.0
    """A running table (not a tournament's) where no person has moved this long after the
    start, with nobody at it, is aborted; None: never."""
    ai_pace: float = 0.8
    """Seconds at least between a computer seat's moves, so a person can follow."""
    ai_budget: str | None = None
    """A budget for every computer seat (`200`, `0.2s`) instead of its level's own."""
    review_budget: str | None = None
    """The budget of each search of a game's review; None: `ai_budget`, else the review's
    own (reproducible) iteration counts."""
    secure_cookies: bool = False
    max_message_bytes: int = 16_384
    """Longer messages are answered `too_large` (the connection stays)."""
    max_frame_bytes: int = 1_048_576
    """Longer ones close the connection (1009, with a reason in its language)."""
    max_request_bytes: int = 262_144
    chat_max_length: int = 500
    rate_limits: RateLimits | None = field(default_factory=RateLimits)
    """Moves, chat lines and new tables per account and per address (None: no limits)."""
    claim_after_seconds: float = 300.0
    """How long a person's seat must be away before the others may hand it to the
    computer (a running game without anyone to move must not stay stuck)."""
    abandon_after_seconds: float | None = 3 * 24 * 3600.0
    """How long a running table (not a tournament's) may have no person at it before it
    ends as abandoned (no result, nobody rated); None: never."""
    takeback_seconds: float = 3.0
    """In a casual dice game, how long the next roll waits after a person's move, so that
    they may take it back (the page offers it exactly then); 0: rolled at once."""
    idle_seconds: float | None = 60.0
    """How long a running table nobody watches stays in memory without a move; then it
    leaves, and comes back for its next clock or round deadline or when opened (None:
    it stays)."""
    turn_check_seconds: float = 30.0
    """How often a process looks for turn-based tables whose deadline has come."""
    vacation_days: float = 21.0
    """The vacation a player may take each year: their clocks in turn-based games (not
    tournament games) stand still meanwhile."""
    migrate: bool = True
    workers: int = 1
    """Server processes sharing the port (PostgreSQL only)."""
    max_connections: int | None = None
    """Table WebSockets this process keeps open at most (None: no bound); one more is
    closed with 1013, try again later (`infra/sockets.py`)."""
    sweep_seconds: float = 1.0
    """How often a process looks for running tables whose owner died (PostgreSQL)."""
    static_dirs: tuple[str, ...] = field(default_factory=tuple)
    smtp: str | None = None
    """The SMTP server email goes through (`infra/mail.py`); None: no email is sent."""
    mail_from: str = "spieltisch <spieltisch@localhost>"
    """The sender of the emails."""
    public_url: str | None = None
    """The address people open the site at, for the links in emails (None: the server's
    own address)."""
    digest_seconds: float = 24 * 3600.0
    """How often the emails of an account that chose a digest are gathered into one."""
    outbox_lease_seconds: float = 120.0
    """How long a process holds a notification it is delivering: one whose process died
    is delivered by another (or the restarted one) after this."""
    outbox_poll_seconds: float = 2.0
    """How often the sender looks for notifications written by other processes or
    falling due (reminders, digests); its own it sends at once."""
    vapid_key: str | None = None
    """The file of the VAPID private key (PEM) Web Push notifications are signed with
    (`spieltisch push-keys` makes one); None: no Web Push."""

    def site(self) -> str:
        """The site's address as links in emails start (no slash at the end)."""
        if self.public_url:
            return self.public_url.rstrip("/")
        host = "127.0.0.1" if self.host in ("0.0.0.0", "::", "") else self.host
        return f"http://{host}:{self.port}"

    def origins(self) -> set[str]:
        """The origins a WebSocket may come from: the server's own address and the allowed."""
        own = {f"http://{self.host}:{self.port}", f"https://{self.host}:{self.port}"}
        if self.host in ("127.0.0.1", "0.0.0.0", "::"):
            own |= {f"http://localhost:{self.port}", f"http://127.0.0.1:{self.port}"}
        return own | set(self.allowed_origins)

    def to_json(self) -> str:
        return json.dumps(dataclasses.asdict(self))

    @classmethod
    def from_json(cls, text: str) -> Settings:
        data: dict[str, Any] = json.loads(text)
        for name in ("allowed_origins", "static_dirs"):
            data[name] = tuple(data.get(name, ()))
        limits = data.get("rate_limits")
        if limits is not None:
            data["rate_limits"] = RateLimits.from_dict(limits)
        return cls(**data)
