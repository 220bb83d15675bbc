"""Tournaments in the server's database: load a ledger, take a step, keep the new entry.

Every step loads the ledger, folds it into a Tournament, lets the tournament check and
make the entry, and inserts it under the next sequence number in one transaction. Two
directors acting at once cannot both get the same number: the loser retries on the
ledger as it now stands (and is refused if the step no longer makes sense).
"""

from __future__ import annotations

import datetime as dt
import logging
import secrets
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.store import Database
from spieltisch.store.models import Account, GameTable, Seat
from spieltisch.store.tables import account_names
from spieltisch.store.tournaments import TournamentEntryRow, TournamentRow
from spieltisch.tournament.errors import TournamentError, UnknownTournament
from spieltisch.tournament.ledger import Entry, entry_from_json, entry_to_json
from spieltisch.tournament.messages import _
from spieltisch.tournament.ratings import RatedGame, RatingBook, rate_all
from spieltisch.tournament.settings import Settings
from spieltisch.tournament.tournament import Tournament

E = TypeVar("E")
log = logging.getLogger("spieltisch.tournament")
RETRIES = 3
ACCOUNT_PREFIX = "account:"
"""How the ledger names a server account (`account:7`), as actor or rating id."""


def new_identifier() -> str:
    """A random tournament id not starting with '-': a command line would read it as an option."""
    while (identifier := secrets.token_urlsafe(9)).startswith("-"):
        pass
    return identifier


class TournamentStore:
    """The tournaments of one database."""

    def __init__(self, database: Database) -> None:
        self.database = database

    async def create(self, settings: Settings, by: str) -> tuple[str, Tournament]:
        tournament = Tournament.create(settings, by)
        identifier = new_identifier()
        async with self.database.session() as session:
            session.add(TournamentRow(id=identifier, name=settings.name, game=settings.game))
            await session.flush()
            session.add(_row(identifier, 0, tournament.entries[0]))
            await session.commit()
        return identifier, tournament

    async def all(self) -> list[TournamentRow]:
        async with self.database.session() as session:
            rows = await session.execute(select(TournamentRow).order_by(TournamentRow.created_at))
            return list(rows.scalars())

    async def load(self, identifier: str) -> Tournament:
        async with self.database.session() as session:
            return await _load(session, identifier)

    async def act(
        self, identifier: str, step: Callable[[Tournament], E], retries: int = RETRIES
    ) -> tuple[Tournament, E]:
        """Apply one director's step and keep the entries it made; when another writer
        took the next number first, take the step again on the ledger as it now stands
        (at most `retries` times)."""
        for attempt in range(retries):
            async with self.database.session() as session:
                tournament = await _load(session, identifier)
                before = len(tournament.entries)
                made = step(tournament)
                for seq in range(before, len(tournament.entries)):
                    session.add(_row(identifier, seq, tournament.entries[seq]))
                try:
                    await session.commit()
                except IntegrityError:
                    await session.rollback()
                    if attempt == retries - 1:
                        raise TournamentError(
                            _("the tournament changed while this step was taken; try again")
                        ) from None
                    continue
                return tournament, made
        raise AssertionError("unreachable")

    async def account_rating_id(self, username: str) -> str:
        """The rating id of a claimed account, for registering it in a tournament."""
        async with self.database.session() as session:
            found = await session.execute(
                select(Account).where(func.lower(Account.username) == username.lower())
            )
            account = found.scalars().first()
        if account is None:
            raise TournamentError(
                _("no account with the username {username}").format(username=repr(username))
            )
        return f"{ACCOUNT_PREFIX}{account.id}"

    async def rated_games(self) -> list[RatedGame]:
        """Every rated game: tournament tables, and finished online tables where every seat
        was a person with an account, each account in one seat (tables played for a
        tournament count once)."""
        games: list[RatedGame] = []
        in_tournaments: set[str] = set()
        for row in await self.all():
            tournament = await self.load(row.id)
            games += tournament.rated_games(f"tournament:{row.id}")
            in_tournaments |= tournament.online_tables()
        async with self.database.session() as session:
            games += await _online_games(session, in_tournaments)
        return games

    async def ratings(self) -> RatingBook:
        """Every rating; a game the book refuses is logged and left out, never a refusal
        of every rating route."""
        return rate_all(await self.rated_games(), _left_out)

    async def actor_names(self, tournament: Tournament) -> dict[str, str]:
        """The people behind the ledger's `account:<id>` actors (the director and whoever
        entered a result online), by their accounts' display names: a history or an
        export names a person, never `account:1`. Names typed on the command line are
        people's names already and are not in the map."""
        actors = {entry.by for entry in tournament.entries} | {tournament.director}
        ids = {
            int(actor[len(ACCOUNT_PREFIX) :])
            for actor in actors
            if actor.startswith(ACCOUNT_PREFIX) and actor[len(ACCOUNT_PREFIX) :].isdigit()
        }
        async with self.database.session() as session:
            found = await account_names(session, ids)
        return {f"{ACCOUNT_PREFIX}{account}": name for account, name in found.items()}

    async def player_names(self) -> dict[str, str]:
        """The names tournaments know their rated players by (rating id -> name; the
        latest tournament's name wins)."""
        names: dict[str, str] = {}
        for row in await self.all():
            for player in (await self.load(row.id)).players.values():
                names[player.rating_id] = player.name
        return names


async def _load(session: AsyncSession, identifier: str) -> Tournament:
    rows = await session.execute(
        select(TournamentEntryRow)
        .filter_by(tournament_id=identifier)
        .order_by(TournamentEntryRow.seq)
    )
    entries = [entry_from_json(row.data) for row in rows.scalars()]
    if not entries:
        raise UnknownTournament(_("no tournament {identifier}").format(identifier=repr(identifier)))
    return Tournament(entries)


def _left_out(played: RatedGame, error: TournamentError) -> None:
    log.warning("game %s left out of the ratings: %s", played.key, error)


def _row(identifier: str, seq: int, entry: Entry) -> TournamentEntryRow:
    data: dict[str, Any] = entry_to_json(entry)
    return TournamentEntryRow(
        tournament_id=identifier, seq=seq, kind=entry.kind, data=data, by=entry.by, at=entry.at
    )


def rated_seating(accounts: Sequence[int | None]) -> bool:
    """Whether a game at an ordinary table seated by these accounts (None: a computer)
    changes ratings: every seat a different person. A computer seat, or one account
    playing itself, leaves the game casual, as on lichess."""
    return None not in accounts and len(set(accounts)) == len(accounts)


async def _online_games(session: AsyncSession, skip: set[str]) -> list[RatedGame]:
    tables = await session.execute(
        select(GameTable).filter(GameTable.status == "finished", GameTable.result.is_not(None))
    )
    games = []
    for table in tables.scalars():
        if table.id in skip or table.finished_at is None or table.result is None:
            continue
        seats = await session.execute(select(Seat).filter_by(table_id=table.id).order_by(Seat.seat))
        accounts = [seat.account_id for seat in seats.scalars()]
        ranking = table.result.get("ranking")
        if not rated_seating(accounts) or not isinstance(ranking, list):
            continue
        if len(ranking) != len(accounts):
            continue
        finished = table.finished_at
        if finished.tzinfo is None:  # SQLite gives the stored UTC time back without its zone
            finished = finished.replace(tzinfo=dt.UTC)
        games.append(
            RatedGame(
                table.game,
                f"table:{table.id}",
                finished,
                tuple(f"account:{account}" for account in accounts),
                tuple(int(place) for place in ranking),
            )
        )
    return games
