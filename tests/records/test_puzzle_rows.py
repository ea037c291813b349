"""Puzzles in the class's record store (issue 37, "where it lives"): a student's puzzles, schedules and progress
records kept on SQLite and on PostgreSQL, nobody else's; a damaged or foreign row dropped with the rest kept; the
route ``parlour/puzzles`` refusing forged, foreign, huge and malformed posts; and a puzzle answered on one computer
(a page and its kernel) loading, with its schedule, on another of the same student."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from sqlalchemy import text

from engine import srs
from tests.records import test_recording
from tests.records.test_recording import CLASS, KEY, announce_huge, from_kernel, post
from tests.records.test_migrations import STAMP
from tests.widgets.test_puzzles import Browser, bid_puzzle
from widgets.puzzle_store import Entry, Store, entry_json, record_key
from widgets.records import RecordError, StudentPuzzles, delete_class
from widgets.records.puzzle_rows import MOST_PER_POST, checked_post
from widgets.records.puzzle_sync import PuzzleSync
from widgets.records.recorder import Sender, kernel_token

NOW = datetime(2026, 11, 28, 8, 0, tzinfo=timezone.utc)
server = test_recording.server  # the record routes in an in-process server, with two kernels of ada's


@pytest.fixture(scope="module")
def puzzle() -> dict[str, Any]:
    return bid_puzzle()


def entry(puzzle: dict[str, Any], answered: int = 0, **changes: Any) -> Entry:
    """``puzzle`` (its id changed by ``changes``) with a schedule answered ``answered`` times a day apart."""
    schedule = srs.new_schedule(NOW)
    for day in range(answered):
        schedule = srs.answered(schedule, srs.grade(True, 1), NOW + timedelta(days=day + 1))
    return Entry({**puzzle, **changes}, schedule, "solved" if answered else None, None)


def deal(n: int) -> dict[str, Any]:
    return {"v": 1, "kind": "parlour-deal", "game": "jabberwocky", "when": (NOW + timedelta(hours=n)).isoformat(),
            "decisions": 4, "good": 3, "mistakes": []}


def attempt(puzzle_id: str, n: int) -> dict[str, Any]:
    return {"v": 1, "kind": "parlour-attempt", "puzzle": puzzle_id, "game": "jabberwocky", "solved": True,
            "tries": 1, "when": (NOW + timedelta(days=n)).isoformat()}


def test_a_students_puzzles_are_kept_and_loaded_and_nobody_elses(store, puzzle):
    ada, bob = StudentPuzzles(store, CLASS, "ada"), StudentPuzzles(store, CLASS, "bob")
    first, second = entry(puzzle), entry(puzzle, id="second")
    assert ada.save([first, second], [deal(1), deal(0), attempt("second", 1)]) == (2, 3)
    assert bob.save([entry(puzzle, id="bobs")], [deal(5)]) == (1, 1)
    assert ada.save([first], [deal(1)]) == (0, 0), "kept once"
    loaded = ada.load()
    assert loaded.dropped == 0
    assert [e["puzzle"]["id"] for e in loaded.entries] == [puzzle["id"], "second"]
    assert loaded.entries[0] == entry_json(first)
    assert loaded.records == [deal(0), deal(1), attempt("second", 1)], "oldest first"
    assert [e["puzzle"]["id"] for e in bob.load().entries] == ["bobs"] and bob.load().records == [deal(5)]
    assert StudentPuzzles(store, "class 4c", "ada").load().entries == [], "another class's ada is another student"
    # of two copies of one puzzle, the one answered last is kept, whichever arrives last
    newer = entry(puzzle, answered=2)
    assert ada.save([newer], []) == (1, 0)
    assert ada.save([entry(puzzle, answered=1)], []) == (0, 0)
    assert ada.load().entries[0]["schedule"] == newer.schedule
    counts = delete_class(store, CLASS)
    assert counts["puzzles"] == 3 and counts["puzzle records"] == 4
    assert ada.load().entries == [] and bob.load().records == []


def test_a_damaged_or_foreign_row_is_dropped_and_the_others_kept(store, puzzle):
    ada = StudentPuzzles(store, CLASS, "ada")
    ada.save([entry(puzzle)], [deal(1)])
    broken = {**puzzle, "moves": []}  # no longer a puzzle: its answer is none of its moves
    with store.engine.begin() as c:
        klass = c.execute(text("SELECT id FROM parlour_classes WHERE name = :n"), {"n": CLASS}).scalar()
        rows = [("p-broken", json.dumps(broken)), ("p-foreign", json.dumps(puzzle))]  # another id than its own
        if "sqlite" in store.url:
            rows.append(("p-not-json", "{not json"))  # SQLite keeps any text a hand puts in
        for puzzle_id, body in rows:
            c.execute(text("INSERT INTO parlour_puzzles (class_id, student, puzzle_id, game, puzzle, schedule, last, "
                           "replay, reviewed_at, updated_at) VALUES (:k, 'ada', :p, 'jabberwocky', :body, :s, NULL, "
                           "NULL, NULL, :t)").bindparams(STAMP("t")),
                      {"k": klass, "p": puzzle_id, "body": body, "s": json.dumps(srs.new_schedule(NOW)),
                       "t": NOW})
        c.execute(text("INSERT INTO parlour_puzzle_records (class_id, student, key, kind, \"when\", data) VALUES "
                       "(:k, 'ada', 'not-its-key', 'parlour-deal', :t, :d)").bindparams(STAMP("t")),
                  {"k": klass, "t": NOW, "d": json.dumps(deal(7))})
    loaded = ada.load()
    assert loaded.dropped == len(rows) + 1
    assert [e["puzzle"]["id"] for e in loaded.entries] == [puzzle["id"]] and loaded.records == [deal(1)]
    assert ada.load().dropped == 0, "dropped once, not at every load"


def test_a_post_of_anything_but_puzzles_and_records_is_refused_whole(puzzle):
    good = entry_json(entry(puzzle))
    assert len(checked_post([good], [deal(1)])[0]) == 1
    for entries, records, says in [
            ({}, [], "a list of puzzles"),
            ([good] * (MOST_PER_POST + 1), [], "at most"),
            ([good, {**good, "schedule": {"due": "soon"}}], [], "Puzzle 2"),
            ([{**good, "puzzle": {**puzzle, "game": "chess"}}], [], "Puzzle 1"),
            ([{**good, "last": "maybe"}], [], "Puzzle 1"),
            ([{**good, "extra": 1}], [], "Puzzle 1"),
            ([good], [deal(1), {**deal(2), "when": "yesterday"}], "Record 2"),
            ([good], [{"v": 1, "kind": "parlour-secret", "game": "x", "when": NOW.isoformat()}], "Record 1")]:
        with pytest.raises(RecordError, match=says):
            checked_post(entries, records)


def test_the_route_keeps_only_the_kernels_students_puzzles_and_refuses_the_rest(server, store, puzzle):
    url = server + "/puzzles"
    good = entry_json(entry(puzzle))
    save = {"op": "save", "student": "ada", "class": CLASS, "entries": [good], "records": [deal(1)]}
    status, answer = post(url, {"kernel": "k-ada", "token": kernel_token("another key", "k-ada"), **save})
    assert status == 403 and "not a kernel of this server" in answer["message"]  # forged
    assert post(url, from_kernel("k-pool", **save))[0] == 403
    status, answer = post(url, from_kernel("k-bob", **save))  # ada's puzzles from bob's kernel
    assert status == 400 and "for the student 'ada', not for 'bob'" in answer["message"]
    status, answer = post(url, from_kernel("k-ada", **{**save, "class": "class 4c"}))
    assert status == 400 and "class 4c" in answer["message"]
    assert announce_huge(url) == 413
    assert post(url, None, raw=b"not json")[0] == 400
    status, answer = post(url, from_kernel("k-ada", **{**save, "entries": [good, {"puzzle": 1}]}))
    assert status == 400 and "Puzzle 2" in answer["message"]
    assert post(url, from_kernel("k-ada", **{**save, "op": "drop"}))[0] == 400
    assert StudentPuzzles(store, CLASS, "ada").load().entries == [], "nothing kept of a refused post"

    assert post(url, from_kernel("k-ada", **save)) == (200, {"puzzles": 1, "records": 1})
    load = {"op": "load", "class": CLASS}
    status, answer = post(url, from_kernel("k-ada-2", student="ada", **load))  # ada on another computer
    assert status == 200 and answer == {"entries": [good], "records": [deal(1)], "dropped": 0}
    status, answer = post(url, from_kernel("k-bob", student="bob", **load))
    assert status == 200 and answer["entries"] == [] and answer["records"] == []
    assert post(url, from_kernel("k-bob", student="ada", **load))[0] == 400, "bob's kernel never loads ada's"


def computer(url: str, kernel: str, browser: Browser, monkeypatch) -> Any:
    """A page on one computer: its kernel's puzzle panel (with the sync a hub's kernel gets) and its browser."""
    import widgets.records.puzzle_sync as sync_module
    from widgets.puzzles import PuzzlePanel

    sync = PuzzleSync(Sender(url, kernel, kernel_token(KEY, kernel)))
    monkeypatch.setattr(sync_module, "puzzle_sync", lambda: sync)
    return browser.load(PuzzlePanel())


def test_a_puzzle_answered_on_one_computer_is_due_later_on_another(server, store, puzzle, monkeypatch):
    """Ada answers a puzzle on one computer; on a second computer, whose browser holds an older copy of it and a
    puzzle of its own, the page shows the answered copy, and the class server then holds both puzzles."""
    first = computer(server, "k-ada", Browser(), monkeypatch)
    first.add([puzzle], {}, deal(1))
    first.start_due()
    assert first.choose(puzzle["answer"]) == "solved"
    schedule = first.store.entries[puzzle["id"]].schedule
    assert not srs.is_due(schedule)

    older = Store()
    older.add([puzzle, {**puzzle, "id": "only-here"}], NOW - timedelta(days=3))
    browser = Browser(older.text())
    second = computer(server, "k-ada-2", browser, monkeypatch)
    assert second.store.entries[puzzle["id"]].schedule == schedule, "the copy answered last"
    assert second.store.attempts == first.store.attempts and second.store.deals == [deal(1)]
    assert "Puzzles due: 1" in second.due_html.value  # only-here is due; the answered one is not
    reload = computer(server, "k-ada-2", Browser(browser.text), monkeypatch)  # the browser was given the merge
    assert reload.store.entries[puzzle["id"]].schedule == schedule
    held = StudentPuzzles(store, CLASS, "ada").load()
    assert {e["puzzle"]["id"] for e in held.entries} == {puzzle["id"], "only-here"}
    assert {record_key(r) for r in held.records} == {record_key(r) for r in first.store.deals + first.store.attempts}
    bobs = computer(server, "k-bob", Browser(), monkeypatch)
    assert bobs.store.entries == {} and "Puzzles due: 0" in bobs.due_html.value
