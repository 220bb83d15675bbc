"""A game in progress at the terminal: seats, the move log, chance, undo, hints, saving.

Both interfaces (plain and Textual) drive a `Session`; it does no I/O except `save`
(and what `on_step` does: the kept game is written after every step).
Chance is drawn from a generator seeded by the session's seed and the number of chance
outcomes so far, and each computer move from an agent seeded by the seed, the seat and
the number of steps so far: taking a move back and playing on brings the same dice
again, and a game resumed from its record (which keeps the seed, see `table_info`)
goes on with the same dice, cards and computer moves as if it had never stopped.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spieltisch.agents import Agent, Budget, make
from spieltisch.cli.messages import _
from spieltisch.cli.play.commands import command_for_letter
from spieltisch.cli.play.hints import Hint, compute_hint
from spieltisch.cli.play.moves import (
    describe,
    is_notation,
    list_index,
    list_number,
    parse_move,
    shown_notation,
    typed_aliases,
)
from spieltisch.cli.play.seats import HUMAN, seat_label
from spieltisch.core import CHANCE, Game, IllegalMove, Record, SpieltischError, State, parts
from spieltisch.core.file_errors import FileProblem, file_problem
from spieltisch.core.marks import Marks, preview_marks, step_marks


@dataclass(frozen=True)
class LogEntry:
    """One line of the move log: who (None for chance and events), the move, in words."""

    player: int | None
    move: str
    text: str
    turn: int | None = None
    """For chance outcomes: whose turn it is (whose dice they are), where the view says."""
    forced: bool = False
    """The only legal move: played without asking, and never what `undo` takes back."""
    typed: str = ""
    """The move as the reader would type it (`würfeln` for `roll`); empty for chance."""


class UndoRefused(SpieltischError):
    """Taking back is not possible now; the message says why."""


class Session:
    """A game with its seats and log; the interfaces ask it what to show and tell it moves."""

    def __init__(
        self,
        game: Game[Any],
        seats: Sequence[str],
        *,
        seed: int = 0,
        budget: Budget | None = None,
        history: Sequence[str] = (),
    ) -> None:
        if len(seats) != game.num_players:
            raise ValueError(f"{game.title} with {game.num_players} players needs as many seats")
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.budget = budget
        self.on_step: Callable[[Session], object] | None = None
        """Called after every step (a move, a chance outcome, a take-back): keeps the game."""
        self.state: State = game.new_state()
        self.log: list[LogEntry] = []
        self.last_move: Marks | None = None
        """Where the last step that moved pieces took them from and to (see core.marks);
        a roll that moves nothing keeps the marks of the move before."""
        self._rebuild(history)

    # -- who is who ---------------------------------------------------------------------

    @property
    def humans(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]

    def label(self, seat: int) -> str:
        return seat_label(self.game, seat, self.seats[seat], len(self.humans))

    @property
    def to_move(self) -> int:
        return self.state.current_player

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat] == HUMAN

    @property
    def human_to_move(self) -> bool:
        return self.is_human(self.to_move)

    def viewer(self) -> int | None:
        """The seat whose view is shown: the only human, else the human to move, else nobody."""
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        return self.to_move if self.human_to_move else None

    def hides_information(self) -> bool:
        """Whether some seat sees more than a spectator (a hand of cards) right now."""
        spectator = self.state.view(None)
        return any(self.state.view(seat) != spectator for seat in range(self.game.num_players))

    # -- playing ------------------------------------------------------------------------

    def legal_choices(self) -> list[tuple[str, str]]:
        """The legal moves with their descriptions."""
        return [(move, describe(self.state, move)) for move in self.state.legal_moves()]

    def shown_moves(self) -> list[tuple[str, str, str]]:
        """The legal moves as a list shows them: (move, what to type in the reader's
        language, the move in words)."""
        aliases = typed_aliases(self.state)
        return [
            (move, shown_notation(self.state, move, aliases), words)
            for move, words in self.legal_choices()
        ]

    def parse(self, text: str) -> str:
        return parse_move(self.state, text)

    def explain(self, text: str) -> str | None:
        """Why the typed move is illegal now, or None; it points at what would work."""
        typed = text.strip()
        index = list_index(typed)
        count = len(self.state.legal_moves())
        if index is not None and typed.startswith("#") and not 1 <= index <= count:
            return _("the list has no move {number}: it goes from #1 to #{count}").format(
                number=list_number(index), count=count
            )
        reason = self.state.explain(self.parse(typed))
        if reason is None:
            return None
        if index is not None and not typed.startswith("#") and 1 <= index <= count:
            reason += " " + _("(to choose move {number} of the list, type {number})").format(
                number=list_number(index)
            )
        elif not is_notation(self.state, typed):
            legal = ", ".join(self.state.legal_moves())
            if reason.endswith(legal):  # the engine's general "legal now: <notation>"
                shown = ", ".join(shown for _move, shown, _words in self.shown_moves())
                reason = _(
                    "not a move here; type a move's number (#1 to #{count}) or one of: {moves}"
                ).format(count=count, moves=shown)
            letter = command_for_letter(typed)
            if letter is not None:
                reason += " " + _("(commands are words: did you mean {command}?)").format(
                    command=letter
                )
        return reason

    def play(self, text: str) -> LogEntry:
        """Apply a move typed (notation or number) or chosen; IllegalMove leaves all as it was."""
        move = self.parse(text)
        player = self.state.current_player
        if player < 0:
            raise IllegalMove(move, _("no player is to move now"))
        before = self.state.clone()
        forced = len(self.state.legal_moves()) == 1
        self.state.apply(move)  # checked before it is described: describing needs a move
        entry = LogEntry(
            player, move, describe(before, move), forced=forced, typed=shown_notation(before, move)
        )
        self.log.append(entry)
        self._mark(before, self.state)
        self._stepped()
        return entry

    def _stepped(self) -> None:
        if self.on_step is not None:
            self.on_step(self)

    def forced_move(self) -> str | None:
        """The move of the person to move when it is their only one (played without asking)."""
        if not self.human_to_move:
            return None
        legal = self.state.legal_moves()
        return legal[0] if len(legal) == 1 else None

    def step_chance(self) -> LogEntry:
        """Draw and apply the chance outcome at a chance node."""
        if self.state.current_player != CHANCE:
            raise SpieltischError("not a chance node")
        before = self.state.clone()
        rng = random.Random(f"{self.seed}/{self._chance_count()}")
        outcome = self.state.sample_chance(rng)
        entry = LogEntry(None, outcome, describe(before, outcome), _turn(before))
        self.log.append(entry)
        self._mark(before, self.state)
        self._stepped()
        return entry

    def _mark(self, before: State, after: State) -> None:
        """Remember the step from `before` to `after` as the last move if it moved pieces."""
        places = parts(self.game).places
        marks = step_marks(places, before, after) if places is not None else None
        if marks is not None:
            self.last_move = marks

    def preview(self, move: str, seat: int | None) -> Marks | None:
        """Where `move` would take pieces from and to, as `seat` sees it (None: it moves
        nothing by itself, or the board cannot mark)."""
        places = parts(self.game).places
        return preview_marks(places, self.state, move, seat) if places is not None else None

    def _chance_count(self) -> int:
        return sum(1 for entry in self.log if entry.player is None)

    def agent(self, seat: int, steps: int) -> Agent:
        """The computer player of `seat` for the decision after `steps` steps: seeded by
        both, so that the same position brings the same move after a resume (an agent
        that lived on would have drawn from its generator in between)."""
        seed = random.Random(f"{self.seed}/seat/{seat}/{steps}").getrandbits(32)
        return make(self.seats[seat], self.game, seed, self.budget)

    def think(self, state: State) -> str:
        """The computer's move for the player to move in `state` (a copy: safe in a thread)."""
        return self.agent(state.current_player, len(state.history())).choose(state)

    def hint(self, state: State | None = None) -> Hint:
        return compute_hint(state or self.state.clone(), self.budget, self.seed)

    # -- taking back --------------------------------------------------------------------

    def undo(self) -> LogEntry:
        """Take back the only human's last chosen move (and everything after it); moves
        that were the only one are taken back with it, never on their own."""
        humans = self.humans
        if len(humans) != 1:
            raise UndoRefused(_("moves can be taken back only when one person plays"))
        for index in range(len(self.log) - 1, -1, -1):
            if self.log[index].player == humans[0] and not self.log[index].forced:
                taken = self.log[index]
                self._rebuild([entry.move for entry in self.log[:index]])
                self._stepped()
                return taken
        raise UndoRefused(_("there is no move of yours to take back"))

    def _rebuild(self, history: Sequence[str]) -> None:
        state = self.game.new_state()
        log: list[LogEntry] = []
        self.last_move = None
        for move in history:
            player = state.current_player
            words = describe(state, move)
            typed = shown_notation(state, move) if player >= 0 else ""
            turn = _turn(state) if player < 0 else None
            forced = player >= 0 and len(state.legal_moves()) == 1
            before = state.clone()
            state.apply(move)
            self._mark(before, state)
            log.append(LogEntry(player if player >= 0 else None, move, words, turn, forced, typed))
        self.state = state
        self.log = log

    # -- results and records ------------------------------------------------------------

    def results(self) -> list[tuple[int, str, float]]:
        """(place, seat label, score) for each seat, best first."""
        places = self.state.ranking()
        scores = self.state.scores()
        order = sorted(range(self.game.num_players), key=lambda seat: (places[seat], seat))
        return [(places[seat], self.label(seat), scores[seat]) for seat in order]

    def record(self) -> Record:
        """The game record, with `table`: what resuming it exactly needs (see `table_info`)."""
        record = self.state.to_record(players=self.seats)
        record["table"] = table_info(self)  # type: ignore[typeddict-unknown-key]
        return record

    def save(self, path: str | Path) -> Path:
        """Write the record (`.json` added to a bare name); FileProblem, naming the file and
        what went wrong in the person's language, when it cannot be written."""
        text = json.dumps(self.record(), ensure_ascii=False, indent=1)
        try:
            target = Path(path).expanduser()
            if target.suffix == "":
                target = target.with_suffix(".json")
            target.write_text(text, "utf-8")
        except (OSError, ValueError, RuntimeError) as exc:  # ".", "/", "~nosuchuser/x", NUL
            reason = file_problem(exc)
            raise FileProblem(
                _("Could not save {path}: {reason}").format(path=repr(str(path)), reason=reason)
            ) from None
        return target

    def again(self) -> Session:
        """A new game with the same options, seats and budget, and the next seed."""
        return Session(self.game, self.seats, seed=self.seed + 1, budget=self.budget)


def _turn(state: State) -> int | None:
    return state.turn


def table_info(session: Session) -> dict[str, Any]:
    """The seed and the computer's budget: with them, a record goes on exactly as it
    would have (the same dice, deals and computer moves)."""
    budget = session.budget
    return {
        "seed": session.seed,
        "budget": None
        if budget is None
        else {"iterations": budget.iterations, "seconds": budget.seconds},
    }


def table_seed(record: Any) -> tuple[int | None, Budget | None, bool]:
    """The seed and budget a record's `table` kept (None for what it does not say), and
    whether it has a `table` at all (a record from elsewhere has none)."""
    table = record.get("table") if isinstance(record, dict) else None
    if not isinstance(table, dict):
        return None, None, False
    seed = table.get("seed")
    kept = table.get("budget")
    budget = None
    if isinstance(kept, dict):
        iterations, seconds = kept.get("iterations"), kept.get("seconds")
        if (iterations is None or isinstance(iterations, int)) and (
            seconds is None or isinstance(seconds, (int, float))
        ):
            budget = Budget(iterations, None if seconds is None else float(seconds))
    known = seed if isinstance(seed, int) and not isinstance(seed, bool) else None
    return known, budget, True
