"""Web Push: the server's public key, and your browsers' subscriptions (yours alone)."""

from __future__ import annotations

from fastapi import APIRouter

from spieltisch.server.routes.context import Me, Svc
from spieltisch.server.schemas.notifications import PushIn, PushKeyOut, PushOff, PushOut
from spieltisch.server.schemas.rest import REFUSALS

router = APIRouter(prefix="/api", responses=REFUSALS, tags=["notifications"])


@router.get("/push/key", response_model=PushKeyOut)
async def push_key(svc: Svc) -> PushKeyOut:
    """The VAPID public key a browser subscribes with (null: no Web Push here)."""
    return PushKeyOut(public_key=svc.push_devices.public_key)


@router.get("/me/push", response_model=PushOut)
async def my_push(me: Me, svc: Svc) -> PushOut:
    """How many of your browsers get Web Push notifications."""
    return await svc.push_devices.mine(me)


@router.put("/me/push", response_model=PushOut)
async def add_push(body: PushIn, me: Me, svc: Svc) -> PushOut:
    """Keep this browser's push subscription: your notifications of the browser channel
    reach it with no tab open."""
    return await svc.push_devices.add(me, body)


@router.delete("/me/push", response_model=PushOut)
async def remove_push(body: PushOff, me: Me, svc: Svc) -> PushOut:
    """Forget your browser's subscription at `endpoint` (404: none of yours there)."""
    return await svc.push_devices.remove(me, body.endpoint)
