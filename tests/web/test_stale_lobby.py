"""A page left behind writes nothing over the next one: the lobby re-renders itself after
a language switch or a guest's sign-in, and such a render still waiting for the server
when the person opens a table must not put the lobby back over the table (a whole run
showed the lobby where the table should have been, 2026-12-07)."""

from __future__ import annotations

from playwright.sync_api import Route

from tests.web.conftest import People
from tests.web.flows import create_table_by_api, sign_in_as_guest

AI = {"kind": "ai", "level": "easy"}


def test_a_lobby_render_still_waiting_does_not_cover_the_table(people: People) -> None:
    ana = people("en-GB")
    page = sign_in_as_guest(ana, "Ana")
    table = create_table_by_api(ana, "mabula", [{"kind": "me"}, AI])
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/api/forms*", hold)  # the lobby's render waits for its forms
    with page.expect_request("**/api/forms*"):
        page.select_option("#language", "de")  # the lobby renders itself again in German
    page.goto(f"{ana.base}/#/table/{table}")
    page.wait_for_selector(".board-box svg")
    assert held, "the lobby asked for its forms again after the language switch"
    started = page.evaluate("performance.now()")
    for route in held:
        route.continue_()
    page.unroute("**/api/forms*")
    # The forms have arrived and the render waiting for them has had its turn.
    page.wait_for_function(
        """started => performance.getEntriesByType("resource").some(
            (entry) => entry.name.includes("/api/forms") && entry.responseEnd > started)""",
        arg=started,
    )
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done)))")
    assert page.locator(".board-box svg").count() == 1
    assert page.locator("#page h1", has_text="Spieltische").count() == 0
    assert page.url.endswith(f"#/table/{table}")
