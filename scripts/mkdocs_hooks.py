"""MkDocs hooks: what the documentation site draws and generates from the code at build time.

- `![caption](board:GAME?players=4&steps=90&seed=1&lang=de)` becomes a picture drawn by
  the game's own `svg.py` from a real position: a seeded random game played `steps`
  decisions deep (chance outcomes sampled on the way), seen by the player to move.
- `<!-- rules GAME LANG -->` becomes the game's rules summary from the package
  (`src/spieltisch/games/GAME/rules/LANG.md`), so the site never copies it; its pictures
  `![caption](example:GAME/NAME)` become figures of the rule books' worked examples,
  drawn from the scenarios in `spieltisch/games/GAME/examples.py` (each a test).
- The head's alternate-language links are left out (`on_post_page` says why).
- `<!-- examples -->` (`<!-- examples de -->`) becomes the table of every worked example:
  book, section, test, picture, the caption in the page's language.
- `<!-- messages -->` becomes the WebSocket message reference, from the pydantic models.
- `<!-- openapi -->` becomes the HTTP reference, from the application's OpenAPI document
  (also published as `openapi.json`).
- The lab notes (`benchmarks/results/*.md`) are published under `lab/`, and links between
  them and the pages are rewritten to where each file lands in the site.
"""

from __future__ import annotations

import functools
import json
import random
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from spieltisch.core.examples import draw_example, examples
from spieltisch.core.rules_text import PICTURE, pictures

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
LAB = ROOT / "benchmarks" / "results"
BOARD = re.compile(r"\]\(board:([a-z_]+)\?([^)\s]*)\)")
BOARD_PICTURE = re.compile(
    r"!\[([^\]]*(?:\[[^\]]*\]\([^)]*\)[^\]]*)*)\]\(board:([a-z_]+)\?([^)\s]*)\)(\{[^}\n]*\})?"
)
"""A whole board picture with its caption (which may hold a link); it becomes a figure."""
RULES = re.compile(r"^<!-- rules ([a-z_]+) (de|en|fr) -->$", re.MULTILINE)
EXAMPLES = re.compile(r"^<!-- examples(?: (de|en|fr))? -->$", re.MULTILINE)
"""The table of examples, with the captions of a language (English if none is named)."""
GAMES = ("mahe", "madn", "david_goliath", "mabula")
LANGUAGES = ("en", "de", "fr")
LINK = re.compile(r"(\]\()([^)\s:#]+\.md)(#[^)\s]*)?\)")


# -- board pictures ----------------------------------------------------------------------


def _board_name(game: str, query: str) -> tuple[str, dict[str, str]]:
    params = {key: values[-1] for key, values in parse_qs(query).items()}
    parts = [game] + [f"{key}{params[key]}" for key in sorted(params)]
    return "pictures/" + "-".join(parts) + ".svg", params


def draw_board(game: str, params: dict[str, str]) -> str:
    """The position `steps` decisions into a seeded random game, as its svg.py draws it."""
    import spieltisch
    from spieltisch.core import CHANCE
    from spieltisch.core.svg import draw_state

    state = spieltisch.load(game, players=int(params.get("players", "2"))).new_state()
    rng = random.Random(int(params.get("seed", "1")))
    steps, taken = int(params.get("steps", "0")), 0
    while not state.is_terminal() and (taken < steps or state.current_player == CHANCE):
        if state.current_player == CHANCE:
            state.sample_chance(rng)
            continue
        state.apply(rng.choice(state.legal_moves()))
        taken += 1
    history = state.history()
    seat = None if state.is_terminal() else state.current_player
    return draw_state(
        state,
        seat,
        language=params.get("lang", "en"),
        last_move=history[-1] if history else None,
    )


# -- generated references ----------------------------------------------------------------


