"""Mahé: the rules engine (pure Python, no I/O).

Positions are ints: 0 is the raft, 1..21 the fields of the ring (21 is the beach).
Turtles are ints 0..6 in the order of `COLOURS`; player i owns turtle i, and with two
turtles each also turtle i + n. The int action space is fixed:

    0..6    turtle:<colour>   which of the player's two turtles moves first
    7       roll              the next die
    8       stop              move now
    9..17   card:1..card:9    an egg card instead of the 2nd or 3rd die (variant)

Chance outcomes: `deck:<24 digits>` once at the start (the shuffled deck from the top),
then `d1`..`d6` for every die.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import ClassVar, Self

from pydantic import Field

from spieltisch.core import CHANCE, TERMINAL, Game, GameOptions, IllegalMove, Refusal, State, View
from spieltisch.core.errors import OptionError
from spieltisch.core.i18n import N_
from spieltisch.core.options import FORM_EMPTY, FORM_HINT, UNSET
from spieltisch.core.ranking import places_from_keys
from spieltisch.games.mahe.messages import _, colour_name

COLOURS = ("red", "yellow", "blue", "green", "orange", "purple", "white")
STANDARD_DECK = (1,) * 3 + (2,) * 3 + (3,) * 5 + (4,) * 5 + (5,) * 5 + (3 * (6,))
DECK_SIZE = 24
BOX = 4  # cards put back into the box unseen
BEACH = 21
BEACH_EGGS = 7
LIMIT = 7  # the highest allowed sum of the dice

ROLL = 7
STOP = 8
CARD = 9  # card:v is CARD + v - 1
NUM_ACTIONS = 18
MOVES: tuple[str, ...] = (
    *(f"turtle:{colour}" for colour in COLOURS),
    "roll",
    "stop",
    *(f"card:{value}" for value in range(1, 10)),
)
MOVE_INDEX = {move: action for action, move in enumerate(MOVES)}
DIE_TOKENS = ("d1", "d2", "d3", "d4", "d5", "d6")
DIE_VALUE = {token: value for value, token in enumerate(DIE_TOKENS, 1)}
DICE_OUTCOMES = tuple((token, 1 / 6) for token in DIE_TOKENS)

# phases
SETUP, CHOOSE, ROLLING, DECIDE, OVER = range(5)
PHASE_NAMES = ("setup", "choose", "roll", "decide", "over")

# how the last move ended (only to explain refusals at the following chance node)
ENDED_NOT, ENDED_AT_SEVEN, ENDED_THREE_DICE, ENDED_BUST = range(4)

# destination and card of a move of k fields from position p: DEST[p][k], PASSES[p][k]
DEST = tuple(tuple(0 if k == 0 else (p + k - 1) % 21 + 1 for k in range(22)) for p in range(22))
PASSES = tuple(tuple(k > 0 and (p + k) // 21 > p // 21 for k in range(22)) for p in range(22))

ROLL_STOP = [ROLL, STOP]


def _deck_text(values: tuple[int, ...]) -> str:
    return "".join(map(str, values))


class MaheView(View):
    """What a seat sees (everyone sees the same): the turtles by colour (their owners),
    the raft, the stacks per field, the move in progress, the cards and the eggs."""

    phase: str
    turtles: dict[str, int]
    raft: list[str]
    fields: dict[str, list[str]]
    moving: str | None
    controller: int | None
    dice: list[int]
    card_die: int | None
    still_to_move: str | None
    card_played_this_turn: bool
    face_up: int | None
    cards_left: int
    beach_open: bool
    cards: list[list[int]]
    spent: list[int]
    beach: int | None
    scores: list[float]


class MaheOptions(GameOptions):
    """Options of Mahé (GAMES.md)."""

    players: int = Field(4, ge=2, le=7, description=N_("number of players"))
    turtles_per_player: int | None = Field(
        None,
        ge=1,
        le=2,
        description=N_("turtles per player: auto = 2 with 2 or 3 players, else 1"),
        json_schema_extra={UNSET: "auto"},
    )
    egg_cards_as_dice: bool = Field(
        False,
        description=N_("variant: a won egg card may replace the 2nd or 3rd die, once per turn"),
    )
    third_die_at_seven: bool = Field(
        False, description=N_("a third die may also be rolled when two dice show exactly 7")
    )
    deck: tuple[int, ...] | None = Field(
        None,
        description=N_(
            "24 egg values from 1 to 9 replacing this project's deck "
            "(3×1, 3×2, 5×3, 5×4, 5×5, 3×6; the rule book gives no split); none = that deck"
        ),
        json_schema_extra={
            FORM_HINT: N_(
                "24 egg values from 1 to 9, separated by commas, replacing this project's "
                "deck (3×1, 3×2, 5×3, 5×4, 5×5, 3×6; the rule book gives no split)"
            ),
            FORM_EMPTY: N_("this project's deck"),
        },
    )

    def check(self) -> None:
        if self.turtles_per_player is not None and self.players * self.turtles_per_player > 7:
            raise OptionError(
                "turtles_per_player",
                self.turtles_per_player,
                f"1 or none with {self.players} players: there are only 7 turtles",
                self.game_name,
            )
        if self.deck is not None and (
            len(self.deck) != DECK_SIZE or not all(1 <= value <= 9 for value in self.deck)
        ):
            raise OptionError(
                "deck", self.deck, "24 values, each a whole number from 1 to 9", self.game_name
            )

    @property
    def turtles_each(self) -> int:
        """The number of turtles each player moves, resolving the automatic choice."""
        if self.turtles_per_player is not None:
            return self.turtles_per_player
        return 2 if self.players <= 3 else 1


class MaheGame(Game[MaheOptions]):
    """Mahé with fixed options; holds the tables every state of the game shares."""

    name: ClassVar[str] = "mahe"
    title: ClassVar[str] = "Mahé"
    description: ClassVar[str] = N_(
        "Alex Randolph's turtle race: roll one die after another, stay at 7 or below, "
        "ride on other turtles and lay eggs on the beach."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 7
    Options: ClassVar[type[GameOptions]] = MaheOptions
    variants = (
        {"players": 2},
        {"players": 3, "egg_cards_as_dice": True},
        {"players": 4, "third_die_at_seven": True},
        {"players": 5},
        {"players": 6, "deck": [1, 2, 3, 4, 5, 6, 7, 8, 9] * 2 + [1, 2, 3, 4, 5, 6]},
        {"players": 7},
        {"players": 2, "turtles_per_player": 1},
        {"players": 3, "turtles_per_player": 2},
    )
    num_actions = NUM_ACTIONS

    def __init__(self, options: MaheOptions) -> None:
        super().__init__(options)
        n = options.players
        each = options.turtles_each
        self.turtles_each = each
        self.num_turtles = n * each
        self.owner: tuple[int, ...] = tuple(t % n for t in range(self.num_turtles))
        self.turtles_of: tuple[tuple[int, ...], ...] = tuple(
            tuple(range(p, self.num_turtles, n)) for p in range(n)
        )
        self.choose_lists: tuple[list[int], ...] = tuple(list(ts) for ts in self.turtles_of)
        self.deck_values: tuple[int, ...] = (
            options.deck if options.deck is not None else STANDARD_DECK
        )
        self.deck_sorted = tuple(sorted(self.deck_values))
        self.cards_as_dice = options.egg_cards_as_dice
        self.third_at_seven = options.third_die_at_seven

    def new_state(self) -> MaheState:
        return MaheState(self)

    def action_to_move(self, action: int) -> str:
        return MOVES[action]

    def move_to_action(self, move: str) -> int:
        return MOVE_INDEX[move]


class MaheState(State[MaheView]):
    """One position of Mahé."""

    __slots__ = (
        "_beach",
        "_card_slot",
        "_card_used",
        "_cp",
        "_ctrl",
        "_deck",
        "_dice",
        "_dsum",
        "_ended",
        "_fields",
        "_mover",
        "_phase",
        "_pos",
        "_second",
        "_spent",
        "_top",
        "_turn",
        "_won",
    )
    game: MaheGame

    def __init__(self, game: MaheGame) -> None:
        super().__init__(game)
        self._cp = CHANCE
        self._phase = SETUP
        self._turn = 0
        self._mover = -1  # the turtle whose move is in progress
        self._second = -1  # the player's other turtle, still to move this turn
        self._ctrl = -1  # who decides for the moving turtle
        self._dice: tuple[int, ...] = ()  # dice (and a card) of the move in progress
        self._dsum = 0
        self._card_slot = -1  # index in _dice of a card played as a die
        self._card_used = False  # a card was played in this player's turn
        self._ended = ENDED_NOT
        self._pos = [0] * game.num_turtles
        self._fields: list[tuple[int, ...]] = [()] * 22  # index 0 (the raft) stays empty
        self._deck: tuple[int, ...] = ()
        self._top = DECK_SIZE  # index in _deck of the face-up card; 24 = the beach is open
        self._won: list[tuple[int, ...]] = [()] * game.num_players  # sorted values
        self._spent: tuple[int, ...] = ()  # cards played as dice (they left the game)
        self._beach = -1  # who won the 7 eggs of the beach

    # -- whose turn ---------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return self._cp

    # -- chance -------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self._phase == ROLLING:
            return list(DICE_OUTCOMES)
        return super().chance_outcomes()

    def sample_chance(self, rng: random.Random) -> str:
        if self._phase == ROLLING:
            # The hot path of playouts: a die is always a valid outcome here.
            value = int(rng.random() * 6) + 1
            token = DIE_TOKENS[value - 1]
            self._roll(value)
            self._record_chance(token)
            return token
        if self._phase == SETUP:
            values = list(self.game.deck_values)
            rng.shuffle(values)
            token = "deck:" + _deck_text(tuple(values))
        else:
            return super().sample_chance(rng)
        self.apply(token)
        return token

    def _apply_chance(self, outcome: str) -> None:
        if self._phase == ROLLING:
            value = DIE_VALUE.get(outcome)
            if value is None:
                raise IllegalMove(outcome, self._die_refusal(outcome))
            self._roll(value)
            return
        # the set-up: the shuffled deck
        game = self.game
        digits = outcome[5:] if outcome.startswith("deck:") else ""
        if not digits or not all("1" <= c <= "9" for c in digits) or len(digits) != DECK_SIZE:
            raise IllegalMove(
                outcome,
                _(
                    "the game starts with the shuffled deck: deck: and 24 digits, "
                    "from the top card to the bottom card"
                ),
            )
        deck = tuple(int(c) for c in digits)
        if tuple(sorted(deck)) != game.deck_sorted:
            raise IllegalMove(
                outcome,
                _("the deck must hold exactly the cards of this game: {cards}").format(
                    cards=_deck_text(game.deck_sorted)
                ),
            )
        self._deck = deck
        self._top = BOX
        self._turn = 0
        self._begin_turn()

    def _die_refusal(self, outcome: str) -> str:
        if outcome in ("roll", "stop") or outcome.startswith("card:"):
            ended = self._ended
            if ended == ENDED_AT_SEVEN:
                return _(
                    "the dice reached exactly 7, so that move was made at once: "
                    "a third die may be rolled only below 7"
                )
            if ended == ENDED_THREE_DICE:
                return _("three dice were rolled, so that move was made at once")
            if ended == ENDED_BUST:
                return _("the sum went above 7: that turtle went to the raft")
            if not self._dice:
                return _("the first die is always rolled: the next entry is a die, d1 to d6")
            return _("a die is being rolled: the next entry is d1 to d6")
        if outcome.startswith("turtle:"):
            return _("the turtle is chosen before the first die; now a die is rolled: d1 to d6")
        return _("a die shows d1 to d6")

    # -- the turn -----------------------------------------------------------------------

    def _begin_turn(self) -> None:
        game = self.game
        self._card_used = False
        if game.turtles_each == 2:
            self._phase = CHOOSE
            self._cp = self._turn
            self._mover = -1
            self._ctrl = -1
            self._dice = ()
            self._dsum = 0
            self._card_slot = -1
        else:
            self._start(game.turtles_of[self._turn][0])

    def _start(self, turtle: int) -> None:
        """The move of one turtle begins: its first die is rolled."""
        self._mover = turtle
        where = self._pos[turtle]
        top = self._fields[where][-1] if where else turtle
        self._ctrl = self.game.owner[top]
        self._dice = ()
        self._dsum = 0
        self._card_slot = -1
        self._phase = ROLLING
        self._cp = CHANCE

    def _roll(self, value: int) -> None:
        self._ended = ENDED_NOT
        dice = self._dice = (*self._dice, value)
        total = self._dsum = self._dsum + value
        count = len(dice)
        if count == 1:
            self._phase = DECIDE
            self._cp = self._ctrl
        elif total > LIMIT:
            self._bust()
        elif count == 3:
            self._ended = ENDED_THREE_DICE
            self._move(total * 3)
        elif total == LIMIT and not self.game.third_at_seven:
            self._ended = ENDED_AT_SEVEN
            self._move(total * 2)
        else:
            self._phase = DECIDE
            self._cp = self._ctrl

    def _lift(self) -> tuple[int, tuple[int, ...]]:
        """Take the moving part (the mover and every turtle on it) off its field.

        Returns where it stood and the part, bottom to top; the turtles below stay.
        """
        turtle = self._mover
        where = self._pos[turtle]
        if not where:  # the raft holds no stacks
            return 0, (turtle,)
        stack = self._fields[where]
        index = stack.index(turtle)
        self._fields[where] = stack[:index]
        return where, stack[index:]

    def _bust(self) -> None:
        self._ended = ENDED_BUST
        _where, part = self._lift()
        pos = self._pos
        for turtle in part:
            pos[turtle] = 0
        self._next()

    def _move(self, steps: int) -> None:
        where, part = self._lift()
        dest = DEST[where][steps]
        self._fields[dest] += part
        pos = self._pos
        for turtle in part:
            pos[turtle] = dest
        if PASSES[where][steps]:
            winner = self.game.owner[part[-1]]
            top = self._top
            if top < DECK_SIZE:
                self._won[winner] = tuple(sorted((*self._won[winner], self._deck[top])))
                self._top = top + 1
            else:
                self._beach = winner
                self._second = -1
                self._phase = OVER
                self._cp = TERMINAL
                return
        self._next()

    def _next(self) -> None:
        """After a turtle's move: the player's other turtle, or the next player."""
        second = self._second
        if second >= 0:
            self._second = -1
            self._start(second)
            return
        self._turn = (self._turn + 1) % self.game.num_players
        self._begin_turn()

    # -- decisions ----------------------------------------------------------------------

    def _legal_actions(self) -> list[int]:
        game = self.game
        if self._phase == CHOOSE:
            return game.choose_lists[self._turn]
        if not game.cards_as_dice or self._card_used:
            return ROLL_STOP
        room = LIMIT - self._dsum
        actions = [ROLL, STOP]
        last = 0
        for value in self._won[self._ctrl]:
            if value > room:
                break
            if value != last:
                actions.append(CARD + value - 1)
                last = value
        return actions

    def _apply_action(self, action: int) -> None:
        if action == ROLL:
            self._phase = ROLLING
            self._cp = CHANCE
        elif action == STOP:
            self._move(self._dsum * len(self._dice))
        elif action < ROLL:  # turtle:<colour>
            first, second = self.game.turtles_of[self._turn]
            self._second = second if action == first else first
            self._ended = ENDED_NOT
            self._start(action)
        else:  # card:<value>
            value = action - CARD + 1
            cards = list(self._won[self._ctrl])
            cards.remove(value)
            self._won[self._ctrl] = tuple(cards)
            self._spent = (*self._spent, value)
            self._card_used = True
            self._card_slot = len(self._dice)
            self._roll(value)

    def _explain_action(self, action: int) -> Refusal:
        game = self.game
        move = MOVES[action]
        if self._phase == CHOOSE:
            first, second = game.turtles_of[self._turn]
            if action < ROLL:
                if action >= game.num_turtles:
                    return Refusal(
                        _("there is no {colour} turtle in this game").format(
                            colour=colour_name(COLOURS[action])
                        )
                    )
                return Refusal(
                    _("the {colour} turtle belongs to player {player}").format(
                        colour=colour_name(COLOURS[action]), player=game.owner[action] + 1
                    )
                )
            return Refusal(
                _("first choose which of your turtles moves first: {a} or {b}").format(
                    a=MOVES[first], b=MOVES[second]
                )
            )
        # DECIDE
        if action < ROLL:
            if game.turtles_each == 1:
                return Refusal(_("each player has one turtle: there is no turtle to choose"))
            return Refusal(
                _(
                    "the {colour} turtle is moving: the turtle is chosen only before its first die"
                ).format(colour=colour_name(COLOURS[self._mover]))
            )
        if action >= CARD:
            value = action - CARD + 1
            if not game.cards_as_dice:
                return Refusal(_("egg cards replace dice only with the option egg_cards_as_dice"))
            if self._card_used:
                return Refusal(_("only one egg card may be played per turn, and one was played"))
            if value not in self._won[self._ctrl]:
                if self._ctrl != self._turn:
                    return Refusal(
                        _(
                            "you decide for this stack and may play only your own cards: "
                            "you hold no card with {value} eggs"
                        ).format(value=value)
                    )
                return Refusal(_("you hold no card with {value} eggs").format(value=value))
            return Refusal(
                _("the card would bring the sum to {total}, above 7").format(
                    total=self._dsum + value
                )
            )
        return Refusal(_("{move} is not legal now").format(move=move))  # pragma: no cover

    # -- results ------------------------------------------------------------------------

    def scores(self) -> list[float]:
        beach = self._beach
        return [
            float(sum(cards) + (BEACH_EGGS if player == beach else 0))
            for player, cards in enumerate(self._won)
        ]

    def card_counts(self) -> list[int]:
        """Cards per player for the tie-break, the beach counting as one card."""
        beach = self._beach
        return [len(cards) + (player == beach) for player, cards in enumerate(self._won)]

    def ranking(self) -> list[int]:
        return places_from_keys(list(zip(self.scores(), self.card_counts(), strict=True)))

    # -- information --------------------------------------------------------------------

    @property
    def turn(self) -> int | None:
        """Whose turn it is, also while that player's dice roll; None before the deck is
        shuffled and at the end."""
        return None if self._phase in (SETUP, OVER) else self._turn

    def _view(self, player: int | None) -> MaheView:
        game = self.game
        phase = self._phase
        top = self._top
        in_move = phase in (ROLLING, DECIDE)
        pos = self._pos
        return {
            "turn": None if phase in (SETUP, OVER) else self._turn,
            "phase": PHASE_NAMES[phase],
            "turtles": {COLOURS[t]: game.owner[t] for t in range(game.num_turtles)},
            "raft": [COLOURS[t] for t in range(game.num_turtles) if pos[t] == 0],
            "fields": {
                str(field): [COLOURS[t] for t in stack]
                for field, stack in enumerate(self._fields)
                if stack
            },
            "moving": COLOURS[self._mover] if in_move else None,
            "controller": self._ctrl if in_move else None,
            "dice": list(self._dice) if in_move else [],
            "card_die": self._card_slot if in_move and self._card_slot >= 0 else None,
            "still_to_move": COLOURS[self._second] if self._second >= 0 else None,
            "card_played_this_turn": self._card_used,
            "face_up": self._deck[top] if phase != SETUP and top < DECK_SIZE else None,
            "cards_left": DECK_SIZE - top if phase != SETUP else DECK_SIZE - BOX,
            "beach_open": phase != SETUP and top >= DECK_SIZE,
            "cards": [list(cards) for cards in self._won],
            "spent": list(self._spent),
            "beach": self._beach if self._beach >= 0 else None,
            "scores": self.scores(),
        }

    def determinize(self, player: int | None, rng: random.Random) -> Self:
        """Reshuffle the unseen cards (the box and the pile under the face-up card); the
        result depends on what `player` has seen and `rng` only, not on the hidden order."""
        new = self.clone()
        if self._phase == SETUP:
            return new
        deck = self._deck
        seen_end = min(self._top + 1, DECK_SIZE)
        unseen = sorted(deck[:BOX] + deck[seen_end:])  # sorted: the deal depends on the view only
        rng.shuffle(unseen)
        new._deck = (*unseen[:BOX], *deck[BOX:seen_end], *unseen[BOX:])
        new._history[0] = "deck:" + _deck_text(new._deck)
        return new

    def revealed(self) -> int:
        """The cards of the pile turned face up so far (the pile's order is one chance
        outcome at the start: each card won shows the next)."""
        return self._top if self._phase != SETUP else 0

    # -- copying and comparing ----------------------------------------------------------

    def clone(self) -> Self:
        """Written out for speed: the searches copy states all the time."""
        cls = type(self)
        new = cls.__new__(cls)
        new.game = self.game
        new._history = self._history.copy()
        new._legal = self._legal  # never changed in place: replaced when the state changes
        new._beach = self._beach
        new._card_slot = self._card_slot
        new._card_used = self._card_used
        new._cp = self._cp
        new._ctrl = self._ctrl
        new._deck = self._deck
        new._dice = self._dice
        new._dsum = self._dsum
        new._ended = self._ended
        new._fields = self._fields.copy()  # of tuples
        new._mover = self._mover
        new._phase = self._phase
        new._pos = self._pos.copy()
        new._second = self._second
        new._spent = self._spent
        new._top = self._top
        new._turn = self._turn
        new._won = self._won.copy()  # of tuples
        return new

    def _snapshot(self) -> Hashable:
        return (
            self._phase,
            self._turn,
            self._mover,
            self._second,
            self._ctrl,
            self._dice,
            self._card_slot,
            self._card_used,
            tuple(self._pos),
            tuple(self._fields),
            self._deck,
            self._top,
            tuple(self._won),
            self._spent,
            self._beach,
        )

    # -- for tests and tools ------------------------------------------------------------

    # -- read-only, for agents and analysis (determinized states: the pile is a guess) -----

    @property
    def phase(self) -> int:
        """One of SETUP, CHOOSE, ROLLING, DECIDE, OVER."""
        return self._phase

    @property
    def turtle_fields(self) -> Sequence[int]:
        """Each turtle's field by turtle number: 0 the raft, 1..21 the island's fields."""
        return self._pos

    @property
    def stacks(self) -> Sequence[tuple[int, ...]]:
        """The turtles on each field (index 0 the raft, always empty), bottom to top."""
        return self._fields

    @property
    def deck_order(self) -> tuple[int, ...]:
        """The egg cards in deck order; in a determinized state the hidden part is a guess."""
        return self._deck

    @property
    def face_up_index(self) -> int:
        """The index in `deck_order` of the face-up card; 24 once the beach is open."""
        return self._top

    @property
    def won_cards(self) -> Sequence[tuple[int, ...]]:
        """Each player's egg cards, sorted."""
        return self._won

    @property
    def moving_turtle(self) -> int:
        """The turtle whose move is under way, -1 between moves."""
        return self._mover

    @property
    def second_turtle(self) -> int:
        """The player's other turtle still to move this turn, -1 if none."""
        return self._second

    @property
    def dice(self) -> tuple[int, ...]:
        """The dice (and a card played as one) of the move under way."""
        return self._dice

    @property
    def dice_sum(self) -> int:
        return self._dsum

    def positions(self) -> dict[str, int]:
        """Each turtle's position: 0 is the raft, 1..21 a field."""
        return {COLOURS[t]: p for t, p in enumerate(self._pos)}

    def stack(self, field: int) -> list[str]:
        """The turtles on a field, bottom to top."""
        return [COLOURS[t] for t in self._fields[field]]

    def unseen_cards(self) -> tuple[int, ...]:
        """The box and the face-down pile (nobody may see these)."""
        if self._phase == SETUP:
            return ()
        return self._deck[:BOX] + self._deck[min(self._top + 1, DECK_SIZE) :]
