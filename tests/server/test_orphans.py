"""A process the server started returns from `parent_gone` once the server is gone,
also when it was killed with SIGKILL (`infra/orphans.py`), and not before."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import psutil

CHILD = """
import os, sys
from spieltisch.server.infra.orphans import parent_gone
print(os.getpid(), flush=True)
parent_gone(int(sys.argv[1]))
print(os.getppid(), flush=True)
"""

PARENT = """
import os, subprocess, sys
subprocess.run([sys.executable, "-c", sys.argv[1], str(os.getpid())])
"""


def test_a_child_outlives_its_parent_by_a_moment_only() -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, CHILD], stdout=subprocess.PIPE, text=True
    )
    try:
        assert parent.stdout is not None
        child = psutil.Process(int(parent.stdout.readline()))
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        child.wait(timeout=30)
        # Returned once adopted by another process, not while the parent lived.
        assert int(parent.stdout.read()) != parent.pid
    finally:
        parent.kill()
        parent.wait()
