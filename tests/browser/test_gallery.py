"""The gallery (lessons/index.ipynb) in Chromium, served by Voilà as ./run app serves it."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
GALLERY = "voila/render/index.ipynb"


def open_app(page, url):
    """Load a Voilà page and wait until every cell has run and the cells are shown."""
    page.goto(url)
    expect(page.locator("#rendered_cells")).to_be_visible()
    expect(page.locator("#loading")).to_have_count(0)


def assert_no_cell_errors(page):
    text = page.locator("#rendered_cells").inner_text()
    assert "Traceback" not in text and "There was an error when executing cell" not in text, text[-2000:]


def test_gallery_renders(voila_server, voila_page, save_screenshot):
    page = voila_page
    open_app(page, voila_server + GALLERY)

    expect(page).to_have_title("Parlour")
    expect(page.locator("h1", has_text="Parlour")).to_be_visible()
    gallery = page.locator(".parlour-gallery")
    expect(gallery).to_be_visible()
    jubilee = gallery.locator('.parlour-game[data-game="jubilee"]')
    expect(jubilee).to_contain_text("Jubilee")
    expect(jubilee).to_contain_text("players")
    assert_no_cell_errors(page)
    save_screenshot(page, "gallery")


def test_gallery_opens_jubilee(voila_server, voila_page, save_screenshot):
    assert (LESSONS / "jubilee.ipynb").exists(), "the gallery links to lessons/jubilee.ipynb"
    page = voila_page
    open_app(page, voila_server + GALLERY)

    card = page.locator('.parlour-game[data-game="jubilee"]')
    app_link = card.locator('a[href="jubilee.ipynb"]')
    expect(app_link).to_be_visible()
    # standalone Voilà (./run app) has no JupyterLab: no link that would answer 404, no command for learners
    expect(page.locator('a[href*="lab/tree/"]')).to_have_count(0)
    expect(page.locator("body")).not_to_contain_text("./run")
    expect(page.locator("body")).not_to_contain_text("JupyterLab")

    # JupyterLab's HTML renderer (which Voilà uses for outputs) gives links
    # target="_blank": the app opens in a new tab and the gallery stays.
    with page.expect_popup() as popup:
        app_link.click()
    app = popup.value
    app.set_default_timeout(180_000)  # the lesson runs all its cells before it shows
    app.wait_for_url("**/voila/render/jubilee.ipynb")
    expect(app.locator("#rendered_cells")).to_be_visible()
    expect(app.locator("#loading")).to_have_count(0)
    expect(app.locator("#rendered_cells .jp-Cell").first).to_be_attached()
    # Widgets show "Loading widget..." until the page's widget manager has drawn them.
    expect(app.get_by_text("Loading widget...")).to_have_count(0)
    assert_no_cell_errors(app)
    save_screenshot(app, "jubilee-from-gallery")
