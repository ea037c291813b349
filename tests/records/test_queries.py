"""What the teacher's page asks, and a student's own progress, each checked against the records themselves,
on SQLite and on PostgreSQL (issue 35, items 3 to 5)."""

from __future__ import annotations

import csv
import io
from collections import Counter, defaultdict
from datetime import timedelta

import pytest

import engine
from tests.records.games import T0, played, record
from widgets.records import DealSetError, StudentRecords, TeacherRecords, record_from_game
from widgets.records.queries import CSV_COLUMNS
from widgets.deal_code import table_code

CLASS = "class 3b"


@pytest.fixture
def school(store):
    """Class 3b: ada, bea and cy play the set's deal (jubilee, seed 1), ada also a deal of her own; dee plays the
    same deal in class 4c. Returns the store, the set's id and every record by student."""
    teacher = TeacherRecords(store, CLASS)
    game, _ = played("jubilee", 1)
    code = table_code(game.players, game.seed)
    set_id = teacher.create_deal_set("mrs_b", "Week 1", "jubilee", [code, table_code(game.players, 99)], "medium",
                                     dict(engine.GAMES["jubilee"].short_match))
    teacher.publish(set_id)
    made = {
        "ada": [record("ada", level="easy", minutes=0, deal_set=set_id, refusals={"jubilee.values": 2}),
                record("ada", seed=2, level="easy", minutes=30)],
        "bea": [record("bea", level="medium", minutes=5, deal_set=set_id,
                       refusals={"jubilee.values": 1, "turn.order": 4})],
        "cy": [record("cy", level="hard", minutes=10, deal_set=set_id)],
        "dee": [record("dee", level="easy", minutes=1, class_name="4c", refusals={"jubilee.values": 7})],
    }
    for student, records in made.items():
        for one in records:
            store.submit(one, student)
    assert store.flush(60)
    return store, set_id, made


def _class_records(made):
    return [r for student, rs in made.items() for r in rs if r.data["class_name"] == CLASS]


def test_students_deals_and_accuracy(school):
    store, _, made = school
    teacher = TeacherRecords(store, CLASS)
    summary = {s.student: s for s in teacher.students()}
    assert sorted(summary) == ["ada", "bea", "cy"]  # dee is another class's
    for student in summary:
        decisions = [d for r in made[student] for d in r.data["decisions"]]
        verdicts = Counter(d["verdict"] for d in decisions)
        assert summary[student].deals == len(made[student])
        assert summary[student].accuracy == pytest.approx((verdicts["best"] + verdicts["good"]) / len(decisions))
        assert (summary[student].mistakes, summary[student].blunders) == (verdicts["mistake"], verdicts["blunder"])
    assert summary["ada"].last_played == T0 + timedelta(minutes=30)
    deals = teacher.deals("ada")
    assert [d.finished_at for d in deals] == [T0, T0 + timedelta(minutes=30)]
    assert deals[0].review_link == made["ada"][0].data["review_link"] and deals[0].deal_set is not None
    over_time = teacher.accuracy_over_time("ada")
    assert [(when, acc) for when, acc, _ in over_time] == [
        (T0 + timedelta(minutes=m), pytest.approx(r.data["accuracy"])) for m, r in zip((0, 30), made["ada"])]


def test_mistakes_and_blunders_with_their_review_links(school):
    store, _, made = school
    rows = TeacherRecords(store, CLASS).mistakes("ada")
    want = [(r.data["review_link"], d["index"], d["action"], d["best"], d["verdict"])
            for r in reversed(made["ada"]) for d in r.data["decisions"] if d["verdict"] in ("mistake", "blunder")]
    assert want, "the easy bot makes mistakes in these deals"
    assert [(m.review_link, m.index, m.action, m.best, m.verdict) for m in rows] == want
    assert all(m.student == "ada" for m in rows)


