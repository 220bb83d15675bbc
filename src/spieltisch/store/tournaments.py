"""The tournament tables and their repository: a tournament and its ledger, one row per
director's step.

The ledger is append-only; the primary key (tournament, seq) serialises writers, so of
two directors entering at once exactly one gets a given number and the other retries on
the ledger as it now stands.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from spieltisch.store.models import Base, now


class TournamentRow(Base):
    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    game: Mapped[str] = mapped_column(String(40), index=True)
    created_at: Mapped[datetime] = mapped_column(default=now)


class TournamentEntryRow(Base):
    __tablename__ = "tournament_entries"

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    by: Mapped[str] = mapped_column(String(120))
    at: Mapped[datetime] = mapped_column()


async def ledger_heads(session: AsyncSession) -> list[tuple[str, int]]:
    """Each tournament's id and the number of its last ledger entry, oldest tournament
    first: what changed since a reader last looked, in one query."""
    rows = await session.execute(
        select(TournamentRow.id, func.max(TournamentEntryRow.seq))
        .join(TournamentEntryRow, TournamentEntryRow.tournament_id == TournamentRow.id)
        .group_by(TournamentRow.id, TournamentRow.created_at)
        .order_by(TournamentRow.created_at, TournamentRow.id)
    )
    return [(identifier, int(seq)) for identifier, seq in rows.all()]


async def ledger(session: AsyncSession, identifier: str) -> list[TournamentEntryRow]:
    """A tournament's ledger in order (empty for an unknown tournament)."""
    rows = await session.execute(
        select(TournamentEntryRow)
        .filter_by(tournament_id=identifier)
        .order_by(TournamentEntryRow.seq)
    )
    return list(rows.scalars())


async def ledgers(
    session: AsyncSession, identifiers: Collection[str]
) -> dict[str, list[TournamentEntryRow]]:
    """The ledgers of several tournaments in one query, each in order (an unknown
    tournament's is left out)."""
    found: dict[str, list[TournamentEntryRow]] = defaultdict(list)
    if identifiers:
        rows = await session.execute(
            select(TournamentEntryRow)
            .where(TournamentEntryRow.tournament_id.in_(list(identifiers)))
            .order_by(TournamentEntryRow.tournament_id, TournamentEntryRow.seq)
        )
        for row in rows.scalars():
            found[row.tournament_id].append(row)
    return found


async def all_tournaments(session: AsyncSession) -> list[TournamentRow]:
    """Every tournament, oldest first."""
    rows = await session.execute(select(TournamentRow).order_by(TournamentRow.created_at))
    return list(rows.scalars())
