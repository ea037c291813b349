"""The writer never blocks, loses no record when the database is down or full, and stores nothing refused;
on SQLite and on a real PostgreSQL server (issue 35, item 2)."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import event, func, select

from tests.records.games import record
from widgets.records import RecordError, Store, TeacherRecords
from widgets.records.models import Deal, Decision, Refusal
from widgets.records.record import sign
from tests.records.conftest import wait_for


def _count(store: Store, model=Deal) -> int:
    return store.read(lambda s: s.scalar(select(func.count()).select_from(model)))


def test_a_record_is_written_with_its_decisions_and_refusals(store):
    made = record("ada", refusals={"jubilee.values": 3})
    assert store.submit(made, "ada") == made.key
    assert store.flush(30)
    assert _count(store) == 1 and _count(store, Decision) == len(made.data["decisions"])
    assert store.read(lambda s: s.scalar(select(Refusal.count).where(Refusal.rule == "jubilee.values"))) == 3
    health = store.health()
    assert health.ok and health.written == 1 and health.words() == "Every finished deal is recorded."


def test_a_record_sent_twice_is_stored_once(store, tmp_path):
    made = record("ada")
    store.submit(made, "ada")
    store.submit(made, "ada")
    assert store.flush(30)
    store.submit(made, "ada")  # again after it was written (a spool read back after a crash)
    assert store.flush(30)
    assert _count(store) == 1


def test_a_refused_record_stores_nothing(store, monkeypatch):
    # without the server's key the writer replays a record's moves (with it, see the keyed test below); in
    # ./run test another test of the same worker once left a key in the environment, and the forged record
    # below was stored unreplayed
    monkeypatch.delenv("PARLOUR_SAVE_KEY", raising=False)
    with pytest.raises(RecordError, match="not for 'bob'"):
        store.submit(record("ada"), "bob")
    with pytest.raises(RecordError, match="Only a record built by record_from_game"):
        store.submit({"student": "ada"}, "ada")  # type: ignore[arg-type]
    # signed, well-formed, but one move is not legal: refused when the writer replays it
    data = dict(record("ada", seed=2).data)
    history = [list(m) for m in data["history"]]
    bot = next(i for i, (who, _) in enumerate(history) if who != 0)  # a bot's move: no decision of the record's
    history[bot][1] = "play 2H" if history[bot][1] != "play 2H" else "play 3H"
    data["history"] = history
    from widgets.records.record import check_record
    forged = check_record(sign(data), "ada")
    store.submit(forged, "ada")
    store.submit(record("bea"), "bea")
    assert wait_for(lambda: store.health().refused and store.health().waiting == 0)
    assert [d.student for d in TeacherRecords(store, "class 3b").deals()] == ["bea"]
    assert "moves do not replay" in store.health().refused[-1]
    assert "1 record(s) were refused" in store.health().words()


def test_submit_does_not_wait_for_the_database(store):
    """While the writer holds the database (a long write), submit returns at once."""
    store.submit(record("ada"), "ada")
    assert store.flush(30)
    gate = threading.Event()
    if store.url.startswith("sqlite"):
        holder = store.engine.raw_connection()
        holder.cursor().execute("BEGIN IMMEDIATE")  # the write lock: the writer waits behind it
    else:
        holder = store.engine.raw_connection()
        holder.cursor().execute("LOCK TABLE parlour_deals IN ACCESS EXCLUSIVE MODE")
    try:
        taken = []
        for n, student in enumerate(["bea", "cy", "dov"]):
            made = record(student, minutes=n)
            began = time.perf_counter()
            store.submit(made, student)
            taken.append(time.perf_counter() - began)
        assert store.health().waiting == 3
        gate.set()
    finally:
        holder.rollback()
        holder.close()
    assert store.flush(60) and _count(store) == 4
    assert max(taken) < 1.0, taken  # the database was held: a submit that waited for it would take 10 s


def test_a_full_database_keeps_the_records_and_writes_them_when_there_is_room(tmp_path):
    """SQLite's "database or disk is full" (its page limit set to what the file holds), then room again."""
    store = Store(tmp_path / "records.sqlite", retry_every=0.1)
    full = {"on": True}

    @event.listens_for(store.engine, "connect")
    def _limit(dbapi_connection, _record):
        if full["on"]:
            pages = dbapi_connection.execute("PRAGMA page_count").fetchone()[0]
            dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")

    try:
        store.engine.dispose()
        for n in range(3):
            store.submit(record(f"s{n}", minutes=n), f"s{n}")
        assert wait_for(lambda: store.health().problem is not None)
        health = store.health()
        assert health.waiting >= 1 and "full" in health.problem  # the first may fit in the file's free pages
        waiting = "1 deal is" if health.waiting == 1 else f"{health.waiting} deals are"
        assert health.words().startswith(f"{waiting} waiting to be written since ")
        assert "the database does not answer (database or disk is full)" in health.words()
        full["on"] = False
        store.engine.dispose()
        store.retry_now()
        assert store.flush(30) and _count(store) == 3 and store.health().ok
    finally:
        store.close()


