"""axe-core over the pages in de, en and fr (issue 45): no violation of WCAG 2.0, 2.1
and 2.2 at levels A and AA on the lobby, the table of each game in play and at its end,
the replay of a game with its review, a game's rules and tutorial, the accessibility
statement, the player page, the
person's games, tournaments, clubs, the leaderboard and signing in; on one tournament's,
club's and season's page; and on what opens on demand: the create form's options, the
table's rules panel, the popup that asks which move, the moves folded in a list, the box
that gives a player more time, a round's reasons, and the page's own questions before an
act (giving up, undoing a round with its reason, removing a member's data). Each at a
desktop's width and at a phone's (390×844): the same page measured again after the window
is narrowed (no reload), on one server.

`axe-playwright-python` ships axe-core; it is injected once a document, not before each
of the sweep's runs (about 90 a language) as `Axe.run` does, its 570 KB parsed again each
time (the test people bypass the Content-Security-Policy, as every browser test here
does)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Page, ViewportSize

from tests.review.test_outputs import mabula_record
from tests.web.conftest import OWN_SERVER, People, Person
from tests.web.flows import ASKED, club_pages, create_table_by_api, sign_in_as_guest

pytestmark = OWN_SERVER
"""The lists it sweeps (lobby, replays, tournaments, leaderboard): its own content alone."""

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
AI = {"kind": "ai", "level": "easy"}
GAMES: dict[str, list[dict[str, Any]]] = {
    "mahe": [{"kind": "me"}, AI],
    "madn": [{"kind": "me"}, AI],
    "david_goliath": [{"kind": "me"}, AI, AI],
    "mabula": [{"kind": "me"}, AI],
}
LINK_CONTRAST: set[str] = set()
"""Pages swept without the colour-contrast rule: none since the links are #1762c2 (5.3:1
on the page's paper; they were #1b6fd8, 4.36:1)."""

AXE = Axe()
DESKTOP: ViewportSize = {"width": 1200, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}
CLOCK = {"mode": "move", "seconds": 600}
"""A clock long enough for the sweep, so the creator's box for more time shows."""


def _violations(page: Page, name: str) -> list[str]:
    """axe-core's WCAG A/AA violations of the page as it is now, one line each."""
    rules: dict[str, Any] = {"color-contrast": {"enabled": name not in LINK_CONTRAST}}
    options = {
        "runOnly": {"type": "tag", "values": TAGS},
        "rules": rules,
        "resultTypes": ["violations"],
    }
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.axe_script)  # once a document: the sweep's pages are one document
    found = page.evaluate("options => axe.run(options)", options)["violations"]
    return [
        f"{name}: {v['id']} ({v['impact']}) at {[n['target'] for n in v['nodes']][:3]}: "
        f"{v['nodes'][0]['failureSummary']}"
        for v in found
    ]


def _both(page: Page, name: str) -> list[str]:
    """The violations at a desktop's width and at a phone's, the page kept as it is."""
    found = _violations(page, name)
    page.set_viewport_size(PHONE)
    # Two frames: the window's resize event has come, and the page has marked what now
    # scrolls (scrolling.js); at load 16 axe ran first and found a season's table unmarked.
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    try:
        found += _violations(page, f"{name} (phone)")
    finally:
        page.set_viewport_size(DESKTOP)
    return found


def _choice(page: Page) -> bool:
    """Open the popup that asks which move: at a place of the board that stands for
    several moves, else (none in this position) at one that stands for one, made to
    stand for it twice: the popup is the same. False: the board has no move to click
    (the move is a button only, as Mahé's roll)."""
    several = page.locator(".board-box svg [data-moves]")
    if not several.count():
        if not page.locator(".board-box svg [data-move]").count():
            return False
        page.eval_on_selector(
            ".board-box svg [data-move]",
            "(node) => { const move = node.getAttribute('data-move');"
            " node.removeAttribute('data-move');"
            " node.setAttribute('data-moves', move + ';' + move); }",
        )
    page.locator(".board-box svg [data-moves]").first.dispatch_event("click")
    page.wait_for_selector("dialog.choice[open]")
    return True


def _on_demand(page: Page, game: str, asked: list[str]) -> list[str]:
    """What opens on demand at a table in play: the rules panel, the folded list of
    moves, the box for more time, the popup asking which move (`asked`: the games where
    it opened)."""
    found: list[str] = []
    page.click("button.rules-button")
    page.wait_for_selector("#table-rules article")
    found += _both(page, f"table of {game}, rules open")
    page.click("button.rules-button")
    folded = page.locator(".moves details")
    if folded.count():
        folded.locator("summary").click()
    more = page.locator("details.more-time")
    more.locator("summary").click()
    more.locator("button").first.wait_for()
    found += _both(page, f"table of {game}, moves listed and more time open")
    if _choice(page):
        asked.append(game)
        found += _both(page, f"table of {game}, which move")
        page.click("dialog.choice button.cancel")
    return found


