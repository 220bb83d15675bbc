"""the tournament a table was opened for, as a column

Revision ID: 0005_table_tournament
Revises: 0004_sessions
Create Date: 2026-11-28 04:40:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_table_tournament"
down_revision: str | None = "0004_sessions"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("tournament_id", sa.String(length=32), nullable=True))
    op.create_index("ix_game_tables_tournament_id", "game_tables", ["tournament_id"])
    # Tables opened for a tournament before this column: their ids are in the ledgers'
    # `online` entries (table number -> table id).
    entries = sa.table(
        "tournament_entries",
        sa.column("tournament_id", sa.String),
        sa.column("kind", sa.String),
        sa.column("data", sa.JSON),
    )
    tables = sa.table(
        "game_tables", sa.column("id", sa.String), sa.column("tournament_id", sa.String)
    )
    bind = op.get_bind()
    found = bind.execute(
        sa.select(entries.c.tournament_id, entries.c.data).where(entries.c.kind == "online")
    )
    for tournament_id, data in list(found):
        for table_id in (data or {}).get("tables", {}).values():
            bind.execute(
                tables.update().where(tables.c.id == table_id).values(tournament_id=tournament_id)
            )


def downgrade() -> None:
    op.drop_index("ix_game_tables_tournament_id", table_name="game_tables")
    op.drop_column("game_tables", "tournament_id")
