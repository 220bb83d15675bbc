"""where a table was created from, as a keyed digest of the address

Revision ID: 0006_table_created_from
Revises: 0005_table_tournament
Create Date: 2026-11-28 07:40:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006_table_created_from"
down_revision: str | None = "0005_table_tournament"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("created_from", sa.String(length=32), nullable=True))


def downgrade() -> None:
    op.drop_column("game_tables", "created_from")
