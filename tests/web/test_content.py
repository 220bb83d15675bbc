"""What the server gives the pages: texts in three languages, option forms, rules as HTML;
and the static client keeps to its rules (texts through the catalogs, typed text escaped)."""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

import pytest

import spieltisch.web
from spieltisch.core import game_class, game_names, parts
from spieltisch.web.content import (
    game_forms,
    option_form,
    page_texts,
    render_rules,
    rules_html,
)
from spieltisch.web.texts import PLURAL_TEXTS, TEXTS

STATIC = Path(spieltisch.web.__file__).parent / "static"
SCRIPTS = sorted(STATIC.rglob("*.js"))
CALL = re.compile(r"""\bt\("((?:[^"\\]|\\.)*)"\s*[,)]""")
PLURAL_CALL = re.compile(r"""\btn\("((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"\s*,""")


def test_every_text_the_pages_show_is_in_the_catalog_list_and_back() -> None:
    used = {match for script in SCRIPTS for match in CALL.findall(script.read_text())}
    assert used, "no t(...) calls found"
    assert used - set(TEXTS) == set(), "texts missing from web/texts.py"
    assert set(TEXTS) - used == set(), "texts listed but never shown"
    plural = {pair for script in SCRIPTS for pair in PLURAL_CALL.findall(script.read_text())}
    assert plural, "no tn(...) calls found"
    assert plural == set(PLURAL_TEXTS), "tn() calls and web/texts.py PLURAL_TEXTS disagree"


@pytest.mark.parametrize("code", ["de", "fr"])
def test_page_texts_are_translated(code: str) -> None:
    texts = page_texts(code)
    assert set(texts) == set(TEXTS) | {singular for singular, _plural in PLURAL_TEXTS} | {""}
    assert texts[""] == ["one", "other"]
    for singular, _plural in PLURAL_TEXTS:
        forms = texts[singular]
        assert isinstance(forms, list) and len(forms) == 2 and all(forms), singular
    if code == "de":
        assert texts["{count} point"] == ["{count} Punkt", "{count} Punkte"]
    untranslated = [text for text, shown in texts.items() if shown == text]
    # A few words are the same in both languages.
    assert len(untranslated) < len(TEXTS) / 10, untranslated


def test_english_page_texts_are_the_texts_themselves() -> None:
    texts = page_texts("en")
    assert all(texts[text] == text for text in TEXTS)
    assert all(texts[singular] == [singular, plural] for singular, plural in PLURAL_TEXTS)


def test_an_unknown_language_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="allowed are de, en, fr"):
        page_texts("it")


def test_option_forms_offer_choices_checkboxes_and_text() -> None:
    forms = {form["name"]: form for form in game_forms("en")}
    assert set(forms) == set(game_names())
    mahe = {option["name"]: option for option in forms["mahe"]["options"]}
    assert mahe["egg_cards_as_dice"]["kind"] == "boolean"
    assert mahe["turtles_per_player"] == {**mahe["turtles_per_player"], "kind": "choice"}
    assert mahe["turtles_per_player"]["choices"] == [None, 1, 2]
    assert mahe["deck"]["kind"] == "text"
    madn = {option["name"]: option for option in forms["madn"]["options"]}
    assert madn["duties"]["choices"] == ["enforced", "penalized"]
    assert forms["madn"]["players"] == [2, 4]
    assert all(option["name"] != "players" for form in forms.values() for option in form["options"])


def test_option_descriptions_follow_the_language() -> None:
    english = {f["name"]: f for f in game_forms("en")}["madn"]["options"][0]["description"]
    german = {f["name"]: f for f in game_forms("de")}["madn"]["options"][0]["description"]
    assert english and german and english != german


def test_every_option_form_value_is_accepted_by_the_game() -> None:
    for form in game_forms("en"):
        cls = game_class(form["name"])
        for option in form["options"]:
            for value in option.get("choices", []):
                cls.Options.parse({"players": cls.min_players, option["name"]: value})


@pytest.mark.parametrize("code", ["de", "en", "fr"])
def test_rules_are_html_from_the_games_own_summary(code: str) -> None:
    for name in game_names():
        html = rules_html(name, code)
        assert html.startswith("<h1>")
        assert "<script" not in html


def test_raw_html_in_a_summary_is_escaped() -> None:
    from spieltisch.web.content import _markdown

    assert "&lt;script&gt;" in _markdown.render("<script>alert(1)</script>")


