"""whether a table was made rated or casual (its creator's choice)

Revision ID: 0010_table_rated
Revises: 0009_hall_screens
Create Date: 2026-12-06 10:50:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010_table_rated"
down_revision: str | None = "0009_hall_screens"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("rated", sa.Boolean(), nullable=True))


def downgrade() -> None:
    op.drop_column("game_tables", "rated")
