"""The class table in Chromium (issue 34): one Jabberwocky table, four people each on their own page.

The teacher opens the lesson and presses Play with others; three students open the table's link and join;
the teacher starts, and the four play round 1 to its end, each clicking on their own page (no bot sits at
the table, so nothing moves unless a person does). A student reloads mid-deal and takes the seat back; a
student opens the review of their own decisions; screenshots of the four seats, a phone and the teacher's
view with every hand are kept in test-artifacts/.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.conftest import record_errors

from .table_page import button, open_lesson

pytestmark = pytest.mark.browser

LESSON = "voila/render/jabberwocky.ipynb"
PEOPLE = ("Tess", "Ann", "Ben", "Cy")  # Tess hosts: on one laptop the host has the teacher's controls
ROUND_MOVES = 4 + 4 * 3  # round 1: four bids, then three tricks of four cards
RELOAD_AFTER = 6  # Ann reloads her page once six moves are made (mid-deal)
SHOTS_AFTER = 9  # the screenshots: a trick on the cloth
SLOW = 120_000


def _empty_reply(route: Any) -> None:
    route.fulfill(status=200, body="")


@pytest.fixture
def pages(browser, voila_server, request, save_screenshot):
    """One page per person, each in a browser context of its own (its own localStorage, as on four laptops)."""
    contexts, opened = [], []
    for _ in PEOPLE:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.route("**/cdn.jsdelivr.net/**", _empty_reply)
        page = context.new_page()
        record_errors(page)
        contexts.append(context)
        opened.append(page)
    yield opened
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:  # every person's page as it was
        for k, page in enumerate(opened):
            try:
                save_screenshot(page, f"FAILED-class-table-seat-{k}")
            except Exception:
                pass
    for context in contexts:
        for page in list(context.pages):  # Voilà's unload beacon frees each page's kernel
            page.close(run_before_unload=True)
        for page in list(context.pages):
            if not page.is_closed():
                try:
                    page.wait_for_event("close", timeout=15_000)
                except Exception:
                    pass
        context.close()


def play_table(page: Page) -> Locator:
    return page.locator(".parlour-play-table").first


def hand_cards(table: Locator) -> Locator:
    return table.locator(".parlour-row [data-card]")


def active_seat(table: Locator) -> int:
    """The seat the table shows to act (the board's highlighted seat)."""
    seat = table.locator(".jw-seat.parlour-seat--active")
    expect(seat).to_have_count(1, timeout=SLOW)
    return int(seat.get_attribute("data-seat") or "-1")


def move(table: Locator, seat: int, last: bool = False) -> None:
    """``seat``'s person makes a legal move on their page, and their page shows it made (the ``last`` of a round
    deals the next one: the round's end says it is made)."""
    expect(table.locator(".parlour-status")).to_contain_text("Your turn", timeout=SLOW)
    bids = table.locator(".jw-bids button:enabled")
    if table.locator(".jw-bids").is_visible():
        bids.first.click()
        expect(table.locator(f"[data-testid=bidwon-{seat}]")).to_contain_text(re.compile(r"bid \d"), timeout=SLOW)
        return
    held = hand_cards(table).count()
    table.locator(".parlour-card--playable").first.click()
    if not last:
        expect(hand_cards(table)).to_have_count(held - 1, timeout=SLOW)


def sit(page: Page, name: str) -> Locator:
    table = play_table(page)
    expect(table).to_be_visible(timeout=SLOW)
    table.locator(".parlour-class-table input[placeholder='your name']").fill(name)
    return table


def open_table(page: Page, server: str, name: str) -> tuple[Locator, str]:
    """``name`` opens the lesson and presses Play with others: their table, and the code it shows."""
    open_lesson(page, server + LESSON)
    table = sit(page, name)
    button(table, "Play with others").click()
    code_shown = table.locator("[data-testid=table-code]")
    expect(code_shown).to_have_text(re.compile(r"^[A-Z0-9]{5}$"), timeout=SLOW)
    return table, code_shown.inner_text()


def join_by_link(page: Page, server: str, code: str, name: str) -> Locator:
    """``name`` opens the table's link (read out or put on the board) and joins; their table, seated."""
    open_lesson(page, f"{server}{LESSON}?table={code}")
    table = sit(page, name)
    expect(table.locator(".parlour-class-table input[placeholder='table code']")).to_have_value(code, timeout=SLOW)
    button(table, "Join a table").click()
    expect(table.locator("[data-testid=table-code]")).to_have_text(code, timeout=SLOW)
    return table


def test_four_people_play_a_round_at_one_class_table(pages, voila_server, save_screenshot):
    teacher_page = pages[0]
    teacher, code = open_table(teacher_page, voila_server, PEOPLE[0])
    tables = [teacher] + [join_by_link(page, voila_server, code, name) for page, name in zip(pages[1:], PEOPLE[1:])]
    people = teacher.locator(".parlour-seat-row[data-person='1']")
    expect(people).to_have_count(4, timeout=SLOW)
    for table in tables[1:]:  # students: no teacher's controls, and Undo is off with the reason
        expect(button(table, "Pause")).to_be_hidden()
        expect(button(table, "Start")).to_be_hidden()
        expect(table.locator(".parlour-class-table")).to_contain_text("Undo is off at a shared table")
    button(teacher, "Start").click()

    ann_hand: list[str] = []
    actor = active_seat(teacher)
    for made in range(ROUND_MOVES):
        if made == RELOAD_AFTER:  # a reload mid-deal: the page offers the seat back, where the table is
            ann = pages[1]
            ann_hand = [c.get_attribute("data-card") or "" for c in hand_cards(tables[1]).all()]
            ann.reload()
            expect(ann.locator("#loading")).to_have_count(0, timeout=180_000)
            tables[1] = play_table(ann)
            button(tables[1], "Rejoin your table").click()
            expect(tables[1].locator("[data-testid=table-code]")).to_have_text(code, timeout=SLOW)
            expect(hand_cards(tables[1])).to_have_count(len(ann_hand), timeout=SLOW)
            assert [c.get_attribute("data-card") for c in hand_cards(tables[1]).all()] == ann_hand
        if made == SHOTS_AFTER:
            for k, (page, table) in enumerate(zip(pages, tables)):
                table.scroll_into_view_if_needed()
                save_screenshot(page, f"class-table-seat-{k}-1280x800", full_page=False)
            teacher.locator(".widget-checkbox", has_text="show all hands").locator("input").check()  # every hand
            expect(teacher.locator(".jw-seat[data-seat='1'] .parlour-card-img:not([title='Face-down card'])").first
                   ).to_be_visible(timeout=SLOW)
            save_screenshot(teacher_page, "class-table-teacher-all-hands", full_page=True)
            phone = pages[3]
            phone.set_viewport_size({"width": 420, "height": 900})
            tables[3].scroll_into_view_if_needed()
            save_screenshot(phone, "class-table-seat-3-420x900", full_page=False)
            phone.set_viewport_size({"width": 1280, "height": 800})
        move(tables[actor], actor, last=made + 1 == ROUND_MOVES)
        if made + 1 < ROUND_MOVES:
            actor = active_seat(tables[actor])  # painted with the move: who is next
    for table in tables:
        expect(table.locator(".parlour-status")).to_contain_text("Round 1 is over", timeout=SLOW)
    # another seat's cards never reached a student's page: all three opponents' hands were face down
    expect(tables[2].locator(".jw-seat .parlour-card-img:not([title='Face-down card'])")).to_have_count(0)

    ben = tables[2]
    button(ben.locator(".parlour-class-table"), "Review this deal").click()  # the seat's, not a table of its own
    review = ben.locator("[data-testid=class-review]")
    expect(review).to_contain_text("Your decisions", timeout=180_000)
    expect(review.locator("li").first).to_be_visible()  # Ben's own decisions (a forced last card is not one)
    save_screenshot(pages[2], "class-table-review", full_page=True)

    button(teacher, "End the table").click()
    for table in tables:
        expect(table.locator(".parlour-status")).to_contain_text("ended", timeout=SLOW)
    for page in pages:
        crashes = [e for e in page.errors if e.startswith("pageerror")]
        assert not crashes, crashes
