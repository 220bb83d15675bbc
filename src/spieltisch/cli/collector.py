"""The garbage collector of a command-line process, which lives for one command.

Loading numba and a compiled kernel makes several hundred thousand objects that live
until the process ends. While they are made, Python's collector walks them again and
again, and at the end it walks them all once more before the process exits: about 0.3 s
of CPU of the first game of `simulate --engine fast`, a third of it (issue 34, start-up;
benchmarks/results/startup.md). Paused and then frozen, they are never walked: the
server does the same once it has started (server/infra/collector.py).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def loading() -> Iterator[None]:
    """Pause the collector while what the process keeps is loaded, then move it to the
    permanent generation, which no collection walks."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
        gc.freeze()


def before_exit() -> None:
    """The process ends now: nothing it holds needs collecting any more, so the
    interpreter's collections while it shuts down can skip it all."""
    gc.freeze()
