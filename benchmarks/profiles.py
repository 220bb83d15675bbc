"""Sampling profiles of a running server (py-spy), summed up by function.

`record` attaches py-spy to a process and its children for a while; `summarise` reads
the raw (collapsed-stack) file and prints the functions that held the most samples,
inclusive (the function or anything it called) and exclusive (the function itself), as a
share of all samples of busy threads.

    uv run python benchmarks/profiles.py PROFILE.txt      # summarise a saved profile
    uv run python benchmarks/profiles.py --parts PROFILE.txt   # by what the CPU was for
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path


def record(pid: int, seconds: float, output: Path) -> subprocess.Popen[bytes]:
    """Start sampling `pid` and its children; the caller waits for the process."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    command = [spy, "record", "-p", str(pid), "-s", "-d", str(max(1, int(seconds)))]
    command += ["-f", "raw", "-o", str(output), "-F", "--nonblocking"]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


IDLE = {
    "runners.Runner.run",  # uvloop waiting for events (its loop is compiled code)
    "selectors.EpollSelector.select",
    "threading.Condition.wait",
    "queue.Queue.get",
    "threading.Event.wait",
    "connection.Connection.recv_bytes",
    "connection._recv_bytes",
    "core._connection_worker_thread",  # aiosqlite's thread: waiting, or inside SQLite (C)
    "selectors._PollLikeSelector.select",  # a process pool's manager thread waiting
    "connection.Connection._recv",  # a computer-seat worker waiting for its next job
    "orphans.die_with.<locals>.watch",  # sleeping between its checks of the parent
}
"""Leaf frames of a thread or process waiting for work."""


def _frames(stack: str) -> list[str]:
    """py-spy writes `process;thread;frame;frame…`; keep the frames, without paths."""
    frames = []
    for frame in stack.split(";"):
        if frame.startswith(("process ", "thread ")):
            continue
        name, _, where = frame.partition(" (")
        module = where.rstrip(")").rsplit("/", 1)[-1].split(":")[0].removesuffix(".py")
        frames.append(f"{module}.{name}" if module else name)
    return frames


def summarise(path: Path, top: int = 25) -> str:
    inclusive: Counter[str] = Counter()
    exclusive: Counter[str] = Counter()
    total, idle = 0, Counter[str]()
    for line in path.read_text().splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        count = int(count_text)
        frames = _frames(stack)
        if not frames or frames[-1] in IDLE:
            idle[frames[-1] if frames else "?"] += count
            continue
        total += count
        for frame in set(frames):
            inclusive[frame] += count
        exclusive[frames[-1]] += count
    lines = [
        f"{total} busy samples (besides {sum(idle.values())} waiting: "
        + ", ".join(f"{name} {count}" for name, count in idle.most_common(3))
        + "); inclusive share / exclusive share"
    ]
    trunk = max(inclusive.values(), default=0)
    shown = [
        (frame, count)
        for frame, count in inclusive.most_common()
        if count < 0.98 * trunk or exclusive[frame]  # not the frames every sample passes
    ]
    for frame, count in shown[:top]:
        lines.append(
            f"{100 * count / max(1, total):6.1f}% {100 * exclusive[frame] / max(1, total):6.1f}%"
            f"  {frame}"
        )
    lines.append("most exclusive:")
    for frame, count in exclusive.most_common(top // 2):
        lines.append(f"{100 * count / max(1, total):6.1f}%  {frame}")
    return "\n".join(lines)


PARTS: list[tuple[str, tuple[str, ...]]] = [
    ("deflate", ("PerMessageDeflate.encode",)),
    ("sending (socket)", ("WebSocketsSansIOProtocol.send", "play._write")),
    ("the move's commit", ("Runtime._commit", "GroupCommit.", "group._")),
    (
        "other database work (SQLAlchemy, drivers)",
        ("session.Session", "core.Connection", "connection_async.", "waiting.wait_async"),
    ),
    ("reading another process's moves", ("Runtime._catch_up",)),
    ("board drawing", ("parts.board_svg",)),
    ("JSON", ("model_dump_json",)),
    ("legal moves in words", ("Runtime._drawn", "view._legal")),
    ("the seats' views", ("view._rendering",)),
    ("entries in words", ("live._words", "log.describe")),
    (
        "rest of the state messages",
        ("Runtime._broadcast", "Runtime.send_state", "publish._state_text", "view.state_message"),
    ),
    ("computer seats choosing", ("Scheduler._think", "workers.choose")),
    ("checking and applying the move", ("Runtime._play", "Moves.submit", "Runtime.submit")),
    ("receiving", ("play._read", "data_received")),
    ("computer seats and clocks", ("Runtime._computer_move", "Runtime._schedule", "Scheduler.")),
    ("computer-seat workers", ("spawn_main", "_ExecutorManagerThread", "queues.Queue._feed")),
    ("news between processes", ("cluster.",)),
]
"""What a log entry's CPU goes to: a busy sample counts for the first part whose frame
it passes through (the names of today's modules and of the ones before issue 41's
split, so older profiles still sum up). SQLAlchemy's async sessions run their work in
greenlets whose stacks start at the session, so most of a commit's samples are "other
database work"."""


def parts(path: Path) -> str:
    """The busy samples grouped by PARTS, largest first (`other` for the rest)."""
    counts: Counter[str] = Counter()
    total = 0
    for line in path.read_text().splitlines():
        stack, _, count_text = line.rpartition(" ")
        frames = _frames(stack) if stack and count_text.isdigit() else []
        if not frames or frames[-1] in IDLE:
            continue
        total += int(count_text)
        joined = ";".join(frames)
        name = next((part for part, keys in PARTS if any(k in joined for k in keys)), "other")
        counts[name] += int(count_text)
    return "\n".join(
        f"{100 * count / max(1, total):6.1f}%  {name}" for name, count in counts.most_common()
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("profile", type=Path)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument(
        "--parts", action="store_true", help="group the busy samples by what they were for"
    )
    args = parser.parse_args()
    print(parts(args.profile) if args.parts else summarise(args.profile, args.top))


if __name__ == "__main__":
    main()
