"""The accessibility statement (docs/accessibility.md) from the table (issue 45): a person
at a table, with a keyboard and a screen reader, finds a link to it in the table's
settings beside the announcer's and in the footer of every page, in their language; the
statement opens, marked as English where the page is not, and says so."""

from __future__ import annotations

import pytest

from tests.web.conftest import People
from tests.web.flows import create_table_by_api, sign_in_as_guest

AI = {"kind": "ai", "level": "easy"}
WORDS = {
    "de": ("Mit Bildschirmleser und Tastatur spielen", "Barrierefreiheit"),
    "en": ("How to play with a screen reader and a keyboard", "Accessibility"),
    "fr": ("Jouer avec un lecteur d’écran et le clavier", "Accessibilité"),
}
NOTE = {
    "de": "Diese Erklärung gibt es bisher nur auf Englisch.",
    "fr": "Cette déclaration n’existe pour l’instant qu’en anglais.",
}


@pytest.mark.parametrize("code", ["de", "en", "fr"])
def test_the_table_links_the_accessibility_statement(people: People, code: str) -> None:
    """At 390 px: one Tab from the announcer's pace leads to the link, Enter opens the
    statement (its own heading, in English, with the note in the page's language; its
    tables within the phone's width); the footer names it too, and the way back returns
    to the table."""
    ana = people("en-GB", width=390)
    page = sign_in_as_guest(ana, "Ana")
    page.set_viewport_size({"width": 390, "height": 844})
    page.select_option("#language", code)
    page.wait_for_function(f"document.documentElement.lang === '{code}'")
    table = create_table_by_api(ana, "david_goliath", [{"kind": "me"}, AI, AI])
    page.goto(f"{ana.base}/#/table/{table}")
    page.wait_for_selector(".board-box svg")
    at_table, in_footer = WORDS[code]
    footer = page.locator("footer a[href='#/accessibility']")
    assert footer.inner_text().strip() == in_footer
    page.focus("#setting-pace")
    page.keyboard.press("Tab")
    focused = page.evaluate(
        "[document.activeElement.getAttribute('href'), document.activeElement.textContent]"
    )
    assert focused == ["#/accessibility", at_table]
    page.keyboard.press("Enter")
    page.wait_for_selector("#page article.statement h1")
    heading = page.inner_text("#page article.statement h1")
    assert heading.startswith("Accessibility: playing with a screen reader"), heading
    assert page.get_attribute("#page article.statement", "lang") == "en"
    assert page.locator("#page article.statement a[href$='.md']").count() == 0
    sideways = page.evaluate("document.documentElement.scrollWidth - innerWidth")
    assert sideways <= 0, f"the statement runs {sideways} px past a phone's edge"
    notes = page.locator("#page .statement-language")
    if code == "en":
        assert notes.count() == 0
    else:
        assert notes.inner_text().strip() == NOTE[code]
        assert footer.get_attribute("hreflang") == "en"
    page.go_back()
    page.wait_for_selector(".board-box svg")
    assert page.url.endswith(f"#/table/{table}")
