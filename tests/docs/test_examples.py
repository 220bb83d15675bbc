"""Every Python example of the documentation runs as written (issue 36).

Each ```python block of docs/**/*.md runs in a fresh interpreter in an empty folder. A
block that cannot run alone (a signature, a fragment) says why in a `<!-- not run: ... -->`
line right above it. The shell blocks run as written, each page in a fresh clone of its
own: tests/docs/test_commands.py."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs").rglob("*.md"))
BLOCK = re.compile(
    r"(?:^<!-- (run|not run: [^>]*) -->\n)?^```(python|bash)\n(.*?)^```", re.MULTILINE | re.DOTALL
)


def _blocks(kind: str, marker: str | None) -> list[tuple[str, str]]:
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for index, match in enumerate(BLOCK.finditer(text)):
            mark, language, code = match.groups()
            if language != kind:
                continue
            if mark == marker:  # python: unmarked blocks; bash: the ones marked run
                found.append((f"{page.relative_to(ROOT / 'docs')}#{index}", code))
    return found


PYTHON = _blocks("python", None)


def test_the_docs_have_examples() -> None:
    assert len(PYTHON) >= 10


@pytest.mark.parametrize(("where", "code"), PYTHON, ids=[w for w, _ in PYTHON])
def test_python_example_runs(where: str, code: str, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0, f"{where}:\n{done.stderr[-3000:]}"
