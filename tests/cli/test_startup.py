"""Start-up (issue 46): `--version` imports no command line, and the first fast run says
that it compiles the kernel instead of looking hung; the compiled kernel is cached."""

from __future__ import annotations

import subprocess
import sys

import pytest
from rich.console import Console

import spieltisch
from spieltisch.cli import kernels

VERSION = """
import sys
sys.argv = ["spieltisch", "--version"]
from spieltisch.script import main
main()
print(sorted(m for m in ("typer", "rich", "pydantic", "numba") if m in sys.modules))
"""


def test_version_imports_neither_typer_nor_rich() -> None:
    done = subprocess.run(
        [sys.executable, "-c", VERSION], capture_output=True, text=True, check=True, timeout=60
    )
    version, imported = done.stdout.splitlines()
    assert version == f"spieltisch {spieltisch.__version__}"
    assert imported == "[]"


def test_the_script_runs_the_command_line_for_everything_else() -> None:
    done = subprocess.run(
        [sys.executable, "-c", VERSION.replace('"--version"', '"games"')],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "mabula" in done.stdout and "Mensch" in done.stdout, done.stderr


LOADED_AFTER = """
import sys
sys.argv = ["spieltisch", *sys.argv[1:]]
from spieltisch.script import main
try:
    main()
except SystemExit:
    pass
print(sorted(m for m in ("typer.rich_utils", "rich.markdown") if m in sys.modules))
"""


def test_a_command_that_shows_no_help_loads_none_of_typers_help_printers() -> None:
    """typer.rich_utils brings Rich's Markdown, traceback and pretty printers (about
    0.1 s of a 0.5 s start); the translated words go into it only as it is imported."""
    done = subprocess.run(
        [sys.executable, "-c", LOADED_AFTER, "games"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stdout.splitlines()[-1] == "[]", done.stderr


@pytest.mark.parametrize(("code", "word"), [("de", "Fehler"), ("fr", "Erreur")])
def test_help_and_errors_still_come_in_the_language_when_they_load_late(
    code: str, word: str
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", LOADED_AFTER, "--lang", code, "games", "--bogus"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    shown = done.stdout + done.stderr
    assert word in shown and "--bogus" in shown, shown
    assert "Error" not in shown.replace("Erreur", "")


def test_a_first_run_says_the_kernel_is_compiled_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import spieltisch.sim.fast as fast

    warmed: list[str] = []
    monkeypatch.setattr(fast, "kernel_cached", lambda game: False)
    monkeypatch.setattr(fast, "warm", lambda game: warmed.append(game.name))
    console = Console(record=True, width=200)
    kernels.warm_telling(console, spieltisch.load("mabula"))
    said = console.export_text()
    assert warmed == ["mabula"]
    assert "Compiling the kernel of Mabula: once" in said
    assert "Kernel compiled in" in said


def test_a_cached_kernel_is_loaded_without_a_word(monkeypatch: pytest.MonkeyPatch) -> None:
    import spieltisch.sim.fast as fast

    monkeypatch.setattr(fast, "kernel_cached", lambda game: True)
    monkeypatch.setattr(fast, "warm", lambda game: None)
    console = Console(record=True, width=200)
    kernels.warm_telling(console, spieltisch.load("mabula"))
    assert console.export_text() == ""


def test_the_compiled_kernel_is_in_numbas_cache() -> None:
    """`cache=True`: once loaded or compiled, the playouts are in the cache on disk, so
    the next process loads them instead of compiling."""
    pytest.importorskip("numba")
    from spieltisch.sim.fast import kernel_cached, warm

    game = spieltisch.load("mabula")
    warm(game)
    assert kernel_cached(game) is True


@pytest.mark.parametrize(("code", "said"), [("de", "Kern in 26 min kompiliert."), ("en", "26 min")])
def test_a_long_compile_is_said_in_minutes(code: str, said: str) -> None:
    """At load 25 the first German run ended "Kern in 1.571 s kompiliert." (issue 46)."""
    from spieltisch.core.i18n import language

    with language(code):
        assert said in kernels.compiled_in(1571.0)
        assert "45 s" in kernels.compiled_in(45.0)
