"""A hostile pass over the pages anyone reads without signing in (after issue 48): the
rules summary behind the tutorial and the table's Rules button was rendered again on
the event loop for every request (15-50 ms each), so anonymous requests in a loop
stalled every table. It is made once per game and language."""

from __future__ import annotations

import pytest

from spieltisch.web import content
from tests.server.in_process import an_app, run


def test_the_rules_are_rendered_once_per_game_and_language(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rendered: list[str] = []
    real = content.render_rules

    def counting(markdown: str, code: str) -> str:
        rendered.append(code)
        return real(markdown, code)

    monkeypatch.setattr(content, "render_rules", counting)
    content.rules_html.cache_clear()

    async def scenario() -> None:
        async with an_app(url) as (client, _services):
            for _ in range(20):
                for code in ("de", "fr"):
                    answer = await client.get(f"/api/games/mahe/rules/{code}")
                    assert answer.status_code == 200 and "<h" in answer.json()["html"]
            assert (await client.get("/api/games/nope/rules/de")).status_code == 404

    run(scenario)
    content.rules_html.cache_clear()
    assert sorted(rendered) == ["de", "fr"]
