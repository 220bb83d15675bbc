"""Compiled playouts of Mensch ärgere Dich nicht (numba, extra `fast`).

A position is one int64 array (layout below), the options another; every function
mirrors the method of `rules.MadnState` it is named after, which stays the definition:
tests drive both with the same dice, lots and choices and compare them at every step.
Legal moves are a bit mask over the action ids of `rules` (bit 0 = `b`, ..., bit 44 =
`pass`), so they come out sorted as the engine lists them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from spieltisch.core.kernel import (
    CHANCE,
    TERMINAL,
    Results,
    below,
    inner,
    loop,
    nth_bit,
    places,
    popcount,
    uniform,
)

# -- layout of a position -------------------------------------------------------------------
TRACK = 0  # 40 fields: owner or -1
PIECE = 40  # 4 slots per player: rel of a piece on the board, -1 in the base
GOAL = 56  # bit mask of occupied goal fields per player
CP = 60
TURN = 61
DIE = 62
TRIES = 63
ROUND = 64
TIME = 65
OVER = 66
NFIN = 67
FIN = 68  # finishing order, 4
LOT = 72  # 4
NGROUPS = 76
GROUP_AT = 77  # the first group still to draw
GROUP_SIZE = 78  # 4 groups
GROUP = 82  # 4 groups x 4 players
MOVES = 98  # bit mask of legal actions
DUES = 99  # penalized duties: the moves meeting the obligation
CULPRIT = 100
NDICE = 101
CAPTURES = 102  # per player: opponents sent home
PENALTIES = 106  # per player: own pieces sent home by rules 6 and 12
DICE = 110
MAX_DICE = 64  # dice kept per turn (a longer run of sixes is never compared)
KEY = DICE + MAX_DICE  # scratch: rule 18's keys, 4
ORDER = KEY + 4  # scratch: a lot being drawn, 4
SIZE = ORDER + 4

# -- layout of the options ------------------------------------------------------------------
N = 0
TOURNAMENT = 1
PENALIZED = 2
ENFORCED = 3
MAX_ROUNDS = 4
COLOUR = 5  # colour of each player, 4
STOP_AFTER_TURN = 9  # rule 18 option time_up=turn: the turn in progress ends the game
STOP_NOW = 10  # time_up=now: the game ends as time is called (the championships)
STEPS = 11  # stopped_rule=steps: a stopped game goes by the fewest steps to the goal
ABS = 12  # per player 52: the track index of each rel (rules.Madn.abs_of)
ACT = ABS + 4 * 52  # per player 44: the action moving a piece on each rel
REL = ACT + 4 * 44  # per player 45: the rel of each action's square
PARAMS = REL + 4 * 45

ENTER = 0
PASS = 44

RANDOM = 0
POLICY = 1
"""Playout policies per seat: uniform random, or the game's rule of thumb."""


def options_array(game: Any) -> np.ndarray:
    """The options of a `rules.Madn` game as the kernel reads them."""
    params = np.zeros(PARAMS, dtype=np.int64)
    params[N] = game.num_players
    params[TOURNAMENT] = game.tournament
    params[PENALIZED] = game.penalized
    params[ENFORCED] = game.enforced
    params[MAX_ROUNDS] = game.max_rounds
    params[STOP_AFTER_TURN] = game.stop_after_turn
    params[STOP_NOW] = game.stop_now
    params[STEPS] = game.count_steps
    for player, colour in enumerate(game.colours):
        params[COLOUR + player] = colour
        params[ABS + 52 * player : ABS + 52 * player + 52] = game.abs_of[player]
        params[ACT + 44 * player : ACT + 44 * player + 44] = game.act_of[player]
        params[REL + 45 * player : REL + 45 * player + 45] = game.rel_of_action[player]
    return params


@inner
def reset(s: np.ndarray) -> None:
    """The position before the first die, in place (the playout loop allocates nothing)."""
    s[:] = 0
    s[TRACK : TRACK + 40] = -1
    s[PIECE : PIECE + 16] = -1
    s[CP] = CHANCE


