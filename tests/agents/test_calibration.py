"""The hints' calibrated win chances: isotonic maps fitted per game, player count and
level, shipped as package data, applied to estimates (never to solved values) and kept
apart from the search's own figure; the review shows them and corrects nothing twice."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch.agents import Budget, compare, hint
from spieltisch.agents.calibration import FITTED, WinChanceMap, fit_isotonic, win_chance_map
from spieltisch.agents.hints import hint_calibration
from spieltisch.core import CHANCE, State
from spieltisch.review import review_game
from spieltisch.sim.play import play_randomly

chances = st.floats(min_value=0.0, max_value=1.0)


def test_the_isotonic_fit_pools_the_violators() -> None:
    pairs = [(0.1, 0.0), (0.2, 1.0), (0.3, 0.0), (0.9, 1.0), (0.9, 1.0)]
    fitted = fit_isotonic(pairs)
    # 0.2 won and 0.3 lost: pooled into one block at their mean
    assert fitted.points == [(0.1, 0.0), (0.25, 0.5), (0.9, 1.0)]
    assert fitted(0.0) == 0.0 and fitted(1.0) == 1.0  # flat beyond the ends
    assert fitted(0.175) == pytest.approx(0.25)  # a straight line between the centres
    assert fitted(0.575) == pytest.approx(0.75)


def test_equal_estimates_are_pooled_whatever_the_order_of_their_outcomes() -> None:
    """Sorted pairs put an estimate's losses before its wins: pooled one by one, the wins
    at the top estimate stayed a block of their own, and MÄDN's estimates of 1.0 (won 93%
    of the time) were mapped to 1.0."""
    pairs = [(0.4, 1.0), (0.5, 0.0), (0.5, 1.0), (0.5, 1.0)]
    assert fit_isotonic(pairs).points == [(0.475, 0.75)]
    assert fit_isotonic(list(reversed(pairs))).points == [(0.475, 0.75)]


def test_centres_that_round_alike_are_pooled() -> None:
    """Two blocks whose mean outcomes differ only past the fourth place would be two
    points with the same chance: a flat piece where the map must increase."""
    assert fit_isotonic([(0.1, 0.5), (0.2, 0.50004)]).points == [(0.15, 0.5)]
    assert fit_isotonic([(0.10001, 0.2), (0.10002, 0.4)]).points == [(0.1, 0.3)]


@settings(deadline=None)
@given(st.lists(st.tuples(chances, st.sampled_from([0.0, 0.5, 1.0])), min_size=1), chances, chances)
def test_a_fitted_map_keeps_the_order_of_moves(
    pairs: list[tuple[float, float]], low: float, high: float
) -> None:
    fitted = fit_isotonic(pairs)
    xs = [x for x, _ in fitted.points]
    assert xs == sorted(set(xs))
    low, high = sorted((low, high))
    assert 0.0 <= fitted(low) <= fitted(high) <= 1.0


def test_the_shipped_maps_load_and_did_better_on_held_out_games() -> None:
    """The maps `benchmarks/win_calibration.py --write` keeps (package data), for the
    expert in Mahé and Mensch ärgere Dich nicht at tables of two, three and four: on
    held-out games every tenth of the calibrated chances is within 2 points of what was
    won (issue 49)."""
    kept = json.loads(FITTED.read_text(encoding="utf-8"))["maps"]
    fitted = {f"{game}/{players}/expert" for game in ("mahe", "madn") for players in (2, 3, 4)}
    assert fitted <= set(kept)
    for key, fit in kept.items():
        game, players, level = key.split("/")
        loaded = win_chance_map(game, int(players), level)
        assert loaded == WinChanceMap(**fit["map"]), key
        points = loaded.points
        assert [x for x, _ in points] == sorted({x for x, _ in points}), key
        assert [y for _, y in points] == sorted({y for _, y in points}), key
        assert all(0.0 <= v <= 1.0 for point in points for v in point), key
        held = fit["held_out"]
        assert held["seed"] != fit["fitted_on"]["seed"], key
        assert held["calibrated"]["mean_error"] < held["raw"]["mean_error"], key
        assert held["calibrated"]["worst_bin"] < 0.02, key
    assert win_chance_map("madn", 4, "easy") is None  # fitted for the expert only
    assert win_chance_map("mahe", 7, "expert") is None  # and for the player counts fitted


def four_player_madn(seed: int = 3, moves: int = 60) -> State:
    """A position of four-player Mensch ärgere Dich nicht with a real choice to make."""
    rng = random.Random(seed)
    state = play_randomly(spieltisch.load("madn", players=4).new_state(), rng, moves)
    while state.current_player == CHANCE or len(state.legal_actions()) < 2:
        play_randomly(state, rng, 1)
    return state


def test_a_hint_shows_the_calibrated_chance_and_keeps_the_search_s_own() -> None:
    state = four_player_madn()
    calibration = hint_calibration(state)
    assert calibration is not None and calibration == win_chance_map("madn", 4, "expert")
    advice = hint(state)
    raw = hint(state, calibrate=False)
    assert [a.move for a in advice.ranked] == [a.move for a in raw.ranked]  # the order stays
    for shown, own in zip(advice.ranked, raw.ranked, strict=True):
        assert own.estimate is None
        assert shown.estimate == own.win_chance
        assert shown.win_chance == pytest.approx(calibration(own.win_chance))
        assert shown.search_value == own.search_value == own.win_chance
    moves = [a.move for a in raw.ranked[:2]]
    rated = compare(state, moves)
    assert all(r.estimate is not None and r.win_chance == calibration(r.estimate) for r in rated)


def test_a_game_without_a_map_shows_the_search_s_own_figures() -> None:
    state = play_randomly(spieltisch.load("mahe", players=5).new_state(), random.Random(2), 9)
    while state.current_player == CHANCE or len(state.legal_actions()) < 2:
        play_randomly(state, random.Random(3), 1)
    assert hint_calibration(state) is None  # five players: no map
    advice = hint(state, budget=Budget(iterations=50))
    assert all(a.estimate is None for a in advice.ranked)


def test_the_review_shows_the_hint_s_chances_and_calibrates_once() -> None:
    game = spieltisch.load("madn", players=4)
    final = play_randomly(game.new_state(), random.Random(5))
    record = final.to_record()
    state = game.new_state()
    steps = []
    for index, move in enumerate(final.history()):
        if state.current_player >= 0 and len(state.legal_actions()) > 1:
            steps.append(index)
        state.apply(move)
    only = steps[10:12]
    review = review_game(record, only=only, seed=1)
    raw = review_game(record, only=only, seed=1, calibrate=False)
    calibration = win_chance_map("madn", 4, "expert")
    assert calibration is not None and review.settings.calibration == calibration
    assert raw.settings.calibration is None
    for mine, theirs in zip(review.decisions(), raw.decisions(), strict=True):
        assert mine.analysis is not None and theirs.analysis is not None
        for shown, own in (
            (mine.analysis.played, theirs.analysis.played),
            (mine.analysis.best, theirs.analysis.best),
        ):
            assert own.estimate is None
            assert shown.estimate == own.win_chance  # the search's own, as the raw review
            assert shown.win_chance == pytest.approx(calibration(own.win_chance))  # once
