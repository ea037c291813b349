"""The review of a deal in Chromium (Jubilee): a whole deal played, the review, a row clicked (the table as it
was), Try the better move, Back; Copy review link, and the link opened in another browser shows the same
review; screenshots at 1280×800 and 420×900 in test-artifacts/."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest

import engine
from playwright.sync_api import Locator, Page, expect

from widgets.games.jubilee_table import JubileeTable

from .table_page import button, deal_table, open_from_gallery

pytestmark = pytest.mark.browser

DEAL_CODE = "3-000005/10"  # three players, a single deal: the same cards and seeded bots every run

# Every line of the log (older lines and the last rows) that says you played or passed.
_MY_MOVES = """(root) => {
    const scroll = root.querySelector('.parlour-log-scroll');
    if (!scroll) return -1;
    return scroll.innerText.split('\\n').map(l => l.trim()).filter(l => /^You (play|show)/.test(l)).length;
}"""


def the_deal_in_python() -> tuple[list[str], JubileeTable]:
    """Your moves (always the first legal one) and the finished table, played in Python with the same bots."""
    table = JubileeTable(players=3, level="medium", bot_delay=0)
    assert table.deal_from_code(DEAL_CODE)
    table.run_bots()
    moves = []
    while not table.game.is_over:
        move = table.game.view(0)["legal"][0]
        moves.append(move)
        assert table.act(move)
    return moves, table


def my_moves_shown(table: Locator) -> int:
    return table.evaluate(_MY_MOVES)


def play(page: Page, table: Locator, moves: list[str]) -> None:
    """Make each move on your turn, after the table shows every move you made before it."""
    status = table.locator(".parlour-status")
    for done, move in enumerate(moves):
        page.wait_for_function(f"([root, n]) => ({_MY_MOVES})(root) === n",
                               arg=[table.element_handle(), done], timeout=60_000)
        expect(status).to_contain_text("Your turn", timeout=60_000)
        if move == "pass":
            button(table, "Show hand and pass").click()
        else:
            table.locator(f".parlour-card--playable[data-card='{move.split()[1]}']").first.click()


def test_review_a_deal_in_the_browser(voila_server, voila_page, context, browser, save_screenshot, artifacts_dir):
    moves, finished = the_deal_in_python()
    review = finished.review.show_review()
    row = next(i for i, e in enumerate(review.entries) if e.action != e.best)
    entry = review.entries[row]
    better = finished.action_label(entry.best)

    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=voila_server.rstrip("/"))
    voila_page.set_viewport_size({"width": 1280, "height": 800})
    page = open_from_gallery(voila_page, voila_server, "jubilee")
    page.set_viewport_size({"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    table = deal_table(page, DEAL_CODE)
    play(page, table, moves)

    # the deal's end: the review button beside Play again
    review_button = button(table, "Review this deal")
    expect(review_button).to_be_visible(timeout=60_000)
    review_button.click()
    panel = table.locator(".parlour-review")
    expect(panel).to_contain_text(f"{review.decisions} decisions, {review.best} of them best", timeout=60_000)
    expect(panel).to_contain_text("Accuracy is the share")
    rows = panel.locator("select option")
    expect(rows).to_have_count(review.decisions)
    panel.scroll_into_view_if_needed()
    save_screenshot(page, "review-1280x800-list", full_page=False)

    # a row: the table as it was at that decision, with your hand then
    panel.locator("select").select_option(index=row)
    status = table.locator(".parlour-status")
    expect(status).to_contain_text(f"as it was at your decision {row + 1}", timeout=60_000)
    expect(panel.locator(".parlour-review-detail")).to_contain_text(f"Better: {better}")
    past = finished.game.replayed(finished.game.history[:entry.index])
    for card in past.view(0)["hand"]:
        expect(table.locator(f".parlour-card[data-card='{card}']").first).to_be_visible()
    expect(table.locator("[data-testid=count]")).to_have_text(str(past.view(0)["count"]))
    save_screenshot(page, "review-1280x800-decision", full_page=False)

    # Try the better move: it is played, and the same bots answer until your turn comes again
    button(panel, "Try the better move").click()
    symbol = engine.parse_card(entry.best.split()[1]).symbol
    expect(table.locator(".parlour-log-scroll")).to_contain_text(f"You play {symbol} (", timeout=60_000)
    expect(status).to_contain_text("Your turn", timeout=60_000)

    # Back: the finished deal again, at its end
    button(panel, "Back to the end of the deal").click()
    expect(table.locator("[data-testid=count]")).to_have_text(str(finished.game.view(0)["count"]), timeout=60_000)
    expect(review_button).to_be_visible()
    expect(status).to_contain_text("New deal")

    # Copy review link: the deal, the bots and your moves; another browser opens the same review
    button(panel, "Copy review link").click()
    expect(panel.locator(".parlour-copy-link [role=status]")).to_have_text(re.compile("Copied|Copy this link"))
    link = panel.locator("[data-testid=deal-link]").input_value()
    assert parse_qs(urlsplit(link).query) == parse_qs(finished.review.copy_link.query)
    follow_the_review_link(browser, link, review, [text for text in rows.all_inner_texts()], row, save_screenshot)

    page.set_viewport_size({"width": 420, "height": 900})
    panel.locator("select").select_option(index=row)
    expect(status).to_contain_text(f"as it was at your decision {row + 1}", timeout=60_000)
    panel.scroll_into_view_if_needed()
    save_screenshot(page, "review-420x900-decision", full_page=False)
    assert not errors, errors


def follow_the_review_link(browser, link: str, review, rows: list[str], row: int, save_screenshot) -> None:
    """A fresh browser (no cookie, no save) opens the link: the same deal, the review open with the same rows."""
    other = browser.new_context(viewport={"width": 1280, "height": 800})
    other.route("**/cdn.jsdelivr.net/**", lambda route: route.fulfill(status=200, body=""))
    try:
        board = other.new_page()
        board.set_default_timeout(60_000)
        errors: list[str] = []
        board.on("pageerror", lambda exc: errors.append(str(exc)))
        board.goto(link)
        panel = board.locator(".parlour-review", has_text=f"{review.decisions} decisions, {review.best} of them best")
        expect(panel).to_be_visible(timeout=180_000)
        expect(panel.locator("select option")).to_have_count(review.decisions)
        assert panel.locator("select option").all_inner_texts() == rows
        table = board.locator(".parlour", has=panel)
        expect(table.locator(".parlour-link-notice")).to_be_hidden()
        panel.locator("select").select_option(index=row)
        expect(table.locator(".parlour-status")).to_contain_text(f"as it was at your decision {row + 1}",
                                                                 timeout=60_000)
        panel.scroll_into_view_if_needed()
        save_screenshot(board, "review-link-opened-1280x800", full_page=False)
        assert not errors, errors
    finally:
        other.close()
