"""The keyboard focus survives the table's repaints (widgets/focus_keeper.py), in Chromium.

A keyboard learner Tabs to a control and presses Enter; the bots then play, the table disables or
hides that control and repaints, and at the learner's next turn the focus is back where a keyboard
user expects it, so the next Enter or Space acts without Tabbing through the page again:

- Injun: after your Call the next deal has no bet to call, so Call stays disabled and the focus goes to
  the next control (the amount to bet); Fold, disabled while the bots bet, has it again at your next turn.
- Klaberjass: Pass, disabled while the bot bids, has the focus back in the second round of bidding.
- Jabberwocky: a bid button hides once you have bid, and the focus goes to your hand when you must
  play; when the round's last card is played the hand empties, and at the next round's bid the focus is
  on a bid button.

Every wait is for a state of the table (a log line, a playable card, a focused control), never a time.
Screenshots: test-artifacts/focus-<game>.png.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from .table_page import button, deal_table

pytestmark = pytest.mark.browser

# Which element has the focus: its caption or value, where it sits (a card of "Your hand", a button).
_FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return 'the page body';
  const row = el.closest('.parlour-row');
  return row ? `card ${el.dataset.card} of ${row.getAttribute('aria-label')}`
    : `${el.tagName.toLowerCase()} ${(el.innerText || el.value || '').trim()}`;
}"""


def focused(page: Page) -> str:
    return page.evaluate(_FOCUSED)


def expect_focus_in(page: Page, controls: Locator, timeout: float = 10_000) -> None:
    """Until one of ``controls`` has the focus (they are matched with ``:focus``); else where the focus is."""
    try:
        expect(controls).to_have_count(1, timeout=timeout)
    except AssertionError as exc:
        raise AssertionError(f"the focus is on {focused(page)}") from exc


def log_rows(table: Locator, text: str) -> Locator:
    return table.locator(".parlour-log-row", has_text=text)


def test_injun_focus_survives_the_bots(voila_server, voila_page, save_screenshot):
    page = voila_page
    page.goto(voila_server + "voila/render/injun.ipynb")
    table = deal_table(page, "4-000004")  # Ada bets 1, Ben and Cleo call: your turn to fold, call or raise
    status = table.locator(".parlour-status")
    fold, call = button(table, "Fold"), button(table, "Call 1")
    # this deal's turn, not the lesson's first deal's (which may offer Call 1 too)
    expect(log_rows(table, "Ada opens with a bet of 1")).to_have_count(1, timeout=60_000)
    expect(log_rows(table, "Cleo calls 1")).to_have_count(1, timeout=60_000)
    expect(call).to_be_enabled(timeout=60_000)
    fold.focus()
    page.keyboard.press("Tab")
    expect(call).to_be_focused()
    page.keyboard.press("Enter")
    expect(log_rows(table, "You call 1")).to_have_count(1, timeout=30_000)

    # deal 2: Ben and Cleo fold, nobody has bet, so there is nothing to call: the focus goes to the next
    # control (the amount to bet), not to the page's body
    expect(button(table, "Bet 1")).to_be_enabled(timeout=60_000)
    expect(status).to_contain_text("Your turn")
    expect_focus_in(page, table.locator("input[type=number]:focus"))
    page.keyboard.press("Shift+Tab")  # back past the disabled Call, to Fold
    expect(fold).to_be_focused()
    page.keyboard.press("Enter")
    expect(log_rows(table, "You fold")).to_have_count(1, timeout=30_000)

    # deal 3: Fold was disabled while the bots played; at your turn it has the focus again
    expect(log_rows(table, "Cleo opens with a bet of 1")).to_have_count(1, timeout=60_000)
    expect(status).to_contain_text("Your turn", timeout=60_000)
    expect(fold).to_be_enabled()
    expect_focus_in(page, button(table, "Fold").and_(table.locator("button:focus")))
    save_screenshot(page, "focus-injun", full_page=False)  # Fold drawn with the keyboard's focus ring
    page.keyboard.press(" ")
    expect(log_rows(table, "You fold")).to_have_count(2, timeout=30_000)
    assert not [e for e in page.errors if "pageerror" in e], page.errors