def test_refusals_by_rule_with_the_rules_words(school):
    store, _, _ = school
    counts = TeacherRecords(store, CLASS).refusals_by_rule("jubilee")
    assert [(c.rule, c.count, c.students) for c in counts] == [("turn.order", 4, 1), ("jubilee.values", 3, 2)]
    assert counts[0].text == engine.protocol.GENERAL_RULES["turn.order"].text
    assert counts[1].text == engine.GAMES["jubilee"].rules["jubilee.values"].text
    assert TeacherRecords(store, "4c").refusals_by_rule("jubilee")[0].count == 7
    assert TeacherRecords(store, CLASS).refusals_by_rule("rummy") == []


def _by_position(records):
    chose = defaultdict(lambda: defaultdict(set))
    best = defaultdict(Counter)
    good = defaultdict(list)
    for r in records:
        for d in r.data["decisions"]:
            chose[d["position"]][d["action"]].add(r.student)
            best[d["position"]][d["best"]] += 1
            good[d["position"]].append(d["verdict"] in ("best", "good"))
    return chose, best, good


def test_each_decision_of_a_deal_set_counts_the_students_who_chose_each_move(school):
    store, set_id, made = school
    in_set = [r for r in _class_records(made) if r.data["deal_set"] == set_id]
    chose, best, _ = _by_position(in_set)
    moves = TeacherRecords(store, CLASS).deal_set_moves(set_id)
    assert {m.position for m in moves} == set(chose)
    for m in moves:
        assert m.counts == {a: len(who) for a, who in chose[m.position].items()}
        assert m.best == min(best[m.position].items(), key=lambda b: (-b[1], b[0]))[0]  # the most often, then by name
        assert m.students == len(set().union(*chose[m.position].values()))
    first = min(moves, key=lambda m: m.index)
    assert first.students == 3 and sum(first.counts.values()) >= 3  # all three met the deal's first decision
    assert [m.index for m in moves] == sorted(m.index for m in moves)  # one code: in the order of the deal


def test_the_decisions_where_the_class_is_least_accurate(school):
    store, _, made = school
    chose, _, good = _by_position(_class_records(made))
    shared = {p: sum(g) / len(g) for p, g in good.items() if len(set().union(*chose[p].values())) >= 2}
    hardest = TeacherRecords(store, CLASS).hardest_decisions("jubilee", limit=3)
    missed = {p: a for p, a in shared.items() if a < 1}
    want = sorted(missed, key=lambda p: (missed[p], -len(set().union(*chose[p].values())), p))[:3]
    assert [h.position for h in hardest] == want
    assert [h.accuracy for h in hardest] == pytest.approx([shared[p] for p in want])
    assert all(h.students >= 2 for h in hardest)
    # a decision every student got right is not among the hardest, even when few others are left to show
    every = TeacherRecords(store, CLASS).hardest_decisions("jubilee", limit=len(shared))
    assert {h.position for h in every} == set(missed) and len(missed) < len(shared)


def test_a_student_sees_only_their_own_rows(school):
    store, set_id, made = school
    mine = StudentRecords(store, CLASS, "bea")
    assert [d.student for d in mine.deals()] == ["bea"]
    assert [d.review_link for d in mine.deals()] == [made["bea"][0].data["review_link"]]
    assert all(m.student == "bea" for m in mine.mistakes())
    assert len(mine.accuracy_over_time()) == 1
    (deal_set, progress), = mine.deal_sets()
    assert deal_set.id == set_id and progress.student == "bea" and len(progress.done) == 1 and len(progress.left) == 1
    assert StudentRecords(store, CLASS, "dee").deals() == []  # dee's deal is in class 4c
    assert StudentRecords(store, "4c", "ada").deals() == []
    nobody = StudentRecords(store, CLASS, "zed")
    assert (nobody.deals(), nobody.mistakes(), nobody.accuracy_over_time()) == ([], [], [])
    assert "student" not in StudentRecords.deals.__code__.co_varnames  # no method takes another name


