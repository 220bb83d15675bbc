"""The browser tests: Debian's Chromium driven by Playwright against `spieltisch serve`
under uvicorn on 127.0.0.1, a free port and a temporary SQLite file: one server for each
xdist worker, shared by its modules, but for a module marked `OWN_SERVER`."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    BrowserType,
    ConsoleMessage,
    Page,
    Playwright,
    sync_playwright,
)

from spieltisch.cli.picture import chromium_path
from tests.server.servers import ServerProcess
from tests.web.deadlines import WAIT_MS

PAGES_AT_FAILURE = """() => {
  const text = (selector) => document.querySelector(selector)?.innerText ?? null;
  const live = window.spieltisch?.live;
  const socket = live?.socket;
  return {
    url: location.href,
    status: text(".status"),
    seats: text(".seat-list"),
    notice: text("#notice"),
    live: live && {
      lastSeq: live.lastSeq, closed: live.closed, retry: live.retry, socket: socket?.readyState,
    },
  };
}"""
"""What each open page showed when a test failed: its status line, seats and connection
(a flake seen once in CI is otherwise a timeout and nothing else)."""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A failed browser test's report carries what its pages showed, and a screenshot of
    each goes to the artifacts (taken while the pages are still open)."""
    report = yield
    made = item.funcargs.get("people") if isinstance(item, pytest.Function) else None
    if report.when == "call" and report.failed and isinstance(made, People):
        assert isinstance(item, pytest.Function)
        folder: Path = item._request.getfixturevalue("artifacts")
        name = re.sub(r"[^\w.-]+", "-", item.name)[:80]
        report.sections.append(("pages at the failure", made.evidence(folder, name)))
    return report


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The long forms (a whole game without a round limit) run only under `-m long`."""
    if re.search(r"\blong\b", config.getoption("markexpr") or ""):
        return
    long = [item for item in items if item.get_closest_marker("long")]
    if long:
        config.hook.pytest_deselected(items=long)
        items[:] = [item for item in items if not item.get_closest_marker("long")]


_KEPT: dict[str, Any] = {}
"""Playwright (its context manager, "manager", and "playwright") and its Chromium
("browser"), kept from one browser module to the next in a worker: starting them took
about 2 s of CPU and 2-4 s of wall time a module (benchmarks/results/suite.md)."""

HERE = Path(__file__).parent


def _stop_kept() -> None:
    browser: Browser | None = _KEPT.pop("browser", None)
    if browser is not None and browser.is_connected():
        browser.close()
    _KEPT.pop("playwright", None)
    manager = _KEPT.pop("manager", None)
    if manager is not None:
        manager.__exit__(None, None, None)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Any:
    """Playwright stops when the worker's next test is not a browser test, not for the
    whole session as pytest-playwright keeps it: while its sync API is started, an event
    loop is marked as running in the main thread, so every `asyncio.run` of a later test
    in the same xdist worker failed (a train had 190 such failures and errors; see
    microsoft/playwright-pytest#167). Between browser tests it goes on."""
    try:
        return (yield)
    finally:
        if nextitem is None or not nextitem.path.is_relative_to(HERE):
            _stop_kept()


@pytest.fixture(scope="module")
def playwright() -> Playwright:
    """Playwright as the last browser module left it, else started (see `_KEPT`)."""
    if "playwright" not in _KEPT:
        manager = sync_playwright()
        _KEPT["playwright"] = manager.start()
        _KEPT["manager"] = manager
    started: Playwright = _KEPT["playwright"]
    return started


@pytest.fixture(scope="module")
def browser_type(playwright: Playwright, browser_name: str) -> BrowserType:
    chosen: BrowserType = getattr(playwright, browser_name)
    return chosen


@pytest.fixture(scope="module")
def browser(browser_type: BrowserType, browser_type_launch_args: dict[str, Any]) -> Browser:
    """The Chromium the last browser module left, else a new one (see `_KEPT`); each
    person has a browser context of their own, closed after each test."""
    kept: Browser | None = _KEPT.get("browser")
    if kept is None or not kept.is_connected():
        kept = _KEPT["browser"] = browser_type.launch(**browser_type_launch_args)
    return kept


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium (CHROMIUM_PATH overrides); `playwright install` cannot run here."""
    path = os.environ.get("CHROMIUM_PATH") or chromium_path()
    assert path, "Chromium is missing: scripts/test.sh installs chromium-headless-shell"
    return {**browser_type_launch_args, "executable_path": path}


OWN_SERVER = pytest.mark.own_server
"""A module whose tests need a database no other module has written to (`pytestmark =
OWN_SERVER`): what it asserts about the lobby, the leaderboard, the lists of pages or a
review not yet made would depend on which modules ran before it in the same worker."""


def _served(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp(name)
    process = ServerProcess(f"sqlite+aiosqlite:///{folder / 'spieltisch.sqlite3'}", folder)
    process.start(timeout=180)  # generous: a loaded CI machine starts Python slowly
    yield process
    process.stop()


@pytest.fixture(scope="session")
def shared_web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One `spieltisch serve` for each xdist worker, shared by the modules that need no
    database of their own: a server's start took 4 s of CPU (imports, FastAPI's routes)
    and 3-15 s of wall time, once per module before (benchmarks/results/suite.md)."""
    yield from _served(tmp_path_factory, "web-shared")


@pytest.fixture(scope="module")
def web(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """The worker's shared server, or the module's own where it is marked `OWN_SERVER`."""
    if request.node.get_closest_marker("own_server") is None:
        shared: ServerProcess = request.getfixturevalue("shared_web")
        yield shared
    else:
        yield from _served(tmp_path_factory, "web-server")


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: SPIELTISCH_ARTIFACTS, else a folder in pytest's temp folder."""
    configured = os.environ.get("SPIELTISCH_ARTIFACTS")
    folder = Path(configured) if configured else tmp_path_factory.getbasetemp() / "artifacts"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Person:
    """One browser context (its own cookies: one person) with the errors its pages log."""

    def __init__(
        self,
        browser: Browser,
        base: str,
        locale: str,
        width: int = 1200,
        csp: bool = False,
        autoplay: bool = False,
    ) -> None:
        # Playwright evaluates string predicates (wait_for_function) with eval, which the
        # server's Content-Security-Policy forbids; test_content_security.py plays under
        # the policy (`csp=True`).
        self.context: BrowserContext = browser.new_context(
            locale=locale, viewport={"width": width, "height": 900}, bypass_csp=not csp
        )
        self.context.set_default_timeout(WAIT_MS)
        if not autoplay:
            # The page plays a lone legal move by itself (its default): tests that click
            # every move themselves turn that off, as a person may.
            self.context.add_init_script("localStorage.setItem('spieltisch.autoplay', 'off')")
        self.base = base
        self.locale = locale
        self.errors: list[str] = []
        self.page = self.open()

    def open(self) -> Page:
        page = self.context.new_page()
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        return page

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def goto(self, path: str = "/") -> Page:
        self.page.goto(self.base + path)
        self.page.wait_for_selector("#nav a")
        return self.page

    def close(self) -> None:
        self.context.close()


class People:
    """Makes people at the test's table; checks at the end that no page logged an error."""

    def __init__(self, browser: Browser, web: ServerProcess) -> None:
        self.browser = browser
        self.web = web
        self.made: list[Person] = []

    def __call__(self, locale: str = "en-GB", width: int = 1200, autoplay: bool = False) -> Person:
        person = Person(self.browser, self.web.url, locale, width, autoplay=autoplay)
        self.made.append(person)
        return person

    def evidence(self, folder: Path, name: str) -> str:
        """Each open page's state as text, and its screenshot in `folder`."""
        lines = []
        for number, person in enumerate(self.made):
            for index, page in enumerate(person.context.pages):
                label = f"person {number} ({person.locale}) page {index}"
                try:
                    shown = page.evaluate(PAGES_AT_FAILURE)
                    shot = folder / f"failed-{name}-{number}-{index}.png"
                    page.screenshot(path=str(shot), timeout=10_000)
                    shown["screenshot"] = str(shot)
                except Exception as error:  # a closed or hung page says so
                    shown = {"unreadable": repr(error)[:200]}
                lines.append(f"{label}: {shown}")
            lines.extend(f"  {error}" for error in person.errors[-10:])
        return "\n".join(lines)


@pytest.fixture
def people(browser: Browser, web: ServerProcess) -> Iterator[People]:
    made = People(browser, web)
    yield made
    errors = [error for person in made.made for error in person.errors]
    for person in made.made:
        person.close()
    assert errors == [], "the pages logged errors"
