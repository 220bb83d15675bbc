"""notifications: each account's email address, webhook and choices; the outbox

Revision ID: 0014_notifications
Revises: 0013_turn_based
Create Date: 2026-12-06 14:20:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

AFTER = "0013_turn_based"
"""The revision before this one: the only line to change when another lands first."""

revision: str = "0014_notifications"
down_revision: str | None = AFTER
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "account_contacts",
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("email_pending", sa.String(254), nullable=True),
        sa.Column("choices", sa.JSON, nullable=False),
        sa.Column("digest", sa.Boolean, nullable=False),
        sa.Column("language", sa.String(8), nullable=True),
        sa.Column("webhook_url", sa.String(500), nullable=True),
        sa.Column("webhook_secret", sa.String(80), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "notification_outbox",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(200), nullable=False, unique=True),
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("claimed_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("claimed_by", sa.String(64), nullable=True),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("dropped", sa.String(300), nullable=True),
    )
    op.create_index("ix_notification_outbox_due", "notification_outbox", ["sent_at", "due_at"])


def downgrade() -> None:
    op.drop_index("ix_notification_outbox_due", "notification_outbox")
    op.drop_table("notification_outbox")
    op.drop_table("account_contacts")
