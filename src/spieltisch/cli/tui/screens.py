"""The pop-ups of the play app: pass the keyboard, the rules, save, the end of the game."""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label, Markdown, Static

from spieltisch.cli.messages import _


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

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,question_mark", "close", show=False)]

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


class EndScreen(ModalScreen[str]):
    """The ranking and scores, and what next: another game, save, or quit."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('again')", show=False),
        Binding("s", "choose('save')", show=False),
        Binding("q", "choose('quit')", show=False),
        Binding("escape", "choose('board')", show=False),
    ]

    DEFAULT_CSS = """
    EndScreen { align: center middle; }
    EndScreen > Vertical { width: 70; height: auto; border: heavy $success; padding: 1 2; }
    """

    def __init__(self, results: RenderableType) -> None:
        super().__init__()
        self.results = results

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(_("Game over"), id="end-title")
            yield Static(self.results, id="results")
            yield Label(_("n: play again   s: save   q: quit   Escape: look at the board"))

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
