"""A Rich renderable drawn once for each set of console options it is drawn with.

Textual draws a widget's renderable more than once for one picture: it asks for its
height, then for its lines, and again after every layout pass that did not change its
width. A board, the table of scores or the review's long table of decisions is the
same each time, so its lines are kept and given again; a new position is a new object.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TypeVar

from rich.console import Console, ConsoleOptions, RenderableType
from rich.measure import Measurement
from rich.segment import Segment

T = TypeVar("T")

KEPT = 4
"""Sets of options kept per renderable (a width with and without a scroll bar, …)."""


def _key(console: Console, options: ConsoleOptions, height_matters: bool) -> Hashable:
    """What the lines may depend on: the console (itself, so that no other one made
    later at its address is taken for it) and every option Rich passes down."""
    return (
        console,
        options.size,
        options.min_width,
        options.max_width,
        options.height if height_matters else None,
        options.max_height if height_matters else None,
        options.justify,
        options.overflow,
        options.no_wrap,
        options.highlight,
        options.markup,
        options.is_terminal,
        options.encoding,
        options.legacy_windows,
    )


class DrawnOnce:
    """Wraps `renderable`: the same options give the same segments without drawing again.

    `height_matters=False` for what never fills a given height (text, Rich's tables,
    which draw their cells with no height): Textual measures a widget's height with no
    height given and then draws it with its height, the same lines."""

    __slots__ = ("_lines", "_measured", "height_matters", "renderable")

    def __init__(self, renderable: RenderableType, *, height_matters: bool = True) -> None:
        self.renderable = renderable
        self.height_matters = height_matters
        self._lines: dict[Hashable, list[Segment]] = {}
        self._measured: dict[Hashable, Measurement] = {}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterable[Segment]:
        key = _key(console, options, self.height_matters)
        lines = self._lines.get(key)
        if lines is None:
            lines = list(console.render(self.renderable, options))
            _keep(self._lines, key, lines)
        return lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        key = _key(console, options, self.height_matters)
        measured = self._measured.get(key)
        if measured is None:
            measured = Measurement.get(console, options, self.renderable)
            _keep(self._measured, key, measured)
        return measured


def _keep(store: dict[Hashable, T], key: Hashable, value: T) -> None:
    if len(store) >= KEPT:
        del store[next(iter(store))]  # the oldest goes
    store[key] = value
