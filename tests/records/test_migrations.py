"""The schema is Alembic's: an empty database is migrated to the newest revision, a database of the previous
revision (with its rows) is upgraded in place at the store's start, and the migrations build exactly the models'
tables; on SQLite and on PostgreSQL (issue 35, item 2)."""

from __future__ import annotations

import json
from datetime import datetime, timezone

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import DateTime, bindparam, inspect, text

from tests.records.games import record
from widgets.records import Store, StudentRecords, TeacherRecords
from widgets.records.models import Base
from widgets.records.store import HEAD, VERSION_TABLE, current_revision, database_url, downgrade, make_engine, upgrade


def STAMP(name: str):
    """A time bound as the models store it: a raw datetime's text form depends on which sqlite3 adapters other
    libraries in the same process registered (it sorted after the models' times in a parallel run)."""
    return bindparam(name, type_=DateTime(timezone=True))


FIRST = "0001_initial"


def test_an_empty_database_gets_the_newest_schema_at_the_stores_start(database, tmp_path):
    engine_ = make_engine(database_url(database))
    try:
        assert current_revision(engine_) is None
        store = Store(database, spool=tmp_path / "spool")
        store.close()
        assert current_revision(engine_) == HEAD
        with engine_.connect() as connection:  # the migrations build exactly the models' tables and indexes
            context = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE})
            assert compare_metadata(context, Base.metadata) == []
            tables = set(inspect(connection).get_table_names())
        assert tables == {t.name for t in Base.metadata.sorted_tables} | {VERSION_TABLE}
    finally:
        engine_.dispose()


def test_a_database_of_the_previous_schema_is_upgraded_with_its_rows(database, tmp_path):
    """Revision 0001 with a class, a published deal set and a deal in it (as that schema stored them); the store
    upgrades it at start: the deal gets its finish time as its write time, the set its publication time, and the
    teacher's and the student's queries read the old rows."""
    engine_ = make_engine(database_url(database))
    old = record("ada", refusals={"turn.order": 2}).data
    created = datetime(2026, 10, 1, 8, 0, tzinfo=timezone.utc)
    finished = datetime.fromisoformat(old["finished_at"])
    try:
        upgrade(engine_, FIRST)
        assert current_revision(engine_) == FIRST
        assert "recorded_at" not in {c["name"] for c in inspect(engine_).get_columns("parlour_deals")}
        with engine_.begin() as c:
            c.execute(text("INSERT INTO parlour_classes (id, name, created_at) VALUES (1, 'class 3b', :t)")
                      .bindparams(STAMP("t")),
                      {"t": created})
            c.execute(text("INSERT INTO parlour_deal_sets (id, class_id, name, game, codes, deals, level, settings, "
                           "published, created_by, created_at) VALUES (1, 1, 'Week 1', 'jubilee', :codes, 1, "
                           "'easy', '{}', :yes, 'mrs_b', :t)").bindparams(STAMP("t")),
                      {"codes": json.dumps([old["code"]]), "yes": True, "t": created})
            c.execute(text(
                "INSERT INTO parlour_deals (id, key, class_id, deal_set_id, student, lesson, game, players, seat, "
                "seed, code, settings, level, deal, start, \"table\", score, won, result, decisions, accuracy, "
                "total_cost, review_link, history, finished_at) VALUES (1, :key, 1, 1, 'ada', 'jubilee', 'jubilee', "
                ":players, 0, :seed, :code, :settings, 'medium', 1, 0, NULL, :score, :won, :result, :n, :acc, "
                ":cost, :link, :history, :finished)").bindparams(STAMP("finished")),
                {"key": old["key"], "players": old["players"], "seed": old["seed"], "code": old["code"],
                 "settings": json.dumps(old["settings"]), "score": old["score"], "won": old["won"],
                 "result": json.dumps(old["result"]), "n": len(old["decisions"]), "acc": old["accuracy"],
                 "cost": old["total_cost"], "link": old["review_link"], "history": json.dumps(old["history"]),
                 "finished": finished})
            for d in old["decisions"]:
                c.execute(text("INSERT INTO parlour_decisions (deal_id, \"index\", position, action, best, verdict, "
                               "cost) VALUES (1, :index, :position, :action, :best, :verdict, :cost)"), d)
            c.execute(text("INSERT INTO parlour_refusals (deal_id, rule, count) VALUES (1, 'turn.order', 2)"))
        store = Store(database, spool=tmp_path / "spool", retry_every=0.1)
        try:
            assert current_revision(engine_) == HEAD
            teacher = TeacherRecords(store, "class 3b")
            (deal,) = teacher.deals()
            assert deal.student == "ada" and deal.review_link == old["review_link"]
            assert teacher.recorded_since(finished.replace(year=2000))[0].id == deal.id  # recorded_at = finished_at
            assert teacher.refusals_by_rule("jubilee")[0].count == 2
            assert teacher.deal_sets()[0].published_at == created
            assert len(StudentRecords(store, "class 3b", "ada").mistakes()) == sum(
                d["verdict"] in ("mistake", "blunder") for d in old["decisions"])
            store.submit(record("ada"), "ada")  # the same deal again: stored once, after the upgrade too
            store.submit(record("bea", minutes=3), "bea")
            assert store.flush(30)
            assert [d.student for d in teacher.deals()] == ["ada", "bea"]
        finally:
            store.close()
    finally:
        engine_.dispose()


def test_down_to_the_previous_revision_and_up_again(database):
    engine_ = make_engine(database_url(database))
    try:
        upgrade(engine_)
        downgrade(engine_, FIRST)
        assert current_revision(engine_) == FIRST
        assert "published_at" not in {c["name"] for c in inspect(engine_).get_columns("parlour_deal_sets")}
        upgrade(engine_)
        assert current_revision(engine_) == HEAD
    finally:
        engine_.dispose()


def test_a_database_of_revision_0002_gets_the_puzzles_tables_and_keeps_its_deals(database, tmp_path):
    """Revision 0002 with a class and a deal (issue 37: the puzzles join the class's store): the store upgrades it at
    start, the old deal reads back, and a student's puzzles are kept beside it; down to 0002 drops only them."""
    from tests.widgets.test_puzzles import bid_puzzle
    from widgets.puzzle_store import Entry
    from widgets.records import StudentPuzzles
    from engine import srs

    engine_ = make_engine(database_url(database))
    try:
        upgrade(engine_, "0002_recorded_at")
        assert "parlour_puzzles" not in inspect(engine_).get_table_names()
        store = Store(database, spool=tmp_path / "spool", retry_every=0.1)  # 0002 → head, and a deal written
        try:
            store.submit(record("ada"), "ada")
            assert store.flush(30)
        finally:
            store.close()
        downgrade(engine_, "0002_recorded_at")  # the deal written, back to 0002, then the store's start upgrades
        store = Store(database, spool=tmp_path / "spool", retry_every=0.1)
        try:
            assert current_revision(engine_) == HEAD
            assert [d.student for d in TeacherRecords(store, "class 3b").deals()] == ["ada"]
            puzzle = bid_puzzle()
            mine = StudentPuzzles(store, "class 3b", "ada")
            assert mine.save([Entry(puzzle, srs.new_schedule(), None, None)], []) == (1, 0)
            assert [e["puzzle"]["id"] for e in mine.load().entries] == [puzzle["id"]]
        finally:
            store.close()
        downgrade(engine_, "0002_recorded_at")
        assert "parlour_puzzles" not in inspect(engine_).get_table_names()
        assert "parlour_deals" in inspect(engine_).get_table_names()
    finally:
        engine_.dispose()
