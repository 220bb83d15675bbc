"""Security headers on every HTTP answer, and the API docs served from this server.

The table page loads only its own scripts and styles (ES modules from /static) and
opens WebSockets to its own origin, so its Content-Security-Policy allows nothing
else; boards are inline SVG with style attributes, hence 'unsafe-inline' for styles
only. No page may be framed (clickjacking), types are not sniffed, and links to other
sites carry no path. `/docs` uses Swagger UI's files from the `swagger-ui-py` package
(Swagger UI 5, which reads OpenAPI 3.1) under /docs-assets instead of a CDN, so no
foreign script runs on the origin of the session cookie; its one inline start-up script
is allowed on that page only.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; "
    "base-uri 'none'; form-action 'self'; object-src 'none'"
)
DOCS_POLICY = POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
ASSETS = "/docs-assets"
HEADERS = [
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"strict-origin-when-cross-origin"),
]


class SecurityHeaders:
    """Adds the security headers to every HTTP answer that does not set its own."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = DOCS_POLICY if scope["path"] == "/docs" else POLICY

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _value in headers}
                extra = [*HEADERS, (b"content-security-policy", policy.encode())]
                headers += [(name, value) for name, value in extra if name not in present]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, with_headers)


def serve_docs(app: FastAPI) -> None:
    """`/docs` from Swagger UI's packaged files (the app is made with `docs_url=None`)."""
    import swagger_ui

    folder = Path(swagger_ui.__file__).parent / "static"
    app.mount(ASSETS, StaticFiles(directory=folder), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json",
            title=f"{app.title} API",
            swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{ASSETS}/favicon-32x32.png",
        )
