"""How long a browser test waits for something that takes moments on a quiet machine.

One generous deadline for every Playwright wait (each person's context has it as its
default) and the tests' own loops: a wait ends as soon as its condition holds, so a quiet
machine goes on at once, and a busy one (the suite beside other work, load 15 on two
cores) gets the time it needs. `SPIELTISCH_TEST_WAIT_SCALE` stretches it further.
"""

from __future__ import annotations

import os

SCALE = float(os.environ.get("SPIELTISCH_TEST_WAIT_SCALE") or "1")
WAIT_SECONDS = 90.0 * SCALE
WAIT_MS = int(WAIT_SECONDS * 1000)