def _table(person: Person, game: str, **extra: Any) -> Page:
    table = create_table_by_api(person, game, GAMES[game], **extra)
    page = person.page
    page.goto(f"{person.base}/#/table/{table}")
    page.wait_for_selector(".board-box svg")
    page.wait_for_selector("#page .announcer")
    return page


@pytest.mark.parametrize("locale", ["de-DE", "en-GB", "fr-FR"])
def test_no_wcag_violation_on_any_page(people: People, locale: str, tmp_path: Path) -> None:
    person = people(locale)
    found: list[str] = []
    page = person.goto("/")
    page.wait_for_selector("form.guest input")
    found += _both(page, "lobby (a guest)")
    page = sign_in_as_guest(person, "Ana")
    page.locator(".create-form details summary").first.click()
    found += _both(page, "lobby, the create form's options open")
    asked: list[str] = []
    for game in GAMES:
        page = _table(person, game, clock=CLOCK)
        page.wait_for_selector("#page .status .your-turn, #page .seat.to-move")
        found += _both(page, f"table of {game}")
        page.wait_for_selector(".status .your-turn")  # a move of the person's to choose
        found += _on_demand(page, game, asked)
    assert asked, "no table asked which move"
    # Each game at its end (given up: the computer plays the seat to the end where more
    # than two play), then the replay and review.
    for game in GAMES:
        page = _table(person, game)
        page.click("button.resign")
        page.wait_for_selector(ASKED)
        if game == "mahe":
            found += _both(page, "table, the question before giving up")
        page.click(f"{ASKED} button.yes")
        page.wait_for_selector("section.end:not([hidden])")
        found += _both(page, f"table of {game} at the end")
    table = page.url.rsplit("/", 1)[1]  # the last: Mabula's
    page.goto(f"{person.base}/#/replay")
    page.locator(f".recent-games tr[data-table='{table}'] button.replay").wait_for()
    found += _both(page, "replays")
    page.locator(f".recent-games tr[data-table='{table}'] button.replay").click()
    page.wait_for_selector(".replay-board svg")
    found += _both(page, "replay")
    # The review of a game with decisions in it (the one given up had none).
    record = tmp_path / "game.json"
    record.write_text(json.dumps(mabula_record()), encoding="utf-8")
    page.goto(f"{person.base}/#/replay")
    page.set_input_files("#record-file", str(record))
    page.wait_for_selector(".replay-board svg")
    page.wait_for_selector("button.analyse, .review-graph svg")
    if page.locator("button.analyse").count():  # not yet reviewed (the first language)
        page.click("button.analyse")
    page.wait_for_selector(".review-graph svg", timeout=120_000)
    found += _both(page, "review")
    for game in GAMES:
        page.goto(f"{person.base}/#/rules/{game}")
        page.wait_for_selector("#page article")
        found += _both(page, f"rules of {game}")
        page.goto(f"{person.base}/#/learn/{game}")  # the tutorial, the rules' help
        page.wait_for_selector(".tutorial-board svg")
        found += _both(page, f"tutorial of {game}")
    page.goto(f"{person.base}/#/accessibility")  # the statement every footer links to
    page.wait_for_selector("#page article.statement h1")
    found += _both(page, "accessibility statement")
    page.goto(f"{person.base}/#/")
    page.click("#nav a.me")
    page.wait_for_url("**/#/player/*")
    # The lobby stays shown until it has loaded (one page at a time): its heading is not
    # the player page's (at load 16 axe measured the lobby half drawn, its list without
    # the heading that names it).
    page.wait_for_selector("#page .lobby", state="detached")
    page.wait_for_selector("#page h1")
    found += _both(page, "player (the guest's own account)")
    tournament, club, season = club_pages(person)
    # its second round seated, not yet played: the director may undo it (asked why)
    second = person.context.request.post(
        f"{person.base}/api/tournaments/{tournament.rsplit('/', 1)[1]}/rounds",
        data={"online": False},
    )
    assert second.ok, second.text()
    for path, name in [
        ("#/my-games", "my games"),
        ("#/tournaments", "tournaments"),
        (tournament, "a tournament"),
        ("#/clubs", "clubs"),
        (club, "a club"),
        (season, "a season"),
        ("#/ratings", "leaderboard"),
        ("#/signin", "sign-in"),
    ]:
        page.goto(f"{person.base}/{path}")
        page.wait_for_selector("#page h1")
        if path == tournament:  # the round's reasons, folded
            page.locator("details.why summary").first.click()
        found += _both(page, name)
        asking = {tournament: "button.undo-round", club: "button.forget"}.get(path)
        if asking:  # the question before the act, with a box for the reason or not
            page.click(asking)
            page.wait_for_selector(ASKED)
            found += _both(page, f"{name}, the question before {asking}")
            page.keyboard.press("Escape")
            page.wait_for_selector(ASKED, state="detached")
    assert not found, "\n".join(found)
    assert not person.errors
