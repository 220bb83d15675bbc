"""Tools shared by the compiled playout kernels (`games/<game>/kernel.py`, extra `fast`).

Importing this module imports numba; only kernel modules import it, and nothing imports
a kernel module unless a kernel is used. The generator is splitmix64 held in a one-element
uint64 array: each game gets its own, seeded from the game's seed, so a game's course never
depends on which thread, process or machine plays it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
from numba import njit


def _load_numba_without_blas() -> None:
    """Load numba's array functions now, telling it that SciPy's BLAS is missing.

    numba checks for BLAS (for `np.dot` in compiled code) the first time a function is
    compiled or loaded from its cache, by importing `scipy.linalg.cython_blas` where
    SciPy is installed: all of scipy.linalg, about 0.4 s of CPU in every run that only
    loads a cached kernel (issue 34: start-up). No kernel uses linear algebra. Where
    SciPy's BLAS is loaded already, numba finds it as usual."""
    blas = "scipy.linalg.cython_blas"
    if blas in sys.modules:
        return
    sys.modules[blas] = None  # type: ignore[assignment]  # import fails: "no BLAS"
    try:
        import numba.np.arraymath  # noqa: F401
    finally:
        del sys.modules[blas]


_load_numba_without_blas()

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S11 = np.uint64(11)
_S32 = np.uint64(32)
_UNIT = 1.0 / 9007199254740992.0  # 2**-53

STEPS_ENV = "SPIELTISCH_KERNEL_STEPS"
STEPS_INLINED = os.environ.get(STEPS_ENV, "inlined") != "called"
"""How the step functions are compiled: inlined into their callers (the default, for
speed), or, with `SPIELTISCH_KERNEL_STEPS=called`, each compiled once and called. Both
give the same games bit for bit; inlining makes the playouts 1.4–3× faster and their first
compilation 2–10× slower (MÄDN's playouts 87 s of CPU instead of 10 s, its TD training
180 s instead of 19 s: benchmarks/results/suite.md). The test suite compiles them called
(tests/conftest.py), in a cache of their own, and checks that both ways play the same
games (tests/kernels/test_compiled_steps.py)."""

inner = njit(cache=True, inline="always") if STEPS_INLINED else njit(cache=True)
"""The decorator of a kernel's step functions: numba inlines them into their compiled
callers (at its own level, before LLVM). A call between separately compiled numba
functions passes every array as a struct and counts its references; inlining the steps
into the playout loop made the MÄDN kernel about 1.4× faster (docs/scale.md). Entry
points called from Python (`playouts`, `replay`) keep a plain `njit(cache=True)`."""

F = TypeVar("F", bound=Callable[..., Any])
_WITHOUT_REFCOUNTS: dict[str, Any] = {"_nrt": False} if STEPS_INLINED else {}
"""Steps that are called, not inlined, may return arrays they made: they need numba's
reference counting."""


def loop(function: F) -> F:
    """The decorator of a playout loop that allocates nothing (every array comes from
    its caller): compiled without numba's reference counting. Each inlined step that
    takes an array otherwise counts its references with atomic instructions; in the MÄDN
    kernel that was 44% of the time (perf, docs/scale.md). The loop touches no Python
    object, so it lets go of the GIL: threads of one process (`--cluster local:N` on
    Dask's threaded scheduler, sim.executors) play at once, with no worker to start and
    no results to send."""
    return cast(F, njit(cache=True, nogil=True, **_WITHOUT_REFCOUNTS)(function))


CHANCE = -1
TERMINAL = -4
"""The protocol's values for `current_player` (core.protocol), repeated as plain ints."""


def game_seeds(seed: int, start: int, count: int) -> np.ndarray:
    """The generator seeds of games start..start+count-1 of a run: splitmix64's mixer
    over (run seed, game index), vectorised, so that a million games need no Python loop.
    A game's seed depends only on the run's seed and its index."""
    with np.errstate(over="ignore"):
        z = (
            np.uint64(seed & 0xFFFFFFFFFFFFFFFF) * _MIX1
            + np.arange(start, start + count, dtype=np.uint64) * _GOLDEN
        )
        z = (z ^ (z >> _S30)) * _MIX1
        z = (z ^ (z >> _S27)) * _MIX2
        return z ^ (z >> _S31)


@inner
def next_u64(rng: np.ndarray) -> Any:
    z = rng[0] + _GOLDEN
    rng[0] = z
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@inner
def uniform(rng: np.ndarray) -> float:
    """A float in [0, 1) with 53 random bits."""
    return float(next_u64(rng) >> _S11) * _UNIT


@inner
def below(rng: np.ndarray, n: int) -> int:
    """An int in [0, n), uniform (Lemire's multiply-shift on 32 random bits; the bias
    for the small n of a game is below 1e-8)."""
    return int(((next_u64(rng) >> _S32) * np.uint64(n)) >> _S32)


@inner
def popcount(mask: int) -> int:
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


_DEBRUIJN = 0x03F79D71B4CB0A89
_DEBRUIJN_SIGNED = _DEBRUIJN - (1 << 64) if _DEBRUIJN >= 1 << 63 else _DEBRUIJN
_BIT_OF = np.zeros(64, dtype=np.int64)
for _bit in range(64):
    _BIT_OF[((((1 << _bit) * _DEBRUIJN) & 0xFFFFFFFFFFFFFFFF) >> 58)] = _bit


@inner
def lowest_bit(mask: int) -> int:
    """The position of the lowest set bit (mask > 0), by a de Bruijn multiplication."""
    return int(_BIT_OF[(((mask & -mask) * _DEBRUIJN_SIGNED) >> 58) & 63])


@inner
def nth_bit(mask: int, index: int) -> int:
    """The position of the `index`-th set bit of `mask`, counting from the lowest."""
    for _ in range(index):
        mask &= mask - 1
    return lowest_bit(mask)


@inner
def places(keys: np.ndarray, out: np.ndarray) -> None:
    """Competition ranking as core.ranking.places_from_keys: larger key is better."""
    n = keys.shape[0]
    for i in range(n):
        place = 1
        for j in range(n):
            if keys[j] > keys[i]:
                place += 1
        out[i] = place


class Results:
    """What a batch of kernel playouts reports, one row per game."""

    def __init__(self, games: int, players: int, stats: int) -> None:
        self.scores = np.zeros((games, players), dtype=np.float64)
        self.ranks = np.zeros((games, players), dtype=np.int64)
        self.lengths = np.zeros(games, dtype=np.int64)
        self.stats = np.zeros((games, players, max(stats, 1)), dtype=np.int64)
