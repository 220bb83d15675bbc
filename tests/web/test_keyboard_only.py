"""A whole game of each game played with the keyboard alone, reading only what a screen
reader would say (issue 45): the announcer's live region and the page's alerts, never
the board's picture. Each move is chosen from the moves the announcer listed and typed
into the move box ("#3" or its words), then Enter."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.web.conftest import People
from tests.web.deadlines import WAIT_SECONDS
from tests.web.flows import ASKED, create_table_by_api, sign_in_as_guest, started_table

AI = {"kind": "ai", "level": "easy"}
SPOKEN = "#page .announcer span"  # a line: a sentence of its paragraph
HEADER = re.compile(r"^Your move\. (\d+|One) moves?\.$")  # "One move", said as words
ITEM = re.compile(r"^(\d+)\. (.+)$")
GAMES: list[tuple[str, list[dict[str, Any]], dict[str, Any]]] = [
    ("mahe", [{"kind": "me"}, AI], {}),
    ("madn", [{"kind": "me"}, AI], {}),
    ("david_goliath", [{"kind": "me"}, AI, AI], {"deals": 1}),
    ("mabula", [{"kind": "me"}, AI], {}),
]


def _lines(page: Page, after: int) -> list[tuple[int, str]]:
    """The announcer's lines numbered above `after`, in order."""
    said: list[list[Any]] = page.eval_on_selector_all(
        SPOKEN, "lines => lines.map(line => [Number(line.dataset.n), line.textContent])"
    )
    return [(int(n), str(text)) for n, text in said if int(n) > after]


def _next_turn(page: Page, after: int, deadline: float) -> tuple[int, list[str] | None, str]:
    """Wait for the announcer to list my moves (or say the game is over), reading from
    line `after` on: the last line read, the moves in words (None at the end), and
    everything said meanwhile."""
    heard: list[str] = []
    while time.monotonic() < deadline:
        lines = _lines(page, after)
        for index, (number, text) in enumerate(lines):
            heard.append(text)
            after = number
            if text.startswith("Game over."):
                return after, None, "\n".join(heard)
            header = HEADER.match(text)
            if header:
                count = 1 if header.group(1) == "One" else int(header.group(1))
                items = lines[index + 1 : index + 1 + count]
                if len(items) < count:  # the list is still being said
                    return _rest_of_list(page, number, count, deadline, heard)
                return _moves(items, count, heard)
        page.wait_for_timeout(50)
    raise AssertionError("the announcer said no turn:\n" + "\n".join(heard[-20:]))


def _rest_of_list(
    page: Page, header: int, count: int, deadline: float, heard: list[str]
) -> tuple[int, list[str] | None, str]:
    while time.monotonic() < deadline:
        items = _lines(page, header)[:count]
        if len(items) == count:
            return _moves(items, count, heard)
        page.wait_for_timeout(50)
    raise AssertionError("the list of moves was not said to its end")


def _moves(
    items: list[tuple[int, str]], count: int, heard: list[str]
) -> tuple[int, list[str] | None, str]:
    words = []
    for position, (_number, text) in enumerate(items, 1):
        item = ITEM.match(text)
        assert item and int(item.group(1)) == position, text
        words.append(item.group(2).removesuffix("."))  # the sentence's full stop
        heard.append(text)
    return items[-1][0], words, "\n".join(heard)


def _focused(page: Page, selector: str) -> bool:
    return bool(
        page.evaluate(
            "(selector) => Boolean(document.activeElement"
            " && document.activeElement.matches(selector))",
            selector,
        )
    )


def _tab_to(page: Page, element_id: str, selector: str | None = None) -> None:
    """Press Tab until the element (`#element_id`, or `selector`) has the keyboard's
    focus (as a person would)."""
    wanted = selector or f"#{element_id}"
    for _ in range(300):
        if _focused(page, wanted):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {wanted}")


FIRST_ANSWER = {
    "mahe": "The ",  # my turtles: "The red turtle: on the raft."
    "madn": "Red: ",
    "david_goliath": "Your hand, 1",
    "mabula": "White: ",
}


def _ask_by_keyboard(page: Page, game: str, after: int, deadline: float) -> int:
    """Ask the first question (where my pieces are, my hand) with the keyboard and hear
    the answer in the live region."""
    _tab_to(page, "question")
    page.keyboard.press("Home")  # the first question of the list
    _tab_to(page, "ask-button")
    page.keyboard.press("Enter")
    while time.monotonic() < deadline:
        lines = _lines(page, after)
        answers = [(n, text) for n, text in lines if text.startswith(FIRST_ANSWER[game])]
        if answers:
            return answers[-1][0]
        page.wait_for_timeout(50)
    raise AssertionError("no answer was said")


