"""The play app: the board, whose turn, dice or trick, the moves to pick, the log, scores.

The game advances one step at a time: a chance outcome or a computer move is shown,
then, after `delay` seconds, the next step. The computer thinks in a worker thread so
that keys keep working; its answer is dropped if the game changed meanwhile (a move
taken back, a new game), which `generation` tracks.
"""

from __future__ import annotations

from datetime import datetime

from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.widgets import (
    Footer,
    Header,
    Input,
    Label,
    LoadingIndicator,
    OptionList,
    RichLog,
    Static,
)
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from spieltisch.cli.boards import render_board
from spieltisch.cli.messages import _
from spieltisch.cli.play.hints import Hint, HintUnavailable, alternative_line, hint_line
from spieltisch.cli.play.session import LogEntry, Session, UndoRefused
from spieltisch.cli.tui.panels import results_table, scores_table, table_text, turn_text
from spieltisch.cli.tui.screens import EndScreen, PassScreen, RulesScreen, SaveScreen
from spieltisch.core import IllegalMove, SpieltischError, parts
from spieltisch.core.i18n import language, set_language


class PlayApp(App[None]):
    """One table: people and computer levels playing a game to its end, and again."""

    CSS = """
    #main { height: 1fr; }
    #board-pane { width: 1fr; border: round $primary; padding: 0 1; }
    #board { width: auto; }
    #side { width: 30%; min-width: 34; max-width: 56; }
    #turn { padding: 0 1; }
    #thinking { height: 1; display: none; }
    #thinking.active { display: block; }
    #thinking LoadingIndicator { width: 6; height: 1; }
    #table { padding: 0 1; }
    #scores { padding: 0 1; height: auto; border: round $secondary; }
    #moves { height: 1fr; min-height: 5; border: round $accent; }
    #message { padding: 0 1; height: auto; max-height: 8; }
    #message.error { color: $error; }
    #log { height: 10; border: round $secondary; }
    """

    def __init__(
        self,
        session: Session,
        *,
        language: str = "en",
        delay: float = 0.8,
        save_default: str | None = None,
    ) -> None:
        set_language(language)
        super().__init__()
        self.session = session
        self.language = language
        self.delay = delay
        self.save_default = save_default
        self.generation = 0
        self.thinking = False
        self.hinting = False
        self._move_label = ""
        self._hint_label = ""
        self.message = ""
        self.last_hint: Hint | None = None
        self.finished = False
        self._passed_to: int | None = None
        self._choices: list[str] = []
        self._log_shown: list[LogEntry] = []
        self.title = session.game.title
        self.sub_title = _("seed {seed}").format(seed=session.seed)
        self.bind("h", "hint", description=_("hint"))
        self.bind("u", "undo", description=_("take back"))
        self.bind("s", "save", description=_("save"))
        self.bind("question_mark", "rules", description=_("rules"), key_display="?")
        self.bind("q", "quit", description=_("quit"))

    # -- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="main"):
            with ScrollableContainer(id="board-pane"):
                yield Static(id="board")
            with Vertical(id="side"):
                yield Static(id="turn")
                with Horizontal(id="thinking"):
                    yield LoadingIndicator()
                    yield Label(id="thinking-label")
                yield Static(id="table")
                yield Static(id="scores")
                yield OptionList(id="moves")
                yield Input(placeholder=_("type a move: notation or number"), id="typed")
                yield Static(id="message")
                yield RichLog(id="log", wrap=True, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#moves", OptionList).border_title = _("Moves")
        self.query_one("#log", RichLog).border_title = _("Log")
        self.query_one("#scores", Static).border_title = _("Scores")
        self.advance()

    # -- what the app is doing ----------------------------------------------------------

    @property
    def waiting_for_human(self) -> bool:
        """A person is to move and nothing else is under way (no pop-up, no thinking)."""
        return (
            not self.thinking
            and not self.finished
            and self.session.human_to_move
            and bool(self._choices)
            and len(self.screen_stack) == 1
        )

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
        self.query_one("#board", Static).update(render_board(session.state, viewer))
        self.query_one("#turn", Static).update(turn_text(session, viewer))
        self.query_one("#table", Static).update(table_text(session, viewer))
        self.query_one("#scores", Static).update(scores_table(session))
        log = self.query_one("#log", RichLog)
        shown = self._log_shown
        if session.log[: len(shown)] != shown:  # moves were taken back, or a new game began
            log.clear()
            shown.clear()
        for entry in session.log[len(shown) :]:
            log.write(self.entry_text(entry))
            shown.append(entry)

    def entry_text(self, entry: LogEntry) -> Text:
        if entry.player is None:
            if entry.turn is None:
                return Text("· " + entry.text, style="dim")
            return Text(f"· {self.session.label(entry.turn)} · {entry.text}", style="dim")
        line = _("{player}: {move}").format(player=self.session.label(entry.player), move="\0")
        label, _sep, rest = line.partition("\0")
        text = Text(label, style="bold")
        text.append(entry.text + rest)
        return text

    def show_moves(self) -> None:
        options = self.query_one("#moves", OptionList)
        choices = self.session.legal_choices() if self.session.human_to_move else []
        self._choices = [move for move, _words in choices]
        options.clear_options()
        options.add_options(
            Option(Text.assemble(f"{index}. {words}  ", (move, "dim")))
            for index, (move, words) in enumerate(choices, 1)
        )
        if choices:
            options.highlighted = 0
            options.focus()

    def say(self, message: str, error: bool = False) -> None:
        self.message = message
        widget = self.query_one("#message", Static)
        widget.update(Text(message))
        widget.set_class(error, "error")

    def set_thinking(self, label: str | None, hint: bool = False) -> None:
        """Show or hide the indicator: the computer thinks about its move, or about a hint."""
        if hint:
            self.hinting = label is not None
            self._hint_label = label or ""
        else:
            self.thinking = label is not None
            self._move_label = label or ""
        shown = self._move_label or self._hint_label
        self.query_one("#thinking").set_class(bool(shown), "active")
        self.query_one("#thinking-label", Label).update(shown)

    # -- the course of the game ---------------------------------------------------------

    def advance(self) -> None:
        """Take the next step: a chance outcome, the computer's move, or wait for a person."""
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
            self.schedule(self.delay)
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
        self.refresh_view()
        self.show_moves()

    def schedule(self, delay: float) -> None:
        generation = self.generation

        def step() -> None:
            if generation == self.generation:
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
            self.session.play(str(worker.result))
            if self.delay <= 0:
                self.advance()
                return
            self.refresh_view()
            self.show_moves()
            self.schedule(self.delay)
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

    # -- people's moves -----------------------------------------------------------------

    def human_move(self, text: str) -> None:
        session = self.session
        if not self.waiting_for_human:
            self.say(_("Wait for your move, please."), True)
            return
        try:
            session.play(text)
        except IllegalMove:
            reason = session.explain(text) or _("not a legal move")
            self.say(
                _("Illegal move {move}: {reason}").format(move=text.strip(), reason=reason), True
            )
            return
        self.say("")
        self.last_hint = None
        self.set_thinking(None, hint=True)  # a hint still under way is for the old position
        self.advance()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self._choices):
            self.human_move(self._choices[event.option_index])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "typed":
            return
        event.stop()
        text = event.value.strip()
        if not text:
            return
        event.input.value = ""
        self.human_move(text)
        if self.waiting_for_human and "error" not in self.query_one("#message").classes:
            self.query_one("#moves", OptionList).focus()

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
            self.query_one("#moves", OptionList).highlighted = self._choices.index(hint.move)

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
        self.finished = False
        self.say(_("Taken back: {move}").format(move=taken.text))
        self.advance()

    def action_save(self) -> None:
        default = self.save_default or datetime.now().strftime(
            f"spieltisch-{self.session.game.name}-%Y%m%d-%H%M%S.json"
        )
        self.push_screen(SaveScreen(default), self.saved)

    def saved(self, path: str | None) -> None:
        if path is None:
            return
        try:
            target = self.session.save(path)
        except OSError as exc:
            self.say(_("Could not save: {reason}").format(reason=exc.strerror or str(exc)), True)
            return
        self.say(_("Saved to {path}").format(path=str(target)))

    def action_rules(self) -> None:
        try:
            text = parts(self.session.game).rules_summary(self.language)
        except SpieltischError as exc:
            self.say(str(exc), True)
            return
        self.push_screen(RulesScreen(text))

    # -- the end ------------------------------------------------------------------------

    def game_over(self) -> None:
        self.finished = True
        self.push_screen(EndScreen(results_table(self.session)), self.after_end)

    def after_end(self, choice: str | None) -> None:
        if choice == "again":
            self.generation += 1
            self.session = self.session.again()
            self.finished = False
            self._passed_to = None
            self.sub_title = _("seed {seed}").format(seed=self.session.seed)
            self.say("")
            self.advance()
        elif choice == "save":

            def back(path: str | None) -> None:
                self.saved(path)
                self.game_over()

            default = self.save_default or datetime.now().strftime(
                f"spieltisch-{self.session.game.name}-%Y%m%d-%H%M%S.json"
            )
            self.push_screen(SaveScreen(default), back)
        elif choice == "quit":
            self.exit()
        else:
            self.say(_("Game over. n: play again, s: save, q: quit"))
            self.bind("n", "again", description=_("play again"))

    def action_again(self) -> None:
        if self.finished:
            self.after_end("again")
