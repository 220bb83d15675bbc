"""The pages work under the server's Content-Security-Policy: the lobby, a table with its
board and a move played, with no violation logged (issue 35, Low: security headers)."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.server.servers import ServerProcess
from tests.web.conftest import Person
from tests.web.flows import CLICKABLE, create_table_by_api, sign_in_as_guest


def test_the_lobby_and_a_table_run_under_the_content_security_policy(
    browser: Browser, web: ServerProcess
) -> None:
    ana = Person(browser, web.url, "en-GB", csp=True)
    try:
        page = sign_in_as_guest(ana, "Ana")
        table = create_table_by_api(
            ana, "mabula", [{"kind": "me"}, {"kind": "ai", "level": "easy"}]
        )
        page.goto(f"{web.url}/#/table/{table}")
        page.wait_for_selector(CLICKABLE)
        page.locator(CLICKABLE).first.click()
        page.goto(f"{web.url}/docs")
        page.wait_for_selector(".swagger-ui .opblock")
        assert ana.errors == [], ana.errors
    finally:
        ana.close()
