"""The kernels compiled as users run them (steps inlined) play the same games as the
suite's build (steps called, `tests/conftest.py`): the suite tests the kernels' logic in
the build that compiles fastest, and this test ties that build to the shipped one."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import spieltisch
from spieltisch.core import kernel as kernel_tools
from spieltisch.sim.fast import kernel_for
from tests.waiting import WHOLE_GAME

GAMES = [("david_goliath", 3), ("mabula", 2)]
"""The two kernels whose inlined build compiles in seconds (Mahé's takes about 20 s of CPU,
MÄDN's about 90 s: benchmarks/results/suite.md); every game's steps are inlined alike."""
SEEDS = 300
ROOT = Path(__file__).resolve().parents[2]


def digest(name: str, players: int) -> str:
    """Every figure of SEEDS games of the game's kernel, as one hash."""
    kernel = kernel_for(spieltisch.load(name, players=players))
    assert kernel is not None
    results = kernel.run(
        np.arange(1, SEEDS + 1, dtype=np.uint64), np.zeros(players, dtype=np.int64)
    )
    assert results.lengths.min() > 0  # whole games were played
    parts = (results.scores, results.ranks, results.lengths, results.stats)
    return hashlib.sha256(b"".join(np.ascontiguousarray(p).tobytes() for p in parts)).hexdigest()


SHIPPED = """
import json
from spieltisch.core.kernel import STEPS_INLINED
from tests.kernels.test_compiled_steps import GAMES, digest
print(json.dumps([STEPS_INLINED, {name: digest(name, n) for name, n in GAMES}]))
"""


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The digests from a fresh process that compiles the steps inlined, as users do."""
    cache = tmp_path_factory.mktemp("inlined")
    env = {**os.environ, kernel_tools.STEPS_ENV: "inlined", "NUMBA_CACHE_DIR": str(cache)}
    done = subprocess.run(
        [sys.executable, "-c", SHIPPED],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=WHOLE_GAME,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    inlined, digests = json.loads(done.stdout)
    assert inlined is True
    assert set(digests) == {name for name, _players in GAMES}
    return dict(digests)


def test_the_suite_compiles_the_steps_called() -> None:
    assert not kernel_tools.STEPS_INLINED, "tests/conftest.py sets SPIELTISCH_KERNEL_STEPS"


@pytest.mark.parametrize("name, players", GAMES)
def test_inlined_and_called_steps_play_the_same_games(
    name: str, players: int, shipped: dict[str, str]
) -> None:
    assert digest(name, players) == shipped[name]
