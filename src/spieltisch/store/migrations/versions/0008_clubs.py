"""clubs: the player registry (members across evenings) and seasons of tournaments

Revision ID: 0008_clubs
Revises: 0007_table_takeback
Create Date: 2026-12-06 08:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008_clubs"
down_revision: str | None = "0007_table_takeback"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "clubs",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("manager", sa.String(length=120), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "club_members",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("club_id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("club_number", sa.String(length=40), nullable=True),
        sa.Column("identity", sa.String(length=120), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("link_code", sa.String(length=40), nullable=True),
        sa.Column("forgotten_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"]),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("club_id", "club_number"),
    )
    with op.batch_alter_table("club_members", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_club_members_club_id"), ["club_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_club_members_identity"), ["identity"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_club_members_account_id"), ["account_id"], unique=False
        )
    op.create_table(
        "seasons",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("club_id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("method", sa.String(length=16), nullable=False),
        sa.Column("best", sa.Integer(), nullable=True),
        sa.Column("min_games", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("seasons", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_seasons_club_id"), ["club_id"], unique=False)
    op.create_table(
        "season_evenings",
        sa.Column("season_id", sa.String(length=32), nullable=False),
        sa.Column("tournament_id", sa.String(length=32), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["season_id"], ["seasons.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("season_id", "tournament_id"),
    )


def downgrade() -> None:
    op.drop_table("season_evenings")
    with op.batch_alter_table("seasons", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_seasons_club_id"))
    op.drop_table("seasons")
    with op.batch_alter_table("club_members", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_club_members_account_id"))
        batch_op.drop_index(batch_op.f("ix_club_members_identity"))
        batch_op.drop_index(batch_op.f("ix_club_members_club_id"))
    op.drop_table("club_members")
    op.drop_table("clubs")
