"""outbox delivered: a notification's delivery recorded in a table of its own the moment
the receiver took it, so a mark held up by a row lock of the outbox cannot lose it
(issue 43: a kill -9 then sent it again)

Revision ID: 0019_outbox_delivered
Revises: 0018_outbox_sending
Create Date: 2026-12-07 03:30:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

AFTER = "0018_outbox_sending"
"""The revision before this one: the only line to change when another lands first."""

revision: str = "0019_outbox_delivered"
down_revision: str | None = AFTER
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # No foreign key to the outbox: checking one would wait for a lock on the outbox
    # row, the very wait this table is there to avoid.
    op.create_table(
        "notification_delivered",
        sa.Column("outbox_id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("notification_delivered")
