"""turn-based play: the deadline of the seat to move, vacations, the table's notices

Revision ID: 0013_turn_based
Revises: 0012_table_language
Create Date: 2026-12-06 14:20:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013_turn_based"
down_revision: str | None = "0012_table_language"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "game_tables",
        sa.Column("turn_based", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.add_column("game_tables", sa.Column("deadline", sa.DateTime(timezone=True)))
    op.create_index("ix_game_tables_deadline", "game_tables", ["deadline"])
    op.create_table(
        "vacations",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_vacations_account_id", "vacations", ["account_id"])
    op.create_table(
        "table_notices",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(24), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_table_notices_table_id", "table_notices", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_table_notices_table_id", "table_notices")
    op.drop_table("table_notices")
    op.drop_index("ix_vacations_account_id", "vacations")
    op.drop_table("vacations")
    op.drop_index("ix_game_tables_deadline", "game_tables")
    op.drop_column("game_tables", "deadline")
    op.drop_column("game_tables", "turn_based")
