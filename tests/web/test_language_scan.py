"""Every page in German and French, read in headless Chromium as a person would: no English
word from the list of known leaks, no raw id, no sentence starting in lowercase, no
decimal point in German numbers (tests/web/word_scan.py); and the language chosen on the
site governs the sign-in page and the server's refusals, not the browser's own."""

from __future__ import annotations

import random
from typing import Any

import pytest

import spieltisch
from spieltisch.core.records import make_record
from spieltisch.server.i18n import request_language
from tests.web.conftest import OWN_SERVER, People, Person
from tests.web.deadlines import WAIT_MS
from tests.web.flows import club_pages
from tests.web.word_scan import findings, page_findings, settled_text, title_findings

pytestmark = OWN_SERVER
"""It scans the lists (lobby, leaderboards, tournaments, replays): its own names alone."""

GAMES = {"mahe": 3, "madn": 4, "david_goliath": 3, "mabula": 2}
LEVELS = ["easy", "medium", "hard", "easy"]
LEVEL_WORD = {"de": "mittel", "fr": "moyen", "en": "medium"}


def _finished_record(game: str, players: int) -> dict[str, Any]:
    state = spieltisch.load(game, players=players).new_state()
    rng = random.Random(3)
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_moves()))
    return dict(make_record(state, LEVELS[:players]))


def _pages(person: Person) -> list[str]:
    """Every kind of page, with content: a running table and a replay of each game."""
    request = person.context.request
    assert request.post(person.base + "/api/session/guest", data={"name": "Lothar Groß"}).ok
    routes = ["#/", "#/rules", "#/ratings", "#/tournaments", "#/player", "#/replay", "#/signin"]
    for game, players in GAMES.items():
        # One seat is the person's own: the server limits tables of computers only.
        seats = [{"kind": "me"}] + [{"kind": "ai", "level": lv} for lv in LEVELS[1:players]]
        table = request.post(person.base + "/api/tables", data={"game": game, "seats": seats})
        assert table.ok, table.text()
        identifier = table.json()["id"]
        assert request.post(person.base + f"/api/tables/{identifier}/start", data={}).ok
        routes += [f"#/table/{identifier}", f"#/rules/{game}"]
        if game == "david_goliath":
            continue  # a deal's notation is longer than the server takes in an upload today
        record = request.post(person.base + "/api/records", data=_finished_record(game, players))
        assert record.ok, record.text()
        routes.append(f"#/replay/{record.json()['id']}")
    routes += ["#/ratings/madn", "#/clubs", *club_pages(person)]
    return routes


CONTENT = "document.querySelector('#page').innerText.trim().length > 40"
"""A page with more than next to nothing on it."""


@pytest.mark.parametrize("code", ["de", "fr", "en"])
def test_no_page_gives_the_machinery_away(people: People, code: str) -> None:
    person = people(locale="en-GB")
    page = person.goto("/")
    page.select_option("#language", code)
    page.wait_for_function(f"document.documentElement.lang === '{code}'")
    found = []
    routes = _pages(person)
    page.reload()  # signed in as a guest by the API meanwhile: the page learns it
    page.wait_for_selector("#nav a.me")
    for route in routes:
        page.goto(f"{person.base}/{route}")
        page.wait_for_selector("#nav a")
        # Its content first (fetched: on a loaded machine an empty page stood still for
        # longer than settled_text's pause), then until it stops changing.
        page.wait_for_function(CONTENT, timeout=WAIT_MS)
        text = settled_text(page)
        assert len(text) > 40, f"{route} shows next to nothing: {text!r}"
        if route.startswith(("#/table/", "#/replay/")):
            assert LEVEL_WORD[code] in text, f"{route}: {text[:300]!r}"
        if route == "#/player":
            assert "Lothar Groß" in text and LEVEL_WORD[code] in text, text[:300]
        found += page_findings(page, f"{code} {route}", code)
    assert not found, "\n".join(str(finding) for finding in found)


