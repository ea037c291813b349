"""A real accessibility checker over every lesson and one table per game family, in Chromium (issue 38).

axe-core (npm, pinned in package.json; ``./run`` installs it with ``npm ci``) is injected into the page and
run at the WCAG A and AA rules; a violation at the "serious" or "critical" level fails the test, listed with
its rule, the elements it names and axe's own words.

- Every lesson page (the gallery, each game's lesson in English and Portuguese), once its table is drawn: the
  lesson's text and its table at rest; its first focusable control is the "Go to the table" link.
- One table per game family (tricks: Klaberjass, rummy: Rummy, counting: Jubilee, betting: Injun,
  patience: Relógio), its lesson opened by a review link of a deal still under way: the table mid-deal
  with the review of it open, then with a hint open, then (where a move is a card) after a move played
  from the keyboard. Chromium's accessibility tree (Playwright's aria snapshot) is read there too: the hand
  a labelled group of named cards, the status line and the log's news polite live regions.
- The card looks kept per browser (Klaberjass's table): the four-colour pack, after a reload too, large
  cards at 200% zoom (half the CSS pixels of a 1280×800 window), and forced colours.

The family lessons are checked as lesson pages by their family's test (one page load each: the suite's time).
Screenshots: test-artifacts/a11y-*.png. Every wait is for a state (a text, a role), never for a time.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from engine.hints import Bot
from engine.review_link import moves_code
from widgets.deal_link import link_query

from .table_page import open_lesson
from .test_table_layout import PAGES, table_class

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
#: the levels that fail a page (axe's "minor" and "moderate" are reported by axe but not failed here)
FAILING = ("serious", "critical")
YOUR_TURN = re.compile(r"Your turn|A sua vez")

#: one game per family, with the lesson it is played in
FAMILIES = {"tricks": "klaberjass", "rummy": "rummy", "counting": "jubilee", "betting": "injun",
            "patience": "relogio"}

_RUN_AXE = """async (rules) => {
  const result = await axe.run(document, {
    runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}, rules,
    resultTypes: ['violations'],
  });
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary, html: n.html.slice(0, 160)})),
  }));
}"""


def axe_violations(page: Page, table: Locator | None = None, forced_colours: bool = False) -> list[dict]:
    """axe-core's serious and critical violations on the page as it is now, ``table`` scrolled into the window
    first (axe judges some rules, such as a control's visible text, only on what is on the screen).

    ``forced_colours``: the page is in forced-colours mode, where the browser paints every text and background
    in the system's colours; axe reads the page's own colours from the styles (light text over a background the
    mode removed), so its contrast rule is left out there and every other rule runs.
    """
    if table is not None:
        table.locator(".parlour-table").first.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` in the repository's root (./run test does)", pytrace=False)
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    rules = {"color-contrast": {"enabled": False}} if forced_colours else {}
    return [v for v in page.evaluate(_RUN_AXE, rules) if v["impact"] in FAILING]


def report(where: str, violations: list[dict]) -> list[str]:
    """One line per element that fails a rule, saying where, which rule and what axe says to fix."""
    return [f"{where}: [{v['impact']}] {v['id']} ({v['help']}) at {n['target']}: {n['html']} -- "
            f"{n['summary']}" for v in violations for n in v["nodes"]]


def page_name(lesson: str) -> str:
    return lesson.removesuffix(".ipynb").replace("/", "-")


def lesson_at_its_top(page: Page, lesson: str) -> tuple[Locator, list[str]]:
    """The lesson's play table once drawn, and axe's findings on the page as it opens; its first control is the
    way to the table."""
    table = page.locator(".parlour.parlour-play-table").first
    expect(table.locator(".parlour-status")).not_to_be_empty(timeout=180_000)
    page.keyboard.press("Tab")
    expect(page.locator(".parlour-table-link:focus")).to_have_count(1)
    return table, report(f"{lesson} at its top", axe_violations(page))


OTHER_PAGES = ["index.ipynb", *[p for p in PAGES if p.removesuffix(".ipynb") not in FAMILIES.values()]]


@pytest.mark.parametrize("lesson", OTHER_PAGES)
def test_every_lesson_page_passes_axe_and_leads_with_the_table_link(lesson, voila_server, voila_page,
                                                                      save_screenshot):
    page = voila_page
    page.set_viewport_size({"width": 1280, "height": 800})
    open_lesson(page, voila_server + f"voila/render/{lesson}")
    if lesson == "index.ipynb":  # the gallery: no table
        problems = report(lesson, axe_violations(page))
    else:
        table, problems = lesson_at_its_top(page, lesson)
        problems += report(f"{lesson}, its table at rest", axe_violations(page, table))
    save_screenshot(page, f"a11y-{page_name(lesson)}", full_page=False)
    assert not problems, "\n".join(problems)


def mid_deal_link(game_id: str, moves: int = 6) -> tuple[str, list[str]]:
    """A review link to a deal of ``game_id`` under way, and the learner's hand then: easy bots in every seat
    play until at least ``moves`` moves are made and it is the learner's (seat 0's) turn again."""
    table = table_class(game_id)(seed=5)
    game = table.game
    bots = {seat: Bot(game_id, "easy", seed=seat) for seat in range(table.players)}
    made = 0
    while not (made >= moves and game.to_act()[0] == 0):
        seat = game.to_act()[0]
        game.apply(bots[seat].choose(game.view(seat)), seat)
        made += 1
        assert not game.is_over, f"{game_id}: the game ended before the learner's turn came back"
    return link_query(table.code, "easy", game_id, moves_code(game)), list(game.view(0).get("hand") or [])


#: A card's spoken name at a table: "King of spades, can play", "9 of hearts: You must follow suit: ...".
SPOKEN_CARD = re.compile(r'button "(Ace|King|Queen|Jack|10|[2-9]) of (spades|hearts|diamonds|clubs)'
                         r'(, selected)?(, can play|: [^"]+)"')
#: the families whose move is a card played from the hand (Enter plays it)
PLAYS_A_CARD = ("tricks", "counting")


#: The learner's card is in the log (one more "You play" than ``before``): the move reached the table.
_MOVED = """([root, before]) => {
  const log = root.querySelector('.parlour-log-scroll');
  return Boolean(log) && (log.innerText.match(/You play/g) || []).length > before;
}"""


def looks(table: Locator, **on: bool) -> None:
    """Tick the Settings panel's card looks (``four_colour``, ``large``) as ``on`` says, as a learner does."""
    toggle = table.locator(".parlour-toolbar .widget-toggle-button").first
    panel = table.locator(".parlour-settings")
    toggle.click()
    expect(panel).to_be_visible()
    for look, want in on.items():
        panel.locator(f"input[data-look={look}]").set_checked(want)
    toggle.click()
    expect(panel).to_be_hidden()