@inner
def new_state() -> np.ndarray:
    s = np.zeros(SIZE, dtype=np.int64)
    reset(s)
    return s


@inner
def _abs(p: np.ndarray, player: int, rel: int) -> int:
    return int(p[ABS + 52 * player + rel])


@inner
def _act(p: np.ndarray, player: int, rel: int) -> int:
    return int(p[ACT + 44 * player + rel])


@inner
def _rel_of_action(p: np.ndarray, player: int, action: int) -> int:
    return int(p[REL + 45 * player + action])


@inner
def _goal_mask(rel: int, die: int) -> int:
    target = rel + die
    if target < 40 or target > 43:
        return 0
    low = max(rel + 1, 40)
    return ((1 << (target - 39)) - 1) & ~((1 << (low - 40)) - 1)


@inner
def _count(s: np.ndarray, player: int) -> int:
    count = 0
    for k in range(4):
        if s[PIECE + 4 * player + k] >= 0:
            count += 1
    return count


@inner
def _verdict(s: np.ndarray, p: np.ndarray, player: int, rel: int, die: int) -> int:
    """0 ok, 1 captures, 2 overshoot, 3 jumps in the goal, 4 onto an own piece."""
    target = rel + die
    if target > 43:
        return 2
    if target < 40:
        owner = s[TRACK + _abs(p, player, target)]
        if owner == player:
            return 4
        return 1 if owner >= 0 else 0
    goal = s[GOAL + player]
    if goal & (1 << (target - 40)):
        return 4
    if p[TOURNAMENT] and goal & _goal_mask(rel, die):
        return 3
    return 0


@inner
def _enforced_moves(s: np.ndarray, p: np.ndarray, player: int, die: int) -> int:
    moves = 0
    count = _count(s, player)
    if count < 4:
        start = _abs(p, player, 0)
        if s[TRACK + start] == player:
            ahead = _abs(p, player, die)
            if s[TRACK + ahead] != player:
                moves = 1 << (start + 1)
            elif s[TRACK + _abs(p, player, 2 * die)] != player:
                moves = 1 << (ahead + 1)
        elif die == 6:
            moves = 1 << ENTER
    if moves == 0 and count > 0:
        goal = s[GOAL + player]
        captures = 0
        for k in range(4):
            rel = s[PIECE + 4 * player + k]
            if rel < 0:
                continue
            target = rel + die
            if target < 40:
                owner = s[TRACK + _abs(p, player, target)]
                if owner < 0:
                    moves |= 1 << _act(p, player, rel)
                elif owner != player:
                    captures |= 1 << _act(p, player, rel)
            elif target < 44 and not goal & _goal_mask(rel, die):
                moves |= 1 << _act(p, player, rel)
        if captures:
            moves = captures
    return moves


@inner
def _analyse(s: np.ndarray, p: np.ndarray, player: int, die: int) -> None:
    """Tournament duties in full: sets MOVES (with pass), DUES and CULPRIT."""
    start = _abs(p, player, 0)
    in_base = _count(s, player) < 4
    own_start = s[TRACK + start] == player
    allowed = 0
    captures = 0
    culprit = -1
    if in_base and die == 6 and not own_start:
        allowed |= 1 << ENTER
    for k in range(4):
        rel = s[PIECE + 4 * player + k]
        if rel < 0:
            continue
        verdict = _verdict(s, p, player, rel, die)
        if verdict == 1:
            captures |= 1 << _act(p, player, rel)
            culprit = max(culprit, rel)
        if verdict <= 1:
            allowed |= 1 << _act(p, player, rel)
    s[MOVES] = allowed | (1 << PASS) if allowed else 0
    s[CULPRIT] = -1
    if allowed & (1 << ENTER):
        s[DUES] = 1 << ENTER
        return
    if in_base and own_start:
        if allowed & (1 << (start + 1)):
            s[DUES] = 1 << (start + 1)
            s[CULPRIT] = 0
            return
        blocker = _abs(p, player, die) + 1
        if allowed & (1 << blocker):
            s[DUES] = 1 << blocker
            s[CULPRIT] = die
            return
    if captures:
        s[DUES] = captures
        s[CULPRIT] = culprit
        return
    s[DUES] = allowed


