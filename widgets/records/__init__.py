"""The record of play on the server (issue 35): each finished deal a student plays, its review, and deal sets.

Not wired into the table or the server yet. The API the server, the class table and the teacher's page call::

    from widgets.records import Store, record_from_game, TeacherRecords, StudentRecords

    store = Store(".hub/records.sqlite")            # or Store("postgresql://…", spool=".hub/records.spool")
    record = record_from_game(game, seat, student="ada", lesson="jubilee", level="medium",
                              class_name="class", code=table.code, refusals={"jubilee.values": 2})
    store.submit(record, sender="ada")              # returns at once; RecordError for a bad record
    store.health().words()                          # "3 deals are waiting to be written since 10:02: …"

    teacher = TeacherRecords(store, "class")        # only for a user the hub marks as a teacher
    teacher.students(); teacher.mistakes("ada"); teacher.refusals_by_rule("jubilee")
    teacher.hardest_decisions("jubilee"); teacher.deal_set_moves(set_id); teacher.export_csv()
    set_id = teacher.create_deal_set("mrs_b", "Week 3", "jubilee", ["3-K7QM3P"], "easy"); teacher.publish(set_id)

    mine = StudentRecords(store, "class", "ada")   # "My progress": ada's rows and nothing else
    mine.accuracy_over_time(); mine.mistakes(); mine.deal_sets()
    StudentPuzzles(store, "class", "ada").load()   # ada's puzzles (widgets/records/puzzle_rows.py), nobody else's

    delete_class(store, "class")                    # or: ./run class delete class

Nothing here imports ipywidgets: the hub's service process may use it without a kernel's widgets. The names
below are loaded on first use, so a module that needs only a record (:mod:`widgets.records.record`, as the
puzzles do in the browser of the static site) does not load SQLAlchemy and Alembic, which the site lacks.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from widgets.records.puzzle_rows import StudentPuzzles
    from widgets.records.record import Record, RecordError, check_record, read_record, record_from_game
    from widgets.records.store import Health, Store, StoreUnavailable
    from widgets.records.views import DealSetError, StudentRecords, TeacherRecords, class_names, delete_class

_HOME = {"Record": "record", "RecordError": "record", "check_record": "record", "read_record": "record",
         "record_from_game": "record", "Health": "store", "Store": "store", "StoreUnavailable": "store",
         "DealSetError": "views", "StudentRecords": "views", "TeacherRecords": "views", "class_names": "views",
         "delete_class": "views", "StudentPuzzles": "puzzle_rows"}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module 'widgets.records' has no attribute {name!r}")
    return getattr(importlib.import_module(f"widgets.records.{_HOME[name]}"), name)


__all__ = ["DealSetError", "Health", "Record", "RecordError", "Store", "StoreUnavailable", "StudentPuzzles",
           "StudentRecords",
           "TeacherRecords", "check_record", "class_names", "delete_class", "read_record", "record_from_game"]