@pytest.mark.parametrize("family", list(FAMILIES))
def test_a_table_mid_deal_with_its_review_and_hint_open_passes_axe_and_speaks(family, voila_server, voila_page,
                                                                              save_screenshot):
    page, game_id = voila_page, FAMILIES[family]
    page.set_viewport_size({"width": 1280, "height": 800})
    link, hand_cards = mid_deal_link(game_id)
    open_lesson(page, voila_server + f"voila/render/{game_id}.ipynb?{link}")
    table, problems = lesson_at_its_top(page, f"{game_id}.ipynb")
    status = table.locator(".parlour-status")
    expect(status).to_contain_text(YOUR_TURN, timeout=180_000)
    expect(table.get_by_role("listbox", name="Your decisions")).to_be_visible()  # the review: a list a reader walks
    problems += report(f"{family} ({game_id}) mid-deal, review open", axe_violations(page, table))
    save_screenshot(page, f"a11y-{family}-review", full_page=False)
    table.locator("button.parlour-hint-button").click()
    hint = table.locator(".parlour-hint-live")
    expect(hint.locator("[data-testid=hint]")).to_be_visible(timeout=120_000)  # a patience's hint plays deals out
    problems += report(f"{family} ({game_id}) hint open", axe_violations(page, table))
    save_screenshot(page, f"a11y-{family}-hint", full_page=False)

    # what a screen reader hears: the status line, the log's news and the hint are polite live regions; the
    # hand a labelled group of cards, each named with whether it may be played or why not
    for region in (status, hint, table.locator(".parlour-log-news")):
        expect(region.locator("> .widget-html-content[aria-live=polite]")).to_have_count(1)
    assert re.search(r"- status: .*Your turn", status.aria_snapshot()), status.aria_snapshot()
    hand = table.locator(".parlour-row[aria-label^='Your hand']")
    if hand.count():
        spoken = hand.first.aria_snapshot()
        assert re.match(r"- '?toolbar \"Your hand", spoken), spoken  # YAML quotes a name with a colon
        assert SPOKEN_CARD.search(spoken), spoken
    table.locator("button.parlour-hint-button").press("Escape")  # on the table's Hint button, as a learner would
    expect(hint).to_be_hidden()  # Escape closed the hint (and the review)
    expect(table.get_by_role("listbox", name="Your decisions")).to_be_hidden()

    if family in PLAYS_A_CARD:  # a move from the keyboard: the live regions say what came of it
        news = table.locator(".parlour-log-news")
        mine = table.locator(".parlour-log-scroll").inner_text().count("You play")
        table.locator(".parlour-row--interactive .parlour-card--playable").first.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(_MOVED, arg=[table.element_handle(), mine], timeout=90_000)
        expect(news).to_contain_text(re.compile(r"\S"))
        assert re.search(r"^- status: \S", status.aria_snapshot()), status.aria_snapshot()
        expect(status).to_contain_text(YOUR_TURN, timeout=90_000)
        expect(page.locator("body:focus")).to_have_count(0)  # the focus stays on the table's controls
        problems += report(f"{family} ({game_id}) after a move", axe_violations(page, table))
    if family == "tricks":
        problems += the_card_looks(page, table, hand_cards, voila_server, game_id, save_screenshot)
    assert not problems, "\n".join(problems)