@inner
def _openspiel_moves(s: np.ndarray, p: np.ndarray, player: int, die: int) -> int:
    if _count(s, player) < 4:
        start = _abs(p, player, 0)
        if s[TRACK + start] == player:
            if s[TRACK + _abs(p, player, die)] != player:
                return 1 << (start + 1)
        elif die == 6:
            return 1 << ENTER
    goal = s[GOAL + player]
    moves = 0
    for k in range(4):
        rel = s[PIECE + 4 * player + k]
        if rel < 0:
            continue
        target = rel + die
        if target < 40:
            if s[TRACK + _abs(p, player, target)] != player:
                moves |= 1 << _act(p, player, rel)
        elif target < 44 and not goal & (1 << (target - 40)):
            moves |= 1 << _act(p, player, rel)
    return moves


@inner
def _can_advance(s: np.ndarray, p: np.ndarray, player: int) -> bool:
    goal = s[GOAL + player]
    for k in range(4):
        rel = s[PIECE + 4 * player + k]
        if rel < 0:
            continue
        if rel < 34:
            return True
        if rel >= 40:
            if rel < 43 and not goal & (1 << (rel - 39)):
                return True
            continue
        for die in range(1, 44 - rel):
            target = rel + die
            if target < 40:
                if s[TRACK + _abs(p, player, target)] != player:
                    return True
            elif goal & _goal_mask(rel, die):
                break
            else:
                return True
    return False


@inner
def roll(s: np.ndarray, p: np.ndarray, die: int) -> None:
    """A die for the player whose turn it is (`MadnState._roll`)."""
    player = s[TURN]
    if s[NDICE] < MAX_DICE:
        s[DICE + s[NDICE]] = die
    s[NDICE] += 1
    if p[ENFORCED]:
        moves = _enforced_moves(s, p, player, die)
    elif p[PENALIZED]:
        _analyse(s, p, player, die)
        moves = s[MOVES]
    else:
        moves = _openspiel_moves(s, p, player, die)
    if moves:
        s[DIE] = die
        s[MOVES] = moves
        s[CP] = player
    elif die == 6:
        s[TRIES] = 0
    else:  # rolls without a move in this sequence, kept as the engine keeps them
        tries = s[TRIES] + 1
        if tries >= 3 or not p[TOURNAMENT] or _can_advance(s, p, player):
            _end_turn(s, p, player)
        else:
            s[TRIES] = tries


@inner
def _capture(s: np.ndarray, p: np.ndarray, field: int) -> None:
    victim = s[TRACK + field]
    rel = (field - 10 * p[COLOUR + victim]) % 40
    for k in range(4):
        if s[PIECE + 4 * victim + k] == rel:
            s[PIECE + 4 * victim + k] = -1
            break
    s[TRACK + field] = -1


