"""The command line's collector: paused while numba and a kernel load, what they made
frozen, and everything frozen before the process exits (issue 34, start-up)."""

from __future__ import annotations

import gc
import subprocess
import sys
from collections.abc import Iterator

import pytest

from spieltisch.cli.collector import before_exit, loading


@pytest.fixture(autouse=True)
def unfrozen() -> Iterator[None]:
    """The test process's own objects are collected again after each test."""
    yield
    gc.unfreeze()


def test_loading_pauses_the_collector_and_freezes_what_was_loaded() -> None:
    assert gc.isenabled()
    with loading():
        assert not gc.isenabled()  # nothing walked while the library is made
        kept = [[index] for index in range(1000)]
    assert gc.isenabled() and gc.get_freeze_count() >= len(kept)


def test_loading_leaves_a_paused_collector_paused() -> None:
    gc.disable()
    try:
        with loading():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_loading_restores_the_collector_when_loading_fails() -> None:
    with pytest.raises(ValueError), loading():
        raise ValueError("no kernel")
    assert gc.isenabled()


def test_before_exit_freezes_everything() -> None:
    """What the process held before the call is in no generation a collection walks (the
    young generation's count is no witness: another thread of the test process allocates
    while this one looks)."""
    held = [[index] for index in range(100)]
    before_exit()
    walked = {id(thing) for thing in gc.get_objects()}
    assert gc.get_freeze_count() >= len(held)
    assert not any(id(thing) in walked for thing in [held, *held])


def test_the_script_freezes_before_it_exits() -> None:
    """The `spieltisch` script's `main` ends with everything frozen (checked at exit)."""
    check = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 0))\n"
        "from spieltisch.cli.app import main\n"
        "sys.argv = ['spieltisch', '--version']\n"
        "main()\n"
    )
    shown = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, check=False
    ).stdout
    assert "frozen True" in shown, shown
