"""The lobby service the routes call: the list of tables, a table described, and each
change of seats (create, join, leave, start, rematch) as one transaction of its own,
after which the live tables are told."""

from __future__ import annotations

import logging
from collections.abc import Collection
from functools import partial
from typing import Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.core.i18n import get_language
from spieltisch.server.description.privacy import may_see, table_for
from spieltisch.server.description.tables import (
    QUICK_GAME_SECONDS,
    QUICK_MOVE_SECONDS,
    describe_table,
    describe_tables,
)
from spieltisch.server.infra.keyed_locks import KeyedLocks
from spieltisch.server.schemas.messages import TableOut
from spieltisch.server.schemas.rest import TableIn
from spieltisch.server.services.lobby_filters import TableFilter
from spieltisch.server.services.new_tables import (
    check_computer_tables,
    check_open_tables,
    create_table,
)
from spieltisch.server.services.seating import get_table, join, leave, rematch, start
from spieltisch.server.services.table_notices import invitations
from spieltisch.server.services.unit_of_work import reading, transaction
from spieltisch.store import Database
from spieltisch.store.accounts import played
from spieltisch.store.lobby_where import lobby_conditions
from spieltisch.store.models import GameTable, TableStatus
from spieltisch.store.tables import (
    account_names,
    private_among,
    public_tables,
    running_tables_of,
    seats_of_tables,
)

logger = logging.getLogger("spieltisch.server")

MINE = 50
"""How many of a person's newest tables "my games" looks through."""
UNFINISHED = (TableStatus.OPEN, TableStatus.RUNNING)


async def list_tables(
    session: AsyncSession,
    limit: int = 100,
    finished: bool = False,
    chosen: TableFilter | None = None,
) -> list[TableOut]:
    """Public tables that are open or running, open ones first, at most a few of each
    account (or with `finished`, the finished ones, to replay), newest first; with
    `chosen`, those it admits (found by the database, decided exactly here)."""
    where = (
        []
        if chosen is None
        else lobby_conditions(
            game=chosen.game,
            language=chosen.language,
            free=chosen.free,
            computers=chosen.computers,
            player=chosen.player,
            against_computers=chosen.against_computers,
            speed=None
            if chosen.speed is None
            else (chosen.speed, QUICK_MOVE_SECONDS, QUICK_GAME_SECONDS),
            paused=chosen.paused,
            away=chosen.away,
        )
    )
    tables = await describe_tables(session, await public_tables(session, limit, finished, where))
    return tables if chosen is None else [t for t in tables if chosen.admits(t)]


class LiveTables(Protocol):
    """The tables in play (`table.runtime.Runtime`), as far as the lobby needs them: told
    of a change (their connections see it), started when nobody watches yet."""

    async def room(self, table_id: str) -> object: ...

    async def changed(self, table_id: str) -> None: ...

    async def claim(self, table_id: str) -> bool: ...

    def owns(self, table_id: str) -> bool: ...

    async def release(self, table_id: str) -> None: ...


