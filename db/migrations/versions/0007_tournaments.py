"""Tournaments (issue 14): the tournament, its entrants in seed order, its log of results; each match
may name the tournament pairing it plays.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("drawn", sa.Boolean(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("winner", sa.String(100), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status"])
    op.create_table(
        "tournament_entrants",
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seed", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
    )
    op.create_index("ix_tournament_entrants_player_id", "tournament_entrants", ["player_id"])
    op.create_table(
        "tournament_results",
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("pairing", sa.String(32), nullable=False),
        sa.Column("outcome", sa.String(8), nullable=False),
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("matches.id", ondelete="SET NULL"), nullable=True),
        sa.Column("forfeit", sa.Boolean(), nullable=False),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_tournament_results_match_id", "tournament_results", ["match_id"])
    op.add_column("matches", sa.Column("tournament_id", sa.Integer(), nullable=True))
    op.add_column("matches", sa.Column("tournament_pairing", sa.String(32), nullable=True))
    op.create_index("ix_matches_tournament_id", "matches", ["tournament_id"])


def downgrade() -> None:
    op.drop_index("ix_matches_tournament_id", "matches")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("tournament_pairing")
        batch.drop_column("tournament_id")
    op.drop_table("tournament_results")
    op.drop_table("tournament_entrants")
    op.drop_table("tournaments")