@pytest.mark.parametrize("game,seats,options", GAMES, ids=[game for game, *_ in GAMES])
def test_a_whole_game_by_keyboard_and_live_region_alone(
    people: People, game: str, seats: list[dict[str, Any]], options: dict[str, Any]
) -> None:
    ana = people("en-GB")
    # Her settings: every event said, with her moves listed, at once.
    ana.context.add_init_script(
        "localStorage.setItem('spieltisch.verbosity', 'moves');"
        "localStorage.setItem('spieltisch.pace', 'fast');"
    )
    sign_in_as_guest(ana, "Ana")
    table = create_table_by_api(ana, game, seats, options=options)
    page = ana.page
    page.goto(f"{ana.base}/#/table/{table}")
    rng = random.Random(45)
    deadline = time.monotonic() + 4 * WAIT_SECONDS
    after, moves, heard = _next_turn(page, 0, deadline)
    after = _ask_by_keyboard(page, game, after, deadline)
    # The question box is not drawn again while its questions stay: redrawn at every
    # position, it made Orca say the chosen question after every move.
    page.eval_on_selector("#question option", "option => { option.dataset.kept = 'yes'; }")
    _tab_to(page, "typed-move")
    played = 0
    everything = [heard]
    while moves is not None:
        # The keyboard stays in the move box from one turn to the next.
        assert page.evaluate("document.activeElement.id") == "typed-move", "focus lost"
        choice = rng.randrange(len(moves))
        # Her number in the list mostly; now and then the move's words themselves.
        typed = moves[choice] if played % 5 == 4 else f"#{choice + 1}"
        page.keyboard.type(typed)
        page.keyboard.press("Enter")
        played += 1
        after, moves, heard = _next_turn(page, after, deadline)
        everything.append(heard)
        if played == 1 and moves is not None:
            kept = page.eval_on_selector("#question option", "option => option.dataset.kept")
            assert kept == "yes", "the questions were drawn again after a move"
            # the log's lines so far stay as they are when it grows (drawn whole at every
            # move, a long log flooded Orca, which dropped the announcer's lines)
            page.eval_on_selector("ol.log li", "li => { li.kept = true; }")  # not an attribute
        if played == 3 and moves is not None:
            kept = page.eval_on_selector_all("ol.log li", "lines => lines.some(li => li.kept)")
            assert kept, "the log was drawn again"
    said = "\n".join(everything)
    assert played >= 3, said
    end = said.rsplit("Game over.", 1)[1]
    assert "Place 1: " in end and "Ana" in end, end
    assert not ana.errors


def test_chat_lines_and_a_bad_number_are_said(people: People) -> None:
    """The others' chat lines are said to Ana (her own are not); a list number that is
    not in the list is answered in words, naming how many there are."""
    ana, bo = people("en-GB"), people("de-DE")
    _table, ana_page, bo_page = started_table(ana, bo)
    before = len(_lines(ana_page, 0))
    bo_page.fill(".chat-form input", "viel Glück")
    bo_page.press(".chat-form input", "Enter")
    ana_page.locator(SPOKEN, has_text="Bo: viel Glück").wait_for()
    assert not [text for _n, text in _lines(bo_page, 0) if "viel Glück" in text]
    # On a phone, the German questions and settings wrap: no sideways scrolling.
    bo_page.set_viewport_size({"width": 390, "height": 844})
    bo_page.wait_for_function("document.documentElement.scrollWidth <= 390")
    # Ana moves first: a number past her list is refused at once, in words.
    ana_page.locator("#typed-move").wait_for()
    count = ana_page.locator(".move-list button").count()
    ana_page.fill("#typed-move", "#999")
    ana_page.press("#typed-move", "Enter")
    said = f"There is no move 999. The list has {count}."
    ana_page.locator(SPOKEN, has_text=said).wait_for()
    assert ana_page.locator(".ask .answer").inner_text() == said
    assert len(_lines(ana_page, 0)) > before
    # The page's language switched: the box and the questions in French from then on.
    ana_page.select_option("#language", "fr")
    ana_page.locator("label[for='typed-move']", has_text="Taper un coup").wait_for()
    ana_page.locator("#question option", has_text="Où sont mes billes").wait_for(state="attached")


