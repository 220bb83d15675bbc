"""Waiting in tests for a condition, never for a fixed time.

A loaded machine (the suite runs beside other work on two cores) makes every step take
longer, so a test that sleeps "long enough" and then asserts fails there. These helpers
check the condition again and again (quickly at first, then less often) until it holds,
and fail with `what` once the deadline has passed: a quiet machine goes on at once, a
busy one gets the time it needs.
"""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")

DEADLINE = 60.0
"""Seconds a test waits for something that takes milliseconds on a quiet machine."""

WHOLE_GAME = 300.0
"""Seconds a test waits for a whole game of computers or a review of one: seconds on a
quiet machine, past a minute on a busy one (a CI run waited 60 s and failed)."""

FIRST_PAUSE, LONGEST_PAUSE = 0.002, 0.02
"""Quick at first, then 50 times a second: a condition is cheap to check, and waiting
longer than needed adds up over the suite."""


def _pauses(longest: float) -> Callable[[], float]:
    pause = min(FIRST_PAUSE, longest)

    def following() -> float:
        nonlocal pause
        current, pause = pause, min(pause * 1.5, longest)
        return current

    return following


async def until(
    condition: Callable[[], bool | Awaitable[bool]],
    seconds: float = DEADLINE,
    what: str = "the condition",
    longest: float = LONGEST_PAUSE,
) -> None:
    """Wait until `condition()` (a plain or an async function) is true, asking again
    after `longest` seconds at most."""

    async def checked() -> bool:
        answer = condition()
        return bool(await answer) if inspect.isawaitable(answer) else bool(answer)

    await until_value(checked, bool, seconds, what, longest)


async def until_value(
    produce: Callable[[], Awaitable[T]],
    accept: Callable[[T], bool],
    seconds: float = DEADLINE,
    what: str = "the condition",
    longest: float = LONGEST_PAUSE,
) -> T:
    """Ask `produce()` again until `accept` takes what it gave; that value."""
    deadline, pause = time.monotonic() + seconds, _pauses(longest)
    while True:
        value = await produce()
        if accept(value):
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds} s in vain for {what}; last: {value!r:.500}")
        await asyncio.sleep(pause())


def wait_until(
    condition: Callable[[], bool], seconds: float = DEADLINE, what: str = "the condition"
) -> None:
    """`until` for code outside an event loop."""
    deadline, pause = time.monotonic() + seconds, _pauses(LONGEST_PAUSE)
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds} s in vain for {what}")
        time.sleep(pause())
