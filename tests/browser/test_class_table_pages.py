"""A class table's pages in Chromium: what a repaint no longer sends still looks the same, and a busy page still
draws its widgets.

A face-up card drawn by the page's card-face sheet looks as its inline SVG picture did.

A table's board sends a face-up card as a box naming it (widgets.card_svg.face_html) and the page's sheet draws
it (widgets/card_faces.py, static/card_faces.js): this compares, pixel for pixel, a row of cards drawn both ways
(French suits, courts, a Joker, Spanish cards; three sizes), in the usual pack and the four-colour pack, and in
forced colours (Windows High Contrast), where a page's background pictures must still show the card. No server:
the page is the table's stylesheet and the two rows.

A Voila page busy loading its widgets' state (a class joining a table at once, at load 11-25) showed "Error
displaying widget: model not found" on the lesson's outputs: the widget manager's wait for a model gave up without
a last look when its timer fired late. The page's first script (widgets/static/shared_modules.js) patches it: here
the real manager of a lesson page is asked for a model that arrives while the page is busy past that wait.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser.table_page import open_lesson

from widgets.card_faces import four_colour_inks
from widgets.card_svg import backs_html, card_img_html, face_html, face_svg
from widgets.page_style import TABLE_CSS

pytestmark = pytest.mark.browser

CARDS = ["AS", "7H", "10D", "QC", "KH", "JD", "2C", "9S", "JK", "1Or", "7Co", "10Es", "3Ba"]
WIDTHS = (46, 38, 30)
FACES_JS = Path(__file__).resolve().parents[2] / "widgets" / "static" / "card_faces.js"

#: the two rows' pictures, compared in the page: [pixels that differ, pixels that differ by more than an edge's
#: smoothing does (a channel by more than 40 of 255), pixels]; -1 for pictures of different sizes
DIFFERING = """async ([a, b]) => {
  const load = (src) => new Promise((ok) => { const i = new Image(); i.onload = () => ok(i); i.src = src; });
  const [x, y] = await Promise.all([load(a), load(b)]);
  if (x.width !== y.width || x.height !== y.height) return [-1, -1, 0];
  const pixels = (img) => {
    const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    return g.getImageData(0, 0, img.width, img.height).data;
  };
  const p = pixels(x), q = pixels(y);
  let differ = 0, strong = 0;
  for (let i = 0; i < p.length; i += 4) {
    const d = Math.max(Math.abs(p[i] - q[i]), Math.abs(p[i + 1] - q[i + 1]), Math.abs(p[i + 2] - q[i + 2]));
    if (d) differ++;
    if (d > 40) strong++;
  }
  return [differ, strong, p.length / 4];
}"""


def _cards_page(page: Page) -> None:
    rows = "".join(
        f"<div class='row' id='{kind}-{w}'>" + "".join(
            (card_img_html(c, w) if kind == "inline" else face_html(c, w)) for c in CARDS) + "</div>"
        for w in WIDTHS for kind in ("inline", "sheet"))
    page.set_content(f"<html><head></head><body style='margin:0;background:#fff'>{TABLE_CSS}"
                     f"<style>.row {{ display: inline-block; padding: 4px; }}</style>"
                     f"<div class='parlour'>{rows}<div class='row' id='backs'>{backs_html(3, 30)}</div></div>"
                     "</body></html>")
    source = base64.b64encode(FACES_JS.read_bytes()).decode()
    page.evaluate(f"""async (faces) => {{
        const module = await import('data:text/javascript;base64,{source}');
        module.addFaces(document, faces, {json.dumps(four_colour_inks())});
    }}""", {c: face_svg(c) for c in CARDS})


def _shot(page: Page, selector: str) -> str:
    return "data:image/png;base64," + base64.b64encode(page.locator(selector).screenshot()).decode()


def _alike(page: Page, width: int) -> bool:
    """The row drawn by the sheet is the inline row: the same size, the same pixels but for a picture's smoothed
    edges (the image is drawn into its box, the inline SVG into the page: measured, at most ~0.3% of the pixels,
    each by at most 29 of 255)."""
    differ, strong, pixels = page.evaluate(DIFFERING, [_shot(page, f"#inline-{width}"), _shot(page, f"#sheet-{width}")])
    return differ >= 0 and strong == 0 and differ <= pixels * 0.005


def _changed(page: Page, a: str, b: str) -> int:
    return page.evaluate(DIFFERING, [a, b])[0]


def test_a_card_drawn_by_the_sheet_looks_as_its_inline_picture_and_says_the_same(page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    _cards_page(page)
    for width in WIDTHS:
        assert _alike(page, width), f"{width}px cards differ"
    usual = _shot(page, "#sheet-46")
    page.evaluate("() => document.documentElement.classList.add('parlour-four-colour')")
    for width in WIDTHS:
        assert _alike(page, width), f"{width}px cards differ in the four-colour pack"
    assert _changed(page, usual, _shot(page, "#sheet-46")) > 100, "the four-colour pack recolours"
    # what a screen reader hears and a pointer shows: an image named by the card, as before
    names = page.evaluate("""() => [...document.querySelectorAll('#sheet-46 .parlour-card-img')].map(
        (box) => [box.title, box.firstChild.getAttribute('role'), box.firstChild.getAttribute('aria-label'),
                  box.firstChild.dataset.card])""")
    old = page.evaluate("""() => [...document.querySelectorAll('#inline-46 .parlour-card-img')].map(
        (box) => [box.title, box.firstChild.getAttribute('role'), box.firstChild.querySelector('title').textContent,
                  box.firstChild.dataset.card])""")
    assert names == old and len(names) == len(CARDS)


def test_in_forced_colours_a_card_drawn_by_the_sheet_is_still_drawn(page: Page) -> None:
    """High Contrast drops a page's background colours; a background picture (a url) must stay: each card's box
    still shows its face, as the inline picture does, and a face-down card its back."""
    page.emulate_media(forced_colors="active")
    page.set_viewport_size({"width": 1280, "height": 800})
    _cards_page(page)
    assert page.evaluate("() => matchMedia('(forced-colors: active)').matches")
    page.evaluate("() => document.querySelectorAll('#sheet-46 .parlour-card-face').forEach("
                  "(box) => { box.style.backgroundImage = 'none'; })")
    empty = _shot(page, "#sheet-46")
    page.evaluate("() => document.querySelectorAll('#sheet-46 .parlour-card-face').forEach("
                  "(box) => { box.style.backgroundImage = ''; })")
    assert _changed(page, empty, _shot(page, "#sheet-46")) > 1000, "the faces are drawn"
    for width in WIDTHS:
        assert _alike(page, width), f"{width}px cards are drawn as the inline pictures are"
    backs = _shot(page, "#backs")
    page.evaluate("() => document.querySelectorAll('#backs .parlour-card-back').forEach("
                  "(box) => { box.style.backgroundImage = 'none'; })")
    assert _changed(page, backs, _shot(page, "#backs")) > 500, "the backs are drawn"


#: On a lesson page: ask Voila's widget manager for a model not there yet; it is registered while the page is busy
#: for longer than the manager's 2 s wait (as when it loads every widget's state), so the wait's timer fires late.
LATE_MODEL = """async () => {
  const manager = window.jupyterapp.widgetManager;
  const asked = manager.get_model('parlour-late-model');
  await new Promise((r) => setTimeout(r, 30));  // the wait looked, and sleeps
  manager.register_model('parlour-late-model', Promise.resolve({ once() {}, name: 'late' }));
  const busy = Date.now();
  while (Date.now() - busy < 2300) { /* the page at work */ }
  try {
    return (await asked).name;
  } catch (err) {
    return String(err);
  }
}"""


def test_a_busy_page_still_finds_a_widget_that_arrived_during_its_wait(voila_page: Page, voila_server: str) -> None:
    page = voila_page
    open_lesson(page, voila_server + "voila/render/jabberwocky.ipynb")
    assert page.evaluate("() => window.jupyterapp.widgetManager.parlourLastLook") is True
    assert page.evaluate(LATE_MODEL) == "late"
    assert not page.locator("text=Error displaying widget").count()
