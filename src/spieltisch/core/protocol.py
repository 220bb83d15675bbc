"""The public game protocol: a Game is options plus rules, a State is one position.

Games subclass `Game` and `State` and fill in the small hooks marked abstract; the
public methods here keep every promise of the protocol (validation, history, the
unchanged state after an IllegalMove) so that no game has to repeat them.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, NamedTuple, Self, TypedDict

from typing_extensions import TypeVar

from spieltisch.core.draw import pick
from spieltisch.core.errors import IllegalMove, LargeChanceNode, SeatError, SpieltischError
from spieltisch.core.messages import _
from spieltisch.core.options import GameOptions, OptionInfo, describe_options
from spieltisch.core.ranking import places_from_keys, returns_from_places
from spieltisch.core.records import Record, make_record
from spieltisch.core.stopped import StoppedRanking

CHANCE = -1
TERMINAL = -4

Move = int | str
"""A move as notation (what people and records use) or as an int action (what AIs use)."""


class View(TypedDict):
    """The key every game's view carries: `turn`, the seat whose turn it is (None once
    play is over; the same as `State.turn`).

    Each game types its own view as a TypedDict extending this one (`MadnView`, ...) and
    its State as `State[MadnView]`, so mypy checks the keys where the game builds the view
    and wherever code holding that game's state reads it. Interfaces read only this key
    and otherwise hand a view on whole: as JSON, to the game's own SVG board or panel."""

    turn: int | None


class Refusal(NamedTuple):
    """Why a move is illegal, and the rule that says so where the rule book numbers one."""

    reason: str
    rule: str | None = None

    def __str__(self) -> str:
        return refusal_text(self.reason, self.rule)


def refusal_text(reason: str, rule: str | None) -> str:
    """`rule 11: reason`, with an English `rule N` in the current language."""
    if not rule:
        return reason
    number = rule.removeprefix("rule ")
    if number != rule and number.isdigit():
        rule = _("rule {number}").format(number=number)
    return _("{rule}: {reason}").format(rule=rule, reason=reason)


@dataclass(frozen=True)
class GameInfo:
    """What `spieltisch.games()` tells about a registered game."""

    name: str
    title: str
    players: tuple[int, int]
    options: list[OptionInfo] = field(default_factory=list)
    description: str = ""


OptionsT = TypeVar("OptionsT", bound=GameOptions)


class Game(ABC, Generic[OptionsT]):
    """A game with fixed options: makes states, maps notation to actions, replays histories."""

    name: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[GameOptions]]
    variants: ClassVar[tuple[Mapping[str, Any], ...]] = ({},)
    """Option sets the conformance suite plays: together every player count and every
    value of every option (for open ranges: the default and another)."""
    events: ClassVar[frozenset[str]] = frozenset()
    """Tokens that may be applied at any node besides moves and chance (a referee's call)."""
    stopped_ranking: ClassVar[StoppedRanking | None] = None
    """How a game stopped by time is ranked from each player's figures, if the game says."""
    stopped_rankings: ClassVar[Mapping[str, StoppedRanking]] = {}
    """Other ways a tournament may rank this game stopped by time, by name (a preset
    chooses one: `Settings.stopped_rule`)."""
    hidden_information: ClassVar[bool] = False
    """Whether a seat sees what the others do not (a hand of cards): such a game allows
    no takebacks (a card taken back was seen by all)."""

    num_actions: int
    """Size of the fixed int action space: every legal action is in range(num_actions)."""

    def __init__(self, options: OptionsT) -> None:
        self.options = options

    @property
    def num_players(self) -> int:
        """How many seats this game has (its `players` option)."""
        return self.options.players

    @property
    def shared_places(self) -> bool:
        """Whether two players can end on the same place under these options (equal
        scores draw). Rules that always separate the players (Mensch ärgere Dich nicht's
        tournament rules: rule 17 plays on for every place, rule 18 ends with the lot)
        say False, and a tournament refuses a result with a shared place for them."""
        return True

    @abstractmethod
    def new_state(self) -> State:
        """The starting position, usually a chance node (the set-up or the deal)."""

    @abstractmethod
    def action_to_move(self, action: int) -> str:
        """Notation of an int action; the mapping never depends on the position."""

    @abstractmethod
    def move_to_action(self, move: str) -> int:
        """The int action of a notation token; raise KeyError when it is not a move token."""

    def replay(self, history: Iterable[Move]) -> State:
        """Rebuild a position from its history; an illegal entry raises IllegalMove."""
        state = self.new_state()
        for move in history:
            state.apply(move)
        return state

    @classmethod
    def info(cls) -> GameInfo:
        """What `spieltisch.games()` lists for this game: names, player range, options."""
        return GameInfo(
            cls.name,
            cls.title,
            (cls.min_players, cls.max_players),
            describe_options(cls.Options),
            cls.description,
        )

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.options == other.options

    def __hash__(self) -> int:
        return hash((type(self), self.options))

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in self.options.to_json().items())
        return f"spieltisch.load({self.name!r}, {options})"


