"""Every lesson's table fits a laptop (1280×800) and a phone (420×900): controls in sight, no text on text.

Parametrized over every lesson page that has a game's table (``engine.GAMES`` and ``lessons/<id>.ipynb``,
and the Portuguese lessons under ``lessons/pt/``), so a game that lands later is checked without
touching this file. On each page, at both sizes:

- the table with a deal code that carries settings (the longest kind), its controls in the window,
  nothing drawn over anything, and the code box showing the whole code;
- at 420 px, a refused code's message and every walkthrough of the lesson (stepped to its end) stay
  inside the screen;
- Hint opens its panel right under the Hint button, where the learner is looking; the hint opens with its
  headline (one short sentence: the move and one fact about it), the reasons folded until More is pressed
  with the keyboard (issue 31: one headline read in every game's lesson).

Screenshots in test-artifacts/: ``layout-<page>-<width>x<height>.png`` (the table; at 420 px also
``layout-<page>-toolbar-420x900.png``, the toolbar with the code box),
``layout-<page>-refused-420x900.png``, ``layout-<page>-hint-<width>x<height>.png`` and
``layout-<page>-walkthrough<n>-420x900.png``. Every wait is for a state (a text, a box that stopped
moving), never for a time.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from .table_page import deal_table as type_code

import engine
import widgets.games
from engine.hints import Bot
from engine.review_link import moves_code
from widgets.deal_link import link_query
from widgets.settings import encode, settings_for
from widgets.table import Table

pytestmark = pytest.mark.browser

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
PAGES = [f"{g}.ipynb" for g in engine.GAMES if (LESSONS / f"{g}.ipynb").exists()]
PAGES += [p.relative_to(LESSONS).as_posix() for p in sorted(LESSONS.glob("*/*.ipynb"))
          if p.stem in engine.GAMES and ".ipynb_checkpoints" not in p.parts]
SIZES = [(1280, 800), (420, 900)]
PHONE = SIZES[1]
YOUR_TURN = re.compile(r"Your turn|A sua vez")
#: Codes a learner might type that are refused: settings this game cannot read, a pasted address.
REFUSED_CODES = ["4-K7QM3P/01234567", "https://example.org/voila/render/lesson.ipynb?deal=4-K7QM3P",
                 "K7QM3PK7QM3PK7QM3PK7QM3PK7QM3PK7QM3PK7QM3P"]
#: How far below the Hint button its panel may open (px): the row's gap, not a screen away.
HINT_NEAR = 40
#: A hint's headline: the move (as its control reads), a colon, one fact, a full stop: one sentence.
HEADLINE = re.compile(r"^\S.*: \S.*\.$")
#: The tallest band of bare cloth a finished game may show between two things drawn on it (px): the gap
#: between two rows is a few pixels; a row kept empty (a hand with no cards) is a card's height.
BARE_CLOTH = 48
#: The shortest match of each game (Jubileu: as its lesson deals it), so a finished one is quick to reach.
SHORTEST = {"jubilee": {"match": "single"}, "jubileu": {"deals": 2}, "injun": {"max_deals": 5},
            "kalooki": {"deals": "short"}, "jabberwocky": {"rounds": "short"}, "klaberjass": {"target": 301},
            "relogio_real": {"rounds": 1}}

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

# What of ``root`` reaches past the window's sides or past ``root``'s own box: every element and line
# of text (a box that scrolls sideways still spills: a learner has to find and drag it). An input whose
# text is wider than the input counts too: the code box must show the whole code.
SPILLS = """(root) => {
  const outer = root.getBoundingClientRect();
  const left = Math.max(0, outer.left) - 1, right = Math.min(document.documentElement.clientWidth, outer.right) + 1;
  const shown = (el) => {
    const s = getComputedStyle(el);  // a screen reader's text (.parlour-sr-only: zero size, clipped) is not drawn
    return s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0
      && !el.closest('.parlour-sr-only');
  };
  const name = (el) => (el.innerText || el.value || el.getAttribute('class') || el.tagName).toString().trim()
    .split('\\n')[0].slice(0, 60);
  const found = [];
  if (outer.left < -1 || outer.right > document.documentElement.clientWidth + 1) {
    found.push(`the whole box [${Math.round(outer.left)}..${Math.round(outer.right)}]`);
  }
  for (const el of root.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || !shown(el) || (el.closest('svg') && el.tagName !== 'svg')) continue;
    if (r.left < left || r.right > right) found.push(`${name(el)} [${Math.round(r.left)}..${Math.round(r.right)}]`);
  }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || !shown(el) || el.closest('style, svg')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width >= 1 && (r.left < left || r.right > right)) {
        found.push(`text “${node.textContent.trim().slice(0, 50)}” [${Math.round(r.left)}..${Math.round(r.right)}]`);
      }
    }
  }
  for (const input of root.querySelectorAll('input[type=text], input:not([type])')) {
    if (shown(input) && input.scrollWidth > input.clientWidth + 1) {
      found.push(`“${input.value}” cut in its box (${input.scrollWidth} px of text in ${input.clientWidth} px)`);
    }
  }
  return found;
}"""

# Resolves once ``el``'s box and the page's width have stayed the same for three frames: the layout
# has answered a resize, a scroll or a repaint.
SETTLED = """(el) => new Promise((resolve) => {
  let last = '', same = 0;
  const deadline = performance.now() + 15000;
  const tick = () => {
    const r = el.getBoundingClientRect();
    const now = [r.left, r.top, r.width, r.height, document.documentElement.scrollWidth, scrollY].join();
    same = now === last ? same + 1 : 0;
    if (same >= 3) resolve(null);
    else if (performance.now() > deadline) resolve(`still moving after 15 s: ${last} -> ${now}`);
    else requestAnimationFrame(tick);
    last = now;
  };
  requestAnimationFrame(tick);
})"""


# The bands of the cloth (``.parlour-table``) where nothing is drawn, top to bottom: between the boxes of
# every visible line of text, control, card or picture, and of every panel with a background or border.
BARE_BANDS = """(table) => {
  const felt = table.querySelector('.parlour-table');
  const s = getComputedStyle(felt);
  const f = felt.getBoundingClientRect();
  // the review of the game (opened by a review link, under the cloth's controls) is not the cloth's end
  const review = felt.querySelector('.parlour-review-panel');
  const top = f.top + parseFloat(s.paddingTop);
  const end = review ? review.getBoundingClientRect().top : Infinity;
  const bottom = Math.min(f.bottom - parseFloat(s.paddingBottom), end);
  const shown = (el) => {
    for (let a = el; a && a !== felt; a = a.parentElement) {
      const st = getComputedStyle(a);
      if (st.display === 'none' || st.visibility === 'hidden' || Number(st.opacity) === 0) return false;
    }
    return true;
  };
  const spans = [];
  const add = (r) => {
    const from = Math.max(top, r.top), to = Math.min(bottom, r.bottom);
    if (r.width >= 1 && to > from) spans.push([from, to]);
  };
  for (const el of felt.querySelectorAll('*')) {
    if (el.closest('svg') && el.tagName !== 'svg') continue;
    if (!shown(el) || (review && review.contains(el))) continue;
    const st = getComputedStyle(el);
    const drawn = el.matches('button, input, select, textarea, img, svg, .parlour-card, .parlour-card-face, '
                             + '.parlour-card-back')
      || st.backgroundColor !== 'rgba(0, 0, 0, 0)' || parseFloat(st.borderTopWidth) > 0;
    if (drawn) add(el.getBoundingClientRect());
  }
  const walker = document.createTreeWalker(felt, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim() || !node.parentElement || !shown(node.parentElement)) continue;
    if (review && review.contains(node)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) add(r);
  }
  spans.sort((a, b) => a[0] - b[0]);
  const bands = [];
  let reached = top;
  for (const [a, b] of spans) {
    if (a > reached) bands.push({from: Math.round(reached - f.top), height: Math.round(a - reached)});
    reached = Math.max(reached, b);
  }
  if (bottom > reached) bands.push({from: Math.round(reached - f.top), height: Math.round(bottom - reached)});
  return bands;
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


