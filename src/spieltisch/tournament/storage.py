"""Tournaments in the server's database: load a ledger, take a step, keep the new entry.

Every step loads the ledger, folds it into a Tournament, lets the tournament check and
make the entry, and inserts it under the next sequence number in one transaction. Two
directors acting at once cannot both get the same number: the loser retries on the
ledger as it now stands (and is refused if the step no longer makes sense).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.core.identity import GameKey, PlayerId, account_of
from spieltisch.store import Database
from spieltisch.store.accounts import by_username
from spieltisch.store.clubs import linked_identities, removals
from spieltisch.store.models import GameTable, Seat, as_utc
from spieltisch.store.tables import (
    account_names,
    count_finished_without_tournament,
    finished_ids_without_tournament,
    finished_without_tournament,
)
from spieltisch.store.tournaments import (
    TournamentEntryRow,
    TournamentRow,
    all_tournaments,
    ledger,
    ledger_heads,
    ledgers,
)
from spieltisch.tournament.errors import TournamentError, UnknownTournament
from spieltisch.tournament.ledger import Entry, entry_from_json, entry_to_json
from spieltisch.tournament.messages import _
from spieltisch.tournament.projection import RatingProjection
from spieltisch.tournament.ratings import RatedGame, RatingBook
from spieltisch.tournament.settings import Settings
from spieltisch.tournament.tournament import Tournament

E = TypeVar("E")
log = logging.getLogger("spieltisch.tournament")
RETRIES = 3
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
            return await all_tournaments(session)

    async def load(self, identifier: str) -> Tournament:
        async with self.database.session() as session:
            return await _load(session, identifier)

    async def several(self, identifiers: list[str]) -> dict[str, Tournament]:
        """These tournaments as their ledgers stand, in one query (a season's evenings)."""
        async with self.database.session() as session:
            found = await ledgers(session, identifiers)
        return {
            identifier: _folded(identifier, found.get(identifier, [])) for identifier in identifiers
        }

    async def every(self) -> list[tuple[TournamentRow, Tournament]]:
        """Every tournament as its ledger stands, oldest first: two queries however many."""
        async with self.database.session() as session:
            rows = await all_tournaments(session)
            found = await ledgers(session, [row.id for row in rows])
        return [(row, _folded(row.id, found.get(row.id, []))) for row in rows]

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
            account = await by_username(session, username)
        if account is None:
            raise TournamentError(
                _("no account with the username {username}").format(username=repr(username))
            )
        return str(PlayerId.of_account(account.id))

    async def rated_games(self) -> list[RatedGame]:
        """Every rated game: tournament tables, and finished online tables where every seat
        was a person with an account, each account in one seat (tables played for a
        tournament count once, as tournament games)."""
        return list((await self._kept()).projection.games.values())

    async def ratings(self) -> RatingBook:
        """Every rating; a game the book refuses is logged and left out, never a refusal
        of every rating route. The book is a projection kept per database: a read only
        reads the ledgers and tables that changed since the last (`Kept`)."""
        return (await self._kept()).projection.book

    async def actor_names(self, tournament: Tournament) -> dict[str, str]:
        """The people behind the ledger's `account:<id>` actors (the director and whoever
        entered a result online), by their accounts' display names: a history or an
        export names a person, never `account:1`. Names typed on the command line are
        people's names already and are not in the map."""
        return await self.names_of(
            {entry.by for entry in tournament.entries} | {tournament.director}
        )

    async def names_of(self, actors: set[str]) -> dict[str, str]:
        """The display names of the `account:<id>` among these actors (others left out)."""
        ids = {account for account in map(account_of, actors) if account is not None}
        async with self.database.session() as session:
            found = await account_names(session, ids)
        return {str(PlayerId.of_account(account)): name for account, name in found.items()}

    async def named_ratings(self) -> tuple[RatingBook, dict[str, str]]:
        """The ratings (as `ratings`) and the names tournaments know their rated players by
        (rating id -> name; the latest tournament's name wins), from one catch-up."""
        kept = await self._kept()
        names: dict[str, str] = {}
        for identifier in kept.ledgers:  # oldest tournament first
            names |= kept.names[identifier]
        return kept.projection.book, names

    async def _kept(self) -> Kept:
        kept = _KEPT.get(self.database)
        if kept is None:
            kept = _KEPT[self.database] = Kept()
        async with kept.lock:
            async with self.database.session() as session:
                aliases = {
                    identity: str(PlayerId.of_account(account))
                    for identity, account in (await linked_identities(session)).items()
                }
                removed = await removals(session)
            if aliases != kept.aliases or removed != kept.removals:
                # A member linked their account (rate them anew), or a person's data was
                # removed, here or in another process (names replaced in place move no
                # ledger's head): read every ledger again.
                kept = _KEPT[self.database] = Kept(aliases=aliases, removals=removed)
                async with kept.lock:
                    await kept.catch_up(self.database)
                return kept
            await kept.catch_up(self.database)
        return kept


@dataclass
class Kept:
    """The ratings projection of one database and what it was made from: the last ledger
    entry read of each tournament, the keys and names each gave, the online tables."""

    projection: RatingProjection = field(default_factory=lambda: RatingProjection(_left_out))
    ledgers: dict[str, int] = field(default_factory=dict)
    keys: dict[str, set[str]] = field(default_factory=dict)
    names: dict[str, dict[str, str]] = field(default_factory=dict)
    tables: set[str] = field(default_factory=set)
    since: dt.datetime | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    aliases: dict[str, str] = field(default_factory=dict)
    """A club member's hall identity -> the account they linked (`store/clubs.py`): their
    hall games count for the account's rating."""
    removals: int = 0
    """How many members' data was removed when the ledgers were read (`store/clubs.py`)."""

    async def catch_up(self, database: Database) -> None:
        """Read what changed since the last time (another process may have written): the
        ledgers whose last entry moved on, and tables finished since (with a margin)."""
        async with database.session() as session:
            heads = await ledger_heads(session)
            changed = [(i, seq) for i, seq in heads if self.ledgers.get(i) != seq]
            games: list[RatedGame] = []
            removed: set[str] = set()
            read = await ledgers(session, [identifier for identifier, _seq in changed])
            for identifier, seq in changed:
                tournament = _folded(identifier, read.get(identifier, []))
                mine = [self._aliased(game) for game in tournament.rated_games(identifier)]
                keys = {game.key for game in mine}
                removed |= self.keys.get(identifier, set()) - keys
                games += mine
                self.ledgers[identifier], self.keys[identifier] = seq, keys
                self.names[identifier] = {
                    player.rating_id: player.name for player in tournament.players.values()
                }
            self.ledgers = {i: self.ledgers[i] for i, _seq in heads}  # in creation order
            finished = await self._finished_since(session)
        for table, seats in finished:
            self.tables.add(table.id)
            online = _online_game(table, seats)
            if online is not None:
                games.append(online)
            if table.finished_at is not None:
                moment = as_utc(table.finished_at)
                self.since = moment if self.since is None else max(self.since, moment)
        self.projection.update(games, removed)

    def _aliased(self, game: RatedGame) -> RatedGame:
        if not self.aliases:
            return game
        return replace(game, players=tuple(self.aliases.get(p, p) for p in game.players))

    async def _finished_since(self, session: AsyncSession) -> list[tuple[GameTable, list[Seat]]]:
        """The finished tables not read yet: those finished since the last finish seen
        (less a margin), and, when the count of finished tables says one was missed (its
        finish stamped earlier still: a slow commit, a process's clock behind), those too.
        The count is taken last, so it includes every table committed before the read."""
        since = None if self.since is None else self.since - CLOCK_MARGIN
        recent = await finished_without_tournament(session, since)
        finished = [(table, seats) for table, seats in recent if table.id not in self.tables]
        if await count_finished_without_tournament(session) > len(self.tables) + len(finished):
            missed = await finished_ids_without_tournament(session) - self.tables
            missed -= {table.id for table, _seats in finished}
            finished += await finished_without_tournament(session, among=missed)
        return finished


_KEPT: WeakKeyDictionary[Database, Kept] = WeakKeyDictionary()
CLOCK_MARGIN = dt.timedelta(minutes=5)
"""Tables are read again from this long before the last finish seen: another process's
commit may land with an earlier time than one already read (one earlier still is found
by the count of finished tables, at the cost of reading every finished table's id)."""


async def _load(session: AsyncSession, identifier: str) -> Tournament:
    return _folded(identifier, await ledger(session, identifier))


def _folded(identifier: str, rows: list[TournamentEntryRow]) -> Tournament:
    """The tournament a ledger's rows make (UnknownTournament for none)."""
    entries = [entry_from_json(row.data) for row in rows]
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


def _online_game(table: GameTable, seats: list[Seat]) -> RatedGame | None:
    """A finished online table as a rated game, None unless rated: every seat a person
    with an account, each account in one seat, and not made casual by its creator; or
    made rated by its creator with computer seats and at least two people, whose places
    among themselves are rated (the computer seats are not)."""
    if table.finished_at is None or table.result is None or table.rated is False:
        return None
    seated = [seat.account_id for seat in seats]
    ranking = table.result.get("ranking")
    if not isinstance(ranking, list) or len(ranking) != len(seated):
        return None
    if table.rated is not True and not rated_seating(seated):
        return None
    people = [index for index, account in enumerate(seated) if account is not None]
    accounts = [seated[index] for index in people]
    if len(accounts) < 2 or len(set(accounts)) != len(accounts):
        return None
    return RatedGame(
        table.game,
        str(GameKey.of_table(table.id)),
        as_utc(table.finished_at),
        tuple(str(PlayerId.of_account(account)) for account in accounts if account is not None),
        among_themselves([int(ranking[index]) for index in people]),
    )


def among_themselves(places: Sequence[int]) -> tuple[int, ...]:
    """The people's places once the computer seats are left out: 1 + how many people
    finished ahead (a tie stays a tie). [2, 1, 4] (a computer third) -> (2, 1, 3)."""
    return tuple(1 + sum(other < place for other in places) for place in places)
