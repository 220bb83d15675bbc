"""a club's link codes run out; one account is one member per club

Revision ID: 0015_link_codes
Revises: 0014_notifications
Create Date: 2026-12-06 14:50:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

AFTER = "0014_notifications"
"""The revision before this one: the only line to change when another lands first."""

revision: str = "0015_link_codes"
down_revision: str | None = AFTER
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "club_members", sa.Column("link_code_until", sa.DateTime(timezone=True), nullable=True)
    )
    op.create_index(
        "club_members_one_per_account", "club_members", ["club_id", "account_id"], unique=True
    )
    op.create_index("club_members_link_code", "club_members", ["link_code"], unique=True)


def downgrade() -> None:
    op.drop_index("club_members_link_code", "club_members")
    op.drop_index("club_members_one_per_account", "club_members")
    op.drop_column("club_members", "link_code_until")
