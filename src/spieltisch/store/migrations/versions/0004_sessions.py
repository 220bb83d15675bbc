"""sessions that can end, usernames without case

Revision ID: 0004_sessions
Revises: 0003_reviews
Create Date: 2026-11-28 01:15:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_sessions"
down_revision: str | None = "0003_reviews"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "account_sessions",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_account_sessions_account_id", "account_sessions", ["account_id"])
    # Usernames that differ only in case become one name: every one after the first
    # (by account id) gets its id appended, so none is lost and the index can hold.
    accounts = sa.table("accounts", sa.column("id", sa.Integer), sa.column("username", sa.String))
    bind = op.get_bind()
    seen: set[str] = set()
    rows = bind.execute(
        sa.select(accounts.c.id, accounts.c.username)
        .where(accounts.c.username.is_not(None))
        .order_by(accounts.c.id)
    )
    for account_id, username in list(rows):
        if username.lower() in seen:
            renamed = f"{username[: 40 - len(str(account_id)) - 1]}-{account_id}"
            bind.execute(
                accounts.update().where(accounts.c.id == account_id).values(username=renamed)
            )
            username = renamed
        seen.add(username.lower())
    op.create_index(
        "ix_accounts_username_lower", "accounts", [sa.text("lower(username)")], unique=True
    )


def downgrade() -> None:
    op.drop_index("ix_accounts_username_lower", table_name="accounts")
    op.drop_index("ix_account_sessions_account_id", table_name="account_sessions")
    op.drop_table("account_sessions")
