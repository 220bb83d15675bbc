"""The store tests of tournaments run on SQLite and on a throwaway PostgreSQL cluster, with
the server tests' fixtures."""

import re

import pytest

from tests.server.conftest import database_url, postgres

__all__ = ["database_url", "postgres"]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The `long` tests run only when asked for: `pytest -m long`."""
    if re.search(r"(?<!\w)long\b", config.getoption("markexpr") or ""):
        return
    long = [item for item in items if item.get_closest_marker("long")]
    if long:
        config.hook.pytest_deselected(items=long)
        items[:] = [item for item in items if not item.get_closest_marker("long")]
