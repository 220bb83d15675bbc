"""Commands imported only when they run (issue 34: start-up).

`spieltisch --help` lists every command with its help, read from the command's source
without importing it (a function's docstring, a Typer group's `help=`), so neither it
nor `--version` pays for the web server, the terminal app, the searches or numba. The
command that runs is imported then, and only it.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
import typer.main
from typer._click import core as click_core
from typer.core import TyperCommand, TyperGroup

LAZY: dict[str, str] = {
    "play": "spieltisch.cli.play.command:play",
    "analyse": "spieltisch.cli.analyse:analyse",
    "review": "spieltisch.cli.review.command:review",
    "render": "spieltisch.cli.render:render",
    "serve": "spieltisch.cli.serve:serve",
    "db": "spieltisch.cli.serve:db_app",
    "push-keys": "spieltisch.cli.push_keys:push_keys",
    "tournament": "spieltisch.cli.tournament:tournament_app",
}
"""Command name -> `module:attribute`, a command function or a Typer group, in the
order `--help` lists them (after the commands of the app itself)."""


class LazyCommands(TyperGroup):
    """A Typer group whose commands of `LAZY` are imported when they are run or their
    own help is asked for; its `--help` lists them from their source."""

    prepare: Callable[[click_core.Command], None] | None = None
    """Called with each command made here (the CLI translates its help texts)."""

    _listing = False

    def list_commands(self, ctx: click_core.Context) -> list[str]:
        own = super().list_commands(ctx)
        return [*own, *(name for name in LAZY if name not in own)]

    def get_command(self, ctx: click_core.Context, cmd_name: str) -> click_core.Command | None:
        if cmd_name in self.commands or cmd_name not in LAZY:
            return super().get_command(ctx, cmd_name)
        if self._listing:
            return self._made(TyperCommand(cmd_name, help=source_help(LAZY[cmd_name])))
        command = self._made(imported_command(cmd_name, LAZY[cmd_name]))
        self.commands[cmd_name] = command
        return command

    def format_help(self, ctx: click_core.Context, formatter: Any) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False

    def _made(self, command: click_core.Command) -> click_core.Command:
        if self.prepare is not None:
            self.prepare(command)
        return command


def imported_command(name: str, target: str) -> click_core.Command:
    """The Click command of `module:attribute`: a Typer group, or a command function."""
    module, attribute = target.split(":")
    found = getattr(importlib.import_module(module), attribute)
    if isinstance(found, typer.Typer):  # a group, even of one command (db)
        group = typer.main.get_group(found)
        group.name = name
        return group
    single = typer.Typer(add_completion=False)
    single.command(name)(found)
    return typer.main.get_command(single)


def source_file(module: str) -> Path:
    """The file of a module of spieltisch, found without importing its packages (which
    `importlib.util.find_spec` would do, and some packages import much)."""
    top, *inside = module.split(".")
    folder = Path(importlib.import_module(top).__file__ or "").parent.joinpath(*inside)
    return folder / "__init__.py" if folder.is_dir() else folder.with_suffix(".py")


def source_help(target: str) -> str:
    """The help of `module:attribute` read from its source, without importing it: the
    function's docstring, or the `help=` of the `typer.Typer(...)` it is assigned."""
    module, attribute = target.split(":")
    tree = ast.parse(source_file(module).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == attribute:
            return ast.get_docstring(node) or ""
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == attribute for t in node.targets)
            and isinstance(node.value, ast.Call)
        ):
            for keyword in node.value.keywords:
                if keyword.arg == "help" and isinstance(keyword.value, ast.Constant):
                    return str(keyword.value.value)
    return ""
