"""The play app: the board, whose turn, dice or trick, the moves to pick, the log, scores.

The game advances one step at a time: a chance outcome or a computer move is shown,
then, after a pause, the next step (`pacing`: a die is quicker than a move, a person's
only move is played without asking). The computer thinks in a worker thread so that
keys keep working; its answer is dropped if the game changed meanwhile (a move taken
back, a new game), which `generation` tracks.

Every printable key goes to the move box, whatever has the focus: the arrows move the
highlight in the list, Enter plays what was typed (or, with the box empty, the
highlighted move). Commands are words typed there too, or function keys, so no key
that starts a move's notation ever does anything else.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from datetime import datetime
from typing import ClassVar

from rich.console import RenderableType
from rich.measure import Measurement
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult, SuspendNotSupported
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import (
    Header,
    Input,
    Label,
    LoadingIndicator,
    OptionList,
    Static,
)
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from spieltisch.cli.boards import render_board
from spieltisch.cli.drawn import DrawnOnce
from spieltisch.cli.messages import _, _n
from spieltisch.cli.play.autosave import (
    GameBusy,
    Keeper,
    KeptGames,
    attach,
    describe_kept,
    kept_message,
)
from spieltisch.cli.play.commands import (
    Command,
    auto_move_message,
    commands_help,
    parse_command,
)
from spieltisch.cli.play.hints import Hint, HintUnavailable, alternative_line, hint_line
from spieltisch.cli.play.moves import list_number
from spieltisch.cli.play.session import LogEntry, Session, UndoRefused
from spieltisch.cli.review.screen import ReviewScreen
from spieltisch.cli.tui.keybar import key_bar
from spieltisch.cli.tui.log_view import LogView
from spieltisch.cli.tui.panels import results_table, scores_table, table_text, turn_text
from spieltisch.cli.tui.screens import (
    DiscardScreen,
    EndScreen,
    HelpScreen,
    KeptScreen,
    PassScreen,
    QuitScreen,
    RulesScreen,
    SaveScreen,
    end_choices,
)
from spieltisch.cli.tui.unlinked import Unlinked
from spieltisch.core import IllegalMove, SpieltischError, parts
from spieltisch.core.file_errors import FileProblem
from spieltisch.core.i18n import language, set_language
from spieltisch.core.marks import BoardMarks, Marks

MIN_WIDTH, MIN_HEIGHT = 80, 24
"""The smallest window the table is drawn in; below it the app says so."""
LOG_LINES = 60
"""Log entries kept on screen (the record keeps them all)."""
DIE_SHARE = 1 / 3
"""A die stays in view this share of the delay before the next step."""
FORCED_SHARE = 1 / 2
"""A person's only move is played after this share of the delay."""


PAUSING_SCREENS = (RulesScreen, HelpScreen, QuitScreen, SaveScreen, DiscardScreen)
"""While one of these is open, the computer players wait: no die, no move is played."""

LOG_STEPS = {"shift+up": -1, "shift+down": 1, "shift+pageup": -8, "shift+pagedown": 8}
"""Keys that scroll the log (the plain arrows and pages move the list's highlight)."""