def table_class(game_id: str) -> type[Table]:
    """The table class a lesson of ``game_id`` plays at (found in widgets/games/*_table.py)."""
    for module in pkgutil.iter_modules(widgets.games.__path__):
        if module.name.endswith("_table"):
            for obj in vars(importlib.import_module(f"widgets.games.{module.name}")).values():
                if isinstance(obj, type) and issubclass(obj, Table) and obj.game_id == game_id:
                    return obj
    raise LookupError(f"no table plays {game_id}")


def settings_part(game_id: str) -> str:
    """The part after a code's slash that switches every setting of the game away from its default."""
    rules = engine.game_class(game_id)
    defaults = rules.option_defaults()
    settings = settings_for(rules, table_class(game_id).setting_words)
    chosen = {s.option: next((v for _, v in s.choices if v != defaults[s.option]), defaults[s.option])
              for s in settings}
    return encode(settings, chosen, rules)


def deal_table(page: Page, code: str) -> Locator:
    """The lesson's first table once it has dealt ``code`` and every word of the deal has reached the page.

    The box shows the code with its player count (which only the table adds: the typed text alone can
    match a looser pattern), but the status line of the new deal comes a moment later: until then it still
    says "Your turn" from the old one. So the Settings panel is opened and closed too: the kernel answers
    each click after everything it sent before.
    """
    table = type_code(page, code)
    box = table.locator(".parlour-toolbar .widget-text input").first
    expect(box).to_have_value(re.compile(rf"^[0-9]+-{re.escape(code)}(/[0-9]+)?$"))
    toggle = table.locator(".parlour-toolbar .widget-toggle-button").first  # hidden where a game has no settings
    panel = table.locator(".parlour-settings")
    for shown in (True, False):
        toggle.evaluate("(el) => el.click()")  # without scrolling: the page stays where the test put it
        expect(panel).to_be_visible() if shown else expect(panel).to_be_hidden()
    return table