class Lobby:
    """The tables as the routes ask for them: each method one transaction of its own,
    then the live tables told."""

    def __init__(
        self,
        database: Database,
        live: LiveTables,
        digest_seconds: float = 24 * 3600.0,
        starting: KeyedLocks | None = None,
    ) -> None:
        self.database = database
        self.live = live
        self.digest_seconds = digest_seconds
        """When the emails of accounts that chose a digest go (their invitations too)."""
        self.starting = KeyedLocks() if starting is None else starting
        """One start of a table at a time in this process: what a refused one lets go of
        is its own claim. A lobby is made for each request, so the process's services
        pass theirs (`Services.starting`)."""

    async def listed(
        self, finished: bool = False, chosen: TableFilter | None = None
    ) -> list[TableOut]:
        """The lobby's list (`list_tables`), what `chosen` admits: three queries however
        many tables."""
        async with reading(self.database) as session:
            return await list_tables(session, finished=finished, chosen=chosen)

    async def mine(self, account: int) -> list[TableOut]:
        """`account`'s tables not yet ended (private ones too), running first: the
        lobby's "my games", where a person finds their way back to a game."""
        async with reading(self.database) as session:
            rows = await played(session, account, MINE)
            tables = [table for _seat, table in rows if table.status in UNFINISHED]
            tables.sort(key=lambda table: table.status != TableStatus.RUNNING)
            return await describe_tables(session, tables)

    async def running_of(self, account: int) -> list[TableOut]:
        """The running real-time games `account` plays (a paused one among them): "my
        running games", to go back to (the turn-based ones are "my games", `turns`)."""
        async with reading(self.database) as session:
            found = await running_tables_of(session, account, 50)
            return await describe_tables(session, [t for t in found if not t.turn_based])

    async def described(self, table_id: str) -> TableOut:
        async with reading(self.database) as session:
            return await describe_table(session, await get_table(session, table_id))

    async def shown_to(self, table_id: str, viewer: int | None) -> TableOut:
        """The table as `viewer` may see it (a private table's rematch only to its seats)."""
        return table_for(await self.described(table_id), viewer)

    async def create(
        self,
        creator: int,
        spec: TableIn,
        created_from: str | None,
        open_limits: dict[str, int] | None,
    ) -> TableOut:
        """A new table, counted against the creator's unfinished computer tables and
        (with `open_limits`) their open ones."""
        async with transaction(self.database) as session:
            await check_computer_tables(session, creator, spec)
            if open_limits is not None:
                await check_open_tables(session, creator, created_from, open_limits)
            table = await create_table(
                session,
                creator,
                spec,
                created_from=created_from,
                language=get_language(),
                invite=partial(invitations, by=creator, digest=self.digest_seconds),
            )
            described = await describe_table(session, table)
        logger.info("table %s: created (%s)", table.id, spec.game, extra={"table_id": table.id})
        return described

    async def join(self, table_id: str, account: int, seat: int | None) -> TableOut:
        """Sit down (`join`); a rematch whose last seat this was starts at once."""
        async with transaction(self.database) as session:
            await join(session, table_id, account, seat)
        described = await self._after_change(table_id)
        if described.status == TableStatus.RUNNING:
            await self.live.room(table_id)
        return described

    async def leave(self, table_id: str, account: int) -> TableOut:
        async with transaction(self.database) as session:
            await leave(session, table_id, account)
        return await self._after_change(table_id)

    async def start(self, table_id: str, account: int) -> TableOut:
        # Owned here before it runs: another process's sweep takes running tables nobody
        # owns, and would take this one in the moment between its start and its loading.
        # A refused start lets go of its claim, else refusals (of a stranger, say) would
        # pile up locks in PostgreSQL's shared table while the table stays open; but not
        # of a table held before it (one this process plays).
        async with self.starting.holding(table_id):
            held = self.live.owns(table_id)
            try:
                await self.live.claim(table_id)
                async with transaction(self.database) as session:
                    await start(session, table_id, account)
            except BaseException:
                if not held and not await self._running(table_id):
                    await self.live.release(table_id)
                raise
        logger.info("table %s: started", table_id, extra={"table_id": table_id})
        described = await self._after_change(table_id)
        await self.live.room(table_id)  # a table nobody watches yet starts too
        return described

    async def _running(self, table_id: str) -> bool:
        """Whether `table_id` runs (or cannot be known to be stopped): a running table's
        claim is kept even after a refused start, for it was taken meanwhile by what
        plays it (a hand-over, the next turn) or the start was cut off after its commit."""
        try:
            async with reading(self.database) as session:
                table = await session.get(GameTable, table_id)
        except Exception:  # the database away: keep the claim, as before a release existed
            logger.warning("table %s: kept after a refused start", table_id, exc_info=True)
            return True
        return table is not None and table.status == TableStatus.RUNNING

    async def rematch(self, table_id: str, account: int) -> TableOut:
        async with transaction(self.database) as session:
            new = await rematch(session, table_id, account)
            described = await describe_table(session, new)
        await self.live.changed(table_id)
        await self.live.changed(new.id)  # a person accepted (or the last one did: it started)
        if described.status == TableStatus.RUNNING:
            await self.live.room(new.id)  # a table nobody watches yet starts too
        return described

    async def seen_by(self, table: GameTable, account: int | None) -> tuple[TableOut, str | None]:
        """A table as a connection joining it is first told, and the joining account's
        name (None for a watcher without one), in one transaction."""
        async with reading(self.database) as session:
            described = await describe_table(session, table)
            if account is None:
                return described, None
            return described, (await account_names(session, {account})).get(account)

    async def hidden_from(self, tables: Collection[str], viewer: int | None) -> set[str]:
        """Which of `tables` are private ones `viewer` did not sit at: two queries."""
        if not tables:
            return set()
        async with reading(self.database) as session:
            private = await private_among(session, tables)
            seats = await seats_of_tables(session, private)
        return {
            table
            for table in private
            if not may_see(False, [seat.account_id for seat in seats.get(table, [])], viewer)
        }

    async def _after_change(self, table_id: str) -> TableOut:
        await self.live.changed(table_id)
        return await self.described(table_id)