def _type_name(schema: dict[str, Any]) -> str:
    if "const" in schema:
        return f"`{json.dumps(schema['const'])}`"
    if "enum" in schema:
        return " or ".join(f"`{json.dumps(v)}`" for v in schema["enum"])
    if "$ref" in schema:
        return "`" + str(schema["$ref"]).rsplit("/", 1)[-1] + "`"
    if "anyOf" in schema:
        return " or ".join(_type_name(s) for s in schema["anyOf"])
    if schema.get("type") == "array":
        return f"list of {_type_name(schema.get('items', {}))}"
    return str(schema.get("type", "any"))


def _model_table(name: str, schema: dict[str, Any]) -> list[str]:
    required = set(schema.get("required", ()))
    rows = ["| field | type | required | notes |", "| --- | --- | --- | --- |"]
    for field, spec in schema.get("properties", {}).items():
        notes = spec.get("description", "").replace("\n", " ").replace("|", "\\|")
        limits = [f"{key} {spec[key]}" for key in ("minimum", "maxLength") if key in spec]
        notes = "; ".join(filter(None, [notes, *limits]))
        yes = "yes" if field in required else "no"
        rows.append(f"| `{field}` | {_type_name(spec)} | {yes} | {notes} |")
    return rows


def _own_doc(model: type) -> str:
    """The class's own docstring, not one inherited from pydantic's BaseModel."""
    import inspect

    doc = model.__dict__.get("__doc__")
    return inspect.cleandoc(doc) if isinstance(doc, str) else ""


def message_reference() -> str:
    """Every WebSocket message model with its fields, from the pydantic models."""
    import inspect

    from pydantic import BaseModel

    from spieltisch.server.schemas import messages

    out: list[str] = []
    for direction, base in (
        ("From the client", messages.ClientMessage),
        ("From the server", messages.ServerMessage),
    ):
        out.append(f"## {direction}\n")
        for name, model in vars(messages).items():
            if not (
                inspect.isclass(model)
                and issubclass(model, BaseModel)
                and issubclass(model, base)
                and model is not base
            ):
                continue
            schema = model.model_json_schema()
            kind = schema.get("properties", {}).get("type", {}).get("const", name)
            out.append(f"### `{kind}` ({name})\n")
            doc = _own_doc(model)
            if doc:
                out.append(doc + "\n")
            out.extend(_model_table(name, schema))
            out.append("")
    out.append("## Shared parts\n")
    seen: set[str] = set()
    for name, model in vars(messages).items():
        if (
            inspect.isclass(model)
            and issubclass(model, BaseModel)
            and not issubclass(model, (messages.ClientMessage, messages.ServerMessage))
            and model.__module__ == messages.__name__
            and name not in seen
        ):
            seen.add(name)
            out.append(f"### `{name}`\n")
            doc = _own_doc(model)
            if doc:
                out.append(doc + "\n")
            out.extend(_model_table(name, model.model_json_schema()))
            out.append("")
    return "\n".join(out)


@functools.cache
def openapi_document() -> dict[str, Any]:
    """The application's OpenAPI document, made once a build: the i18n plugin builds the
    site three times (en, de, fr) and each asked for it twice (3.6 s of CPU each)."""
    from spieltisch.server.app import create_app
    from spieltisch.server.infra.settings import Settings

    settings = Settings("sqlite+aiosqlite:///:memory:")
    document: dict[str, Any] = create_app(settings).openapi()
    return document


def openapi_reference(document: dict[str, Any]) -> str:
    """One table row per operation, grouped by tag, with the request and the answers."""
    by_tag: dict[str, list[str]] = {}
    for path, operations in document["paths"].items():
        for method, op in operations.items():
            tag = (op.get("tags") or ["other"])[0]
            summary = (op.get("description") or op.get("summary") or "").split("\n")[0]
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {})
            request = _type_name(body["schema"]) if body else ""
            answers = ", ".join(sorted(op.get("responses", {})))
            summary = summary.replace("|", "\\|")
            row = f"| `{method.upper()} {path}` | {summary} | {request} | {answers} |"
            by_tag.setdefault(tag, []).append(row)
    out = []
    for tag in sorted(by_tag):
        out += [f"## {tag}\n", "| operation | what it does | body | answers |"]
        out += ["| --- | --- | --- | --- |"]
        out += by_tag[tag] + [""]
    return "\n".join(out)


