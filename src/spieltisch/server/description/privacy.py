"""What a private table keeps to its seats: its chat, its record, its rematch, and its
id in the ratings. A public table shows all of these to anyone; a private one's link
still lets anyone watch the game itself (that is what the link is for)."""

from __future__ import annotations

from collections.abc import Iterable

from spieltisch.server.schemas.messages import TableOut


def may_see(public: bool, seated: Iterable[int | None], account: int | None) -> bool:
    """Whether `account` may see what a table keeps to its seats: any table's when it is
    public, a private one's when the account holds (or held) one of `seated`."""
    return public or (account is not None and account in set(seated))


def table_for(described: TableOut, account: int | None) -> TableOut:
    """The table as `account` may see it: a private table's rematch only to its seats."""
    if may_see(described.public, (seat.account for seat in described.seats), account):
        return described
    return described.model_copy(update={"rematch": None})