class PlayApp(App[None]):
    """One table: people and computer levels playing a game to its end, and again."""

    ENABLE_COMMAND_PALETTE = False  # its "^p palette" key took room from the game's keys
    CSS = """
    #main { height: 1fr; }
    #board-pane { width: 1fr; border: round $primary; padding: 0 1; }
    #board { width: 100%; }
    #side { width: 36; }
    #turn { padding: 0 1; }
    #thinking { height: 1; display: none; }
    #thinking LoadingIndicator { width: 6; height: 1; }
    #table { padding: 0 1; }
    #scores { padding: 0 1; height: auto; border: round $secondary; }
    #moves { height: 1fr; min-height: 3; border: round $accent; }
    #typed { border: none; height: 1; padding: 0 1; background: $background; }
    #typed:focus { background: $boost; border-left: outer $accent; }
    #message { padding: 0 1; height: auto; max-height: 8; }
    #message.error { color: $text-error; text-style: bold; }
    #log-pane { height: 1fr; min-height: 3; max-height: 14; border: round $secondary; }
    #log { width: 100%; }
    #keys { dock: bottom; height: auto; max-height: 2; padding: 0 1; }
    .small #board-pane { padding: 0; }
    .short #scores { display: none; }
    .short #log-pane { max-height: 7; }
    .short Header { display: none; }
    #too-small { display: none; height: 1fr; width: 1fr; content-align: center middle;
                 text-align: center; padding: 1 2; }
    .tiny #too-small { display: block; }
    .tiny #main, .tiny #keys, .tiny Header { display: none; }
    /* The chrome legible on every theme, light ones too (issue 45, WCAG 1.4.3): the
       theme's own foreground on its background (not its surface or panel: Solarized's
       foreground is 4.1:1 on its surface), the typed move's focus a bar beside it; the
       coloured borders stay, their titles and the highlighted move do not take their
       colour (tests/cli/test_terminal_contrast.py). */
    Header { background: $background; color: $foreground; }
    #moves { background: $background; }
    #board-pane, #scores, #moves, #log-pane { border-title-color: $foreground; }
    #moves > .option-list--option-highlighted { color: $background; background: $foreground; }
    #typed > .input--placeholder { color: $foreground; text-style: italic; }
    #typed > .input--selection { color: $background; background: $foreground; }
    #keys { background: $background; color: $foreground; }
    Toast { background: $background; color: $foreground; }
    Toast .toast--title { color: $foreground; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # Ctrl+C quits and keeps the game (Textual would only show a hint about Ctrl+Q)
        Binding("ctrl+c", "quit_keeping", show=False, priority=True),
        # Ctrl+Z puts the app in the background, as in any terminal program (`fg` back)
        Binding("ctrl+z", "suspend_process", show=False, priority=True),
    ]

    def __init__(
        self,
        session: Session,
        *,
        language: str = "en",
        delay: float = 0.8,
        save_default: str | None = None,
        kept: KeptGames | None = None,
        keeper: Keeper | None = None,
        offer_kept: bool = True,
        auto_move: bool = True,
        remember: Callable[[bool], object] | None = None,
    ) -> None:
        set_language(language)
        super().__init__()
        self.session = session
        self.language = language
        self.delay = delay
        self.save_default = save_default
        self.kept = kept
        self.keeper = keeper if keeper is not None or kept is None else kept.new(session)
        if self.keeper is not None:
            attach(session, self.keeper)
        self.offer_kept = offer_kept
        self.auto_move = auto_move
        self.remember = remember
        self.generation = 0
        self.thinking = False
        self.hinting = False
        self._move_label = ""
        self._hint_label = ""
        self._thinking_shown = ""  # what the indicator says (nothing: hidden)
        self.message = ""
        self._told_to_wait = False  # the message asks to wait: it goes once it is their move
        self.last_hint: Hint | None = None
        self.finished = False
        self._passed_to: int | None = None
        self._choices: list[str] = []
        self._log_shown: list[LogEntry] = []
        self._entry_lines: dict[LogEntry, Text] = {}  # each shown entry's line, made once
        self._lines_for: tuple[Session, bool] | None = None  # what the lines were made for
        self._board: RenderableType = ""
        self._preview: Marks | None = None  # where the highlighted move would go
        self._held = False  # a step waits until the pausing window closes
        self._held_move: str | None = None  # the computer's move, found while paused
        self._kept_offered = False  # the kept games' question is open: quitting keeps them
        self.title = session.game.title
        self.sub_title = _("seed {seed}").format(seed=session.seed)
        for key, action in (
            ("f1", "rules"),
            ("f2", "hint"),
            ("f3", "undo"),
            ("f4", "save"),
            ("f5", "again"),
            ("f6", "auto_move"),
            ("f10", "quit"),
        ):
            self.bind(key, action, show=False)
        for key, step in (("up", -1), ("down", 1), ("pageup", -5), ("pagedown", 5)):
            self.bind(key, f"highlight({step})", show=False)
        for key, lines in LOG_STEPS.items():
            self.bind(key, f"scroll_log({lines})", show=False)

    # -- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="main"):
            with VerticalScroll(id="board-pane", can_focus=False):
                yield Unlinked(id="board")
            with Vertical(id="side"):
                yield Unlinked(id="turn")
                with Horizontal(id="thinking"):
                    yield LoadingIndicator()
                    yield Label(id="thinking-label")
                yield Unlinked(id="table")
                yield Unlinked(id="scores")
                moves = OptionList(id="moves")
                moves.can_focus = False
                yield moves
                yield Input(placeholder=_("a move (#1 or notation), or help"), id="typed")
                yield Unlinked(id="message")
                with VerticalScroll(id="log-pane", can_focus=False):
                    yield LogView(id="log")
        yield Unlinked(id="keys")
        yield Static(id="too-small")

    def format_title(self, title: str, sub_title: str) -> Content:
        """The title and the seed beside it, not dimmed: Textual's dim subtitle falls
        under 4.5:1 on most themes."""
        if not sub_title:
            return Content(title)
        return Content.assemble(Content(title), " — ", Content(sub_title))

    def on_mount(self) -> None:
        self.query_one("#moves", OptionList).border_title = _("Moves")
        self.query_one("#log-pane").border_title = _("Log")
        self.query_one("#scores", Static).border_title = _("Scores")
        self.show_keys()
        self.screen_change_signal.subscribe(self, self.screen_changed)
        self.fit_to_screen()
        self.query_one("#typed", Input).focus()
        if self.kept is not None and self.offer_kept:
            self.offer_kept_game()
        else:
            self.advance()

    def on_unmount(self) -> None:
        """The app ends: another terminal may open the game now."""
        if self.keeper is not None:
            self.keeper.release()

    def offer_kept_game(self) -> None:
        """Offer the kept games of this game: continue one, start a new game (nothing is
        deleted), or delete one (asked again, naming it). Quitting meanwhile keeps them."""
        store = self.kept
        games = store.unfinished(self.session.game.name) if store is not None else []
        if store is None or not games:
            self._kept_offered = False
            self.advance()
            return
        self._kept_offered = True
        title = self.session.game.title

        def deleting(choice: str | None, kept_index: int) -> None:
            if choice == "discard":
                try:
                    store.delete(games[kept_index])
                except GameBusy as busy:
                    self.say(str(busy), True)
            self.call_later(self.offer_kept_game)

        def answered(answer: tuple[str, int] | None) -> None:
            what, index = answer or ("later", 0)
            if what == "resume":
                try:
                    session, keeper = store.resume(games[index], self.session)
                except (GameBusy, SpieltischError) as refused:
                    self.say(str(refused), True)
                    self.call_later(self.offer_kept_game)
                    return
                self._kept_offered = False
                if self.keeper is not None:
                    self.keeper.release()
                self.session, self.keeper = session, keeper
                self.sub_title = _("seed {seed}").format(seed=session.seed)
                self.say(_("The kept game goes on."))
                self.advance()
            elif what == "new":
                self._kept_offered = False
                self.advance()
            elif what == "delete":
                self.push_screen(
                    DiscardScreen(describe_kept(games[index])),
                    lambda choice: deleting(choice, index),
                )
            else:
                self.exit(message=kept_message(games[0].path))

        self.push_screen(KeptScreen(title, [store.line(kept) for kept in games]), answered)

    # -- the screen's size --------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self.fit_to_screen(event.size)

    def fit_to_screen(self, size: Size | None = None) -> None:
        """Give the board the width it needs (the side panel the rest, within limits);
        on a short screen drop the header and the score box (every board shows the
        scores) so that the moves have room; below 80×24, say that the window is too
        small instead of a table nobody can read. The classes go on the table's screen,
        also while a window is open over it."""
        width, height = size or self.size
        table = self.screen_stack[0]
        table.set_class(width < 100, "small")
        table.set_class(height < 30, "short")
        tiny = width < MIN_WIDTH or height < MIN_HEIGHT
        was_tiny = table.has_class("tiny")
        table.set_class(tiny, "tiny")
        if tiny:
            table.query_one("#too-small", Static).update(too_small_text(width, height))
        elif was_tiny and not self.finished:
            table.query_one("#typed", Input).focus()  # hiding the table took the focus
        options = self.console.options.update_width(max(width - 40, 20))
        needed = Measurement.get(self.console, options, self._board).maximum + 4
        side = max(34, min(60, width - needed))
        table.query_one("#side").styles.width = side

    # -- what the app is doing ----------------------------------------------------------

    @property
    def waiting_for_human(self) -> bool:
        """A person is to choose a move and nothing else is under way (no pop-up, no
        thinking, not their only move when that plays itself)."""
        return (
            not self.thinking
            and not self.finished
            and self.session.human_to_move
            and len(self._choices) > (1 if self.auto_move else 0)
            and len(self.screen_stack) == 1
        )

    @property
    def paused(self) -> bool:
        """A window that asks for attention is open (rules, help, quit, save): the
        computer players wait for it to close."""
        return any(isinstance(screen, PAUSING_SCREENS) for screen in self.screen_stack)

    def screen_changed(self, _screen: Screen[object]) -> None:
        """A window closed or opened: the held step goes on once nothing pauses the game."""
        if self.paused or not (self._held or self._held_move is not None):
            return
        move, self._held_move = self._held_move, None
        self._held = False
        if move is not None:
            self.played_by_computer(move)
        else:
            self.advance()

    @property
    def position_key(self) -> str:
        """Names the position a worker started from: its answer is dropped once it changed."""
        return f"{self.generation}/{len(self.session.log)}"

    def viewer(self) -> int | None:
        session = self.session
        humans = session.humans
        if len(humans) == 1:
            return humans[0]
        seat = session.to_move
        if session.is_human(seat) and (self._passed_to == seat or not session.hides_information()):
            return seat
        return None

    # -- drawing ------------------------------------------------------------------------

    def refresh_view(self) -> None:
        session = self.session
        viewer = self.viewer()
        self.show_board()
        self.query_one("#turn", Static).update(turn_text(session, viewer))
        self.query_one("#scores", Static).update(
            DrawnOnce(scores_table(session), height_matters=False)
        )
        self.show_log()
        self.fit_to_screen()

    def show_board(self) -> None:
        """The board and the panel beside it, with the last move underlined and the
        highlighted move (before it is played) in reverse."""
        session = self.session
        viewer = self.viewer()
        marks = BoardMarks(last=session.last_move, preview=self._preview)
        board = render_board(session.state, viewer, beside=True, marks=marks)
        # a board that chooses its layout by width is drawn once per width, not again
        # for its height, its lines and the side panel's measure (a Text Textual keeps)
        self._board = board if isinstance(board, Text) else DrawnOnce(board, height_matters=False)
        self.query_one("#board", Static).update(self._board)
        self.query_one("#table", Static).update(table_text(session, viewer, marks))

    def preview(self, index: int | None) -> None:
        """Show on the board where the list's move `index` would go (None: no move)."""
        move = self._choices[index] if index is not None and index < len(self._choices) else None
        marks = self.session.preview(move, self.viewer()) if move is not None else None
        if marks != self._preview:
            self._preview = marks
            self.show_board()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.preview(event.option_index)

    def show_log(self) -> None:
        """The latest lines of the log, wrapped to the panel (the newest at the bottom)."""
        entries = self.session.log[-LOG_LINES:]
        if entries == self._log_shown:
            return
        self._log_shown = list(entries)
        if self._lines_for != (self.session, self.auto_move):
            self._lines_for = (self.session, self.auto_move)
            self._entry_lines = {}  # other labels, or "(the only move)" comes or goes
        made, self._entry_lines = self._entry_lines, {}
        for entry in entries:
            line = made.get(entry)
            self._entry_lines[entry] = self.entry_text(entry) if line is None else line
        self.query_one("#log", LogView).show([self._entry_lines[entry] for entry in entries])
        pane = self.query_one("#log-pane", VerticalScroll)
        self.call_after_refresh(pane.scroll_end, animate=False)

    def entry_text(self, entry: LogEntry) -> Text:
        """A log line: a move with its player in bold; chance and events in italics (not
        dimmed: dimmed they fell under 4.5:1 on light themes, issue 45)."""
        if entry.player is None:
            if entry.turn is None:
                return Text("· " + entry.text, style="italic")
            return Text(f"· {self.session.label(entry.turn)} · {entry.text}", style="italic")
        line = _("{player}: {move}").format(player=self.session.label(entry.player), move="\0")
        label, _sep, rest = line.partition("\0")
        text = Text(label, style="bold")
        text.append(entry.text + rest)
        if entry.forced and self.auto_move and self.session.is_human(entry.player):
            text.append(" " + _("(the only move)"), style="italic")
        return text

    def show_moves(self) -> None:
        options = self.query_one("#moves", OptionList)
        choices = self.session.shown_moves() if self.session.human_to_move else []
        self._choices = [move for move, _shown, _words in choices]
        options.clear_options()
        options.add_options(  # "#1 würfeln — words": what to type stays beside its number
            Option(Text.assemble(f"{list_number(index)} ", (shown, "bold"), f" — {words}"))
            for index, (_move, shown, words) in enumerate(choices, 1)
        )
        if choices:
            options.highlighted = 0
        self.preview(0 if choices else None)
        if len(self.screen_stack) == 1:
            self.query_one("#typed", Input).focus()

    def say(self, message: str, error: bool = False) -> None:
        self.message = message
        self._told_to_wait = False
        widget = self.query_one("#message", Static)
        widget.update(Text(message))
        widget.set_class(error, "error")

    def ask_to_wait(self) -> None:
        """A key that wanted to move came too early; the words go when the move is theirs."""
        self.say(_("Wait for your move, please."), True)
        self._told_to_wait = True

    def set_thinking(self, label: str | None, hint: bool = False) -> None:
        """Show or hide the indicator: the computer thinks about its move, or about a hint."""
        if hint:
            self.hinting = label is not None
            self._hint_label = label or ""
        else:
            self.thinking = label is not None
            self._move_label = label or ""
        shown = self._move_label or self._hint_label
        if shown == self._thinking_shown:
            return  # a hint's end with no hint asked, after every move: nothing to redraw
        self._thinking_shown = shown
        # shown or hidden by its own style, not a class: a class asks Textual to match the
        # whole style sheet against the row and its children again, at every move
        self.query_one("#thinking").display = bool(shown)
        self.query_one("#thinking-label", Label).update(shown)

    # -- the course of the game ---------------------------------------------------------

    def advance(self) -> None:
        """Take the next step: a chance outcome, the computer's move, or wait for a person."""
        if not self.is_running:
            return  # a timer that fires while the app shuts down finds no widgets to draw on
        if self.paused:
            self._held = True
            return
        session = self.session
        state = session.state
        self._choices = []
        if state.is_terminal():
            self.refresh_view()
            self.show_moves()
            self.game_over()
            return
        if state.is_chance_node():
            session.step_chance()
            if self.delay <= 0 or session.human_to_move:
                self.advance()  # nothing to wait for: no redraw in between
                return
            self.refresh_view()
            self.show_moves()
            self.schedule(self.delay * DIE_SHARE)
            return
        if not session.human_to_move:
            self.refresh_view()
            self.show_moves()
            self.think()
            return
        seat = session.to_move
        if len(session.humans) > 1 and self._passed_to != seat and session.hides_information():
            self.refresh_view()
            self.show_moves()
            generation = self.generation

            def passed(_result: None) -> None:
                if generation == self.generation:
                    self._passed_to = seat
                    self.advance()

            self.push_screen(PassScreen(session.label(seat)), passed)
            return
        self._passed_to = seat
        if self._told_to_wait:
            self.say("")
        self.refresh_view()
        self.show_moves()
        forced = session.forced_move() if self.auto_move else None
        if forced is not None:
            self.play_forced(forced)

    def play_forced(self, move: str) -> None:
        """A person's only move is played for them after a short look at the board."""
        key = self.position_key

        def step() -> None:
            if self.paused:
                self._held = True  # asked again when the window closes
            elif key == self.position_key and self.session.forced_move() == move:
                self.session.play(move)
                self.advance()

        if self.delay > 0:
            self.set_timer(self.delay * FORCED_SHARE, step)
        else:
            self.call_later(step)

    def schedule(self, delay: float) -> None:
        """The next step after a pause, unless the game moved on meanwhile (a person's
        quick move already took it: a second step would open the end window twice)."""
        key = self.position_key

        def step() -> None:
            if key == self.position_key:
                self.advance()

        if delay > 0:
            self.set_timer(delay, step)
        else:
            self.call_later(step)

    def think(self) -> None:
        session = self.session
        seat = session.to_move
        state = session.state.clone()
        code = self.language
        self.set_thinking(_("{player} is thinking…").format(player=session.label(seat)))

        def work() -> str:
            with language(code):
                return session.think(state)

        self.run_worker(
            work, name=f"move:{self.position_key}", thread=True, group="ai", exit_on_error=False
        )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        kind, _sep, generation = (worker.name or "").partition(":")
        if kind not in ("move", "hint") or event.state not in (
            WorkerState.SUCCESS,
            WorkerState.ERROR,
        ):
            return
        current = generation == self.position_key
        if kind == "move":
            if not current:
                return
            self.set_thinking(None)
            if event.state == WorkerState.ERROR:
                self.say(_("The computer failed: {error}").format(error=worker.error), True)
                return
            if self.paused:
                self._held_move = str(worker.result)
                return
            self.played_by_computer(str(worker.result))
        else:
            if not current:
                return
            self.set_thinking(None, hint=True)
            if event.state == WorkerState.ERROR:
                error = worker.error
                text = str(error) if isinstance(error, HintUnavailable) else repr(error)
                self.say(text, True)
                return
            if isinstance(worker.result, Hint):
                self.show_hint(worker.result)

    def played_by_computer(self, move: str) -> None:
        """The computer's move, shown for a while before the next step."""
        self.session.play(move)
        if self.delay <= 0:
            self.advance()
            return
        self.refresh_view()
        self.show_moves()
        self.schedule(self.delay)

    # -- people's moves -----------------------------------------------------------------

    def human_move(self, text: str) -> bool:
        """Play the move a person chose or typed; False (and the reason shown) if refused."""
        session = self.session
        if not self.waiting_for_human:
            self.ask_to_wait()
            return False
        try:
            session.play(text)
        except IllegalMove:
            reason = session.explain(text) or _("not a legal move")
            self.say(
                _("Illegal move {move}: {reason}").format(move=text.strip(), reason=reason), True
            )
            return False
        self.say("")
        self.last_hint = None
        self.set_thinking(None, hint=True)  # a hint still under way is for the old position
        self.advance()
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self._choices):
            self.human_move(self._choices[event.option_index])
        self.query_one("#typed", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the move box: a command word, the typed move, or (box empty) the
        highlighted move of the list."""
        if event.input.id != "typed":
            return
        event.stop()
        text = event.value.strip()
        if not text:
            highlighted = self.query_one("#moves", OptionList).highlighted
            if self.waiting_for_human and highlighted is not None:
                self.human_move(self._choices[highlighted])
            elif not self.waiting_for_human:
                self.ask_to_wait()
            return
        command = parse_command(text)
        if command is not None:
            event.input.value = ""
            self.run_command(command)
            return
        if self.human_move(text):
            event.input.value = ""
        else:
            event.input.select_all()  # the next try replaces the refused text, not joins it

    def run_command(self, command: Command) -> None:
        if command.name == "help":
            self.action_help()
        elif command.name == "hint":
            self.action_hint()
        elif command.name == "undo":
            self.action_undo()
        elif command.name == "save":
            if command.argument:
                self.saved(command.argument)
            else:
                self.action_save()
        elif command.name == "rules":
            self.action_rules()
        elif command.name == "quit":
            self.leave()
        elif command.name == "board":
            self.say("")
            self.refresh_view()
        elif command.name == "auto":
            self.action_auto_move()

    def on_key(self, event: events.Key) -> None:
        """A printable key that reached no input goes to the move box (typing a move
        never needs a click or a Tab first)."""
        if len(self.screen_stack) != 1 or not event.is_printable or not event.character:
            return
        box = self.query_one("#typed", Input)
        if self.focused is box or box.disabled:
            return
        event.stop()
        event.prevent_default()
        box.focus()
        box.insert_text_at_cursor(event.character)

    def action_scroll_log(self, lines: int) -> None:
        """Shift with the arrows or pages scrolls the log back and forth."""
        pane = self.query_one("#log-pane", VerticalScroll)
        pane.scroll_relative(y=lines, animate=False)

    def action_help(self) -> None:
        self.push_screen(HelpScreen(help_text()))

    def action_highlight(self, step: int) -> None:
        """The arrows move the list's highlight while the typing stays in the box."""
        options = self.query_one("#moves", OptionList)
        count = options.option_count
        if not count:
            return
        current = options.highlighted if options.highlighted is not None else 0
        options.highlighted = max(0, min(count - 1, current + step))

    # -- keys ---------------------------------------------------------------------------

    def action_hint(self) -> None:
        if not self.waiting_for_human:
            self.say(_("A hint is given when it is your move."), True)
            return
        state = self.session.state.clone()
        code = self.language
        session = self.session
        if self.hinting:
            return
        self.set_thinking(_("looking for the best move…"), hint=True)

        def work() -> Hint:
            with language(code):
                return session.hint(state)

        self.run_worker(
            work, name=f"hint:{self.position_key}", thread=True, group="hint", exit_on_error=False
        )

    def show_hint(self, hint: Hint) -> None:
        self.last_hint = hint
        state = self.session.state
        lines = [hint_line(state, hint.move, hint.win_chance)]
        lines += [
            "  " + alternative_line(state, other.move, other.win_chance)
            for other in hint.alternatives[:3]
        ]
        self.say("\n".join(lines))
        if hint.move in self._choices:
            options = self.query_one("#moves", OptionList)
            options.highlighted = self._choices.index(hint.move)
            self.call_after_refresh(options.scroll_to_highlight)  # once the message took its room

    def action_undo(self) -> None:
        try:
            taken = self.session.undo()
        except UndoRefused as refused:
            self.say(str(refused), True)
            return
        while len(self.screen_stack) > 1:
            self.pop_screen()  # the end screen (or the rules) give way to the game again
        self.generation += 1
        self.set_thinking(None)
        self.set_thinking(None, hint=True)
        self.game_open()
        self.say(_("Taken back: {move}").format(move=taken.text))
        self.advance()

    def action_auto_move(self) -> None:
        """Switch between playing a person's only move for them and asking for it; the
        choice is remembered for the next games."""
        self.auto_move = not self.auto_move
        self.say(auto_move_message(self.auto_move))
        if self.remember is not None:
            self.remember(self.auto_move)
        quiet = not self.thinking and not self.finished and len(self.screen_stack) == 1
        forced = self.session.forced_move() if self.auto_move and quiet else None
        if forced is not None:
            self.play_forced(forced)

    def default_save_name(self) -> str:
        return self.save_default or datetime.now().strftime(
            f"spieltisch-{self.session.game.name}-%Y%m%d-%H%M%S.json"
        )

    def action_save(self) -> None:
        def chosen(path: str | None) -> None:
            self.saved(path)

        self.push_screen(SaveScreen(self.default_save_name()), chosen)

    def saved(self, path: str | None) -> bool:
        if path is None:
            return False
        try:
            target = self.session.save(path)
        except FileProblem as exc:
            self.say(str(exc), True)
            return False
        self.say(_("Saved to {path}").format(path=str(target)))
        return True

    def action_rules(self) -> None:
        try:
            text = parts(self.session.game).rules_for_terminal(self.language)
        except SpieltischError as exc:
            self.say(str(exc), True)
            return
        self.push_screen(RulesScreen(text))

    # -- the end ------------------------------------------------------------------------

    def game_over(self) -> None:
        """The end window, once: a step that arrives late (a key pressed quickly, a timer)
        finds it open and opens no second one."""
        if any(isinstance(screen, EndScreen) for screen in self.screen_stack):
            return
        self.finished = True
        self.show_keys()
        self.query_one("#typed", Input).disabled = True  # no move to type: the game is over
        kept = self.keeper is not None and self.keeper.path.exists()
        results = results_table(self.session)
        self.push_screen(EndScreen(results, end_choices(kept)), self.after_end)

    def after_end(self, choice: str | None) -> None:
        if choice == "again":
            self.generation += 1
            self.session = self.session.again()
            if self.kept is not None:
                if self.keeper is not None:
                    self.keeper.release()
                self.keeper = attach(self.session, self.kept.new(self.session))
            self.game_open()
            self._passed_to = None
            self.sub_title = _("seed {seed}").format(seed=self.session.seed)
            self.say("")
            self.advance()
        elif choice == "save":

            def back(path: str | None) -> None:
                self.saved(path)
                self.game_over()

            self.push_screen(SaveScreen(self.default_save_name()), back)
        elif choice == "delete":
            named = _("the record of this game of {game}").format(game=self.session.game.title)

            def deleting(answer: str | None) -> None:
                if answer == "discard" and self.keeper is not None:
                    self.keeper.delete()
                self.game_over()

            self.push_screen(DiscardScreen(named), deleting)
        elif choice == "review":
            self.push_screen(self.review_screen(), lambda _closed: self.game_over())
        elif choice == "quit":
            self.exit()
        else:
            self.say(_("F5: play again, F4: save, F10: quit"))  # the header says the game is over

    def review_screen(self) -> ReviewScreen:
        """The finished game reviewed: the people's decisions (everyone's when only
        computers played), by the expert's search with the table's budget."""
        session = self.session
        return ReviewScreen(
            session.record(),  # who sat where as kinds: the review names "Grün · mittel"
            self.language,
            budget=session.budget,
            seats=session.humans or None,
        )

    def action_again(self) -> None:
        if self.finished and not any(isinstance(s, EndScreen) for s in self.screen_stack):
            self.after_end("again")

    def game_open(self) -> None:
        """The game goes on again (a new one, or the last move taken back)."""
        self.finished = False
        self.show_keys()
        box = self.query_one("#typed", Input)
        box.disabled = False
        box.focus()

    def show_keys(self) -> None:
        """The key bar: what each key does now (F5 once the game is over, F2 before)."""
        keys = [("F1", _("rules"))]
        if not self.finished:
            keys.append(("F2", _("hint")))
        keys += [("F3", _("take back")), ("F4", _("save"))]
        if self.finished:
            keys.append(("F5", _("play again")))
        keys += [("F6", _("auto")), ("F10", _("quit"))]
        self.query_one("#keys", Static).update(key_bar(keys))

    async def action_quit(self) -> None:
        self.leave()

    def action_quit_keeping(self) -> None:
        """Ctrl+C: quit at once, keeping the game (as closing the terminal would)."""
        if self._kept_offered or self.keeper is None:
            self.exit()
            return
        target = self.keeper.write(self.session)
        running = not (self.finished or self.session.state.is_terminal())
        self.exit(message=kept_message(target) if running else None)

    def action_suspend_process(self) -> None:
        """Ctrl+Z: stop the whole job, as a terminal's Ctrl+Z does, not only this process.

        Textual stops its own process; started by `uv run spieltisch play`, the job's
        leader is uv, which went on waiting, so the shell never got the terminal back
        and the screen froze. The app leaves the screen as it found it, stops its process
        group, and takes the screen again when the shell's `fg` continues the group."""
        try:
            group = os.getpgrp()
            ours = os.tcgetpgrp(sys.__stdin__.fileno()) == group if sys.__stdin__ else False
        except (AttributeError, OSError, ValueError):
            ours = False
        if not ours or group == os.getpid():
            super().action_suspend_process()  # alone in its job: Textual's own way
            return
        try:
            with self.suspend():
                os.killpg(group, signal.SIGSTOP)  # continued by the shell's fg (SIGCONT)
        except SuspendNotSupported:
            pass

    def leave(self) -> None:
        """Leaving a running game asks first: keep it for next time, save it, or discard."""
        if self._kept_offered:
            self.exit()  # undecided: the kept games stay kept
            return
        if self.finished or self.session.state.is_terminal():
            self.exit()
            return
        if any(isinstance(screen, (QuitScreen, DiscardScreen)) for screen in self.screen_stack):
            return

        def answered(choice: str | None) -> None:
            if choice == "keep":
                target = self.keeper.write(self.session) if self.keeper else None
                self.exit(message=kept_message(target))
            elif choice == "discard":
                self.push_screen(DiscardScreen(self.game_named()), deleting)
            elif choice == "save":

                def then(path: str | None) -> None:
                    if path is not None and self.saved(path):
                        target = self.keeper.write(self.session) if self.keeper else None
                        self.exit(message=kept_message(target))

                self.push_screen(SaveScreen(self.default_save_name()), then)

        def deleting(choice: str | None) -> None:
            if choice == "discard":
                if self.keeper is not None:
                    self.keeper.delete()
                self.exit()

        self.push_screen(QuitScreen(), answered)

    def game_named(self) -> str:
        """This game, named as the question before deleting it names it."""
        moves = len(self.session.state.history())
        return _n(
            "this game of {game} ({moves} move)", "this game of {game} ({moves} moves)", moves
        ).format(game=self.session.game.title, moves=moves)


def too_small_text(width: int, height: int) -> str:
    return _(
        "This window is {width}×{height}; the game needs at least {min_width}×{min_height}. "
        "Make it larger and the game is back as it was, or quit with Ctrl+C (the game is "
        "kept) and play with --plain."
    ).format(width=width, height=height, min_width=MIN_WIDTH, min_height=MIN_HEIGHT)


def help_text() -> str:
    """How to play: the keys first (the list a person looks for), then typing and the
    command words."""
    return "\n\n".join(
        [
            _(
                "Keys: F1 rules, F2 hint, F3 take back, F4 save, F5 play again (after the "
                "end), F6 auto, F10 quit."
            ),
            _(
                "Up/Down, Page Up/Down: move the highlight in the list of moves. "
                "Shift+Up/Down, Shift+Page Up/Down: scroll the log."
            ),
            _(
                "On the board the last move is underlined, and the highlighted move is "
                "shown in reverse before you play it."
            ),
            _(
                "Type a move (its number #1, #2, … or its notation) and press Enter; with the "
                "box empty, Enter plays the highlighted move (arrows move it)."
            ),
            commands_help(),
        ]
    )
