"""Jubilee in Chromium: from the gallery to a played card, the count, the log and a hint."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from widgets.games.jubilee_table import JubileeTable

from .table_page import count_on_your_turn, deal_table, open_from_gallery

pytestmark = pytest.mark.browser

# "You play 7♠ (+7): the count goes …", not "Ben deals …; You play first."
DEAL_CODE = "3-000005"  # three players; you deal, so the two bots play first
YOU_PLAYED = re.compile(r"You play \S+ \([+−]\d+\): the count goes")


def log_at_your_first_turn(code: str) -> list[str]:
    """The log of the same deal, with the same seeded bots, played in Python up to your first turn."""
    table = JubileeTable(players=3, level="medium", bot_delay=0)
    assert table.deal_from_code(code)
    table.run_bots()
    return table.log_lines()


def last_count(table, mine: int) -> str:
    """The count after the last play in the log (``mine`` if none shows)."""
    rows = table.locator(".parlour-log-row").all_inner_texts()
    counts = [int(m.group(1)) for row in rows if (m := re.search(r"the count goes from \d+ to (\d+)", row))]
    return str(counts[-1] if counts else mine)


def test_play_jubilee_in_the_browser(voila_server, voila_page, save_screenshot, artifacts_dir):
    page = open_from_gallery(voila_page, voila_server, "jubilee")
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    # a teacher's deal code makes the deal (and the seeded bots) the same on every run
    table = deal_table(page, DEAL_CODE)
    # the new deal is on the table (you deal; Ada, then Ben play first, with a pause) …
    expect(table.locator(".parlour-log-row").first).to_contain_text("Deal 1 of 3: You deal", timeout=30_000)
    status = table.locator(".parlour-status")
    # … and then it is your turn, in this deal, with the count both bots left (not a status still on its way)
    before = count_on_your_turn(table, log=log_at_your_first_turn(DEAL_CODE))
    count = table.locator("[data-testid=count]")
    # a card that changes the count (not a joker), clicked with the mouse
    card = table.locator(".parlour-card--playable:not([data-card=JK])").first
    expect(card).to_be_visible()
    card.click()
    mine = table.locator(".parlour-log-row", has_text=YOU_PLAYED)
    expect(mine).to_have_count(1, timeout=30_000)
    expect(mine).to_contain_text(f"the count goes from {before} to ")  # the count we read is the one we played on
    after = int(re.search(rf"from {before} to (\d+)", mine.inner_text()).group(1))
    assert after != before
    # the count shows the log's last count: yours, or a bot's if one has played since (they answer on their own,
    # and on a busy machine the page can be read after they did)
    deadline = time.monotonic() + 30
    while (shown := count.inner_text().strip()) != (last := last_count(table, after)):
        assert time.monotonic() < deadline, f"the count shows {shown}, the log's last count is {last}"
        time.sleep(0.2)

    # the bots answer on their own, then it is our turn again (after their moves, not before them)
    count_on_your_turn(table)
    expect(status).to_contain_text("Your turn")

    # a hint, shown with its reason and the alternatives
    table.get_by_role("button", name="Hint").click()
    hint = table.locator(".parlour-hint")
    expect(hint.locator("[data-testid=hint-headline]")).to_have_text(re.compile(r"^Play \S+: "), timeout=30_000)
    expect(hint).to_contain_text(re.compile(r"takes the count from \d+ to \d+"))
    expect(table.locator(".parlour-card--selected").first).to_be_visible()

    # the keyboard plays too: focus a playable card and press Enter
    table.locator(".parlour-card--playable").first.focus()
    page.keyboard.press("Enter")
    expect(mine).to_have_count(2, timeout=30_000)

    # "Why?" explains the rule behind a log line
    table.locator(".parlour-log-row").first.get_by_role("button", name="Why?").click()
    expect(table.locator(".parlour-why")).to_contain_text("rule:")

    assert not errors, errors
    table.screenshot(path=str(artifacts_dir / "jubilee-table.png"))
