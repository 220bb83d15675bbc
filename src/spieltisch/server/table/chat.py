"""The chat of a table: a line checked, stored, told to this process's connections (and
by the database's news to the others'), and the recent lines for a new connection."""

from __future__ import annotations

from spieltisch.server.description.privacy import may_see
from spieltisch.server.i18n import _, _n
from spieltisch.server.refusal import Code, Refusal
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
    """Everyone at a public table hears (and may write) the chat; only the seats at a
    private one."""
    seated = (seat.account_id for seat in room.seats)
    return may_see(room.table.public, seated, connection.account_id)


def chat_audience(room: Room) -> list[Connection]:
    return [connection for connection in room.connections if hears_chat(room, connection)]


class Chat:
    def __init__(self, storage: TableStorage) -> None:
        self.storage = storage

    async def say(self, room: Room, account: int, text: str) -> None:
        """Store a line (already `clean`) and tell it to the room."""
        out = await self.storage.say(room.id, account, text)
        for other in chat_audience(room):
            other.send(out)

    async def history(self, room: Room, connection: Connection) -> None:
        """The recent lines, to a connection that just opened (and hears the chat)."""
        if not hears_chat(room, connection):
            return
        for line in await self.storage.chat_history(room.id):
            connection.send(line)

    async def heard(self, room: Room, chat_id: int) -> None:
        """A line said through another process: tell it to this process's connections."""
        if not room.connections:
            return
        out = await self.storage.chat_line(chat_id)
        if out is None:
            return
        async with room.lock:
            for connection in chat_audience(room):
                connection.send(out)