def test_deal_sets_published_and_who_has_done_which(school):
    store, set_id, made = school
    teacher = TeacherRecords(store, CLASS)
    code = made["ada"][0].data["code"]
    progress = {p.student: p for p in teacher.deal_set_progress(set_id)}
    assert progress["ada"].done == (code,) and progress["cy"].done == (code,) and len(progress["bea"].left) == 1
    draft = teacher.create_deal_set("mrs_b", "Week 2", "jubilee", "random", "hard", deals=5)
    assert [s.published for s in teacher.deal_sets()] == [True, False]
    assert [s.id for s, _ in StudentRecords(store, CLASS, "ada").deal_sets()] == [set_id]  # the draft is not shown
    teacher.publish(draft)
    rows = {s.id: s for s in teacher.deal_sets()}
    assert rows[draft].codes == () and rows[draft].deals == 5 and rows[draft].published_at is not None
    assert {p.student: p.played for p in teacher.deal_set_progress(draft)} == {"ada": 0, "bea": 0, "cy": 0}
    with pytest.raises(DealSetError, match="no deal set"):
        TeacherRecords(store, "4c").publish(set_id)  # another class's set


@pytest.mark.parametrize("args, says", [
    (("poker", ["3-K7QM3P"], "easy"), "There is no game 'poker'"),
    (("jubilee", ["hello"], "easy"), "is not a deal code"),
    (("jubilee", ["9-K7QM3P"], "easy"), "is a deal for 9 players"),
    (("jubilee", ["3-K7QM3P", "3-k7qm3p"], "easy"), "each deal code once"),
    (("jubilee", "random", "easy"), "says how many"),
    (("jubilee", ["3-K7QM3P"], "genius"), "not a bots' level"),
    (("jubilee", [], "easy"), "1 to 100 deal codes"),
])
def test_a_deal_set_that_cannot_be_made_is_refused(store, args, says):
    with pytest.raises(DealSetError, match=says):
        TeacherRecords(store, CLASS).create_deal_set("mrs_b", "Bad", *args)
    assert TeacherRecords(store, CLASS).deal_sets() == []


def test_csv_export_has_a_row_per_deal_and_no_formula(store):
    for n, student in enumerate(["ada", "=HYPERLINK(\"http://x\")", "-1"]):
        store.submit(record(student, minutes=n, refusals={"turn.order": n}), student)
    assert store.flush(60)
    rows = list(csv.reader(io.StringIO(TeacherRecords(store, CLASS).export_csv())))
    assert tuple(rows[0]) == CSV_COLUMNS and len(rows) == 4
    column = {name: i for i, name in enumerate(CSV_COLUMNS)}
    assert [r[column["student"]] for r in rows[1:]] == ["ada", "'=HYPERLINK(\"http://x\")", "-1"]
    first = record("ada")
    assert rows[1][column["accuracy"]] == f"{first.data['accuracy']:.3f}"
    assert rows[1][column["review link"]] == first.data["review_link"]
    assert [r[column["refused moves"]] for r in rows[1:]] == ["0", "1", "2"]


def test_deleting_a_class_deletes_its_records_and_no_other(school):
    store, set_id, made = school
    from widgets.records import delete_class
    counts = delete_class(store, CLASS)
    assert counts["deals"] == 4 and counts["deal sets"] == 1 and counts["members"] == 3
    assert counts["decisions"] == sum(len(r.data["decisions"]) for r in _class_records(made))
    assert TeacherRecords(store, CLASS).students() == [] and TeacherRecords(store, CLASS).deal_sets() == []
    assert [s.student for s in TeacherRecords(store, "4c").students()] == ["dee"]
    assert delete_class(store, CLASS)["deals"] == 0


def test_what_is_new_since_the_pages_last_look(school):
    store, _, made = school
    teacher = TeacherRecords(store, CLASS)
    latest = max(d.finished_at for d in teacher.deals())
    everything = teacher.recorded_since(T0 - timedelta(days=1))
    assert len(everything) == 4
    from datetime import datetime, timezone
    mark = datetime.now(timezone.utc)
    store.submit(record("eve", minutes=99), "eve")
    assert store.flush(30)
    assert [d.student for d in teacher.recorded_since(mark - timedelta(seconds=1))][-1] == "eve"
    assert latest < T0 + timedelta(minutes=99)


def test_teachers_of_a_class(store):
    teacher = TeacherRecords(store, CLASS)
    teacher.add_teacher("mrs_b")
    teacher.add_teacher("mrs_b")
    assert teacher.teachers() == ["mrs_b"] and teacher.is_teacher("mrs_b") and not teacher.is_teacher("ada")
    assert not TeacherRecords(store, "4c").is_teacher("mrs_b")


