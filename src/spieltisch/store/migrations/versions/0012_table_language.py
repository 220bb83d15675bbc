"""the language of a table's creator, for the lobby's language filter

Revision ID: 0012_table_language
Revises: 0011_leaving
Create Date: 2026-12-06 11:20:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012_table_language"
down_revision: str | None = "0011_leaving"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("language", sa.String(8), nullable=True))


def downgrade() -> None:
    op.drop_column("game_tables", "language")
