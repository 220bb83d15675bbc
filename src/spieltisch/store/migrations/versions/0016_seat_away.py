"""since when a person's seat has had no connection open through any process (issue 42):
a process that loads the table later counts the away time from then, not from its loading

Revision ID: 0016_seat_away
Revises: 0015_link_codes
Create Date: 2026-12-06 17:45:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

AFTER = "0015_link_codes"
"""The revision before this one: the only line to change when another lands first."""

revision: str = "0016_seat_away"
down_revision: str | None = AFTER
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("away_since", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    op.drop_column("seats", "away_since")
