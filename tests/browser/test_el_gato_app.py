"""El Gato in Chromium: the lesson's table plays a card with the mouse and the keyboard."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .table_page import deal_table

pytestmark = pytest.mark.browser

DEAL_CODE = "4-000005"  # four players; the seeded draw makes Ada deal, so Ben and Cleo turn first
LESSON = "voila/render/el_gato.ipynb"
YOU_TURNED = re.compile(r"You turn up .+; \d+ left in the packet")


def test_play_el_gato_in_the_browser(voila_server, voila_page, save_screenshot, artifacts_dir):
    page = voila_page
    page.goto(voila_server + LESSON)
    table = deal_table(page, DEAL_CODE)
    expect(table.locator(".parlour-log-row").first).to_contain_text("Ada has the highest card and deals",
                                                                    timeout=30_000)
    status = table.locator(".parlour-status")
    expect(status).to_contain_text("Your turn", timeout=60_000)
    mine = table.locator("[data-testid=my-packet]")
    expect(mine).to_contain_text("Your packet: 10 cards")

    # the mouse: press Play; your card lands in the trick and the log says so
    table.locator("button.parlour-el-gato-play").click()
    turned = table.locator(".parlour-log-row", has_text=YOU_TURNED)
    expect(turned).to_have_count(1, timeout=30_000)
    expect(mine).not_to_contain_text("Your packet: 10 cards", timeout=30_000)
    expect(table.locator("[data-testid=trick], [data-testid=last-trick]").first).to_contain_text("You")

    # the bots finish the trick, then it is your turn again: Enter on your packet plays
    expect(status).to_contain_text("Your turn", timeout=60_000)
    table.locator(".parlour-card--playable").first.focus()
    page.keyboard.press("Enter")
    expect(turned).to_have_count(2, timeout=30_000)

    # the hint gives the odds, and Why? names the rule
    expect(status).to_contain_text("Your turn", timeout=60_000)
    table.get_by_role("button", name="Hint").click()
    expect(table.locator(".parlour-hint")).to_contain_text("nothing to choose", timeout=30_000)
    table.locator(".parlour-log-row").first.get_by_role("button", name="Why?").click()
    expect(table.locator(".parlour-why")).to_contain_text("rule:")

    assert not page.errors, page.errors
    table.screenshot(path=str(artifacts_dir / "el_gato-table.png"))
