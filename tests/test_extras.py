"""Each command runs with the extra the README names for it, and nothing more: the main
job, `uv run --extra web spieltisch serve`, failed on a fresh clone because the server
imported the ratings (openskill), which only the `tournament` extra installed. The test
suite installs every extra, so only a check that hides the others finds that."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MODULES = {
    "numpy": "numpy",
    "gymnasium": "gymnasium",
    "pettingzoo": "pettingzoo",
    "open-spiel": "pyspiel",
    "textual": "textual",
    "openskill": "openskill",
    "numba": "numba",
    "dask": "dask",
    "matplotlib": "matplotlib",
    "odfpy": "odf",
}
"""The import name of each package an extra adds (where it is not the package's name)."""

HIDE = """
import importlib.abc, sys
hidden = set(sys.argv[1].split(","))
class Hidden(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in hidden:
            raise ModuleNotFoundError(f"No module named {name!r} (not in this extra)")
        return None
sys.meta_path.insert(0, Hidden())
import spieltisch.cli.serve
from spieltisch.server import Settings, create_app
create_app(Settings(database_url="sqlite+aiosqlite:///" + sys.argv[2]))
"""


def _package(requirement: str) -> str:
    name = requirement.split(";")[0]
    for mark in "<>=[~! ":
        name = name.split(mark)[0]
    return name.strip().lower()


def _extras() -> dict[str, set[str]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    return {extra: {_package(r) for r in requirements} for extra, requirements in extras.items()}


def test_the_server_starts_with_the_web_extra_alone(tmp_path: Path) -> None:
    extras = _extras()
    given = extras["web"]
    others = set().union(*(packages for extra, packages in extras.items() if extra != "web"))
    hidden = sorted(MODULES.get(package, package) for package in others - given)
    assert "textual" in hidden  # the check hides something
    done = subprocess.run(
        [sys.executable, "-c", HIDE, ",".join(hidden), str(tmp_path / "t.sqlite3")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
