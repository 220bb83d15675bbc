"""The fuzz tests: bounded in CI, a long form under `-m fuzz_long`; counts of inputs tried."""

from __future__ import annotations

from collections import Counter

import pytest

TRIED: Counter[str] = Counter()
"""Inputs tried per edge in this process (printed at the end when not run by workers)."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "fuzz_long" in (config.getoption("markexpr") or ""):
        return
    long = [item for item in items if item.get_closest_marker("fuzz_long")]
    if long:
        config.hook.pytest_deselected(items=long)
        items[:] = [item for item in items if not item.get_closest_marker("fuzz_long")]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if TRIED:
        counts = ", ".join(f"{edge} {count}" for edge, count in sorted(TRIED.items()))
        terminalreporter.write_line(f"fuzz inputs tried: {counts}")
