"""The garbage collector of a server process: far fewer full collections, each shorter.

A full collection (generation 2) walks every object the process holds and stops the
event loop meanwhile; at 200 tables these pauses were most of the load benchmark's p99
latency (the run, its command and figures: benchmarks/results/load.md, "gc.callbacks").
So, once the server has started:

- `gc.freeze()`: what the imports, the migration check and the recovery made is moved to
  the permanent generation and never walked again (it lives as long as the process);
- generation 2 is considered after `FULL_AFTER` collections of generation 1 instead of
  Python's 10 (Python then still waits until a quarter more objects survived), so a full
  collection comes about ten times less often. Reference cycles still die in the
  younger generations as before; only the ones that live long wait longer.
"""

from __future__ import annotations

import gc

FULL_AFTER = 100
"""Collections of generation 1 between two full collections (Python's default: 10)."""


def settle() -> None:
    """Call once the process has started and loaded what it keeps."""
    young, middle, _full = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(young, middle, FULL_AFTER)
