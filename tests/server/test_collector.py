"""The server's garbage collector settings (`server/collector.py`), in a process of their
own so the test run's collector stays as it is."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import gc, weakref
from spieltisch.server.infra import collector
kept = [object() for _ in range(1000)]
before = gc.get_threshold()
collector.settle()
class Node: pass
a, b = Node(), Node()
a.other, b.other = b, a
gone = weakref.ref(a)
del a, b
gc.collect()
print(gc.get_freeze_count() >= 1000, before[:2] == gc.get_threshold()[:2],
      gc.get_threshold()[2], gone() is None)
"""


def test_settle_freezes_what_was_loaded_and_makes_full_collections_rarer() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
    ).stdout.split()
    from spieltisch.server.infra.collector import FULL_AFTER

    # Frozen: the objects made before; the young generations as Python sets them; a
    # full collection after FULL_AFTER collections of generation 1; cycles made later
    # still collected.
    assert out == ["True", "True", str(FULL_AFTER), "True"]
