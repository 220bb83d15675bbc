"""Which extra brings a missing module: a command that needs an extra not installed says
so in one line (`spieltisch db upgrade` without `web` ended in a traceback naming alembic).

`tests/cli/test_missing_extras.py` checks that every package an extra of pyproject.toml
adds is named here, so a new dependency cannot slip past this.
"""

from __future__ import annotations

import importlib.util
import shlex

from spieltisch.cli.messages import _

EXTRA_OF_MODULE: dict[str, str] = {
    # web
    "fastapi": "web",
    "starlette": "web",
    "uvicorn": "web",
    "prometheus_client": "web",
    "sqlalchemy": "web",
    "alembic": "web",
    "aiosqlite": "web",
    "psycopg": "web",
    "argon2": "web",
    "itsdangerous": "web",
    "jinja2": "web",
    "platformdirs": "web",
    "swagger_ui": "web",
    "openskill": "web",
    "openpyxl": "web",  # the workbooks (tournament too)
    "odf": "web",
    "zlib_ng": "web",  # the WebSocket deflate (server/infra/transport.py)
    # tui (plain mode reads lines without prompt_toolkit: it only edits them)
    "textual": "tui",
    "prompt_toolkit": "tui",
    # fast (numpy comes with rl too; the commands need it for the kernels)
    "numba": "fast",
    "numpy": "fast",
    # cluster
    "dask": "cluster",
    "distributed": "cluster",
    # plots
    "matplotlib": "plots",
    # push
    "pywebpush": "push",
    "py_vapid": "push",
    # rl
    "gymnasium": "rl",
    "pettingzoo": "rl",
    "pyspiel": "rl",
    "open_spiel": "rl",
}
"""Top-level import name -> the extra of pyproject.toml that installs it."""


def extra_for(error: ModuleNotFoundError) -> str | None:
    """The extra that installs the module `error` did not find, or None when no extra
    does (a real bug, left to its traceback)."""
    top = (error.name or "").split(".")[0]
    return EXTRA_OF_MODULE.get(top)


def command_with_extra(extra: str, args: list[str]) -> str:
    """The command line the person typed, run with the extra: what to type instead."""
    return shlex.join(["uv", "run", "--extra", extra, "spieltisch", *args])


def missing_extra(error: ModuleNotFoundError, args: list[str]) -> str | None:
    """One sentence: the extra to install and the command to type, or None when the
    missing module belongs to no extra."""
    extra = extra_for(error)
    if extra is None:
        return None
    return _(
        "this command needs the extra '{extra}' ({module} is not installed): "
        "{command}, or once: uv sync --all-extras"
    ).format(extra=extra, module=error.name, command=command_with_extra(extra, args))


def require(*modules: str) -> None:
    """Stop before the work when a module it will need is missing (`spieltisch.cli.app`'s
    `main` turns the error into the one line above), rather than after an hour of games."""
    for module in modules:
        if importlib.util.find_spec(module) is None:
            raise ModuleNotFoundError(f"No module named {module!r}", name=module)
