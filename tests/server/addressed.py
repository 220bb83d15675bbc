"""The whole app in-process with clients at chosen network addresses: what limits by
address (an IPv6 /64, the password queue, connections) are tested with."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
from fastapi import FastAPI

from spieltisch.server import Settings, create_app
from spieltisch.server.infra.limits import RateLimits


@asynccontextmanager
async def an_app_at_addresses(url: str, **settings: Any) -> AsyncIterator[FastAPI]:
    """The app with its lifespan run (rate limits on unless `rate_limits` says)."""
    chosen: dict[str, Any] = {
        "ai_processes": False,
        "ai_pace": 0.0,
        "migrate": False,
        "rate_limits": RateLimits(),
        **settings,
    }
    app = create_app(Settings(database_url=url, **chosen))
    async with app.router.lifespan_context(app):
        yield app


def client_at(app: FastAPI, host: str) -> httpx.AsyncClient:
    """A client whose requests come from `host`."""
    transport = httpx.ASGITransport(app=app, client=(host, 40000), raise_app_exceptions=False)
    return httpx.AsyncClient(transport=transport, base_url="http://test")


async def guest_at(app: FastAPI, host: str, name: str) -> tuple[httpx.AsyncClient, dict[str, Any]]:
    """A guest account made from `host`, and a client that acts as it from there."""
    client = client_at(app, host)
    answer = await client.post("/api/session/guest", json={"name": name})
    assert answer.status_code == 200, answer.text
    client.headers["Authorization"] = f"Bearer {answer.json()['token']}"
    return client, answer.json()
