"""The static site (issue 23) in Chromium: built by deploy/site/build.py, served by a plain static server.

Opens Rummy from the gallery's link with a deal link (?deal=…&level=…), draws from the stock (a face-down
card: its click reaches Python in the browser as Pyodide's jsnull), discards, asks for a Hint, copies the
deal's link and follows it; screenshots at 1280×800 and 420×900. The build's downloads are cached
(.cache/site or $PARLOUR_SITE_CACHE), so after the first run the build needs no network; without a
cache and without PyPI and npm the test is skipped, saying so.
"""

from __future__ import annotations

import functools
import http.server
import re
import threading
import urllib.request
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from deploy.site import build as site_build

from .table_page import button

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DEAL = "2-000001"  # two players; Ada deals, so you draw first
REGISTRIES = ("https://pypi.org/simple/jupyterlite-core/", "https://registry.npmjs.org/pyodide")


def cache_complete(cache: Path) -> bool:
    return all((cache / part / ".parlour-stamp").exists() for part in ("tools", "wheels")) and any(
        (cache / "npm").glob("pyodide-*.tgz"))


def registries_unreachable() -> str | None:
    for url in REGISTRIES:
        try:
            with urllib.request.urlopen(url, timeout=15):
                pass
        except OSError as exc:
            return f"{url} is unreachable ({exc}) and the site's downloads are not cached"
    return None


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    if not cache_complete(site_build.cache_dir()) and (why := registries_unreachable()):
        pytest.skip(why)
    out = tmp_path_factory.mktemp("site") / "site"
    site_build.build(out)
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def site_url(site):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_a_lesson_plays_on_the_static_site(site_url, voila_page, context, save_screenshot):
    page = voila_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_url)
    link = page.locator('.parlour-game[data-game="rummy"] a.parlour-play[href="lessons/rummy.html"]')
    expect(link).to_be_visible()
    expect(page.locator('a[href="lessons/pt/jubileu.html"]')).to_be_visible()
    page.goto(site_url + f"lessons/rummy.html?deal={DEAL}&level=medium")  # a deal link, as a teacher shares it

    table = page.locator(".parlour").first
    expect(table).to_be_visible(timeout=180_000)  # Pyodide, the wheels and the lesson's cells, all in the tab
    expect(table.locator(".widget-text input").first).to_have_value(DEAL)
    bots = table.get_by_role("combobox", name="Bots")
    assert bots.evaluate("s => s.options[s.selectedIndex].text") == "medium"
    status = table.locator(".parlour-status")
    expect(status).to_contain_text("Draw: click the stock", timeout=60_000)
    log = table.locator(".parlour-log-row")

    # draw from the stock: a face-down card, whose click carries a JS null
    table.locator(".parlour-row[aria-label='Stock'] .parlour-card").click()
    expect(log.filter(has_text="You draw")).to_have_count(1, timeout=30_000)
    hand = table.locator(".parlour-row[aria-label^='Your hand'] .parlour-card")
    expect(hand).to_have_count(11)

    # play a card: select one and discard it; Ada answers
    hand.first.click()
    discard = button(table, "Discard")
    expect(discard).to_be_enabled()
    discard.click()
    expect(log.filter(has_text="You discard")).to_have_count(1, timeout=30_000)
    expect(log.filter(has_text="Ada discards")).to_have_count(1, timeout=120_000)
    expect(status).to_contain_text("Draw: click the stock", timeout=60_000)

    table.get_by_role("button", name="Hint").click()
    expect(table.locator(".parlour-hint")).to_contain_text("Hint", timeout=60_000)
    table.scroll_into_view_if_needed()
    save_screenshot(page, "site-rummy-1280x800", full_page=False)
    page.set_viewport_size({"width": 420, "height": 900})
    table.scroll_into_view_if_needed()
    save_screenshot(page, "site-rummy-420x900", full_page=False)
    page.set_viewport_size({"width": 1280, "height": 800})

    # Copy link gives the lesson page's address with this deal; following it deals the same cards again
    copy = button(table, "Copy link")
    copy_box = copy.locator("xpath=..")  # the deal's Copy link (a review has a Copy link of its own)
    copy.click()
    expect(copy_box.locator("[role=status]")).to_have_text(re.compile("Copied|Copy this link"))
    copied = copy_box.locator("[data-testid=deal-link]").input_value()
    parts = urlsplit(copied)
    assert parts.path == "/lessons/rummy.html", copied
    assert parse_qs(parts.query) == {"deal": [DEAL], "level": ["medium"], "game": ["rummy"]}
    page.goto(copied)
    again = page.locator(".parlour").first
    expect(again).to_be_visible(timeout=180_000)
    expect(again.locator(".widget-text input").first).to_have_value(DEAL)
    expect(again.locator(".parlour-status")).to_contain_text("Draw: click the stock", timeout=60_000)
    assert not [e for e in page.errors if "pageerror" in e], page.errors
