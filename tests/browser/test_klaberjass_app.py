"""Klaberjass in Chromium: the lesson's table, a bid by mouse, a card by mouse, the trick, the points and
the log; screenshots at 1280×800 and 420×900."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import engine

from .table_page import button, deal_table, open_lesson

pytestmark = pytest.mark.browser

LESSON = "voila/render/klaberjass.ipynb"
# Ada deals, so you speak first; the turn-up is the A♦ and you hold 10♦ Q♦ 7♦ beside K♠ Q♥ 9♥.
DEAL_CODE = "2-000002"
YOU_PLAYED = re.compile(r"You play \S+\.")


def test_bid_and_play_klaberjass_in_the_browser(voila_server, voila_page, save_screenshot):
    page = voila_page
    page.set_viewport_size({"width": 1280, "height": 800})
    open_lesson(page, voila_server + LESSON)

    table = deal_table(page, DEAL_CODE)
    status = table.locator(".parlour-status")
    expect(status).to_contain_text("Take the turned-up suit as trumps, or pass.", timeout=60_000)
    expect(table.locator("[data-testid=turn-up] .parlour-card-img[title='Ace of diamonds']")).to_be_visible()
    expect(table.locator("[data-testid=trump]")).to_contain_text("proposed: diamonds")
    log = table.locator(".parlour-log-row")
    expect(log.filter(has_text="The top card of the stock is turned up: A♦.")).to_have_count(1)

    # bid: take diamonds; you become the maker, get three more cards, and the bottom card is shown
    table.scroll_into_view_if_needed()
    expect(button(table, "Pass")).to_be_enabled()
    save_screenshot(page, "klaberjass-1280x800-bid", full_page=False)
    button(table, "Take ♦").click()
    expect(log.filter(has_text=re.compile(r"You take the turned-up suit: diamonds are trumps"))).to_have_count(
        1, timeout=30_000)
    expect(table.locator("[data-testid=maker]")).to_contain_text("You take the risk")
    expect(table.locator("[data-testid=bottom-card] .parlour-card-img")).to_be_visible()
    expect(table.locator(".parlour-row .parlour-card:visible")).to_have_count(9)
    expect(status).to_contain_text("Your lead", timeout=30_000)

    # play a card you may play: it lands in the trick, Ada answers, the trick's points go to its winner
    points = table.locator("[data-testid=points-0]")
    card = table.locator(".parlour-card--playable").first
    played = card.get_attribute("data-card")
    card.click()
    mine = log.filter(has_text=YOU_PLAYED)
    expect(mine).to_have_count(1, timeout=30_000)
    expect(mine).to_contain_text(f"You play {engine.parse_card(played).symbol}.")
    expect(log.filter(has_text=re.compile(r"wins the trick \("))).to_have_count(1, timeout=30_000)
    expect(table.locator(f"[data-testid=trick] [data-card='{played}'], [data-testid=last-trick] "
                         f".parlour-card-img[title='{engine.parse_card(played).name}']")).to_have_count(1)
    expect(table.locator(f".parlour-row [data-card='{played}']")).to_have_count(0)  # gone from your hand
    won = log.filter(has_text=re.compile(r"wins the trick \(")).first.inner_text()
    if won.startswith("You win"):
        expect(points).not_to_contain_text("cards 0 ")
    else:
        expect(table.locator("[data-testid=points-1]")).to_contain_text("cards")
    expect(status).to_contain_text("Your", timeout=60_000)

    # a hint, and "Why?" explains the rule behind a log line
    table.get_by_role("button", name="Hint").click()
    expect(table.locator("[data-testid=hint-headline]")).to_have_text(re.compile(r"^(Play|Take|Pass|Name)\b.*: "),
                                                                   timeout=60_000)
    log.first.get_by_role("button", name="Why?").click()
    expect(table.locator(".parlour-why")).to_contain_text("rule:")
    save_screenshot(page, "klaberjass-1280x800-play", full_page=False)

    # a phone-sized window: the table wraps instead of overflowing
    page.set_viewport_size({"width": 420, "height": 900})
    table.scroll_into_view_if_needed()
    expect(table.locator(".parlour-row")).to_be_visible()
    width = page.evaluate("() => document.documentElement.scrollWidth")
    save_screenshot(page, "klaberjass-420x900", full_page=False)
    assert width <= 440, f"the page scrolls sideways at 420 px ({width} px wide)"
    crashes = [e for e in page.errors if e.startswith("pageerror")]
    assert not crashes, crashes
