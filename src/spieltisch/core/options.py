"""Typed game options: a pydantic model per game; every bad value becomes an OptionError."""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self, get_args, get_origin

import annotated_types
from pydantic import BaseModel, ConfigDict, ValidationError, model_validator
from pydantic.fields import FieldInfo

from spieltisch.core.errors import OptionError
from spieltisch.core.messages import _, _n

UNSET = "unset"
"""Key in a field's `json_schema_extra` naming the word that stands for None ("auto")."""
FORM_HINT = "form_hint"
"""Key in a field's `json_schema_extra`: the hint a web form shows under the field, in
words, where the description names values as the command line types them ("none = ...")."""
FORM_EMPTY = "form_empty"
"""Key in a field's `json_schema_extra`: what a web form's empty field stands for."""

WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")
"""A whole number as text: ASCII digits only, short enough to convert without surprises."""

_UNIONS = (typing.Union, types.UnionType)


class GameOptions(BaseModel):
    """Base of every game's options; subclasses add fields with defaults and descriptions.

    Types are strict: `players=3` is a number, `"3"`, `3.0` and `True` are not, so a
    mistake in a program is refused rather than guessed at. Text from the command line
    goes through `parse_text`, which knows each option's one written form.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    game_name: ClassVar[str] = "game"
    game_title: ClassVar[str] = "game"
    """The game's title for people; both are set when the game is registered."""

    players: int
    """Every game has a player count; subclasses give it bounds and a default."""

    def check(self) -> None:
        """Cross-option rules; raise OptionError. Runs after every field is valid."""

    @model_validator(mode="before")
    @classmethod
    def _documented_forms(cls, raw: Any) -> Any:
        """Two forms besides the strict types: an option's word for None (`"auto"`), and a
        JSON list where a tuple is meant (options read back from a record)."""
        if not isinstance(raw, dict):
            return raw
        values = dict(raw)
        for name, value in raw.items():
            field = cls.model_fields.get(name)
            if field is None:
                continue
            if isinstance(value, str) and _accepts_none(field) and value == unset_word(field):
                values[name] = None
            elif isinstance(value, list) and _tuple_type(field.annotation) is not None:
                values[name] = tuple(value)
        return values

    @classmethod
    def values_from_text(cls, raw: Mapping[str, str]) -> dict[str, Any]:
        """Options written as text (`--option key=value`) as typed values, each text in its
        one documented form: whole numbers in digits, `true`/`false`, the option's word
        for none (`auto`), lists separated by commas or spaces. Other text stays text,
        which `parse` then refuses with the allowed values."""
        values: dict[str, Any] = {}
        for name, text in raw.items():
            field = cls.model_fields.get(name)
            values[name] = text if field is None else _from_text(field, text)
        return values

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
            elif error["type"] == "value_error" and "error" in error.get("ctx", {}):
                allowed = str(error["ctx"]["error"])  # a validator's own words, not pydantic's
            else:
                allowed = describe_allowed(cls.model_fields.get(name)) or _(
                    "what the rules of {game} list for it"
                ).format(game=cls.game_title)
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


def unset_word(field: FieldInfo) -> str:
    """The one written form of None for this option: `auto` where None means automatic."""
    extra = field.json_schema_extra
    word = extra.get(UNSET) if isinstance(extra, dict) else None
    return word if isinstance(word, str) else "none"


def show_default(field: FieldInfo) -> str:
    """The default as it is written on the command line."""
    return show_value(field, field.get_default())


def show_value(field: FieldInfo, value: object) -> str:
    """A value of the option as it is written on the command line (`auto`, `none`,
    `true`, `1,2,3`), never as Python prints it (`None`, `True`)."""
    if value is None:
        return unset_word(field)
    if isinstance(value, bool):
        return _show(value)
    if isinstance(value, (tuple, list)):
        return ",".join(map(str, value))
    return str(value)


def _accepts_none(field: FieldInfo) -> bool:
    return type(None) in get_args(field.annotation)


def _tuple_type(annotation: Any) -> Any:
    """The tuple type inside an annotation (`tuple[int, ...] | None`), or None."""
    if get_origin(annotation) is tuple:
        return annotation
    for arg in get_args(annotation) if get_origin(annotation) in _UNIONS else ():
        if get_origin(arg) is tuple:
            return arg
    return None


def _from_text(field: FieldInfo, text: str) -> Any:
    """The typed value a text stands for, or the text itself (which validation refuses)."""
    written = text.strip()
    if _accepts_none(field) and written.lower() == unset_word(field):
        return None
    kinds = get_args(field.annotation) if get_origin(field.annotation) in _UNIONS else ()
    kinds = kinds or (field.annotation,)
    if bool in kinds and written.lower() in ("true", "false"):
        return written.lower() == "true"
    if int in kinds and WHOLE_NUMBER.fullmatch(written):
        return int(written)
    sequence = _tuple_type(field.annotation)
    if sequence is not None and get_args(sequence)[:1] == (int,):
        parts = written.replace(",", " ").split()
        if len(parts) == 1 and parts[0].isascii() and parts[0].isdigit():
            parts = list(parts[0])  # single digits written together: 111222...
        if parts and all(WHOLE_NUMBER.fullmatch(part) for part in parts):
            return tuple(int(part) for part in parts)
    return written


def describe_allowed(field: FieldInfo | None) -> str:
    """A person's description of the values a field accepts, from its annotation and bounds."""
    if field is None:
        return ""
    return _describe_type(field.annotation, field.metadata, unset_word(field))


def _describe_type(annotation: Any, metadata: list[Any], unset: str = "none") -> str:
    origin = get_origin(annotation)
    if origin is Literal:
        return _("one of {values}").format(
            values=", ".join(_show(value) for value in get_args(annotation))
        )
    if origin in _UNIONS:
        parts = [_describe_type(arg, metadata, unset) for arg in get_args(annotation)]
        return _(" or ").join(parts)
    if annotation is type(None):
        return unset
    if annotation is bool:
        return _("true or false")
    if annotation in (int, float):
        low = next((m.ge for m in metadata if isinstance(m, annotated_types.Ge)), None)
        high = next((m.le for m in metadata if isinstance(m, annotated_types.Le)), None)
        if annotation is float:
            if low is not None and high is not None:
                return _("a number from {low} to {high}").format(low=low, high=high)
            if low is not None:
                return _("a number of at least {low}").format(low=low)
            return _("a number")
        if low is not None and high is not None:
            return _("a whole number from {low} to {high}").format(low=low, high=high)
        if low is not None:
            return _("a whole number of at least {low}").format(low=low)
        return _("a whole number")
    if annotation is str:
        return _("a text")
    if origin is tuple:
        args = get_args(annotation)
        inner = _describe_type(args[0], []) if args else _("a value")
        length = next(
            (m.min_length for m in metadata if isinstance(m, annotated_types.MinLen)), None
        )
        if length is not None:
            return _n(
                "a list of {count} value, each {inner}",
                "a list of {count} values, each {inner}",
                length,
            ).format(count=length, inner=inner)
        return _("a list of values, each {inner}").format(inner=inner)
    return _("a value of the kind {kind}").format(kind=getattr(annotation, "__name__", annotation))


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
