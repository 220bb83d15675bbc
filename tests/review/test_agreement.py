"""The review agrees with the hint (issue 34): expert games reviewed at the expert's own
budget are marked at most an inaccuracy at 95% of their decisions or more, and in a
game of two the players' chances sum to one at every step. The normal run checks one
game of each game at small budgets; the long run (`-m long`) several at the hint's
budget (benchmarks/review_agreement.py prints the same figures)."""

from __future__ import annotations

import json
import math
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import spieltisch
from spieltisch.agents import Budget, make
from spieltisch.agents.hints import hint_budget
from spieltisch.cli.app import app
from spieltisch.core.i18n import language
from spieltisch.core.palette import SCREEN
from spieltisch.core.records import make_record
from spieltisch.review import review_game
from spieltisch.review.agreement import agreement
from spieltisch.review.calibration import FITTED, Calibration
from spieltisch.review.graph import (
    chances_by_step,
    line_sample,
    seat_colour,
    seat_dash,
    win_chance_svg,
)
from spieltisch.review.html import review_page
from spieltisch.review.lookups import seat_titles
from spieltisch.sim.play import play_game
from tests.review.planted import PLANTED

SMALL = {
    "mahe": (4, Budget()),
    "madn": (4, Budget()),
    "david_goliath": (3, Budget(iterations=100)),
    "mabula": (2, Budget(iterations=2000)),
}
"""Players and the budget of the experts and of the review, per game, for the normal run
(expectimax, Mahé's and MADN's expert, searches each turn exactly at any budget)."""


@pytest.mark.parametrize("game", sorted(SMALL))
def test_an_expert_game_reviewed_at_the_experts_budget_is_hardly_blamed(game: str) -> None:
    players, budget = SMALL[game]
    result, (review,) = agreement(game, players, 1, budget, seed=0)
    assert result.decisions >= 10
    assert result.agreeing >= 0.95, result
    if players == 2:
        assert result.worst_sum_error is not None and result.worst_sum_error < 1e-9
        rows = [row for row in chances_by_step(review) if None not in row]
        assert len(rows) == len(review.decisions())


@pytest.mark.long
@pytest.mark.parametrize("game", sorted(SMALL))
def test_expert_games_reviewed_at_the_hint_s_budget_are_hardly_blamed(game: str) -> None:
    players = 2 if game == "mabula" else 4
    budget = hint_budget(spieltisch.load(game, players=players))
    result, _ = agreement(game, players, 4, budget, seed=1)
    assert result.agreeing >= 0.95, result
    if players == 2:
        assert result.worst_sum_error is not None and result.worst_sum_error < 1e-9


def test_a_two_player_calibration_keeps_the_chances_summing_to_one() -> None:
    """Mabula's fit once had a shift of -0.69: both players below 50% at once."""
    kept = json.loads(FITTED.read_text(encoding="utf-8"))["levels"]["expert"]
    pairs = [fit for fit in kept.values() if fit["players"] == 2]
    assert pairs, "no fit for a game of two is kept"
    for fit in pairs:
        calibration = Calibration(**fit["map"])
        for chance in (0.03, 0.2, 0.46, 0.5, 0.57, 0.9):
            total = calibration(chance, 2) + calibration(1 - chance, 2)
            assert math.isclose(total, 1.0, abs_tol=1e-9), fit


def test_the_hint_budget_counts_what_a_hint_searches() -> None:
    mabula = spieltisch.load("mabula")
    assert hint_budget(mabula) == Budget(iterations=10_000)
    assert hint_budget(mabula, "hard") == Budget(iterations=600)
    assert hint_budget(spieltisch.load("madn")) == Budget()  # expectimax: exact per turn


def _mabula(kinds: list[str], seed: int = 4) -> dict[str, object]:
    game = spieltisch.load("mabula")
    agents = [make("medium", game, seed=seed + seat) for seat in range(2)]
    return dict(play_game(game, agents, random.Random(seed)).to_record(kinds))


