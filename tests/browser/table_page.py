"""What every game's browser test does first: open its lesson, and put a teacher's deal on the table."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect


def open_from_gallery(page: Page, server: str, game_id: str) -> Page:
    """Follow the gallery's link to a lesson; returns the page it opened in (a new tab in Voilà)."""
    page.goto(server + "voila/render/index.ipynb")
    link = page.locator(f'.parlour-game[data-game="{game_id}"] a[href="{game_id}.ipynb"]')
    if link.get_attribute("target") == "_blank":  # rendered Markdown links open a new tab
        with page.context.expect_page() as opened:
            link.click()
        page = opened.value
        page.set_default_timeout(60_000)
    else:
        link.click()
    page.wait_for_url(f"**/voila/render/{game_id}.ipynb", wait_until="commit")
    return page


def open_lesson(page: Page, url: str) -> str:
    """Load a lesson in Voilà, wait until every cell has run, fail on a cell that raised; its text."""
    page.goto(url)
    expect(page.locator("#loading")).to_have_count(0, timeout=180_000)
    text = page.locator("#rendered_cells").inner_text()
    assert "Traceback" not in text and "There was an error when executing cell" not in text, text[-2000:]
    return text


def deal_table(page: Page, code: str) -> Locator:
    """The lesson's first table, once it has dealt ``code``: the same cards (and seeded bots) every run."""
    table = page.locator(".parlour").first
    expect(table).to_be_visible(timeout=180_000)
    box = table.locator(".widget-text input").first
    box.fill(code)
    box.press("Enter")
    # the box shows the full code: the player count first, the table's settings after a slash
    expect(box).to_have_value(re.compile(rf"^([0-9]+-)?{re.escape(code)}(/[0-9]+)?$"))
    return table


def button(scope: Page | Locator, label: str) -> Locator:
    """An ipywidgets button by its exact caption (an icon makes its accessible name unreliable)."""
    return scope.locator("button", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))
