"""Line-based play: prints the board and the moves, reads moves and commands line by line.

Made for screen readers, pipes and scripts: no colours when the output is not a
terminal, one line per event, a clean end at the end of the input. A game is kept as
the full-screen app keeps it (`KeptGames`): after every step once a person has moved;
quitting asks; the next start offers the kept games of the game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime
from typing import TextIO

from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.markdown import Markdown
from rich.text import Text

from spieltisch.cli.boards import render_board, render_panel
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
    auto_move_message,
    command_word,
    command_words,
    commands_help,
    parse_command,
)
from spieltisch.cli.play.hints import HintUnavailable, alternative_line, hint_line
from spieltisch.cli.play.line_editor import LineEditor, line_editor
from spieltisch.cli.play.moves import list_number, typed_aliases
from spieltisch.cli.play.session import LogEntry, Session, UndoRefused
from spieltisch.core import IllegalMove, SpieltischError, parts
from spieltisch.core.errors import shorten
from spieltisch.core.file_errors import FileProblem
from spieltisch.core.marks import BoardMarks


def default_save_name(session: Session) -> str:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return f"spieltisch-{session.game.name}-{stamp}.json"


def help_text() -> str:
    return _("Type a move's number (#1, #2, …) or its notation.") + " " + commands_help()


class PlainPlay:
    """One game (or several, when asked for another) on standard input and output."""

    def __init__(
        self,
        session: Session,
        console: Console,
        delay: float = 0.0,
        language: str = "en",
        auto_move: bool = True,
        remember: Callable[[bool], object] | None = None,
        kept: KeptGames | None = None,
        offer_kept: bool = False,
        save_default: str | None = None,
        keeper: Keeper | None = None,
        editor: LineEditor | None = None,
    ) -> None:
        self.save_default = save_default
        self.session = session
        self.kept = kept
        self.keeper = keeper
        self.offer_kept = offer_kept
        self.console = console
        self.delay = delay
        self.language = language
        self.auto_move = auto_move
        self.remember = remember
        self.editor = editor
        self._full_list = False  # `board` lists every move in words, however many
        self._shown: tuple[int, int] | None = None  # (history length, seat) last drawn
        self._passed_to: int | None = None

    # -- output -------------------------------------------------------------------------

    def say(self, text: str) -> None:
        """A line of text: at a terminal wrapped between words (the terminal itself would
        cut words in two), elsewhere whole (a pipe or a transcript keeps its lines)."""
        terminal = self.console.is_terminal
        self.console.print(text, highlight=False, markup=False, soft_wrap=not terminal)

    def rows(self, text: str) -> int:
        """The screen lines `text` takes when said."""
        if not self.console.is_terminal:
            return -(-cell_len(text) // max(self.console.width, 1)) or 1
        return len(Text(text).wrap(self.console, max(self.console.width, 1))) or 1

    def prompt_line(self, prompt: str) -> str:
        """A prompt wider than the screen: its words up to the last line said first (the
        line editor would cut them anywhere), the last line left as the prompt."""
        width = self.console.width
        if not self.console.is_terminal or cell_len(prompt) <= width - 8:
            return prompt
        lines = [line.plain.rstrip() for line in Text(prompt).wrap(self.console, width - 8)]
        for line in lines[:-1]:
            self.say(line)
        return lines[-1] + (" " if prompt.endswith(" ") else "")

    def entry(self, entry: LogEntry) -> None:
        if entry.player is None:
            if entry.turn is None:
                self.say(f"  {entry.text}")
            else:
                self.say(f"  {self.session.label(entry.turn)} · {entry.text}")
        else:
            line = _("{player}: {move}").format(
                player=self.session.label(entry.player), move=entry.text
            )
            only = entry.forced and self.auto_move and self.session.is_human(entry.player)
            forced = " " + _("(the only move)") if only else ""
            self.say(f"{line} [{entry.typed or entry.move}]{forced}")

    def intro(self) -> None:
        session = self.session
        self.say(f"== {session.game.title} ==")
        for seat in range(session.game.num_players):
            self.say("  " + session.label(seat))
        self.say(help_text())

    def board(self) -> None:
        session = self.session
        seat = session.to_move
        viewer = session.viewer()
        marks = BoardMarks(last=session.last_move)  # the last move underlined
        board = render_board(session.state, viewer, beside=True, marks=marks)
        self.console.print(board)
        # the dice or the trick, below the board here
        beside = render_panel(session.state, viewer, marks=marks)
        if beside is not None and beside.plain:
            self.console.print(beside)
        self.say(_("{player} to move.").format(player=session.label(seat)))
        self.move_list(
            room=self.room(board, beside if beside is not None and beside.plain else None)
        )
        self._shown = (len(session.log), seat)

    def room(self, *shown: RenderableType | None) -> int | None:
        """Lines left for the move list under what is shown, on a terminal (None: no
        screen to fit, as in a pipe or a screen reader's transcript: list them all)."""
        console = self.console
        if not console.is_terminal or self._full_list:
            return None
        options = console.options
        used = sum(len(console.render_lines(part, options, pad=False)) for part in shown if part)
        return max(console.height - used - 5, 3)  # the turn, the prompt, the last steps

    def move_list(self, room: int | None) -> None:
        """The legal moves with their numbers: each in words when they fit the screen,
        else their notation in columns (as many rows as fit; Tab completes the rest)."""
        choices = self.session.shown_moves()
        self._full_list = False
        lines = [
            f"  {list_number(index)} {shown} — {words}"
            for index, (_move, shown, words) in enumerate(choices, 1)
        ]
        width = max(self.console.width, 1)
        if room is None or sum(self.rows(line) for line in lines) <= room:
            for line in lines:  # each in words: they fit (wrapped lines counted)
                self.say(line)
            return
        cells = [
            f"{list_number(index)} {shown}" for index, (_m, shown, _w) in enumerate(choices, 1)
        ]
        column = max(len(cell) for cell in cells) + 2
        across = max(1, (width - 2) // column)
        rows = [cells[start : start + across] for start in range(0, len(cells), across)]
        shown = rows[: max(room - 1, 1)]
        for row in shown:
            self.say("  " + "".join(cell.ljust(column) for cell in row).rstrip())
        left = len(cells) - sum(len(row) for row in shown)
        note = _n(
            "{count} move; {board} lists them in words, Tab completes a move.",
            "{count} moves; {board} lists them in words, Tab completes a move.",
            len(cells),
        ).format(count=len(cells), board=command_word("board"))
        if left:
            note = (
                _n("… and {left} other.", "… and {left} others.", left).format(left=left)
                + " "
                + note
            )
        self.say(note)

    def results(self) -> None:
        """The final board (which says the game is over) and the places with their points."""
        session = self.session
        marks = BoardMarks(last=session.last_move)
        self.console.print(render_board(session.state, session.viewer(), marks=marks))
        self.say(_("Ranking (points):"))
        for place, label, score in self.session.results():
            self.say(
                "  "
                + _("{place}. {player}: {score}").format(
                    place=place, player=label, score=f"{score:g}"
                )
            )

    # -- input --------------------------------------------------------------------------

    def ask(self, stream: TextIO, prompt: str) -> str | None:
        if self.editor is not None:
            typed = self.editor.read(self.prompt_line(prompt))
            if typed is None:
                self.say("")
            return None if typed is None else typed.strip()
        self.console.print(prompt, end="", highlight=False, markup=False)
        self.console.file.flush()
        line = stream.readline()
        if not line:
            self.say("")
            return None
        if not stream.isatty():
            self.say(line.rstrip("\n"))  # a transcript shows what was answered
        return line.strip()

    # -- the loop -----------------------------------------------------------------------

    def run(self, stream: TextIO) -> None:
        """Play until the input ends or the person quits; Ctrl+C keeps the game too."""
        try:
            if self.editor is None:
                history = self.kept.folder / "plain-history" if self.kept is not None else None
                self.editor = line_editor(stream, history, self.completions)
            if self.offer_kept and not self.offer_kept_game(stream):
                return
            self.keep_from_now()
            self.play(stream)
        except KeyboardInterrupt:
            self.say("")
            self.keep_at_the_end(_("Interrupted."))
        finally:
            if self.keeper is not None:
                self.keeper.release()

    def completions(self) -> list[tuple[str, str]]:
        """What Tab completes now: the moves (the words of the table's language first,
        then the notation), each with what it does, and the command words."""
        session = self.session
        found: list[tuple[str, str]] = []
        if session.human_to_move and not session.state.is_terminal():
            choices = session.legal_choices()
            meaning = dict(choices)
            found += [
                (word, meaning.get(move, move))
                for word, move in typed_aliases(session.state).items()
            ]
            found += choices
        found += [(word, _("command")) for word in sorted(set(command_words()) - {"?"})]
        return found

    def keep_from_now(self) -> None:
        """The game is kept (in a new file, unless it is a kept one) from now on."""
        if self.keeper is None and self.kept is not None:
            self.keeper = attach(self.session, self.kept.new(self.session))

    def play(self, stream: TextIO) -> None:
        self.intro()
        while True:
            session = self.session
            state = session.state
            if state.is_terminal():
                if not self.finish(stream):
                    return
                continue
            if state.is_chance_node():
                self.entry(session.step_chance())
                self.pause(self.delay / 3)
                continue
            if not session.human_to_move:
                self.entry(session.play(session.think(state.clone())))
                self.pause(self.delay)
                continue
            forced = session.forced_move() if self.auto_move else None
            if forced is not None:
                self.entry(session.play(forced))
                self.pause(self.delay / 2)
                continue
            if not self.human_turn(stream):
                return

    def pause(self, seconds: float) -> None:
        """Time for a person to follow what happened (dice are quicker than moves)."""
        if seconds > 0:
            time.sleep(seconds)

    def human_turn(self, stream: TextIO) -> bool:
        """One line of the human to move; False when the input ends or they quit."""
        session = self.session
        seat = session.to_move
        if len(session.humans) > 1 and self._passed_to != seat and session.hides_information():
            if self.console.is_terminal:
                self.console.clear()
            answer = self.ask(
                stream,
                _("Pass the keyboard to {player}, then press Enter.").format(
                    player=session.label(seat)
                )
                + " ",
            )
            if answer is None:
                return self.stop()
            self._passed_to = seat
        if self._shown != (len(session.log), seat):
            self.board()
        line = self.ask(stream, f"{session.label(seat)}> ")
        if line is None:
            return self.stop()
        return self.command(line, stream)

    def stop(self) -> bool:
        """The input ended: a running game is kept (or, with nowhere to keep it, lost
        unless saved, as said)."""
        if self.session.state.is_terminal():
            return False
        if self.keeper is None:
            self.say(
                _("End of input: the game stops here (save it with {save} FILE next time).").format(
                    save=command_word("save")
                )
            )
        else:
            self.keep_at_the_end(_("End of input."))
        return False

    def keep_at_the_end(self, why: str) -> None:
        """The game stops unfinished: keep it and say where."""
        if self.session.state.is_terminal() or self.keeper is None:
            self.say(why)
            return
        message = kept_message(self.keeper.write(self.session))
        self.say(why + (" " + message if message else ""))

    # -- keeping and deleting -----------------------------------------------------------

    def offer_kept_game(self, stream: TextIO) -> bool:
        """Offer the kept games of this game, newest first: continue one (Enter: the
        newest), start a new one (nothing is deleted), or delete one (asked again, naming
        it). False when the input ended (every kept game stays kept)."""
        store = self.kept
        if store is None:
            return True
        title = self.session.game.title
        new, delete = _("new").lower(), _("delete").lower()
        while True:
            games = store.unfinished(self.session.game.name)
            if not games:
                return True
            self.say(_("Kept games of {game}:").format(game=title))
            for number, kept in enumerate(games, 1):
                self.say(f"  {number}. {store.line(kept)}")
            choices = _(
                "Enter: continue 1; a number: continue that game; {new}: a new game; "
                "{delete} N: delete game N (asks first)"
            ).format(new=new, delete=delete)
            line = self.ask(stream, choices + "> ")
            if line is None:
                self.say(_("The kept game stays kept."))
                return False
            word, _sep, rest = line.partition(" ")
            chosen = answer(word, {"new": "new", new: "new", "delete": "delete", delete: "delete"})
            typed = line if line.isdigit() else rest.strip() if chosen == "delete" else "1"
            if line and chosen is None and not line.isdigit():
                self.say(
                    _("'{answer}' is not one of the answers: {choices}").format(
                        answer=line, choices=choices
                    )
                )
                continue
            if chosen == "new":
                return True
            if not typed.isdigit() or not 1 <= int(typed) <= len(games):
                self.say(
                    _("'{answer}' is not one of the answers: {choices}").format(
                        answer=line, choices=f"1–{len(games)}"
                    )
                )
                continue
            kept = games[int(typed) - 1]
            try:
                if chosen == "delete":
                    confirmed = self.confirm_delete(stream, describe_kept(kept))
                    if confirmed is None:
                        return False
                    if confirmed:
                        store.delete(kept)
                    continue
                session, keeper = store.resume(kept, self.session)
            except (GameBusy, SpieltischError) as refused:
                self.say(str(refused))
                continue
            if self.keeper is not None:
                self.keeper.release()  # the new game's file was never written
            self.session, self.keeper = session, keeper
            self.say(_("The kept game goes on."))
            return True

    def confirm_delete(self, stream: TextIO, named: str) -> bool | None:
        """Asked before a game is deleted, naming it: True to delete; None at the end of
        the input (nothing is deleted)."""
        question = _("Delete {game}? It cannot be brought back.").format(game=named)
        question = question[:1].upper() + question[1:]
        yes = _("yes").lower()
        answers = _("{yes}: delete it; Enter: keep it").format(yes=yes)
        line = self.ask(stream, f"{question} {answers}> ")
        if line is None:
            return None
        return answer(line, {"yes": "yes", yes: "yes"}) == "yes"

    def quit(self, stream: TextIO) -> bool:
        """`quit` in a running game asks, as the app does: keep it (Enter), save it,
        delete it (asked again), or go on. False when the game is left."""
        if self.session.state.is_terminal():
            self.say(_("Goodbye."))
            return False
        words = {
            "save": "save",
            command_word("save"): "save",
            "delete": "delete",
            _("delete").lower(): "delete",
            "back": "back",
            _("back").lower(): "back",
            "quit": "keep",
            command_word("quit"): "keep",
        }
        question = _(
            "Quit this game? Enter: keep it for the next start; {save} FILE: save it as a file "
            "first; {delete}: delete it (asks first); {back}: go on playing."
        ).format(save=command_word("save"), delete=_("delete").lower(), back=_("back").lower())
        while True:
            line = self.ask(stream, question + "> ")
            if line is None or line == "":
                self.keep_at_the_end(_("Goodbye."))
                return False
            word, _sep, rest = line.partition(" ")
            chosen = answer(word, words)
            if chosen == "keep":
                self.keep_at_the_end(_("Goodbye."))
                return False
            if chosen == "back":
                self._shown = None
                return True
            if chosen == "save":
                if self.save(rest.strip()):
                    self.keep_at_the_end(_("Goodbye."))
                    return False
                continue
            if chosen == "delete":
                moves = len(self.session.state.history())
                named = _n(
                    "this game of {game} ({moves} move)",
                    "this game of {game} ({moves} moves)",
                    moves,
                ).format(game=self.session.game.title, moves=moves)
                confirmed = self.confirm_delete(stream, named)
                if confirmed is None:
                    self.keep_at_the_end(_("End of input."))
                    return False
                if confirmed:
                    if self.keeper is not None:
                        self.keeper.delete()
                    self.say(_("Goodbye."))
                    return False
                continue
            self.say(
                _("'{answer}' is not one of the answers: {choices}").format(
                    answer=line, choices=question
                )
            )

    def command(self, line: str, stream: TextIO) -> bool:
        """A command word, or else a move; False when the person quits."""
        session = self.session
        if line.strip() == "":
            self._shown = None
            return True
        command = parse_command(line)
        if command is None:
            self.move(line)
        elif command.name == "quit":
            return self.quit(stream)
        elif command.name == "board":
            self._shown = None
            self._full_list = True
        elif command.name == "help":
            self.say(help_text())
        elif command.name == "hint":
            self.hint()
        elif command.name == "undo":
            try:
                taken = session.undo()
            except UndoRefused as refused:
                self.say(str(refused))
            else:
                self.say(_("Taken back: {move}").format(move=taken.text))
                self._shown = None
        elif command.name == "save":
            self.save(command.argument)
        elif command.name == "rules":
            self.rules()
        elif command.name == "auto":
            self.auto_move = not self.auto_move
            self.say(auto_move_message(self.auto_move))
            if self.remember is not None:
                self.remember(self.auto_move)
        return True

    def move(self, line: str) -> None:
        session = self.session
        try:
            entry = session.play(line)
        except IllegalMove:
            reason = session.explain(line) or _("not a legal move")
            typed = shorten(line.strip(), 40)[1:-1]  # a pasted page is not shown back whole
            self.say(_("Illegal move {move}: {reason}").format(move=typed, reason=reason))
            return
        self.entry(entry)

    def hint(self) -> None:
        try:
            hint = self.session.hint()
        except HintUnavailable as missing:
            self.say(str(missing))
            return
        self.say(hint_line(self.session.state, hint.move, hint.win_chance))
        for other in hint.alternatives[:3]:
            self.say("  " + alternative_line(self.session.state, other.move, other.win_chance))

    def save(self, name: str) -> bool:
        try:
            path = self.session.save(name or self.save_default or default_save_name(self.session))
        except FileProblem as exc:
            self.say(str(exc))
            return False
        self.say(_("Saved to {path}").format(path=str(path)))
        return True

    def rules(self) -> None:
        try:
            text = parts(self.session.game).rules_for_terminal(self.language)
        except SpieltischError as exc:
            self.say(str(exc))
            return
        self.console.print(Markdown(text))

    def finish(self, stream: TextIO) -> bool:
        """The end: results, then another game, save, delete the kept record, or quit.
        True for another game. The finished game stays kept as a record unless deleted."""
        self.results()
        keeper = self.keeper
        kept = keeper is not None and keeper.path.exists()
        if keeper is not None and kept:
            self.say(_("The record of this game is kept in {path}.").format(path=keeper.path))
            choices = _("new (another game), save FILE, delete (the kept record) or quit")
        else:
            choices = _("new (another game), save FILE or quit")
        while True:
            line = self.ask(stream, choices + "> ")
            if line is None:
                return False
            word, _sep, rest = line.partition(" ")
            answer = end_answer(word)
            if answer == "quit":
                self.say(_("Goodbye."))  # as when quitting during the game
                return False
            if answer == "delete" and keeper is not None and kept:
                named = _("the record of this game of {game}").format(game=self.session.game.title)
                confirmed = self.confirm_delete(stream, named)
                if confirmed is None:
                    return False
                if confirmed:
                    keeper.delete()
                    kept = False
                    choices = _("new (another game), save FILE or quit")
                continue
            if answer == "new":
                if keeper is not None:
                    keeper.release()
                    self.keeper = None
                self.session = self.session.again()
                self.keep_from_now()
                self._shown = None
                self._passed_to = None
                self.intro()
                return True
            if answer == "save":
                self.save(rest.strip())
            else:
                self.say(
                    _("'{answer}' is not one of the answers: {choices}").format(
                        answer=line, choices=choices
                    )
                )


def end_answer(word: str) -> str | None:
    """What an answer at the end of a game asks for: new, save, delete or quit (a word or its
    first letter, in English or the table's language; no move can be meant here)."""
    words = {
        "new": "new",
        _("new").lower(): "new",
        "save": "save",
        command_word("save"): "save",
        "quit": "quit",
        command_word("quit"): "quit",
        "delete": "delete",
        _("delete").lower(): "delete",
    }
    return answer(word, words)


def answer(word: str, words: dict[str, str]) -> str | None:
    """The answer a typed word (or its first letter) names among `words` (word -> answer)."""
    typed = word.strip().lower()
    if not typed:
        return None
    for known, meant in words.items():
        known = known.lower()
        if typed == known or (len(typed) == 1 and known.startswith(typed)):
            return meant
    return None
