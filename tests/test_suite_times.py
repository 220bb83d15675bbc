"""`scripts/suite_times.py` sums a JUnit report by folder and file (scripts/test.sh prints
it after every whole run)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

REPORT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest" tests="5">
<testcase classname="tests.web.test_pages" name="test_a[chromium]@tests/web/test_pages" time="3.5"/>
<testcase classname="tests.web.test_pages" name="test_b" time="1.5"/>
<testcase classname="tests.web.test_other.TestSome" name="test_c" time="2.0"/>
<testcase classname="tests.kernels.test_madn_td" name="test_d@madn-training" time="10.0"/>
<testcase classname="tests.test_layers" name="test_e" time="0.25"/>
</testsuite></testsuites>
"""


def test_seconds_by_folder_and_file(tmp_path: Path) -> None:
    report = tmp_path / "report.xml"
    report.write_text(REPORT, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "suite_times.py"), str(report), "--files", "2"],
        capture_output=True,
        text=True,
        check=True,
    )
    lines = [line.split() for line in done.stdout.splitlines()]
    assert "(17 s in all" in done.stdout
    assert lines[1][0] == "10.0" and lines[1][-1] == "tests/kernels"
    assert lines[2][0] == "7.0" and lines[2][-2:] == ["3", "tests/web"]
    assert lines[3][0] == "0.2" and lines[3][-1] == "tests/test_layers.py"
    files = lines[lines.index(["the", "2", "slowest", "files:"]) + 1 :]
    assert files == [
        ["10.0", "s", "1", "tests/kernels/test_madn_td.py"],
        ["5.0", "s", "2", "tests/web/test_pages.py"],
    ]


def test_a_missing_report_is_said(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "suite_times.py"), str(tmp_path / "none.xml")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1 and "no report" in done.stderr