@inner
def apply_action(s: np.ndarray, p: np.ndarray, action: int) -> None:
    """A legal action of the player to move (`MadnState._apply_action`)."""
    player = s[CP]
    if p[PENALIZED] and not s[DUES] & (1 << action):
        # A missed duty (a pass included) is void (rule 14); rules 6 and 12 send the
        # piece the duty named home. No further roll.
        culprit = s[CULPRIT]
        if culprit >= 0:
            for k in range(4):
                if s[PIECE + 4 * player + k] == culprit:
                    s[PIECE + 4 * player + k] = -1
                    break
            s[TRACK + _abs(p, player, culprit)] = -1
            s[PENALTIES + player] += 1
        _end_turn(s, p, player)
        return
    die = s[DIE]
    if action == ENTER:
        start = _abs(p, player, 0)
        if s[TRACK + start] >= 0:
            _capture(s, p, start)
            s[CAPTURES + player] += 1
        s[TRACK + start] = player
        for k in range(4):
            if s[PIECE + 4 * player + k] < 0:
                s[PIECE + 4 * player + k] = 0
                break
    else:
        rel = _rel_of_action(p, player, action)
        target = rel + die
        for k in range(4):
            if s[PIECE + 4 * player + k] == rel:
                s[PIECE + 4 * player + k] = target
                break
        if rel < 40:
            s[TRACK + _abs(p, player, rel)] = -1
        else:
            s[GOAL + player] ^= 1 << (rel - 40)
        if target < 40:
            field = _abs(p, player, target)
            if s[TRACK + field] >= 0:
                _capture(s, p, field)
                s[CAPTURES + player] += 1
            s[TRACK + field] = player
        else:
            s[GOAL + player] |= 1 << (target - 40)
            if s[GOAL + player] == 15:
                _finish(s, p, player)
                return
    if die == 6:
        s[TRIES] = 0
        s[CP] = CHANCE
    else:
        _end_turn(s, p, player)


@inner
def _finished(s: np.ndarray, player: int) -> bool:
    found = False
    for i in range(s[NFIN]):
        found |= s[FIN + i] == player
    return found


@inner
def _finish(s: np.ndarray, p: np.ndarray, player: int) -> None:
    s[FIN + s[NFIN]] = player
    s[NFIN] += 1
    if s[NFIN] >= (p[N] - 1 if p[TOURNAMENT] else 1):
        s[OVER] = 1
        s[TURN] = -1
        s[CP] = TERMINAL
        return
    _end_turn(s, p, player)


@inner
def _end_turn(s: np.ndarray, p: np.ndarray, player: int) -> None:
    n = p[N]
    if s[TIME] and p[STOP_AFTER_TURN]:
        _stop(s, p)
        return
    following = (player + 1) % n
    while _finished(s, following):
        following = (following + 1) % n
    if following <= player:
        s[ROUND] += 1
        if s[TIME] or (p[MAX_ROUNDS] and s[ROUND] >= p[MAX_ROUNDS]):
            _stop(s, p)
            return
    s[TURN] = following
    s[NDICE] = 0
    s[TRIES] = 0
    s[CP] = CHANCE


@inner
def keys(s: np.ndarray, p: np.ndarray) -> np.ndarray:
    """`MadnState._keys` as one int per player, larger is better (a view of the
    position's scratch slots)."""
    n = p[N]
    out = s[KEY : KEY + n]
    out[:] = 0
    unranked = s[OVER] == 1 and not p[TOURNAMENT]
    for player in range(n):
        place = -1
        for i in range(s[NFIN]):
            if s[FIN + i] == player:
                place = i
        if place >= 0:
            out[player] = (1 << 40) - place
            continue
        if unranked:
            continue
        if p[STEPS]:  # `steps.steps_left`: 41 in the base, 40 - rel on the track
            steps = 0
            for k in range(4):
                rel = s[PIECE + 4 * player + k]
                steps += 41 if rel < 0 else max(0, 40 - rel)
            out[player] = (200 - steps) * 8 + s[LOT + player]
            continue
        goal = s[GOAL + player]
        on_track = 0
        travelled = 0
        for k in range(4):
            rel = s[PIECE + 4 * player + k]
            if 0 <= rel < 40:
                on_track += 1
                travelled += rel
        key = popcount(goal) * 16 + goal
        key = ((key * 5 + on_track) * 200 + travelled) * 8 + s[LOT + player]
        out[player] = key
    return out


