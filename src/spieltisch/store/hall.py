"""What the hall screen of a tournament shows, as its director chose it (`hall.html`
without a `view` in its address follows it): one row per tournament that has a choice."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from spieltisch.store.models import Base, now


class HallScreenRow(Base):
    __tablename__ = "hall_screens"

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    view: Mapped[str] = mapped_column(String(16))
    """rotate, seating, where, standings or timer (`tournament/hall.py`)."""
    seconds: Mapped[int] = mapped_column(Integer)
    chosen_at: Mapped[datetime] = mapped_column(default=now)


async def hall_choice(session: AsyncSession, tournament: str) -> HallScreenRow | None:
    return await session.get(HallScreenRow, tournament)


async def choose_hall(session: AsyncSession, tournament: str, view: str, seconds: int) -> None:
    """Keep the director's choice (the last one counts); the caller commits."""
    row = await session.get(HallScreenRow, tournament)
    if row is None:
        session.add(HallScreenRow(tournament_id=tournament, view=view, seconds=seconds))
    else:
        row.view, row.seconds, row.chosen_at = view, seconds, now()
