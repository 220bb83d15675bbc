"""The command-line package has no import circle (issue 30's layer list named two:
`cli.analyse <-> cli.app` and `cli.play -> cli.tui -> cli.review -> cli.play`), counting
imports inside functions too."""

from __future__ import annotations

from pathlib import Path

import spieltisch.cli
from tests.core.test_import_graph import _cycle, _imports

CLI = Path(spieltisch.cli.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(CLI.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph() -> dict[str, set[str]]:
    """Module -> the cli modules it imports (a name imported from a package counts as the
    package, unless it is a module of it)."""
    modules = {_module_name(path): path for path in CLI.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = set()
        for imported in _imports(path):
            while imported and imported not in modules:
                imported = imported.rpartition(".")[0]
            if imported and imported != name:
                targets.add(imported)
        graph[name] = targets
    return graph


def test_the_named_circles_are_gone() -> None:
    graph = _graph()
    assert "spieltisch.cli.app" not in graph["spieltisch.cli.analyse"]
    assert not any(
        t.startswith("spieltisch.cli.play") for t in graph["spieltisch.cli.review.command"]
    )


def test_the_command_line_package_has_no_circle() -> None:
    graph = _graph()
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])
