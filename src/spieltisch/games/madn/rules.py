"""Mensch ärgere Dich nicht under the tournament rules, plus OpenSpiel's `maedn` rules.

Internals, built for long random playouts:

- A piece is an int "rel": 0..39 the distance travelled on the track from its own start
  field, 40..43 the goal fields g1..g4 (-1 stands for the base where a square is named).
  `_pieces` holds, per player, the rels of the pieces on the board; the others are in
  the base.
- `_track` is the 40-field ring, 0-based (field `17` is index 16), holding the owning
  player or -1; `_goal` holds one bit mask of occupied goal fields per player.
- Action ids never depend on the position: 0 = `b`, 1..40 = the track field a piece
  leaves, 41..43 = `g1`..`g3`, 44 = `pass` (penalized duties only).
- Legal moves are computed once per roll, when the die is applied; a roll without a legal
  move is resolved inside the engine (next try, roll again after a 6, or next player).

The rule sets are State subclasses chosen by `Madn.new_state()`, as python-chess writes
its variants: `MadnState` holds the tournament rules with enforced duties,
`PenalizedMadnState` the referee's mode (`duties=penalized`) and `OpenSpielMadnState`
OpenSpiel's `maedn` (`rules=openspiel`). The obligations are written once, in
`MadnState._roll`, and how a piece may move once, in `MadnState._movement`; a rule set
differs only in the class attributes and small hooks it overrides.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Hashable, Sequence
from types import MappingProxyType
from typing import Any, Literal, Self

from pydantic import Field

from spieltisch.core.errors import IllegalMove, OptionError, SpieltischError
from spieltisch.core.i18n import N_
from spieltisch.core.options import FORM_EMPTY, GameOptions
from spieltisch.core.protocol import CHANCE, TERMINAL, Game, Move, Refusal, State, View
from spieltisch.core.ranking import places_from_keys
from spieltisch.games.madn.messages import _
from spieltisch.games.madn.rule18 import RULE_18, rule18_key
from spieltisch.games.madn.steps import STEP_COUNT, step_key, steps_left

PLAYING, ENDED, STOPPED = 0, 1, 2
"""How far play is (`_over`): on, ended by rule 17, stopped by time or max_rounds (then
lots may still be drawn); false only while playing."""

COLOURS = ("red", "black", "yellow", "green")
"""Colours in seat order; colour c has its start field at 10*c + 1."""

SEAT_COLOURS = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
"""The colours in play by player count (player p plays colour SEAT_COLOURS[n][p])."""

ENTER = 0
PASS = 44
NUM_ACTIONS = 45
TOKENS: tuple[str, ...] = ("b", *(str(i) for i in range(1, 41)), "g1", "g2", "g3", "pass")
ACTION_OF: dict[str, int] = {token: action for action, token in enumerate(TOKENS)}

DIE_TOKENS = ("d1", "d2", "d3", "d4", "d5", "d6")
DIE_OF = {token: value for value, token in enumerate(DIE_TOKENS, start=1)}
DIE_OUTCOMES: tuple[tuple[str, float], ...] = tuple((token, 1 / 6) for token in DIE_TOKENS)

EVENT_TIME = "time"
LOT_PREFIX = "lot:"

# Levels of the obligations (GAMES.md order a-d) that decide which moves are due.
DUE_ENTER = 1  # rule 5: enter on a 6
DUE_START = 2  # rule 6: the piece on the start field moves away
DUE_BLOCKER = 3  # rule 6: the own piece blocking it moves instead
DUE_CAPTURE = 4  # rule 11: capture
DUE_ANY = 5  # rule 9: any move

# Rule-book rule behind each obligation level, for explanations.
RULE_OF_DUE = {
    DUE_ENTER: "rule 5",
    DUE_START: "rule 6",
    DUE_BLOCKER: "rule 6",
    DUE_CAPTURE: "rule 11",
    DUE_ANY: "rule 9",
}


def _goal_mask(rel: int, die: int) -> int:
    """Bits of the goal fields a piece on `rel` passes or lands on with `die` (0 if none)."""
    target = rel + die
    if target < 40 or target > 43:
        return 0
    mask = 0
    for field in range(max(rel + 1, 40), target + 1):
        mask |= 1 << (field - 40)
    return mask


GOAL_MASK: tuple[tuple[int, ...], ...] = tuple(
    tuple(_goal_mask(rel, die) for die in range(7)) for rel in range(44)
)
"""Per rel and die: the goal fields a move passes or lands on (rule 15 keeps them free)."""

GOAL_LANDING: tuple[tuple[int, ...], ...] = tuple(
    tuple(1 << (rel + die - 40) if 40 <= rel + die <= 43 else 0 for die in range(7))
    for rel in range(44)
)
"""Per rel and die: the goal field a move lands on (OpenSpiel lets pieces jump in the goal)."""


class MadnView(View):
    """What a seat sees (everyone sees the same): each colour's four squares, the dice
    rolled in the current turn, the finishing order so far."""

    pieces: dict[str, list[str]]
    dice: list[int]
    finished: list[int]


class MadnOptions(GameOptions):
    """Options of Mensch ärgere Dich nicht."""

    players: int = Field(
        4,
        ge=2,
        le=4,
        description=N_("number of players: 2 play red and yellow, 3 red, black and yellow"),
    )
    duties: Literal["enforced", "penalized"] = Field(
        "enforced",
        description=N_(
            "enforced: only moves meeting the obligations are legal; penalized: the "
            "tournament referee's mode of rules 6, 12 and 14 (any move, plus pass, with penalties)"
        ),
    )
    rules: Literal["tournament", "openspiel"] = Field(
        "tournament",
        description=N_("tournament rules, or the rules of OpenSpiel's maedn game"),
    )
    max_rounds: int | None = Field(
        None,
        ge=1,
        description=N_(
            "end the game after this many rounds and rank it as stopped by time (rule 18)"
        ),
        json_schema_extra={FORM_EMPTY: N_("no limit")},
    )
    time_up: Literal["round", "turn", "now"] = Field(
        "round",
        description=N_(
            "when time is called (rule 18): round: play on to the end of the round, up to "
            "the last colour at the table (green at four, yellow at three and two); turn: "
            "the turn in progress ends the game; now: the game ends at once (a die rolled "
            "is not played), as the championships stop"
        ),
    )
    stopped_rule: Literal["rule18", "steps"] = Field(
        "rule18",
        description=N_(
            "how a game stopped by time is ranked: rule18: finished players, then the "
            "goal fields, the track and the way travelled; steps: the championships' "
            "count, finished players, then the fewest steps to the goal; then the lot"
        ),
    )

    def check(self) -> None:
        if self.rules == "openspiel" and self.stopped_rule != "rule18":
            raise OptionError(
                "stopped_rule",
                self.stopped_rule,
                "rule18 with rules=openspiel (OpenSpiel's maedn ranks a stopped game so)",
                self.game_name,
            )
        if self.rules == "openspiel" and self.duties == "penalized":
            raise OptionError(
                "duties",
                self.duties,
                "enforced with rules=openspiel (OpenSpiel's maedn has no referee penalties)",
                self.game_name,
            )


def square_name(colour: int, rel: int) -> str:
    """The notation of a square, given as a piece of `colour` standing `rel` from its start."""
    if rel < 0:
        return "b"
    if rel < 40:
        return str((10 * colour + rel) % 40 + 1)
    return f"g{rel - 39}"


class Madn(Game[MadnOptions]):
    """Mensch ärgere Dich nicht for 2 to 4 players, tournament rules."""

    name = "madn"
    title = "Mensch ärgere Dich nicht"
    description = N_(
        "The classic race home for 2-4 players under tournament rules: enter on a 6, "
        "capture, exact entry into the goal; with a referee mode and OpenSpiel's rules."
    )
    min_players = 2
    max_players = 4
    Options = MadnOptions
    variants = (
        {"players": 2},
        {"players": 3, "duties": "penalized"},
        {"players": 4},
        {"players": 4, "rules": "openspiel"},
        {"players": 2, "rules": "openspiel"},
        {"players": 3, "max_rounds": 12},
        {"players": 3, "time_up": "turn"},
        {"players": 4, "time_up": "now", "stopped_rule": "steps"},
    )
    events = frozenset({EVENT_TIME})
    stopped_ranking = RULE_18
    stopped_rankings = MappingProxyType({"rule18": RULE_18, "steps": STEP_COUNT})
    num_actions = NUM_ACTIONS

    def __init__(self, options: MadnOptions) -> None:
        super().__init__(options)
        n = options.players
        self.colours: tuple[int, ...] = SEAT_COLOURS[n]
        # The rule set as flags, for the compiled kernel; the engine is the State class.
        self.tournament = options.rules == "tournament"
        self.penalized = options.duties == "penalized"
        self.enforced = self.tournament and not self.penalized
        self.state_class: type[MadnState] = (
            OpenSpielMadnState
            if not self.tournament
            else PenalizedMadnState
            if self.penalized
            else MadnState
        )
        self.max_rounds = options.max_rounds or 0
        self.stop_after_turn = options.time_up == "turn"
        self.stop_now = options.time_up == "now"
        self.count_steps = options.stopped_rule == "steps"
        # Per player: the 0-based track index of each rel on the track (with 6 extra
        # entries past 39 so that start+2*die never needs a modulo), the action that
        # moves a piece standing on each rel, the rel of each action's square, the rel of
        # each track index.
        abs_of: list[tuple[int, ...]] = []
        act_of: list[tuple[int, ...]] = []
        rel_of_action: list[tuple[int, ...]] = []
        rel_of_abs: list[tuple[int, ...]] = []
        for colour in self.colours:
            start = 10 * colour
            track = tuple((start + rel) % 40 for rel in range(52))
            abs_of.append(track)
            act_of.append((*(track[rel] + 1 for rel in range(40)), 41, 42, 43, -1))
            rels = [-2] * NUM_ACTIONS
            for rel in range(40):
                rels[track[rel] + 1] = rel
            rels[41], rels[42], rels[43] = 40, 41, 42
            rel_of_action.append(tuple(rels))
            rel_of_abs.append(tuple((index - start) % 40 for index in range(40)))
        self.abs_of = tuple(abs_of)
        self.act_of = tuple(act_of)
        self.rel_of_action = tuple(rel_of_action)
        self.rel_of_abs = tuple(rel_of_abs)
        # The rule set's class attributes, copied where every roll reads them: CPython
        # 3.11 reads an instance attribute of the game fast, a class attribute through
        # a state slowly (it does not specialize that lookup). `tables` is what
        # `_movement` reads per player.
        rule_set = self.state_class
        self.tables = tuple(
            (absp, actp, rule_set.GOAL_PATH) for absp, actp in zip(abs_of, act_of, strict=True)
        )
        self.blocker_duty = rule_set.BLOCKER_DUTY
        self.capture_duty = rule_set.CAPTURE_DUTY
        self.tries = rule_set.TRIES
        self.next_seat = tuple((p + 1) % n for p in range(n))

    @property
    def shared_places(self) -> bool:
        """Tournament rules never share a place (rules 17 and 18); OpenSpiel's do (every
        player but the winner is second)."""
        return not self.tournament

    def new_state(self) -> MadnState:
        return self.state_class(self)

    def action_to_move(self, action: int) -> str:
        if not 0 <= action < NUM_ACTIONS:
            raise ValueError(f"actions of {self.name} are ints from 0 to {NUM_ACTIONS - 1}")
        return TOKENS[action]

    def move_to_action(self, move: str) -> int:
        return ACTION_OF[move]

    def colour_name(self, player: int) -> str:
        return COLOURS[self.colours[player]]


class MadnState(State[MadnView]):
    """A position under the tournament rules with enforced duties: pieces, whose turn,
    the dice of this turn, finishing order, time.

    The subclasses change the rule set through these class attributes (the game copies
    them where every roll reads them) and the hooks `_roll`, `_decided`, `_keys` and
    `_cite`."""

    GOAL_PATH: tuple[tuple[int, ...], ...] = GOAL_MASK
    """Per rel and die, the own goal fields that must be free for the move (rule 15)."""
    BLOCKER_DUTY = True
    """Rule 6: when the piece on the start field is blocked by an own piece, that one moves."""
    CAPTURE_DUTY = True
    """Rule 11: a capture must be made when one is possible."""
    TRIES = 3
    """Rule 3: rolls for a 6 while no piece on the track or in the goal could advance."""

    __slots__ = (
        "_culprit",
        "_dice",
        "_die",
        "_due",
        "_dues",
        "_finished",
        "_goal",
        "_groups",
        "_lot",
        "_moves",
        "_over",
        "_pieces",
        "_round",
        "_time",
        "_track",
        "_tries",
        "_turn",
        "current_player",
    )

    game: Madn
    current_player: int
    """0..n-1 at a decision node, CHANCE while dice or lots are drawn, TERMINAL at the end.

    A plain slot rather than a property: it is read at every step of every playout."""

    def __init__(self, game: Madn) -> None:
        super().__init__(game)
        n = game.num_players
        self._pieces: list[list[int]] = [[] for _ in range(n)]  # rels of pieces on the board
        self._track = [-1] * 40  # owner of each track field, -1 when empty
        self._goal = [0] * n  # bit mask of each player's occupied goal fields
        self.current_player = CHANCE
        self._turn = 0  # whose turn it is, also while rolling; -1 once play is over
        self._die = 0  # the die to move with at a decision node
        self._tries = 0  # rolls without a move in this sequence (three tries, rule 3)
        self._dice: list[int] = []  # dice rolled in the current turn
        self._moves: list[int] = []  # legal actions at a decision node
        self._finished: list[int] = []  # finishing order
        self._round = 0  # rounds completed
        self._time = False  # rule 18: time has been called
        self._over = PLAYING  # or ENDED (rule 17), STOPPED (time or max_rounds)
        self._groups: list[tuple[int, ...]] = []  # tied groups still to draw lots for
        self._lot = [0] * n  # lot results: larger is better
        self._due = DUE_ANY  # the level of the obligation of the roll to move with
        self._culprit = -1  # rel of the piece a penalty would send home, or -1
        self._dues: Sequence[int] = ()  # penalized duties: the moves that meet them

    @property
    def turn(self) -> int | None:
        """Whose turn it is, also while the dice roll; None once play is over."""
        return None if self._over else self._turn

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    # -- the fast paths of the protocol -------------------------------------------------

    def legal_actions(self) -> list[int]:
        if self.current_player < 0:
            return []
        return self._moves.copy()

    def _legal_actions(self) -> list[int]:
        return self._moves.copy()

    def apply(self, move: Move) -> None:
        # Fast paths for legal moves (int or notation) and dice, the bulk of playouts and
        # replays; everything else, refusals included, goes through the base's checks.
        # The base's cache `_legal` is cleared before each such call, the only reader.
        player = self.current_player
        if player >= 0:
            if type(move) is int:
                action = move
            elif type(move) is str:
                action = ACTION_OF.get(move, -1)
            else:
                action = -1
            if action in self._moves:
                self._apply_action(action)
                self._history.append(action)
                return
        elif player == CHANCE and type(move) is str and not self._over:
            die = DIE_OF.get(move)
            if die is not None:
                self._record_chance(move)
                self._roll(die)
                return
        self._legal = None
        super().apply(move)

    def sample_chance(self, rng: random.Random) -> str:
        if self.current_player == CHANCE and not self._over:
            index = int(rng.random() * 6)
            token = DIE_TOKENS[index]
            self._record_chance(token)
            self._roll(index + 1)
            return token
        self._legal = None
        return super().sample_chance(rng)

    # -- chance -------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self.current_player != CHANCE:
            raise SpieltischError("chance_outcomes() is only defined at a chance node")
        if not self._over:
            return list(DIE_OUTCOMES)
        group = self._groups[0]
        orders = list(itertools.permutations(group))
        probability = 1 / len(orders)
        return [(LOT_PREFIX + ",".join(map(str, order)), probability) for order in orders]

    def _apply_chance(self, outcome: str) -> None:
        if self._over:
            self._draw_lot(outcome)
            return
        value = DIE_OF.get(outcome)
        if value is None:
            raise IllegalMove(outcome, _("the die is rolled now: d1 to d6"))
        self._roll(value)

    def _draw_lot(self, outcome: str) -> None:
        group = self._groups[0]
        expected = ", ".join(map(str, group))
        refusal = _("a lot is drawn now among the tied players {players}: lot:<best>,...,<last>")
        if not outcome.startswith(LOT_PREFIX):
            raise IllegalMove(outcome, refusal.format(players=expected), "rule 18")
        try:
            order = [int(part) for part in outcome[len(LOT_PREFIX) :].split(",")]
        except ValueError:
            raise IllegalMove(outcome, refusal.format(players=expected), "rule 18") from None
        if (
            len(order) != len(group)
            or sorted(order) != sorted(group)
            or outcome != LOT_PREFIX + ",".join(map(str, order))  # notation exactly
        ):
            raise IllegalMove(outcome, refusal.format(players=expected), "rule 18")
        for place, player in enumerate(order):
            self._lot[player] = len(order) - place
        del self._groups[0]
        if not self._groups:
            self.current_player = TERMINAL

    def _roll(self, die: int) -> None:
        """A die for the player whose turn it is: the moves meeting the obligations of the
        roll, GAMES.md's (a)-(d) in order, each falling through to the next where it
        cannot be met; a roll that allows no move is resolved here.

        The one definition of the duties for every rule set and mode, and the hottest
        code of a playout: (a) and (b) are decided before any other piece is looked at,
        and the obligation's level (`_due`, for explanations) is booked only where a
        decision follows. The legal moves are sorted and must not be changed."""
        player = self._turn
        self._dice.append(die)
        pieces = self._pieces[player]
        moves: list[int] | None = None
        if len(pieces) < 4:  # pieces wait in the base
            absp = self.game.abs_of[player]
            track = self._track
            start = absp[0]
            if track[start] != player:
                if die == 6:  # (a) enter, capturing whoever stands there (rule 5)
                    self._due = DUE_ENTER
                    moves = [ENTER]
            # The piece on the start field moves die fields, its blocker on them as far
            # again: both stay on the track, so only an own piece can stop them (rule 10).
            elif track[absp[die]] != player:  # (b) clear the start field (rule 6)
                self._due = DUE_START
                moves = [start + 1]
            elif self.game.blocker_duty and track[absp[2 * die]] != player:
                self._due = DUE_BLOCKER  # (b) the blocker moves instead
                moves = [absp[die] + 1]
        if moves is None and pieces:
            moves, captures = self._movement(player, die, pieces)
            if not captures:
                moves.sort()
                self._due = DUE_ANY  # (d) any move (rule 9)
            elif self.game.capture_duty:  # (c) capture (rule 11)
                captures.sort()
                moves = captures
                self._due = DUE_CAPTURE
            else:
                moves += captures
                moves.sort()
                self._due = DUE_ANY
        if moves:
            self._die = die
            self._moves = moves
            self.current_player = player
        elif die == 6:
            self._tries = 0  # rule 8: roll again, a new sequence
        else:
            tries = self._tries + 1
            if tries >= self.game.tries or self._can_advance(player):
                self._end_turn(player)  # rules 3, 4 and 7: no further try
            else:
                self._tries = tries

    # -- move generation ----------------------------------------------------------------

    def _movement(
        self, player: int, die: int, pieces: Sequence[int]
    ) -> tuple[list[int], list[int]]:
        """The movement rules, the one place they are written: of the player's `pieces`
        (rels of pieces out of the base), the actions moving one by `die` onto a free
        field, and those that capture (both unsorted). Rule 10: never onto an own piece;
        rule 15: into the goal by exact count, over no own piece (`GOAL_PATH`: OpenSpiel's
        only onto none)."""
        absp, actp, goal_path = self.game.tables[player]
        track = self._track
        moves: list[int] = []
        captures: list[int] = []
        for rel in pieces:
            target = rel + die
            if target < 40:
                owner = track[absp[target]]
                if owner < 0:
                    moves.append(actp[rel])
                elif owner != player:
                    captures.append(actp[rel])
            elif target < 44 and not self._goal[player] & goal_path[rel][die]:
                moves.append(actp[rel])
        return moves, captures

    def _can_advance(self, player: int) -> bool:
        """Rule 3: could any piece on the track or in the goal advance by some 1..6?"""
        absp = self.game.abs_of[player]
        track = self._track
        goal = self._goal[player]
        for rel in self._pieces[player]:
            if rel < 34:
                return True  # six fields ahead on the track, at most three own pieces
            if rel >= 40:
                if rel < 43 and not goal & (1 << (rel - 39)):
                    return True
                continue
            for die in range(1, 44 - rel):
                target = rel + die
                if target < 40:
                    if track[absp[target]] != player:
                        return True
                elif goal & GOAL_MASK[rel][die]:
                    break
                else:
                    return True
        return False

    # -- moves --------------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        player = self.current_player
        game = self.game
        absp = game.abs_of[player]
        track = self._track
        if action == ENTER:
            start = absp[0]
            if track[start] >= 0:
                self._capture(start)
            track[start] = player
            self._pieces[player].append(0)
        else:
            pieces = self._pieces[player]
            rel = game.rel_of_action[player][action]
            target = rel + self._die
            pieces[pieces.index(rel)] = target
            if rel < 40:
                track[absp[rel]] = -1
            else:
                self._goal[player] ^= 1 << (rel - 40)
            if target < 40:
                field = absp[target]
                if track[field] >= 0:
                    self._capture(field)
                track[field] = player
            else:
                self._goal[player] |= 1 << (target - 40)
                if self._goal[player] == 15:
                    self._finish(player)
                    return
        if self._die == 6:
            self._tries = 0  # rule 8: roll again
            self.current_player = CHANCE
        else:
            self._end_turn(player)

    def _capture(self, field: int) -> None:
        """The opponent's piece on track index `field` goes back to its base (rule 11)."""
        victim = self._track[field]
        self._pieces[victim].remove(self.game.rel_of_abs[victim][field])
        self._track[field] = -1

    def _send_home(self, player: int, rel: int) -> None:
        """A penalty: the own piece on `rel` goes back to the base (rules 6 and 12)."""
        self._pieces[player].remove(rel)
        self._track[self.game.abs_of[player][rel]] = -1

    def _finish(self, player: int) -> None:
        """All four pieces are home (rule 17)."""
        self._finished.append(player)
        if self._decided():
            self._over = ENDED
            self._turn = -1
            self.current_player = TERMINAL
            return
        self._end_turn(player)

    def _decided(self) -> bool:
        """Whether the places are decided once a player is home: all but one (rule 17)."""
        return len(self._finished) >= self.game.num_players - 1

    def _end_turn(self, player: int) -> None:
        """Pass the turn clockwise, skipping finished players; end the game after a round
        when time was called or max_rounds is reached (rule 18)."""
        if self._time and self.game.stop_after_turn:
            self._stop()
            return
        following = self.game.next_seat[player]
        finished = self._finished
        if finished:
            while following in finished:
                following = self.game.next_seat[following]
        if following <= player:
            self._round += 1
            max_rounds = self.game.max_rounds
            if self._time or (max_rounds and self._round >= max_rounds):
                self._stop()
                return
        self._turn = following
        self._dice = []
        self._tries = 0
        self.current_player = CHANCE

    def _stop(self) -> None:
        """Rule 18: the game ends at the end of the round; ties go to lots."""
        self._over = STOPPED
        self._turn = -1
        keys = self._keys()
        groups: dict[tuple[Any, ...], list[int]] = {}
        for player, key in enumerate(keys):
            if player not in self._finished:
                groups.setdefault(key, []).append(player)
        tied = [(key, tuple(players)) for key, players in groups.items() if len(players) > 1]
        tied.sort(reverse=True)
        self._groups = [players for _key, players in tied]
        self.current_player = CHANCE if self._groups else TERMINAL

    # -- events -------------------------------------------------------------------------

    def _apply_event(self, event: str) -> None:
        if self._over:
            raise IllegalMove(event, _("the game is over"), "rule 18")
        if self._time:
            raise IllegalMove(event, _("time has already been called"), "rule 18")
        self._time = True
        if self.game.stop_now:  # the championships: the game ends as time is called
            self._dice = []
            self._stop()

    # -- explanations -------------------------------------------------------------------

    def _explain_action(self, action: int) -> Refusal:
        player = self.current_player
        die = self._die
        game = self.game
        colour = game.colours[player]
        cite = self._cite
        if action == PASS:
            return Refusal(
                _("there is no pass: a move must be played when one exists"), cite("rule 9")
            )
        if action == ENTER:
            if len(self._pieces[player]) == 4:
                return Refusal(_("no piece of yours is in the base"))
            if die != 6:
                return Refusal(_("a piece enters only on a 6"), cite("rule 5"))
            return Refusal(_("your own piece stands on your start field"), cite("rule 10"))
        rel = game.rel_of_action[player][action]
        if rel not in self._pieces[player]:
            return Refusal(_("no piece of yours stands on {square}").format(square=TOKENS[action]))
        moves, captures = self._movement(player, die, (rel,))
        if not moves and not captures:
            # Which movement rule stops it: past the goal; over an own piece in the goal;
            # else an own piece on the target (the only thing that stops a track move).
            target = rel + die
            if target > 43:
                return Refusal(
                    _("the goal is entered by exact count and there is no second lap"),
                    cite("rule 15"),
                )
            if target >= 40 and not self._goal[player] & (1 << (target - 40)):
                return Refusal(_("own pieces in the goal cannot be jumped over"), cite("rule 15"))
            return Refusal(
                _("a field holds one piece and your own piece stands on {square}").format(
                    square=square_name(colour, target)
                ),
                cite("rule 10"),
            )
        # The movement rules allow it, so the roll's duties refuse it (never under the
        # referee, where every move they allow is legal): its legal moves are the dues.
        return self._refuse_for_duty(player, die, self._due, self._moves)

    def _cite(self, rule: str) -> str | None:
        """The rule-book rule a refusal names (the tournament rules are numbered)."""
        return rule

    def _refuse_for_duty(self, player: int, die: int, due: int, dues: list[int]) -> Refusal:
        rule = self._cite(RULE_OF_DUE[due])
        if due == DUE_ENTER:
            reason = _("a 6 with pieces in the base must bring a piece onto the start field (b)")
        elif due == DUE_START:
            reason = _(
                "the start field must be cleared while pieces wait in the base: "
                "the piece on {square} must move"
            ).format(square=TOKENS[dues[0]])
        elif due == DUE_BLOCKER:
            start = self.game.abs_of[player][0] + 1
            reason = _(
                "the piece on the start field {start} is blocked, so the piece on {square} "
                "must move"
            ).format(start=start, square=TOKENS[dues[0]])
        elif due == DUE_CAPTURE:
            colour = self.game.colours[player]
            takes = _("piece on {square} takes {target}")
            parts = []
            for action in dues:
                rel = self.game.rel_of_action[player][action]
                parts.append(
                    takes.format(square=TOKENS[action], target=square_name(colour, rel + die))
                )
            reason = _("a capture is possible ({captures})").format(captures=", ".join(parts))
        else:
            reason = _("not legal now; legal moves are {moves}").format(
                moves=", ".join(TOKENS[a] for a in dues)
            )
        return Refusal(reason, rule)

    # -- results ------------------------------------------------------------------------

    def _keys(self) -> list[tuple[Any, ...]]:
        """Ranking keys, larger is better: finishing order, then rule 18's criteria."""
        finished = self._finished
        keys: list[tuple[Any, ...]] = []
        if self.game.count_steps:  # the championships: the fewest steps to the goal
            for player in range(self.game.num_players):
                if player in finished:
                    keys.append((*step_key(finished.index(player) + 1, 0), 0))
                else:
                    steps = steps_left(self.rels(player))
                    keys.append((*step_key(None, steps), self._lot[player]))
            return keys
        for player in range(self.game.num_players):
            if player in finished:
                keys.append((*rule18_key(finished.index(player) + 1, (), 0, 0), 0))
                continue
            rels = self._pieces[player]
            goal = [rel - 39 for rel in rels if rel >= 40]
            track = [rel for rel in rels if 0 <= rel < 40]
            keys.append((*rule18_key(None, goal, len(track), sum(track)), self._lot[player]))
        return keys

    def scores(self) -> list[float]:
        """Pieces in the goal per player."""
        return [float(bin(mask).count("1")) for mask in self._goal]

    def ranking(self) -> list[int]:
        return places_from_keys(self._keys())

    # -- information --------------------------------------------------------------------

    def _view(self, player: int | None) -> MadnView:
        game = self.game
        pieces = {}
        for seat, colour in enumerate(game.colours):
            pieces[COLOURS[colour]] = self.squares(seat)
        return {
            "pieces": pieces,
            "dice": list(self._dice),
            "finished": list(self._finished),
            "turn": None if self._over else self._turn,
        }

    def squares(self, player: int) -> list[str]:
        """The squares of a player's four pieces, base first, then by distance travelled."""
        colour = self.game.colours[player]
        rels = [-1] * (4 - len(self._pieces[player])) + sorted(self._pieces[player])
        return [square_name(colour, rel) for rel in rels]

    def rels(self, player: int) -> list[int | None]:
        """Each of a player's four pieces as fields travelled from its own start field
        (0-39 on the track, 40 or more in the goal), None in the base: what a referee
        counts when time is called."""
        out: list[int | None] = list(self._pieces[player])
        return out + [None] * (4 - len(out))

    @property
    def die(self) -> int | None:
        """The die the current player moves with (None at a chance node or at the end)."""
        return self._die if self.current_player >= 0 else None

    @property
    def finishing_order(self) -> Sequence[int]:
        """The players home so far, first first (read-only)."""
        return self._finished

    @property
    def pieces_on_board(self) -> Sequence[Sequence[int]]:
        """Per player the rels of its pieces out of the box: 0-39 on the track counted
        from its start, 40-43 in its goal (read-only, for agents)."""
        return self._pieces

    @property
    def track(self) -> Sequence[int]:
        """The owner of each of the 40 track fields, -1 where empty (read-only)."""
        return self._track

    @property
    def obliged_moves(self) -> Sequence[int]:
        """Under `duties=penalized`: the moves that meet the duties now; the referee
        penalizes any other (read-only)."""
        return self._dues

    @property
    def rounds(self) -> int:
        """Rounds completed so far."""
        return self._round

    @property
    def time_called(self) -> bool:
        return self._time

    # -- copying and comparing ----------------------------------------------------------

    def clone(self) -> Self:
        cls = type(self)
        new = cls.__new__(cls)
        new.game = self.game
        new._history = self._history.copy()
        new._legal = self._legal
        new._pieces = [pieces.copy() for pieces in self._pieces]
        new._track = self._track.copy()
        new._goal = self._goal.copy()
        new.current_player = self.current_player
        new._turn = self._turn
        new._die = self._die
        new._tries = self._tries
        new._dice = self._dice.copy()
        new._moves = self._moves
        new._finished = self._finished.copy()
        new._round = self._round
        new._time = self._time
        new._over = self._over
        new._groups = self._groups.copy()
        new._lot = self._lot.copy()
        new._due = self._due
        new._dues = self._dues
        new._culprit = self._culprit
        return new

    def _snapshot(self) -> Hashable:
        n = self.game.num_players
        pieces = tuple(tuple(sorted(self._pieces[p])) for p in range(n))
        return (
            pieces,
            self.current_player,
            self._turn,
            self._die if self.current_player >= 0 else 0,
            self._tries,
            tuple(self._dice),
            tuple(self._finished),
            self._round,
            self._time,
            self._over,
            tuple(self._groups),
            tuple(self._lot),
        )


