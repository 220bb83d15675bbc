"""The clubs' transactions: each method one session on the database, calling the queries
of `clubs.py`. The rules (who may, what a name or a season must be, what a removal on
request replaces) are `tournament/clubs.py`'s; here a refusal is a `None` or a count the
caller words, so the store names no error of the layers above it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError

from spieltisch.store import clubs as queries
from spieltisch.store.clubs import ClubRow, MemberRow, SeasonRow
from spieltisch.store.database import Database
from spieltisch.store.models import now
from spieltisch.store.tournaments import TournamentRow


@dataclass(frozen=True)
class NewMember:
    """A member to add: the name, the club number (if any), the new hall identity."""

    name: str
    club_number: str | None
    identity: str


@dataclass(frozen=True)
class Removal:
    """A person's data removed on request: the member's new name and identity, the
    players of each tournament they were (tournament -> player numbers), and the words
    that named them in each tournament's reasons and notes (tournament -> names)."""

    name: str
    identity: str
    players: dict[str, set[int]]
    named_as: dict[str, set[str]] = field(default_factory=dict)


class ClubTransactions:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def create(self, club: ClubRow) -> ClubRow:
        async with self.database.session() as session:
            session.add(club)
            await session.commit()
        return club

    async def clubs(self) -> list[ClubRow]:
        async with self.database.session() as session:
            return await queries.all_clubs(session)

    async def member_counts(self) -> dict[str, int]:
        async with self.database.session() as session:
            return await queries.member_counts(session)

    async def club(self, identifier: str) -> ClubRow | None:
        async with self.database.session() as session:
            return await queries.club(session, identifier)

    async def set_manager(self, club: str, manager: str) -> ClubRow | None:
        async with self.database.session() as session:
            row = await queries.club(session, club)
            if row is not None:
                row.manager = manager
                await session.commit()
            return row

    async def members(self, club: str) -> list[MemberRow]:
        async with self.database.session() as session:
            return await queries.members(session, club)

    async def member(self, club: str, number: int) -> MemberRow | None:
        async with self.database.session() as session:
            return await queries.member(session, club, number)

    async def add(self, club: str, given: Sequence[NewMember]) -> tuple[int, int, int] | None:
        """Add these members, or rename the member whose club number a row gives (a
        removed member is left as is): (added, renamed, unchanged); None, with nothing
        kept, when a club number is another member's."""
        added = renamed = unchanged = 0
        async with self.database.session() as session:
            known = {
                m.club_number: m for m in await queries.members(session, club) if m.club_number
            }
            for row in given:
                existing = known.get(row.club_number) if row.club_number else None
                if existing is None:
                    session.add(
                        MemberRow(
                            club_id=club,
                            name=row.name,
                            club_number=row.club_number,
                            identity=row.identity,
                        )
                    )
                    added += 1
                elif existing.forgotten_at is not None or existing.name == row.name:
                    unchanged += 1
                else:
                    existing.name = row.name
                    renamed += 1
            try:
                await session.commit()
            except IntegrityError:
                await session.rollback()
                return None
        return added, renamed, unchanged

    async def set_code(
        self, club: str, number: int, code: str, until: datetime
    ) -> MemberRow | None:
        """Give a member a new link code that runs out at `until` (None: no such member)."""
        async with self.database.session() as session:
            row = await queries.member(session, club, number)
            if row is not None:
                row.link_code, row.link_code_until = code, until
                await session.commit()
            return row

    async def by_code(self, code: str) -> tuple[MemberRow, list[MemberRow]] | None:
        """The member a link code was made for, and the other members of their club."""
        async with self.database.session() as session:
            row = await queries.member_by_code(session, code)
            if row is None:
                return None
            return row, await queries.members(session, row.club_id)

    async def link(self, member: int, code: str, account: int) -> MemberRow | None:
        """Link the account, using the code up; None if the code was used meanwhile. One
        conditional update: of claims at once, exactly one finds the code still there (a
        read, then a write, let six claims of one code all succeed)."""
        async with self.database.session() as session:
            used = await session.execute(
                update(MemberRow)
                .where(MemberRow.id == member, MemberRow.link_code == code)
                .values(account_id=account, link_code=None, link_code_until=None)
            )
            try:
                await session.commit()
            except IntegrityError:  # the account linked another member of the club meanwhile
                await session.rollback()
                return None
            if getattr(used, "rowcount", 0) != 1:
                return None
            return await session.get(MemberRow, member)

    async def add_evening(self, season: str, tournament: str) -> bool:
        """Append a tournament to a season; False when it is there already (another
        request added it at the same moment)."""
        async with self.database.session() as session:
            await queries.add_evening(session, season, tournament)
            try:
                await session.commit()
            except IntegrityError:
                await session.rollback()
                return False
            return True

    async def forget(self, club: str, number: int, removal: Removal) -> MemberRow | None:
        """Replace the member's name and identity in the registry and in every ledger
        they are in (the directors' reasons and notes too), in one transaction; the club
        number and a link code go."""
        async with self.database.session() as session:
            row = await queries.member(session, club, number)
            if row is None:
                return None
            await queries.rename_players(session, removal.players, removal.name)
            await queries.rename_identity(
                session, list(removal.players), row.identity, removal.identity
            )
            await queries.rename_in_notes(session, removal.named_as, removal.name)
            row.name, row.club_number, row.link_code = removal.name, None, None
            row.link_code_until = None
            row.identity, row.forgotten_at = removal.identity, row.forgotten_at or now()
            await session.commit()
            return row

    async def new_season(self, season: SeasonRow) -> SeasonRow:
        async with self.database.session() as session:
            session.add(season)
            await session.commit()
        return season

    async def seasons(self, club: str) -> list[SeasonRow]:
        async with self.database.session() as session:
            return await queries.seasons(session, club)

    async def season(self, identifier: str) -> tuple[SeasonRow, list[TournamentRow]] | None:
        """A season and its evenings' tournaments, in order."""
        async with self.database.session() as session:
            row = await queries.season(session, identifier)
            if row is None:
                return None
            return row, await queries.evenings(session, identifier)

    async def remove_evening(self, season: str, tournament: str) -> int:
        async with self.database.session() as session:
            removed = await queries.remove_evening(session, season, tournament)
            await session.commit()
            return removed