ViewT = TypeVar("ViewT", bound=View, default=View, covariant=True)
"""The type of a game's view: each game's State names its own (`State[MadnView]`), so
code that knows the game reads typed keys; code that does not sees `View` (its `turn`)."""


class State(ABC, Generic[ViewT]):
    """One position of a game.

    The hooks a game implements, all in this class:

    - required: `current_player` (a property or a plain slot), `_legal_actions`,
      `_apply_action`, `_apply_chance`, `scores`, `_view` (what `view` shows a
      seat it has checked), `_snapshot`;
    - where the game has them: `chance_outcomes` (small chance nodes), `turn` (when the
      seat whose turn it is is not always the player to move), `_explain_action` and
      `_explain_token` (refusals naming the rule), `_apply_event` (with `Game.events`),
      `ranking` (when places are not simply by score), `determinize` (hidden information);
    - `clone`, the one copy hook: the default deep-copies, games that search write a
      fast one;
    - fast paths: a game may override `apply`, `legal_actions`, `sample_chance`,
      `is_terminal` and `is_chance_node` for speed, keeping their promises; a chance
      outcome that a fast `sample_chance` or `apply` applies directly is booked with
      `_record_chance`, the one way to record it.

    Public methods a game adds for tests, analysis and agents are read-only properties
    or explicit set-ups (Mabula's `set_position`); agents never read private fields.
    """

    __slots__ = ("_history", "_legal", "game")

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self._history: list[Move] = []
        self._legal: list[int] | None = None

    # -- whose turn ---------------------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int:
        """0..n-1 at a decision node, CHANCE at a chance node, TERMINAL at the end."""

    @property
    def turn(self) -> int | None:
        """The seat whose turn it is; None at the end.

        Usually the player to move, but not always (in Mahé the owner of a stack's top
        turtle decides on another player's turn); at a chance node the seat the chance
        belongs to where there is one (a die). Games with such seats override this."""
        player = self.current_player
        return player if player >= 0 else None

    def is_terminal(self) -> bool:
        """Whether the game is over (`current_player` is TERMINAL)."""
        return self.current_player == TERMINAL

    def is_chance_node(self) -> bool:
        """Whether chance moves next (`current_player` is CHANCE): use `sample_chance`."""
        return self.current_player == CHANCE

    # -- decisions ----------------------------------------------------------------------

    @abstractmethod
    def _legal_actions(self) -> list[int]:
        """Legal int actions at a decision node, ascending, never empty."""

    @abstractmethod
    def _apply_action(self, action: int) -> None:
        """Play a legal action (already checked)."""

    def _explain_action(self, action: int) -> Refusal:
        """Why a well-formed but illegal action is refused; games name their rule here."""
        return Refusal(
            _("not legal now; legal moves are {moves}").format(moves=", ".join(self.legal_moves()))
        )

    def legal_actions(self) -> list[int]:
        """The legal moves as ints in `range(game.num_actions)`, ascending (what AIs
        use); empty at a chance node or the end."""
        if self.current_player < 0:
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        return list(legal)

    def legal_moves(self) -> list[str]:
        """The legal moves in notation (what people and records use), in the order of
        `legal_actions`; `apply` takes either."""
        to_move = self.game.action_to_move
        return [to_move(action) for action in self.legal_actions()]

    # -- chance -------------------------------------------------------------------------

    @abstractmethod
    def _apply_chance(self, outcome: str) -> None:
        """Apply a chance outcome; raise IllegalMove (changing nothing) if it is not valid."""

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """Outcomes and probabilities of a small chance node (dice).

        Shuffles and deals raise LargeChanceNode: use `sample_chance`.
        """
        if self.current_player != CHANCE:
            raise SpieltischError("chance_outcomes() is only defined at a chance node")
        raise LargeChanceNode("this chance node has too many outcomes to list: use sample_chance")

    def sample_chance(self, rng: random.Random) -> str:
        """Draw a chance outcome with its probability, apply it, and return its notation."""
        outcome = pick(self.chance_outcomes(), rng)
        self.apply(outcome)
        return outcome

    def _record_chance(self, outcome: str) -> None:
        """Book a chance outcome a game's own `sample_chance` has just applied itself.

        The fast path for dice in long playouts: the game changes its state directly
        (the outcome is valid by construction) and this keeps the history and cache right.
        """
        self._history.append(outcome)
        self._legal = None

    # -- applying -----------------------------------------------------------------------

    def apply(self, move: Move) -> None:
        """Apply a move (notation or int) or a chance outcome (notation).

        An illegal move raises IllegalMove and leaves the state exactly as it was.
        """
        if type(move) is int and self.current_player >= 0:
            # The hot path of AI and simulation: a legal int action at a decision node.
            legal = self._legal
            if legal is None:
                legal = self._legal = self._legal_actions()
            if move in legal:
                self._apply_action(move)
                self._history.append(move)
                self._legal = None
                return
        self._apply_checked(move)

    def _apply_checked(self, move: Move) -> None:
        """Every other case of `apply`, with full validation and a reason for each refusal."""
        player = self.current_player
        if isinstance(move, str) and move in self.game.events:
            self._apply_event(move)
            self._history.append(move)
            self._legal = None
            return
        if player >= 0:
            action = self._action_of(move)
            legal = self._legal
            if legal is None:
                legal = self._legal = self._legal_actions()
            if action not in legal:
                refusal = self._explain_action(action)
                raise IllegalMove(move, refusal.reason, refusal.rule)
            self._apply_action(action)
            self._history.append(action)
        elif player == CHANCE:
            if not isinstance(move, str):
                raise IllegalMove(
                    move, _("a chance node takes an outcome in notation, such as 'd3'")
                )
            self._apply_chance(move)
            self._history.append(move)
        else:
            raise IllegalMove(move, _("the game is over"))
        self._legal = None

    def _apply_event(self, event: str) -> None:
        raise IllegalMove(event, _("this game has no events"))

    def _action_of(self, move: Move) -> int:
        """The int action of a move, or IllegalMove naming what a move looks like."""
        if isinstance(move, bool) or not isinstance(move, int | str):
            raise IllegalMove(move, _("a move is a notation string or an int action"))
        if isinstance(move, int):
            if not 0 <= move < self.game.num_actions:
                raise IllegalMove(
                    move,
                    _("actions are ints from 0 to {last}").format(last=self.game.num_actions - 1),
                )
            return move
        try:
            return self.game.move_to_action(move)
        except (KeyError, ValueError):
            refusal = self._explain_token(move)
            if refusal is not None:
                raise IllegalMove(move, refusal.reason, refusal.rule) from None
            raise IllegalMove(
                move,
                _("not a move of {game}; legal now: {moves}").format(
                    game=self.game.title, moves=", ".join(self.legal_moves())
                ),
            ) from None

    def _explain_token(self, move: str) -> Refusal | None:
        """Why a string is no move token of the game, where the game can say more than
        "not a move" (a square that does not exist); None for the general refusal."""
        return None

    def explain(self, move: Move) -> str | None:
        """Why the move is illegal here, naming the rule; None when it is legal."""
        try:
            self.clone().apply(move)
        except IllegalMove as refused:
            return refusal_text(refused.reason, refused.rule)
        return None

    # -- results ------------------------------------------------------------------------

    @abstractmethod
    def scores(self) -> list[float]:
        """The game's own points per player (eggs, points, group size), so far or final."""

    def ranking(self) -> list[int]:
        """Each player's place, 1 = best; equal players share a place."""
        return places_from_keys(self.scores())

    def returns(self) -> list[float]:
        """Utilities in [-1, 1] from the final ranking; zeros before the end."""
        if not self.is_terminal():
            return [0.0] * self.game.num_players
        return returns_from_places(self.ranking())

    # -- information --------------------------------------------------------------------

    def view(self, player: int | None) -> ViewT:
        """JSON-able dict of what that seat may see; None is a spectator. Typed as the
        game's own view (`MadnView`, ...) where the state's class is known, else `View`.

        The same rule in every game: a seat is an int from 0 to n-1 (not a bool), and
        anything else raises SeatError, so no game hands out a view of a seat that is not.
        """
        n = self.game.num_players
        if player is not None and (type(player) is not int or not 0 <= player < n):
            raise SeatError(player, n)
        return self._view(player)

    @abstractmethod
    def _view(self, player: int | None) -> ViewT:
        """What `view` returns, for a player already checked to be a seat or None."""

    def determinize(self, player: int | None, rng: random.Random) -> Self:
        """A full state consistent with view(player): a clone when nothing is hidden."""
        return self.clone()

    def revealed(self) -> int:
        """How much of a chance outcome drawn earlier but hidden until now has been
        shown (Mahé: the cards of the pile turned face up), counting up; 0 where a chance
        outcome is shown whole when drawn. A move after which this grew showed something
        hidden: it is never taken back, so nobody sees a card and then chooses again."""
        return 0

    def history(self) -> list[str]:
        """Every step so far in notation, chance outcomes included: `game.replay` of it
        rebuilds this state."""
        to_move = self.game.action_to_move
        return [entry if isinstance(entry, str) else to_move(entry) for entry in self._history]

    def action_history(self) -> Sequence[Move]:
        """The history as stored: int actions for decisions, notation for chance and events."""
        return tuple(self._history)

    def to_record(self, players: Sequence[str] | None = None) -> Record:
        """The game as a JSON record (format `spieltisch-record/1`), with the seats'
        names; `spieltisch.load_record` reads it back."""
        return make_record(self, players)

    # -- copying and comparing ----------------------------------------------------------

    def clone(self) -> Self:
        """An independent copy: changing one never changes the other.

        The one copy hook. This default deep-copies every field but the game, which is
        always right and slow; a game whose searches copy states often writes its own.
        """
        cls = type(self)
        new = cls.__new__(cls)
        memo: dict[int, Any] = {id(self.game): self.game}
        for klass in cls.__mro__:
            for slot in getattr(klass, "__slots__", ()):
                if hasattr(self, slot):
                    setattr(new, slot, copy.deepcopy(getattr(self, slot), memo))
        if hasattr(self, "__dict__"):
            new.__dict__.update(copy.deepcopy(self.__dict__, memo))
        return new

    @abstractmethod
    def _snapshot(self) -> Hashable:
        """Everything that defines the position (not the history), for equality."""

    def __eq__(self, other: object) -> bool:
        return (
            type(self) is type(other)
            and self.game == other.game
            and self._snapshot() == other._snapshot()
            and self._history == other._history
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.game!r} after {len(self._history)} moves>"
