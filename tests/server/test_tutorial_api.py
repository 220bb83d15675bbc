"""Every tutorial through the HTTP API, in each language (issue 44): the steps the page
gets are the ones the engine plays (`core/tutorial.py`), each asked move is offered, and
each one played changes the board the next step shows."""

from __future__ import annotations

from spieltisch.core import game_names
from spieltisch.core.registry import game_class
from spieltisch.core.tutorial import frames, tutorial_of
from tests.server.in_process import an_app, run

WITH_TUTORIAL = [name for name in game_names() if tutorial_of(name) is not None]
LANGUAGES = ("de", "en", "fr")


def test_every_tutorial_is_played_through_the_api(url: str) -> None:
    played = {(game, code): frames(game, code) for game in WITH_TUTORIAL for code in LANGUAGES}

    async def scenario() -> None:
        async with an_app(url) as (client, _services):
            for game in WITH_TUTORIAL:
                for code in LANGUAGES:
                    answer = await client.get(f"/api/games/{game}/tutorial/{code}")
                    assert answer.status_code == 200, answer.text
                    body = answer.json()
                    assert body["title"] == game_class(game).info().title
                    assert body["language"] == code
                    steps = body["steps"]
                    assert steps == played[game, code]  # what the engine plays
                    for index, step in enumerate(steps):
                        assert f'lang="{code}"' in step["board_svg"][:500]
                        if step["ask"] is None:
                            continue
                        offered = [move["move"] for move in step["moves"]]
                        assert step["ask"] in offered, (game, step["ask"], offered)
                        later = steps[index + 1 :]
                        assert not later or later[0]["board_svg"] != step["board_svg"]
            refused = await client.get("/api/games/nope/tutorial/de")
            assert refused.status_code == 404 and "nope" in refused.text

    run(scenario)
