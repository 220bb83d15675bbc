"""Every question of every game fits its box, in de, en and fr, on a 390×844 phone and at
1280×800 (issue 45): the chosen question is what a person reads in the closed box, and
on a phone the box shared its line with its label and the Ask button, 196 px wide, and
cut almost every question short. It has a line of its own now, and the longest questions
are shorter."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import People
from tests.web.flows import create_table_by_api, sign_in_as_guest

AI = {"kind": "ai", "level": "easy"}
GAMES: list[tuple[str, list[dict[str, Any]]]] = [
    ("mahe", [{"kind": "me"}, AI]),
    ("madn", [{"kind": "me"}, AI]),
    ("david_goliath", [{"kind": "me"}, AI, AI]),
    ("mabula", [{"kind": "me"}, AI]),
]

# Each question in a box of its own, as wide as it wants (same font, padding and arrow),
# against the box on the page.
MEASURE = """() => {
    const select = document.querySelector('#question');
    const width = select.getBoundingClientRect().width;
    const wanted = [...select.options].map((option) => {
        const probe = select.cloneNode(false);
        probe.removeAttribute('id');
        probe.removeAttribute('name');
        probe.append(option.cloneNode(true));
        probe.style.cssText = 'position: absolute; visibility: hidden; left: 0; top: 0;'
            + ' flex: none; width: auto; min-width: 0; max-width: none;';
        select.parentElement.append(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        return [option.textContent, Math.ceil(needed)];
    });
    return { width: Math.floor(select.getBoundingClientRect().width), wanted };
}"""


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_every_question_fits_its_box(people: People, width: int, height: int) -> None:
    ana = people("en-GB")
    ana.page.set_viewport_size({"width": width, "height": height})
    sign_in_as_guest(ana, "Ana")
    page = ana.page
    cut: list[str] = []
    widths: list[int] = []
    for game, seats in GAMES:
        table = create_table_by_api(ana, game, seats)
        page.goto(f"{ana.base}/#/table/{table}")
        page.wait_for_selector("#question option", state="attached")
        for language in ("de", "en", "fr"):
            before = page.locator("#question option").first.text_content()
            page.select_option("#language", language)
            page.wait_for_function(  # each language in turn, English first
                "(before) => document.querySelector('#question option').textContent !== before",
                arg=before,
            )
            measured = page.evaluate(MEASURE)
            widths.append(measured["width"])
            cut += [
                f"{game} {language}: {text!r} wants {wanted} px, has {measured['width']}"
                for text, wanted in measured["wanted"]
                if wanted > measured["width"]
            ]
        page.select_option("#language", "en")
    assert not cut, "\n".join(cut)
    if width == 390:  # a line of its own on a phone
        assert min(widths) >= 300, widths
