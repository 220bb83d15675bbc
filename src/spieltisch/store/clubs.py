"""The club tables and their repository: a club, its members (the player registry kept
across evenings and seasons) and its seasons, each a list of tournaments.

A member is one person: a name, an optional club number, a hall identity (the rating id
a hall player has in the tournaments, `guest:anna/1f2e`) and, once the person linked it,
an online account. Forgetting a member (on request) replaces the name in the registry and
in every tournament ledger, so the results stay and the person is no longer named.
"""

from __future__ import annotations

import re
from datetime import datetime

from sqlalchemy import (
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    delete,
    func,
    select,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from spieltisch.store.models import Base, now
from spieltisch.store.tournaments import TournamentEntryRow, TournamentRow


class ClubRow(Base):
    __tablename__ = "clubs"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    manager: Mapped[str] = mapped_column(String(120))
    """Who keeps the registry and the seasons (`account:7`, or a name on the command line)."""
    created_at: Mapped[datetime] = mapped_column(default=now)


class MemberRow(Base):
    __tablename__ = "club_members"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(120))
    club_number: Mapped[str | None] = mapped_column(String(40))
    identity: Mapped[str] = mapped_column(String(120), index=True)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), index=True)
    link_code: Mapped[str | None] = mapped_column(String(40))
    """A one-time code the manager hands the person, who enters it signed in to link the
    account (`None` when none is open)."""
    link_code_until: Mapped[datetime | None] = mapped_column()
    """When the code runs out (UTC): a code lying in a drawer does not link for ever."""
    forgotten_at: Mapped[datetime | None] = mapped_column()
    created_at: Mapped[datetime] = mapped_column(default=now)

    __table_args__ = (
        UniqueConstraint("club_id", "club_number"),
        Index("club_members_one_per_account", "club_id", "account_id", unique=True),
        Index("club_members_link_code", "link_code", unique=True),
    )


class SeasonRow(Base):
    __tablename__ = "seasons"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(120))
    method: Mapped[str] = mapped_column(String(16))
    """`best`: the sum of the best `best` evenings; `average`: points per game, ranked from
    `min_games` games on."""
    best: Mapped[int | None] = mapped_column(Integer)
    min_games: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(default=now)


class SeasonEveningRow(Base):
    __tablename__ = "season_evenings"

    season_id: Mapped[str] = mapped_column(
        ForeignKey("seasons.id", ondelete="CASCADE"), primary_key=True
    )
    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(Integer)


async def club(session: AsyncSession, identifier: str) -> ClubRow | None:
    return await session.get(ClubRow, identifier)


async def all_clubs(session: AsyncSession) -> list[ClubRow]:
    """Every club, oldest first."""
    rows = await session.execute(select(ClubRow).order_by(ClubRow.created_at, ClubRow.id))
    return list(rows.scalars())


async def member_counts(session: AsyncSession) -> dict[str, int]:
    """How many members each club has (clubs without any left out), in one query."""
    rows = await session.execute(
        select(MemberRow.club_id, func.count()).group_by(MemberRow.club_id)
    )
    return {club: int(count) for club, count in rows.all()}


async def members(session: AsyncSession, club_id: str) -> list[MemberRow]:
    """A club's members in the order they were entered."""
    rows = await session.execute(
        select(MemberRow).filter_by(club_id=club_id).order_by(MemberRow.id)
    )
    return list(rows.scalars())


async def member(session: AsyncSession, club_id: str, number: int) -> MemberRow | None:
    found = await session.get(MemberRow, number)
    return found if found is not None and found.club_id == club_id else None


async def member_by_code(session: AsyncSession, code: str) -> MemberRow | None:
    """The member a one-time link code was made for."""
    rows = await session.execute(select(MemberRow).filter_by(link_code=code))
    return rows.scalars().first()


async def seasons(session: AsyncSession, club_id: str) -> list[SeasonRow]:
    rows = await session.execute(
        select(SeasonRow).filter_by(club_id=club_id).order_by(SeasonRow.created_at)
    )
    return list(rows.scalars())


async def season(session: AsyncSession, identifier: str) -> SeasonRow | None:
    return await session.get(SeasonRow, identifier)


async def evenings(session: AsyncSession, season_id: str) -> list[TournamentRow]:
    """A season's tournaments in the order they were added."""
    rows = await session.execute(
        select(TournamentRow)
        .join(SeasonEveningRow, SeasonEveningRow.tournament_id == TournamentRow.id)
        .where(SeasonEveningRow.season_id == season_id)
        .order_by(SeasonEveningRow.position)
    )
    return list(rows.scalars())


