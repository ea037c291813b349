"""For the teacher's page: when each deal was written (its live refresh asks "what is new since my last look",
an index on the class and that time), and when a deal set was handed out.

Deals stored before this revision get their finish time as their write time.

Revision ID: 0002_recorded_at
Revises: 0001_initial
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_recorded_at"
down_revision = "0001_initial"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("parlour_deals") as batch:
        batch.add_column(sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE parlour_deals SET recorded_at = finished_at")
    with op.batch_alter_table("parlour_deals") as batch:
        batch.alter_column("recorded_at", existing_type=sa.DateTime(timezone=True), nullable=False)
    op.create_index("ix_parlour_deals_class_recorded", "parlour_deals", ["class_id", "recorded_at"])
    with op.batch_alter_table("parlour_deal_sets") as batch:
        batch.add_column(sa.Column("published_at", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE parlour_deal_sets SET published_at = created_at WHERE published")


def downgrade() -> None:
    with op.batch_alter_table("parlour_deal_sets") as batch:
        batch.drop_column("published_at")
    op.drop_index("ix_parlour_deals_class_recorded", "parlour_deals")
    with op.batch_alter_table("parlour_deals") as batch:
        batch.drop_column("recorded_at")
