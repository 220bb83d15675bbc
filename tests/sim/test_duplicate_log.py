"""`benchmarks/strength.py duplicate` logs every block, and `--summary` reports the log as
the run itself did: the same row, a block logged twice counted once."""

from __future__ import annotations

from pathlib import Path

import pytest
from benchmarks import duplicate, strength


def test_the_summary_of_a_log_is_the_runs_own_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "blocks.jsonl"
    run = ["--game", "mahe", "--pairs", "expert-random", "--blocks", "4", "--seed", "3"]
    strength.main(["duplicate", *run, "--log", str(log), "--calibration"])
    ran = capsys.readouterr().out
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4
    log.write_text("\n".join([*lines, lines[0]]) + "\n", encoding="utf-8")  # one twice
    duplicate.main(["--summary", str(log), "--calibration"])
    summarised = capsys.readouterr().out
    row = next(line for line in ran.splitlines() if "expert vs random" in line)
    again = next(line for line in summarised.splitlines() if "expert vs random" in line)
    # the same blocks, games, share, interval and tests (the CPU rate may differ)
    assert again.split()[:12] == row.split()[:12]
    assert "   4     16 " in again
    assert "mahe, expert at a table of expert, random, random, random, raw" in summarised


def test_a_line_that_is_not_a_block_is_named(tmp_path: Path) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text('\n{"game": "mahe"}\n', encoding="utf-8")
    with pytest.raises(SystemExit, match=r"bad.jsonl, line 2: not a logged block"):
        duplicate.main(["--summary", str(log)])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--pairs", "expert"], "write A-B"),
        (["--lineup", "expert,hard"], "needs 4 entrants"),
        ([], "name the entrants"),
    ],
)
def test_bad_entrants_are_named(args: list[str], message: str) -> None:
    with pytest.raises(SystemExit, match=message):
        duplicate.main(["--game", "madn", "--blocks", "2", *args])
