"""An account's browsers that get Web Push notifications: subscribed from the
notifications page (the browser's `PushSubscription`), each forgotten on its own;
only ever told to the account itself."""

from __future__ import annotations

from spieltisch.server.i18n import _
from spieltisch.server.infra.push import check_endpoint
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.notifications import PushIn, PushOut
from spieltisch.server.services.unit_of_work import reading, transaction
from spieltisch.store import Database
from spieltisch.store.push import count, subscribe, unsubscribe


class PushDevices:
    def __init__(self, database: Database, public_key: str | None) -> None:
        self.database = database
        self.public_key = public_key

    async def mine(self, account_id: int) -> PushOut:
        async with reading(self.database) as session:
            return PushOut(devices=await count(session, account_id))

    async def add(self, account_id: int, body: PushIn) -> PushOut:
        if self.public_key is None:
            raise Refusal(
                Code.CONFLICT,
                _("this server sends no push notifications: its host configured no VAPID key"),
            )
        endpoint = check_endpoint(body.endpoint)
        async with transaction(self.database) as session:
            await subscribe(session, account_id, endpoint, body.keys.p256dh, body.keys.auth)
            await session.flush()
            return PushOut(devices=await count(session, account_id))

    async def remove(self, account_id: int, endpoint: str) -> PushOut:
        async with transaction(self.database) as session:
            if not await unsubscribe(session, account_id, endpoint):
                raise Refusal(Code.NOT_FOUND, _("no push subscription of yours has this address"))
            await session.flush()
            return PushOut(devices=await count(session, account_id))
