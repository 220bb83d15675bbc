"""David & Goliath by Reinhard Staupe: the rules engine.

Cards are ints 0..89: ``colour * 18 + value - 1`` with the colours ``r y g b p``; the
action of playing a card is that int, so the action space is the same 90 cards for every
player count (with n players only the values 1..3n are in the deck). Hands, won piles
and deals are bit masks over these ints, which keeps moves, copies and comparisons cheap.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from typing import ClassVar, NotRequired, Self, TypedDict

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
from spieltisch.core.i18n import N_
from spieltisch.core.options import FORM_EMPTY, FORM_HINT, UNSET
from spieltisch.core.ranking import places_from_keys
from spieltisch.games.david_goliath.messages import _, _n

COLOURS = ("r", "y", "g", "b", "p")
"""Colour letters in notation order: red, yellow, green, blue, purple."""
COLOUR_NAMES: dict[str, str] = dict(
    zip(COLOURS, ("red", "yellow", "green", "blue", "purple"), strict=True)
)
"""Each colour letter's colour, as `core.palette` names it for every medium."""
VALUES = 18
"""Values per colour in the full box; n players use 1..3n."""
NUM_CARDS = len(COLOURS) * VALUES
HAND_SIZE = 15
"""Every player holds 15 cards after the deal, whatever the player count."""

