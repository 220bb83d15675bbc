"""Hypothesis draws the moves, so a failing random game shrinks to a short one."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, TypeVar

from hypothesis import strategies as st

if TYPE_CHECKING:
    from _typeshed import SupportsLenAndGetItem

T = TypeVar("T")


class Drawn(random.Random):
    """A random source for property tests: `choice` is drawn by hypothesis for the first
    `drawn` calls (moves: hypothesis can shrink them), the rest comes from a seed that
    hypothesis draws too (games can run long; dice and deals stay fair)."""

    def __init__(self, data: st.DataObject, drawn: int = 60) -> None:
        super().__init__(data.draw(st.integers(0, 2**32 - 1), label="seed"))
        self.data = data
        self.left = drawn

    def choice(self, seq: SupportsLenAndGetItem[T]) -> T:
        if self.left > 0:
            self.left -= 1
            return self.data.draw(st.sampled_from([seq[i] for i in range(len(seq))]))
        return super().choice(seq)
