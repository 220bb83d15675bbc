"""What this process does with the other processes' news (PostgreSQL; `infra/cluster.py`
says how it travels): entries another process committed, a chat line, a takeback, who is
here through it, a table it let go of or lost, the notices it stored, and a resync when
news may have been missed. Each handler reads what the news names and tells this
process's connections through the table's events (`publish.py`), never more: the
alerts, emails and computer moves stay with the process that acted.

Split from `runtime.py` (issue 43) as lichess's round keeps its `RoundSocket` apart from
the game's own commands.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from spieltisch.server.infra.cluster import Cluster
from spieltisch.server.infra.moved_news import AppendNews
from spieltisch.server.table.chat import Chat
from spieltisch.server.table.events import NoticesFollowed
from spieltisch.server.table.loading import catch_up
from spieltisch.server.table.moves import Moves
from spieltisch.server.table.presence import Presence
from spieltisch.server.table.publish import Publisher
from spieltisch.server.table.room import Room
from spieltisch.server.table.scheduler import Scheduler
from spieltisch.server.table.storage import TableStorage
from spieltisch.server.table.takebacks import Takebacks
from spieltisch.server.table.turns import NOTICE
from spieltisch.store.turns import TurnStore


class Hearing:
    """The cluster's listener (`infra.cluster.Listener`) for one process's tables."""

    def __init__(
        self,
        rooms: dict[str, Room],
        loading: dict[str, asyncio.Lock],
        cluster: Cluster,
        storage: TableStorage,
        publisher: Publisher,
        presence: Presence,
        moves: Moves,
        chat: Chat,
        takebacks: Takebacks,
        scheduler: Scheduler,
        turns: TurnStore,
        load: Callable[[str], Awaitable[Room]],
        changed: Callable[[str], Awaitable[None]],
    ) -> None:
        self.rooms = rooms
        self.loading = loading
        """The loads under way (the runtime's), which news for their table waits for."""
        self.cluster = cluster
        self.storage = storage
        self.publisher = publisher
        self.presence = presence
        self.moves = moves
        self.chat = chat
        self.takebacks = takebacks
        self.scheduler = scheduler
        self.turns = turns
        self.load = load
        self.changed = changed
        """The runtime's `on_changed`: the lobby changed the table (here or elsewhere)."""
        cluster.subscribe(NOTICE, self.on_notice)

    async def loaded(self, table_id: str) -> Room | None:
        """The table if this process has it in memory (waiting for a load under way)."""
        loading = self.loading.get(table_id)
        if loading is not None and loading.locked():
            async with loading:
                pass
        return self.rooms.get(table_id)

    # -- the position, the chat, a takeback -------------------------------------------------

    async def on_moved(self, table_id: str, seq: int, news: AppendNews | None = None) -> None:
        """Another process committed entries up to `seq` (`news`: those entries): tell
        this process's connections."""
        room = await self.loaded(table_id)
        if room is None or room.seq >= seq:
            return
        async with self.publisher.holding(room) as events:
            events += await self.moves.follow(room, news)

    async def on_changed(self, table_id: str) -> None:
        await self.changed(table_id)

    async def on_chat(self, table_id: str, chat_id: int) -> None:
        room = await self.loaded(table_id)
        if room is not None:
            async with self.publisher.holding(room) as events:
                events += await self.chat.heard(room, chat_id)

    async def on_takeback(self, table_id: str) -> None:
        room = self.rooms.get(table_id)
        if room is not None:  # else it reads the takeback when someone answers
            async with self.publisher.holding(room) as events:
                events += await self.takebacks.heard(room)

    async def on_notice(self, words: list[str]) -> None:
        """Another process stored notices at a table (`words`: the table, the rows' ids):
        this process's connections are told them (a table not in memory shows them from
        its log when it is opened)."""
        table_id, ids = words[0], [int(word) for word in words[1:]]
        room = await self.loaded(table_id)
        if room is None or not ids:
            return
        found = await self.turns.notices(table_id, ids)
        if found:
            async with self.publisher.holding(room) as events:
                events.append(NoticesFollowed(tuple(found)))

    # -- who is here ----------------------------------------------------------------------

    async def on_here(
        self,
        table_id: str,
        process: str,
        number: int,
        seats: list[int],
        watchers: tuple[str, ...] = (),
    ) -> None:
        room = self.rooms.get(table_id)
        if room is not None:  # else it asks when it loads the table
            self.publisher.publish(
                room, self.presence.heard(room, process, number, seats, watchers)
            )

    async def on_asked(self, table_id: str) -> None:
        room = self.rooms.get(table_id)
        if room is not None:
            self.publisher.publish(room, self.presence.asked(room))

    async def on_gone(self, processes: set[str]) -> None:
        for room in list(self.rooms.values()):
            self.publisher.publish(room, self.presence.gone(room, processes))

    # -- tables taken over, news missed -----------------------------------------------------

    async def on_claimed(self, table_id: str) -> None:
        """This process owns the table now (its owner died): play its computer seats."""
        if table_id in self.rooms:
            room = self.rooms[table_id]
            async with self.publisher.holding(room) as events:
                events += await catch_up(self.storage, room)
                events += await self.scheduler.advance(room)
        else:
            await self.load(table_id)

    async def on_resync(self) -> None:
        """News may have been missed (the listening connection dropped): read every table,
        and say again who is here."""
        for loaded in list(self.rooms.values()):
            if loaded.seated_here():
                self.publisher.publish(loaded, self.presence.announce(loaded))
            await self.cluster.announce("ask", loaded.id)
        for table_id in list(self.rooms):
            await self.changed(table_id)
            room = self.rooms.get(table_id)
            if room is not None:
                await self.on_moved(table_id, room.seq + 1)
