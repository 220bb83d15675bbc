"""`GET /metrics`: the server's metrics in Prometheus's text format, for the machines
of its own network only (`infra/metrics.py` says what they are)."""

from __future__ import annotations

import ipaddress

from fastapi import APIRouter, Request
from fastapi.responses import Response

from spieltisch.server.i18n import _
from spieltisch.server.infra.metrics import (
    CONTENT_TYPE,
    exposition,
    notifications_pending,
    tables,
)
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.routes.context import Svc, address
from spieltisch.server.services.census import notifications_waiting, tables_by_status

router = APIRouter(tags=["hosting"])


def from_inside(host: str | None) -> bool:
    """A loopback or private address (behind a proxy: the visitor's own address, so
    visitors from outside never see the metrics)."""
    try:
        found = ipaddress.ip_address(host or "")
    except ValueError:
        return False
    return found.is_loopback or found.is_private


@router.get("/metrics", response_class=Response, include_in_schema=False)
async def metrics(request: Request, svc: Svc) -> Response:
    """Every metric of this server (all processes of `--workers N`); from a loopback or
    private address only (404 elsewhere)."""
    if not from_inside(address(request)):
        # The answer of any address that is not there.
        raise Refusal(Code.NOT_FOUND, _("nothing here: the API is described at /docs"))
    body = exposition(
        tables(await tables_by_status(svc.database)),
        notifications_pending(await notifications_waiting(svc.database)),
    )
    return Response(body, media_type=CONTENT_TYPE)
