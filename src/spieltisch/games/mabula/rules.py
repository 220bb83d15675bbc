"""Mabula: two players push marbles from the edge into a 6×6 field and build groups.

Board: columns a..h, rows 1..8, without the corners. Squares are numbered
`column + 8 * row` (a1 = 0, h8 = 63). The 24 edge squares are numbered 0..23 in the
edge order of GAMES.md (b1..g1, h2..h7, g8..b8, a7..a2); each edge square has one line
of six field squares in front of it, listed from the edge inwards.

Internals are ints: `_fw`, `_fb` are bitboards (bit = square) of the white and black
marbles in the field; `_ew`, `_eb` are 24-bit masks (bit = edge number) of the marbles
still on the edge. A marble that has entered the field never leaves it.

Action space: `6 * edge + (distance - 1)` for the 24 edge squares and distances 1..6,
144 actions; notation `<from>-<to>` (`b1-b4`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from functools import cache
from math import prod
from typing import Any, ClassVar, Literal, Self

from pydantic import Field

from spieltisch.core import (
    CHANCE,
    TERMINAL,
    Game,
    GameOptions,
    IllegalMove,
    Refusal,
    SpieltischError,
    State,
    View,
)
from spieltisch.core.ranking import places_from_keys
from spieltisch.games.mabula.messages import N_, _, _n

WHITE = 0
BLACK = 1
COLOUR_LETTERS = ("w", "b")

# -- geometry ------------------------------------------------------------------------------


def square_name(square: int) -> str:
    """The notation of a square number: 0 -> a1, 63 -> h8."""
    return "abcdefgh"[square % 8] + str(square // 8 + 1)


NAMES: tuple[str, ...] = tuple(square_name(sq) for sq in range(64))
SQUARE_OF: dict[str, int] = {name: sq for sq, name in enumerate(NAMES)}
CORNERS = frozenset((0, 7, 56, 63))

EDGE_SQUARES: tuple[int, ...] = (
    tuple(range(1, 7))  # b1..g1
    + tuple(7 + 8 * row for row in range(1, 7))  # h2..h7
    + tuple(56 + col for col in range(6, 0, -1))  # g8..b8
    + tuple(8 * row for row in range(6, 0, -1))  # a7..a2
)
"""Square of each edge number, in the edge order of GAMES.md (counter-clockwise from b1)."""

EDGE_OF: dict[int, int] = {sq: e for e, sq in enumerate(EDGE_SQUARES)}
FIELD_SQUARES: tuple[int, ...] = tuple(c + 8 * r for r in range(1, 7) for c in range(1, 7))
FIELD_MASK = sum(1 << sq for sq in FIELD_SQUARES)


def _direction(square: int) -> int:
    """The step into the field from an edge square."""
    col, row = square % 8, square // 8
    if row == 0:
        return 8
    if row == 7:
        return -8
    if col == 0:
        return 1
    return -1


DIRECTION: tuple[int, ...] = tuple(_direction(sq) for sq in EDGE_SQUARES)
LINE_SQUARES: tuple[tuple[int, ...], ...] = tuple(
    tuple(sq + step * k for k in range(1, 7))
    for sq, step in zip(EDGE_SQUARES, DIRECTION, strict=True)
)
"""The six field squares in front of each edge square, from the edge inwards."""

LINE_BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(1 << sq for sq in line) for line in LINE_SQUARES
)
LINE_MASK: tuple[int, ...] = tuple(sum(bits) for bits in LINE_BITS)
FAR_EDGE: tuple[int, ...] = tuple(
    sq + 7 * step for sq, step in zip(EDGE_SQUARES, DIRECTION, strict=True)
)

NUM_ACTIONS = 24 * 6
ACTION_EDGE: tuple[int, ...] = tuple(a // 6 for a in range(NUM_ACTIONS))
ACTION_STEP: tuple[int, ...] = tuple(a % 6 for a in range(NUM_ACTIONS))
"""Distance minus one: the index in the line where the pushed marble stops."""

MOVE_TOKENS: tuple[str, ...] = tuple(
    f"{NAMES[EDGE_SQUARES[e]]}-{NAMES[LINE_SQUARES[e][k]]}" for e in range(24) for k in range(6)
)
ACTION_OF: dict[str, int] = {token: a for a, token in enumerate(MOVE_TOKENS)}

_MOVES_BY_COUNT: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(range(6 * e, 6 * e + 6 - count)) for count in range(7)) for e in range(24)
)
"""`_MOVES_BY_COUNT[e][m]`: the actions of edge e when its line holds m marbles."""

_LOW_EDGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(e for e in range(12) if (mask >> e) & 1) for mask in range(4096)
)
_HIGH_EDGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(e + 12 for e in range(12) if (mask >> e) & 1) for mask in range(4096)
)
"""The edge numbers in a 24-bit edge mask, ascending, looked up per half of 12 bits."""


def _push(action: int, in_white: int, in_black: int) -> tuple[int, int]:
    """Where the marbles of a line (bitboards of its white and black ones) end when the
    action pushes a marble in: each ends at max(its square, the square after the marble
    that pushes it). The pushed-in marble itself is not included."""
    edge = ACTION_EDGE[action]
    bits = LINE_BITS[edge]
    white = black = 0
    at = ACTION_STEP[action]
    for index in range(6):
        bit = bits[index]
        if in_white & bit:
            at = at + 1 if index <= at else index
            white |= bits[at]
        elif in_black & bit:
            at = at + 1 if index <= at else index
            black |= bits[at]
    return white, black


_PUSHED: dict[tuple[int, int, int], tuple[int, int]] = {}
"""Memo of `_push`, filled as lines occur: at most 24 × 1452 = 34848 entries (every
non-empty line contents with each legal distance), about 9 MB when full."""


def group_sizes(mask: int) -> list[int]:
    """Sizes of the orthogonally connected groups of a bitboard of field squares.

    Only field squares (columns b..g) may be set, so shifts by one never wrap a row.
    """
    sizes = []
    while mask:
        group = mask & -mask
        while True:
            grown = (group | group << 1 | group >> 1 | group << 8 | group >> 8) & mask
            if grown == group:
                break
            group = grown
        sizes.append(group.bit_count())
        mask ^= group
    return sizes


def board_groups(board: Mapping[str, str], colour: str) -> list[int]:
    """Group sizes, largest first, of one colour's field marbles on a `view` board."""
    return both_groups(board)[colour]