# -- links between the pages and the lab notes -------------------------------------------


def _site_path(source: Path) -> str | None:
    """Where a repository file lands in the site (posix, relative to the site root)."""
    for folder, prefix in ((DOCS, ""), (LAB, "lab/")):
        try:
            relative = source.relative_to(folder).as_posix()
        except ValueError:
            continue
        if prefix and relative == "README.md":
            relative = "index.md"  # the lab notes' README is the lab's index page
        return prefix + relative
    return None


def _rewrite_links(markdown: str, source: Path, page_uri: str) -> str:
    def replace(match: re.Match[str]) -> str:
        target = _site_path((source.parent / match.group(2)).resolve())
        if target is None:
            return match.group(0)
        depth = page_uri.count("/")
        relative = "../" * depth + target
        return f"{match.group(1)}{relative}{match.group(3) or ''})"

    return LINK.sub(replace, markdown)


_BOARDS: dict[str, str] = {}
"""Each board picture drawn, by its place in the site: the same in each language's build."""


def _drawn_board(game: str, uri: str, params: dict[str, str]) -> str:
    if uri not in _BOARDS:
        _BOARDS[uri] = draw_board(game, params)
    return _BOARDS[uri]


@functools.cache
def _drawn_example(game: str, name: str, language: str, before: bool) -> str:
    """An example's picture, drawn once for the three language builds."""
    return draw_example(game, name, language, before=before)


# -- the hooks -----------------------------------------------------------------------------


@event_priority(-100)  # after the i18n plugin sorted the files by language
def on_files(files: Files, config: MkDocsConfig) -> Files:
    for note in sorted(LAB.glob("*.md")):
        name = "index.md" if note.name == "README.md" else note.name
        files.append(
            File.generated(config, f"lab/{name}", content=note.read_text(encoding="utf-8"))
        )
    wanted: dict[str, tuple[str, dict[str, str]]] = {}
    for page in files.documentation_pages():
        text = Path(page.abs_src_path).read_text(encoding="utf-8") if page.abs_src_path else ""
        for game, query in BOARD.findall(text):
            uri, params = _board_name(game, query)
            wanted[uri] = (game, params)
    for uri, (game, params) in sorted(wanted.items()):
        files.append(File.generated(config, uri, content=_drawn_board(game, uri, params)))
    for uri, (game, name, language, before) in sorted(example_pictures().items()):
        svg = _drawn_example(game, name, language, before)
        files.append(File.generated(config, uri, content=svg))
    files.append(
        File.generated(config, "openapi.json", content=json.dumps(openapi_document(), indent=1))
    )
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    uri = page.file.src_uri
    depth = uri.count("/")

    def board(match: re.Match[str]) -> str:
        caption, game, query, size = match.group(1), match.group(2), match.group(3), match.group(4)
        target, _params = _board_name(game, query)
        return _figure_markup("board", caption, "../" * depth + target, size or "")

    markdown = BOARD_PICTURE.sub(board, markdown)
    markdown = RULES.sub(lambda match: _rules(match, depth), markdown)
    markdown = EXAMPLES.sub(lambda found: examples_table(depth, found.group(1) or "en"), markdown)
    if "<!-- messages -->" in markdown:
        markdown = markdown.replace("<!-- messages -->", message_reference())
    if "<!-- openapi -->" in markdown:
        markdown = markdown.replace("<!-- openapi -->", openapi_reference(openapi_document()))
    if uri.startswith("lab/"):
        name = "README.md" if uri == "lab/index.md" else uri.removeprefix("lab/")
        source = LAB / name
    else:
        source = DOCS / uri
    return _rewrite_links(markdown, source, uri)


ALTERNATE_HEAD_LINK = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """Without the head's `<link rel="alternate">`: Material fetches `sitemap.xml` next to
    each (404 beside a page), and its language menu already links each page to the same
    page in the other languages (the i18n plugin), relative, so it works under any path."""
    return ALTERNATE_HEAD_LINK.sub("", output)


