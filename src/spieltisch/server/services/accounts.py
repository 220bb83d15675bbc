"""Accounts: a guest by name, claiming it with a username and password, signing in, and
a player's page. Refuses with `Refusal`; the routes add the session and its cookie."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from typing import Any

from sqlalchemy.exc import IntegrityError

from spieltisch.core import game_class
from spieltisch.server.description.tables import describe_tables
from spieltisch.server.i18n import _
from spieltisch.server.infra.passwords import PasswordWork
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.rest import AccountOut, GameOut, GameRecordOut, PlayerOut
from spieltisch.server.services.unit_of_work import reading, transaction
from spieltisch.store import Database, accounts
from spieltisch.store.models import Account, TableStatus
from spieltisch.store.tables import account_names

PAGE_GAMES = 200
"""The most games a player's page lists (newest first)."""


def account_out(account: Account, token: str | None = None) -> AccountOut:
    return AccountOut(
        id=account.id,
        name=account.name,
        username=account.username,
        claimed=account.password_hash is not None,
        token=token,
    )


def clean_name(name: str) -> str:
    """A display name with control characters dropped and spaces collapsed."""
    cleaned = " ".join("".join(ch for ch in name if ch.isprintable()).split())
    if not cleaned:
        raise Refusal(Code.INVALID, _("a name needs at least one visible character"))
    return cleaned


def _gone() -> Refusal:
    return Refusal(Code.NOT_SIGNED_IN, _("your account no longer exists: sign in again"))


def _unclaimed(account: Account | None) -> Account:
    """The account, refused when it is gone or already claimed."""
    if account is None:
        raise _gone()
    if account.password_hash is not None:
        raise Refusal(Code.CONFLICT, _("this account is claimed already"))
    return account


class Accounts:
    def __init__(self, database: Database, passwords: PasswordWork) -> None:
        self.database = database
        self.passwords = passwords

    async def guest(self, name: str) -> Account:
        async with transaction(self.database) as session:
            return await accounts.add_guest(session, clean_name(name))

    async def claim(
        self, account_id: int, username: str, password: str, client: str | None = None
    ) -> Account:
        """Keep a guest account under a username (any case taken once) and a password.
        Everything that refuses is checked before the password is hashed (a hash is
        costly on purpose: refusals must not be); `client` is the address group the
        hash is counted against."""
        taken = Refusal(Code.CONFLICT, _("the username {name} is taken").format(name=username))
        async with reading(self.database) as session:
            _unclaimed(await session.get(Account, account_id))
            if await accounts.by_username(session, username) is not None:
                raise taken
        password_hash = await self.passwords.hash(password, client)  # outside a transaction
        async with transaction(self.database) as session:
            account = _unclaimed(await session.get(Account, account_id))
            account.username, account.password_hash = username, password_hash
            try:
                await session.commit()
            except IntegrityError:
                raise taken from None
        return account

    async def sign_in(self, username: str, password: str, client: str | None = None) -> Account:
        async with reading(self.database) as session:
            account = await accounts.by_username(session, username)
        # An unknown name is checked against a dummy hash: as slow as a wrong password.
        known = account.password_hash if account is not None else None
        matches = await self.passwords.check(known, password, client)
        if account is None or not matches:
            raise Refusal(Code.NOT_SIGNED_IN, _("wrong username or password"))
        return account

    async def signed_in(self, account_id: int) -> Account:
        """The account of a signed-in session (refused if it was deleted meanwhile)."""
        account = await self.find(account_id)
        if account is None:
            raise _gone()
        return account

    async def find(self, account_id: int) -> Account | None:
        """The account of this id, None if there is none."""
        async with reading(self.database) as session:
            return await session.get(Account, account_id)

    async def names(self, ids: Collection[int]) -> dict[int, str]:
        """The display names of accounts by id, in one query (unknown ids left out)."""
        async with reading(self.database) as session:
            return await account_names(session, ids)

    async def page(self, account_id: int, viewer: int | None) -> PlayerOut:
        """A player's games with their places and records; private tables only to the
        player themselves. Three queries however many games."""
        async with reading(self.database) as session:
            account = await session.get(Account, account_id)
            if account is None:
                raise Refusal(Code.NOT_FOUND, _("no player {account}").format(account=account_id))
            rows = [
                (seat, table)
                for seat, table in await accounts.played(session, account_id, PAGE_GAMES)
                if table.public or viewer == account_id
            ]
            described = await describe_tables(session, [table for _seat, table in rows])
            places = await accounts.finished_places(session, account_id, viewer != account_id)
        games = []
        for (seat, table), shown in zip(rows, described, strict=True):
            ranking = (table.result or {}).get("ranking")
            finished = table.status == TableStatus.FINISHED
            games.append(
                GameOut(
                    table=table.id,
                    game=table.game,
                    title=shown.title,
                    status=table.status,
                    seat=seat.seat,
                    place=ranking[seat.seat] if ranking else None,
                    players=[s.name or "?" for s in shown.seats],
                    seats=shown.seats,
                    record=f"/api/games/{table.id}/record" if finished else None,
                    rated=shown.rated,
                    finished_at=shown.finished_at,
                )
            )
        return PlayerOut(account=account_out(account), games=games, record=game_record(places))


def game_record(places: list[tuple[str, int, dict[str, Any] | None]]) -> list[GameRecordOut]:
    """Per game, the finished games and the wins (place 1, shared or not), most played
    first."""
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for game, seat, result in places:
        ranking = (result or {}).get("ranking")
        played[game] += 1
        if isinstance(ranking, list) and seat < len(ranking) and ranking[seat] == 1:
            won[game] += 1
    return [
        GameRecordOut(game=game, title=game_class(game).title, games=count, wins=won[game])
        for game, count in played.most_common()
    ]
