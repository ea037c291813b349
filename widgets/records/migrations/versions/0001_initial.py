"""The first schema: classes, their members, deal sets, deals, their decisions and refusals.

Revision ID: 0001_initial
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_initial"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "parlour_classes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(80), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False))
    op.create_table(
        "parlour_members",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("parlour_classes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("user", sa.String(100), nullable=False),
        sa.Column("role", sa.String(10), nullable=False),
        sa.UniqueConstraint("class_id", "user", name="uq_parlour_members_class_user"))
    op.create_index("ix_parlour_members_class_id", "parlour_members", ["class_id"])
    op.create_table(
        "parlour_deal_sets",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("parlour_classes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("codes", sa.JSON, nullable=False),
        sa.Column("deals", sa.Integer, nullable=False),
        sa.Column("level", sa.String(10), nullable=False),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("published", sa.Boolean, nullable=False),
        sa.Column("created_by", sa.String(100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False))
    op.create_index("ix_parlour_deal_sets_class_id", "parlour_deal_sets", ["class_id"])
    op.create_table(
        "parlour_deals",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("key", sa.String(64), nullable=False, unique=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("parlour_classes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("deal_set_id", sa.Integer, sa.ForeignKey("parlour_deal_sets.id", ondelete="SET NULL"),
                  nullable=True),
        sa.Column("student", sa.String(100), nullable=False),
        sa.Column("lesson", sa.String(60), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("seed", sa.String(24), nullable=False),
        sa.Column("code", sa.String(40), nullable=False),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("level", sa.String(10), nullable=False),
        sa.Column("deal", sa.Integer, nullable=False),
        sa.Column("start", sa.Integer, nullable=False),
        sa.Column("table", sa.String(40), nullable=True),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("result", sa.JSON, nullable=False),
        sa.Column("decisions", sa.Integer, nullable=False),
        sa.Column("accuracy", sa.Float, nullable=True),
        sa.Column("total_cost", sa.Float, nullable=False),
        sa.Column("review_link", sa.Text, nullable=False),
        sa.Column("history", sa.JSON, nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False))
    op.create_index("ix_parlour_deals_deal_set_id", "parlour_deals", ["deal_set_id"])
    op.create_index("ix_parlour_deals_class_student", "parlour_deals", ["class_id", "student", "finished_at"])
    op.create_index("ix_parlour_deals_class_game", "parlour_deals", ["class_id", "game"])
    op.create_table(
        "parlour_decisions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("deal_id", sa.Integer, sa.ForeignKey("parlour_deals.id", ondelete="CASCADE"), nullable=False),
        sa.Column("index", sa.Integer, nullable=False),
        sa.Column("position", sa.String(24), nullable=False),
        sa.Column("action", sa.String(200), nullable=False),
        sa.Column("best", sa.String(200), nullable=False),
        sa.Column("verdict", sa.String(12), nullable=False),
        sa.Column("cost", sa.Float, nullable=False))
    op.create_index("ix_parlour_decisions_deal_id", "parlour_decisions", ["deal_id"])
    op.create_index("ix_parlour_decisions_position", "parlour_decisions", ["position"])
    op.create_table(
        "parlour_refusals",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("deal_id", sa.Integer, sa.ForeignKey("parlour_deals.id", ondelete="CASCADE"), nullable=False),
        sa.Column("rule", sa.String(80), nullable=False),
        sa.Column("count", sa.Integer, nullable=False))
    op.create_index("ix_parlour_refusals_deal_id", "parlour_refusals", ["deal_id"])


def downgrade() -> None:
    for table in ("parlour_refusals", "parlour_decisions", "parlour_deals", "parlour_deal_sets", "parlour_members",
                  "parlour_classes"):
        op.drop_table(table)
