"""The tables of the record of play (SQLAlchemy 2): a class, its members, its deal sets, and each deal played.

Why tables and not one JSON blob per deal: the teacher's page asks across students (how many chose each
move at one decision, which rule the class trips over), and a database answers that with an index.
Every table is prefixed ``parlour_`` and Alembic's version table is ``parlour_records_version``, so the
store may share a PostgreSQL database with JupyterHub's own tables.

The schema is changed only by a migration (widgets/records/migrations/versions/): these classes are the
shape of the newest revision, and tests/records/test_migrations.py checks that the migrations build
exactly it.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (JSON, Boolean, DateTime, Float, ForeignKey, Index, Integer, String, Text,
                        UniqueConstraint)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Base(DeclarativeBase):
    pass


class Class(Base):
    """A class: a name its teacher chose (on a hub, one per hub unless the hub says more)."""

    __tablename__ = "parlour_classes"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Member(Base):
    """A hub user in a class: ``role`` is "teacher" or "student" (a student joins by playing)."""

    __tablename__ = "parlour_members"
    __table_args__ = (UniqueConstraint("class_id", "user", name="uq_parlour_members_class_user"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("parlour_classes.id", ondelete="CASCADE"), index=True)
    user: Mapped[str] = mapped_column(String(100))
    role: Mapped[str] = mapped_column(String(10))


class DealSet(Base):
    """Deals a teacher hands out: a game, deal codes (or none: "random"), the bots' level, the settings."""

    __tablename__ = "parlour_deal_sets"
    id: Mapped[int] = mapped_column(primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("parlour_classes.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(120))
    game: Mapped[str] = mapped_column(String(40))
    #: the deal codes, in order; an empty list is "random" (each student gets a deal of their own)
    codes: Mapped[list] = mapped_column(JSON)
    #: how many deals a "random" set asks for (the number of codes otherwise)
    deals: Mapped[int] = mapped_column(Integer)
    level: Mapped[str] = mapped_column(String(10))
    settings: Mapped[dict] = mapped_column(JSON)
    published: Mapped[bool] = mapped_column(Boolean, default=False)
    created_by: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: revision 0002: when the set was handed out (None while it is a draft)
    published_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class Deal(Base):
    """One finished deal a student played, with its result and the summary of its review."""

    __tablename__ = "parlour_deals"
    __table_args__ = (Index("ix_parlour_deals_class_student", "class_id", "student", "finished_at"),
                      Index("ix_parlour_deals_class_game", "class_id", "game"),
                      Index("ix_parlour_deals_class_recorded", "class_id", "recorded_at"))
    id: Mapped[int] = mapped_column(primary_key=True)
    #: the record's identity (a digest of what was played): a record written twice is stored once
    key: Mapped[str] = mapped_column(String(64), unique=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("parlour_classes.id", ondelete="CASCADE"))
    deal_set_id: Mapped[int | None] = mapped_column(ForeignKey("parlour_deal_sets.id", ondelete="SET NULL"),
                                                    nullable=True, index=True)
    student: Mapped[str] = mapped_column(String(100))
    lesson: Mapped[str] = mapped_column(String(60))
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    seed: Mapped[str] = mapped_column(String(24))  # up to 2**64: text, as no SQL integer holds it everywhere
    code: Mapped[str] = mapped_column(String(40))
    settings: Mapped[dict] = mapped_column(JSON)
    level: Mapped[str] = mapped_column(String(10))
    #: the deal of the match (1, 2, …) and where its moves start in the history
    deal: Mapped[int] = mapped_column(Integer)
    start: Mapped[int] = mapped_column(Integer)
    #: a class table's code when the deal was played with others, None alone against bots
    table: Mapped[str | None] = mapped_column(String(40), nullable=True)
    score: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean)
    result: Mapped[dict] = mapped_column(JSON)
    decisions: Mapped[int] = mapped_column(Integer)
    accuracy: Mapped[float | None] = mapped_column(Float, nullable=True)
    total_cost: Mapped[float] = mapped_column(Float)
    review_link: Mapped[str] = mapped_column(Text)
    history: Mapped[list] = mapped_column(JSON)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: revision 0002: when the server wrote it (the teacher's page asks "what is new since my last look")
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    moves: Mapped[list["Decision"]] = relationship(back_populates="deal_row", cascade="all, delete-orphan",
                                                   passive_deletes=True)
    refusals: Mapped[list["Refusal"]] = relationship(back_populates="deal_row", cascade="all, delete-orphan",
                                                     passive_deletes=True)


class Decision(Base):
    """One rated decision of a deal: the move made, the hint's move, the verdict and its cost."""

    __tablename__ = "parlour_decisions"
    __table_args__ = (Index("ix_parlour_decisions_position", "position"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    deal_id: Mapped[int] = mapped_column(ForeignKey("parlour_deals.id", ondelete="CASCADE"), index=True)
    #: the move's place in the game's history, and the position before it (same cards, same moves before:
    #: the same position for every student who reached it)
    index: Mapped[int] = mapped_column(Integer)
    position: Mapped[str] = mapped_column(String(24))
    action: Mapped[str] = mapped_column(String(200))
    best: Mapped[str] = mapped_column(String(200))
    verdict: Mapped[str] = mapped_column(String(12))
    cost: Mapped[float] = mapped_column(Float)

    deal_row: Mapped[Deal] = relationship(back_populates="moves")


class Refusal(Base):
    """How often, in one deal, the rules refused the student's move, by the rule's id."""

    __tablename__ = "parlour_refusals"
    id: Mapped[int] = mapped_column(primary_key=True)
    deal_id: Mapped[int] = mapped_column(ForeignKey("parlour_deals.id", ondelete="CASCADE"), index=True)
    rule: Mapped[str] = mapped_column(String(80))
    count: Mapped[int] = mapped_column(Integer)

    deal_row: Mapped[Deal] = relationship(back_populates="refusals")


class Puzzle(Base):
    """Revision 0003: one of a student's puzzles (engine/puzzles.py) with its FSRS schedule (engine/srs.py), so a
    learner's puzzles follow them between computers on a hub (issue 37, "where it lives"). The browser keeps the
    same entry in its own store (widgets/puzzle_store.py); of two copies, the one reviewed last wins."""

    __tablename__ = "parlour_puzzles"
    __table_args__ = (UniqueConstraint("class_id", "student", "puzzle_id", name="uq_parlour_puzzles_student_puzzle"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("parlour_classes.id", ondelete="CASCADE"))
    student: Mapped[str] = mapped_column(String(100))
    #: the puzzle's own id (a digest of the position it asks about)
    puzzle_id: Mapped[str] = mapped_column(String(64))
    game: Mapped[str] = mapped_column(String(40))
    puzzle: Mapped[dict] = mapped_column(JSON)
    schedule: Mapped[dict] = mapped_column(JSON)
    #: how its last attempt went: "solved", "failed", or None (never tried)
    last: Mapped[str | None] = mapped_column(String(10), nullable=True)
    #: where its deal can be dealt again for "Play it out" (None: asked without it)
    replay: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    #: the schedule's last review (None: never answered): of two copies of a puzzle, the later one is kept
    reviewed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PuzzleRecord(Base):
    """Revision 0003: one of a student's progress records (engine/progress.py: a reviewed deal, or an attempt at a
    puzzle), keyed by its digest, so the same record kept by two computers is stored once."""

    __tablename__ = "parlour_puzzle_records"
    __table_args__ = (UniqueConstraint("class_id", "student", "key", name="uq_parlour_puzzle_records_student_key"),
                      Index("ix_parlour_puzzle_records_student_when", "class_id", "student", "when"))
    id: Mapped[int] = mapped_column(primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("parlour_classes.id", ondelete="CASCADE"))
    student: Mapped[str] = mapped_column(String(100))
    key: Mapped[str] = mapped_column(String(64))
    #: "parlour-deal" or "parlour-attempt"
    kind: Mapped[str] = mapped_column(String(20))
    when: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    data: Mapped[dict] = mapped_column(JSON)
