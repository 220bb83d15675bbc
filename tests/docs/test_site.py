"""The documentation site builds in strict mode, with what it draws and generates from the code."""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
from html import unescape
from html.parser import HTMLParser
from importlib.resources import files
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from pydantic import BaseModel

from spieltisch.server.schemas import messages

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("mahe", "madn", "david_goliath", "mabula")
LANGUAGES = {"en": "players", "de": "de/players", "fr": "fr/players"}
"""Where each language's rules pages are: English at the root, the others in their build."""
LABELS = {"de": ("Suche", "Inhaltsverzeichnis"), "fr": ("Rechercher", "Table des matières")}
"""The theme's own labels (search, table of contents) in German and French."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`mkdocs build --strict`: a broken link, a missing page or a failing hook fails it.

    Not `-q`: quiet mode drops warnings before strict mode counts them, so a broken link
    passed unseen.
    """
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_each_rules_page_has_the_packages_rules_and_a_board_drawn_by_the_game(
    site: Path, game: str, language: str
) -> None:
    html = (site / LANGUAGES[language] / game / "index.html").read_text(encoding="utf-8")
    rules = files(f"spieltisch.games.{game}").joinpath("rules", f"{language}.md")
    first_section = re.search(r"^## (.+?)(?: \{#[a-z0-9-]+\})?$", rules.read_text(), re.MULTILINE)
    assert first_section, f"{game}/{language}.md has no section"
    assert first_section.group(1).replace("&", "&amp;") in html
    board = re.search(
        r'<figure class="example" id="board">\s*<p><img alt="[^"]+" '
        r'src="((?:\.\./)+pictures/[^/"]+\.svg)" /></p>\s*<figcaption>',
        html,
    )
    assert board, "the board picture with its caption"
    page = site / LANGUAGES[language] / game
    svg = (page / board.group(1)).resolve().read_text(encoding="utf-8")
    assert svg.startswith("<svg") and f'lang="{language}"' in svg[:500]


def test_the_message_reference_lists_every_message_type(site: Path) -> None:

    html = (site / "bots" / "messages" / "index.html").read_text(encoding="utf-8")
    kinds = [
        model.model_json_schema()["properties"]["type"]["const"]
        for model in vars(messages).values()
        if isinstance(model, type)
        and issubclass(model, BaseModel)
        and issubclass(model, messages.ClientMessage | messages.ServerMessage)
        and "type" in getattr(model, "model_fields", {})
    ]
    assert len(kinds) >= 10
    for kind in kinds:
        assert f"<code>{kind}</code>" in html, kind


def test_the_openapi_page_lists_every_operation(site: Path) -> None:
    document = json.loads((site / "openapi.json").read_text(encoding="utf-8"))
    html = (site / "bots" / "openapi" / "index.html").read_text(encoding="utf-8")
    for path, operations in document["paths"].items():
        for method in operations:
            assert f"<code>{method.upper()} {path}</code>" in html


def test_the_home_pages_board_is_a_figure_of_the_size_asked(site: Path) -> None:
    html = (site / "index.html").read_text(encoding="utf-8")
    assert re.search(r'id="board">\s*<p><img alt="[^"]+" src="pictures/[^"]+" width="360" />', html)
    assert "{ width" not in html


def test_the_lab_notes_are_published_with_their_links_rewritten(site: Path) -> None:
    html = (site / "web" / "index.html").read_text(encoding="utf-8")
    assert 'href="../lab/load/"' in html
    assert (site / "lab" / "load" / "index.html").is_file()