def play_a_card_by_keys(page: Page, table: Locator, hand: Locator) -> None:
    """On your turn, with a card of your hand focused: the arrows to the first card you may play, then Enter."""
    at = int(page.evaluate("() => document.activeElement.dataset.index"))
    target = int(hand.locator(".parlour-card--playable").first.get_attribute("data-index"))
    for _ in range(abs(target - at)):
        page.keyboard.press("ArrowRight" if target > at else "ArrowLeft")
    expect(hand.locator(f".parlour-card[data-index='{target}']")).to_be_focused()
    page.keyboard.press("Enter")


def test_jabberwocky_focus_goes_from_the_bids_to_the_hand_and_back(voila_server, voila_page, save_screenshot):
    page = voila_page
    page.goto(voila_server + "voila/render/jabberwocky.ipynb")
    table = deal_table(page, "4-000005")  # round 1: three cards each, your bid of 0 to 3
    status = table.locator(".parlour-status")
    hand = table.locator(".parlour-row[aria-label='Your hand']")
    bids = table.locator(".jw-bids button")
    one = button(table.locator(".jw-bids"), "1")
    # this deal's turn, not the lesson's first deal's (whose bid buttons may be enabled too)
    expect(log_rows(table, "9♠: spades are trumps")).to_have_count(1, timeout=60_000)
    expect(log_rows(table, "Cleo bids 0")).to_have_count(1, timeout=60_000)
    expect(one).to_be_enabled(timeout=60_000)
    one.focus()
    page.keyboard.press("Enter")
    expect(log_rows(table, "You bid 1")).to_have_count(1, timeout=30_000)

    # the bids hide: at each turn of play the focus is on a card of your hand
    mine = log_rows(table, "You play")
    for played in range(3):
        expect(hand.locator(".parlour-card--playable").first).to_be_visible(timeout=60_000)
        expect(status).to_contain_text("Your turn")
        expect_focus_in(page, hand.locator(".parlour-card:focus"))
        play_a_card_by_keys(page, table, hand)
        expect(mine).to_have_count(played + 1, timeout=30_000)

    # the round's last card has gone from your hand: at the next bid the focus is on a bid button
    expect(log_rows(table, "You bid")).to_have_count(1)
    enabled = table.locator(".jw-bids button:not([disabled])")
    expect(enabled.first).to_be_visible(timeout=90_000)
    expect(status).to_contain_text("Your turn")
    expect_focus_in(page, table.locator(".jw-bids button:focus"))
    assert bids.count() > 1
    save_screenshot(page, "focus-jabberwocky", full_page=False)  # the bid button with the focus ring
    page.keyboard.press("Enter")
    expect(log_rows(table, "You bid")).to_have_count(2, timeout=30_000)
    assert not [e for e in page.errors if "pageerror" in e], page.errors


def test_klaberjass_pass_keeps_the_focus_into_the_second_round(voila_server, voila_page, save_screenshot):
    page = voila_page
    page.goto(voila_server + "voila/render/klaberjass.ipynb")
    table = deal_table(page, "2-000005")  # Ada passes on the turned-up Q♥: your turn to take or pass
    status = table.locator(".parlour-status")
    pass_button = button(table, "Pass")
    # this deal's turn, not the lesson's first deal's: that one may also offer Take ♥, and its buttons are
    # disabled (taking the focus away) when Ada's turn is drawn a moment later
    expect(log_rows(table, "turned up: Q♥")).to_have_count(1, timeout=60_000)
    expect(log_rows(table, "Ada passes.")).to_have_count(1, timeout=60_000)
    expect(status).to_contain_text("Your turn", timeout=60_000)
    expect(button(table, "Take ♥")).to_be_enabled(timeout=60_000)
    pass_button.focus()
    expect(pass_button).to_be_focused()
    page.keyboard.press("Enter")
    expect(log_rows(table, "You pass.")).to_have_count(1, timeout=30_000)

    # Ada passes again in the second round: at your turn Pass, disabled while she chose, has the focus back
    expect(button(table, "Name ♠")).to_be_enabled(timeout=60_000)
    expect(status).to_contain_text("Your turn")
    expect_focus_in(page, button(table, "Pass").and_(table.locator("button:focus")))
    page.keyboard.press(" ")
    expect(log_rows(table, "You pass.")).to_have_count(2, timeout=30_000)
    assert not [e for e in page.errors if "pageerror" in e], page.errors
