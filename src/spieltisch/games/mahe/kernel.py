"""Compiled playouts of Mahé (numba, extra `fast`).

A position is one int64 array (layout below): turtle positions, the stacks per field
bottom to top, the deck, the move in progress and each player's cards as counts per
value. `rules.MaheState` stays the definition; the lockstep tests compare both at
every step.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from spieltisch.core.kernel import CHANCE, TERMINAL, Results, below, inner, loop, places

POS = 0  # 7 turtles: 0 the raft, 1..21 a field
HEIGHT = 7  # 22 fields: turtles on it
STACK = 29  # 22 fields x 7: turtles bottom to top
DECK = 183  # 24 values from the top
TOP = 207  # index of the face-up card; 24 = the beach is open
PHASE = 208
TURN = 209
MOVER = 210
SECOND = 211
CTRL = 212
NDICE = 213
DICE = 214  # 3
DSUM = 217
CARD_SLOT = 218
CARD_USED = 219
BEACH = 220
CP = 221
WON = 222  # 7 players x 10: cards held per value
NSPENT = 292
SPENT = 293  # 24
BUSTS = 317  # 7: busts of each player's turtles
PART = 324  # scratch, 7: the turtles lifted off a field
KEYS = 331  # scratch, 7: the ranking keys at the end
SHUFFLE = 338  # scratch, 24: the deck being shuffled
SIZE = 362

N = 0
EACH = 1
CARDS = 2
THIRD = 3
DECK_VALUES = 4  # 24

SETUP, CHOOSE, ROLLING, DECIDE, OVER = range(5)
ROLL = 7
STOP = 8
CARD = 9
BOX = 4
LIMIT = 7

RANDOM = 0
POLICY = 1
STATS = 2
"""Per-player figures of a playout: busts of own turtles, cards won."""


def options_array(game: Any) -> np.ndarray:
    params = np.zeros(DECK_VALUES + 24, dtype=np.int64)
    params[N] = game.num_players
    params[EACH] = game.turtles_each
    params[CARDS] = game.cards_as_dice
    params[THIRD] = game.third_at_seven
    params[DECK_VALUES:] = game.deck_values
    return params


@inner
def reset(s: np.ndarray) -> None:
    """The position before the deal, in place (the playout loop allocates nothing)."""
    s[:] = 0
    s[CP] = CHANCE
    s[MOVER] = -1
    s[SECOND] = -1
    s[CTRL] = -1
    s[CARD_SLOT] = -1
    s[BEACH] = -1
    s[TOP] = 24


@inner
def new_state() -> np.ndarray:
    s = np.zeros(SIZE, dtype=np.int64)
    reset(s)
    return s


@inner
def set_up(s: np.ndarray, p: np.ndarray, deck: np.ndarray) -> None:
    """The shuffled deck, top first (the `deck:` outcome). Copied one by one: a slice
    copy may allocate, which the playout loop must not."""
    for i in range(24):
        s[DECK + i] = deck[i]
    s[TOP] = BOX
    s[TURN] = 0
    _begin_turn(s, p)


@inner
def _begin_turn(s: np.ndarray, p: np.ndarray) -> None:
    s[CARD_USED] = 0
    if p[EACH] == 2:
        s[PHASE] = CHOOSE
        s[CP] = s[TURN]
        s[MOVER] = -1
        s[CTRL] = -1
        s[NDICE] = 0
        s[DSUM] = 0
        s[CARD_SLOT] = -1
    else:
        _start(s, p, s[TURN])


@inner
def _start(s: np.ndarray, p: np.ndarray, turtle: int) -> None:
    s[MOVER] = turtle
    where = s[POS + turtle]
    top = s[STACK + 7 * where + s[HEIGHT + where] - 1] if where else turtle
    s[CTRL] = top % p[N]
    s[NDICE] = 0
    s[DSUM] = 0
    s[CARD_SLOT] = -1
    s[PHASE] = ROLLING
    s[CP] = CHANCE


@inner
def roll(s: np.ndarray, p: np.ndarray, value: int) -> None:
    """A die (or a card played as one) for the moving turtle."""
    s[DICE + s[NDICE]] = value
    s[NDICE] += 1
    s[DSUM] += value
    count = s[NDICE]
    total = s[DSUM]
    if count == 1:
        s[PHASE] = DECIDE
        s[CP] = s[CTRL]
    elif total > LIMIT:
        _bust(s, p)
    elif count == 3:
        _move(s, p, total * 3)
    elif total == LIMIT and not p[THIRD]:
        _move(s, p, total * 2)
    else:
        s[PHASE] = DECIDE
        s[CP] = s[CTRL]


@inner
def _lift(s: np.ndarray, part: np.ndarray) -> tuple[int, int]:
    """Take the mover and everything on it off its field: (where, turtles in `part`)."""
    turtle = s[MOVER]
    where = s[POS + turtle]
    if not where:
        part[0] = turtle
        return 0, 1
    height = s[HEIGHT + where]
    index = 0
    while s[STACK + 7 * where + index] != turtle:
        index += 1
    for i in range(index, height):
        part[i - index] = s[STACK + 7 * where + i]
    s[HEIGHT + where] = index
    return where, height - index


@inner
def _bust(s: np.ndarray, p: np.ndarray) -> None:
    part = s[PART : PART + 7]
    _where, size = _lift(s, part)
    for i in range(size):
        s[POS + part[i]] = 0
    s[BUSTS + s[MOVER] % p[N]] += 1
    _next(s, p)


@inner
def _move(s: np.ndarray, p: np.ndarray, steps: int) -> None:
    part = s[PART : PART + 7]
    where, size = _lift(s, part)
    dest = (where + steps - 1) % 21 + 1
    height = s[HEIGHT + dest]
    for i in range(size):
        s[STACK + 7 * dest + height + i] = part[i]
        s[POS + part[i]] = dest
    s[HEIGHT + dest] = height + size
    if (where + steps) // 21 > where // 21:
        winner = part[size - 1] % p[N]
        top = s[TOP]
        if top < 24:
            s[WON + 10 * winner + s[DECK + top]] += 1
            s[TOP] = top + 1
        else:
            s[BEACH] = winner
            s[SECOND] = -1
            s[PHASE] = OVER
            s[CP] = TERMINAL
            return
    _next(s, p)


@inner
def _next(s: np.ndarray, p: np.ndarray) -> None:
    second = s[SECOND]
    if second >= 0:
        s[SECOND] = -1
        _start(s, p, second)
        return
    s[TURN] = (s[TURN] + 1) % p[N]
    _begin_turn(s, p)


@inner
def legal(s: np.ndarray, p: np.ndarray, out: np.ndarray) -> int:
    """The legal actions, ascending, into `out`; their number."""
    if s[PHASE] == CHOOSE:
        out[0] = s[TURN]
        out[1] = s[TURN] + p[N]
        return 2
    out[0] = ROLL
    out[1] = STOP
    count = 2
    if p[CARDS] and not s[CARD_USED]:
        room = LIMIT - s[DSUM]
        ctrl = s[CTRL]
        for value in range(1, min(room, 9) + 1):
            if s[WON + 10 * ctrl + value]:
                out[count] = CARD + value - 1
                count += 1
    return count


@inner
def apply_action(s: np.ndarray, p: np.ndarray, action: int) -> None:
    if action == ROLL:
        s[PHASE] = ROLLING
        s[CP] = CHANCE
    elif action == STOP:
        _move(s, p, s[DSUM] * s[NDICE])
    elif action < ROLL:
        first = s[TURN]
        second = s[TURN] + p[N]
        s[SECOND] = second if action == first else first
        _start(s, p, action)
    else:
        value = action - CARD + 1
        s[WON + 10 * s[CTRL] + value] -= 1
        s[SPENT + s[NSPENT]] = value
        s[NSPENT] += 1
        s[CARD_USED] = 1
        s[CARD_SLOT] = s[NDICE]
        roll(s, p, value)


@inner
def policy_action(s: np.ndarray, p: np.ndarray, pick: float) -> int:
    """`MaheKnowledge.playout_action`: a coin for the first turtle; stop when stopping
    crosses the beach, roll on a small sum."""
    if s[PHASE] == CHOOSE:
        return int(s[TURN] if pick < 0.5 else s[TURN] + p[N])
    total = s[DSUM]
    where = s[POS + s[MOVER]]
    steps = total * s[NDICE]
    if steps > 0 and (where + steps) // 21 > where // 21:
        return STOP
    return ROLL if total <= 3 else STOP


@inner
def result(s: np.ndarray, p: np.ndarray, scores: np.ndarray, ranks: np.ndarray) -> None:
    n = p[N]
    keys = s[KEYS : KEYS + n]
    for player in range(n):
        eggs = 0
        cards = 0
        for value in range(1, 10):
            eggs += value * s[WON + 10 * player + value]
            cards += s[WON + 10 * player + value]
        if s[BEACH] == player:
            eggs += 7
            cards += 1
        scores[player] = eggs
        keys[player] = eggs * 100 + cards
    places(keys, ranks)


@inner
def sample_chance(s: np.ndarray, p: np.ndarray, rng: np.ndarray) -> None:
    if s[PHASE] == ROLLING:
        roll(s, p, below(rng, 6) + 1)
        return
    deck = s[SHUFFLE : SHUFFLE + 24]
    for i in range(24):
        deck[i] = p[DECK_VALUES + i]
    for i in range(23, 0, -1):
        j = below(rng, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    set_up(s, p, deck)


@loop
def playouts(
    p: np.ndarray,
    seeds: np.ndarray,
    policies: np.ndarray,
    scores: np.ndarray,
    ranks: np.ndarray,
    lengths: np.ndarray,
    stats: np.ndarray,
    s: np.ndarray,
    rng: np.ndarray,
    actions: np.ndarray,
) -> None:
    """Whole games from each seed. Compiled without numba's reference counting
    (`core.kernel.loop`), so it allocates nothing: the position `s`, the generator `rng`
    and the list of `actions` come from the caller; the steps use the position's scratch
    slots."""
    n = p[N]
    for g in range(seeds.shape[0]):
        rng[0] = seeds[g]
        reset(s)
        steps = 0
        while s[CP] != TERMINAL:
            if s[CP] == CHANCE:
                sample_chance(s, p, rng)
                continue
            if policies[s[CP]] == RANDOM:
                action = actions[below(rng, legal(s, p, actions))]
            else:
                pick = below(rng, 2) * 0.5 if s[PHASE] == CHOOSE else 0.0
                action = policy_action(s, p, pick)
            apply_action(s, p, action)
            steps += 1
        lengths[g] = steps
        result(s, p, scores[g], ranks[g])
        for player in range(n):
            stats[g, player, 0] = s[BUSTS + player]
            cards = 0
            for value in range(1, 10):
                cards += s[WON + 10 * player + value]
            stats[g, player, 1] = cards


ROW = 14 + 7 + 7 + 7 + 1


@inner
def _multiset(counts: np.ndarray) -> int:
    """Cards held per value as one int, 5 bits per value."""
    code = 0
    for value in range(1, 10):
        code |= counts[value] << (5 * (value - 1))
    return code


@njit(cache=True)
def replay(
    p: np.ndarray,
    kinds: np.ndarray,
    values: np.ndarray,
    decks: np.ndarray,
    rows: np.ndarray,
    legal_masks: np.ndarray,
) -> np.ndarray:
    """Apply a game's steps (kind 0 an action, 1 a die, 2 the deck `decks[value]`);
    after each write the move in progress, positions, each turtle's level in its stack,
    cards per player and the cards spent, and the legal actions as a mask."""
    s = new_state()
    actions = np.zeros(18, dtype=np.int64)
    spent = np.zeros(10, dtype=np.int64)
    for i in range(kinds.shape[0]):
        if kinds[i] == 0:
            apply_action(s, p, values[i])
        elif kinds[i] == 1:
            roll(s, p, values[i])
        else:
            set_up(s, p, decks[values[i]])
        out = rows[i]
        out[:] = 0
        out[0] = s[PHASE]
        out[1] = s[TURN]
        out[2] = s[MOVER]
        out[3] = s[SECOND]
        out[4] = s[CTRL]
        out[5] = s[NDICE]
        out[6 : 6 + s[NDICE]] = s[DICE : DICE + s[NDICE]]
        out[9] = s[CARD_SLOT]
        out[10] = s[CARD_USED]
        out[11] = s[TOP]
        out[12] = s[BEACH]
        out[13] = s[CP]
        out[14:21] = s[POS : POS + 7]
        for field in range(22):
            for level in range(s[HEIGHT + field]):
                out[21 + s[STACK + 7 * field + level]] = level
        for player in range(p[N]):
            out[28 + player] = _multiset(s[WON + 10 * player : WON + 10 * player + 10])
        spent[:] = 0
        for k in range(s[NSPENT]):
            spent[s[SPENT + k]] += 1
        out[35] = _multiset(spent)
        legal_masks[i] = 0
        if s[CP] >= 0:
            for k in range(legal(s, p, actions)):
                legal_masks[i] |= 1 << actions[k]
    return s


class MaheKernel:
    """The kernel behind one `rules.MaheGame`."""

    stat_names = ("busts", "cards")

    def __init__(self, game: Any) -> None:
        self.game = game
        self.players: int = game.num_players
        self.params = options_array(game)
        self._decks: list[list[int]] = []

    def run(self, seeds: np.ndarray, policies: np.ndarray) -> Results:
        results = Results(len(seeds), self.players, STATS)
        playouts(
            self.params,
            seeds,
            policies,
            results.scores,
            results.ranks,
            results.lengths,
            results.stats,
            np.zeros(SIZE, dtype=np.int64),
            np.zeros(1, dtype=np.uint64),
            np.zeros(18, dtype=np.int64),
        )
        return results

    def new(self) -> np.ndarray:
        self._decks = []
        return new_state()

    def encode(self, step: str | int) -> tuple[int, int]:
        if isinstance(step, int):
            return 0, step
        if step.startswith("deck:"):
            self._decks.append([int(c) for c in step[5:]])
            return 2, len(self._decks) - 1
        return 1, int(step[1:])

    def replay(self, steps: list[tuple[int, int]]) -> tuple[np.ndarray, list[list[int]], list[int]]:
        kinds = np.array([k for k, _v in steps], dtype=np.int64)
        values = np.array([v for _k, v in steps], dtype=np.int64)
        decks = np.array(self._decks, dtype=np.int64).reshape(-1, 24)
        rows = np.zeros((len(steps), ROW), dtype=np.int64)
        masks = np.zeros(len(steps), dtype=np.int64)
        s = replay(self.params, kinds, values, decks, rows, masks)
        self._decks = []
        return s, rows.tolist(), masks.tolist()

    def current_player(self, s: np.ndarray) -> int:
        return int(s[CP])

    def legal_actions(self, s: np.ndarray) -> list[int]:
        if s[CP] < 0:
            return []
        actions = np.zeros(18, dtype=np.int64)
        return [int(a) for a in actions[: legal(s, self.params, actions)]]

    def apply_action(self, s: np.ndarray, action: int) -> None:
        apply_action(s, self.params, action)

    def apply_chance(self, s: np.ndarray, outcome: str) -> None:
        if outcome.startswith("deck:"):
            set_up(s, self.params, np.array([int(c) for c in outcome[5:]], dtype=np.int64))
        else:
            roll(s, self.params, int(outcome[1:]))

    def policy_action(self, s: np.ndarray, draw: Any) -> int:
        pick = draw() if s[PHASE] == CHOOSE else 0.0
        return int(policy_action(s, self.params, pick))

    def snapshot(self, s: np.ndarray) -> tuple[Any, ...]:
        """The position as `MaheState._snapshot()` writes it."""
        v = s.tolist()
        n = self.players
        turtles = n * int(self.params[EACH])
        won = tuple(
            tuple(value for value in range(1, 10) for _ in range(v[WON + 10 * q + value]))
            for q in range(n)
        )
        fields = tuple(tuple(v[STACK + 7 * f : STACK + 7 * f + v[HEIGHT + f]]) for f in range(22))
        return (
            v[PHASE],
            v[TURN],
            v[MOVER],
            v[SECOND],
            v[CTRL],
            tuple(v[DICE : DICE + v[NDICE]]),
            v[CARD_SLOT],
            bool(v[CARD_USED]),
            tuple(v[POS : POS + turtles]),
            fields,
            tuple(v[DECK : DECK + 24]) if v[PHASE] != SETUP else (),
            v[TOP],
            won,
            tuple(v[SPENT : SPENT + v[NSPENT]]),
            v[BEACH],
        )

    def outcome(self, s: np.ndarray) -> tuple[list[float], list[int]]:
        scores = np.zeros(self.players, dtype=np.float64)
        ranks = np.zeros(self.players, dtype=np.int64)
        result(s, self.params, scores, ranks)
        return scores.tolist(), ranks.tolist()


def kernel(game: Any) -> MaheKernel:
    return MaheKernel(game)
