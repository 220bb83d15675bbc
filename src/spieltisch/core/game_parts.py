"""Where a game keeps its parts: declared once by the game, found by every interface.

A game is one folder. Its `__init__.py` registers the Game class with a `GameParts`
naming the modules and folders that hold each part, relative to the game's package:

    register(MaheGame, GameParts(__name__, text="text", describe="describe", ...))

Interfaces ask `spieltisch.core.registry.parts(game)` and never build module names.
Modules are imported only when a part is first asked for, so `import spieltisch` stays
cheap and never pulls in numba, textual or numpy. A part left out (None) is one the
game does not have; the interface then falls back (a JSON view instead of a text board,
the notation instead of words). `svg`, `kernel`, `evaluation`, `training` and
`examples` (the rule books' worked examples) and `tutorial` are optional parts: a game
may declare them before the module exists, and a missing module then counts as absent
(only Mahé and Mensch ärgere Dich nicht have a learned evaluation,
`scripts/train_evaluation.py`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, cast

from spieltisch.core.chance import ChanceSupport
from spieltisch.core.errors import SpieltischError
from spieltisch.core.marks import PlacesOf
from spieltisch.core.questions import Answer, Questions

OPTIONAL = frozenset(
    {"svg", "kernel", "evaluation", "training", "examples", "tutorial", "questions"}
)
"""Parts whose module may be missing although declared (written by later work)."""

MODULE_PARTS = (
    "text",
    "svg",
    "describe",
    "observation",
    "agent",
    "chance",
    "kernel",
    "messages",
    "evaluation",
    "training",
    "examples",
    "tutorial",
    "questions",
)
FOLDER_PARTS = ("rules_summaries", "catalogs")


class TextBoard(Protocol):
    """`text.render(state, player)`: the board as Rich text for that seat; where the
    game has `places`, also `marks=` (a `core.marks.BoardMarks`)."""

    def __call__(self, state: Any, player: int | None, **marks: Any) -> Any: ...


class Panel(Protocol):
    """`text.panel(view)`: the few lines a terminal's side panel shows beside the board
    (the dice of the turn, the trick on the table), as Rich text; empty when none.

    A game with a panel also draws its board without those lines and without whose
    turn it is when asked with `text.render(state, player, beside=True)`: the
    interface shows them beside the board, and a screen should say a thing once. Where
    the game has `places`, the panel also takes `marks=` (the trick's last card)."""

    def __call__(self, view: Any, **marks: Any) -> Any: ...


class BoardBeside(Protocol):
    """`text.render(state, player, beside=True)` of a game with a panel (see Panel)."""

    def __call__(self, state: Any, player: int | None, *, beside: bool, **marks: Any) -> Any: ...


class SvgBoard(Protocol):
    """`svg.board(view, ...)`: the board as an SVG document, a pure function of a view."""

    def __call__(
        self,
        view: Any,
        *,
        seat: int | None = None,
        legal_moves: Sequence[str] = (),
        last_move: str | None = None,
        language: str = "en",
    ) -> str: ...


class Describe(Protocol):
    """`describe.describe_move(state, move)`: a move or chance outcome in words."""

    def __call__(self, state: Any, move: str) -> str: ...


class SeatLabel(Protocol):
    """`describe.seat_label(game, seat)`: what sits at a seat in words, in the current
    language (its colour, or the colours of its pieces), for results and tables."""

    def __call__(self, game: Any, seat: int) -> str: ...


class Observation(Protocol):
    """`observation`: the tensor encoding shared by the RL adapters."""

    def observation_shape(self, game: Any) -> tuple[int, ...]: ...

    def encode(self, state: Any, player: int | None) -> Any: ...


@dataclass(frozen=True)
class GameParts:
    """The parts of one game: module and folder names relative to `package`, or None."""

    package: str
    text: str | None = None
    svg: str | None = None
    describe: str | None = None
    observation: str | None = None
    agent: str | None = None
    chance: str | None = None
    kernel: str | None = None
    messages: str | None = None
    evaluation: str | None = None
    """A learned evaluation (features, weights file) that `agent` may use."""
    training: str | None = None
    """How `evaluation`'s weights are trained (`scripts/train_evaluation.py`)."""
    examples: str | None = None
    """The rule books' worked examples as scenarios (`core/examples.py`)."""
    tutorial: str | None = None
    """A scripted first game that teaches the rules (`core/tutorial.py`)."""
    questions: str | None = None
    """Questions answered in words from a seat's view (`core/questions.py`)."""
    rules_summaries: str | None = None
    catalogs: str | None = None
    _modules: dict[str, ModuleType | None] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @classmethod
    def standard(cls, package: str) -> GameParts:
        """Every part under the file names of the standard game folder (ARCHITECTURE.md).

        A game laid out like the built-in ones declares all its parts in one call; a game
        with fewer parts, or other names, lists them itself.
        """
        return cls(
            package,
            text="text",
            svg="svg",
            describe="describe",
            observation="observation",
            agent="agent",
            chance="chance",
            kernel="kernel",
            messages="messages",
            evaluation="evaluation",
            training="training",
            examples="examples",
            tutorial="tutorial",
            questions="questions",
            rules_summaries="rules",
            catalogs="locale",
        )

    # -- the generic lookups --------------------------------------------------------------

    def module(self, part: str) -> ModuleType | None:
        """The module of a declared part, imported on first use; None if not declared."""
        if part not in MODULE_PARTS:
            raise ValueError(f"unknown part {part!r}: parts are {', '.join(MODULE_PARTS)}")
        if part in self._modules:
            return self._modules[part]
        relative: str | None = getattr(self, part)
        found: ModuleType | None = None
        if relative is not None:
            name = f"{self.package}.{relative}"
            try:
                found = importlib.import_module(name)
            except ModuleNotFoundError as missing:
                absent = missing.name is not None and name.startswith(missing.name)
                if not (absent and part in OPTIONAL):
                    raise
        self._modules[part] = found
        return found

    def folder(self, part: str) -> Path | None:
        """The folder of a declared folder part (rules summaries, catalogs), or None."""
        if part not in FOLDER_PARTS:
            raise ValueError(f"unknown folder part {part!r}: folder parts are {FOLDER_PARTS}")
        relative: str | None = getattr(self, part)
        if relative is None:
            return None
        package = importlib.import_module(self.package)
        return Path(package.__file__ or ".").resolve().parent / relative

    def has(self, part: str) -> bool:
        """Whether the game has the part (for optional parts: whether its module exists)."""
        if part in FOLDER_PARTS:
            folder = self.folder(part)
            return folder is not None and folder.is_dir()
        return self.module(part) is not None

    def _attribute(self, part: str, attribute: str) -> Any:
        module = self.module(part)
        if module is None:
            return None
        try:
            return getattr(module, attribute)
        except AttributeError:
            raise SpieltischError(
                f"{module.__name__} is declared as the {part} part but has no {attribute!r}"
            ) from None

    # -- typed parts ----------------------------------------------------------------------

    @property
    def text_board(self) -> TextBoard | None:
        return cast("TextBoard | None", self._attribute("text", "render"))

    @property
    def panel(self) -> Panel | None:
        """`text.panel`, where the game has something to show beside its board; None
        where it has not (the interface then shows nothing there)."""
        module = self.module("text")
        return cast("Panel | None", getattr(module, "panel", None))

    @property
    def places(self) -> PlacesOf | None:
        """`text.places(view)`, where the text board can mark a move (`core.marks`): its
        places and the pieces on them; its `render` then takes `marks=BoardMarks(...)`.
        None where it cannot (the board is drawn unmarked)."""
        module = self.module("text")
        return cast("PlacesOf | None", getattr(module, "places", None))

    @property
    def board_beside(self) -> BoardBeside | None:
        """The text board without what the panel shows (see Panel); None for a game
        without a panel, whose board has nothing to leave out."""
        if self.panel is None:
            return None
        return cast("BoardBeside | None", self._attribute("text", "render"))

    @property
    def book_examples(self) -> Sequence[Any]:
        """`examples.EXAMPLES`: the rule books' worked examples (`core.examples.Example`),
        in the order of the book; empty for a game without them."""
        return cast("Sequence[Any]", self._attribute("examples", "EXAMPLES") or ())

    @property
    def tutorial_script(self) -> Any:
        """`tutorial.TUTORIAL` (a `core.tutorial.Tutorial`), or None for a game without."""
        return self._attribute("tutorial", "TUTORIAL")

    @property
    def question_list(self) -> Questions | None:
        """`questions.questions`: what a player may ask about a position; None for a
        game that answers none."""
        return cast("Questions | None", self._attribute("questions", "questions"))

    @property
    def answer_question(self) -> Answer | None:
        """`questions.answer`: a question answered in words from a seat's view."""
        return cast("Answer | None", self._attribute("questions", "answer"))

    @property
    def svg_board(self) -> SvgBoard | None:
        return cast("SvgBoard | None", self._attribute("svg", "board"))

    @property
    def describe_move(self) -> Describe | None:
        return cast("Describe | None", self._attribute("describe", "describe_move"))

    @property
    def seat_label(self) -> SeatLabel | None:
        """`describe.seat_label`, where the game's seats have colours; None where a seat
        is only a number (the interface then says "player N" itself)."""
        module = self.module("describe")
        return cast("SeatLabel | None", getattr(module, "seat_label", None))

    @property
    def seat_colour(self) -> SeatLabel | None:
        """`describe.seat_colour`, where each seat plays one colour: its name in notation
        (English, the same in every language), for styling a seat (a swatch's class);
        None where a seat has no single colour."""
        module = self.module("describe")
        return cast("SeatLabel | None", getattr(module, "seat_colour", None))

    @property
    def observation_module(self) -> Observation | None:
        return cast("Observation | None", self.module("observation"))

    @property
    def knowledge(self) -> Callable[[Any], Any] | None:
        """`agent.knowledge(game)`: the game's AI knowledge (see agents.knowledge)."""
        return cast("Callable[[Any], Any] | None", self._attribute("agent", "knowledge"))

    @property
    def levels(self) -> dict[str, Any] | None:
        """`agent.LEVELS`: the game's playing strengths as data (see agents.levels)."""
        module = self.module("agent")
        if module is None:
            return None
        return cast("dict[str, Any] | None", getattr(module, "LEVELS", None))

    @property
    def chance_support(self) -> ChanceSupport:
        """`chance.SUPPORT`: how the game's large chance nodes split into steps, and bounds."""
        support = self._attribute("chance", "SUPPORT")
        return cast(ChanceSupport, support) if support is not None else ChanceSupport()

    @property
    def kernel_module(self) -> ModuleType | None:
        return self.module("kernel")

    @property
    def gettext(self) -> Callable[[str], str]:
        """The `_` of the game's catalogs, so an interface can show the game's own texts."""
        translate = self._attribute("messages", "_")
        return cast("Callable[[str], str]", translate) if translate is not None else _identity

    @property
    def ngettext(self) -> Callable[[str, str, int], str]:
        """The `_n` of the game's catalogs: a game's text with a number in it, in the form
        for that number."""
        translate = self._attribute("messages", "_n")
        if translate is None:
            return _english_ngettext
        return cast("Callable[[str, str, int], str]", translate)

    def option_label(self, option: str) -> str:
        """An option's name for people in the current language (`OPTION_WORDS` of the
        game's messages), never its id; the id only when the game names none."""
        words = getattr(self.module("messages"), "OPTION_WORDS", {})
        return self.gettext(words[option]) if option in words else option

    def value_label(self, option: str, value: object) -> str:
        """An option value's name for people (`VALUE_WORDS`, keyed `option=value`); a
        number stays a number."""
        words = getattr(self.module("messages"), "VALUE_WORDS", {})
        key = f"{option}={value}"
        return self.gettext(words[key]) if key in words else str(value)

    def rules_summary(self, language: str) -> str:
        """The project's own rules summary (Markdown) in de, en or fr."""
        folder = self.folder("rules_summaries")
        path = folder / f"{language}.md" if folder is not None else None
        if path is None or not path.exists():
            available = sorted(p.stem for p in folder.glob("*.md")) if folder else []
            raise SpieltischError(
                f"no rules summary of {self.package.rsplit('.', 1)[-1]} in {language!r}: "
                f"available are {available}"
            )
        return path.read_text(encoding="utf-8")

    def rules_for_terminal(self, language: str) -> str:
        """The rules summary as a terminal shows it: pictures as their captions."""
        from spieltisch.core.rules_text import for_terminal

        return for_terminal(self.rules_summary(language))


def _identity(message: str) -> str:
    return message


def _english_ngettext(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural
