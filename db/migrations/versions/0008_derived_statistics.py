"""Statistics that do not read the history (issue: a club's whole archive): `stats_cards`, what each card
did per ruleset, player and day, `stats_players`, results per player, ruleset and day, and
`stats_streaks`, kept with every change and filled here from the log; `stats_state`,
whether they can be read; each seat's `place` for rulesets that rank every player; and an index that
lets results per player be counted without visiting the seats table.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("match_seats") as batch:
        batch.add_column(sa.Column("place", sa.Integer(), nullable=True))
    op.create_index("ix_match_seats_player_result", "match_seats", ["player_id", "result", "match_id"])
    op.create_table(
        "stats_cards",
        sa.Column("ruleset", sa.String(64), primary_key=True),
        sa.Column("card", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("played", sa.Integer(), nullable=False),
        sa.Column("ippons", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("answered", sa.Integer(), nullable=False),
    )
    op.create_table(
        "stats_players",
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("ruleset", sa.String(64), primary_key=True),
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("played", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("losses", sa.Integer(), nullable=False),
        sa.Column("draws", sa.Integer(), nullable=False),
    )
    op.create_table(
        "stats_streaks",
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("ruleset", sa.String(64), primary_key=True),
        sa.Column("current_result", sa.String(8), nullable=False),
        sa.Column("current_length", sa.Integer(), nullable=False),
        sa.Column("best_win", sa.Integer(), nullable=False),
    )
    op.create_table(
        "stats_state",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
    )
    from db.stats_rebuild import refill

    refill(op.get_bind())  # in the upgrade's one transaction: an interrupted upgrade leaves 0007 as it was


def downgrade() -> None:
    op.drop_table("stats_state")
    op.drop_table("stats_streaks")
    op.drop_table("stats_players")
    op.drop_table("stats_cards")
    op.drop_index("ix_match_seats_player_result", "match_seats")
    with op.batch_alter_table("match_seats") as batch:
        batch.drop_column("place")
