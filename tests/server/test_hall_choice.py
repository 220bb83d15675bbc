"""The hall screen follows the director's choice, in-process: a screen opened without a
view shows everything in turn until the director chooses a part; the address's own view
wins; nobody else chooses, and a view or a time not offered is refused."""

from __future__ import annotations

import httpx

from tests.server.in_process import an_app, guest, run


def _hall(page: str) -> tuple[str, str, str]:
    start = page.index('<div id="hall"')
    head = page[start : page.index(">", start)]
    values = [
        head.split(f'data-{key}="')[1].split('"')[0] for key in ("view", "seconds", "follows")
    ]
    return values[0], values[1], values[2]


def test_the_hall_screen_follows_the_director(url: str) -> None:
    async def scenario() -> None:
        async with an_app(url) as (client, _svc):
            _boss, as_boss = await guest(client, "Leitung")
            _other, as_other = await guest(client, "Gast")
            client.cookies.clear()
            body = {"name": "Abend", "rounds": 1, "seed": "hall"}
            created = await client.post("/api/tournaments", json=body, headers=as_boss)
            tid = created.json()["id"]
            screen = f"/print/tournaments/{tid}/hall.html"

            async def shown(path: str = screen) -> tuple[str, str, str]:
                answer = await client.get(path)  # no sign-in: the projector's browser
                assert answer.status_code == 200, answer.text
                return _hall(answer.text)

            assert await shown() == ("rotate", "20", "yes")
            choice = {"view": "standings", "seconds": 30}
            chosen = await client.post(f"/api/tournaments/{tid}/hall", json=choice, headers=as_boss)
            assert chosen.status_code == 204, chosen.text
            assert await shown() == ("standings", "30", "yes")
            assert await shown(screen + "?view=timer") == ("timer", "30", "no")
            stranger = await client.post(
                f"/api/tournaments/{tid}/hall", json=choice, headers=as_other
            )
            assert stranger.status_code == 403
            for bad in ({"view": "clock"}, {"view": "where", "seconds": 2}):
                refused = await client.post(
                    f"/api/tournaments/{tid}/hall", json=bad, headers=as_boss
                )
                assert refused.status_code == 422, refused.text
            assert await shown() == ("standings", "30", "yes")
            wrong: httpx.Response = await client.get(screen + "?view=clock")
            assert wrong.status_code == 409 and "rotate, seating" in wrong.json()["detail"]

    run(scenario)
