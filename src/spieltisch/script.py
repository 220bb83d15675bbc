"""The `spieltisch` script's entry point.

`spieltisch --version` is answered before the command line is imported: typer and rich
are a third of a second of CPU where no bytecode is written (PYTHONDONTWRITEBYTECODE and
an install without `--compile-bytecode`), for one line. Everything else runs
`spieltisch.cli.app.main`.
"""

from __future__ import annotations

import sys


def main() -> None:
    if sys.argv[1:] == ["--version"]:
        from spieltisch import __version__

        print(f"spieltisch {__version__}")
        return
    from spieltisch.cli.app import main as command_line

    command_line()