class PenalizedMadnState(MadnState):
    """The tournament referee's mode (`duties=penalized`, rules 6, 12 and 14): every move
    the movement rules allow is legal, plus `pass`; one that skips a duty is void and
    may cost a piece."""

    __slots__ = ()

    def _roll(self, die: int) -> None:
        MadnState._roll(self, die)  # not super(): once per roll
        player = self.current_player
        if player < 0:  # nothing due: nothing may move at all
            self._dues = ()
            return
        dues = self._moves  # never changed: shared, not copied
        self._dues = dues
        due = self._due
        if due == DUE_ANY:  # `_roll` looked at every piece, and every move is due
            self._culprit = -1
            self._moves = [*dues, PASS]
            return
        # The piece a missed duty sends home: the one on the start field (rule 6), its
        # blocker (rule 6), the most advanced piece that could have captured (rule 12).
        if due == DUE_START:
            self._culprit = 0
        elif due == DUE_BLOCKER:
            self._culprit = die
        elif due == DUE_CAPTURE:
            self._culprit = max(self.game.rel_of_action[player][action] for action in dues)
        else:
            self._culprit = -1
        moves, captures = self._movement(player, die, self._pieces[player])
        allowed = [ENTER] if due == DUE_ENTER else []  # entering, where allowed, is due
        allowed += moves
        allowed += captures
        allowed.sort()
        allowed.append(PASS)
        self._moves = allowed

    def _apply_action(self, action: int) -> None:
        if action in self._dues:
            MadnState._apply_action(self, action)  # not super(): once per move
            return
        # A missed duty (a pass included) voids the move (rule 14: the piece stays);
        # rules 6 and 12 also send the piece named by the duty home. No further roll.
        player = self.current_player
        if self._culprit >= 0:
            self._send_home(player, self._culprit)
        self._end_turn(player)


class OpenSpielMadnState(MadnState):
    """OpenSpiel's `maedn` (`rules=openspiel`), exactly, so that the two engines can be
    run against each other: clear the start field, else enter on a 6, else any move;
    no blocker or capture duty, pieces jump inside the goal, one roll when no move
    exists, and the first player home wins."""

    __slots__ = ()

    GOAL_PATH = GOAL_LANDING
    BLOCKER_DUTY = False
    CAPTURE_DUTY = False

    TRIES = 1

    def _decided(self) -> bool:
        return True

    def _keys(self) -> list[tuple[Any, ...]]:
        """The winner first, everyone else tied; a game stopped by time as in rule 18."""
        if self._over != ENDED:
            return super()._keys()
        winner = self._finished[0]
        return [(1,) if player == winner else (0,) for player in range(self.game.num_players)]

    def _cite(self, rule: str) -> str | None:
        return None  # OpenSpiel's rules are not the rule book's
