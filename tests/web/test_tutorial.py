"""Learn to play: each tutorial from the lobby, played to its end in the browser, on a
desktop and on a phone, in German, French and English (each language on both widths),
with the moves the engine's script asks for."""

from __future__ import annotations

from pathlib import Path

import pytest

from spieltisch.core.tutorial import frames
from tests.web.conftest import People

TITLES = {"fr": "Apprendre à jouer", "de": "Spielen lernen", "en": "Learn to play"}
DONE = {"fr": "Bravo", "de": "Gut gemacht", "en": "Well done"}
LOCALES = {"fr": "fr-FR", "de": "de-DE", "en": "en-GB"}


@pytest.mark.parametrize(
    ("game", "code", "width"),
    [
        ("mahe", "fr", 1200),
        ("mahe", "de", 390),
        ("madn", "de", 1200),
        ("madn", "fr", 390),
        ("david_goliath", "fr", 1200),
        ("david_goliath", "de", 390),
        ("mabula", "de", 1200),
        ("mabula", "fr", 390),
        ("mahe", "en", 390),
        ("madn", "en", 1200),
        ("david_goliath", "en", 390),
        ("mabula", "en", 1200),
    ],
)
def test_a_tutorial_is_played_to_its_end(
    people: People, artifacts: Path, game: str, code: str, width: int
) -> None:
    person = people(LOCALES[code], width=width)
    steps = frames(game, code)  # what the engine's script asks, step by step
    answer = person.context.request.get(f"{person.base}/api/games/{game}/tutorial/{code}")
    assert answer.ok and [s["ask"] for s in answer.json()["steps"]] == [s["ask"] for s in steps]
    page = person.goto("/")
    link = page.locator(f'a.learn-link[href="#/learn/{game}"]')
    named = link.inner_text()  # "Learn to play: Mahé", as the language joins a label
    link.click()  # from the lobby
    page.wait_for_url(f"**/#/learn/{game}")
    page.locator("h1", has_text=TITLES[code]).wait_for()
    assert page.locator("h1").inner_text() == named  # the heading names the game
    for number, step in enumerate(steps, start=1):
        page.locator(".tutorial-progress", has_text=f"{number}").wait_for()
        page.locator(".tutorial-say", has_text=step["say"][:30]).wait_for()
        assert page.locator(f'.tutorial-board svg[lang="{code}"]').count() == 1
        if step["ask"] is None:
            page.click("button.next")
            continue
        wrong = [m["move"] for m in step["moves"] if m["move"] != step["ask"]]
        if wrong:  # another legal move is answered with the one asked
            page.click(f'.tutorial-actions button[data-choice="{wrong[0]}"]')
            assert page.locator(".tutorial-hint").inner_text()
        if number == 2:
            page.screenshot(path=str(artifacts / f"tutorial-{game}-{code}-{width}.png"))
        page.click(f'.tutorial-actions button[data-choice="{step["ask"]}"]')
    page.locator(".tutorial-say", has_text=DONE[code]).wait_for()
    page.click("button.again")
    page.locator(".tutorial-say", has_text=steps[0]["say"][:30]).wait_for()
