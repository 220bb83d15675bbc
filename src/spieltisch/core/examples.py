"""The rule books' worked examples and diagrams as positions the engine plays to.

Each game lists its examples in `spieltisch/games/GAME/examples.py` (`EXAMPLES`). An
example is a game set up with options and then played: `setup` (chance outcomes and moves
that reach the position the book starts from) and `moves` (what the example is about).
The same example is a scenario test (`tests/games/GAME/test_book_examples.py` checks its
outcome) and the picture on the rules pages: the site, the table's rules panel and
`spieltisch rules` draw it from here, so a picture cannot drift from the engine.

In a rules summary a picture is written `![caption](example:GAME/NAME)`, or
`example:GAME/NAME?before` for the position before `moves` (`core/rules_text.py`); the
caption says in the page's language what happens and which rule it shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from spieltisch.core.errors import SpieltischError
from spieltisch.core.protocol import State
from spieltisch.core.registry import load, parts


@dataclass(frozen=True)
class Example:
    """One worked example or diagram of a rule book, as moves the engine plays."""

    name: str
    """Its id: the picture's file name and the scenario test's parameter."""
    book: str
    """Which rule book (the seed file's game and language), e.g. "Mahé (de)"."""
    where: str
    """Where in the book: the section's heading in the book's own words."""
    setup: Sequence[str]
    """Chance outcomes and moves to the position the example starts from."""
    moves: Sequence[str] = ()
    """What the example shows being played, after `setup`."""
    options: Mapping[str, Any] = field(default_factory=dict)
    seat: int | None = None
    """Whose view the picture shows (None: a spectator's)."""
    position: Mapping[str, str] | None = None
    """A diagram of a finished position set directly (Mabula's scoring diagrams), where
    no short game reaches it; such an example has no moves."""

    def state(self, game: str, *, before: bool = False) -> State:
        """The position after `setup` and (unless `before`) `moves`."""
        state = load(game, **self.options).new_state()
        if self.position is not None:
            state.set_position(self.position)  # type: ignore[attr-defined]
        for move in (*self.setup, *(() if before else self.moves)):
            state.apply(move)
        return state


def examples(game: str) -> dict[str, Example]:
    """The game's examples by name, in the order of its rule book."""
    listed: Sequence[Example] = parts(game).book_examples
    return {example.name: example for example in listed}


def example(game: str, name: str) -> Example:
    """One example, or an error naming the game's examples."""
    known = examples(game)
    if name not in known:
        raise SpieltischError(
            f"no example {name!r} of {game}: known are {', '.join(known) or 'none'}"
        )
    return known[name]


def draw_example(game: str, name: str, language: str, *, before: bool = False) -> str:
    """The example's position as the game's svg.py draws it, its last move marked."""
    from spieltisch.core.svg import draw_state

    chosen = example(game, name)
    state = chosen.state(game, before=before)
    history = state.history()
    return draw_state(
        state,
        chosen.seat,
        language=language,
        last_move=history[-1] if history else None,
    )
