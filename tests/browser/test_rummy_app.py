"""Rummy in Chromium: the lesson's table, a draw from the stock, three cards selected and melded, a
discard from the keyboard, the table and the log; screenshots at 1280×800 and 420×900."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .table_page import button, deal_table, open_lesson

pytestmark = pytest.mark.browser

LESSON = "voila/render/rummy.ipynb"
# Two players; Ada deals, so you play first, and your hand holds J♥ Q♥ K♥, a run.
DEAL_CODE = "2-000001"


def test_draw_meld_and_discard_in_the_browser(voila_server, voila_page, save_screenshot):
    page = voila_page
    page.set_viewport_size({"width": 1280, "height": 800})
    open_lesson(page, voila_server + LESSON)

    table = deal_table(page, DEAL_CODE)
    status = table.locator(".parlour-status")
    expect(status).to_contain_text("Draw: click the stock", timeout=60_000)
    log = table.locator(".parlour-log-row")
    expect(log.first).to_contain_text("Deal 1: Ada deals 10 cards each.")

    # draw by clicking the stock
    table.locator(".parlour-row[aria-label='Stock'] .parlour-card").click()
    expect(log.filter(has_text="You draw")).to_have_count(1, timeout=30_000)
    hand = table.locator(".parlour-row[aria-label^='Your hand'] .parlour-card")
    expect(hand).to_have_count(11)

    # select J♥ Q♥ K♥: the Meld button lights only when the selection is a meld
    meld = button(table, "Meld")
    expect(meld).to_be_disabled()
    for card in ("JH", "QH"):
        table.locator(f".parlour-row[aria-label^='Your hand'] .parlour-card[data-card='{card}']").click()
    expect(meld).to_be_disabled()
    expect(meld).to_have_attribute("title", "J♥ Q♥ is not a meld: a meld needs at least 3 cards (a set of one "
                                   "rank or a run in one suit).")
    table.locator(".parlour-row[aria-label^='Your hand'] .parlour-card[data-card='KH']").click()
    expect(meld).to_be_enabled()
    save_screenshot(page, "rummy-selected-1280x800", full_page=False)
    meld.click()
    expect(log.filter(has_text="You meld a run J♥ Q♥ K♥ (meld 1).")).to_have_count(1, timeout=30_000)
    expect(table.locator("[data-testid='meld-1']")).to_contain_text("1 · You")
    expect(table.locator(".rm-meld .parlour-card")).to_have_count(3)
    expect(hand).to_have_count(8)

    # select one card from the keyboard and discard it
    first = hand.first
    discarded = first.get_attribute("data-card")
    first.focus()
    page.keyboard.press("Enter")
    discard = button(table, "Discard")
    expect(discard).to_be_enabled()
    discard.focus()
    page.keyboard.press("Enter")
    expect(log.filter(has_text="You discard")).to_have_count(1, timeout=30_000)
    expect(log.filter(has_text="Ada draws")).to_have_count(1, timeout=30_000)
    expect(status).to_contain_text("Your turn", timeout=60_000)
    expect(table.locator("[data-testid=stock]")).to_contain_text("Stock ·")
    expect(table.locator("[data-testid=opponents]")).to_contain_text("Ada")
    assert discarded
    table.scroll_into_view_if_needed()
    save_screenshot(page, "rummy-table-1280x800", full_page=False)

    # "Why?" explains the rule behind a log line; a hint names its numbers
    log.first.get_by_role("button", name="Why?").click()
    expect(table.locator(".parlour-why")).to_contain_text("rule:")
    table.get_by_role("button", name="Hint").click()
    expect(table.locator(".parlour-hint")).to_contain_text("deadwood", timeout=30_000)

    page.set_viewport_size({"width": 420, "height": 900})
    table.scroll_into_view_if_needed()
    save_screenshot(page, "rummy-table-420x900", full_page=False)
    assert not [e for e in page.errors if "pageerror" in e], page.errors
