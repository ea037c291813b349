"""Hints at a glance in Chromium (issue 31): in every game's lesson, the table's hint opens with one short
sentence, the move and one fact about it; the reasons behind it stay folded until More is pressed, with the
keyboard as well as the mouse."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .table_page import open_lesson

pytestmark = pytest.mark.browser

LESSONS = ["el_gato", "injun", "jabberwocky", "jubilee", "jubileu", "kalooki", "klaberjass", "relogio",
           "relogio_real", "rummy"]
#: the move (as its control reads), a colon, one fact, a full stop: one sentence
HEADLINE = re.compile(r"^\S.*: \S.*\.$")


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_hint_opens_with_its_headline_and_more_shows_the_rest(lesson, voila_server, voila_page):
    page = voila_page
    open_lesson(page, f"{voila_server}voila/render/{lesson}.ipynb")
    table = page.locator(".parlour").first
    hint_button = table.locator("button.parlour-hint-button")
    expect(hint_button).to_be_enabled(timeout=120_000)  # the bots may move first
    hint_button.click()
    headline = table.locator("[data-testid=hint-headline]")
    expect(headline).to_have_text(HEADLINE, timeout=60_000)
    text = headline.inner_text()
    assert len(text) <= 120 and not re.search(r"[.!?]\s", text[:-1]), text
    detail = table.locator(".parlour-hint-detail")
    expect(detail).to_be_hidden()
    more = table.locator("button.parlour-hint-more")
    expect(more).to_have_text(re.compile(r"More|Mais"))
    more.focus()
    page.keyboard.press("Enter")
    expect(detail).to_be_visible(timeout=30_000)
    expect(more).to_have_text(re.compile(r"Less|Menos"), timeout=30_000)
    assert not page.errors, page.errors
