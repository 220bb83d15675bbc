"""Probes for a host: `/healthz` (the process answers) and `/readyz` (it can serve:
the database answers at the package's migration and the process is not stopping). A
load balancer sends new people only to ready processes; a supervisor restarts one that
is not healthy."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from spieltisch.server.routes.context import Svc
from spieltisch.server.schemas.hosting import Health, Readiness
from spieltisch.server.services.readiness import readiness

router = APIRouter(tags=["hosting"])


# HEAD as a route of its own, left out of the API description: one route of two methods
# gets one operation id for both (a generated client then has two functions of one name).
@router.get("/healthz", response_model=Health)
@router.head("/healthz", include_in_schema=False)
async def healthz() -> Health:
    """The process lives and its event loop answers (nothing else is asked)."""
    return Health(status="ok")


@router.get(
    "/readyz",
    response_model=Readiness,
    responses={503: {"model": Readiness, "description": "Not ready: the fields say why."}},
)
@router.head("/readyz", include_in_schema=False)
async def readyz(svc: Svc) -> JSONResponse:
    """Ready to serve (200) or not (503), and why."""
    answer = await readiness(svc.database, svc.draining)
    return JSONResponse(answer.model_dump(), status_code=200 if answer.ready else 503)
