"""The teacher's page on the class's hub, in Chromium (issue 35): the teacher makes a deal set and hands it out;
three students log in and find it under "From your teacher" on the gallery, one opens its deal at the lesson's
table; their finished deals reach the record store (written here, as the hub's service would, so no deal is
played out in the browser) and the teacher's page, already open, shows them by itself: their results, who has
done which, how many chose each move, and one student's mistake opening its review. A student opening the
teacher's page gets 403. Screenshots in test-artifacts/teacher-*.png.

Two students at one class table on the same hub (issue 34): one opens Play with others, the other joins by the
code; each sees the other's move in their own log, the teacher's page says they sit at that table, and one
student's seat token, carried into the other's browser, is refused. Screenshots in test-artifacts/class-hub-*.png.

The hub is started as tests/test_hub.py starts it (shared route), with one teacher named in PARLOUR_HUB_TEACHERS.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from playwright.sync_api import expect

import engine
from tests.browser.table_page import button, open_lesson
from tests.browser.test_table_layout import table_class
from tests.records.games import record
from tests.test_hub import running_shared_hub

# slow: a hub of its own with PostgreSQL behind it, like tests/test_hub.py (./run test --full and CI run it)
pytestmark = [pytest.mark.browser, pytest.mark.slow]

SERVICE = "services/parlour/"
GALLERY = f"**/{SERVICE}voila/render/index.ipynb"
CLASS = "3b"
STUDENTS = {"ada": "easy", "bea": "medium", "cy": "hard"}  # the bots that played each student's seat


@pytest.fixture(scope="module")
def class_hub(tmp_path_factory, artifacts_dir):
    with pytest.MonkeyPatch.context() as env:  # the hub's environment: one teacher, the class's name
        env.setenv("PARLOUR_HUB_TEACHERS", "mrs_b")
        env.setenv("PARLOUR_HUB_CLASS", CLASS)
        yield from running_shared_hub(tmp_path_factory.mktemp("teacher-hub"), artifacts_dir, "teacher-hub")


def finish_deals(state, records) -> None:
    """The students' finished deals into the hub's record store, as its service writes them."""
    from widgets.records import Store

    store = Store(state / "records.sqlite", spool=state / "test-seed.spool")
    try:
        for one in records:
            store.submit(one, one.student)
        assert store.flush(120), store.health().words()
    finally:
        store.close()


def test_the_teacher_sees_the_class_play_a_deal_set(class_hub, browser, save_screenshot):
    hub = class_hub
    # the deal the students' seats played (a single deal of Jubilee), its code as their table writes it
    code = table_class("jubilee")(seed=1, **engine.GAMES["jubilee"].short_match).code

    # the teacher makes a set of one deal and hands it out
    teacher_context, teacher = hub.log_in_browser(browser, "mrs_b", GALLERY)
    teacher.goto(hub.url + SERVICE + "parlour/teacher")
    expect(teacher.get_by_role("heading", name=f"Your class: {CLASS}")).to_be_visible()
    teacher.get_by_text("Make a deal set").click()
    teacher.fill("input[name=name]", "Week 1")
    teacher.select_option("select[name=game]", "jubilee")
    teacher.fill("textarea[name=codes]", code)
    teacher.select_option("select[name=level]", "medium")
    teacher.check("input[name=publish]")
    teacher.get_by_role("button", name="Make the set").click()
    the_set = teacher.locator("section.deal-set", has_text="Week 1")
    expect(the_set).to_contain_text("handed out")

    # three students log in: "From your teacher" on the gallery, nothing done yet; one opens the deal
    students = {}
    for name in STUDENTS:
        context, page = hub.log_in_browser(browser, name, GALLERY)
        assigned = page.frame_locator("iframe.parlour-from-teacher").locator("li", has_text="Week 1")
        expect(assigned).to_contain_text("0 of 1 done", timeout=60_000)
        students[name] = (context, page, assigned)
    save_screenshot(students["ada"][1], "teacher-gallery-from-your-teacher-ada")
    students["ada"][2].get_by_role("link", name=code).click()
    ada = students["ada"][1]
    ada.wait_for_url(re.compile(r"jubilee\.ipynb\?deal="), wait_until="commit")
    table = ada.locator(".parlour").first
    expect(table.locator(".parlour-card").first).to_be_visible(timeout=200_000)
    ada.wait_for_function("code => [...document.querySelectorAll('.parlour input')].some(box => box.value === code)",
                          arg=code, timeout=60_000)  # the table dealt the set's deal (its deal code box says so)

    # a student opening the teacher's page: 403 and a sentence
    refused = ada.goto(hub.url + SERVICE + "parlour/teacher")
    assert refused is not None and refused.status == 403
    expect(ada.locator("body")).to_contain_text("This page is for the class's teachers")
    assert "Week 1" not in ada.content()
    save_screenshot(ada, "teacher-page-refused-to-a-student")

    # their deals end; the teacher's page, open all along, shows them by itself
    teacher.goto(hub.url + SERVICE + "parlour/teacher")
    expect(teacher.locator("#students tr[data-student]")).to_have_count(0)
    records = [record(name, level=bots, class_name=CLASS, code=code) for name, bots in STUDENTS.items()]
    finish_deals(hub.state, records)
    rows = teacher.locator("#students tr[data-student]")
    expect(rows).to_have_count(3, timeout=30_000)  # within the page's live refresh (2 s) and a busy machine's
    for one in records:
        row = teacher.locator(f"#students tr[data-student='{one.student}']")
        accuracy = one.data["accuracy"]
        expect(row.locator("td").nth(2)).to_have_text(f"{round(accuracy * 100)}%")
        expect(teacher.locator(f"table.progress tr[data-student='{one.student}'] td.done")).to_have_count(1)

    # at the set's first decision, how many chose each move, beside the hint's choice
    first = min((d for r in records for d in r.data["decisions"]), key=lambda d: d["index"])
    counts = Counter(d["action"] for r in records for d in r.data["decisions"] if d["position"] == first["position"])
    row = teacher.locator(f"table.move-counts tr[data-position='{first['position']}']")
    for action, n in counts.items():
        expect(row.locator(f".move[data-move='{action}']")).to_have_attribute("data-count", str(n))
    expect(row.locator(".move.hint")).to_have_attribute("data-move", first["best"])
    save_screenshot(teacher, "teacher-page")

    # one student's mistake opens its review, as the student saw it
    student = next(r.student for r in records if any(d["verdict"] in ("mistake", "blunder")
                                                     for d in r.data["decisions"]))
    mistakes = teacher.locator(f"details#student-{student}")
    mistakes.locator("summary").click()
    with teacher_context.expect_page() as opened:
        mistakes.locator("a.review").first.click()
    review = opened.value
    review.set_default_timeout(200_000)
    shown = review.locator(".parlour-review:visible")  # the play table's (a lesson's other tables have one too)
    expect(shown).to_have_count(1, timeout=200_000)
    wrong = next(r for r in records if r.student == student)
    expect(shown).to_contain_text(f"{len(wrong.data['decisions'])} decisions", timeout=60_000)
    shown.scroll_into_view_if_needed()
    save_screenshot(review, "teacher-mistake-review", full_page=False)

    # and a student sees the set done
    bea = students["bea"][1]
    bea.goto(hub.url + SERVICE + "parlour/assigned")
    expect(bea.locator("li", has_text="Week 1")).to_contain_text("1 of 1 done")
    for context, _, _ in students.values():
        context.close()
    teacher_context.close()


CLASS_TABLE_LESSON = f"{SERVICE}voila/render/jabberwocky.ipynb"
KEPT_SEAT = "Object.keys(localStorage).filter(k => k.includes('#class-table/'))"  # the seat a browser keeps
SLOW = 200_000


def test_two_students_play_at_one_class_table_on_the_hub(class_hub, browser, save_screenshot):
    hub = class_hub
    seats = {}
    for login, name in (("ada", "Ada"), ("bea", "Bea")):
        context, page = hub.log_in_browser(browser, login, GALLERY)
        open_lesson(page, hub.url + CLASS_TABLE_LESSON)
        table = page.locator(".parlour-play-table").first
        table.locator(".parlour-class-table input[placeholder='your name']").fill(name)
        seats[login] = (context, page, table)
    ada, bea = seats["ada"][2], seats["bea"][2]
    button(ada, "Play with others").click()
    code_shown = ada.locator("[data-testid=table-code]")
    expect(code_shown).to_have_text(re.compile(r"^[A-Z0-9]{5}$"), timeout=SLOW)
    code = code_shown.inner_text()
    bea.locator(".parlour-class-table input[placeholder='table code']").fill(code)
    button(bea, "Join a table").click()
    expect(bea.locator("[data-testid=table-code]")).to_have_text(code, timeout=SLOW)
    expect(ada.locator(".parlour-seat-row[data-person='1']")).to_have_count(2, timeout=SLOW)

    # the teacher sees them at that table
    teacher_context, teacher = hub.log_in_browser(browser, "mrs_b", GALLERY)
    teacher.goto(hub.url + SERVICE + "parlour/teacher")
    for student in ("ada", "bea"):
        row = teacher.locator("#online tr").filter(has=teacher.get_by_role("cell", name=student, exact=True))
        expect(row).to_contain_text(f"class table {code} (Jabberwocky", timeout=30_000)
    save_screenshot(teacher, "class-hub-teacher-online")
    teacher_context.close()

    # the host starts; each bids in round 1 when their page says it is their turn (the bots bid between)
    button(ada, "Start").click()
    your_turn = {who: t.locator(".parlour-status", has_text="Your turn") for who, t in (("ada", ada), ("bea", bea))}
    # Ada's board shows the bots bid until a person is to act (seat 0 Ada, 1 Bea); the bots then wait for them
    people_to_act = ada.locator(".jw-seat.parlour-seat--active[data-seat='0'], "
                                ".jw-seat.parlour-seat--active[data-seat='1']")
    expect(people_to_act).to_have_count(1, timeout=SLOW)
    first = "ada" if people_to_act.get_attribute("data-seat") == "0" else "bea"
    for who in (first, "bea" if first == "ada" else "ada"):
        table = seats[who][2]
        expect(your_turn[who]).to_be_visible(timeout=SLOW)
        table.locator(".jw-bids button:enabled").first.click()
        expect(table.locator(".parlour-log-row", has_text="You bid").first).to_be_visible(timeout=SLOW)
    expect(ada.locator(".parlour-log-row", has_text=re.compile(r"Bea bids \d")).first).to_be_visible(timeout=SLOW)
    expect(bea.locator(".parlour-log-row", has_text=re.compile(r"Ada bids \d")).first).to_be_visible(timeout=SLOW)
    save_screenshot(seats["bea"][1], "class-hub-bea-seat")

    # Bea's seat token, carried into Ada's browser, is refused: the seat is Bea's, and Ada is signed in
    bea_page, ada_page = seats["bea"][1], seats["ada"][1]
    bea_kept = bea_page.evaluate(f"{KEPT_SEAT}.map(k => localStorage.getItem(k))")
    assert len(bea_kept) == 1 and code in bea_kept[0]
    ada_keys = ada_page.evaluate(KEPT_SEAT)
    assert len(ada_keys) == 1
    ada_page.evaluate("([key, text]) => localStorage.setItem(key, text)", [ada_keys[0], bea_kept[0]])
    open_lesson(ada_page, hub.url + CLASS_TABLE_LESSON)
    ada = ada_page.locator(".parlour-play-table").first
    button(ada, "Rejoin your table").click()
    expect(ada.locator(".parlour-class-table [role=alert]")).to_contain_text("belongs to another person",
                                                                              timeout=SLOW)
    expect(ada.locator("[data-testid=table-code]")).not_to_be_visible()
    expect(bea.locator("[data-testid=table-code]")).to_have_text(code)  # Bea keeps her seat
    save_screenshot(ada_page, "class-hub-foreign-token-refused")
    for context, page, _ in seats.values():
        page.close(run_before_unload=True)
        context.close()
