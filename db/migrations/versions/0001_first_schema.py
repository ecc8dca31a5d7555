"""The first schema: players, matches, their seats, and every action in order.

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("name_key", sa.String(100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_players_name_key", "players", ["name_key"], unique=True)
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("format_version", sa.Integer(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=True),
        sa.Column("date", sa.String(32), nullable=True),
        sa.Column("title", sa.String(200), nullable=True),
        sa.Column("app_version", sa.String(32), nullable=False),
        sa.Column("origin", sa.String(16), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("reason", sa.String(300), nullable=False),
        sa.Column("action_count", sa.Integer(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("summary", sa.JSON(), nullable=False),
    )
    op.create_index("ix_matches_ruleset", "matches", ["ruleset"])
    op.create_index("ix_matches_status", "matches", ["status"])
    op.create_index("ix_matches_started_newest", "matches", ["started_at", "id"])
    op.create_table(
        "match_seats",
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("side", sa.String(32), nullable=True),
        sa.Column("team", sa.String(64), nullable=True),
        sa.Column("result", sa.String(8), nullable=True),
    )
    op.create_index("ix_match_seats_player_id", "match_seats", ["player_id"])
    op.create_table(
        "match_actions",
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("actor", sa.Integer(), nullable=False),
        sa.Column("notation", sa.String(500), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("evidence", sa.JSON(), nullable=True),
        sa.Column("undone", sa.Boolean(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("match_actions")
    op.drop_table("match_seats")
    op.drop_table("matches")
    op.drop_table("players")
