"""The two import circles issue 30's layer list named in the command-line package are gone:
`cli.analyse <-> cli.app` and `cli.play -> cli.tui -> cli.review -> cli.play` (counting
imports inside functions too). That no circle is left anywhere in the package is
`tests/test_layers.py`'s check."""

from __future__ import annotations

from tests.test_layers import _import_graph


def test_the_named_circles_are_gone() -> None:
    graph = _import_graph()
    assert "spieltisch.cli.app" not in graph["spieltisch.cli.analyse"]
    assert not any(
        t.startswith("spieltisch.cli.play") for t in graph["spieltisch.cli.review.command"]
    )