def the_card_looks(page: Page, table: Locator, hand_cards: list[str], server: str, game_id: str,
                   save_screenshot) -> list[str]:
    """The four-colour pack ticked in Settings draws clubs green, and is still on after a reload (the browser
    keeps it); large cards at 200% zoom and forced colours pass axe. Screenshots: a11y-look-*.png."""
    assert any(c.endswith("C") for c in hand_cards), f"the deal's hand has no club to look at: {hand_cards}"
    looks(table, four_colour=True)
    expect(page.locator("html.parlour-four-colour")).to_have_count(1)
    clubs = table.locator(".parlour-row .parlour-card[data-card$='C'] img")
    expect(clubs.and_(page.locator("img[src*='%231b7a35']"))).not_to_have_count(0)  # green
    expect(clubs.and_(page.locator("img[src*='%231b1b1f']"))).to_have_count(0)  # no black club left
    table.locator(".parlour-table").evaluate("(el) => el.scrollIntoView({block: 'start'})")
    save_screenshot(page, "a11y-look-four-colour", full_page=False)
    open_lesson(page, server + f"voila/render/{game_id}.ipynb")  # a new page: the browser kept the look
    table = page.locator(".parlour.parlour-play-table")
    expect(table.locator(".parlour-status")).to_contain_text(YOUR_TURN, timeout=180_000)
    expect(page.locator("html.parlour-four-colour")).to_have_count(1)
    looks(table, large=True)
    expect(page.locator("html.parlour-large-cards")).to_have_count(1)
    page.set_viewport_size({"width": 640, "height": 400})  # what 200% zoom leaves of a 1280×800 window
    problems = report("200% zoom, large four-colour cards", axe_violations(page, table))
    table.locator(".parlour-row[aria-label^='Your hand']").first.evaluate("(el) => el.scrollIntoView({block: 'end'})")
    save_screenshot(page, "a11y-look-200-zoom", full_page=False)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.emulate_media(forced_colors="active")
    problems += report("forced colours", axe_violations(page, table, forced_colours=True))
    save_screenshot(page, "a11y-look-forced-colours", full_page=False)
    page.emulate_media(forced_colors="none")
    looks(table, four_colour=False, large=False)
    expect(page.locator("html.parlour-four-colour, html.parlour-large-cards")).to_have_count(0)
    return problems