def test_a_server_restart_while_the_database_is_unreachable_loses_no_record(tmp_path):
    """SQLite: the database's folder is missing (a disk not mounted): records wait in the spool across a restart."""
    missing = tmp_path / "not-mounted" / "records.sqlite"
    spool = tmp_path / "records.spool"
    first = Store(missing, spool=spool, retry_every=0.1)
    for n in range(3):
        first.submit(record(f"s{n}", minutes=n), f"s{n}")
    assert wait_for(lambda: first.health().problem is not None)
    first.close(timeout=0.5)
    assert len(spool.read_text().splitlines()) == 3
    missing.parent.mkdir()
    second = Store(missing, spool=spool, retry_every=0.1)
    try:
        assert second.flush(30) and _count(second) == 3
        assert spool.read_text() == ""
    finally:
        second.close()


def test_a_corrupt_spool_line_is_refused_and_the_others_written(tmp_path):
    spool = tmp_path / "records.spool"
    first = Store(tmp_path / "nowhere" / "r.sqlite", spool=spool, retry_every=0.1)
    first.submit(record("ada"), "ada")
    first.submit(record("bea", seed=2), "bea")
    first.close(timeout=0.2)
    lines = spool.read_text().splitlines()
    spool.write_text(lines[0].replace('"score": ', '"score": 1') + "\n" + lines[1] + "\n" + "{not json\n")
    second = Store(tmp_path / "r.sqlite", spool=spool, retry_every=0.1)
    try:
        assert second.flush(30)
        assert [d.student for d in TeacherRecords(second, "class 3b").deals()] == ["bea"]
        refused = second.health().refused
        assert len(refused) == 2 and "line 1 of the spool" in refused[0] and "check does not match" in refused[0]
        assert "line 3 of the spool" in refused[1]
    finally:
        second.close()


def test_postgres_stopped_mid_test_loses_no_record(postgres, tmp_path):
    """The database goes down while the class plays: records wait (the health says so), the writer retries, and
    a server restarted meanwhile reads its spool back; after PostgreSQL is back every record is written once."""
    url = postgres.create_database()
    spool = tmp_path / "records.spool"
    store = Store(url, spool=spool, retry_every=0.2)
    store.submit(record("ada"), "ada")
    assert store.flush(30)
    postgres.stop()
    try:
        for n, student in enumerate(["bea", "cy", "dov"]):
            store.submit(record(student, minutes=n + 1), student)
        assert wait_for(lambda: store.health().problem is not None)
        assert store.health().waiting == 3 and "3 deals are waiting to be written since" in store.health().words()
        store.close(timeout=0.5)  # the server restarts while the database is down
        restarted = Store(url, spool=spool, retry_every=0.2)
        assert restarted.health().waiting == 3
        restarted.submit(record("eve", minutes=9), "eve")
        assert wait_for(lambda: restarted.health().problem is not None)
    finally:
        postgres.start()
    try:
        restarted.retry_now()
        assert restarted.flush(60), restarted.health()
        students = [d.student for d in TeacherRecords(restarted, "class 3b").deals()]
        assert students == ["ada", "bea", "cy", "dov", "eve"]
        assert restarted.health().ok and spool.read_text() == ""
    finally:
        restarted.close()


def test_a_store_on_a_url_needs_a_spool():
    with pytest.raises(ValueError, match="needs a spool file"):
        Store("postgresql://nobody@127.0.0.1:1/none")


def test_on_a_keyed_server_only_its_own_records_are_stored(store, monkeypatch):
    """The hub sets PARLOUR_SAVE_KEY: a record checked with that key is written (without replaying its moves
    again); one whose check was computed without the key (anyone can) is refused at once."""
    unkeyed = record("ada", seed=2)
    monkeypatch.setenv("PARLOUR_SAVE_KEY", "the hub's secret")
    with pytest.raises(RecordError, match="written by another server"):
        store.submit(unkeyed, "ada")
    mine = record("ada", seed=1)
    mine = type(mine)(sign(dict(mine.data)))
    store.submit(mine, "ada")
    assert store.flush(30) and [d.code for d in TeacherRecords(store, "class 3b").deals()] == [mine.data["code"]]