def settle(page: Page, what: Locator) -> None:
    """Until the layout has answered the last resize or scroll (``what`` and the page stopped moving)."""
    moving = what.evaluate(SETTLED)
    assert moving is None, f"the layout never settled (left, top, width, height, page width, scroll): {moving}"
    page.evaluate("() => new Promise((resolve) => requestAnimationFrame(() => resolve(true)))")


def show_at(page: Page, table: Locator, width: int, height: int) -> None:
    """The window at ``width``×``height``: a laptop sees the whole table, a phone scrolls to the cloth."""
    page.set_viewport_size({"width": width, "height": height})
    settle(page, table)
    scroll_to = table if width > 800 else table.locator(".parlour-table")
    scroll_to.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    settle(page, table)


def page_name(lesson: str) -> str:
    return lesson.removesuffix(".ipynb").replace("/", "-")


def table_fits_and_nothing_overlaps(page: Page, lesson: str, save_screenshot) -> list[str]:
    name, game_id = page_name(lesson), Path(lesson).stem
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    settings = settings_part(game_id)
    typed = "000005" + (f"/{settings}" if settings else "")  # a fixed deal, every setting changed
    table = deal_table(page, typed)
    box = table.locator(".parlour-toolbar .widget-text input").first
    expect(table.locator(".parlour-status")).to_contain_text(YOUR_TURN, timeout=60_000)
    code = box.input_value()
    problems: list[str] = []
    for width, height in SIZES:
        show_at(page, table, width, height)
        boxes = table.evaluate(MEASURE)
        save_screenshot(page, f"layout-{name}-{width}x{height}", full_page=False)
        if boxes["page_width"] > width:
            problems.append(f"the page scrolls sideways: {boxes['page_width']} px at {width}")
        top = page.evaluate("scrollY")
        outside = [c for c in boxes["controls"]
                   if c["x"] < 0 or c["x"] + c["w"] > width
                   or (boxes["felt"]["y"] <= c["y"] <= boxes["felt"]["y"] + boxes["felt"]["h"]
                       and c["y"] + c["h"] > top + height)]
        if outside:
            problems.append(f"controls outside the {width}×{height} window: {outside}")
        if found := overlaps(boxes):
            problems.append(f"text drawn over text or cards at {width}×{height}: {found[:8]}")
        if spills := table.locator(".parlour-toolbar").evaluate(SPILLS):
            problems.append(f"the toolbar at {width}×{height}, with code {code}: {spills}")
        if width < 800:  # the phone's shot shows the cloth: one more of the toolbar and its code box
            table.evaluate("(el) => el.scrollIntoView({block: 'start'})")
            settle(page, table)
            save_screenshot(page, f"layout-{name}-toolbar-{width}x{height}", full_page=False)
    return problems


