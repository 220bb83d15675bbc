"""What the pages need from Python besides the API: their texts in one language, a form
for each game's options, and the rules summaries as HTML.

Pure functions over the registry and the catalogs; the server only routes to them.
"""

from __future__ import annotations

import functools
import re
import types
import typing
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from babel import Locale
from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from pydantic.fields import FieldInfo

from spieltisch.core import game_class, game_names, parts
from spieltisch.core.examples import draw_example
from spieltisch.core.i18n import check_language, language, sentence
from spieltisch.core.options import FORM_EMPTY, FORM_HINT
from spieltisch.core.rules_text import ANCHOR, SOURCE, without_notation
from spieltisch.web.messages import _, catalog
from spieltisch.web.texts import PLURAL_TEXTS, TEXTS

SMALL_RANGE = 10
"""A whole-number option with at most this many values is offered as a list to choose from."""


PLURAL_CATEGORIES_KEY = ""
"""Where the page texts carry the language's plural categories (gettext keeps its header
under the empty message id too)."""


def plural_categories(code: str) -> list[str]:
    """The CLDR plural category (what the browser's Intl.PluralRules answers) of each of
    the catalog's plural forms, in the catalog's order: ["one", "other"] for de, en, fr.
    Taken from the first number that uses each form, so catalog and browser agree."""
    rule = Locale.parse(code).plural_form
    forms = catalog.plural_table(code) if code != "en" else {}
    count = max((len(f) for f in forms.values()), default=2)
    categories: list[str] = []
    for index in range(count):
        first = next((n for n in range(1000) if _form_index(code, n) == index), None)
        categories.append(rule(first) if first is not None else "other")
    return categories


def _form_index(code: str, n: int) -> int:
    return int(n != 1) if code == "en" else catalog.plural_index(code, n)


def page_texts(code: str) -> dict[str, str | list[str]]:
    """Every page text in `code`: English text → its translation (English: itself); a
    text with a number → its plural forms, and "" → the plural categories of the forms."""
    texts: dict[str, str | list[str]] = {}
    with language(check_language(code)):
        texts.update({text: _(text) for text in TEXTS})
        for singular, plural in PLURAL_TEXTS:
            forms = catalog.plural_table(code).get(singular) if code != "en" else None
            texts[singular] = list(forms) if forms else [singular, plural]
    texts[PLURAL_CATEGORIES_KEY] = plural_categories(code)
    return texts


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


def _in(translate: Callable[[str], str], words: str) -> str:
    """`words` translated; nothing stays nothing (gettext of "" is a catalog's header)."""
    return translate(words) if words else ""


def _form_word(field: FieldInfo, key: str) -> str:
    """A form's own words for an option (`FORM_HINT`, `FORM_EMPTY`), else ""."""
    extra = field.json_schema_extra
    word = extra.get(key) if isinstance(extra, dict) else None
    return word if isinstance(word, str) else ""


def game_forms(code: str) -> list[dict[str, Any]]:
    """Each game with its player counts and the form for its options, texts in `code`."""
    forms = []
    with language(check_language(code)):
        for name in game_names():
            cls = game_class(name)
            part = parts(name)
            translate = part.gettext
            info = cls.info()
            described = {option.name: option for option in info.options}
            options = []
            for option_name, field in cls.Options.model_fields.items():
                if option_name == "players":
                    continue
                option = described[option_name]
                hint = _form_word(field, FORM_HINT)
                form = option_form(field)
                labels = [
                    None if choice is None else part.value_label(option_name, choice)
                    for choice in form.get("choices", [])
                ]
                options.append(
                    {
                        "name": option_name,
                        "label": part.option_label(option_name),
                        "default": option.default,
                        "allowed": option.allowed,
                        "description": sentence(_in(translate, hint or option.description)),
                        "placeholder": _in(translate, _form_word(field, FORM_EMPTY)),
                        **form,
                        **({"choice_labels": labels} if "choices" in form else {}),
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


def _figure(self: RendererHTML, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    """A rule book's example (`![caption](example:GAME/NAME)`) as its picture drawn by the
    engine, with the caption under it; any other image as Markdown draws it."""
    token = tokens[idx]
    found = re.fullmatch(SOURCE, str(token.attrGet("src") or ""))
    if found is None:
        return str(self.image(tokens, idx, options, env))
    game, name, before = found.group(1), found.group(2), bool(found.group(3))
    caption = escape(self.renderInlineAsText(token.children or [], options, env), quote=False)
    svg = draw_example(game, name, env["language"], before=before)
    anchor = f"example-{name}{'-before' if before else ''}"
    return f'<figure class="example" id="{anchor}">{svg}<figcaption>{caption}</figcaption></figure>'


def _anchors(state: StateCore) -> None:
    """A heading ending in `{#id}` gets that id (the site's attr_list does the same), so
    a refusal's rule can link to its paragraph."""
    for index, token in enumerate(state.tokens):
        if token.type != "heading_open" or index + 1 >= len(state.tokens):
            continue
        inline = state.tokens[index + 1]
        found = ANCHOR.search(inline.content)
        if found is None or not inline.children:
            continue
        token.attrSet("id", found.group(1))
        inline.content = inline.content[: found.start()]
        last = inline.children[-1]
        last.content = ANCHOR.sub("", last.content)


_markdown = MarkdownIt("commonmark", {"html": False}).enable("table")
_markdown.add_render_rule("image", _figure)
_markdown.core.ruler.push("anchors", _anchors)


@functools.lru_cache(maxsize=64)
def rules_html(game: str, code: str) -> str:
    """The game's own rules summary in `code`, as HTML (raw HTML in the source is escaped),
    with the rule books' examples drawn by the engine; without the notation, which only
    those typing moves need (the terminal keeps it). Kept once made: it takes tens of
    milliseconds on the event loop, and anyone may ask for it (a flood of anonymous
    requests for the rules stalled every table); an unknown game raises, kept never."""
    code = check_language(code)
    return render_rules(without_notation(parts(game).rules_summary(code)), code)


def render_rules(markdown: str, code: str) -> str:
    """A rules summary as HTML, its pictures drawn in `code`."""
    html: str = _markdown.render(markdown, {"language": code})
    # a picture stands in a paragraph of its own: the figure replaces that paragraph
    return html.replace("<p><figure", "<figure").replace("</figure></p>", "</figure>")


STATEMENT_LANGUAGE = "en"
"""The accessibility statement is written in English only (docs/accessibility.md)."""

_LINK_TO_THE_SITE = re.compile(r"\[([^\]]+)\]\((?!https?://)[^)\s]+\)")


def _statement_source() -> str:
    """docs/accessibility.md, through the package's link to it (web/accessibility.md: a
    wheel holds the file itself; the Containerfile copies the page for the link)."""
    return (Path(__file__).parent / "accessibility.md").read_text(encoding="utf-8")


@functools.lru_cache(maxsize=1)
def accessibility_html() -> str:
    """The accessibility statement of the documentation site (docs/accessibility.md) as
    HTML, for the page every page's footer links to: what a screen reader user can do at
    the table and what does not work yet, also where the site is not published. Links to
    other pages of the site keep their words only (the site may be elsewhere or nowhere);
    raw HTML is escaped."""
    markdown = _LINK_TO_THE_SITE.sub(r"\1", _statement_source())
    html: str = MarkdownIt("commonmark", {"html": False}).enable("table").render(markdown)
    return html


def tutorial_steps(game: str, code: str) -> list[dict[str, Any]]:
    """The game's tutorial as the page shows it, in `code` (`core/tutorial.py`)."""
    from spieltisch.core.tutorial import frames

    return frames(game, check_language(code))
