"""Typed game options: a pydantic model per game; every bad value becomes an OptionError."""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self, get_args, get_origin

import annotated_types
from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic.fields import FieldInfo

from spieltisch.core.errors import OptionError
from spieltisch.core.messages import _


class GameOptions(BaseModel):
    """Base of every game's options; subclasses add fields with defaults and descriptions."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game_name: ClassVar[str] = "game"

    players: int
    """Every game has a player count; subclasses give it bounds and a default."""

    def check(self) -> None:
        """Cross-option rules; raise OptionError. Runs after every field is valid."""

    @classmethod
    def parse(cls, raw: Mapping[str, Any]) -> Self:
        """Validate raw values (Python values or CLI strings) into options, or raise OptionError."""
        try:
            options = cls.model_validate(dict(raw))
        except ValidationError as exc:
            error = exc.errors()[0]
            location = error["loc"]
            name = str(location[0]) if location else "options"
            if error["type"] == "extra_forbidden":
                allowed = _("one of the options {names}").format(names=", ".join(cls.model_fields))
            else:
                allowed = describe_allowed(cls.model_fields.get(name)) or error["msg"]
            raise OptionError(name, error.get("input"), allowed, cls.game_name) from None
        options.check()
        return options

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


@dataclass(frozen=True)
class OptionInfo:
    """One option as `spieltisch games GAME` documents it."""

    name: str
    allowed: str
    default: Any
    description: str


def describe_options(cls: type[GameOptions]) -> list[OptionInfo]:
    return [
        OptionInfo(name, describe_allowed(field), field.get_default(), field.description or "")
        for name, field in cls.model_fields.items()
    ]


def describe_allowed(field: FieldInfo | None) -> str:
    """A person's description of the values a field accepts, from its annotation and bounds."""
    if field is None:
        return ""
    return _describe_type(field.annotation, field.metadata)


def _describe_type(annotation: Any, metadata: list[Any]) -> str:
    origin = get_origin(annotation)
    if origin is Literal:
        return _("one of {values}").format(
            values=", ".join(_show(value) for value in get_args(annotation))
        )
    if origin in (typing.Union, types.UnionType):
        parts = [_describe_type(arg, metadata) for arg in get_args(annotation)]
        return _(" or ").join(parts)
    if annotation is type(None):
        return _("none")
    if annotation is bool:
        return _("true or false")
    if annotation is int:
        low = next((m.ge for m in metadata if isinstance(m, annotated_types.Ge)), None)
        high = next((m.le for m in metadata if isinstance(m, annotated_types.Le)), None)
        if low is not None and high is not None:
            return _("a whole number from {low} to {high}").format(low=low, high=high)
        if low is not None:
            return _("a whole number of at least {low}").format(low=low)
        return _("a whole number")
    if origin is tuple:
        args = get_args(annotation)
        inner = _describe_type(args[0], []) if args else "values"
        length = next(
            (m.min_length for m in metadata if isinstance(m, annotated_types.MinLen)), None
        )
        if length is not None:
            return _("a list of {count} values, each {inner}").format(count=length, inner=inner)
        return _("a list of values, each {inner}").format(inner=inner)
    return getattr(annotation, "__name__", str(annotation))


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