@inner
def _stop(s: np.ndarray, p: np.ndarray) -> None:
    """Rule 18: the game ends at the end of the round; tied groups draw lots."""
    s[OVER] = 2
    s[TURN] = -1
    k = keys(s, p)
    n = p[N]
    done = 0  # bit mask of the players placed in a group
    s[NGROUPS] = 0
    s[GROUP_AT] = 0
    while True:
        best = -1
        for player in range(n):
            if done >> player & 1 or _finished(s, player):
                continue
            tied = False
            for other in range(n):
                if other != player and k[other] == k[player] and not _finished(s, other):
                    tied = True
            if tied and (best < 0 or k[player] > k[best]):
                best = player
        if best < 0:
            break
        g = s[NGROUPS]
        size = 0
        for player in range(n):
            if k[player] == k[best] and not _finished(s, player):
                s[GROUP + 4 * g + size] = player
                size += 1
                done |= 1 << player
        s[GROUP_SIZE + g] = size
        s[NGROUPS] = g + 1
    s[CP] = CHANCE if s[NGROUPS] else TERMINAL


@inner
def draw_lot(s: np.ndarray, order: np.ndarray) -> None:
    """The next tied group's order, best first (`lot:` outcome)."""
    g = s[GROUP_AT]
    size = order.shape[0]
    for place in range(size):
        s[LOT + order[place]] = size - place
    s[GROUP_AT] = g + 1
    if s[GROUP_AT] >= s[NGROUPS]:
        s[CP] = TERMINAL


@inner
def call_time(s: np.ndarray, p: np.ndarray) -> None:
    """The referee's `time` event (rule 18); with time_up=now the game ends at once."""
    s[TIME] = 1
    if p[STOP_NOW]:
        s[NDICE] = 0
        _stop(s, p)


@inner
def sample_chance(s: np.ndarray, p: np.ndarray, rng: np.ndarray) -> None:
    if not s[OVER]:
        roll(s, p, below(rng, 6) + 1)
        return
    g = s[GROUP_AT]
    size = s[GROUP_SIZE + g]
    order = s[ORDER : ORDER + size]
    for i in range(size):
        order[i] = s[GROUP + 4 * g + i]
    for i in range(size - 1, 0, -1):
        j = below(rng, i + 1)
        order[i], order[j] = order[j], order[i]
    draw_lot(s, order)


@inner
def policy_action(s: np.ndarray, p: np.ndarray, noise: float, pick: float) -> int:
    """`MadnKnowledge.playout_action` given its two uniforms: the first decides a random
    move (below 0.2), the second picks it."""
    moves = s[MOVES]
    if p[PENALIZED] and s[DUES]:
        moves = s[DUES]
    count = popcount(moves)
    if count == 1:
        return nth_bit(moves, 0)
    if noise < 0.2:
        return nth_bit(moves, int(pick * count))
    player = s[CP]
    die = s[DIE]
    best = nth_bit(moves, 0)
    best_score = -1000
    for action in range(PASS):
        if not moves & (1 << action):
            continue
        if action == ENTER:
            score = 45
        else:
            rel = _rel_of_action(p, player, action)
            score = rel + (100 if rel < 40 <= rel + die else 0)
        if score > best_score:
            best = action
            best_score = score
    return best


@inner
def choose(s: np.ndarray, p: np.ndarray, policy: int, rng: np.ndarray) -> int:
    moves = s[MOVES]
    if policy == RANDOM:
        return nth_bit(moves, below(rng, popcount(moves)))
    if p[PENALIZED] and s[DUES]:
        moves = s[DUES]
    if popcount(moves) == 1:
        return nth_bit(moves, 0)
    noise = uniform(rng)
    pick = uniform(rng) if noise < 0.2 else 0.0
    return policy_action(s, p, noise, pick)


