"""The set-up: exactly the valid arrangements, counted independently, sampled uniformly."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import numpy as np
import pytest
from scipy.stats import chisquare

import spieltisch
from spieltisch import CHANCE, IllegalMove, LargeChanceNode
from spieltisch.games.mabula.rules import valid_setups


@cache
def brute_force_setups() -> frozenset[str]:
    """Every one of the 2**24 colourings of the edge ring, filtered by the rules (numpy)."""
    full = (1 << 24) - 1

    def rotate(x: np.ndarray, k: int) -> np.ndarray:
        return ((x << np.uint32(k)) | (x >> np.uint32(24 - k))) & np.uint32(full)

    found: list[np.ndarray] = []
    chunk = 1 << 21
    for start in range(0, 1 << 24, chunk):
        white = np.arange(start, start + chunk, dtype=np.uint32)
        black = ~white & np.uint32(full)
        ok = np.bitwise_count(white) == 12
        ok &= (white & rotate(white, 1) & rotate(white, 2)) == 0
        ok &= (black & rotate(black, 1) & rotate(black, 2)) == 0
        found.append(white[ok])
    masks = np.concatenate(found)
    return frozenset("".join("w" if (int(m) >> i) & 1 else "b" for i in range(24)) for m in masks)


def transfer_matrix_count(n: int = 24, whites: int = 12) -> int:
    """Rings of n letters with `whites` w's and no three equal neighbours, by dynamic
    programming over (first two letters, last two letters, whites so far)."""
    total = 0
    for first in ("ww", "wb", "bw", "bb"):
        counts: Counter[tuple[str, int]] = Counter({(first, first.count("w")): 1})
        for _ in range(n - 2):
            step: Counter[tuple[str, int]] = Counter()
            for (last, w), ways in counts.items():
                for letter in "wb":
                    if last[0] == last[1] == letter:
                        continue
                    step[(last[1] + letter, w + (letter == "w"))] += ways
            counts = step
        for (last, w), ways in counts.items():
            ring = last + first
            if w == whites and not any(ring[i] == ring[i + 1] == ring[i + 2] for i in (0, 1)):
                total += ways
    return total


def test_the_number_of_valid_set_ups() -> None:
    setups = valid_setups()
    assert len(setups) == transfer_matrix_count() == len(brute_force_setups()) == 40158
    assert list(setups) == sorted(set(setups))
    assert set(setups) == brute_force_setups()


def test_the_counting_methods_agree_on_small_rings() -> None:
    # the transfer matrix against plain enumeration where enumeration is tiny
    from itertools import product

    for n in range(3, 13):
        direct = sum(
            1
            for letters in product("wb", repeat=n)
            if letters.count("w") == n // 2
            and not any(
                letters[i] == letters[(i + 1) % n] == letters[(i + 2) % n] for i in range(n)
            )
        )
        assert transfer_matrix_count(n, n // 2) == direct


def sample(count: int, seed: int) -> list[str]:
    game = spieltisch.load("mabula")
    rng = random.Random(seed)
    outcomes = []
    for _ in range(count):
        state = game.new_state()
        outcome = state.sample_chance(rng)
        assert state.history() == [outcome]
        outcomes.append(outcome.removeprefix("setup:"))
    return outcomes


@pytest.mark.parametrize(
    "projection",
    [
        lambda s: s[:3],  # b1, c1, d1
        lambda s: s[21:] + s[:2],  # a4, a3, a2 and round the ring to b1, c1
        lambda s: s[:6].count("w"),  # white marbles on the first side
    ],
    ids=["first-three", "across-a2-b1", "whites-on-row-1"],
)
def test_the_sampler_is_uniform(projection: object) -> None:
    assert callable(projection)
    every = brute_force_setups()
    expected = Counter(projection(s) for s in every)
    drawn = sample(12000, seed=20240611)
    assert all(s in every for s in drawn)
    observed = Counter(projection(s) for s in drawn)
    assert set(observed) <= set(expected)
    keys = sorted(expected, key=str)
    f_obs = [observed[k] for k in keys]
    f_exp = [expected[k] * len(drawn) / len(every) for k in keys]
    assert chisquare(f_obs, f_exp).pvalue > 0.001


def test_sampling_is_reproducible_with_a_seed() -> None:
    assert sample(5, seed=7) == sample(5, seed=7)


# 12 of each, and the only three in a row is a2, b1, c1 (edge squares 23, 0, 1)
ACROSS_THE_RING = "ww" + "b" + "bw" * 9 + "bb" + "w"


@pytest.mark.parametrize(
    ("outcome", "reason"),
    [
        ("setup:" + "w" * 12 + "b" * 12, "three marbles of a colour may not lie in a row"),
        ("setup:" + ACROSS_THE_RING, "three marbles of a colour may not lie in a row"),
        ("setup:" + "wwb" * 8, "a set-up has 12 white and 12 black marbles, not 16 and 8"),
        ("setup:" + "wb" * 11 + "w", "a set-up is written setup: and 24 letters w or b"),
        ("setup:" + "wx" * 12, "a set-up is written setup: and 24 letters w or b"),
        ("setup:", "a set-up is written setup: and 24 letters w or b"),
        ("wb" * 12, "a set-up is written setup: and 24 letters w or b"),
        ("d3", "a set-up is written setup: and 24 letters w or b"),
    ],
)
def test_bad_set_ups_are_refused_and_change_nothing(outcome: str, reason: str) -> None:
    state = spieltisch.load("mabula").new_state()
    before = state.clone()
    with pytest.raises(IllegalMove) as refused:
        state.apply(outcome)
    assert refused.value.reason.startswith(reason)
    assert state == before and state.history() == []
    assert state.current_player == CHANCE


def test_three_in_a_row_across_the_ring_names_the_squares() -> None:
    state = spieltisch.load("mabula").new_state()
    reason = state.explain("setup:" + ACROSS_THE_RING)
    assert reason == "three marbles of a colour may not lie in a row on the edge: a2, b1, c1"


def test_the_set_up_node() -> None:
    state = spieltisch.load("mabula").new_state()
    assert state.current_player == CHANCE
    assert state.legal_actions() == [] and state.legal_moves() == []
    assert state.view(None) == {"board": {}, "turn": 0, "scores": [0, 0]}
    with pytest.raises(LargeChanceNode):
        state.chance_outcomes()
    with pytest.raises(IllegalMove):
        state.apply(0)
    state.apply("setup:" + "wwb" * 4 + "wbb" * 4)
    with pytest.raises(spieltisch.SpieltischError):
        state.sample_chance(random.Random(1))
