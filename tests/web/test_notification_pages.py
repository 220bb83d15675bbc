"""The notifications as a person meets them in the browser: giving an address and
opening the emailed link, choosing what to be told of, the browser's notification when
the tab is in the background, the one-click unsubscribe from an email without signing
in, and a forgotten password. A real SMTP server (aiosmtpd) receives the emails."""

from __future__ import annotations

import time
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page

from tests.server.mailbox import Mailbox, link, mailbox
from tests.server.servers import ServerProcess
from tests.web.conftest import People
from tests.web.deadlines import WAIT_SECONDS
from tests.web.flows import click_a_move, my_turn, sign_in_as_guest, started_table
from tests.web.legibility import problems

FAKE_NOTIFICATIONS = """
window.__told = [];
window.__hidden = false;
Object.defineProperty(document, "hidden", { get: () => window.__hidden });
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.__told.push({ title, body: options.body }); }
  close() {}
};
"""
"""The browser's Notification API as a recorder, and a tab the test hides at will."""


def arrived(page: Page, box: Mailbox, address: str, count: int = 1) -> list[EmailMessage]:
    """The emails to `address` once `count` have arrived (waiting up to the deadline)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while len(box.to(address)) < count:
        assert time.monotonic() < deadline, f"{count} email(s) to {address} did not arrive"
        page.wait_for_timeout(50)
    return box.to(address)


@pytest.fixture(scope="module")
def mail() -> Iterator[tuple[Mailbox, str]]:
    with mailbox() as opened:
        yield opened


@pytest.fixture(scope="module")
def web(
    tmp_path_factory: pytest.TempPathFactory, mail: tuple[Mailbox, str]
) -> Iterator[ServerProcess]:
    """The browser tests' server, sending email to the test's SMTP server."""
    folder = tmp_path_factory.mktemp("notify-server")
    process = ServerProcess(
        f"sqlite+aiosqlite:///{folder / 'spieltisch.sqlite3'}", folder, "--smtp", mail[1]
    )
    process.start(timeout=180)
    yield process
    process.stop()


def test_an_address_confirmed_by_the_emailed_link_and_choices_saved(
    people: People, web: ServerProcess, mail: tuple[Mailbox, str], artifacts: Path
) -> None:
    box, _smtp = mail
    ana = people()
    page = sign_in_as_guest(ana, "Ana")
    page.click("a.me")
    page.click("a[href='#/notifications']")
    page.fill("#email", "ana.browser@example.org")
    page.click("form.email button")
    page.wait_for_selector("text=Waiting for the link sent to ana.browser@example.org")
    [email] = arrived(page, box, "ana.browser@example.org")
    confirm = link(email, "/#/email/")
    # The link as the email has it: the server's own address, the page's route.
    assert confirm.startswith(web.url + "/#/email/")
    page.goto(confirm)
    page.wait_for_selector("h1:text('Address confirmed')")
    page.goto(web.url + "/#/notifications")
    page.wait_for_selector("text=Your confirmed address: ana.browser@example.org")
    chat_email = page.locator("input[data-kind=chat][data-channel=email]")
    assert not chat_email.is_checked()
    chat_email.check()
    page.click("form.notify-choices button[type=submit]")
    page.wait_for_selector("#notice:has-text('Saved')")
    page.screenshot(path=str(artifacts / "notifications-en.png"), full_page=True)
    assert problems(page, "notifications en") == []
    cookies = {c["name"]: c["value"] for c in ana.context.cookies()}
    mine = httpx.get(web.url + "/api/me/notifications", cookies=cookies).json()
    assert "email" in mine["choices"]["chat"]
    # In German, every label on the page is German.
    page.select_option("#language", "de")
    page.wait_for_selector("h1:text('Benachrichtigungen')")
    page.wait_for_selector("text=Deine bestätigte Adresse: ana.browser@example.org")
    page.screenshot(path=str(artifacts / "notifications-de.png"), full_page=True)


def test_the_browser_tells_a_hidden_tab_its_turn_and_an_email_unsubscribes_in_one_click(
    people: People, web: ServerProcess, mail: tuple[Mailbox, str]
) -> None:
    box, _smtp = mail
    ana, bo = people(), people()
    bo.context.add_init_script(FAKE_NOTIFICATIONS)
    table, ana_page, bo_page = started_table(ana, bo)
    bo_page.evaluate("window.__hidden = true")
    mover, waiting = (ana_page, bo_page) if my_turn(ana_page) else (bo_page, ana_page)
    if mover is bo_page:  # Bo moves first: then it is Ana's turn, and Bo's after hers
        click_a_move(bo_page)
        ana_page.wait_for_selector(".board-box svg [data-move], .board-box svg [data-moves]")
        click_a_move(ana_page)
    else:
        click_a_move(ana_page)
    bo_page.wait_for_function("window.__told.some((n) => n.title === 'Your turn')")
    told = bo_page.evaluate("window.__told")
    assert told[0]["body"] == "Mabula", told
    assert waiting is not None and table

    # The one-click unsubscribe, from an invitation email, in a browser not signed in.
    cookies = {c["name"]: c["value"] for c in ana.context.cookies()}
    me = httpx.get(web.url + "/api/me", cookies=cookies).json()
    given = httpx.put(
        web.url + "/api/me/email", json={"email": "ana.unsub@example.org"}, cookies=cookies
    )
    assert given.status_code == 200, given.text
    [verify] = arrived(ana_page, box, "ana.unsub@example.org")
    token = link(verify, "/#/email/").rsplit("/", 1)[1]
    httpx.post(web.url + "/api/email/verify", json={"token": token}).raise_for_status()
    bo_cookies = {c["name"]: c["value"] for c in bo.context.cookies()}
    seats = [{"kind": "me"}, {"kind": "reserved", "account": me["id"]}]
    made = httpx.post(
        web.url + "/api/tables", json={"game": "mabula", "seats": seats}, cookies=bo_cookies
    )
    assert made.status_code == 201, made.text
    invitation = arrived(ana_page, box, "ana.unsub@example.org", 2)[1]
    stranger = people()
    page = stranger.goto(link(invitation, "/#/unsubscribe/").removeprefix(web.url))
    page.wait_for_selector("h1:text('Unsubscribed')")
    mine = httpx.get(web.url + "/api/me/notifications", cookies=cookies).json()
    assert all("email" not in ways for ways in mine["choices"].values())


def test_a_forgotten_password_by_the_emailed_link_and_the_page_on_a_phone_in_french(
    people: People, web: ServerProcess, mail: tuple[Mailbox, str], artifacts: Path
) -> None:
    box, _smtp = mail
    ana = people(locale="fr-FR", width=390)
    page = sign_in_as_guest(ana, "Ana")
    cookies = {c["name"]: c["value"] for c in ana.context.cookies()}
    claim = {"username": "ana_oublie", "password": "ancien mot de passe"}
    claimed = httpx.post(web.url + "/api/session/claim", json=claim, cookies=cookies)
    assert claimed.status_code == 200, claimed.text
    # Claiming ends the browser's guest session: it carries on with the new one.
    token = claimed.json()["token"]
    ana.context.add_cookies([{"name": "spieltisch_session", "value": token, "url": web.url}])
    cookies = {"spieltisch_session": token, "spieltisch_lang": "fr"}  # as the page sends
    httpx.put(web.url + "/api/me/email", json={"email": "ana.fr@example.org"}, cookies=cookies)
    [verify] = arrived(page, box, "ana.fr@example.org")
    page.goto(link(verify, "/#/email/"))
    page.wait_for_selector("h1:text('Adresse confirmée')")
    page.goto(web.url + "/#/notifications")
    page.wait_for_selector("input[data-kind=chat][data-channel=email]")
    page.screenshot(path=str(artifacts / "notifications-fr-phone.png"), full_page=True)
    assert problems(page, "notifications fr 390") == []
    wider = page.evaluate(
        "[...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right"
        " > window.innerWidth + 0.5).map((e) => e.tagName + '.' + e.className)"
    )
    assert wider == [], "wider than the phone"

    stranger = people(locale="fr-FR", width=390)
    signin = stranger.goto("/#/signin")
    signin.click("details.forgot-password summary")
    signin.fill("#forgot-username", "ana_oublie")
    signin.click("form.forgot button")
    signin.wait_for_selector("#notice:has-text('un lien pour choisir un nouveau mot de passe')")
    reset = arrived(page, box, "ana.fr@example.org", 2)[1]
    assert reset["Subject"] == "Choisir un nouveau mot de passe pour spieltisch"
    signin.goto(link(reset, "/#/reset/"))
    signin.fill("#new-password", "nouveau mot de passe")
    signin.click("form.reset button")
    signin.wait_for_url(web.url + "/#/")
    signin.wait_for_selector("a.me:text('Ana')")  # signed in by the new password's page
    answer = httpx.post(
        web.url + "/api/session/signin",
        json={"username": "ana_oublie", "password": "nouveau mot de passe"},
    )
    assert answer.status_code == 200, answer.text