STATS = 3
"""Per-player figures a playout reports besides scores: captures made, penalties (own
pieces sent home by rules 6 and 12), and 1 for every player when rule 18 (time or
max_rounds) ended the game."""


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
) -> None:
    """Whole games from each seed: scores, places, decisions and figures per game.

    Compiled without numba's reference counting (`core.kernel.loop`), so it allocates
    nothing: the position `s` and the generator `rng` come from the caller and are reset
    for each game."""
    n = p[N]
    for g in range(seeds.shape[0]):
        rng[0] = seeds[g]
        reset(s)
        steps = 0
        while s[CP] != TERMINAL:
            if s[CP] == CHANCE:
                sample_chance(s, p, rng)
            else:
                apply_action(s, p, choose(s, p, policies[s[CP]], rng))
                steps += 1
        lengths[g] = steps
        places(keys(s, p), ranks[g])
        for player in range(n):
            scores[g, player] = popcount(s[GOAL + player])
            stats[g, player, 0] = s[CAPTURES + player]
            stats[g, player, 1] = s[PENALTIES + player]
            stats[g, player, 2] = s[OVER] == 2


ROW = 40 + 4 + 8
"""Width of `row`: what the lockstep tests compare after every step."""


@inner
def row(s: np.ndarray, p: np.ndarray, out: np.ndarray) -> None:
    """The position as the engine holds it: track owners, goal masks, then whose turn,
    the die (at a decision), tries, dice this turn, rounds, end state, finished players."""
    n = p[N]
    out[:] = 0
    out[:40] = s[TRACK : TRACK + 40]
    out[40 : 40 + n] = s[GOAL : GOAL + n]
    out[44] = s[CP]
    out[45] = s[TURN]
    out[46] = s[DIE] if s[CP] >= 0 else 0
    out[47] = s[TRIES]
    out[48] = s[NDICE]
    out[49] = s[ROUND]
    out[50] = s[OVER]
    out[51] = s[NFIN]


@njit(cache=True)
def replay(
    p: np.ndarray, kinds: np.ndarray, values: np.ndarray, rows: np.ndarray, legal: np.ndarray
) -> np.ndarray:
    """Apply a game's steps (kind 0 an action, 1 a die, 2 a lot written as base-8 digits
    best first, 3 the time event); after each step write `row` and the legal moves."""
    s = new_state()
    order = np.zeros(4, dtype=np.int64)
    for i in range(kinds.shape[0]):
        replay_step(s, p, order, kinds[i], values[i])
        row(s, p, rows[i])
        legal[i] = s[MOVES] if s[CP] >= 0 else 0
    return s


@njit(cache=True)
def replay_step(s: np.ndarray, p: np.ndarray, order: np.ndarray, kind: int, value: int) -> None:
    """One step of a game's record on the kernel's position (`order`: scratch for a lot)."""
    if kind == 0:
        apply_action(s, p, value)
    elif kind == 1:
        roll(s, p, value)
    elif kind == 2:
        size = s[GROUP_SIZE + s[GROUP_AT]]
        for j in range(size - 1, -1, -1):
            order[j] = value % 8
            value //= 8
        draw_lot(s, order[:size])
    else:
        call_time(s, p)


