"""A student's puzzles, their schedules and their progress records, kept by the hub (issue 37, "where it lives"):
a learner's puzzles follow them between computers.

Revision ID: 0003_puzzles
Revises: 0002_recorded_at
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_puzzles"
down_revision = "0002_recorded_at"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "parlour_puzzles",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("class_id", sa.Integer(), sa.ForeignKey("parlour_classes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("student", sa.String(100), nullable=False),
        sa.Column("puzzle_id", sa.String(64), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("puzzle", sa.JSON(), nullable=False),
        sa.Column("schedule", sa.JSON(), nullable=False),
        sa.Column("last", sa.String(10), nullable=True),
        sa.Column("replay", sa.JSON(), nullable=True),
        sa.Column("reviewed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("class_id", "student", "puzzle_id", name="uq_parlour_puzzles_student_puzzle"),
    )
    op.create_table(
        "parlour_puzzle_records",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("class_id", sa.Integer(), sa.ForeignKey("parlour_classes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("student", sa.String(100), nullable=False),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("when", sa.DateTime(timezone=True), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.UniqueConstraint("class_id", "student", "key", name="uq_parlour_puzzle_records_student_key"),
    )
    op.create_index("ix_parlour_puzzle_records_student_when", "parlour_puzzle_records",
                    ["class_id", "student", "when"])


def downgrade() -> None:
    op.drop_index("ix_parlour_puzzle_records_student_when", "parlour_puzzle_records")
    op.drop_table("parlour_puzzle_records")
    op.drop_table("parlour_puzzles")
