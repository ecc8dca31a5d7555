"""Club settings shared by every server on one database: the club PIN's hash and the session key.

Revision ID: 0006
Revises: 0002
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "club_settings",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("value", sa.String(512), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("club_settings")
