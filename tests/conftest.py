from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from _pytest.nodeid import NodeId
from hypothesis import settings

from spieltisch.core.i18n import set_language

if "SPIELTISCH_KERNEL_STEPS" not in os.environ:
    os.environ["SPIELTISCH_KERNEL_STEPS"] = "called"
    os.environ["NUMBA_CACHE_DIR"] = str(Path(__file__).resolve().parents[1] / "build" / "numba")
"""The suite compiles the kernels' steps called, not inlined (`core.kernel.STEPS_INLINED`):
the same games, compiled in about a fifth of the CPU (the MÄDN groups took 160 s and 93 s
of a whole run). Subprocesses inherit it. Their compiled code goes to a cache of their own
(build/numba), never mixed with the inlined code kept beside the sources.
`tests/kernels/test_compiled_steps.py` plays the same games both ways."""

settings.register_profile("derandomized", derandomize=True, print_blob=True, deadline=None)
settings.load_profile(os.environ.get("SPIELTISCH_HYPOTHESIS_PROFILE", "default"))
"""The README's test command (scripts/test.sh) picks the derandomized profile: the same
examples on every run, so a red run is red again when repeated and no finished work is
kept from landing by a draw; `pytest` run by hand explores new random examples. No
deadline there: Hypothesis' 200 ms per example measures the machine, not the code (an
account id's round trip failed it at load 13 on two cores)."""


@pytest.fixture(autouse=True)
def english_unless_a_test_says_otherwise() -> Iterator[None]:
    """The CLI sets the language for the process; each test starts in English again."""
    set_language("en")
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def own_play_settings(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`spieltisch play` keeps settings and unfinished games in files: tests read and
    write their own, never those of the person running them."""
    folder = tmp_path_factory.mktemp("settings")
    monkeypatch.setenv("SPIELTISCH_CONFIG", str(folder / "play.json"))
    monkeypatch.setenv("SPIELTISCH_STATE", str(folder / "kept"))


@pytest.fixture(autouse=True)
def no_event_loop_left_running(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test that leaves an event loop marked as running in the main thread makes every
    later `asyncio.run` (and sync Playwright) of its xdist worker fail: that test fails
    here, named, and the mark is cleared for the tests after it. The browser tests are
    left alone: Playwright's sync API holds such a loop while a web module runs (started
    and stopped per module in tests/web/conftest.py)."""
    yield
    if request.node.nodeid.startswith("tests/web/"):
        return
    left = asyncio._get_running_loop()
    if left is not None:
        asyncio._set_running_loop(None)
        pytest.fail(f"this test left an event loop running in the main thread: {left!r}")


SHARED_SCOPES = frozenset({"class", "module", "package"})


@pytest.hookimpl(specname="pytest_collection_modifyitems", tryfirst=True)
def pytest_one_worker_for_a_module_with_shared_fixtures(items: list[pytest.Item]) -> None:
    """A test module with a fixture of its own that outlives one test (a browser and a
    `spieltisch serve` per browser module, the documentation site, a cluster of
    processes) runs on one xdist worker: `--dist loadgroup` spread its tests over both
    workers like any others, and each worker built the fixture again (the site's
    `mkdocs build`, 30 s, once in each). Marked before pytest-xdist reads the marks
    (`tryfirst`); a module that names its own group keeps it. (pytest takes a hook only
    from a name that starts with `pytest_`; `specname` says which hook it is.)"""
    for item in items:
        if item.get_closest_marker("xdist_group") is not None:
            continue
        info = getattr(item, "_fixtureinfo", None)
        if info is None:
            continue
        shared = any(
            definition.scope in SHARED_SCOPES and definition.baseid
            for definitions in info.name2fixturedefs.values()
            for definition in definitions
        )
        if shared:
            item.add_marker(
                pytest.mark.xdist_group(item.nodeid.split("::", 1)[0].removesuffix(".py"))
            )


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Make `--dist loadgroup` group (scripts/test.sh): pytest-xdist 3.8 marks a test of an
    `xdist_group` by writing `<id>@<group>` to `item._nodeid`, but pytest 9.2 reads a
    test's id from `item._id`, so the scheduler saw no group and sent the tests of one
    kernel group to both workers, each compiling the same numba functions (the MÄDN
    features test took 54 s on each). The grouped id is copied to where pytest reads it."""
    for item in items:
        grouped = item.__dict__.get("_nodeid")
        if isinstance(grouped, str) and grouped != item.nodeid:
            item._id = NodeId.parse(grouped)
