from __future__ import annotations

from collections.abc import Iterator

import pytest

from spieltisch.core.i18n import set_language


@pytest.fixture(autouse=True)
def english_unless_a_test_says_otherwise() -> Iterator[None]:
    """The CLI sets the language for the process; each test starts in English again."""
    set_language("en")
    yield
    set_language("en")
