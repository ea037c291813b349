"""Deal links in Chromium (issue 13, item 2): a lesson opened with ?deal=…&level=… deals that table;
its Copy link button gives the address back; a bad value is said on the page, above the usual table."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from .table_page import button

pytestmark = pytest.mark.browser

LESSON = "voila/render/jabberwocky.ipynb"


def selected(select) -> str:
    return select.evaluate("s => s.options[s.selectedIndex].text")


def test_a_deal_link_opens_the_lesson_on_that_deal_and_copy_link_gives_it_back(
        voila_server, voila_page, context, save_screenshot):
    page = voila_page
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=voila_server.rstrip("/"))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(voila_server + LESSON + "?deal=3-K7QM3P%2F0001&level=hard")
    table = page.locator(".parlour").first
    expect(table).to_be_visible(timeout=180_000)
    code = table.locator(".parlour-toolbar .widget-text input").first
    expect(code).to_have_value("3-K7QM3P/0001")
    assert selected(table.get_by_role("combobox", name="Bots")) == "hard"
    expect(table.locator(".parlour-link-notice")).to_be_hidden()
    expect(table.locator(".parlour-status")).to_contain_text(re.compile("Your turn|thinking"), timeout=60_000)

    copy = button(table, "Copy link")
    expect(copy).to_be_visible()
    copy.click()
    copy_box = copy.locator("xpath=..")  # the deal's Copy link (a review has a Copy link of its own)
    expect(copy_box.locator("[role=status]")).to_have_text(re.compile("Copied|Copy this link"))
    link = copy_box.locator("[data-testid=deal-link]").input_value()
    assert page.evaluate("navigator.clipboard.readText()") == link
    parts = urlsplit(link)
    assert parts.path == "/" + LESSON
    assert parse_qs(parts.query) == {"deal": ["3-K7QM3P/0001"], "level": ["hard"], "game": ["jabberwocky"]}
    save_screenshot(page, "deal-link-1280x800", full_page=False)
    page.set_viewport_size({"width": 420, "height": 900})
    table.locator(".parlour-toolbar").scroll_into_view_if_needed()
    save_screenshot(page, "deal-link-420x900", full_page=False)

    # ... and the copied address deals the same table in a fresh page
    page.goto(link)
    again = page.locator(".parlour").first
    expect(again).to_be_visible(timeout=180_000)
    expect(again.locator(".parlour-toolbar .widget-text input").first).to_have_value("3-K7QM3P/0001")


def test_a_bad_link_says_why_and_shows_the_usual_table(voila_server, voila_page, save_screenshot):
    page = voila_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(voila_server + LESSON + "?deal=hello&level=grandmaster")
    table = page.locator(".parlour").first
    expect(table).to_be_visible(timeout=180_000)
    notice = table.locator(".parlour-link-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("This page's link was not followed")
    expect(notice).to_contain_text("“grandmaster” is not a bot level")
    expect(table.locator(".parlour-status")).to_contain_text(re.compile("Your turn|thinking"), timeout=60_000)
    assert selected(table.get_by_role("combobox", name="Bots")) == "medium"
    code = table.locator(".parlour-toolbar .widget-text input").first
    expect(code).to_have_value(re.compile(r"^4-[0-9A-Z]{6}/0001$"))
    text = page.locator("body").inner_text()
    assert "Traceback" not in text and "Error" not in text
    save_screenshot(page, "deal-link-refused-1280x800", full_page=False)
