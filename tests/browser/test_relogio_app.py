"""Relógio in Chromium: from the gallery to turned cards on the clock, the log, a hint and Relógio Real."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .table_page import COUNT_SCRIPT_BLOBS, assert_each_module_loaded_once, button, deal_table, open_from_gallery

pytestmark = pytest.mark.browser

DEAL_CODE = "1-000005"  # a fixed deal: the centre's top card is the A♣, then the 5♦ at 1 o'clock


def test_play_relogio_in_the_browser(voila_server, voila_page, save_screenshot, artifacts_dir):
    voila_page.context.add_init_script(COUNT_SCRIPT_BLOBS)  # the lesson opens in a new tab
    outside: list[str] = []  # requests that leave the server (the template's Font Awesome CDN link)
    voila_page.context.on("request", lambda r: "127.0.0.1" not in r.url and r.url.startswith("http")
                          and outside.append(r.url))
    page = open_from_gallery(voila_page, voila_server, "relogio")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    table = deal_table(page, DEAL_CODE)
    log = table.locator(".parlour-log-row")
    expect(log.first).to_contain_text("dealt face down into 13 piles of 4", timeout=30_000)
    expect(table.locator(".parlour-status")).to_contain_text("Press Turn")
    progress = table.locator("[data-testid=progress]")
    expect(progress).to_contain_text("Face up: 0 of 52")
    clock = table.locator(".relogio-clock")
    expect(clock.locator(".parlour-card--back")).to_have_count(52)  # every card face down, even for you

    # the mouse: press Turn
    button(table, "Turn").click()
    turned = table.locator(".parlour-log-row", has_text=re.compile(r"You turn \S+ from the centre"))
    expect(turned).to_have_count(1, timeout=30_000)
    expect(progress).to_contain_text("Face up: 1 of 52")
    expect(clock.locator(".parlour-card--back")).to_have_count(51)
    expect(clock.locator(".parlour-card--selected")).to_have_count(1)  # the card just turned
    card = re.search(r"You turn (\S+) from", turned.inner_text()).group(1)
    expect(clock.locator(".parlour-card--selected")).to_have_attribute("aria-label", re.compile(".+"))
    assert card

    # the keyboard: focus the marked pile (each of its cards is a 44 px target) and press Enter
    current = clock.locator(".relogio-pile--current .parlour-card--playable").last
    box = current.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44, box
    current.focus()
    page.keyboard.press("Enter")
    expect(table.locator(".parlour-log-row", has_text=re.compile(r"You turn \S+ from"))).to_have_count(2,
                                                                                                      timeout=30_000)
    expect(progress).to_contain_text("Face up: 2 of 52")

    # a card that may not be turned says why
    clock.locator(".parlour-card--back").first.click(force=True)  # aria-disabled, but people click it
    expect(table.locator(".parlour-status")).to_contain_text("⚠")

    # a hint, with a chance of winning
    table.get_by_role("button", name="Hint").click()
    expect(table.locator("[data-testid=hint-headline]")).to_have_text(re.compile(r"^Turn: "),
                                                                   timeout=30_000)  # the button's word
    expect(table.locator(".parlour-hint")).to_contain_text(
        re.compile(r"you win (in|with a chance of) (over |under )?\d+%"))

    # "Why?" names the rule
    log.nth(1).get_by_role("button", name="Why?").click()
    expect(table.locator(".parlour-why")).to_contain_text("rule:")
    table.screenshot(path=str(artifacts_dir / "relogio-table.png"))

    # Relógio Real, further down the same lesson: one step
    real = page.locator(".parlour").nth(1)
    real.scroll_into_view_if_needed()
    button(real, "Step").click()
    expect(real.locator(".parlour-log-row", has_text="You start at")).to_have_count(1, timeout=30_000)
    expect(real.locator("[data-testid=progress]")).to_contain_text("steps: 1")
    real.screenshot(path=str(artifacts_dir / "relogio-real-table.png"))
    assert not errors, errors

    # the page loaded each widget module once (widgets/server/page_rendering.py), not once per card row:
    # its two tables have 28 card rows, and a module loaded per row cost about a seventh of a second
    assert_each_module_loaded_once(page)

    # the icons come with Voilà's own scripts: the page asks no other site for them, and they draw
    assert not outside, outside
    icon = page.evaluate("""async () => {
      const i = [...document.querySelectorAll('.parlour button i.fa-lightbulb-o')].pop();
      const before = getComputedStyle(i, '::before');
      const faces = await document.fonts.load(`900 16px ${before.fontFamily}`, before.content.replaceAll('"', ''));
      return {content: before.content, family: before.fontFamily, faces: faces.length};
    }""")
    assert icon["content"] not in ("none", "normal", "") and "Font Awesome" in icon["family"], icon
    assert icon["faces"] >= 1, icon  # the font itself loaded, not only its stylesheet