async def add_evening(session: AsyncSession, season_id: str, tournament_id: str) -> None:
    """Append a tournament to a season (the caller checks it is not there yet)."""
    count = await session.scalar(
        select(func.count()).select_from(SeasonEveningRow).filter_by(season_id=season_id)
    )
    session.add(
        SeasonEveningRow(season_id=season_id, tournament_id=tournament_id, position=count or 0)
    )


async def remove_evening(session: AsyncSession, season_id: str, tournament_id: str) -> int:
    """Take a tournament out of a season; how many rows went (0 or 1)."""
    done = await session.execute(
        delete(SeasonEveningRow).filter_by(season_id=season_id, tournament_id=tournament_id)
    )
    return int(getattr(done, "rowcount", 0) or 0)


async def rename_players(session: AsyncSession, players: dict[str, set[int]], name: str) -> int:
    """Write `name` into the registration entries of these players (tournament -> player
    numbers): the one change a ledger takes after the fact, for a person's data removed
    on request. How many entries changed."""
    if not players:
        return 0
    rows = await session.execute(
        select(TournamentEntryRow).where(
            TournamentEntryRow.tournament_id.in_(list(players)),
            TournamentEntryRow.kind == "registered",
        )
    )
    changed = 0
    for row in rows.scalars():
        if row.data.get("player") in players[row.tournament_id]:
            row.data = {**row.data, "name": name}
            changed += 1
    return changed


async def rename_identity(session: AsyncSession, tournaments: list[str], old: str, new: str) -> int:
    """Write the identity `new` where these tournaments' ledgers name `old` (a registration
    or a merge): a hall identity carries the name it was made from, so a person's data
    removed on request takes it too. How many entries changed."""
    if not tournaments:
        return 0
    rows = await session.execute(
        select(TournamentEntryRow).where(
            TournamentEntryRow.tournament_id.in_(tournaments),
            TournamentEntryRow.kind.in_(("registered", "identity")),
        )
    )
    changed = 0
    for row in rows.scalars():
        if row.data.get("identity") == old:
            row.data = {**row.data, "identity": new}
            changed += 1
    return changed


NOTE_FIELDS = ("reason", "note")
"""The words a director writes into a ledger entry: a person may be named there."""


async def rename_in_notes(session: AsyncSession, named_as: dict[str, set[str]], name: str) -> int:
    """Write `name` wherever a director's reason or note in these tournaments names the
    person (tournament -> the names that stand for them there, as whole words, in any
    case). How many entries changed."""
    if not any(named_as.values()):
        return 0
    rows = await session.execute(
        select(TournamentEntryRow).where(TournamentEntryRow.tournament_id.in_(list(named_as)))
    )
    changed = 0
    for row in rows.scalars():
        said = _naming(named_as[row.tournament_id])
        if said is None:
            continue
        written = {
            key: said.sub(name, value)
            for key in NOTE_FIELDS
            if isinstance(value := row.data.get(key), str)
        }
        if any(row.data[key] != value for key, value in written.items()):
            row.data = {**row.data, **written}
            changed += 1
    return changed


def _naming(names: set[str]) -> re.Pattern[str] | None:
    """One pattern for the names as whole words, in any case (the longest first: "Anna
    Weiß" before "Anna"; "ß" also as "SS", as capitals write it)."""
    spelt = {spelling for name in names for spelling in (name, name.replace("ß", "ss"))}
    words = sorted((name for name in spelt if name.strip()), key=len, reverse=True)
    if not words:
        return None
    either = "|".join(re.escape(word) for word in words)
    return re.compile(rf"(?<!\w)(?:{either})(?!\w)", re.IGNORECASE)


async def removals(session: AsyncSession) -> int:
    """How many members' data was removed on request: the names in the ledgers change in
    place then, so a process that keeps them reads every ledger again when this moves."""
    count = await session.scalar(
        select(func.count()).select_from(MemberRow).where(MemberRow.forgotten_at.is_not(None))
    )
    return int(count or 0)


async def linked_identities(session: AsyncSession) -> dict[str, int]:
    """The hall identity of every member who linked an account -> that account: their
    games in the hall and online are one person's rating."""
    rows = await session.execute(
        select(MemberRow.identity, MemberRow.account_id).where(MemberRow.account_id.is_not(None))
    )
    return {identity: int(account) for identity, account in rows.all() if account is not None}
