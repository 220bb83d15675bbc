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
def test_each_rules_page_has_the_packages_rules_and_boards_drawn_by_the_game(
    site: Path, game: str, language: str
) -> None:
    html = (site / LANGUAGES[language] / game / "index.html").read_text(encoding="utf-8")
    rules = files(f"spieltisch.games.{game}").joinpath("rules", f"{language}.md")
    first_section = re.search(r"^## (.+)$", rules.read_text(encoding="utf-8"), re.MULTILINE)
    assert first_section, f"{game}/{language}.md has no section"
    assert first_section.group(1).replace("&", "&amp;") in html
    pictures = re.findall(r'<img alt="[^"]*" src="\.\./\.\./(pictures/[^"]+\.svg)"', html)
    assert len(pictures) == 2, pictures
    for picture in pictures:
        svg = (site / picture).read_text(encoding="utf-8")
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
