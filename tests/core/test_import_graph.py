"""The core's import graph: no cycle (counting imports inside functions and for type
checking too), and nothing above the core imported from it."""

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


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle among the graph's nodes, as the path around it, or None."""
    state: dict[str, int] = {}  # 1 on the current path, 2 finished
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node] & graph.keys()):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (cycle := visit(target)) is not None:
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)) is not None:
            return cycle
    return None


def test_the_core_has_no_import_cycle() -> None:
    assert _cycle(_graph()) is None, " -> ".join(_cycle(_graph()) or [])


def test_the_cycle_finder_finds_one() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_core_imports_nothing_above_it() -> None:
    for name, imported in _graph().items():
        outside = {m for m in imported if not m.startswith("spieltisch.core")}
        assert outside == set(), f"{name} imports {outside}"
