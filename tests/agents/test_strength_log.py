"""benchmarks/strength.py logs every finished game, so that a long match stopped or still
running can be read (`--summary`): the log sums to the match's own row."""

from __future__ import annotations

import io
import json

import pytest
from benchmarks.strength import row, run_match, summary


def test_the_log_of_a_match_sums_to_its_row() -> None:
    log = io.StringIO()
    match = run_match("mahe", 4, "hard", "random", 6, 5, 1.0, 1, log)
    lines = log.getvalue().splitlines()
    assert [json.loads(line)["index"] for line in lines] == list(range(6))
    ((seed, logged),) = summary(lines + lines[:2])  # a game logged twice counts once
    assert seed == 5
    assert (logged.games, logged.wins, logged.moves_a, logged.moves_b) == (
        6,
        match.wins,
        match.moves_a,
        match.moves_b,
    )
    assert row(logged, True).split("|")[1:7] == row(match, True).split("|")[1:7]
    first = summary(lines[:3])[0][1]  # a match cut short: its first games
    assert first.games == 3


def test_a_line_that_is_not_a_game_is_named() -> None:
    with pytest.raises(SystemExit, match="line 2 of the log is not a logged game"):
        summary(["", "oops"])
    with pytest.raises(SystemExit, match="line 1 of the log is not a logged game: 'players'"):
        summary(['{"game": "mahe"}'])
