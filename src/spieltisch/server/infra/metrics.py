"""The server's metrics in Prometheus's format (`GET /metrics`, `docs/hosting.md`).

One process keeps them in memory. `serve --workers N` gives its workers one folder
(`PROMETHEUS_MULTIPROC_DIR`, set before they start: prometheus-client picks its storage
when it is first imported), where each worker writes its own values and any worker
answering a scrape adds them all up (prometheus-client's multi-process mode); a gauge
of a worker that is gone stops counting at the next scrape."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from pathlib import Path

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.multiprocess import MultiProcessCollector, mark_process_dead

FOLDER = "PROMETHEUS_MULTIPROC_DIR"
CONTENT_TYPE = CONTENT_TYPE_LATEST
QUICK = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Buckets of what takes milliseconds when all is well (a move, a commit)."""
SLOW = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 120.0)
"""Buckets of a computer's move (a search may take seconds, waiting for a worker more)."""

CONNECTIONS = Gauge(
    "spieltisch_connections",
    "Open table WebSockets (people playing and watching).",
    multiprocess_mode="livesum",
)
MOVES = Counter(
    "spieltisch_moves",
    "Moves committed to the move log, by who made them (person or computer).",
    ["by"],
)
MOVE_LATENCY = Histogram(
    "spieltisch_move_latency_seconds",
    "From a person's move received to committed (stage=committed) and to its news in "
    "the outbox of every connection of this process (stage=sent).",
    ["stage"],
    buckets=QUICK,
)
COMMIT = Histogram(
    "spieltisch_commit_seconds",
    "Time of one append to the move log (its transaction and commit).",
    buckets=QUICK,
)
COMPUTER_PENDING = Gauge(
    "spieltisch_computer_moves_pending",
    "Computer moves asked for and not answered yet (waiting for a worker or thinking).",
    multiprocess_mode="livesum",
)
COMPUTER_SECONDS = Histogram(
    "spieltisch_computer_move_seconds",
    "From a computer move asked for to its answer (waiting for a worker and thinking), by level.",
    ["level"],
    buckets=SLOW,
)
REFUSALS = Counter(
    "spieltisch_refusals",
    "Requests and messages refused, by code (docs/web.md) and transport (http, ws).",
    ["code", "transport"],
)
NOTIFICATIONS_SENT = Counter(
    "spieltisch_notifications_sent",
    "Notifications delivered (an email accepted by the SMTP server, a webhook answered "
    "2xx), by channel; a digest delivers several in one email.",
    ["channel"],
)
NOTIFICATIONS_RETRIED = Counter(
    "spieltisch_notifications_retried",
    "Deliveries that failed and will be tried again later (the mail server or the "
    "webhook did not take it), by channel.",
    ["channel"],
)
NOTIFICATIONS_FAILED = Counter(
    "spieltisch_notifications_failed",
    "Notifications given up without delivery, by channel and reason: gave_up (every "
    "attempt failed) or undeliverable (no SMTP server, no verified address, no webhook).",
    ["channel", "reason"],
)
NOTIFICATIONS_UNWANTED = Counter(
    "spieltisch_notifications_unwanted",
    "Notifications not sent because their account no longer wants them (unsubscribed "
    "or changed its choices after they were written), by channel.",
    ["channel"],
)
NOTIFICATIONS_REDELIVERED = Counter(
    "spieltisch_notifications_redelivered",
    "Deliveries begun again after the one before was cut off before its outcome was "
    "stored (a process killed mid-delivery): the receiver may have it twice, under the "
    "same Message-ID, Idempotency-Key or Topic (docs/notifications.md), by channel.",
    ["channel"],
)
TAKEOVERS = Counter(
    "spieltisch_takeovers",
    "Tables this process began to play (PostgreSQL): how=handover (a draining process let "
    "go of it) or how=sweep (found without a player: its process died).",
    ["how"],
)
OWNERSHIP_SWEEPS = Counter(
    "spieltisch_ownership_sweeps",
    "Rounds of this process's sweep for tables without a player (PostgreSQL, every "
    "--sweep-seconds).",
)
UNEXPECTED = Counter(
    "spieltisch_unexpected_errors",
    "Requests and WebSockets that failed with an error nobody expected (HTTP 500, close "
    "1011): each one is a fault to look for in the log.",
)

RECEIVED: ContextVar[float | None] = ContextVar("move_received", default=None)
"""When the move being played was received (`time.perf_counter`), for its latency."""


def level_of(controller: str) -> str:
    """A computer seat's level as a label (`expert@200` → `expert`): few values."""
    return controller.split("@")[0]