CARD_NAMES: tuple[str, ...] = tuple(
    f"{COLOURS[a // VALUES]}{a % VALUES + 1}" for a in range(NUM_CARDS)
)
CARD_INDEX: dict[str, int] = {name: a for a, name in enumerate(CARD_NAMES)}
COLOUR_OF: tuple[int, ...] = tuple(a // VALUES for a in range(NUM_CARDS))
VALUE_OF: tuple[int, ...] = tuple(a % VALUES + 1 for a in range(NUM_CARDS))
BIT: tuple[int, ...] = tuple(1 << a for a in range(NUM_CARDS))
_VALUE_BITS = (1 << VALUES) - 1
COLOUR_MASK: tuple[int, ...] = tuple(_VALUE_BITS << (VALUES * c) for c in range(len(COLOURS)))
_SHIFT: tuple[int, ...] = tuple(VALUES * c for c in range(len(COLOURS)))
_FORBIDDEN: tuple[int, ...] = tuple(
    sum(COLOUR_MASK[c] for c in range(len(COLOURS)) if pattern >> c & 1) for pattern in range(32)
)
"""Cards of the colours in a 5-bit void pattern."""

_CHUNK = 9
_CHUNK_MASK = (1 << _CHUNK) - 1
_CHUNK_ACTIONS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(k * _CHUNK + i for i in range(_CHUNK) if m >> i & 1) for m in range(1 << _CHUNK))
    for k in range(NUM_CARDS // _CHUNK)
)
"""For each 9-bit slice k of a mask and each slice value: the cards it holds, ascending."""


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, ascending (by colour, then value)."""
    out: list[int] = []
    k = 0
    while mask:
        chunk = mask & _CHUNK_MASK
        if chunk:
            out += _CHUNK_ACTIONS[k][chunk]
        mask >>= _CHUNK
        k += 1
    return out


def names_of(mask: int) -> list[str]:
    """The cards of a mask in notation, sorted by colour, then value."""
    return [CARD_NAMES[a] for a in cards_of(mask)]


def mask_points(mask: int) -> int:
    """Points of a pile: per colour 1 or 2 cards count their values, 3 or more 1 each."""
    total = 0
    for shift in _SHIFT:
        m = (mask >> shift) & _VALUE_BITS
        if not m:
            continue
        count = m.bit_count()
        if count >= 3:
            total += count
        else:
            total += m.bit_length()  # the higher card's value
            if count == 2:
                total += (m & -m).bit_length()  # the lower card's value
    return total


def pile_points(cards: Iterable[str]) -> int:
    """Points of won cards given in notation, e.g. ``pile_points(["g5", "g9"]) == 14``."""
    mask = 0
    for card in cards:
        mask |= BIT[CARD_INDEX[card]]
    return mask_points(mask)


def colour_name(colour: int) -> str:
    """The translated name of a colour (0..4)."""
    return (_("red"), _("yellow"), _("green"), _("blue"), _("purple"))[colour]


class LastTrick(TypedDict):
    """The trick completed last: ``[player, card]`` pairs in playing order, and who took
    the rest and who the top card."""

    cards: list[list[int | str]]
    takes_rest: int
    takes_top: int


class DavidGoliathView(View):
    """What a seat sees: everything open on the table and, for a seat, its own hand
    (the key is absent in a spectator's view)."""

    deal: int
    dealer: int
    trick: list[list[int | str]]
    last_trick: LastTrick | None
    won: list[list[str]]
    hand_sizes: list[int]
    deal_scores: list[list[int]]
    hand: NotRequired[list[str]]


class DavidGoliathOptions(GameOptions):
    players: int = Field(4, ge=3, le=6, description=N_("number of players (3 to 6)"))
    deals: int | None = Field(
        None,
        ge=1,
        description=N_("number of deals; auto plays as many deals as there are players"),
        json_schema_extra={
            UNSET: "auto",
            FORM_HINT: N_("number of deals; left empty, as many deals as there are players"),
            FORM_EMPTY: N_("automatic"),
        },
    )


class DavidGoliath(Game[DavidGoliathOptions]):
    name: ClassVar[str] = "david_goliath"
    title: ClassVar[str] = "David & Goliath"
    description: ClassVar[str] = N_(
        "Trick taking for 3-6 players: the lowest card of a trick takes the highest, "
        "the highest takes the rest; more than two cards of a colour score one point each."
    )
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    Options: ClassVar[type[GameOptions]] = DavidGoliathOptions
    hidden_information: ClassVar[bool] = True
    variants = (
        {"players": 3},
        {"players": 4, "deals": 1},
        {"players": 5, "deals": 2},
        {"players": 6},
    )
    num_actions = NUM_CARDS

    def __init__(self, options: DavidGoliathOptions) -> None:
        super().__init__(options)
        n = options.players
        self.top = 3 * n
        """The highest value in the deck."""
        self.deck: tuple[int, ...] = tuple(a for a in range(NUM_CARDS) if VALUE_OF[a] <= self.top)
        self.deck_mask = sum(BIT[a] for a in self.deck)
        self.num_deals: int = options.deals if options.deals is not None else n

    def new_state(self) -> DavidGoliathState:
        return DavidGoliathState(self)

    def action_to_move(self, action: int) -> str:
        return CARD_NAMES[action]

    def move_to_action(self, move: str) -> int:
        return CARD_INDEX[move]

    def deal_token(self, hands: Sequence[int]) -> str:
        """The chance outcome of a deal, each hand sorted by colour, then value."""
        return "deal:" + "/".join(",".join(names_of(hand)) for hand in hands)


class DavidGoliathState(State[DavidGoliathView]):
    __slots__ = (
        "_deal",
        "_deal_scores",
        "_dealt",
        "_hands",
        "_last",
        "_leader",
        "_led",
        "_n",
        "_totals",
        "_trick",
        "_turn",
        "_void",
        "_won",
    )
    game: DavidGoliath

    def __init__(self, game: DavidGoliath) -> None:
        super().__init__(game)
        n = game.num_players
        self._n = n
        self._turn = CHANCE
        self._deal = 0
        """Index of the deal being played, or of the next one at a chance node."""
        self._leader = 1 % n
        """Who led the current trick (or leads the next one)."""
        self._led = -1
        """Colour of the current trick, -1 while nobody has played to it."""
        self._trick: tuple[int, ...] = ()
        self._last: tuple[int, tuple[int, ...], int, int] | None = None
        """The last completed trick (leader, cards, who took the rest, who took the top
        card), shown until the next card is played."""
        self._hands = [0] * n
        self._won = [0] * n
        """Cards each player won in the current deal (kept until the next deal)."""
        self._dealt: tuple[int, ...] = (0,) * n
        """The hands as dealt in the current deal."""
        self._void = 0
        """Bit 5 * player + colour: the player did not follow that colour in this deal."""
        self._deal_scores: tuple[tuple[int, ...], ...] = ()
        self._totals: tuple[int, ...] = (0,) * n

    # -- whose turn ---------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return self._turn

    @property
    def dealer(self) -> int:
        return self._deal % self._n

    # -- decisions ----------------------------------------------------------------------

    def _legal_actions(self) -> list[int]:
        hand = self._hands[self._turn]
        led = self._led
        if led >= 0:
            m = (hand >> _SHIFT[led]) & _VALUE_BITS
            if m:
                chunk = 2 * led
                out = list(_CHUNK_ACTIONS[chunk][m & _CHUNK_MASK])
                high = m >> _CHUNK
                if high:
                    out += _CHUNK_ACTIONS[chunk + 1][high]
                return out
        return cards_of(hand)

    def _apply_action(self, action: int) -> None:
        player = self._turn
        self._hands[player] ^= BIT[action]
        trick = self._trick
        if trick:
            led = self._led
            if COLOUR_OF[action] != led:
                self._void |= 1 << (5 * player + led)
            trick = (*trick, action)
            if len(trick) == self._n:
                self._take(trick)
                return
            self._trick = trick
        else:
            self._led = COLOUR_OF[action]
            self._trick = (action,)
        player += 1
        self._turn = player if player < self._n else 0

    def _take(self, trick: tuple[int, ...]) -> None:
        """Resolve a full trick: lowest takes the highest card, highest takes the rest."""
        n = self._n
        values = [VALUE_OF[a] for a in trick]
        high = max(values)
        low = min(values)
        if high == low:
            i_high = n - 1
            i_low = n - 2
        else:
            # among equal values the later card counts as higher and as lower
            i_high = n - 1 - values[::-1].index(high)
            i_low = n - 1 - values[::-1].index(low)
        leader = self._leader
        taker_high = (leader + i_high) % n
        taker_low = (leader + i_low) % n
        top = BIT[trick[i_high]]
        rest = 0
        for a in trick:
            rest |= BIT[a]
        self._won[taker_low] |= top
        self._won[taker_high] |= rest ^ top
        self._last = (leader, trick, taker_high, taker_low)
        self._trick = ()
        self._led = -1
        self._leader = taker_high
        if self._hands[taker_high]:
            self._turn = taker_high
        else:
            self._end_deal()

    def _end_deal(self) -> None:
        points = tuple(mask_points(w) for w in self._won)
        self._deal_scores = (*self._deal_scores, points)
        self._totals = tuple(a + b for a, b in zip(self._totals, points, strict=True))
        if len(self._deal_scores) >= self.game.num_deals:
            self._turn = TERMINAL
        else:
            self._deal += 1
            self._turn = CHANCE

    def _explain_action(self, action: int) -> Refusal:
        card = CARD_NAMES[action]
        hand = self._hands[self._turn]
        if VALUE_OF[action] > self.game.top:
            return Refusal(
                _n(
                    "{card} is not in this game: with {players} player the values run to {top}",
                    "{card} is not in this game: with {players} players the values run to {top}",
                    self._n,
                ).format(card=card, players=self._n, top=self.game.top)
            )
        if not hand & BIT[action]:
            return Refusal(_("you do not hold {card}").format(card=card))
        led = self._led
        if led >= 0 and hand & COLOUR_MASK[led]:
            colour = colour_name(led)
            return Refusal(_("you hold a {colour} card: {colour} was led").format(colour=colour))
        return super()._explain_action(action)

    # -- chance -------------------------------------------------------------------------

    def _apply_chance(self, outcome: str) -> None:
        n = self._n
        if not outcome.startswith("deal:"):
            raise IllegalMove(
                outcome,
                _(
                    "the next deal is written deal:<hand 0>/<hand 1>/..., each hand 15 cards "
                    "separated by commas, such as deal:r1,g5,.../y3,.../..."
                ),
            )
        parts = outcome[5:].split("/")
        if len(parts) != n:
            raise IllegalMove(
                outcome,
                _n(
                    "a deal has {players} hand separated by '/'; this one has {count}",
                    "a deal has {players} hands separated by '/'; this one has {count}",
                    n,
                ).format(players=n, count=len(parts)),
            )
        top = self.game.top
        seen = 0
        hands: list[int] = []
        for player, part in enumerate(parts):
            tokens = part.split(",")
            if len(tokens) != HAND_SIZE:
                raise IllegalMove(
                    outcome,
                    _n(
                        "hand {player} has {count} card; every hand has 15",
                        "hand {player} has {count} cards; every hand has 15",
                        len(tokens) if part else 0,
                    ).format(player=player, count=len(tokens) if part else 0),
                )
            mask = 0
            for token in tokens:
                card = CARD_INDEX.get(token)
                if card is None:
                    raise IllegalMove(
                        outcome,
                        _(
                            "{token!r} is not a card: a card is a colour r, y, g, b, p and a "
                            "value, such as g12"
                        ).format(token=token),
                    )
                if VALUE_OF[card] > top:
                    raise IllegalMove(
                        outcome,
                        _n(
                            "{card} is not in this game: with {players} player the values "
                            "run to {top}",
                            "{card} is not in this game: with {players} players the values "
                            "run to {top}",
                            n,
                        ).format(card=token, players=n, top=top),
                    )
                if seen & BIT[card]:
                    raise IllegalMove(outcome, _("{card} is dealt twice").format(card=token))
                seen |= BIT[card]
                mask |= BIT[card]
            hands.append(mask)
        # n hands of 15 distinct cards from the 15n cards of the deck: the whole deck
        self._start_deal(hands)

    def _start_deal(self, hands: list[int]) -> None:
        n = self._n
        self._hands = hands
        self._dealt = tuple(hands)
        self._won = [0] * n
        self._trick = ()
        self._last = None  # the cards of the last trick may be in a new hand now
        self._led = -1
        self._void = 0
        self._leader = (self._deal + 1) % n
        self._turn = self._leader

    def sample_chance(self, rng: random.Random) -> str:
        """Shuffle the deck, deal 15 cards to each player, apply and return the deal."""
        if self._turn != CHANCE:
            raise SpieltischError("sample_chance() is only defined at a chance node")
        deck = list(self.game.deck)
        rng.shuffle(deck)
        hands = []
        for start in range(0, len(deck), HAND_SIZE):
            mask = 0
            for a in deck[start : start + HAND_SIZE]:
                mask |= BIT[a]
            hands.append(mask)
        token = self.game.deal_token(hands)
        self._start_deal(hands)
        self._record_chance(token)
        return token

    # -- results ------------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Points of the finished deals, added up."""
        return [float(t) for t in self._totals]

    def deal_scores(self) -> list[list[int]]:
        """Each finished deal's points per player."""
        return [list(points) for points in self._deal_scores]

    def ranking(self) -> list[int]:
        return places_from_keys(self._totals)

    # -- read-only, for agents and analysis (determinized states: hands are guesses) ------

    @property
    def hand_masks(self) -> Sequence[int]:
        """Each player's hand as a bit mask of card actions."""
        return self._hands

    @property
    def won_masks(self) -> Sequence[int]:
        """Each player's pile won in this deal, as a bit mask of card actions."""
        return self._won

    @property
    def trick(self) -> tuple[int, ...]:
        """The cards of the trick so far, in the order played."""
        return self._trick

    @property
    def led_colour(self) -> int:
        """The colour led in this trick, -1 before its first card."""
        return self._led

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's points of the finished deals."""
        return self._totals

    @property
    def deals_finished(self) -> int:
        return len(self._deal_scores)

    # -- information --------------------------------------------------------------------

    @property
    def turn(self) -> int | None:
        """The player to move; the dealer while the cards are dealt; None at the end."""
        if self._turn == CHANCE:
            return self.dealer
        return None if self._turn == TERMINAL else self._turn

    def _view(self, player: int | None) -> DavidGoliathView:
        """What a seat sees: ``turn`` (the dealer while a deal is due, null at the end),
        ``deal`` (0-based; the next one while it is due), ``dealer``, ``trick``
        (``[player, card]`` pairs in playing order), ``won`` (each player's open pile of
        this deal, or of the deal just finished until the next is dealt), ``hand_sizes``,
        ``deal_scores`` (per finished deal, per player), ``last_trick`` (the trick
        completed last in this deal, also while the next one is played, as a "last trick"
        view: ``cards``, ``takes_rest``, ``takes_top``; null before the first trick of a
        deal) and, for a seat, its
        ``hand``."""
        n = self._n
        turn: int | None = self._turn
        if self._turn == CHANCE:
            turn = self.dealer
        elif self._turn == TERMINAL:
            turn = None
        leader = self._leader
        view: DavidGoliathView = {
            "turn": turn,
            "deal": self._deal,
            "dealer": self.dealer,
            "trick": [[(leader + i) % n, CARD_NAMES[a]] for i, a in enumerate(self._trick)],
            "last_trick": self._last_trick_view(),
            "won": [names_of(w) for w in self._won],
            "hand_sizes": [h.bit_count() for h in self._hands],
            "deal_scores": self.deal_scores(),
        }
        if player is not None:
            view["hand"] = names_of(self._hands[player])
        return view

    def _last_trick_view(self) -> LastTrick | None:
        if self._last is None:
            return None
        leader, cards, rest, top = self._last
        n = self._n
        return {
            "cards": [[(leader + i) % n, CARD_NAMES[a]] for i, a in enumerate(cards)],
            "takes_rest": rest,
            "takes_top": top,
        }

    def voids(self, player: int) -> list[int]:
        """Colours (0..4) the player has shown not to hold in this deal by not following."""
        pattern = self._void >> (5 * player) & 31
        return [c for c in range(len(COLOURS)) if pattern >> c & 1]

    def determinize(self, player: int | None, rng: random.Random) -> Self:
        """Deal the cards `player` cannot see anew, consistently with all that was seen.

        The other players keep their hand sizes and get no card of a colour they have
        shown void in; the current deal's outcome in the history is rewritten to match
        (new hands plus the cards each player has already played in this deal).
        """
        new = self.clone()
        if self._turn < 0:
            return new
        others = [q for q in range(self._n) if q != player]
        pool_mask = 0
        for q in others:
            pool_mask |= self._hands[q]
        pool = cards_of(pool_mask)
        sizes = [self._hands[q].bit_count() for q in others]
        forbidden = [_FORBIDDEN[self._void >> (5 * q) & 31] for q in others]
        dealt = list(self._dealt)
        for q, hand in zip(others, deal_constrained(pool, sizes, forbidden, rng), strict=True):
            new._hands[q] = hand
            dealt[q] = (dealt[q] & ~self._hands[q]) | hand
        new._dealt = tuple(dealt)
        history = new._history
        index = len(history) - 1
        while not isinstance(history[index], str):
            index -= 1
        history[index] = self.game.deal_token(dealt)
        new._legal = None
        return new

    # -- copying and comparing ----------------------------------------------------------

    def clone(self) -> Self:
        if type(self) is not DavidGoliathState:
            return super().clone()
        new = DavidGoliathState.__new__(DavidGoliathState)
        new.game = self.game
        new._history = self._history.copy()
        new._legal = self._legal  # never mutated in place: replaced when the state changes
        new._n = self._n
        new._turn = self._turn
        new._deal = self._deal
        new._leader = self._leader
        new._led = self._led
        new._trick = self._trick
        new._last = self._last
        new._hands = self._hands.copy()
        new._won = self._won.copy()
        new._dealt = self._dealt
        new._void = self._void
        new._deal_scores = self._deal_scores
        new._totals = self._totals
        return new  # type: ignore[return-value]

    def _snapshot(self) -> Hashable:
        return (
            self._turn,
            self._deal,
            self._leader,
            self._trick,
            self._last,
            tuple(self._hands),
            tuple(self._won),
            self._dealt,
            self._void,
            self._deal_scores,
        )


# -- dealing the unseen cards -----------------------------------------------------------

_TRIES = 60


def deal_constrained(
    pool: list[int], sizes: Sequence[int], forbidden: Sequence[int], rng: random.Random
) -> list[int]:
    """Split `pool` into hands of `sizes` (as masks), hand i holding no card of `forbidden[i]`.

    Exactly uniform over the consistent deals: the cards of the colours someone is void
    in are placed first, each into a random free place of a hand allowed that colour,
    and the placement is kept with probability (room it found) / (the most room it
    could find), colour by colour (rejection sampling with that proposal); the other
    cards then fill the remaining places at random. Should that keep failing, a
    sequential deal takes over that checks feasibility (Hall's condition over the
    colours) before each card: close to uniform, and it never fails when any consistent
    deal exists.
    """
    players = range(len(sizes))
    by_colour: list[list[int]] = [[] for _ in COLOURS]
    for card in pool:
        by_colour[COLOUR_OF[card]].append(card)
    constrained: list[tuple[int, list[int], int]] = []  # colour, allowed players, their room
    free: list[int] = []
    for colour, cards in enumerate(by_colour):
        if not cards:
            continue
        allowed = [q for q in players if not forbidden[q] & COLOUR_MASK[colour]]
        if len(allowed) == len(sizes):
            free += cards
        else:
            constrained.append((colour, allowed, sum(sizes[q] for q in allowed)))
    constrained.sort(key=lambda entry: (entry[2] - len(by_colour[entry[0]]), len(entry[1])))
    # the most room each colour can find, whatever the colours before it did
    total = sum(sizes)
    placed = 0
    bounds: list[int] = []
    for colour, _allowed, alone in constrained:
        bounds.append(min(alone, total - placed))
        placed += len(by_colour[colour])
    random_ = rng.random
    for _attempt in range(_TRIES):
        room = list(sizes)
        hands = [0] * len(sizes)
        threshold = random_()
        keep = 1.0
        for (colour, allowed, _alone), bound in zip(constrained, bounds, strict=True):
            cards = by_colour[colour]
            space = 0
            for q in allowed:
                space += room[q]
            if space < len(cards):
                break
            for i in range(len(cards)):
                keep *= (space - i) / (bound - i)
            if keep <= threshold:
                break
            for card in cards:
                pick = random_() * space
                for q in allowed:
                    pick -= room[q]
                    if pick < 0 and room[q]:
                        break
                room[q] -= 1
                space -= 1
                hands[q] |= BIT[card]
        else:
            rng.shuffle(free)
            start = 0
            for q in players:
                for card in free[start : start + room[q]]:
                    hands[q] |= BIT[card]
                start += room[q]
            return hands
    return _deal_sequential(pool, sizes, forbidden, rng)


def _deal_sequential(
    pool: list[int], sizes: Sequence[int], forbidden: Sequence[int], rng: random.Random
) -> list[int]:
    players = range(len(sizes))
    colours = range(len(COLOURS))
    capacity = list(sizes)
    by_colour = [[a for a in pool if COLOUR_OF[a] == c] for c in colours]
    count = [len(cards) for cards in by_colour]
    eligible = [[q for q in players if not forbidden[q] & COLOUR_MASK[c]] for c in colours]
    if not _feasible(count, capacity, eligible):
        raise SpieltischError("no deal of the unseen cards fits the voids shown")
    hands = [0] * len(sizes)
    for colour in sorted(colours, key=lambda c: len(eligible[c])):
        cards = by_colour[colour]
        rng.shuffle(cards)
        for card in cards:
            count[colour] -= 1
            candidates = [q for q in eligible[colour] if capacity[q] > 0]
            while True:
                q = rng.choices(candidates, [capacity[q] for q in candidates])[0]
                capacity[q] -= 1
                if _feasible(count, capacity, eligible):
                    break
                capacity[q] += 1
                candidates.remove(q)
            hands[q] |= BIT[card]
    return hands


def _feasible(count: list[int], capacity: list[int], eligible: list[list[int]]) -> bool:
    """Hall's condition: every set of colours fits into the room of the players allowed it."""
    for subset in range(1, 1 << len(count)):
        need = 0
        allowed: set[int] = set()
        for c in range(len(count)):
            if subset >> c & 1:
                need += count[c]
                allowed.update(eligible[c])
        if need and need > sum(capacity[q] for q in allowed):
            return False
    return True