def test_review_seats_are_named_by_colour_and_level() -> None:
    madn = spieltisch.load("madn", players=2)
    with language("de"):
        assert seat_titles(madn, ["human", "medium"]) == ["Rot · du", "Gelb · mittel"]
        assert seat_titles(madn, ["human", "human"]) == ["Rot · Mensch", "Gelb · Mensch"]
        review = review_game(_mabula(["human", "medium"]), budget=Budget(iterations=20))
    assert [seat.name for seat in review.seats] == ["Weiß · du", "Schwarz · mittel"]
    with language("fr"):
        assert seat_titles(madn, ["expert", "Ada"]) == ["Rouge · expert", "Jaune · Ada"]
    assert seat_titles(madn, []) == ["Red", "Yellow"]  # a record that names nobody


def test_the_graph_draws_each_seat_in_the_colour_of_its_pieces() -> None:
    review = review_game(_mabula(["expert", "medium"]), budget=Budget(iterations=20))
    mabula = spieltisch.load("mabula")
    assert [seat_colour(s, mabula) for s in (0, 1)] == [SCREEN["white"], SCREEN["black"]]
    madn = spieltisch.load("madn", players=4)
    assert [seat_colour(s, madn) for s in range(4)] == [
        SCREEN[c] for c in ("red", "black", "yellow", "green")
    ]
    svg = win_chance_svg(review, [s.name for s in review.seats], "graph")
    assert f'stroke="{SCREEN["white"]}"' in svg and f'stroke="{SCREEN["black"]}"' in svg


def test_the_graphs_lines_are_told_apart_without_colour() -> None:
    """Each seat's line has a dash pattern of its own, and the legend (page and file)
    shows each seat's pattern beside its name (WCAG 1.4.1: not by colour alone)."""
    state = spieltisch.load("madn", players=4).new_state()
    rng = random.Random(3)
    for _ in range(400):
        if state.is_chance_node():
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_moves()))
    review = review_game(dict(make_record(state, ["easy"] * 4)), budget=Budget(iterations=10))
    names = [s.name for s in review.seats]
    svg = win_chance_svg(review, names, "graph")
    patterns = re.findall(
        r'<polyline points="[^"]*" fill="none" stroke="([^"]+)" '
        r'stroke-width="1.8"( stroke-dasharray="[^"]*")?>',
        svg,
    )
    assert len(patterns) == 4 and len({dash for _, dash in patterns}) == 4, patterns
    page = review_page(review)
    legend = page[page.index('class="legend"') :]
    for seat in range(4):
        assert line_sample(seat, spieltisch.load("madn", players=4)) in legend
        assert (f'stroke-dasharray="{seat_dash(seat)}"' in legend) == bool(seat_dash(seat))
    for code in ("de", "en", "fr"):
        with language(code):
            heads = re.findall(r"<th>([^<]*)</th>", review_page(review))
        assert heads and all(head[:1].isupper() for head in heads), (code, heads)


def test_the_review_board_shows_the_move_played_and_the_better_move() -> None:
    record, step, better = PLANTED["mabula"]()
    review = review_game(record, budget=Budget(iterations=300), seed=1, only=[step])
    played = record["history"][step]
    page = review_page(review)
    # each caption names the move in words, then its notation: "… in words (h5-g5)"
    assert re.search(rf"The move played: [^<]*\({re.escape(played)}\)</figcaption>", page)
    assert re.search(rf"The better move: [^<]*\({re.escape(better)}\)</figcaption>", page)
    section = page[page.index(f'id="step-{step}"') :]
    assert section.count("<svg") >= 2  # a board after each of the two moves


def test_review_takes_one_game_of_a_simulate_file(tmp_path: Path) -> None:
    runner = CliRunner(env={"COLUMNS": "200"})
    games = tmp_path / "games.jsonl"
    result = runner.invoke(
        app, ["simulate", "mabula", "-n", "2", "--seed", "5", "--out", str(games)]
    )
    assert result.exit_code == 0, result.output
    second = json.loads(games.read_text(encoding="utf-8").splitlines()[1])
    out = tmp_path / "review.json"
    result = runner.invoke(
        app, ["review", str(games), "--game", "2", "--budget", "10", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text(encoding="utf-8"))["record"]["history"] == second["history"]
    result = runner.invoke(app, ["review", str(games), "--budget", "10"])
    assert result.exit_code == 0 and "holds 2 games; this is game 1" in result.output
    result = runner.invoke(app, ["review", str(games), "--game", "3"])
    assert result.exit_code == 2 and "choose --game 1 to 2" in result.output