def _shown(counts):
    """What the teacher's page shows from ``counts`` (widgets/records/tally.py's ClassCounts), the order of each
    move count included (a dict's == ignores it)."""
    def moves(rows):
        return [(m, list(m.counts.items())) for m in rows]
    sets = counts.deal_sets()
    return {
        "last recorded": counts.last_recorded(), "students": counts.student_rows(),
        "accuracy": counts.class_accuracy(), "mistakes": counts.class_mistakes(), "games": counts.class_games(),
        "refusals": {g: counts.refusals_by_rule(g) for g in ("jubilee", "rummy")},
        "hardest": {(g, limit, least): moves(counts.hardest_decisions(g, limit, least))
                    for g in ("jubilee", "rummy") for limit, least in ((3, 2), (500, 1), (500, 3))},
        "sets": sets,
        "set moves": {(s.id, limit, least): (moves(counts.shared_deal_set_moves(s.id, limit, least)[0]),
                                             counts.shared_deal_set_moves(s.id, limit, least)[1:])
                      for s in sets for limit, least in ((2, 2), (500, 1), (500, 2), (500, 3))},
        "progress": {s.id: counts.deal_set_progress(s) for s in sets},
    }


def test_the_pages_held_counts_are_the_databases_before_and_after_new_deals(school):
    """The teacher's page holds the class's counts and reads only the new deals at each refresh (ClassTally): what
    it shows is what the database counts, after the first read and after each refresh with new deals, new sets, a
    refusal, another class's deal, and once the class is deleted (then everything is read again)."""
    from widgets.records import delete_class
    from widgets.records.tally import ClassQueries, ClassTally
    store, set_id, made = school
    tally = ClassTally(CLASS)
    assert store.read(tally.refresh) == 4 and tally.reads == 1
    database = store.read(lambda s: _shown(ClassQueries(s, CLASS)))
    assert database["set moves"][(set_id, 500, 2)][0], "the set's first decisions were reached by several students"
    assert _shown(tally) == database

    teacher = TeacherRecords(store, CLASS)
    game, _ = played("jubilee", 2)
    week2 = teacher.create_deal_set("mrs_b", "Week 2", "jubilee", [table_code(game.players, game.seed)], "easy")
    teacher.publish(week2)
    more = [record("eve", level="medium", minutes=40, deal_set=set_id, refusals={"turn.order": 3}),  # the set's deal
            record("bea", level="hard", minutes=41, deal_set=set_id),  # bea again, choosing as cy did
            record_from_game(*played("jubilee", 1, "easy")[:1], 0, "ada", "index", "medium", class_name=CLASS,
                             review=played("jubilee", 1, "easy")[1], deal_set=set_id,
                             finished_at=T0 + timedelta(minutes=45)),  # ada again from the gallery, the same moves
            record("cy", seed=2, level="easy", minutes=42),  # Week 2's code: counted in it
            record("eve", seed=2, level="medium", minutes=43, refusals={"jubilee.values": 1}),
            record("fay", level="easy", minutes=44, class_name="4c")]  # another class's
    for one in more:
        store.submit(one, one.student)
    assert store.flush(60)
    assert store.read(tally.refresh) == 5 and tally.reads == 1  # the five new deals read, nothing else
    database = store.read(lambda s: _shown(ClassQueries(s, CLASS)))
    assert len(database["sets"]) == 2 and database["progress"][week2], "Week 2 has its deals"
    assert _shown(tally) == database
    assert store.read(tally.refresh) == 0 and _shown(tally) == database  # nothing new: nothing read

    delete_class(store, CLASS)
    store.submit(record("gus", minutes=50), "gus")  # the class again, new
    assert store.flush(60)
    assert store.read(tally.refresh) == 1 and tally.reads == 2
    assert _shown(tally) == store.read(lambda s: _shown(ClassQueries(s, CLASS)))
    assert [s.student for s in tally.student_rows()] == ["gus"]