def test_the_table_of_examples_lists_every_example_with_its_test_and_picture(site: Path) -> None:
    from spieltisch.core.examples import examples

    html = (site / "examples" / "index.html").read_text(encoding="utf-8")
    for game in GAMES:
        listed = examples(game)
        assert listed, game
        tests = (ROOT / "tests" / "games" / game / "test_book_examples.py").read_text()
        for name in listed:
            assert f"<code>test_example[{name}]</code>" in html
            assert f'"{name}": ' in tests  # the test's check of that example
            picture = site / "pictures" / "examples" / f"{game}-{name}-en.svg"
            assert picture.read_text(encoding="utf-8").startswith("<svg")
            assert f'src="../pictures/examples/{game}-{name}-en.svg"' in html


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_table_of_examples_is_in_german_and_french_too(site: Path, language: str) -> None:
    """The German and French tables: every example, its caption as that language's rules
    say it, its picture drawn in that language, its link to that language's rules page."""
    from spieltisch.core.examples import examples
    from spieltisch.core.rules_text import pictures

    html = (site / language / "examples" / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{language}"' in html
    text = unescape(re.sub(r"<[^>]+>", "", html))
    for game in GAMES:
        summary = files(f"spieltisch.games.{game}").joinpath("rules", f"{language}.md")
        captions = {name: caption for caption, _g, name, _b in pictures(summary.read_text())}
        for name in examples(game):
            assert f"<code>test_example[{name}]</code>" in html
            picture = f"pictures/examples/{game}-{name}-{language}.svg"
            found = re.search(rf'src="((?:\.\./)+){re.escape(picture)}"', html)
            assert found, picture
            target = (site / language / "examples" / found.group(1) / picture).resolve()
            assert f'lang="{language}"' in target.read_text(encoding="utf-8")[:500]
            assert captions[name].split("*")[0][:25] in text, name  # its caption
            assert f'href="../players/{game}/#example-{name}' in html


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_each_example_on_a_rules_page_is_a_figure_with_its_caption(
    site: Path, game: str, language: str
) -> None:
    from spieltisch.core.rules_text import pictures

    page = site / LANGUAGES[language] / game / "index.html"
    html = page.read_text(encoding="utf-8")
    summary = files(f"spieltisch.games.{game}").joinpath("rules", f"{language}.md")
    for caption, _game, name, before in pictures(summary.read_text(encoding="utf-8")):
        side = "-before" if before else ""
        found = re.search(
            rf'<figure class="example" id="example-{name}{side}">\s*<p><img alt="([^"]*)" '
            rf'src="((?:\.\./)+pictures/examples/{game}-{name}{side}-{language}\.svg)" />'
            rf"</p>\s*<figcaption>\s*<p>(.*?)</p>\s*</figcaption>",
            html,
        )
        assert found, (name, side)
        svg = (page.parent / found.group(2)).resolve().read_text(encoding="utf-8")
        assert svg.startswith("<svg")
        assert found.group(1) and found.group(3), caption


@pytest.mark.parametrize("language", ["de", "fr"])
def test_german_and_french_pages_have_the_themes_labels_in_their_language(
    site: Path, language: str
) -> None:
    html = (site / LANGUAGES[language] / "mahe" / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{language}"' in html
    for label in LABELS[language]:
        assert label in html, label
    english = (site / "players" / "mahe" / "index.html").read_text(encoding="utf-8")
    assert "Table of contents" in english and LABELS[language][1] not in english


def test_the_language_menu_leads_to_the_same_page_in_each_language(site: Path) -> None:
    html = (site / "de" / "players" / "mahe" / "index.html").read_text(encoding="utf-8")
    menu = dict(re.findall(r'<a href="([^"]*)" hreflang="([a-z]+)" class="md-select__link">', html))
    assert {language: href for href, language in menu.items()} == {
        "en": "../../../players/mahe/",
        "de": "./",
        "fr": "../../../fr/players/mahe/",
    }
    assert '<link rel="alternate"' not in html  # Material would fetch a sitemap beside it


class _Links(HTMLParser):
    """The URLs a page refers to (links, pictures, styles, scripts) and the ids it has."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(str(values["id"]))
        wanted = {"a": "href", "link": "href", "img": "src", "script": "src", "source": "src"}
        url = values.get(wanted.get(tag, ""))
        if url and not (tag == "link" and values.get("rel") in ("canonical",)):
            self.urls.append(url)


@functools.cache
def _parsed(path: Path) -> _Links:
    links = _Links()
    links.feed(path.read_text(encoding="utf-8"))
    return links


@pytest.mark.parametrize("base", ["http://docs.example/", "http://docs.example/a/sub/path/"])
def test_a_crawler_finds_no_broken_link_or_picture(site: Path, base: str) -> None:
    """From the home page, every page reachable through the site's own links, served at
    the root and under a sub-path: each link, picture, style and script is there, each
    link's #anchor too, and none leaves the path the site is served under."""
    seen: dict[str, _Links] = {}
    todo = [base]
    broken: list[str] = []
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        path = site / url.removeprefix(base)
        if url.endswith("/"):
            path = path / "index.html"
        seen[url] = _parsed(path)
        for reference in seen[url].urls:
            target = urljoin(url, reference)
            if urlsplit(target).scheme not in ("http", "https") or not target.startswith(
                "http://docs.example/"
            ):
                continue  # mailto:, javascript:, another site
            where, _, anchor = target.partition("#")
            if not where.startswith(base):
                broken.append(f"{url}: {reference} leaves {base}")
                continue
            file = site / where.removeprefix(base).split("?")[0]
            if where.endswith("/"):
                file = file / "index.html"
            if not file.is_file():
                broken.append(f"{url}: {reference} (no {file.relative_to(site)})")
            elif file.suffix == ".html":
                todo.append(where)
                if anchor and anchor not in _parsed(file).ids:
                    broken.append(f"{url}: {reference} (no #{anchor})")
    pages = {path for path in site.rglob("*.html") if path.name != "404.html"}
    assert len(seen) >= 0.9 * len(pages) and len(seen) > 100  # the crawl reaches the site
    assert any("/de/players/" in url for url in seen) and any("/fr/players/" in url for url in seen)
    assert not broken, "\n".join(broken[:40])


def test_the_bot_guide_shows_the_bots_code(site: Path) -> None:
    """The snippet line is replaced by bot.py itself, not shown as written."""
    html = (site / "bots" / "index.html").read_text(encoding="utf-8")
    assert "8&lt;" not in html and "--8<--" not in html
    for name in re.findall(r"^def (\w+)", (ROOT / "docs" / "bots" / "bot.py").read_text(), re.M):
        assert f'<span class="nf">{name}</span>' in html, name


def test_the_api_reference_shows_every_public_member(site: Path) -> None:
    """Every public member of the protocol, documented or not, and the functions the
    research pages use."""
    from spieltisch.core.protocol import Game, State

    html = (site / "reference" / "api" / "index.html").read_text(encoding="utf-8")
    wanted = [
        f"spieltisch.core.protocol.{cls.__name__}.{name}"
        for cls in (Game, State)
        for name in vars(cls)
        if not name.startswith("_")
    ]
    wanted += [
        "spieltisch.core.registry.games",
        "spieltisch.core.registry.load_record",
        "spieltisch.sim.fast.simulate_fast",
        "spieltisch.sim.analysis.analyse",
        "spieltisch.review.review_game",
    ]
    missing = [name for name in wanted if f'id="{name}"' not in html]
    assert not missing, missing


NAMES = {"Mahé", "Mensch ärgere Dich nicht", "David & Goliath", "Mabula"}
NAMES |= {"OpenSpiel, PettingZoo, Gymnasium"}
"""Menu entries that are names, the same in every language."""


def test_every_menu_entry_is_named_in_german_and_french() -> None:
    """The site's own labels include the menu: a German or French reader finds each
    entry in their language, also where the page behind it is only in English."""
    import yaml  # type: ignore[import-untyped]

    class Loader(yaml.SafeLoader):  # type: ignore[misc]
        """mkdocs.yml's tags (!ENV, python names) read as nothing: only names matter."""

    Loader.add_multi_constructor("", lambda loader, suffix, node: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    titles: list[str] = []

    def walk(entries: list[object]) -> None:
        for entry in entries:
            if isinstance(entry, dict):
                for title, below in entry.items():
                    titles.append(title)
                    if isinstance(below, list):
                        walk(below)

    walk(config["nav"])
    (i18n,) = [p["i18n"] for p in config["plugins"] if isinstance(p, dict) and "i18n" in p]
    for language in i18n["languages"]:
        if language.get("default"):
            continue
        named = language.get("nav_translations", {})
        missing = [title for title in titles if title not in named and title not in NAMES]
        assert not missing, (language["locale"], missing)
