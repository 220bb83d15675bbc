"""A board drawn as text that chooses a narrower layout when the screen is narrow.

A text board is one Rich `Text` (its `.plain` is the widest layout, what tests and
records of the screen read); `ReflowText` also carries narrower layouts and, when
Rich draws it into fewer columns than the wide one needs, draws the widest one that
fits. Lines of ordinary words wrap by themselves; this is for rows that must stay
aligned (a track of numbered fields, a hand of cards with its indent).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text

from spieltisch.core.i18n import get_language, language

Layout = Text | Callable[[], Text]
"""A narrower layout, or how to draw it: most screens are wide enough for the wide one,
so a board need not draw the others after every move. A function draws from what it
holds (a view), never from a state that moves on; it is called in the language of the
moment the board was made."""


class ReflowText(Text):
    """`Text` of the wide layout, plus `(width, Text)` narrower layouts, widest first
    (each drawn when first needed where it is given as a function)."""

    __slots__ = ("code", "narrower", "needs")

    def __init__(self, wide: Text, needs: int, narrower: Sequence[tuple[int, Layout]]) -> None:
        super().__init__()
        self.append_text(wide)
        self.needs = needs
        self.narrower = sorted(narrower, key=lambda pair: -pair[0])
        self.code = get_language()

    def layout(self, width: int) -> Text:
        """The widest layout that fits `width` columns (the narrowest if none does). The
        wide layout fits when its longest line does, even below the width it may need."""
        if width >= self.needs or not self.narrower or width >= self.widest_line():
            return self
        for index, (needs, _layout) in enumerate(self.narrower):
            if width >= needs:
                return self._drawn(index)
        return self._drawn(len(self.narrower) - 1)

    def _drawn(self, index: int) -> Text:
        """The narrower layout `index`, drawn now if it was given as a function."""
        needs, layout = self.narrower[index]
        if not isinstance(layout, Text):
            with language(self.code):
                layout = layout()
            self.narrower[index] = (needs, layout)
        return layout

    def widest_line(self) -> int:
        return max((cell_len(line) for line in self.plain.split("\n")), default=0)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterable[Segment]:
        chosen = self.layout(options.max_width)
        if chosen is self:
            yield from super().__rich_console__(console, options)
        else:
            yield from chosen.__rich_console__(console, options)


class Reflowing:
    """A `ReflowText` for a host that would otherwise read it as plain `Text` (Textual
    turns a `Text` straight into its own content, never asking which layout fits)."""

    def __init__(self, text: ReflowText) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterable[Segment]:
        yield from self.text.__rich_console__(console, options)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.text)
