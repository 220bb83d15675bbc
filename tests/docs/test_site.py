"""The documentation site builds in strict mode, with what it draws and generates from the code."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from importlib.resources import files
from pathlib import Path

import pytest
from pydantic import BaseModel

from spieltisch.server.schemas import messages

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("mahe", "madn", "david_goliath", "mabula")
LANGUAGES = {"en": "players", "de": "de", "fr": "fr"}


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
        r'src="\.\./\.\./(pictures/[^/"]+\.svg)" /></p>\s*<figcaption>',
        html,
    )
    assert board, "the board picture with its caption"
    svg = (site / board.group(1)).read_text(encoding="utf-8")
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
            assert f"test_book_examples.py::test_example[{name}]" in html
            assert f'"{name}": ' in tests  # the test's check of that example
            picture = site / "pictures" / "examples" / f"{game}-{name}-en.svg"
            assert picture.read_text(encoding="utf-8").startswith("<svg")
            assert f'src="../pictures/examples/{game}-{name}-en.svg"' in html


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
            rf'src="\.\./\.\./(pictures/examples/{game}-{name}{side}-{language}\.svg)" />'
            rf"</p>\s*<figcaption>\s*<p>(.*?)</p>\s*</figcaption>",
            html,
        )
        assert found, (name, side)
        assert (site / found.group(2)).read_text(encoding="utf-8").startswith("<svg")
        assert found.group(1) and found.group(3), caption
