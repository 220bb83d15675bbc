"""A page left behind writes nothing over the next one: pages render themselves again
after a language switch (the lobby after a guest's sign-in too), and such a render still
waiting for the server when the person opens a table must not put that page back over the
table (a whole run showed the lobby where the table should have been, 2026-12-07). Each
page writes into a box of its own (`app.js`), so a late render lands nowhere."""

from __future__ import annotations

import pytest
from playwright.sync_api import Route

from tests.web.conftest import People
from tests.web.flows import create_table_by_api, sign_in_as_guest

AI = {"kind": "ai", "level": "easy"}

PAGES = {
    "lobby": ("", "**/api/forms*"),
    "ratings": ("ratings", "**/api/ratings/*"),
    "clubs": ("clubs", "**/api/clubs"),
}
"""A page, and the request its render after a language switch waits for."""


@pytest.mark.parametrize("left", sorted(PAGES))
def test_a_render_still_waiting_does_not_cover_the_table(people: People, left: str) -> None:
    address, request = PAGES[left]
    ana = people("en-GB")
    page = sign_in_as_guest(ana, "Ana")
    table = create_table_by_api(ana, "mabula", [{"kind": "me"}, AI])
    if address:  # else the lobby, where the sign-in left the page
        with page.expect_response(request):
            page.goto(f"{ana.base}/#/{address}")
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route(request, hold)
    with page.expect_request(request):
        page.select_option("#language", "de")  # the page renders itself again in German
    page.goto(f"{ana.base}/#/table/{table}")
    page.wait_for_selector(".board-box svg")
    heading = page.locator("#page h1").all_inner_texts()
    assert held, f"the {left} page asked for {request} again after the language switch"
    started = page.evaluate("performance.now()")
    for route in held:
        route.continue_()
    page.unroute(request)
    # The answer has arrived and the render waiting for it has had its turn.
    page.wait_for_function(
        """([started, part]) => performance.getEntriesByType("resource").some(
            (entry) => entry.name.includes(part) && entry.responseEnd > started)""",
        arg=[started, request.strip("*")],
    )
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done)))")
    assert page.locator(".board-box svg").count() == 1
    assert page.locator("#page h1").all_inner_texts() == heading
    assert page.url.endswith(f"#/table/{table}")
