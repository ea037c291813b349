"""Every game's table fits a laptop (1280×800) and a phone (420×900): controls in sight, no text on text.

Parametrized over every game that has a lesson (``engine.GAMES`` and ``lessons/<id>.ipynb``),
so a game that lands later is checked without touching this file. Each size leaves a
screenshot ``layout-<game>-<width>x<height>.png`` in test-artifacts/ to look at.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from .table_page import deal_table

import engine

pytestmark = pytest.mark.browser

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
GAMES_WITH_LESSONS = [g for g in engine.GAMES if (LESSONS / f"{g}.ipynb").exists()]
SIZES = [(1280, 800), (420, 900)]

# Boxes of the table in page coordinates: every control, and every leaf that shows text or a card.
MEASURE = """(table) => {
  const seen = (el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'
      && Number(s.opacity) > 0;
  };
  const box = (el, what) => {
    const r = el.getBoundingClientRect();
    const label = (el.innerText || el.value || el.getAttribute('title') || el.className || '').toString();
    return {what, label: label.slice(0, 60), x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height};
  };
  const controls = [...table.querySelectorAll('button, input, select, .parlour-card--playable')]
    .filter(seen).map((el) => box(el, 'control'));
  // what an overflow box (the log's scroll area) hides is not drawn over anything
  const clip = (el, r) => {
    let box = {l: r.left, t: r.top, r: r.right, b: r.bottom};
    for (let a = el.parentElement; a && a !== table.parentElement; a = a.parentElement) {
      if (!/(auto|scroll|hidden)/.test(getComputedStyle(a).overflowY)) continue;
      const c = a.getBoundingClientRect();
      box = {l: Math.max(box.l, c.left), t: Math.max(box.t, c.top), r: Math.min(box.r, c.right),
             b: Math.min(box.b, c.bottom)};
    }
    return box.r - box.l >= 1 && box.b - box.t >= 1 ? box : null;
  };
  const texts = [];
  const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || el.closest('svg, style, button, select, option')) continue;
    if (!seen(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      const r = clip(el, rect);
      if (!r) continue;
      texts.push({what: 'text', label: node.textContent.trim().slice(0, 60),
                  x: r.l + scrollX, y: r.t + scrollY, w: r.r - r.l, h: r.b - r.t});
    }
  }
  const cards = [...table.querySelectorAll('.parlour-card-img, .parlour-card')].filter(seen)
    .map((el) => box(el, 'card'));
  const felt = table.querySelector('.parlour-table').getBoundingClientRect();
  return {controls, texts, cards, page_width: document.documentElement.scrollWidth,
          felt: {x: felt.left + scrollX, y: felt.top + scrollY, w: felt.width, h: felt.height}};
}"""


def overlap(a: dict, b: dict, slack: float = 1.0) -> bool:
    """Two boxes share more than a sliver (``slack`` px each way)."""
    return (min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"]) > slack
            and min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"]) > slack)


def overlaps(boxes: dict) -> list[tuple[str, str]]:
    texts, cards = boxes["texts"], boxes["cards"]
    found = [(a["label"], b["label"]) for i, a in enumerate(texts) for b in texts[i + 1:] if overlap(a, b)]
    found += [(t["label"], f"card {c['label']}") for t in texts for c in cards if overlap(t, c)]
    return found


@pytest.mark.parametrize("game_id", GAMES_WITH_LESSONS)
def test_table_fits_and_nothing_overlaps(game_id, voila_server, voila_page, save_screenshot):
    page = voila_page
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    page.goto(voila_server + f"voila/render/{game_id}.ipynb")
    table = deal_table(page, "000005")  # the lesson's own player count, a fixed deal
    expect(table.locator(".parlour-status")).to_contain_text("Your turn", timeout=60_000)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        # a laptop sees the whole table, toolbar included; a phone scrolls to the cloth
        scroll_to = table if width > 800 else table.locator(".parlour-table")
        scroll_to.evaluate("(el) => el.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        boxes = table.evaluate(MEASURE)
        save_screenshot(page, f"layout-{game_id}-{width}x{height}", full_page=False)
        assert boxes["page_width"] <= width, f"the page scrolls sideways: {boxes['page_width']} px at {width}"
        top = page.evaluate("scrollY")
        outside = [c for c in boxes["controls"]
                   if c["x"] < 0 or c["x"] + c["w"] > width
                   or (boxes["felt"]["y"] <= c["y"] <= boxes["felt"]["y"] + boxes["felt"]["h"]
                       and c["y"] + c["h"] > top + height)]
        assert not outside, f"controls outside the {width}×{height} window: {outside}"
        assert not overlaps(boxes), f"text drawn over text or cards at {width}×{height}: {overlaps(boxes)[:8]}"
