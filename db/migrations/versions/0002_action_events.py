"""Keep the events each action caused, so statistics need no replay; filled in for old matches.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("match_actions") as batch:
        batch.add_column(sa.Column("events", sa.JSON(), nullable=True))
    _fill_events(op.get_bind())


def _fill_events(connection: sa.Connection) -> None:
    """Replay each stored match to record its events; a match that no longer replays keeps NULL."""
    from db.replay import events_by_seq

    actions = sa.table(
        "match_actions",
        sa.column("match_id", sa.Integer()), sa.column("seq", sa.Integer()), sa.column("events", sa.JSON()),
    )
    match_ids: list[int] = connection.execute(sa.text("SELECT id FROM matches ORDER BY id")).scalars().all()  # type: ignore[assignment]
    for match_id in match_ids:
        by_seq = events_by_seq(connection, match_id)
        for seq, events in by_seq.items():
            connection.execute(
                sa.update(actions)
                .where(actions.c.match_id == match_id, actions.c.seq == seq)
                .values(events=events)
            )


def downgrade() -> None:
    with op.batch_alter_table("match_actions") as batch:
        batch.drop_column("events")