def test_the_scan_finds_lowercase_titles_machinery_and_bare_percentages() -> None:
    titles = ["die Murmel auf h2 schieben", "relancer ou s'arrêter", "Du bist am Zug", "b1-b4"]
    assert [f.text for f in title_findings("p", titles)] == titles[:2]
    assert not title_findings("p", ["Lothar Groß", "2 Punkte", "ordinateur"])
    kinds = [f.kind for f in findings("p", "de", "Gewinnchance 81%\nDie Wertung ist mu − 3 sigma")]
    assert kinds == ["percent without its space", "English word 'sigma'", "English word 'mu'"]
    assert not findings("p", "fr", "Chance de gain\u202f: 81\u202f%")
    assert [f.kind for f in findings("p", "de", "none = normaler Stapel")] == [
        "English word 'none'"
    ]
    # In English only the machinery: an option's code name, a level's id, not "81%".
    english = findings("p", "en", "Turtles: turtles_per_player = auto\nComputer (easy) 81%")
    assert [f.kind for f in english] == [
        "English word 'turtles_per_player'",
        "identifier 'turtles_per_player'",
    ]
    assert [f.kind for f in findings("p", "en", "Search: endgame, last_seq 3")] == [
        "English word 'endgame'",
        "identifier 'last_seq'",
    ]
    # A list's item goes on with the sentence before it; alone, it starts one.
    items = "Points:\n- three or more cards of a colour: one point per card;\n"
    assert not findings("p", "en", items + "no card of a colour: nothing at all.")
    assert findings("p", "en", "no card of a colour: nothing at all.")
    assert not findings("p", "fr", "Score :\naucune carte d'une couleur : rien du tout.")


def test_a_table_says_everything_in_the_language_just_chosen(people: People) -> None:
    """The parts of the table built once (chat button and field, rules button, the
    board's name) follow a switch of language: the chat button stayed "Senden"."""
    person = people(locale="de-DE")
    request = person.context.request
    assert request.post(person.base + "/api/session/guest", data={"name": "Ana"}).ok
    seats = [{"kind": "me"}, {"kind": "ai", "level": "easy"}]
    table = request.post(person.base + "/api/tables", data={"game": "mabula", "seats": seats})
    assert table.ok, table.text()
    page = person.goto(f"/#/table/{table.json()['id']}")
    page.wait_for_selector(".chat-form button")
    for code, send, rules, message in [
        ("de", "Senden", "Regeln", "Chat-Nachricht"),
        ("fr", "Envoyer", "Règles", "Message de discussion"),
        ("en", "Send", "Rules", "Chat message"),
    ]:
        page.select_option("#language", code)
        page.wait_for_function(f"document.documentElement.lang === '{code}'")
        assert page.locator(".chat-form button").inner_text() == send, code
        assert page.locator("button.rules-button").inner_text() == rules, code
        assert page.locator(".chat-form input").get_attribute("aria-label") == message, code


def test_the_language_chosen_on_the_site_governs_sign_in_and_refusals(people: People) -> None:
    person = people(locale="en-GB")
    page = person.goto("/#/signin")
    page.wait_for_selector("form.signin")
    page.select_option("#language", "de")
    page.wait_for_function(
        "document.querySelector('form.signin button').textContent === 'Anmelden'"
    )
    refused = person.context.request.get(
        person.base + "/api/tournaments/nope", headers={"Accept-Language": "en"}
    )
    assert refused.status == 404
    assert (
        refused.json()["detail"].startswith("Kein Turnier") or "Turnier" in refused.json()["detail"]
    ), refused.text()


def test_the_scan_finds_what_it_looks_for() -> None:
    kinds = [
        finding.kind
        for finding in findings("p", "de", "Computer (easy)\nWertungen: madn\nMittel 1.5")
    ]
    assert kinds == ["English word 'easy'", "raw id 'madn'", "decimal point 1.5"]
    assert findings("p", "fr", "aucune carte d'une couleur n'y est.")
    assert not findings("p", "de", "Am 28.11.2026 um 14:05 UTC: 1,5 Punkte.")
    commands = findings("p", "de", "Nicht angemeldet: POST /api/session/guest mit einem Namen")
    listed = findings("p", "fr", "Aucun tournoi : spieltisch tournament list les affiche")
    assert [f.kind for f in commands + listed] == [
        "command line 'POST /api'",
        "command line 'spieltisch tournament '",
    ]


def test_the_request_language_prefers_what_was_asked_then_the_site_then_the_browser() -> None:
    assert request_language("spieltisch_lang=de", "fr,en;q=0.5") == "de"
    assert request_language("other=1; spieltisch_lang=fr", "de") == "fr"
    assert request_language("spieltisch_lang=it", "fr") == "fr"
    assert request_language(None, "de") == "de"
    assert request_language("spieltisch_lang=de", "fr", asked="en") == "en"
    assert request_language("\x00broken", None) == "en"
