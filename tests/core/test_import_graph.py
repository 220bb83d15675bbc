"""The core's import graph: nothing above the core imported from it (counting imports
inside functions and for type checking too). That no module of the package imports itself
round a circle is `tests/test_layers.py`'s check, over the whole package."""

from __future__ import annotations

import ast
from pathlib import Path

import spieltisch.core

CORE = Path(spieltisch.core.__file__).parent


def _imports(path: Path) -> set[str]:
    """Every spieltisch module the file imports, wherever the import statement stands."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.startswith("spieltisch")}


def _graph() -> dict[str, set[str]]:
    modules = {f"spieltisch.core.{p.stem}": p for p in CORE.glob("*.py") if p.stem != "__init__"}
    modules["spieltisch.core"] = CORE / "__init__.py"
    return {name: _imports(path) for name, path in modules.items()}


def test_the_core_imports_nothing_above_it() -> None:
    for name, imported in _graph().items():
        outside = {m for m in imported if not m.startswith("spieltisch.core")}
        assert outside == set(), f"{name} imports {outside}"
