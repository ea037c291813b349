"""Kalooki in Chromium: the lesson's practice table draws, lays down the contract, discards to go out,
then calls a discard out of turn, then switches the challenge on in Settings and finds its control;
screenshots at 1280×800 and 420×900 (issues 12 and 19)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .table_page import button, deal_table, open_lesson

pytestmark = pytest.mark.browser

LESSON = "voila/render/kalooki.ipynb"
# The practice table stacks deal 1 (you draw the 9♣ that completes three threes) whatever the code;
# deal 2 follows from the code's seed, and its upcard may be called at once.
DEAL_CODE = "3-000007"


def test_lay_down_go_out_and_call_in_the_browser(voila_server, voila_page, save_screenshot):
    page = voila_page
    page.set_viewport_size({"width": 1280, "height": 800})
    open_lesson(page, voila_server + LESSON)

    table = deal_table(page, DEAL_CODE)
    log = table.locator(".parlour-log-row")
    status = table.locator(".parlour-status")
    expect(table.locator(".kal-banner")).to_contain_text("Deal 1 of 9: three threes, 9 cards")
    expect(status).to_contain_text("Your turn", timeout=60_000)
    expect(table.locator(".kal-need")).to_contain_text("one card short")

    button(table, "Draw from stock").click()
    expect(log.filter(has_text="You draw 9♣ from the stock.")).to_have_count(1, timeout=30_000)
    expect(table.locator(".kal-need")).to_contain_text("You hold the whole contract.")
    button(table, "Lay down").click()
    expect(log.filter(has_text="You lay down the contract, three threes")).to_have_count(1, timeout=30_000)
    expect(table.locator(".kal-meld")).to_have_count(3)
    table.scroll_into_view_if_needed()
    save_screenshot(page, "kalooki-laid-down-1280x800", full_page=False)

    table.locator(".parlour-card--playable").first.click()  # the Q♦, your last card
    expect(log.filter(has_text="You go out")).to_have_count(1, timeout=30_000)
    expect(table.locator(".kal-banner")).to_contain_text("Deal 2 of 9: two threes and a four, 10 cards", timeout=30_000)

    # deal 2: a discard is up that you may call; the bots wait for your answer
    call = table.locator("button", has_text=re.compile(r"^\s*Call "))
    expect(call).to_be_visible(timeout=60_000)
    expect(status).to_contain_text("You may call")
    offered = status.inner_text()  # this call's words: the status shows others once the call is answered
    call.click()
    expect(log.filter(has_text=re.compile(r"You call \S+\."))).to_have_count(1, timeout=30_000)
    expect(log.filter(has_text=re.compile(r"allows the call|refuses \S+ call"))).to_have_count(1, timeout=60_000)
    table.scroll_into_view_if_needed()
    save_screenshot(page, "kalooki-call-1280x800", full_page=False)

    page.set_viewport_size({"width": 420, "height": 900})
    table.scroll_into_view_if_needed()
    save_screenshot(page, "kalooki-table-420x900", full_page=False)

    # the bots play on after the call: the hint is asked when the table waits for you (your turn, or your answer to
    # the next discard you may call), not while they move (a move clears a hint)
    expect(status).not_to_have_text(offered, timeout=60_000)
    expect(status).to_contain_text(re.compile(r"Your turn|You may call"), timeout=60_000)
    table.get_by_role("button", name="Hint").click()
    hint = table.locator(".parlour-hint")
    expect(hint).to_contain_text("You need two threes and a four", timeout=30_000)
    # scrolled to in one step: the panel's words can be drawn again (a new element) between the check and a
    # scroll that first waits for the element to stand still ("not attached to the DOM" under load)
    hint.evaluate("el => el.scrollIntoView({block: 'nearest'})")
    save_screenshot(page, "kalooki-hint-420x900", full_page=False)  # the longest words a table shows
    log.first.get_by_role("button", name="Why?").click()
    expect(table.locator(".parlour-why")).to_contain_text("rule:")

    # Settings: switch the challenge on and deal again; at the start of your turn the table offers it
    table.locator(".widget-toggle-button", has_text="Settings").click()
    table.get_by_label("The challenge").select_option(label="Trinidad: challenge a hand of more than 18 cards")
    button(table, "Deal again with these settings").click()
    challenge = button(table, "Challenge")
    expect(challenge).to_be_visible(timeout=60_000)
    expect(table.get_by_label("Who").locator("option:checked")).to_have_text("Ada (9 cards)")  # never blank
    challenge.scroll_into_view_if_needed()
    save_screenshot(page, "kalooki-challenge-420x900", full_page=False)
    page.set_viewport_size({"width": 1280, "height": 800})
    table.scroll_into_view_if_needed()
    save_screenshot(page, "kalooki-challenge-1280x800", full_page=False)
    crashes = [e for e in page.errors if e.startswith("pageerror")]
    assert not crashes, crashes
