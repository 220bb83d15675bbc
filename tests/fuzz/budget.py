"""How many inputs each fuzz test tries: a bounded number in CI, far more in the long form."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, settings

F = TypeVar("F", bound=Callable[..., Any])

LONG_FACTOR = 25
"""The long form (`pytest -m fuzz_long tests/fuzz`) tries this many times more inputs."""


def bounded(examples: int) -> Callable[[F], F]:
    """Hypothesis settings of a fuzz test: a fixed number of inputs, no deadline, no example
    database (a CI run leaves nothing behind). Each run draws new inputs; a failure prints
    the input and the seed that reproduce it."""
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def both_forms(make: Callable[[int], F], examples: int) -> tuple[F, F]:
    """The CI test with `examples` inputs and its long form, marked `fuzz_long`."""
    return make(examples), pytest.mark.fuzz_long(make(examples * LONG_FACTOR))
