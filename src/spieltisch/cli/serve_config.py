"""`serve`'s settings from three places with one set of names: a TOML file
(`--config`, `ai-workers = 2`), the environment (`SPIELTISCH_AI_WORKERS=2`) and the
command line (`--ai-workers 2`), the command line first, then the environment, then
the file, then the defaults; `--print-config` shows the outcome with passwords masked.

The file is read by an eager option, before the others: it becomes click's default map,
which click consults after the command line and the environment. (Typer carries its own
click: its objects are typed here by what they have, not by click's classes.)"""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path
from typing import Any

import typer

from spieltisch.cli.messages import _

PREFIX = "SPIELTISCH_"
CONFIG_VARIABLE = "SPIELTISCH_SERVE_CONFIG"
"""Not SPIELTISCH_CONFIG: that names the terminal player's preferences (`cli/play`)."""
NOT_SETTINGS = {"config", "print_config", "lang"}
"""Options of `serve` that say where the settings are and what to do with them (and the
language of its messages, which every command has)."""


def variable(option: str) -> str:
    """The environment variable of an option: `--ai-workers` → SPIELTISCH_AI_WORKERS."""
    return PREFIX + option.lstrip("-").upper().replace("-", "_")


def setting(option: str, **declared: Any) -> Any:
    """The `typer.Option` of one of `serve`'s settings, declared once: its environment
    variable is made from its name (`--ai-workers` → SPIELTISCH_AI_WORKERS; a flag pair
    `--ws-deflate/--no-ws-deflate` by its first name), its file key and `--print-config`
    line from the same name (`key`). `declared`: the rest of typer.Option's arguments."""
    return typer.Option(option, envvar=variable(option.split("/")[0]), **declared)


def key(parameter: Any) -> str:
    """The option's name in the file and in `--print-config`: `ai-workers`."""
    return parameter.opts[0].lstrip("-") if parameter.opts else str(parameter.name)


def _settings(command: Any) -> dict[str, Any]:
    return {
        key(parameter): parameter
        for parameter in command.params
        if parameter.param_type_name == "option"
        and parameter.name not in NOT_SETTINGS
        and not parameter.hidden
        and parameter.name != "help"
    }


def read_config(
    context: typer.Context, _parameter: typer.CallbackParam, path: Path | None
) -> Path | None:
    """The `--config` option's callback: the file's settings become the defaults."""
    if path is None:
        return None
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise typer.BadParameter(
            _("cannot read {path}: {reason}").format(path=path, reason=exc.strerror or exc)
        ) from None
    except tomllib.TOMLDecodeError as exc:
        raise typer.BadParameter(
            _("{path} is not TOML: {reason}").format(path=path, reason=exc)
        ) from None
    known = _settings(context.command)
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise typer.BadParameter(
            _("{path}: unknown settings {names}; allowed are {allowed}").format(
                path=path, names=", ".join(unknown), allowed=", ".join(sorted(known))
            )
        )
    defaults = dict(context.default_map or {})
    for name, value in data.items():
        parameter = known[name]
        if parameter.multiple and not isinstance(value, list):
            value = [value]
        defaults[str(parameter.name)] = value
    context.default_map = defaults
    context.meta["config_file"] = str(path)
    return path


def masked(value: Any) -> Any:
    """A database URL's password as `***` (the other settings hold no secret)."""
    if isinstance(value, str) and "://" in value:
        from sqlalchemy.engine import make_url
        from sqlalchemy.exc import ArgumentError

        try:
            url = make_url(value)
        except ArgumentError:
            return value
        return url.render_as_string(hide_password=True)
    return value


SOURCES = {
    "COMMANDLINE": "command line",
    "ENVIRONMENT": "environment",
    "DEFAULT_MAP": "file",
    "DEFAULT": "default",
}
"""click's `ParameterSource` names, as `--print-config` says them."""


def printed(context: typer.Context, effective: dict[str, Any]) -> str:
    """Every setting as TOML (it may be given back as `--config`), each with where it
    came from; passwords masked; settings without a value commented out. `effective`:
    what a setting not given stands for (the database's default URL)."""
    lines = []
    for name, parameter in _settings(context.command).items():
        value = context.params.get(str(parameter.name))
        if value is None:
            value = effective.get(name)
        value = masked(value)
        source = context.get_parameter_source(str(parameter.name))
        where = SOURCES.get(source.name, "default") if source is not None else "default"
        if where == "environment":
            where = f"environment {_variable_set(parameter)}"
        elif where == "file":
            where = f"file {context.meta.get('config_file', '')}"
        if value is None or value == () or value == []:
            lines.append(f"# {name} =  ({where}: not set)")
            continue
        if isinstance(value, tuple):
            value = list(value)
        lines.append(f"{name} = {_toml(value)}  # {where}")
    return "\n".join(lines)


def _variable_set(parameter: Any) -> str:
    """The environment variable a setting was read from (the first of its names set)."""
    given = parameter.envvar
    names: list[str] = [str(name) for name in (given if isinstance(given, list) else [given])]
    return next((name for name in names if os.environ.get(name)), names[0])


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if hasattr(value, "value"):  # an enum
        return _toml(value.value)
    return json.dumps(str(value), ensure_ascii=False)
