"""The table in one step (issues 31 and 38), in Chromium at 1280×800 and 420×900.

A lesson's game table sits in its last sections: a long scroll on a phone, about 23 Tabs on a keyboard. The
gallery's "Play now" opens a lesson at its table, with the keyboard focus on the table's first move; in a
lesson, the first Tab reaches "Go to the table" and Enter takes the focus into the table (the move, not Hint
or a choice of how the table looks). Every wait is for a state of the page (a focused control), never a time.
Screenshots: test-artifacts/table-link-<what>-<size>.png.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from .table_page import open_lesson
from .test_jupyterlab import jupyterlab  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser

SIZES = {"1280x800": {"width": 1280, "height": 800}, "420x900": {"width": 420, "height": 900}}
#: a move of the play table's cloth with the focus: a card you may play or a button, not an aid (Hint, Undo)
FOCUSED_MOVE = (".parlour-play-table .parlour-table :is(.parlour-card--playable, button.widget-button):focus"
                ":not(.parlour-aid)")
#: any control of the play table's cloth with the focus (a card of your hand while the bots play)
FOCUSED_IN_TABLE = ".parlour-play-table .parlour-table :focus"

_FOCUSED = """() => { const el = document.activeElement;
  if (!el || el === document.body) return 'the page body';
  return `${el.tagName.toLowerCase()}.${el.className} “${(el.getAttribute('aria-label') || el.innerText).trim()}”`; }"""


def expect_focus(page: Page, where: Locator) -> None:
    """Until ``where`` (matched with ``:focus``) has the focus; else says where the focus is."""
    try:
        expect(where).to_have_count(1, timeout=60_000)
    except AssertionError as exc:
        raise AssertionError(f"the focus is on {page.evaluate(_FOCUSED)}") from exc


def expect_table_in_view(page: Page) -> None:
    """The focused control is wholly in the window, and so is the top of the table's cloth (on a wide screen)."""
    expect(page.locator(FOCUSED_IN_TABLE)).to_be_in_viewport(ratio=1)
    expect(page.locator(".parlour-play-table .parlour-table").first).to_be_in_viewport()


@pytest.mark.parametrize("size, game", [("1280x800", "jubilee"), ("420x900", "rummy")])
def test_play_now_opens_a_lesson_at_its_table(voila_server, voila_page, save_screenshot, size, game):
    """Jubilee's bots play first at most: then the focus is on a card you may play. In Rummy you draw first: the
    focus waits on your hand while Ada plays, then goes to the stock or the discard pile, not to a dimmed card."""
    page = voila_page
    page.set_viewport_size(SIZES[size])
    page.goto(voila_server + "voila/render/index.ipynb")
    # the English lesson's link: a card also links its game's Portuguese table ("Jogar agora")
    play_now = page.locator(f'.parlour-game[data-game="{game}"] a.parlour-play-now[lang="en"]')
    expect(play_now).to_have_text("Play now")
    expect(play_now).to_have_attribute("href", f"{game}.ipynb#table")
    if play_now.get_attribute("target") == "_blank":  # rendered HTML's links open a new tab in Voilà
        with page.context.expect_page() as opened:
            play_now.click()
        page = opened.value
        page.set_default_timeout(60_000)
        page.set_viewport_size(SIZES[size])
    else:
        play_now.click()
    page.wait_for_url(f"**/voila/render/{game}.ipynb#table", wait_until="commit")
    expect(page.locator("#loading")).to_have_count(0, timeout=180_000)
    expect_focus(page, page.locator(FOCUSED_MOVE))
    expect_table_in_view(page)
    save_screenshot(page, f"table-link-play-now-{game}-{size}", full_page=False)


@pytest.mark.parametrize("size", SIZES)
def test_the_first_tab_reaches_go_to_the_table_and_enter_goes_there(voila_server, voila_page, save_screenshot, size):
    """Injun: the cloth's first control is how the betting goes (poker or brag style), a setting; the focus goes
    past it to your first move (Fold, Call, Bet) once the bots have bet."""
    page = voila_page
    page.set_viewport_size(SIZES[size])
    open_lesson(page, voila_server + "voila/render/injun.ipynb")
    link = page.locator("a.parlour-table-link")
    expect(link).to_have_text("Go to the table")
    cloth = page.locator(".parlour-play-table .parlour-table").first
    expect(cloth).to_be_visible(timeout=60_000)
    expect(cloth).not_to_be_in_viewport()  # the table is far down the page
    page.keyboard.press("Tab")
    expect_focus(page, page.locator("a.parlour-table-link:focus"))
    expect(link).to_be_in_viewport(ratio=1)
    save_screenshot(page, f"table-link-first-tab-{size}", full_page=False)
    page.keyboard.press("Enter")
    expect_focus(page, page.locator(FOCUSED_MOVE))
    expect_table_in_view(page)
    expect(page.locator("button.widget-toggle-button:focus")).to_have_count(0)
    save_screenshot(page, f"table-link-enter-{size}", full_page=False)


def test_the_portuguese_lesson_leads_with_ir_para_a_mesa(voila_server, voila_page):
    page = voila_page
    page.set_viewport_size(SIZES["1280x800"])
    open_lesson(page, voila_server + "voila/render/pt/jubileu.ipynb")
    expect(page.locator(".parlour-play-table .parlour-table").first).to_be_visible(timeout=60_000)
    page.keyboard.press("Tab")
    expect_focus(page, page.locator("a.parlour-table-link:focus"))
    expect(page.locator("a.parlour-table-link")).to_have_text("Ir para a mesa")
    page.keyboard.press("Enter")
    expect_focus(page, page.locator(FOCUSED_IN_TABLE))


@pytest.mark.slow  # a JupyterLab server of its own, as tests/browser/test_jupyterlab.py (./run test --full, CI)
def test_go_to_the_table_in_jupyterlab(jupyterlab, voila_page, save_screenshot):  # noqa: F811 (the fixture)
    """In JupyterLab the notebook scrolls inside its panel, and cells out of sight may be left undrawn
    (content-visibility): the link still brings the table into view and takes the focus there."""
    page = voila_page
    base, token = jupyterlab
    page.set_default_timeout(90_000)
    page.set_viewport_size(SIZES["1280x800"])
    page.goto(f"{base}lab/tree/lessons/jubilee.ipynb?token={token}")
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=120_000)
    expect(page.locator("#jp-main-statusbar")).to_contain_text("Idle", timeout=120_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    expect(page.locator(".parlour-play-table .parlour-table")).to_be_attached(timeout=120_000)
    link = page.locator("a.parlour-table-link")
    link.focus()  # Run All left the notebook at its end, the link out of sight
    page.keyboard.press("Enter")
    expect_focus(page, page.locator(FOCUSED_IN_TABLE))
    expect(page.locator(FOCUSED_IN_TABLE)).to_be_in_viewport(ratio=1)
    save_screenshot(page, "table-link-jupyterlab", full_page=False)
