"""The review's files: JSON that validates against the published schema, a self-contained
page, and the same review for the same seed whatever the number of processes."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import jsonschema_rs
import pytest
from typer.testing import CliRunner

import spieltisch
from spieltisch.agents import Budget, make
from spieltisch.cli.app import app
from spieltisch.core import Record
from spieltisch.review import ReviewFile, Thresholds, review_game
from spieltisch.review.html import review_page
from spieltisch.sim.play import play_game, play_randomly

SCHEMA = Path(__file__).parents[2] / "docs" / "review.schema.json"
runner = CliRunner(env={"COLUMNS": "160"})


def mabula_record(seed: int = 2) -> Record:
    game = spieltisch.load("mabula")
    agents = [make("medium", game, seed=seed + seat) for seat in range(2)]
    return play_game(game, agents, random.Random(seed)).to_record(["Ada", "Bo"])


@pytest.fixture(scope="module")
def review() -> ReviewFile:
    return review_game(mabula_record(), budget=Budget(iterations=60), seed=3)


def test_the_published_schema_is_the_models_schema() -> None:
    published = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert published == ReviewFile.model_json_schema()


def test_a_review_file_validates_against_the_schema(review: ReviewFile) -> None:
    data = json.loads(review.model_dump_json())
    validator = jsonschema_rs.validator_for(json.loads(SCHEMA.read_text(encoding="utf-8")))
    validator.validate(data)
    broken = json.loads(review.model_dump_json())
    broken["steps"][1]["analysis"]["verdict"] = "brilliant"
    assert not validator.is_valid(broken)
    assert ReviewFile.model_validate(data) == review
    assert spieltisch.load_record(data["record"]).is_terminal()


def test_every_step_is_shown_and_only_real_decisions_are_judged(review: ReviewFile) -> None:
    record = review.record
    assert [step.move for step in review.steps] == record["history"]
    state = spieltisch.load("mabula").new_state()
    for step in review.steps:
        if step.kind == "chance":
            assert state.current_player == spieltisch.CHANCE and step.analysis is None
        elif step.kind == "forced":
            assert len(state.legal_moves()) == 1 and step.analysis is None
        else:
            assert len(state.legal_moves()) == step.analysis.legal_moves > 1  # type: ignore[union-attr]
            assert step.player == state.current_player
        state.apply(step.move)
    decisions = review.decisions()
    assert sum(seat.decisions for seat in review.seats) == len(decisions)
    for step in decisions:
        analysis = step.analysis
        assert analysis is not None
        assert analysis.win_chance_before == analysis.best.win_chance >= analysis.played.win_chance
        assert analysis.verdict == Thresholds().verdict(analysis.loss)


def test_the_same_seed_gives_the_same_review_whatever_the_workers() -> None:
    record = mabula_record(4)
    one = review_game(record, budget=Budget(iterations=40), seed=9, workers=1)
    two = review_game(record, budget=Budget(iterations=40), seed=9, workers=2)
    assert one == two
    other = review_game(record, budget=Budget(iterations=40), seed=10, workers=1)
    assert [s.analysis for s in other.decisions()] != [s.analysis for s in one.decisions()]


def test_the_page_is_self_contained_with_a_board_per_decision(review: ReviewFile) -> None:
    page = review_page(review)
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"""(src|href)=["'](https?:)?//""", page)
    assert page.count('<section class="decision"') == len(review.decisions())
    assert page.count('class="board"') >= len(review.decisions())
    assert "<svg" in page and "polyline" in page  # the win-chance graph
    assert "Ada" in page and "Bo" in page


def test_thresholds_name_the_verdicts_and_refuse_disorder() -> None:
    thresholds = Thresholds()
    assert [thresholds.verdict(x) for x in (0.0, 0.049, 0.05, 0.1, 0.149, 0.15, 1.0)] == [
        "fine",
        "fine",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]
    with pytest.raises(ValueError, match="thresholds must grow"):
        Thresholds(inaccuracy=0.2, mistake=0.1)


def test_the_command_writes_the_table_the_json_and_the_page(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text(json.dumps(mabula_record()), encoding="utf-8")
    out, html = tmp_path / "review.json", tmp_path / "review.html"
    result = runner.invoke(
        app,
        [
            "review", str(record), "--seat", "Bo", "--budget", "40",
            "--out", str(out), "--html", str(html), "--lang", "de",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Bo" in result.output and "Ada" in result.output
    written = ReviewFile.model_validate_json(out.read_text(encoding="utf-8"))
    assert written.settings.seats == [1] and written.settings.language == "de"
    assert {step.player for step in written.decisions()} == {1}
    assert html.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_the_command_names_what_is_wrong(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text(json.dumps(mabula_record()), encoding="utf-8")
    result = runner.invoke(app, ["review", str(record), "--seat", "Cy"])
    assert result.exit_code == 2
    assert "no seat 'Cy'" in result.output and "1 (Bo)" in result.output
    result = runner.invoke(app, ["review", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and "cannot read record" in result.output
    result = runner.invoke(app, ["review", str(record), "--level", "grandmaster"])
    assert result.exit_code == 2 and "easy, medium, hard, expert" in result.output


def test_a_referees_call_is_shown_as_an_event_and_not_judged() -> None:
    state = spieltisch.load("madn", players=2).new_state()
    rng = random.Random(6)
    for _ in range(300):
        if state.current_player == spieltisch.CHANCE:
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_moves()))
    state.apply("time")
    record = play_randomly(state, rng).to_record()
    review = review_game(record, budget=Budget(iterations=50))
    events = [step for step in review.steps if step.kind == "event"]
    assert [(step.move, step.player, step.analysis) for step in events] == [("time", None, None)]
    assert review.decisions()


def test_the_page_writes_numbers_and_moves_in_the_readers_language() -> None:
    """French: "56 %" with its no-break space, "2,5" points, and each decision
    named by its words with the notation after them (issue 46)."""
    from spieltisch.core.i18n import language

    with language("fr"):
        review = review_game(mabula_record(), budget=Budget(iterations=30), seed=3)
        page = review_page(review)
    text = re.sub(r"<style>.*?</style>", "", page, flags=re.DOTALL)
    assert re.search(r"\d[\u00a0\u202f]%", text)
    assert not re.search(r"\d%", text)
    assert not re.search(r">\d+\.\d<|\b\d+\.\d points", page)
    for step in review.decisions():
        assert f"{step.words}</h3>" not in page  # the words lead, the notation follows
    headings = re.findall(r"<h3>#\d+ (.*?)</h3>", page)
    assert headings and all("<code>" in heading for heading in headings)


def test_the_terminal_table_shows_moves_in_words() -> None:
    """A French review reads `lancer` and `arrêter`, not the notation `roll` and `stop`."""
    from rich.console import Console

    from spieltisch.cli.review.command import steps_table, summary
    from spieltisch.core.i18n import language
    from spieltisch.sim.play import play_randomly

    state = play_randomly(spieltisch.load("mahe", players=2).new_state(), random.Random(4), 40)
    with language("fr"):
        review = review_game(state.to_record(["Ada", "Bo"]), budget=Budget(iterations=8))
        console = Console(record=True, width=200)
        console.print(steps_table(review))
        console.print(summary(review))
    text = console.export_text()
    moves = {step.move for step in review.steps if step.kind != "chance"}
    assert moves & {"roll", "stop"}, moves  # the game has such steps to show
    assert not re.search(r"\b(roll|stop)\b", text), text
