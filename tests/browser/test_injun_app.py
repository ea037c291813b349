"""Injun in Chromium: the lesson's table, a call with the mouse, the log and the pot, a move by keyboard."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .table_page import button, deal_table

pytestmark = pytest.mark.browser

# Four players; you deal, so the bots Ada, Ben and Cleo act first: Ada bets 1, the others call.
DEAL_CODE = "4-000004"
LESSON = "voila/render/injun.ipynb"


def test_play_injun_in_the_browser(voila_server, voila_page, save_screenshot, artifacts_dir):
    page = voila_page
    page.goto(voila_server + LESSON)
    table = deal_table(page, DEAL_CODE)
    status = table.locator(".parlour-status")
    expect(status).to_contain_text("Your turn", timeout=60_000)

    # your own card is drawn face down ("on your forehead"); the others are face up
    expect(table.get_by_text("on your forehead")).to_be_visible()
    expect(table.locator(".parlour-card--back")).to_have_count(1)

    pot = table.locator("[data-testid=pot]")
    expect(pot).to_have_text("7")  # 4 antes, Ada's bet of 1 and two calls
    button(table, "Call 1").click()
    mine = table.locator(".parlour-log-row", has_text="You call 1: the pot holds 8.")
    expect(mine).to_have_count(1, timeout=30_000)
    expect(table.locator(".parlour-log-row", has_text="Showdown: every card is turned up.")).to_have_count(1)
    expect(table.locator("[data-testid=last-deal]")).to_contain_text("Deal 1:")

    # deal 2: the deal has passed left; wait for our turn and play from the keyboard
    expect(status).to_contain_text("Your turn", timeout=60_000)
    fold = button(table, "Fold")
    folded = table.locator(".parlour-log-row", has_text="You fold, leaving the card face down.")
    # deal 2's own turn: nobody has bet yet (Ben and Cleo fold), so the raise button offers "Bet 1"; the
    # status can still say "Your turn" from deal 1 for a moment after the showdown's log rows arrive
    expect(button(table, "Bet 1")).to_be_enabled(timeout=60_000)
    expect(fold).to_be_enabled()
    fold.focus()
    expect(fold).to_be_focused()
    page.keyboard.press("Enter")  # a repaint keeps the focus on Fold (widgets/focus_keeper.py): no second press
    expect(folded).to_have_count(1, timeout=30_000)

    # a hint names the chances in numbers, and "Why?" cites the rule
    expect(status).to_contain_text("Your turn", timeout=90_000)
    table.get_by_role("button", name="Hint").click()
    expect(table.locator(".parlour-hint")).to_contain_text(re.compile(r"of the \d+ cases"), timeout=30_000)
    table.locator(".parlour-log-row").first.get_by_role("button", name="Why?").click()
    expect(table.locator(".parlour-why")).to_contain_text("rule:")

    assert not [e for e in page.errors if "pageerror" in e], page.errors
    table.screenshot(path=str(artifacts_dir / "injun-table.png"))