def refusals_and_walkthroughs_stay_on_a_phone_screen(page: Page, lesson: str, save_screenshot) -> list[str]:
    name = page_name(lesson)
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    table = deal_table(page, "000005")
    expect(table.locator(".parlour-status")).to_contain_text(YOUR_TURN, timeout=60_000)
    box = table.locator(".parlour-toolbar .widget-text input").first
    problems: list[str] = []
    for typed in REFUSED_CODES:
        box.fill(typed)
        box.press("Enter")
        expect(table.locator(".parlour-status")).to_contain_text("⚠")
        expect(box).not_to_have_value(typed)  # the table's own code is back in the box
        show_at(page, table, *PHONE)
        if spills := table.evaluate(SPILLS):
            problems.append(f"refused “{typed}”: {spills[:6]}")
        save_screenshot(page, f"layout-{name}-refused-{PHONE[0]}x{PHONE[1]}", full_page=False)
    for n, walk in enumerate(page.locator(".parlour-walkthrough").all(), start=1):
        walk.scroll_into_view_if_needed()
        progress = walk.locator(".parlour-walkthrough-progress")
        total = int(re.findall(r"\d+", progress.inner_text())[-1])  # "Move 0 of 13", "Lance 0 de 13"
        for step in range(total + 1):
            if step:
                walk.locator(".parlour-walkthrough-next").click()
                expect(progress).to_contain_text(re.compile(rf"\b{step}\D+{total}\b"))
            settle(page, walk)
            if spills := walk.evaluate(SPILLS):
                problems.append(f"walkthrough {n} at move {step} of {total}: {spills[:6]}")
                break
        walk.evaluate("(el) => el.scrollIntoView({block: 'start'})")
        settle(page, walk)
        save_screenshot(page, f"layout-{name}-walkthrough{n}-{PHONE[0]}x{PHONE[1]}", full_page=False)
    return problems


def the_hint_opens_under_the_hint_button(page: Page, lesson: str, save_screenshot) -> list[str]:
    name = page_name(lesson)
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    table = deal_table(page, "000005")
    problems: list[str] = []
    hint_button = table.locator(".parlour-hint-button")
    panel = table.locator(".parlour-hint")
    for width, height in SIZES:
        expect(table.locator(".parlour-status")).to_contain_text(YOUR_TURN, timeout=60_000)
        expect(hint_button).to_be_enabled()
        show_at(page, table, width, height)
        hint_button.evaluate("(el) => el.scrollIntoView({block: 'center'})")  # where a learner has it
        settle(page, table)
        hint_button.click()
        expect(panel).to_be_visible(timeout=30_000)
        settle(page, panel)
        button_box, panel_box = hint_button.bounding_box(), panel.bounding_box()  # both in window coordinates
        gap = panel_box["y"] - (button_box["y"] + button_box["height"])
        if not -button_box["height"] <= gap <= HINT_NEAR:
            problems.append(f"at {width}×{height} the hint opens {gap:.0f} px below the Hint button")
        centred = abs(button_box["y"] + button_box["height"] / 2 - height / 2) < height / 4  # not at the page's end
        if centred and not 0 <= panel_box["y"] <= height - 40:
            problems.append(f"at {width}×{height} the hint's top is out of the window (at {panel_box['y']:.0f} px)")
        if panel_box["x"] < 0 or panel_box["x"] + panel_box["width"] > width:
            problems.append(f"at {width}×{height} the hint runs off the window sideways")
        save_screenshot(page, f"layout-{name}-hint-{width}x{height}", full_page=False)
        if (width, height) == SIZES[0]:
            problems += the_hint_opens_with_its_headline_and_more_shows_the_rest(page, table)
        table.locator(".parlour-toolbar .widget-text input").first.evaluate(
            "(el) => el.scrollIntoView({block: 'center'})")
        deal_table(page, "000005")  # the same deal again: no hint shown
        expect(panel).to_have_count(0)
    return problems


