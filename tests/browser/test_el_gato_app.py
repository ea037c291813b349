"""El Gato in Chromium: the lesson's table plays a card with the mouse and the keyboard."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .table_page import button, deal_table

pytestmark = pytest.mark.browser

DEAL_CODE = "4-000005"  # four players; the seeded draw makes Ada deal, so Ben and Cleo turn first
LESSON = "voila/render/el_gato.ipynb"
YOU_TURNED = re.compile(r"You turn up .+; \d+ left in the packet")
TRICK_WON = re.compile(r" is highest: .+ wins? the trick")


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
    # in the trick, or (once the bots have finished it, which a busy machine may show first) in the last trick
    tricks = table.locator("[data-testid=trick], [data-testid=last-trick]")
    expect(tricks.filter(has_text=re.compile(r"You(?!r)")).first).to_be_visible()  # a name under a card

    # the bots finish the trick, Ben and Cleo turn up the next one's first cards, then it is your turn again:
    # Enter on your packet plays. Waited for by the log (the status line can still say "Your turn" from before
    # your card, as a repaint reaches the page one widget at a time, and an Enter then is a bot's turn)
    expect(table.locator(".parlour-log-row", has_text=TRICK_WON)).to_have_count(1, timeout=60_000)
    expect(table.locator(".parlour-log-row", has_text="Cleo turns up")).to_have_count(2, timeout=60_000)
    expect(status).to_contain_text("Your turn", timeout=60_000)
    table.locator(".parlour-card--playable").first.focus()
    page.keyboard.press("Enter")
    expect(turned).to_have_count(2, timeout=30_000)

    # the hint gives the odds, and Why? names the rule. The status line still says "Your turn" from before
    # the bots play (a repaint reaches the page one widget at a time), and a bot's move clears an open hint:
    # wait until this deal's second trick is won (you win it), then for your turn
    expect(table.locator(".parlour-log-row", has_text=TRICK_WON)).to_have_count(2, timeout=60_000)
    expect(status).to_contain_text("Your turn", timeout=60_000)
    table.get_by_role("button", name="Hint").click()
    expect(table.locator(".parlour-hint")).to_contain_text("nothing to choose", timeout=30_000)
    table.locator(".parlour-log-row").first.get_by_role("button", name="Why?").click()
    expect(table.locator(".parlour-why")).to_contain_text("rule:")

    assert not page.errors, page.errors
    table.screenshot(path=str(artifacts_dir / "el_gato-table.png"))


def seats_and_packets_agree(table) -> None:
    """The seats' card counts and the Packets panel's say the same (a dropped message made them differ)."""
    seats = table.locator("[data-testid=packet]")
    expect(seats).to_have_count(3)
    counts = [int(re.match(r"\d+", seats.nth(i).inner_text()).group()) for i in range(3)]
    rows = table.locator(".parlour-panel", has_text="Packets").locator("table").first.locator("tr")
    panel = [int(rows.nth(i).locator("td").nth(1).inner_text()) for i in range(1, 4)]
    assert counts == panel, (counts, panel)


def test_autoplay_very_fast_plays_a_long_game_to_its_end(voila_server, voila_page, artifacts_dir):
    """A long game on Autoplay at the fastest speed: every repaint reaches the page, and the end is shown."""
    page = voila_page
    page.goto(voila_server + LESSON)
    table = deal_table(page, "4-3DPYVC")
    status = table.locator(".parlour-status")
    expect(status).to_contain_text("Your turn", timeout=60_000)
    table.locator(".widget-dropdown", has_text="Speed").locator("select").select_option(label="Very fast")
    button(table, "Autoplay").first.click()
    expect(status).to_contain_text("Press New deal to play again", timeout=180_000)
    expect(button(table, "Autoplay").first).to_be_disabled()
    seats_and_packets_agree(table)
    assert not page.errors, page.errors
    table.screenshot(path=str(artifacts_dir / "el_gato-autoplay-end.png"))


def test_new_deal_play_finish_in_quick_succession_shows_the_end(voila_server, voila_page, artifacts_dir):
    """The freeze of deal 4-3DPYVC: Finish repainted the table per trick, the page's server dropped the
    flood of messages, and the table stayed at "Ben turns a card…" with panels that disagreed."""
    page = voila_page
    page.goto(voila_server + LESSON)
    table = deal_table(page, "4-3DPYVC")
    status = table.locator(".parlour-status")
    expect(status).to_contain_text("Your turn", timeout=60_000)
    button(table, "New deal").first.click()
    button(table, "Play").first.click()
    button(table, "Finish").first.click()
    expect(status).to_contain_text("Press New deal to play again", timeout=60_000)
    board = table.locator(".parlour-panel", has_text="Packets")
    expect(board).to_contain_text("tricks played")
    seats_and_packets_agree(table)
    expect(button(table, "Finish").first).to_be_disabled()
    # the whole game can be read: the log's first lines are above, in the older blocks
    old = table.locator(".parlour-log-old")
    expect(old).to_contain_text("highest card and deals")
    table.locator(".parlour-log-scroll").evaluate("el => { el.scrollTop = -el.scrollHeight; }")
    assert not page.errors, page.errors
    table.screenshot(path=str(artifacts_dir / "el_gato-finished.png"))
    table.locator(".parlour-log-scroll").screenshot(path=str(artifacts_dir / "el_gato-finished-log-top.png"))
