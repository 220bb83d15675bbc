"""The chat of a table: a line checked and stored (the database's news tells the other
processes), and the recent lines for a new connection; the publisher tells them to
whoever hears the chat.

Two rooms, as on lichess: while the game runs, its players talk among themselves and
its watchers among themselves (a watcher cannot whisper to a player what they see, and
a player does not read the crowd's comments); before the start and once the game is
over, everyone reads both.
"""

from __future__ import annotations

from spieltisch.server.i18n import _, _n
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.messages import ChatOut
from spieltisch.server.table.events import ChatLine, Events
from spieltisch.server.table.room import Connection, Room
from spieltisch.server.table.storage import TableStorage
from spieltisch.store.models import TableStatus


def clean(text: str, max_length: int) -> str:
    """The line as it is kept: printable characters and line breaks, trimmed; Refusal
    when nothing is left or it is longer than `max_length`."""
    text = "".join(ch for ch in text if ch.isprintable() or ch == "\n").strip()
    if not text:
        raise Refusal(Code.BAD_MESSAGE, _("an empty chat message"))
    if len(text) > max_length:
        raise Refusal(
            Code.CHAT_TOO_LONG,
            _n(
                "a chat message may have at most {count} character",
                "a chat message may have at most {count} characters",
                max_length,
            ).format(count=max_length),
        )
    return text


def hears_chat(room: Room, connection: Connection) -> bool:
    """Whether the connection hears (and may write) the chat (`TablePolicy.may_chat`)."""
    return room.policy.may_chat(connection.account_id)


def apart(room: Room) -> bool:
    """Whether players and watchers chat apart now: while the game runs."""
    return room.table.status == TableStatus.RUNNING


def watchers_room(room: Room, account: int | None) -> bool:
    """Whether a line `account` says now goes to the watchers' room."""
    return apart(room) and not room.is_player(account)


def hears_line(room: Room, connection: Connection, line: ChatOut) -> bool:
    """Whether the connection is told `line`: it hears the chat, and while the game
    runs the line was said in its own room."""
    if not hears_chat(room, connection):
        return False
    return not apart(room) or line.watchers == (not room.is_player(connection.account_id))


def room_heard(room: Room, account: int | None) -> bool | None:
    """Which room's lines `account` reads now: the watchers' (True), the players'
    (False), or both (None: before the start and after the end)."""
    return (not room.is_player(account)) if apart(room) else None


class Chat:
    def __init__(self, storage: TableStorage) -> None:
        self.storage = storage

    async def say(self, room: Room, account: int, text: str) -> Events:
        """Store a line (already `clean`), in the room of `account`."""
        return [
            ChatLine(await self.storage.say(room.id, account, text, watchers_room(room, account)))
        ]

    async def history(self, room: Room, connection: Connection) -> list[ChatLine]:
        """The recent lines, for a connection that just opened (and hears the chat)."""
        if not hears_chat(room, connection):
            return []
        lines = await self.storage.chat_history(room.id, room_heard(room, connection.account_id))
        return [ChatLine(line, connection) for line in lines]

    async def readable(self, room: Room, account: int | None) -> list[ChatOut]:
        """The recent lines `account` may read now (its room's while the game runs;
        both once it is over). Refusal (forbidden) at a private table not theirs."""
        if not room.policy.may_chat(account):
            raise Refusal(Code.FORBIDDEN, _("the chat of a private table is for its players"))
        return await self.storage.chat_history(room.id, room_heard(room, account))

    async def heard(self, room: Room, chat_id: int) -> Events:
        """A line said through another process."""
        if not room.connections:
            return []
        line = await self.storage.chat_line(chat_id)
        return [] if line is None else [ChatLine(line)]
