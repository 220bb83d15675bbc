"""the takeback asked at a table, so every server process sees and answers it

Revision ID: 0007_table_takeback
Revises: 0006_table_created_from
Create Date: 2026-11-28 07:45:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007_table_takeback"
down_revision: str | None = "0006_table_created_from"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("takeback", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("game_tables", "takeback")