def both_groups(board: Mapping[str, str]) -> dict[str, list[int]]:
    """`board_groups` of both colours, read in one pass over the board."""
    masks = {"w": 0, "b": 0}
    for name, letter in board.items():
        square = SQUARE_OF.get(name)
        if square is not None and (FIELD_MASK >> square) & 1:
            masks[letter] |= 1 << square
    return {letter: sorted(group_sizes(mask), reverse=True) for letter, mask in masks.items()}


# -- the set-up ----------------------------------------------------------------------------


@cache
def valid_setups() -> tuple[str, ...]:
    """Every valid set-up (24 letters w/b in edge order), in lexicographic order.

    12 marbles of each colour, never three of a colour in a row along the edge read as a
    ring. Built once on first use by a depth-first search (40158 arrangements).
    """
    found: list[str] = []
    letters: list[str] = []

    def extend(whites: int, blacks: int) -> None:
        n = len(letters)
        if n == 24:
            ring = letters[-2:] + letters[:2]
            if not any(ring[i] == ring[i + 1] == ring[i + 2] for i in range(2)):
                found.append("".join(letters))
            return
        for letter in "bw":
            if (letter == "w" and whites == 12) or (letter == "b" and blacks == 12):
                continue
            if n >= 2 and letters[-1] == letters[-2] == letter:
                continue
            letters.append(letter)
            extend(whites + (letter == "w"), blacks + (letter == "b"))
            letters.pop()

    extend(0, 0)
    return tuple(found)


def _setup_problem(letters: str) -> str | None:
    """Why 24 letters are not a valid set-up, or None."""
    if len(letters) != 24 or any(letter not in "wb" for letter in letters):
        return _(
            "a set-up is written setup: and 24 letters w or b, one per edge square in the "
            "order b1..g1, h2..h7, g8..b8, a7..a2"
        )
    whites = letters.count("w")
    if whites != 12:
        return _("a set-up has 12 white and 12 black marbles, not {white} and {black}").format(
            white=whites, black=24 - whites
        )
    for i in range(24):
        if letters[i] == letters[(i + 1) % 24] == letters[(i + 2) % 24]:
            squares = ", ".join(NAMES[EDGE_SQUARES[(i + k) % 24]] for k in range(3))
            return _(
                "three marbles of a colour may not lie in a row on the edge: {squares}"
            ).format(squares=squares)
    return None