class MadnKernel:
    """The kernel behind one `rules.Madn` game: batches of playouts, and single steps
    for the lockstep tests (each step a compiled call)."""

    stat_names = ("captures", "penalties", "stopped_by_time")

    def __init__(self, game: Any) -> None:
        self.game = game
        self.players: int = game.num_players
        self.params = options_array(game)

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
        )
        return results

    # -- single steps -----------------------------------------------------------------------

    def new(self) -> np.ndarray:
        return new_state()

    def current_player(self, s: np.ndarray) -> int:
        return int(s[CP])

    def legal_actions(self, s: np.ndarray) -> list[int]:
        if s[CP] < 0:
            return []
        moves = int(s[MOVES])
        return [a for a in range(PASS + 1) if moves >> a & 1]

    def apply_action(self, s: np.ndarray, action: int) -> None:
        apply_action(s, self.params, action)

    def encode(self, step: str | int) -> tuple[int, int]:
        """A step of the engine's history as (kind, value) for `replay`."""
        if isinstance(step, int):
            return 0, step
        if step.startswith("lot:"):
            value = 0
            for part in step[4:].split(","):
                value = value * 8 + int(part)
            return 2, value
        if step == "time":
            return 3, 0
        return 1, int(step[1:])

    def replay(self, steps: list[tuple[int, int]]) -> tuple[np.ndarray, list[list[int]], list[int]]:
        """The kernel fed these steps: its final position, a `row` and the legal-move
        mask after every step."""
        kinds = np.array([k for k, _v in steps], dtype=np.int64)
        values = np.array([v for _k, v in steps], dtype=np.int64)
        rows = np.zeros((len(steps), ROW), dtype=np.int64)
        legal = np.zeros(len(steps), dtype=np.int64)
        s = replay(self.params, kinds, values, rows, legal)
        return s, rows.tolist(), legal.tolist()

    def apply_chance(self, s: np.ndarray, outcome: str) -> None:
        if outcome.startswith("lot:"):
            order = np.array([int(x) for x in outcome[4:].split(",")], dtype=np.int64)
            draw_lot(s, order)
        elif outcome == "time":
            call_time(s, self.params)
        else:
            roll(s, self.params, int(outcome[1:]))

    def policy_action(self, s: np.ndarray, draw: Any) -> int:
        """The rule of thumb with the uniforms taken from `draw()`, as the engine takes them."""
        moves = int(s[DUES] if self.params[PENALIZED] and s[DUES] else s[MOVES])
        if moves.bit_count() == 1:
            return moves.bit_length() - 1
        noise = draw()
        pick = draw() if noise < 0.2 else 0.0
        return int(policy_action(s, self.params, noise, pick))

    def snapshot(self, s: np.ndarray) -> tuple[Any, ...]:
        """The position as `MadnState._snapshot()` writes it."""
        v = s.tolist()
        n = self.players
        pieces = tuple(
            tuple(sorted(r for r in v[PIECE + 4 * q : PIECE + 4 * q + 4] if r >= 0))
            for q in range(n)
        )
        groups = tuple(
            tuple(v[GROUP + 4 * g : GROUP + 4 * g + v[GROUP_SIZE + g]])
            for g in range(v[GROUP_AT], v[NGROUPS])
        )
        cp = v[CP]
        return (
            pieces,
            cp,
            v[TURN],
            v[DIE] if cp >= 0 else 0,
            v[TRIES],
            tuple(v[DICE : DICE + min(v[NDICE], MAX_DICE)]),
            tuple(v[FIN : FIN + v[NFIN]]),
            v[ROUND],
            bool(v[TIME]),
            v[OVER],
            groups,
            tuple(v[LOT : LOT + n]),
        )

    def outcome(self, s: np.ndarray) -> tuple[list[float], list[int]]:
        """Scores and places at the end, as `scores()` and `ranking()` give them."""
        ranks = np.zeros(self.players, dtype=np.int64)
        places(keys(s, self.params), ranks)
        scores = [float(int(s[GOAL + q]).bit_count()) for q in range(self.players)]
        return scores, ranks.tolist()

    def check(self, s: np.ndarray) -> None:
        """The kernel's own tables agree: the track and goal masks match the pieces."""
        track = [-1] * 40
        for q in range(self.players):
            goal = 0
            for rel in s[PIECE + 4 * q : PIECE + 4 * q + 4]:
                if 0 <= rel < 40:
                    track[(10 * int(self.params[COLOUR + q]) + int(rel)) % 40] = q
                elif rel >= 40:
                    goal |= 1 << (int(rel) - 40)
            if goal != s[GOAL + q]:
                raise AssertionError(f"goal mask of player {q}: {s[GOAL + q]} != {goal}")
        if track != [int(x) for x in s[TRACK : TRACK + 40]]:
            raise AssertionError("track does not match the pieces")


def kernel(game: Any) -> MadnKernel:
    return MadnKernel(game)
