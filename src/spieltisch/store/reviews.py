"""Reviews of finished games, computed once and kept: one row per game and review setting.

The key is a digest of what the review depends on (game, options, history, level,
budget, seed), so the same game uploaded twice shares its review. The row is also the
lock that lets one analysis of a game run at a time, across server processes: it is
inserted before the work starts, and its `updated_at` shows the work is alive.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, Integer, String, Text, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from spieltisch.store.models import Base, now


class ReviewStatus(StrEnum):
    """Where a game's review is (`GameReviewRow.status`; `NONE` only as an answer: no
    row, never asked for)."""

    NONE = "none"
    RUNNING = "running"
    """Being computed: `done` of `total` decisions rated."""
    DONE = "done"
    FAILED = "failed"


class GameReviewRow(Base):
    __tablename__ = "game_reviews"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    status: Mapped[str] = mapped_column(String(16))
    """A `ReviewStatus`: running, done or failed."""
    done: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(Integer, default=0)
    owner: Mapped[str] = mapped_column(String(32))
    """Who computes it (a token per attempt): a stale attempt is taken over by another."""
    review: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=now)
    updated_at: Mapped[datetime] = mapped_column(default=now)


async def update_if_owned(session: AsyncSession, key: str, owner: str, /, **values: Any) -> bool:
    """Write `values` (and `updated_at`: the work is alive) to the review `key` if `owner`
    still computes it; False when another attempt took it over meanwhile. (Positional
    `owner`: a take-over writes the new `owner=` among the values.)"""
    changed = await session.execute(
        update(GameReviewRow)
        .where(GameReviewRow.key == key, GameReviewRow.owner == owner)
        .values(updated_at=now(), **values)
    )
    return bool(getattr(changed, "rowcount", 0) == 1)
