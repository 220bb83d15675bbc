"""An earlier commit checked out beside this one, for benchmarks that compare versions."""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


@contextmanager
def earlier_tree(commit: str) -> Iterator[Path]:
    """A temporary detached worktree of `commit`, removed again afterwards."""
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder) / "before"
        subprocess.run(
            ["git", "-C", str(HERE), "worktree", "add", "--detach", str(tree), commit],
            check=True,
            capture_output=True,
        )
        try:
            yield tree
        finally:
            subprocess.run(
                ["git", "-C", str(HERE), "worktree", "remove", "--force", str(tree)],
                check=False,
                capture_output=True,
            )