def test_option_form_of_a_plain_whole_number_is_text() -> None:
    field = game_class("madn").Options.model_fields["max_rounds"]
    assert option_form(field) == {"kind": "text"}


def test_the_client_sets_html_only_from_what_python_drew() -> None:
    """innerHTML takes only the boards (svg.py, also the tutorial's), the rules summaries
    and the review's graph and its legend's line samples (review/graph.py); all else is text."""
    for script in SCRIPTS:
        for line in script.read_text().splitlines():
            if "innerHTML" in line:
                allowed = (
                    r"this\.state\.board_svg|answer\.board_svg|rules\.html|data\.graph_svg"
                    r"|current\.board_svg|seat\.line_svg|statement\.html"
                )
                assert re.search(rf"innerHTML = ({allowed})", line), f"{script.name}: {line}"


@pytest.mark.parametrize("code", ["de", "en", "fr"])
def test_options_and_their_values_are_named_not_identified(code: str) -> None:
    for form in game_forms(code):
        for option in form["options"]:
            label = option["label"]
            assert label and label != option["name"] and "_" not in label, option["name"]
            for choice, shown in zip(
                option.get("choices", []), option.get("choice_labels", []), strict=True
            ):
                if isinstance(choice, str):
                    assert shown != choice, f"{form['name']} {option['name']}={choice}"


def test_option_value_names_follow_the_language() -> None:
    german = {f["name"]: f for f in game_forms("de")}["madn"]["options"]
    duties = next(option for option in german if option["name"] == "duties")
    assert duties["label"] == "Pflichten"
    assert duties["choice_labels"][duties["choices"].index("penalized")].startswith("bestraft")


@pytest.mark.parametrize("code", ["de", "en", "fr"])
def test_a_rule_books_example_is_drawn_in_the_page_language_with_its_caption(code: str) -> None:
    html = render_rules(
        "Intro\n\n![Red busts: 2 + 6 is above 7](example:mahe/two-then-six)\n", code
    )
    assert html.startswith("<p>Intro</p>\n<figure")
    assert '<figure class="example" id="example-two-then-six"><svg' in html
    assert f'lang="{code}"' in html
    assert html.endswith("<figcaption>Red busts: 2 + 6 is above 7</figcaption></figure>\n")
    before = render_rules("![x](example:mahe/two-then-six?before)", code)
    assert 'id="example-two-then-six-before"' in before and before != html


@pytest.mark.parametrize("code", ["de", "en", "fr"])
@pytest.mark.parametrize("name", game_names())
def test_every_picture_of_a_summary_is_drawn(name: str, code: str) -> None:
    from spieltisch.core.rules_text import pictures

    summary = parts(name).rules_summary(code)
    html = rules_html(name, code)
    assert "example:" not in html
    for caption, _game, example, before in pictures(summary):
        anchor = f"example-{example}{'-before' if before else ''}"
        assert f'id="{anchor}"><svg' in html
        assert f"<figcaption>{escape(caption, quote=False)}</figcaption>" in html


def test_a_headings_anchor_becomes_its_id() -> None:
    html = render_rules("## Entering on a 6 (rule 5) {#rule-5}\n\ntext {#not-a-heading}\n", "en")
    assert html.startswith('<h2 id="rule-5">Entering on a 6 (rule 5)</h2>')
    assert "<p>text {#not-a-heading}</p>" in html


@pytest.mark.parametrize("code", ["de", "en", "fr"])
def test_every_rule_a_refusal_cites_has_its_anchor(code: str) -> None:
    """The rules an engine cites (`rule 5`) link to `#rule-5` of the game's rules."""
    cited = {"madn": {5, 6, 9, 10, 11, 15, 18}, "mabula": {1, 2}}
    for game, numbers in cited.items():
        html = rules_html(game, code)
        for number in numbers:
            assert f'id="rule-{number}"' in html, (game, number)


def test_the_accessibility_statement_is_the_documentation_page() -> None:
    """docs/accessibility.md as the page shows it: its heading, every section, its raw HTML
    escaped and its links to other pages of the documentation site kept as words."""
    from spieltisch.web.content import accessibility_html

    page = (Path(__file__).parents[2] / "docs" / "accessibility.md").read_text()
    html = accessibility_html()
    assert html.startswith("<h1>Accessibility: playing with a screen reader")
    for heading in re.findall(r"^## (.+)$", page, re.MULTILINE):
        assert f"<h2>{escape(heading, quote=False)}</h2>" in html
    assert ".md" not in "".join(re.findall(r'href="([^"]*)"', html))
    assert "<script" not in html and "<div" not in html