def _rules(match: re.Match[str], depth: int) -> str:
    """The package's rules summary without its title (the page has its own), its
    example pictures as figures with their captions."""
    game, language = match.group(1), match.group(2)
    text = _summary(game, language)
    body = text.split("\n", 1)[1] if text.startswith("# ") else text
    body = PICTURE.sub(lambda found: _figure(found, language, depth), body)
    # one level below the page's "The rules" heading
    return re.sub(r"^(#+) ", r"#\1 ", body.lstrip("\n"), flags=re.MULTILINE)


# -- the rule books' worked examples ------------------------------------------------------


def example_uri(game: str, name: str, language: str, before: bool) -> str:
    return f"pictures/examples/{game}-{name}{'-before' if before else ''}-{language}.svg"


def _summary(game: str, language: str) -> str:
    from importlib.resources import files as package_files

    path = package_files(f"spieltisch.games.{game}").joinpath("rules", f"{language}.md")
    return path.read_text(encoding="utf-8")


def example_pictures() -> dict[str, tuple[str, str, str, bool]]:
    """Every example picture of the site, by its place: each example as the tables of
    examples show it (in each language), and each one the rules summaries show."""
    wanted = {
        example_uri(game, name, language, False): (game, name, language, False)
        for game in GAMES
        for name in examples(game)
        for language in LANGUAGES
    }
    for game in GAMES:
        for language in LANGUAGES:
            for _caption, shown, name, before in pictures(_summary(game, language)):
                wanted[example_uri(shown, name, language, before)] = (shown, name, language, before)
    return wanted


def _figure(found: re.Match[str], language: str, depth: int) -> str:
    caption, game, name, before = found.group(1), found.group(2), found.group(3), found.group(4)
    target = "../" * depth + example_uri(game, name, language, bool(before))
    return _figure_markup(f"example-{name}{'-before' if before else ''}", caption, target)


def _figure_markup(anchor: str, caption: str, target: str, size: str = "") -> str:
    """A picture with its caption under it (the picture's alt text is the caption without
    its links: Markdown reads no link inside an image's text)."""
    alt = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", caption)
    return (
        f'<figure class="example" id="{anchor}" markdown>\n\n'
        f"![{alt}]({target}){size}\n\n<figcaption markdown>{caption}</figcaption>\n</figure>"
    )


HEADS = {
    "en": "| book | where | what it shows | test | picture | on the rules page |",
    "de": "| Regelheft | wo | was es zeigt | Test | Bild | auf der Regelseite |",
    "fr": "| règle | où | ce qu’il montre | test | image | sur la page des règles |",
}
"""The table of examples' head in each language."""


def examples_table(depth: int, language: str = "en") -> str:
    """Every worked example and diagram of the rule books: where in the book, its
    scenario test, its picture, and its place on the rules page, with the captions and
    pictures of `language` (and the languages whose rules show it)."""
    up = "../" * depth
    rows = [HEADS[language], "| --- | --- | --- | --- | --- | --- |"]
    for game in GAMES:
        shown_in = {code: pictures(_summary(game, code)) for code in LANGUAGES}
        mine = shown_in[language]
        said = {name: caption for caption, _g, name, before in mine if not before}
        said = {name: caption for caption, _g, name, _b in mine} | said
        for name, shown in examples(game).items():
            test = f"`{game}`<br>`test_example[{name}]`"
            picture = f"![{name}]({up}{example_uri(game, name, language, False)})"
            picture += '{ width="200" }'
            codes = [code for code in LANGUAGES if any(p[2] == name for p in shown_in[code])]
            sides = {p[3] for p in mine if p[2] == name}
            anchor = f"example-{name}{'' if False in sides else '-before'}"
            page = f"[{game}]({up}players/{game}.md#{anchor}) ({', '.join(codes)})"
            rules = page if language in codes else "—"
            what = said.get(name, "—").replace("|", "\\|")
            rows.append(f"| {shown.book} | {shown.where} | {what} | {test} | {picture} | {rules} |")
    return "\n".join(rows)
