"""A student's puzzles in the class's record store (issue 37, "where it lives"): on a hub a learner's puzzles, their
schedules and their progress records follow them between computers.

Why in the record store: the hub already keeps one database per class (SQLite beside its state, or PostgreSQL by
URL); the puzzles are one more of a student's records, and deleting a class deletes them too. The browser keeps its
own copy (widgets/puzzle_store.py) and the page merges the two (:meth:`widgets.puzzle_store.Store.merge`): the
server's copy is what a second computer has never seen.

:class:`StudentPuzzles` is given one student's name by the server route (widgets/server/records_route.py, from the
login of the page whose kernel posts), and nothing it offers takes another. What a kernel sends is checked entry by
entry (:func:`checked_post`): a post with anything that is not a puzzle, a schedule or a progress record, or too
much of it, is refused whole with the sentence saying why. A row that no longer reads back (damaged by hand, or
written by another program) is dropped when it is loaded, and the student is told in one line.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import Text, cast, delete, func, select
from sqlalchemy.orm import Session

from widgets.puzzle_store import (MOST_ATTEMPTS, MOST_DEALS, Entry, entry_json, is_progress_record, later,
                                  read_entry_json, record_key)
from widgets.records.models import Class, Puzzle, PuzzleRecord
from widgets.records.record import RecordError
from widgets.records.store import Store, _utc

log = logging.getLogger("parlour.records")

#: The most puzzles one student keeps on the server (a post that would pass it is refused).
MOST_PUZZLES = 5_000
#: The most entries and records one post carries (a kernel sends more in several posts).
MOST_PER_POST = 500


@dataclass
class Loaded:
    """A student's puzzles as the server keeps them: entries (``{"puzzle", "schedule", "last", "replay"}``), the
    deals' and attempts' records, oldest first, and how many rows were dropped because they did not read back."""

    entries: list[dict[str, Any]] = field(default_factory=list)
    records: list[dict[str, Any]] = field(default_factory=list)
    dropped: int = 0

    def as_json(self) -> dict[str, Any]:
        return {"entries": self.entries, "records": self.records, "dropped": self.dropped}


def _when(record: dict[str, Any]) -> datetime | None:
    try:
        return _utc(datetime.fromisoformat(record["when"]))
    except (KeyError, TypeError, ValueError):
        return None


def checked_post(entries: Any, records: Any) -> tuple[list[Entry], list[dict[str, Any]]]:
    """The entries and records of a kernel's post, each read back; a RecordError naming the first that is not."""
    if not isinstance(entries, list) or not isinstance(records, list):
        raise RecordError("A puzzles post holds a list of puzzles and a list of records.")
    if len(entries) > MOST_PER_POST or len(records) > MOST_PER_POST:
        raise RecordError(f"A puzzles post holds at most {MOST_PER_POST} puzzles and {MOST_PER_POST} records.")
    read = []
    for number, data in enumerate(entries, start=1):
        entry = read_entry_json(data)
        if entry is None:
            raise RecordError(f"Puzzle {number} of this post is not a puzzle with its schedule: nothing was kept.")
        read.append(entry)
    for number, record in enumerate(records, start=1):
        if not is_progress_record(record) or _when(record) is None or len(record["game"]) > 40:
            raise RecordError(f"Record {number} of this post is not a deal's or a puzzle's record: nothing was kept.")
    return read, list(records)


