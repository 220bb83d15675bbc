"""how a game ended and how each seat left it, a paused game, when a person was last at a
table, and the watchers' own chat room (issue 42, "Leaving")

Revision ID: 0011_leaving
Revises: 0010_table_rated
Create Date: 2026-12-06 11:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011_leaving"
down_revision: str | None = "0010_table_rated"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("ending", sa.JSON(), nullable=True))
    op.add_column("game_tables", sa.Column("paused_at", sa.DateTime(timezone=True)))
    op.add_column("game_tables", sa.Column("resumed_at", sa.DateTime(timezone=True)))
    op.add_column("game_tables", sa.Column("seen_at", sa.DateTime(timezone=True)))
    op.add_column("seats", sa.Column("left", sa.String(16), nullable=True))
    op.add_column(
        "chat_messages",
        sa.Column("watchers", sa.Boolean(), nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    op.drop_column("chat_messages", "watchers")
    op.drop_column("seats", "left")
    for column in ("seen_at", "resumed_at", "paused_at", "ending"):
        op.drop_column("game_tables", column)
