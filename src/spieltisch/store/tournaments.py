"""The tournament tables: a tournament and its ledger, one row per director's step.

The ledger is append-only; the primary key (tournament, seq) serialises writers, so of
two directors entering at once exactly one gets a given number and the other retries on
the ledger as it now stands.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String
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