def test_the_question_before_giving_up_by_keyboard(people: People) -> None:
    """The page asks before Ana gives up in its own dialog, not the browser's confirm():
    named by its question, the keyboard's focus moved into it on the answer that changes
    nothing, its buttons 44 px, Escape cancels and gives the focus back to the button;
    Tab reaches the act itself and Enter does it, and the announcer says the end."""
    ana = people("de-DE")
    sign_in_as_guest(ana, "Ana")
    table = create_table_by_api(ana, "madn", [{"kind": "me"}, AI])
    page = ana.page
    page.goto(f"{ana.base}/#/table/{table}")
    page.wait_for_selector("button.resign")
    _tab_to(page, "", "button.resign")
    page.keyboard.press("Enter")
    page.wait_for_selector(ASKED)
    name = page.locator(ASKED).evaluate(
        "(dialog) => document.getElementById(dialog.getAttribute('aria-labelledby')).textContent"
    )
    assert name.startswith("Dieses Spiel aufgeben?"), name
    assert _focused(page, f"{ASKED} button.no"), "the focus did not move into the dialog"
    assert page.locator(f"{ASKED} button.no").inner_text() == "Weiterspielen"
    for button in page.locator(f"{ASKED} button").all():  # 44 px targets (WCAG 2.5.8)
        box = button.bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44, box
    page.keyboard.press("Escape")
    page.wait_for_selector(ASKED, state="detached")
    assert _focused(page, "button.resign"), "the focus did not come back to the button"
    assert page.locator("section.end:not([hidden])").count() == 0  # nothing was done
    page.keyboard.press("Enter")
    page.wait_for_selector(ASKED)
    _tab_to(page, "", f"{ASKED} button.yes")
    assert page.locator(f"{ASKED} button.yes").inner_text() == "Aufgeben"
    page.keyboard.press("Enter")
    page.wait_for_selector("section.end:not([hidden])")
    page.locator(SPOKEN, has_text="Das Spiel ist aus.").wait_for()
    assert not ana.errors


@pytest.mark.parametrize("where", ["list", "board"])
def test_the_keyboard_keeps_its_place_after_a_move(people: People, where: str) -> None:
    """A move played with Enter from the list of moves or from the board (Mahé, German,
    390 px): the keyboard's focus stays with the moves (their heading, one Tab before
    the box to type a move), then Tab, Tab reach the box and its button, not the page's
    start again (it fell to the page's body, a dozen Tabs from the next move)."""
    ana = people("de-DE", width=390)
    sign_in_as_guest(ana, "Ana")
    page = ana.page
    page.set_viewport_size({"width": 390, "height": 844})
    table = create_table_by_api(ana, "mahe", [{"kind": "me"}, AI, AI])
    page.goto(f"{ana.base}/#/table/{table}")
    page.wait_for_selector(".move-list button")
    seq = page.evaluate("window.spieltisch.live.lastSeq")
    _tab_to(page, "", ".move-list button" if where == "list" else ".board-box svg [data-move]")
    page.keyboard.press("Enter")
    page.wait_for_function(f"window.spieltisch.live.lastSeq > {seq}")
    page.wait_for_function(
        "document.querySelector('.board-box')?.dataset.seq == window.spieltisch.live.lastSeq"
    )
    assert _focused(page, "#moves-title"), page.evaluate("document.activeElement.outerHTML")
    page.keyboard.press("Tab")
    assert _focused(page, "#typed-move")


ACCEPT = "Revanche annehmen"


def test_the_keyboard_keeps_its_place_at_the_end(people: People) -> None:
    """Ana gives up by keyboard: the focus comes to the result's heading (it fell to the
    page's body with the button), Tab reaches *Revanche*, and Bo's asking for a rematch,
    which draws the end again, leaves it there (it fell to the body again)."""
    ana, bo = people("de-DE"), people("de-DE")
    _table, page, bo_page = started_table(ana, bo)
    _tab_to(page, "", "button.resign")
    page.keyboard.press("Enter")
    page.wait_for_selector(ASKED)
    _tab_to(page, "", f"{ASKED} button.yes")
    page.keyboard.press("Enter")
    page.wait_for_selector("section.end:not([hidden])")
    assert _focused(page, "#end-title"), page.evaluate("document.activeElement.outerHTML")
    _tab_to(page, "", "section.end button.rematch")
    bo_page.click("section.end button.rematch")
    page.locator("section.end button.rematch", has_text=ACCEPT).wait_for()
    assert _focused(page, "section.end button.rematch"), page.evaluate(
        "document.activeElement.outerHTML"
    )
