"""What the pages need from Python besides the API: their texts in one language, a form
for each game's options, and the rules summaries as HTML.

Pure functions over the registry and the catalogs; the server only routes to them.
"""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, get_args, get_origin

from markdown_it import MarkdownIt
from pydantic.fields import FieldInfo

from spieltisch.core import game_class, game_names, parts
from spieltisch.core.i18n import check_language, language
from spieltisch.web.messages import _
from spieltisch.web.texts import TEXTS

SMALL_RANGE = 10
"""A whole-number option with at most this many values is offered as a list to choose from."""


def page_texts(code: str) -> dict[str, str]:
    """Every page text in `code`: English text → its translation (English: itself)."""
    with language(check_language(code)):
        return {text: _(text) for text in TEXTS}


def _bounds(field: FieldInfo) -> tuple[int | None, int | None]:
    low = high = None
    for item in field.metadata:
        low = getattr(item, "ge", low)
        high = getattr(item, "le", high)
    return low, high


def option_form(field: FieldInfo) -> dict[str, Any]:
    """How a page asks for one option: a checkbox, a list of choices, or a text field."""
    annotation = field.annotation
    arguments = get_args(annotation)
    optional = get_origin(annotation) in (typing.Union, types.UnionType) and type(None) in arguments
    inner = [arg for arg in arguments if arg is not type(None)] if optional else [annotation]
    single = inner[0] if len(inner) == 1 else None
    if single is bool:
        return {"kind": "boolean"}
    if get_origin(single) is Literal:
        return {"kind": "choice", "choices": [*([None] if optional else []), *get_args(single)]}
    if single is int:
        low, high = _bounds(field)
        if low is not None and high is not None and high - low < SMALL_RANGE:
            values: list[int | None] = list(range(low, high + 1))
            return {"kind": "choice", "choices": ([None] if optional else []) + values}
    return {"kind": "text"}


def game_forms(code: str) -> list[dict[str, Any]]:
    """Each game with its player counts and the form for its options, texts in `code`."""
    forms = []
    with language(check_language(code)):
        for name in game_names():
            cls = game_class(name)
            translate = parts(name).gettext
            info = cls.info()
            described = {option.name: option for option in info.options}
            options = []
            for option_name, field in cls.Options.model_fields.items():
                if option_name == "players":
                    continue
                option = described[option_name]
                options.append(
                    {
                        "name": option_name,
                        "default": option.default,
                        "allowed": option.allowed,
                        "description": translate(option.description) if option.description else "",
                        **option_form(field),
                    }
                )
            default_players = cls.Options.model_fields["players"].default
            forms.append(
                {
                    "name": name,
                    "title": info.title,
                    "players": list(info.players),
                    "default_players": default_players,
                    "options": options,
                }
            )
    return forms


_markdown = MarkdownIt("commonmark", {"html": False}).enable("table")


def rules_html(game: str, code: str) -> str:
    """The game's own rules summary in `code`, as HTML (raw HTML in the source is escaped)."""
    html: str = _markdown.render(parts(game).rules_summary(check_language(code)))
    return html
