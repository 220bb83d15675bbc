"""Records every garbage collection's pause in each Python process started with this
folder on PYTHONPATH and SPIELTISCH_GC_TRACE set to a folder: one line per collection,
`generation milliseconds unix-time`, in `FOLDER/PID.txt` (appended every 5 s by a
daemon thread; the callback itself only notes the times).

    SPIELTISCH_GC_TRACE=/tmp/gc PYTHONPATH=benchmarks/gc_pauses \\
        uv run --extra web python benchmarks/load.py --tables 200 --no-scan
    uv run python benchmarks/gc_pauses/summary.py /tmp/gc

The load benchmark's server processes inherit the environment, so they are traced too.
"""

from __future__ import annotations

import gc
import os
import threading
import time
from pathlib import Path
from typing import Any

_FOLDER = os.environ.get("SPIELTISCH_GC_TRACE")
_started = [0.0]
_pauses: list[tuple[int, float, float]] = []


def _note(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _started[0] = time.perf_counter()
    else:
        _pauses.append((info["generation"], time.perf_counter() - _started[0], time.time()))


def _write(folder: Path) -> None:
    written = 0
    while True:
        time.sleep(5)
        fresh = _pauses[written:]
        written += len(fresh)
        if fresh:
            with (folder / f"{os.getpid()}.txt").open("a") as out:
                out.writelines(f"{g} {s * 1000:.3f} {at:.1f}\n" for g, s, at in fresh)


if _FOLDER:
    Path(_FOLDER).mkdir(parents=True, exist_ok=True)
    gc.callbacks.append(_note)
    threading.Thread(target=_write, args=(Path(_FOLDER),), daemon=True).start()
