"""The pop-ups of the play app: pass the keyboard, the rules, save, the end of the game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from spieltisch.cli.messages import _
from spieltisch.core.i18n import labelled


class PassScreen(Screen[None]):
    """Covers the whole table so that only the next player sees their hand."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "done", show=False)]

    DEFAULT_CSS = """
    PassScreen { align: center middle; }
    PassScreen > Vertical { width: 60; height: auto; border: heavy $accent; padding: 1 2; }
    PassScreen Label { width: 100%; content-align: center middle; }
    """

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(_("Pass the keyboard to {player}.").format(player=self.player), id="pass")
            yield Label(_("Press Enter when only they can see the screen."))

    def action_done(self) -> None:
        self.dismiss(None)


class RulesScreen(ModalScreen[None]):
    """The game's rules summary."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "close", show=False)
    ]

    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    RulesScreen > VerticalScroll { width: 90%; height: 90%; border: round $accent; }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Label(_("Escape: back to the game"))
            yield Markdown(self.text, id="rules")

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    """How to play: the keys, typing moves, the command words; scrolls on a small screen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q,question_mark,f1", "close", show=False)
    ]

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 90%; max-width: 100; height: auto; max-height: 100%;
        border: round $accent; padding: 0 1;
    }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Label(_("Escape: back to the game"))
            yield Static(Text(self.text), id="help")

    def action_close(self) -> None:
        self.dismiss(None)


class SaveScreen(ModalScreen[str | None]):
    """Asks where to save the game record."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", show=False)]

    DEFAULT_CSS = """
    SaveScreen { align: center middle; }
    SaveScreen > Vertical { width: 70; height: auto; border: round $accent; padding: 1 2; }
    """

    def __init__(self, default: str) -> None:
        super().__init__()
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(_("Save the game as (Enter: save, Escape: cancel):"))
            yield Input(value=self.default, id="save-path")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or self.default)

    def action_cancel(self) -> None:
        self.dismiss(None)


@dataclass(frozen=True)
class Choice:
    """One answer of a question screen: the key, what it returns, and its label."""

    key: str
    value: str
    label: str
    key_display: str = ""


class ChoiceScreen(ModalScreen[str]):
    """A question answered by one key; its choices are a list, so more can be added."""

    DEFAULT_CSS = """
    ChoiceScreen { align: center middle; }
    ChoiceScreen > Vertical {
        width: 72; max-width: 100%; height: auto; max-height: 100%;
        border: heavy $success; padding: 0 1;
    }
    ChoiceScreen Label { width: 100%; }
    """

    def __init__(self, title: str, body: RenderableType | None, choices: list[Choice]) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.choices = choices
        for choice in choices:
            self._bindings.bind(choice.key, f"choose({choice.value!r})", show=False)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, id="question")
            if self.body is not None:
                yield Static(self.body, id="results")
            for choice in self.choices:
                shown = choice.key_display or choice.key.split(",")[0]
                yield Label(labelled(shown, choice.label), classes="choice")

    def action_choose(self, value: str) -> None:
        self.dismiss(value)


def end_choices(kept: bool = False) -> list[Choice]:
    """What can follow a finished game (another game, its review, save, quit, the board;
    deleting its kept record when it was kept)."""
    choices = [
        Choice("n", "again", _("play again")),
        Choice("r", "review", _("review this game")),
        Choice("s", "save", _("save the game")),
        Choice("q", "quit", _("quit (the record stays kept)") if kept else _("quit")),
        Choice("escape", "board", _("look at the board"), _("Escape")),
    ]
    if kept:
        choices.insert(3, Choice("d", "delete", _("delete the kept record (asks first)")))
    return choices


class EndScreen(ChoiceScreen):
    """The ranking and scores, and what next; `end_choices` lists the answers."""

    def __init__(self, results: RenderableType, choices: list[Choice] | None = None) -> None:
        super().__init__(_("Game over"), results, choices or end_choices())


def quit_choices() -> list[Choice]:
    return [
        Choice(
            "enter,y", "keep", _("quit; the game is kept and offered at the next start"), _("Enter")
        ),
        Choice("s", "save", _("save it as a file first")),
        Choice("d", "discard", _("quit and delete the game (asks first)")),
        Choice("escape,n", "back", _("back to the game"), _("Escape")),
    ]


class QuitScreen(ChoiceScreen):
    """Asked before a running game is left."""

    def __init__(self) -> None:
        super().__init__(_("Quit this game?"), None, quit_choices())


class KeptScreen(ModalScreen[tuple[str, int]]):
    """The kept games of this game, newest first: continue one, start a new game
    (nothing is deleted), delete one (asked again: `DiscardScreen`), or quit with all
    of them still kept. Answers (what, index in the list)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "choose('resume')", show=False),
        Binding("n", "choose('new')", show=False),
        Binding("d,delete", "choose('delete')", show=False),
        Binding("f10,ctrl+q", "choose('later')", show=False),
    ]

    DEFAULT_CSS = """
    KeptScreen { align: center middle; }
    KeptScreen > Vertical {
        width: 76; max-width: 100%; height: auto; max-height: 100%;
        border: heavy $success; padding: 0 1;
    }
    KeptScreen OptionList { height: auto; max-height: 12; }
    KeptScreen Label { width: 100%; }
    """

    def __init__(self, title: str, games: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.games = games

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(_("Kept games of {game}:").format(game=self.title_text), id="question")
            yield OptionList(*[Option(Text(line)) for line in self.games], id="kept")
            for key, label in (
                (_("Enter"), _("continue the highlighted game")),
                ("n", _("start a new game (no kept game is deleted)")),
                ("d", _("delete the highlighted game (asks first)")),
                ("F10", _("quit; the kept games stay kept")),
            ):
                yield Label(labelled(key, label), classes="choice")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(("resume", event.option_index))

    def action_choose(self, what: str) -> None:
        highlighted = self.query_one(OptionList).highlighted
        self.dismiss((what, highlighted or 0))


class DiscardScreen(ChoiceScreen):
    """Asks before a game is deleted, naming it; Enter and Escape keep it."""

    def __init__(self, game: str) -> None:
        question = _("Delete {game}? It cannot be brought back.").format(game=game)
        super().__init__(
            question[:1].upper() + question[1:],  # German starts the question with the game
            None,
            [
                Choice("y,j,o", "discard", _("delete it"), _("y")),
                Choice("enter,escape,n", "back", _("no, keep it"), _("Enter")),
            ],
        )
