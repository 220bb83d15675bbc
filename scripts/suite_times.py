"""Where a run of the test suite spent its time, from pytest's JUnit XML report.

`scripts/test.sh` writes the report of every whole run (`build/test-times.xml`) and
prints this summary after the 30 slowest tests: the seconds of each test directory and
of the slowest files (setup, call and teardown of each test; with `-n 2` the sum over
both workers, so about twice the wall time), so a run shows where its time goes as a
whole, not only at its top.

    uv run python scripts/suite_times.py build/test-times.xml [--files 25]
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path


def test_file(case: ET.Element) -> str:
    """The test's file, from its class name (`tests.web.test_x` or `tests.web.test_x.Class`)."""
    parts = case.get("classname", "").split(".")
    while parts and not parts[-1].startswith("test_"):
        parts.pop()  # a test class's name, or a name that is not a test file's
    return "/".join(parts) + ".py" if parts else case.get("classname", "?")


def times(report: Path) -> dict[str, tuple[float, int]]:
    """Seconds and number of tests of each file."""
    found: dict[str, list[float]] = defaultdict(list)
    for case in ET.parse(report).getroot().iter("testcase"):
        found[test_file(case)].append(float(case.get("time", 0.0)))
    return {name: (sum(seconds), len(seconds)) for name, seconds in found.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path)
    parser.add_argument("--files", type=int, default=25, help="how many files to list")
    args = parser.parse_args(argv)
    if not args.report.is_file():
        print(f"no report at {args.report}", file=sys.stderr)
        return 1
    files = times(args.report)
    total = sum(seconds for seconds, _count in files.values())
    folders: dict[str, tuple[float, int]] = defaultdict(lambda: (0.0, 0))
    for name, (seconds, count) in files.items():
        folder = "/".join(name.split("/")[:2])
        folders[folder] = (folders[folder][0] + seconds, folders[folder][1] + count)
    print(f"test seconds by folder ({total:,.0f} s in all, summed over workers):")
    for folder, (seconds, count) in sorted(folders.items(), key=lambda kv: -kv[1][0]):
        share = 100 * seconds / max(total, 1e-9)
        print(f"  {seconds:8.1f} s {share:5.1f} %  {count:5d}  {folder}")
    print(f"the {args.files} slowest files:")
    ranked = sorted(files.items(), key=lambda kv: -kv[1][0])[: args.files]
    for name, (seconds, count) in ranked:
        print(f"  {seconds:8.1f} s  {count:5d}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
