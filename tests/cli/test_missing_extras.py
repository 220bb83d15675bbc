"""A command whose extra is not installed says which extra in one line, never with a
traceback (`spieltisch db upgrade` and `tournament list` without `web` ended in
`No module named 'alembic'`). Each command runs in a fresh interpreter with every
extra's modules hidden, as on a fresh clone after a bare `uv sync`."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from spieltisch.cli.extras import EXTRA_OF_MODULE

ROOT = Path(__file__).resolve().parents[2]

HIDE = """
import importlib.abc, sys
hidden = set(sys.argv[1].split(","))
class Hidden(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        top = name.split(".")[0]
        if top in hidden:
            raise ModuleNotFoundError(f"No module named {top!r}", name=top)
        return None
sys.meta_path.insert(0, Hidden())
sys.argv = ["spieltisch", *sys.argv[2:]]
from spieltisch.cli.app import main
main()
"""

CASES = [
    (["db", "upgrade"], "web"),
    (["tournament", "list"], "web"),
    (["tournament", "list", "--lang", "fr"], "web"),
    (["tournament", "ratings", "madn"], "web"),
    (["serve"], "web"),
    (["simulate", "madn", "-n", "10", "--engine", "fast"], "fast"),
    (["analyse", "mabula", "-n", "10", "--out", "report"], "fast"),
    (["simulate", "mabula", "-n", "10", "--cluster", "local:2"], "cluster"),
]


@pytest.mark.parametrize(("args", "extra"), CASES, ids=[" ".join(a) for a, _ in CASES])
def test_a_missing_extra_is_one_line_naming_it(args: list[str], extra: str, tmp_path: Path) -> None:
    # the cluster runs the kernels: with `fast` there, only Dask is missing
    hidden = ",".join(
        sorted(m for m, e in EXTRA_OF_MODULE.items() if extra != "cluster" or e == "cluster")
    )
    done = subprocess.run(
        [sys.executable, "-c", HIDE, hidden, *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path), "COLUMNS": "300", "LANG": "C.UTF-8"},
    )
    said = (done.stdout + done.stderr).strip()
    assert done.returncode != 0, said
    assert "Traceback" not in said, said
    assert len(said.splitlines()) == 1, said
    quoted = f"«\u202f{extra}\u202f»" if "fr" in args else f"'{extra}'"
    assert quoted in said, said
    if "fr" in args:
        assert "cette commande a besoin de l’extra" in said, said


def _package(requirement: str) -> str:
    name = requirement.split(";")[0]
    for mark in "<>=[~! ":
        name = name.split(mark)[0]
    return name.strip().lower()


IMPORT_NAME = {
    "uvicorn": "uvicorn",
    "argon2-cffi": "argon2",
    "psycopg": "psycopg",
    "swagger-ui-py": "swagger_ui",
    "open-spiel": "pyspiel",
    "dask": "dask",
    "odfpy": "odf",
    "prompt-toolkit": "prompt_toolkit",
}


def test_every_package_of_an_extra_is_known() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    for extra, requirements in extras.items():
        for requirement in requirements:
            package = _package(requirement)
            module = IMPORT_NAME.get(package, package.replace("-", "_"))
            assert module in EXTRA_OF_MODULE, f"{package} ({extra}) is not in EXTRA_OF_MODULE"