@contextlib.contextmanager
def pending_computer_move(level: str) -> Iterator[None]:
    """Counts a computer move from asked to answered."""
    started = time.perf_counter()
    COMPUTER_PENDING.inc()
    try:
        yield
    finally:
        COMPUTER_PENDING.dec()
        COMPUTER_SECONDS.labels(level_of(level)).observe(time.perf_counter() - started)


def committed(seconds: float, by: str | None) -> None:
    """One append took `seconds`; `by` made its move (None: chance or a takeback)."""
    COMMIT.observe(seconds)
    if by is None:
        return
    MOVES.labels(by).inc()
    received = RECEIVED.get()
    if received is not None and by == "person":
        MOVE_LATENCY.labels("committed").observe(time.perf_counter() - received)


def notification_settled(channel: str, how: str) -> None:
    """One notification after a delivery: `how` sent, retried, unwanted, or failed
    as gave_up or undeliverable."""
    if how == "sent":
        NOTIFICATIONS_SENT.labels(channel).inc()
    elif how == "retried":
        NOTIFICATIONS_RETRIED.labels(channel).inc()
    elif how == "unwanted":
        NOTIFICATIONS_UNWANTED.labels(channel).inc()
    else:
        NOTIFICATIONS_FAILED.labels(channel, how).inc()


def notification_redelivered(channel: str) -> None:
    NOTIFICATIONS_REDELIVERED.labels(channel).inc()


def multiprocess_folder() -> Path | None:
    found = os.environ.get(FOLDER)
    return Path(found) if found else None


@contextlib.contextmanager
def shared_between_workers() -> Iterator[Path]:
    """The folder where the workers of `serve --workers N` keep their values, for as
    long as they run: the host's (`PROMETHEUS_MULTIPROC_DIR`), emptied of an earlier
    run's files, or a new one, removed afterwards. Call it before they start."""
    given = multiprocess_folder()
    if given is not None:
        given.mkdir(parents=True, exist_ok=True)
        for old in given.glob("*.db"):
            old.unlink(missing_ok=True)
        yield given
        return
    folder = Path(tempfile.mkdtemp(prefix="spieltisch-metrics-"))
    os.environ[FOLDER] = str(folder)
    try:
        yield folder
    finally:
        os.environ.pop(FOLDER, None)
        shutil.rmtree(folder, ignore_errors=True)


def _forget_the_dead(folder: Path) -> None:
    """Let the gauges of workers that died (killed: no shutdown of their own) go."""
    for path in folder.glob("gauge_live*_*.db"):
        match = re.search(r"_(\d+)\.db$", path.name)
        if match is None:
            continue
        pid = int(match.group(1))
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            mark_process_dead(pid, str(folder))  # type: ignore[no-untyped-call]
        except PermissionError:
            pass


def leaving() -> None:
    """This process stops: its live gauges stop counting."""
    folder = multiprocess_folder()
    if folder is not None:
        mark_process_dead(os.getpid(), str(folder))  # type: ignore[no-untyped-call]


class Counted:
    """A gauge the database counted for this scrape (the same from every process: a
    sum over processes would count it N times), one sample per value of its label."""

    def __init__(self, name: str, about: str, label: str, counts: Mapping[str, int]) -> None:
        self.name, self.about, self.label, self.counts = name, about, label, counts

    def collect(self) -> Iterator[GaugeMetricFamily]:
        family = GaugeMetricFamily(self.name, self.about, labels=[self.label])
        for value, count in sorted(self.counts.items()):
            family.add_metric([value], count)
        yield family


def tables(counts: Mapping[str, int]) -> Counted:
    return Counted("spieltisch_tables", "Tables by status, in the database.", "status", counts)


def notifications_pending(counts: Mapping[str, int]) -> Counted:
    """state=due: waiting for the sender now (a number that keeps growing: the sender is
    stuck or too slow); state=scheduled: reminders and retries due later."""
    return Counted(
        "spieltisch_notifications_pending",
        "Notifications in the outbox neither sent nor given up, by state: due (the sender "
        "should be at them) or scheduled (reminders and retries due later).",
        "state",
        counts,
    )


def exposition(*counted: Counted) -> bytes:
    """Every metric of this server (all its processes), in the text format, and the
    gauges the database counted."""
    folder = multiprocess_folder()
    registry = CollectorRegistry()
    if folder is not None:
        _forget_the_dead(folder)
        MultiProcessCollector(registry, str(folder))  # type: ignore[no-untyped-call]
        body = generate_latest(registry)
    else:
        body = generate_latest(REGISTRY)
    return body + b"".join(generate_latest(_registry_of(one)) for one in counted)


def _registry_of(collector: Counted) -> CollectorRegistry:
    registry = CollectorRegistry(auto_describe=False)
    registry.register(collector)
    return registry
