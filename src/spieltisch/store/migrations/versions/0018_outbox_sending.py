"""outbox sending: each notification's own claim while it is being delivered, so a
slow batch's rows cannot be sent again by another process (issue 43)

Revision ID: 0018_outbox_sending
Revises: 0017_push_subscriptions
Create Date: 2026-12-07 00:10:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

AFTER = "0017_push_subscriptions"
"""The revision before this one: the only line to change when another lands first."""

revision: str = "0018_outbox_sending"
down_revision: str | None = AFTER
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("notification_outbox") as table:
        table.add_column(sa.Column("sending_until", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("notification_outbox") as table:
        table.drop_column("sending_until")