class StudentPuzzles:
    """One student's puzzles in one class, and nothing else (the server makes it from the page's login)."""

    def __init__(self, store: Store, class_name: str, student: str) -> None:
        self.store, self.class_name, self.student = store, class_name, student

    def _class_id(self, session: Session, create: bool) -> int | None:
        klass = session.scalar(select(Class).where(Class.name == self.class_name))
        if klass is None and create:
            klass = Class(name=self.class_name, created_at=datetime.now(timezone.utc))
            session.add(klass)
            session.flush()
        return None if klass is None else int(klass.id)

    def load(self) -> Loaded:
        """Every puzzle of the student and their newest deals' and attempts' records; a row that does not read back
        is deleted (logged with its reason) and counted in ``dropped``."""
        return self.store.change(self._load)

    def _load(self, session: Session) -> Loaded:
        out = Loaded()
        klass = self._class_id(session, create=False)
        if klass is None:
            return out
        mine = (Puzzle.class_id == klass, Puzzle.student == self.student)
        bad: list[int] = []
        # read as text: a row damaged by hand may not even be JSON, and must not stop the others
        for row_id, puzzle_id, *texts in session.execute(
                select(Puzzle.id, Puzzle.puzzle_id, cast(Puzzle.puzzle, Text), cast(Puzzle.schedule, Text),
                       Puzzle.last, cast(Puzzle.replay, Text)).where(*mine).order_by(Puzzle.id)):
            entry = None
            try:
                puzzle, schedule, replay = (json.loads(t) if t is not None else None for t in
                                            (texts[0], texts[1], texts[3]))
                entry = read_entry_json({"puzzle": puzzle, "schedule": schedule, "last": texts[2], "replay": replay})
            except (TypeError, ValueError):
                pass
            if entry is None or entry.puzzle["id"] != puzzle_id:
                log.warning("Dropped %s's puzzle row %s: it is not a puzzle this version reads", self.student, row_id)
                bad.append(row_id)
                continue
            out.entries.append(entry_json(entry))
        if bad:
            session.execute(delete(Puzzle).where(Puzzle.id.in_(bad)))
        out.dropped += len(bad)
        bad = []
        for kind, most in (("parlour-deal", MOST_DEALS), ("parlour-attempt", MOST_ATTEMPTS)):
            rows = session.execute(
                select(PuzzleRecord.id, PuzzleRecord.key, cast(PuzzleRecord.data, Text))
                .where(PuzzleRecord.class_id == klass, PuzzleRecord.student == self.student, PuzzleRecord.kind == kind)
                .order_by(PuzzleRecord.when.desc(), PuzzleRecord.id.desc()).limit(most)).all()
            for row_id, key, text in reversed(rows):
                try:
                    record = json.loads(text)
                except (TypeError, ValueError):
                    record = None
                if not is_progress_record(record) or record["kind"] != kind or record_key(record) != key:
                    log.warning("Dropped %s's progress record row %s: it is not a record this version reads",
                                self.student, row_id)
                    bad.append(row_id)
                    continue
                out.records.append(record)
        if bad:
            session.execute(delete(PuzzleRecord).where(PuzzleRecord.id.in_(bad)))
        out.dropped += len(bad)
        out.records.sort(key=lambda r: str(r["when"]))
        return out

    def save(self, entries: list[Entry], records: list[dict[str, Any]]) -> tuple[int, int]:
        """Keep checked entries and records (:func:`checked_post`): a puzzle new to the server is added, one it holds
        is replaced only by a copy answered later; a record is kept once. (puzzles written, records written)."""
        return self.store.change(lambda session: self._save(session, entries, records))

    def _save(self, session: Session, entries: list[Entry], records: list[dict[str, Any]]) -> tuple[int, int]:
        klass = self._class_id(session, create=True)
        mine = (Puzzle.class_id == klass, Puzzle.student == self.student)
        wanted = {e.puzzle["id"]: e for e in entries}
        held = {row.puzzle_id: row for row in session.scalars(
            select(Puzzle).where(*mine, Puzzle.puzzle_id.in_(list(wanted))))} if wanted else {}
        new = [e for k, e in wanted.items() if k not in held]
        if new:
            count = int(session.scalar(select(func.count(Puzzle.id)).where(*mine)) or 0)
            if count + len(new) > MOST_PUZZLES:
                raise RecordError(f"You keep {count:,} puzzles on the class server: at most {MOST_PUZZLES:,}.")
        now = datetime.now(timezone.utc)
        written = 0
        for key, entry in wanted.items():
            row = held.get(key)
            if row is not None:
                stored = read_entry_json({"puzzle": row.puzzle, "schedule": row.schedule, "last": row.last,
                                          "replay": row.replay})
                if stored is not None and not later(entry, stored):
                    continue
            else:
                row = Puzzle(class_id=klass, student=self.student, puzzle_id=key, game=entry.puzzle["game"])
                session.add(row)
            row.puzzle, row.schedule, row.last, row.replay = entry.puzzle, entry.schedule, entry.last, entry.replay
            last_review = entry.schedule.get("last_review")
            row.reviewed_at = _utc(datetime.fromisoformat(last_review)) if last_review else None
            row.updated_at = now
            written += 1
        keyed = {record_key(r): r for r in records}
        known = set(session.scalars(select(PuzzleRecord.key).where(
            PuzzleRecord.class_id == klass, PuzzleRecord.student == self.student,
            PuzzleRecord.key.in_(list(keyed))))) if keyed else set()
        for key, record in keyed.items():
            if key not in known:
                session.add(PuzzleRecord(class_id=klass, student=self.student, key=key, kind=record["kind"],
                                         when=_when(record), data=record))
        return written, len(set(keyed) - known)


__all__ = ["Loaded", "MOST_PER_POST", "MOST_PUZZLES", "StudentPuzzles", "checked_post"]
