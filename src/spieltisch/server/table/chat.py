"""The chat of a table: a line checked and stored (the database's news tells the other
processes), and the recent lines for a new connection; the publisher tells them to
whoever hears the chat."""

from __future__ import annotations

from spieltisch.server.i18n import _, _n
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.table.events import ChatLine, Events
from spieltisch.server.table.room import Connection, Room
from spieltisch.server.table.storage import TableStorage


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


class Chat:
    def __init__(self, storage: TableStorage) -> None:
        self.storage = storage

    async def say(self, room: Room, account: int, text: str) -> Events:
        """Store a line (already `clean`)."""
        return [ChatLine(await self.storage.say(room.id, account, text))]

    async def history(self, room: Room, connection: Connection) -> list[ChatLine]:
        """The recent lines, for a connection that just opened (and hears the chat)."""
        if not hears_chat(room, connection):
            return []
        return [ChatLine(line, connection) for line in await self.storage.chat_history(room.id)]

    async def heard(self, room: Room, chat_id: int) -> Events:
        """A line said through another process."""
        if not room.connections:
            return []
        line = await self.storage.chat_line(chat_id)
        return [] if line is None else [ChatLine(line)]