# -- options and game ----------------------------------------------------------------------


class MabulaView(View):
    """What a seat sees (everyone sees the same): every occupied square with its colour
    letter, and each player's score."""

    board: dict[str, str]
    scores: list[float]


class MabulaOptions(GameOptions):
    players: int = Field(2, ge=2, le=2, description=N_("number of players (always 2)"))
    scoring: Literal["largest", "product"] = Field(
        "largest",
        description=N_(
            "largest: the size of one's largest group; product: the product of the sizes "
            "of all one's groups"
        ),
    )
    tiebreak: Literal["none", "groups"] = Field(
        "none",
        description=N_("none: equal scores draw; groups: compare the group sizes, largest first"),
    )


class MabulaGame(Game[MabulaOptions]):
    """Mabula for two players: white (player 0) moves first, black is player 1."""

    name: ClassVar[str] = "mabula"
    title: ClassVar[str] = "Mabula"
    description: ClassVar[str] = N_(
        "Two players push marbles from the edge into the field to build the largest group."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    Options: ClassVar[type[GameOptions]] = MabulaOptions
    variants = (
        {},
        {"scoring": "product"},
        {"tiebreak": "groups"},
        {"scoring": "product", "tiebreak": "groups"},
    )
    num_actions = NUM_ACTIONS

    def __init__(self, options: MabulaOptions) -> None:
        super().__init__(options)
        self.product = options.scoring == "product"
        self.groups_tiebreak = options.tiebreak == "groups"

    def new_state(self) -> MabulaState:
        return MabulaState(self)

    def action_to_move(self, action: int) -> str:
        if not 0 <= action < NUM_ACTIONS:
            raise ValueError(f"actions are ints from 0 to {NUM_ACTIONS - 1}, not {action}")
        return MOVE_TOKENS[action]

    def move_to_action(self, move: str) -> int:
        return ACTION_OF[move]


# -- the state -----------------------------------------------------------------------------


class MabulaState(State[MabulaView]):
    """A Mabula position: the marbles on the edge and in the field, and whose turn it is."""

    __slots__ = ("_eb", "_ew", "_fb", "_fw", "_moves", "_turn")
    game: MabulaGame

    def __init__(self, game: MabulaGame) -> None:
        super().__init__(game)
        self._fw = 0
        self._fb = 0
        self._ew = 0
        self._eb = 0
        self._turn = CHANCE
        self._moves: list[int] = []
        """Legal actions of the player to move (never mutated; shared by clones)."""

    # -- whose turn ---------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return self._turn

    def _moves_of(self, player: int) -> list[int]:
        own = self._eb if player else self._ew
        occupied = self._fw | self._fb
        moves: list[int] = []
        for edge in _LOW_EDGES[own & 0xFFF]:
            moves += _MOVES_BY_COUNT[edge][(occupied & LINE_MASK[edge]).bit_count()]
        for edge in _HIGH_EDGES[own >> 12]:
            moves += _MOVES_BY_COUNT[edge][(occupied & LINE_MASK[edge]).bit_count()]
        return moves

    def _pass_or_end(self, mover: int) -> None:
        """After `mover`'s move: the other player moves if able, else `mover`, else the end."""
        other = 1 - mover
        moves = self._moves_of(other)
        if moves:
            self._turn = other
        else:
            moves = self._moves_of(mover)
            self._turn = mover if moves else TERMINAL
        self._moves = moves

    # -- chance: the set-up -------------------------------------------------------------

    def sample_chance(self, rng: random.Random) -> str:
        if self._turn != CHANCE:
            raise SpieltischError("sample_chance() is only defined at a chance node")
        setups = valid_setups()
        outcome = "setup:" + setups[rng.randrange(len(setups))]
        self.apply(outcome)
        return outcome

    def _apply_chance(self, outcome: str) -> None:
        letters = outcome.removeprefix("setup:")
        problem = (
            _setup_problem(letters)
            if outcome.startswith("setup:")
            else _setup_problem("")  # the format message
        )
        if problem is not None:
            raise IllegalMove(outcome, problem)
        white = 0
        for edge, letter in enumerate(letters):
            if letter == "w":
                white |= 1 << edge
        self._ew = white
        self._eb = 0xFFFFFF ^ white
        self._turn = WHITE
        self._moves = self._moves_of(WHITE)

    # -- moves --------------------------------------------------------------------------

    def _legal_actions(self) -> list[int]:
        return self._moves

    def _apply_action(self, action: int) -> None:
        player = self._turn
        edge = ACTION_EDGE[action]
        mask = LINE_MASK[edge]
        fw = self._fw
        fb = self._fb
        in_white = fw & mask
        in_black = fb & mask
        if in_white | in_black:
            key = (action, in_white, in_black)
            pushed = _PUSHED.get(key)
            if pushed is None:
                pushed = _PUSHED[key] = _push(action, in_white, in_black)
            fw ^= in_white ^ pushed[0]
            fb ^= in_black ^ pushed[1]
        if player:
            self._eb ^= 1 << edge
            self._fb = fb | LINE_BITS[edge][ACTION_STEP[action]]
            self._fw = fw
        else:
            self._ew ^= 1 << edge
            self._fw = fw | LINE_BITS[edge][ACTION_STEP[action]]
            self._fb = fb
        self._pass_or_end(player)

    def _explain_token(self, move: str) -> Refusal | None:
        return _token_refusal(move)

    def _explain_action(self, action: int) -> Refusal:
        edge = ACTION_EDGE[action]
        square = NAMES[EDGE_SQUARES[edge]]
        player = self._turn
        if not ((self._ew | self._eb) >> edge) & 1:
            return Refusal(
                _("there is no marble on {square}: it has been pushed into the field").format(
                    square=square
                )
            )
        if not ((self._eb if player else self._ew) >> edge) & 1:
            message = (
                _("the marble on {square} is black: White pushes only white marbles")
                if player == WHITE
                else _("the marble on {square} is white: Black pushes only black marbles")
            )
            return Refusal(message.format(square=square))
        line = LINE_SQUARES[edge]
        line_name = f"{NAMES[line[0]]}–{NAMES[line[-1]]}"
        count = ((self._fw | self._fb) & LINE_MASK[edge]).bit_count()
        free = 6 - count
        if count == 1:
            holds = _("the line {line} holds 1 marble").format(line=line_name)
        elif count == 6:
            holds = _("the line {line} is full").format(line=line_name)
        else:
            holds = _n(
                "the line {line} holds {count} marble",
                "the line {line} holds {count} marbles",
                count,
            ).format(line=line_name, count=count)
        if free == 0:
            can = _("{square} cannot move").format(square=square)
        elif free == 1:
            can = _("{square} can move only 1 square").format(square=square)
        else:
            distances = _("{some} or {last}").format(
                some=", ".join(str(k) for k in range(1, free)), last=free
            )
            can = _("{square} can move {distances} squares").format(
                square=square, distances=distances
            )
        return Refusal(
            _("{holds}: {can}").format(holds=holds, can=can),
            "rule 2",
        )

    # -- results ------------------------------------------------------------------------

    def groups(self, player: int) -> list[int]:
        """The sizes of the player's groups in the field, largest first."""
        return sorted(group_sizes(self._fb if player else self._fw), reverse=True)

    def _score(self, sizes: list[int]) -> int:
        if not sizes:
            return 0
        return prod(sizes) if self.game.product else max(sizes)

    def scores(self) -> list[float]:
        """Per player: the largest group, or the product of all groups; 0 with none."""
        return [self._score(group_sizes(self._fw)), self._score(group_sizes(self._fb))]

    def ranking(self) -> list[int]:
        keys: list[tuple[Any, ...]] = []
        for player in (WHITE, BLACK):
            sizes = self.groups(player)
            score = self._score(sizes)
            keys.append((score, tuple(sizes)) if self.game.groups_tiebreak else (score,))
        return places_from_keys(keys)

    # -- information --------------------------------------------------------------------

    def board(self) -> dict[str, str]:
        """Every occupied square (edge and field) with its colour letter."""
        board: dict[str, str] = {}
        for edge, square in enumerate(EDGE_SQUARES):
            if (self._ew >> edge) & 1:
                board[NAMES[square]] = "w"
            elif (self._eb >> edge) & 1:
                board[NAMES[square]] = "b"
        for square in FIELD_SQUARES:
            if (self._fw >> square) & 1:
                board[NAMES[square]] = "w"
            elif (self._fb >> square) & 1:
                board[NAMES[square]] = "b"
        return board

    def occupied(self, square: str) -> bool:
        """Whether a marble of either colour stands on `square` (a name such as b1): the
        question a move's words ask of a few squares, without building the whole board."""
        number = SQUARE_OF.get(square)
        if number is None:
            return False
        edge = EDGE_OF.get(number)
        if edge is not None:
            return bool(((self._ew | self._eb) >> edge) & 1)
        return bool(((self._fw | self._fb) >> number) & 1 & (FIELD_MASK >> number))

    @property
    def turn(self) -> int | None:
        """The player to move; white during the set-up; None at the end."""
        turn = self._turn
        return None if turn == TERMINAL else max(turn, WHITE)

    def _view(self, player: int | None) -> MabulaView:
        turn = self._turn
        return {
            "board": self.board(),
            "turn": None if turn == TERMINAL else max(turn, WHITE),
            "scores": self.scores(),
        }

    # -- copying and comparing ----------------------------------------------------------

    def clone(self) -> Self:
        cls = type(self)
        new = cls.__new__(cls)
        new.game = self.game
        new._history = self._history.copy()
        new._legal = self._legal
        new._fw = self._fw
        new._fb = self._fb
        new._ew = self._ew
        new._eb = self._eb
        new._turn = self._turn
        new._moves = self._moves
        return new

    def _snapshot(self) -> Hashable:
        return (self._fw, self._fb, self._ew, self._eb, self._turn)

    # -- read-only, for agents and analysis -----------------------------------------------

    @property
    def field_bits(self) -> tuple[int, int]:
        """White's and black's marbles in the field, as bit masks of squares."""
        return self._fw, self._fb

    @property
    def edge_bits(self) -> tuple[int, int]:
        """White's and black's marbles still on the edge, as bit masks of edge squares."""
        return self._ew, self._eb

    def set_position(self, board: Mapping[str, str], turn: int | None = None) -> None:
        """Put marbles on squares directly, for tests and analysis (beyond the protocol).

        `board` maps square names to "w"/"b", as in `view()`. The history stays as it was, so
        such a state does not replay. `turn` None: white moves if able, else black, else
        the game is over; a player given as `turn` must have a move.
        """
        self._fw = self._fb = self._ew = self._eb = 0
        for name, letter in board.items():
            square = SQUARE_OF[name]
            colour = COLOUR_LETTERS.index(letter)
            if square in EDGE_OF:
                bit = 1 << EDGE_OF[square]
                if colour:
                    self._eb |= bit
                else:
                    self._ew |= bit
            elif (FIELD_MASK >> square) & 1:
                if colour:
                    self._fb |= 1 << square
                else:
                    self._fw |= 1 << square
            else:
                raise ValueError(f"{name} is a corner")
        self._legal = None
        if turn is None:
            self._pass_or_end(BLACK)
            return
        self._turn = turn
        self._moves = self._moves_of(turn)
        if not self._moves:
            raise ValueError(f"player {turn} has no move in this position")


# -- refusing malformed tokens -------------------------------------------------------------


def _token_refusal(move: str) -> Refusal | None:
    """Why a string that is no move token is not a move: not an edge square, no such line."""
    parts = move.split("-")
    if len(parts) != 2:
        return Refusal(_("a move is written <from>-<to>, such as b1-b4"))
    source, target = parts
    for name in (source, target):
        if name not in SQUARE_OF:
            return Refusal(
                _("{square} is not a square: columns are a to h, rows 1 to 8").format(square=name)
            )
    start = SQUARE_OF[source]
    end = SQUARE_OF[target]
    if start in CORNERS:
        return Refusal(
            _("{square} is a corner, which is not part of the board").format(square=source)
        )
    edge = EDGE_OF.get(start)
    if edge is None:
        return Refusal(
            _("{square} is not an edge square: only marbles on the edge are pushed").format(
                square=source
            )
        )
    if start == end:
        return Refusal(_("a marble moves at least 1 square"), "rule 1")
    line = LINE_SQUARES[edge]
    if end == FAR_EDGE[edge]:
        return Refusal(
            _("{square} is on the far edge: no marble may be pushed onto the edge").format(
                square=target
            ),
            "rule 2",
        )
    return Refusal(
        _("no such line: {square} pushes straight along {first}–{last}").format(
            square=source, first=NAMES[line[0]], last=NAMES[line[-1]]
        )
    )
