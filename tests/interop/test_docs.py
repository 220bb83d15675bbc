"""Every Python example in docs/interop.md runs as it stands."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "interop.md"
EXAMPLES = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 4


@pytest.mark.parametrize("number", range(len(EXAMPLES)))
def test_example_runs(number: int) -> None:
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(EXAMPLES[number], f"{DOC.name} example {number + 1}", "exec"), {})
    assert output.getvalue().strip(), "every example prints its result"
