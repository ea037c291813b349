"""Jubileu in Chromium, in English and in Portuguese: the lesson in Voilà, a bid, a closed bid's reason, a
card, the trick and the log; screenshots at 1280×800 and 420×900 (issue 11). In play the ladder is gone and
your hand fits the screen with the cloth; the lesson's ladder wraps instead of scrolling sideways (issue 19)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

import engine

from .table_page import button, deal_table, open_lesson

pytestmark = pytest.mark.browser

# Ben and Cleo bid Jubileu and Jubileu da Última before you; after your Solo Sete, Ada bids Solo Oito and the
# others pass, so your next turn shows Meia Miséria closed by the level-5 rule; you pass, Ada plays Solo Oito
# and you follow her lead (seeded bots: the same calls every run, in either language).
DEAL_CODE = "4-00001V"

WORDS = {
    "en": {"lesson": "voila/render/jubileu.ipynb", "turn": "Your turn", "first_closed": "cannot follow",
           "solo7": "3. Solo Sete (2)", "you_bid": "You bid Solo Sete", "ada": "Ada bids Solo Oito over Solo Sete",
           "meia": "Meia Miséria cannot follow Solo Oito: at level 5 the first bid announced stands",
           "pass": "Pass", "you_play": re.compile(r"You play \S+\."), "why": "Why?", "rule": "rule:",
           "direction": "next player is on your right", "auction": "Auction", "copy": "Copy link", "you": "You"},
    "pt": {"lesson": "voila/render/pt/jubileu.ipynb", "turn": "A sua vez", "first_closed": "não pode vir depois de",
           "solo7": "3. Solo Sete (2)", "you_bid": "Você declara Solo Sete",
           "ada": "Ada declara Solo Oito acima de Solo Sete",
           "meia": "Meia Miséria não pode vir depois de Solo Oito: no nível 5 prevalece a primeira declaração",
           "pass": "Passo", "you_play": re.compile(r"Você joga \S+\."), "why": "Por quê?", "rule": "regra:",
           "direction": "o próximo jogador está à sua direita", "auction": "Leilão",
           "copy": "Copiar link", "you": "Você"},
}


def lesson_ladder(page: Page) -> Locator:
    """The lesson's picture of the 17 levels (the first thing on the page that names the top bid)."""
    return page.locator("#rendered_cells .parlour-table", has_text="Miséria Aberta com Colóquio").first


def assert_fits(ladder: Locator, width: int) -> None:
    """No sideways scroll: every level is in view within ``width`` pixels."""
    box = ladder.bounding_box()
    assert box is not None and box["width"] <= width, box
    inner, outer = ladder.evaluate("el => [el.scrollWidth, el.clientWidth]")
    assert inner <= outer + 1, (inner, outer)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_bid_and_play_jubileu_in_the_browser(lang, voila_server, voila_page, save_screenshot):
    words = WORDS[lang]
    page = voila_page
    page.set_viewport_size({"width": 1280, "height": 800})
    text = open_lesson(page, voila_server + words["lesson"])
    if lang == "pt":
        assert "sentido anti-horário" in text and "Três Ases obrigam" in text   # the lesson itself is Portuguese

    ladder = lesson_ladder(page)
    ladder.scroll_into_view_if_needed()
    assert_fits(ladder, 1000)
    save_screenshot(page, f"jubileu-{lang}-lesson-ladder-1280x800", full_page=False)

    table = deal_table(page, DEAL_CODE)
    status = table.locator(".parlour-status")
    log = table.locator(".parlour-log-row")
    expect(status).to_contain_text(words["turn"], timeout=90_000)
    expect(table.locator("[data-testid=direction]")).to_contain_text(words["direction"])
    expect(table.locator("[data-testid=auction]")).to_contain_text(words["auction"])
    expect(button(table, words["copy"])).to_be_visible()  # the deal's Copy link, in the table's language
    closed = table.locator(f"button[title*='{words['first_closed']}']")
    expect(closed.first).to_be_disabled()

    # your bid, then Ada's overcall; Meia Miséria is closed and says why
    button(table, words["solo7"]).click()
    expect(log.filter(has_text=words["you_bid"])).to_have_count(1, timeout=30_000)
    expect(log.filter(has_text=words["ada"])).to_have_count(1, timeout=60_000)
    expect(status).to_contain_text(words["turn"], timeout=60_000)
    meia = button(table, "5. Meia Miséria (3)")
    expect(meia).to_be_disabled()
    assert words["meia"] in (meia.get_attribute("title") or "")
    table.scroll_into_view_if_needed()
    save_screenshot(page, f"jubileu-{lang}-auction-1280x800", full_page=False)

    # pass; Ada plays Solo Oito; you follow with a card
    button(table, words["pass"]).click()
    card = table.locator(".parlour-card--playable").first
    expect(card).to_be_visible(timeout=90_000)
    played = engine.parse_card(card.get_attribute("data-card") or "").symbol
    card.click()
    mine = log.filter(has_text=words["you_play"])
    expect(mine).to_have_count(1, timeout=30_000)
    # you play last to this trick: the log line that closes it names your card (the cloth shows it only until
    # the winner leads again, a moment later)
    closed = re.compile(r"\(.*" + re.escape(f"{words['you']} {played}") + r"\)")
    expect(log.filter(has_text=closed)).to_have_count(1, timeout=30_000)
    # the auction is over: no ladder, no Pass, and the cloth from its top to your hand fits the screen
    expect(table.locator(".ju-ladder")).to_be_hidden()
    expect(button(table, words["pass"])).to_be_hidden()
    felt = table.locator(".ju-felt")
    felt.evaluate("el => el.scrollIntoView({block: 'start'})")
    hand = table.locator(".ju-felt .parlour-row").last
    top, bottom = felt.bounding_box(), hand.bounding_box()
    assert top is not None and bottom is not None
    assert bottom["y"] + bottom["height"] - top["y"] <= 800, (top, bottom)
    save_screenshot(page, f"jubileu-{lang}-play-1280x800", full_page=False)

    log.first.get_by_role("button", name=words["why"]).click()
    expect(table.locator(".parlour-why")).to_contain_text(words["rule"])

    page.set_viewport_size({"width": 420, "height": 900})
    table.scroll_into_view_if_needed()
    save_screenshot(page, f"jubileu-{lang}-play-420x900", full_page=False)
    ladder.scroll_into_view_if_needed()
    assert_fits(ladder, 420)
    save_screenshot(page, f"jubileu-{lang}-lesson-ladder-420x900", full_page=False)
    crashes = [e for e in page.errors if e.startswith("pageerror")]
    assert not crashes, crashes
