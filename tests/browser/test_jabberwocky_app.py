"""Jabberwocky in Chromium: the lesson in Voilà, a bid by keyboard, a card by mouse, the trick and the log."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .table_page import deal_table, open_lesson

import engine

pytestmark = pytest.mark.browser

LESSON = "voila/render/jabberwocky.ipynb"
# Four players, short game; Ada deals round 1, so Ben and Cleo bid before you (seeded bots: same bids every run).
DEAL_CODE = "4-000005"
YOU_PLAYED = re.compile(r"You play \S+\.")


def test_bid_and_play_jabberwocky_in_the_browser(voila_server, voila_page, artifacts_dir):
    page = voila_page
    page.set_viewport_size({"width": 1400, "height": 1300})  # the whole table in one screenshot
    open_lesson(page, voila_server + LESSON)

    table = deal_table(page, DEAL_CODE)
    log = table.locator(".parlour-log-row")
    expect(log.first).to_contain_text("Round 1 of 5: Ada deals 3 cards each.", timeout=30_000)
    status = table.locator(".parlour-status")
    expect(status).to_contain_text("How many tricks will you take?", timeout=60_000)

    # the turn-up and the round ladder
    expect(table.locator("[data-testid=trump]")).to_contain_text("Trumps: ♠ spades")  # the 9♠ turned up
    expect(table.locator("[data-testid=trump] .parlour-card-img[title='9 of spades']")).to_be_visible()
    expect(table.locator("[data-testid=ladder] .jw-now")).to_have_text("3")

    table.scroll_into_view_if_needed()
    table.screenshot(path=str(artifacts_dir / "jabberwocky-bidding.png"))
    # bid 1 from the keyboard: the bid buttons are focusable
    one = table.locator(".jw-bids button", has_text=re.compile(r"^1$"))
    expect(one).to_be_enabled()
    one.focus()
    page.keyboard.press("Enter")
    expect(log.filter(has_text=re.compile(r"You bid 1\."))).to_have_count(1, timeout=30_000)
    expect(table.locator("[data-testid=bidwon-0]")).to_contain_text("bid 1")

    # bidding is over; when it is your turn, click a card you may play
    expect(table.locator(".jw-bids")).to_be_hidden(timeout=60_000)
    expect(table.locator(".parlour-card--playable").first).to_be_visible(timeout=60_000)
    card = table.locator(".parlour-card--playable").first
    played = card.get_attribute("data-card")
    card.click()
    mine = log.filter(has_text=YOU_PLAYED)
    expect(mine).to_have_count(1, timeout=30_000)
    expect(mine).to_contain_text(f"You play {engine.parse_card(played).symbol}.")
    # your card lies in the middle in front of you, or (once the next trick is led) in "Last trick"
    name = engine.parse_card(played).name
    shown = table.locator(f"[data-testid=trick] .jw-play[data-seat='0'][data-card='{played}'], "
                          f"[data-testid=last-trick] .parlour-card-img[title='{name}']")
    expect(shown).to_have_count(1)
    expect(table.locator(f".parlour-row [data-card='{played}']")).to_have_count(0)  # gone from your hand

    # the bots play on; a hint, then a card played from the keyboard
    expect(status).to_contain_text("Your turn", timeout=60_000)
    table.get_by_role("button", name="Hint").click()
    expect(table.locator("[data-testid=hint-headline]")).to_have_text(re.compile(r"^Play \S+: "), timeout=30_000)
    table.scroll_into_view_if_needed()
    table.screenshot(path=str(artifacts_dir / "jabberwocky-table.png"))
    table.locator(".parlour-card--playable").first.focus()
    page.keyboard.press("Enter")
    expect(mine).to_have_count(2, timeout=30_000)

    # "Why?" explains the rule behind a log line
    log.first.get_by_role("button", name="Why?").click()
    expect(table.locator(".parlour-why")).to_contain_text("rule:")
    crashes = [e for e in page.errors if e.startswith("pageerror")]
    assert not crashes, crashes