def the_hint_opens_with_its_headline_and_more_shows_the_rest(page: Page, table: Locator) -> list[str]:
    """The open hint starts with one short sentence; its reasons stay hidden until More, pressed with the
    keyboard, shows them (and the button then reads Less). Once the layout of the hint has been measured."""
    headline = table.locator("[data-testid=hint-headline]")
    detail = table.locator(".parlour-hint-detail")
    more = table.locator("button.parlour-hint-more")
    try:
        expect(headline).to_have_text(HEADLINE, timeout=60_000)
        text = headline.inner_text()
        assert len(text) <= 120 and not re.search(r"[.!?]\s", text[:-1]), f"not one short sentence: {text!r}"
        expect(detail).to_be_hidden()
        expect(more).to_have_text(re.compile(r"More|Mais"))
        more.focus()
        page.keyboard.press("Enter")
        expect(detail).to_be_visible(timeout=30_000)
        expect(more).to_have_text(re.compile(r"Less|Menos"), timeout=30_000)
    except AssertionError as exc:
        return [f"the hint's headline and More: {exc}"]
    return [f"the page's errors by then: {page.errors}"] if page.errors else []


@pytest.mark.parametrize("lesson", PAGES)
def test_table_fits_its_hint_opens_under_the_button_and_refusals_stay_on_screen(lesson, voila_server, voila_page,
                                                                                 save_screenshot):
    """The three checks on one page of the lesson (a page load costs more than the checks): the hint on the
    page as it opens (default settings), with its headline and More, then the refusals and walkthroughs at
    420 px, then the deal with every setting changed at both sizes. Each check's problems are reported, not
    only the first's."""
    voila_page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    voila_page.goto(voila_server + f"voila/render/{lesson}")
    problems = [f"hint: {p}" for p in the_hint_opens_under_the_hint_button(voila_page, lesson, save_screenshot)]
    problems += [f"phone: {p}" for p in refusals_and_walkthroughs_stay_on_a_phone_screen(voila_page, lesson,
                                                                                          save_screenshot)]
    problems += [f"fits: {p}" for p in table_fits_and_nothing_overlaps(voila_page, lesson, save_screenshot)]
    assert not problems, "\n".join(problems)


def finished_game_link(game_id: str) -> str:
    """A review link to a finished game of ``game_id`` (its shortest match, every seat played by easy bots): the
    lesson's table replays it, so the page shows the end of a game without playing it in the browser."""
    cls = table_class(game_id)
    table = cls(seed=5, **SHORTEST.get(game_id, {}))
    game = table.game
    bots = {seat: Bot(game_id, "easy", seed=seat) for seat in range(table.players)}
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(bots[seat].choose(game.view(seat)), seat)
    return link_query(table.code, "easy", game_id, moves_code(game))


ENGLISH_GAMES = [p for p in PAGES if "/" not in p]


@pytest.mark.parametrize("lesson", ENGLISH_GAMES)
def test_a_finished_game_leaves_no_band_of_bare_cloth(lesson, voila_server, voila_page, save_screenshot):
    """The end of a game (the end panel, the final scores) sits on the cloth without a band of nothing: an
    empty row keeps its height while the game is played (nothing jumps), not once it is over."""
    page, name = voila_page, page_name(lesson)
    game_id = Path(lesson).stem
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    if engine.game_class(game_id).has_choices:  # a review link: the table it goes to replays a finished game
        page.goto(voila_server + f"voila/render/{lesson}?{finished_game_link(game_id)}")
        # the table that went to the end (a lesson may show practice tables before it); its review opens later
        table = page.locator(".parlour").filter(has=page.locator(".parlour-end:visible"))
    else:  # a game nobody chooses in (no review): its Finish button plays it to the end
        page.goto(voila_server + f"voila/render/{lesson}")
        table = deal_table(page, "000005")
        table.locator("button", has_text=re.compile(r"^\s*Finish\s*$")).click()
    end = table.locator(".parlour-end")
    expect(end).to_be_visible(timeout=180_000)
    problems: list[str] = []
    for width, height in SIZES:
        show_at(page, table, width, height)
        end.scroll_into_view_if_needed()
        settle(page, table)
        save_screenshot(page, f"layout-{name}-finished-{width}x{height}", full_page=False)
        bare = [band for band in table.evaluate(BARE_BANDS) if band["height"] > BARE_CLOTH]
        if bare:
            problems.append(f"at {width}×{height}, bands of bare cloth (px from the cloth's top): {bare}")
    assert not problems, "\n".join(problems)
