"""Web Push from the notifications page (issue 43): the browser's permission is asked
only when the person clicks, the service worker is registered, the subscription (made
with the server's VAPID public key) is kept for the account, an invitation is pushed to
it encrypted for that browser alone (a local push service receives it; the test
decrypts it with the browser's keys), and stopping it forgets it on the server.

Headless Chromium has no push service of its own: the browser's `PushManager` hands
the page a subscription to the test's local push service instead (the keys are the
test's), and the permission prompt is a recorder."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from spieltisch.server.infra.push import make_keys
from spieltisch.store import upgrade
from tests.server.hooks import Receiver, receiver
from tests.server.server_thread import ServerThread
from tests.server.test_web_push import Browser, b64
from tests.waiting import wait_until
from tests.web.conftest import People
from tests.web.flows import sign_in_as_guest

FAKE_PUSH = """
window.__asked = 0;
window.__key = null;
Notification.requestPermission = () => { window.__asked += 1; return Promise.resolve("granted"); };
let subscribed = null;
PushManager.prototype.subscribe = function (options) {
  window.__key = Array.from(new Uint8Array(options.applicationServerKey));
  subscribed = {
    endpoint: window.__subscription.endpoint,
    toJSON: () => window.__subscription,
    unsubscribe: () => { subscribed = null; return Promise.resolve(true); },
  };
  return Promise.resolve(subscribed);
};
PushManager.prototype.getSubscription = function () { return Promise.resolve(subscribed); };
"""


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    folder = tmp_path_factory.mktemp("vapid")
    return folder / "vapid.pem", make_keys(folder / "vapid.pem")


@pytest.fixture(scope="module")
def service() -> Iterator[tuple[Receiver, str]]:
    with receiver() as found:
        yield found


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory, keys: tuple[Path, str]) -> Iterator[ServerThread]:
    folder = tmp_path_factory.mktemp("web-push")
    url = f"sqlite+aiosqlite:///{folder / 'spieltisch.sqlite3'}"
    with ThreadPoolExecutor(1) as thread:  # Playwright's loop runs in this one
        thread.submit(upgrade, url).result()
    server = ServerThread(url, vapid_key=str(keys[0]), outbox_poll_seconds=0.1)
    server.start()
    yield server
    server.stop()


def test_push_subscribed_on_a_click_and_an_invitation_pushed(
    people: People,
    web: ServerThread,
    keys: tuple[Path, str],
    service: tuple[Receiver, str],
    artifacts: Path,
) -> None:
    pushes, push_url = service
    ana, bob = people("en-GB"), people("de-DE")
    ana.context.add_init_script(FAKE_PUSH)
    page = sign_in_as_guest(ana, "Ana")
    device = Browser(push_url.replace("/hook", "/push/ana"))
    page.goto(f"{ana.base}/#/notifications")
    button = page.locator(".notify-push button.push-on")
    button.wait_for()
    assert page.evaluate("window.__asked") == 0  # not asked before the click
    page.evaluate(f"window.__subscription = {device.subscription()!r}".replace("None", "null"))
    button.click()
    page.locator(".notify-push p.push-on").wait_for()
    assert page.evaluate("window.__asked") == 1
    assert b64(bytes(page.evaluate("window.__key"))) == keys[1]  # the server's VAPID key
    registered = page.evaluate(
        "navigator.serviceWorker.getRegistration('/')"
        ".then((r) => r && r.active && r.active.scriptURL)"
    )
    assert registered == f"{ana.base}/sw.js"
    page.screenshot(path=str(artifacts / "web-push-on.png"), full_page=True)
    mine = ana.context.request.get(f"{ana.base}/api/me/push").json()
    assert mine == {"devices": 1}
    me = ana.context.request.get(f"{ana.base}/api/session").json()["account"]["id"]

    # Bob invites Ana: her device gets it pushed, with no tab of the table open.
    sign_in_as_guest(bob, "Bob")
    seats: list[dict[str, Any]] = [{"kind": "me"}, {"kind": "reserved", "account": me}]
    made = bob.context.request.post(
        f"{bob.base}/api/tables", data={"game": "mabula", "seats": seats}
    )
    assert made.ok, made.text()
    table = made.json()["id"]
    wait_until(lambda: any(h.path == "/push/ana" for h in pushes.hooks()), what="the push")
    [told] = [device.read(h) for h in pushes.hooks() if h.path == "/push/ana"]
    assert told["title"] == "Bob invites you to a table of Mabula"
    assert told["url"] == f"{web.settings.site()}/#/table/{table}"
    # Stopped on the page: the server forgets it.
    page.click(".notify-push button.push-off")
    page.locator(".notify-push button.push-on").wait_for()
    assert ana.context.request.get(f"{ana.base}/api/me/push").json() == {"devices": 0}
