"""A class table's finished deal is recorded like a deal played alone (issues 34 and 35): each person's seat goes to
the class's record store (a real SQLite store here) with that seat's own review and the table's code; a seat a
bot played (for all or part of the deal) is not recorded as a person's; and only a server that records a class
(the hub, ``./run app --class NAME``) records at all."""

from __future__ import annotations

import random

import pytest

from widgets.class_table import ClassTableError, ClassTables
from widgets.class_table.recording import TableRecorder
from widgets.deal_code import read_table_code
from widgets.records import Store, StudentRecords, TeacherRecords
from widgets.records.progress_page import progress_page
from widgets.server.class_table_handler import table_recorder
from widgets.server.records_route import CLASS_ENV

from .helpers import Ticking, play_deal, seated, short

CLASS = "class 3b"


@pytest.fixture
def store(tmp_path):
    made = Store(tmp_path / "records.sqlite", spool=tmp_path / "records.spool", retry_every=0.1)
    try:
        yield made
    finally:
        made.close(timeout=5)


@pytest.fixture
def recorder(store):
    made = TableRecorder(lambda: store, CLASS)
    try:
        yield made
    finally:
        made.close()


def recorded(store: Store, recorder: TableRecorder) -> list:
    assert recorder.wait(120), "the recorder did not finish"
    assert not recorder.failed, recorder.failed
    assert store.flush(30)
    return TeacherRecords(store, CLASS).deals()


def test_each_person_at_a_class_table_has_their_deal_recorded_with_their_own_review(store, recorder):
    tables = ClassTables(None, clock=Ticking(), bot_delay=0, call_delay=0, on_deal_over=recorder)
    host = tables.open("jabberwocky", players=4, options=short("jabberwocky"), seed=11, level="easy",
                       host_name="Mia", user="mia", settings="")
    zoe = tables.join(host.code, name="Zoe", user="zoe")
    tables.handle(host.token, {"type": "start"}, user="mia")
    rng, tried = random.Random(4), False
    while tables.state_for(host.token, user="mia")["status"] == "playing":
        while tables.step_bots(host.code):
            pass
        for seat, user in ((host, "mia"), (zoe, "zoe")):
            state = tables.state_for(seat.token, user=user)
            if not state["legal"]:
                continue
            refusable = sorted(a for a in state["why"] if a.startswith("play "))
            if user == "zoe" and refusable and not tried:  # a move the rules refuse: counted in her record
                with pytest.raises(ClassTableError):
                    tables.handle(seat.token, {"type": "move", "action": refusable[0]}, user=user)
                tried = True
            tables.handle(seat.token, {"type": "move", "action": rng.choice(state["legal"])}, user=user)
            break
    assert tables.state_for(host.token, user="mia")["status"] == "between deals"
    deals = recorded(store, recorder)
    assert sorted(d.student for d in deals) == ["mia", "zoe"], "each person, and no bot, is recorded"
    game = tables._tables[host.code].game
    seats = {"mia": host, "zoe": zoe}
    for row in deals:
        seat = seats[row.student]
        assert (row.table, row.lesson, row.game, row.deal, row.level) == (host.code, "jabberwocky", "jabberwocky", 1,
                                                                          "easy")
        code = read_table_code(row.code, 4)
        assert (code.players, code.seed) == (4, game.seed), "the record's code deals the table's match"
        # the record's decisions are the seat's own review, as the class table shows it to that seat
        review = tables.review_for(seat.token, 1, user=row.student)
        assert row.decisions == len(review["entries"]) > 0
        assert all(game.history[e["index"]][0] == seat.seat for e in review["entries"])
        mistakes = {(m.index, m.action, m.best) for m in TeacherRecords(store, CLASS).mistakes(row.student)}
        assert mistakes == {(e["index"], e["action"], e["best"]) for e in review["entries"]
                            if e["verdict"] in ("mistake", "blunder")}
    # a student's own page lists their mistakes there without the match's deal code: it would deal the rounds to come
    pages = {u: progress_page(StudentRecords(store, CLASS, u), lambda lesson: f"/{lesson}", "/") for u in seats}
    assert any("Played at class table" in page for page in pages.values()), "random moves made no mistake"
    assert not any(row.code.split("-")[1] in page for row in deals for page in pages.values())
    assert tried, "Zoe never had a move the rules refuse"
    refused = TeacherRecords(store, CLASS).refusals_by_rule("jabberwocky")
    assert [(r.count, r.students) for r in refused] == [(1, 1)], "Zoe's refused move is counted in her record"


def test_a_seat_given_to_the_computer_is_not_recorded_and_typed_names_stand_for_logins(store, recorder):
    """On ``./run app --class`` there is no login: a seat is recorded under the name typed at the table."""
    tables = ClassTables(None, clock=Ticking(), bot_delay=0, call_delay=0, on_deal_over=recorder)
    host = tables.open("jabberwocky", players=4, options=short("jabberwocky"), seed=12, level="easy",
                       host_name="Mia", teacher=True)
    zoe = tables.join(host.code, name="Zoe")
    ravi = tables.join(host.code, name="Ravi")
    tables.handle(host.token, {"type": "start"})
    tables.handle(host.token, {"type": "replace", "seat": ravi.seat})  # Ravi's seat is a bot's for this deal
    play_deal(tables, [host, zoe], random.Random(5))
    deals = recorded(store, recorder)
    assert sorted(d.student for d in deals) == ["Mia", "Zoe"]
    assert {d.table for d in deals} == {host.code}


def test_only_a_server_that_records_a_class_records_its_class_tables(monkeypatch):
    monkeypatch.delenv(CLASS_ENV, raising=False)
    assert table_recorder(False) is None, "a plain ./run app records nothing"
    for per_student, env in ((True, None), (False, "class 3b")):  # the hub; ./run app --class NAME
        if env:
            monkeypatch.setenv(CLASS_ENV, env)
        made = table_recorder(per_student)
        assert isinstance(made, TableRecorder)
        made.close()


def test_a_deal_taken_back_at_its_end_and_played_again_is_handed_to_the_record_store_once(tmp_path):
    """The teacher may take back a move at the end of a deal; the deal ended again is the same deal, recorded once
    (as a learner alone who undoes a finished deal is), and after a server restart too; the next deal is recorded."""
    handed: list = []
    tables = ClassTables(tmp_path, clock=Ticking(), bot_delay=0, call_delay=0, on_deal_over=handed.append)
    host, zoe = seated(tables, "jabberwocky", 2, players=4, teacher=True)
    tables.handle(host.token, {"type": "start"})
    play_deal(tables, [host, zoe], random.Random(6))
    assert [d.deal for d in handed] == [1]
    for again in (tables, ClassTables(tmp_path, clock=Ticking(), bot_delay=0, call_delay=0,
                                      on_deal_over=handed.append)):
        again.handle(host.token, {"type": "undo"})
        assert again.state_for(host.token)["status"] == "playing", "the teacher's undo reopened the deal"
        play_deal(again, [host, zoe], random.Random(7))
        assert again.state_for(host.token)["status"] == "between deals"
        assert [d.deal for d in handed] == [1], "a deal ended twice was handed to the record store twice"
    again.handle(host.token, {"type": "next_deal"})
    play_deal(again, [host, zoe], random.Random(8))
    assert [d.deal for d in handed] == [1, 2]
