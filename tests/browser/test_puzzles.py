"""Puzzles from your own mistakes in Chromium (issue 37), in Voilà: a Jubilee and a Jabberwocky deal played with
planted mistakes (seeded deal codes; the moves are the ones the hint scores lowest, found by playing the same
deals in Python, where the review rates them mistakes that make puzzles), then the gallery's puzzles: one failed,
one solved; after a reload the schedule (the due count, the failed list) and My progress are the same.
Screenshots of the puzzle panel at 1280×800 and 420×900 in test-artifacts/puzzles-*.png.

The static site's run of the same is in test_site.py, which builds the site once for its module.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from functools import cache
from typing import Any, Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from engine.hints import hint_for_view
from engine.cards import parse_card
from widgets.games.jabberwocky_table import JabberwockyTable
from widgets.games.jubilee_table import JubileeTable
from widgets.puzzle_store import Store, read_store
from widgets.puzzles import harvest, move_label
from widgets.records.record import deal_bounds

from .table_page import button, deal_table, open_lesson
from .test_review import play as play_jubilee

pytestmark = pytest.mark.browser

JUBILEE = "3-000002/10"  # three players, one deal: the 6♣ played where the 2♠ was clearly better
JABBERWOCKY = "4-000005"  # four players; round 1: bidding 3 where 1 was clearly better
STORE_KEY = "parlour:puzzles:v1"


def planted_move(game: Any) -> str:
    """Seat 0's planted move: the one the hint scores lowest (the only one when there is no choice)."""
    view = game.view(0)
    hint = hint_for_view(view) if len(view["legal"]) > 1 else None
    if hint is None or not hint.alternatives:
        return str(view["legal"][0])
    return min(hint.alternatives, key=lambda a: a.score).action


@cache
def planted_deal(kind: str, code: str) -> tuple[tuple[str, ...], tuple[dict[str, Any], ...]]:
    """Your moves in the first deal of ``code`` (the lowest-scored each time), played in Python with the lesson's
    bots (``kind``: jubilee or jabberwocky), and the puzzles that deal makes (as the page makes them, from the same
    review)."""
    cls, players = (JubileeTable, 3) if kind == "jubilee" else (JabberwockyTable, 4)
    table = cls(players=players, level="medium", bot_delay=0)
    assert table.deal_from_code(code)
    table.run_bots()
    deal = table.game.progress()["deal"]
    moves = []
    while not table.game.is_over and table.game.progress()["deal"] == deal:
        assert table.game.current_player == 0
        moves.append(planted_move(table.game))
        assert table.act(moves[-1])
    game = table.game
    start, stop = deal_bounds(game)[deal]
    found, _replays, _record = harvest(type(game), game.setup_args(), list(game.history), 0, start, stop, None)
    assert found, f"{code}: the planted moves make no puzzle"
    return tuple(moves), tuple(found)


def kept_store(page: Page) -> Store:
    text = page.evaluate(f"() => localStorage.getItem({STORE_KEY!r})")
    store, problem = read_store(text)
    assert problem is None, problem
    return store


def due_words(store: Store, game_id: str | None = None) -> re.Pattern[str]:
    """The due line the panel may show now: the count now, or a few seconds on (a failed puzzle is due again in
    minutes, so the count may grow while the page reloads)."""
    now = datetime.now(timezone.utc)
    counts = {len(store.due(now + timedelta(seconds=s), game_id)) for s in (0, 60)}
    return re.compile(rf"^Puzzles due: ({'|'.join(map(str, sorted(counts)))})")


def panel(page: Page) -> Locator:
    return page.locator(".parlour-puzzles").filter(visible=True).first


def play_jabberwocky(page: Page, table: Locator, moves: tuple[str, ...]) -> None:
    """Bid, then play each card once it may be played (each after your move before it is in the log)."""
    log = table.locator(".parlour-log-row")
    for done, move in enumerate(moves):
        verb, what = move.split()
        if verb == "bid":
            bid = table.locator(".jw-bids button", has_text=re.compile(rf"^{what}$"))
            expect(bid).to_be_enabled(timeout=60_000)
            bid.click()
            expect(log.filter(has_text=re.compile(rf"You bid {what}\."))).to_have_count(1, timeout=30_000)
        else:
            card = table.locator(f".parlour-card--playable[data-card='{what}']").first
            expect(card).to_be_visible(timeout=60_000)
            card.click()
            expect(log.filter(has_text=re.compile(r"You play \S+\."))).to_have_count(done, timeout=30_000)


def due_line(box: Locator) -> Locator:
    return box.locator(".parlour-buttons .widget-html").first


def lesson_due(page: Page, count: int, timeout: float = 120_000) -> None:
    """The lesson's puzzle row says ``count`` due, once the finished deal's puzzles are made (in the background)."""
    expect(due_line(panel(page))).to_have_text(f"Puzzles due: {count}", timeout=timeout)


def table_label(move: str) -> str:
    """A card played, as a lesson's table names it while a puzzle is on it: "play 6♣"."""
    return f"play {parse_card(move.split()[1]).symbol}"


def asked_how(p: dict[str, Any]) -> tuple[str, str, str]:
    """A puzzle by what it asks (its id hashes the whole view, the players' names with it)."""
    return p["game"], p["played"], p["answer"]


#: The buttons shown whose caption does not fit in them (a row that does not wrap squeezes them: "Solve d…").
CUT_SHORT = "buttons => buttons.filter(b => b.offsetParent && b.scrollWidth > b.clientWidth + 1).map(b => b.innerText)"


def shots(page: Page, box: Locator, save_screenshot: Callable[..., Any], name: str) -> None:
    """The puzzle panel in a 1280×800 and a 420×900 window (test-artifacts/puzzles-<name>-*.png)."""
    for width, height in ((1280, 800), (420, 900)):
        page.set_viewport_size({"width": width, "height": height})
        box.scroll_into_view_if_needed()
        save_screenshot(page, f"puzzles-{name}-{width}x{height}", full_page=False)
        cut = box.locator("button").evaluate_all(CUT_SHORT)
        assert not cut, f"{width}x{height}: buttons cut short (their rows do not wrap): {cut}"
    page.set_viewport_size({"width": 1280, "height": 800})


def fail_one_solve_one(page: Page, box: Locator, found: list[dict[str, Any]], label: Callable[[str], str],
                       save_screenshot: Callable[..., Any], name: str) -> tuple[Store, str]:
    """A session of the due puzzles (``found``, as Python made them; ``label``: a move's button): the first failed
    (the move played, then another wrong one), the next solved at the first try. Returns the store the browser
    keeps then, and My progress as shown."""
    button(box, "Solve due puzzles").click()
    question = box.locator(".parlour-puzzle > .widget-html").first  # the question, the position, the verdict…
    verdict = box.locator(".parlour-puzzle > .widget-html").nth(2)

    def asked(among: list[dict[str, Any]]) -> dict[str, Any]:
        """The puzzle of ``among`` on screen, once its question, its moves and its empty verdict have all come
        (the question names the move as a sentence does, "Play 6♣", a lesson's button as the table does)."""
        said = {f"you chose “{label(p['played']).lower()}” here": p for p in among}
        expect(question).to_contain_text(re.compile("|".join(map(re.escape, said)), re.IGNORECASE), timeout=30_000)
        expect(verdict).to_have_text("", timeout=30_000)  # set after the moves' buttons
        text = question.inner_text().lower()
        return next(p for words, p in said.items() if words in text
                    and ("jubilee" if p["game"] == "jubilee" else "jabberwocky") in text)

    first = asked(found)
    shots(page, box, save_screenshot, f"{name}-question")
    others = [m for m in first["moves"] if m not in (first["answer"], first["played"])]
    button(box, label(first["played"])).click()
    expect(verdict).to_contain_text("One more try.", timeout=30_000)
    button(box, label(others[0])).click()
    expect(verdict).to_contain_text(f"The answer: {label(first['answer'])}.", timeout=30_000)
    button(box, "More").click()
    expect(box.locator(".parlour-puzzle")).to_contain_text(f"Against {label(first['answer'])}:", timeout=30_000)
    shots(page, box, save_screenshot, f"{name}-answer")

    button(box, "Next").click()
    second = asked([p for p in found if p is not first])
    button(box, label(second["answer"])).click()
    expect(verdict).to_contain_text(f"Yes: {label(second['answer'])} is the best move.", timeout=30_000)
    button(box, "Stop").click()
    expect(button(box, "Replay all my failed puzzles")).to_be_visible(timeout=30_000)

    kept = kept_store(page)
    assert {asked_how(e.puzzle): e.last for e in kept.entries.values()} == {
        **{asked_how(p): None for p in found}, asked_how(first): "failed", asked_how(second): "solved"}
    button(box, "My progress").click()
    progress = box.locator(":scope > .widget-html").nth(1)  # after the panel's style
    expect(progress).to_contain_text("puzzles solved: 1", timeout=30_000)
    return kept, progress.inner_text()


def the_same_after_a_reload(page: Page, before: Store, progress: str) -> None:
    """After the page is loaded again: the same schedules kept, the due count and the failed list from them, and
    My progress as it was."""
    box = panel(page)
    expect(due_line(box)).to_have_text(re.compile(r"^Puzzles due: "), timeout=180_000)  # the browser's store heard
    after = kept_store(page)
    assert {k: (e.schedule, e.last) for k, e in after.entries.items()} == {
        k: (e.schedule, e.last) for k, e in before.entries.items()}, "the schedules survive"
    expect(due_line(box)).to_have_text(due_words(after), timeout=60_000)
    expect(button(box, "Replay all my failed puzzles")).to_be_visible(timeout=60_000)
    button(box, "My progress").click()
    expect(box.locator(":scope > .widget-html").nth(1)).to_have_text(progress, use_inner_text=True, timeout=30_000)


def test_mistakes_become_puzzles_that_survive_a_reload(voila_server, voila_page, save_screenshot):
    jubilee_moves, jubilee_puzzles = planted_deal("jubilee", JUBILEE)
    jabber_moves, jabber_puzzles = planted_deal("jabberwocky", JABBERWOCKY)
    page = voila_page
    page.set_viewport_size({"width": 1280, "height": 800})

    open_lesson(page, voila_server + "voila/render/jubilee.ipynb")
    play_jubilee(page, deal_table(page, JUBILEE), list(jubilee_moves))
    lesson_due(page, len(jubilee_puzzles))

    open_lesson(page, voila_server + "voila/render/jabberwocky.ipynb")
    table = deal_table(page, JABBERWOCKY)
    expect(table.locator(".parlour-status")).to_contain_text("How many tricks will you take?", timeout=60_000)
    play_jabberwocky(page, table, jabber_moves)
    lesson_due(page, len(jabber_puzzles))  # this lesson counts its own game's puzzles only

    # the gallery: every game's puzzles, one session
    open_lesson(page, voila_server + "voila/render/index.ipynb")
    box = panel(page)
    found = [*jubilee_puzzles, *jabber_puzzles]
    expect(due_line(box)).to_have_text(f"Puzzles due: {len(found)}", timeout=60_000)
    before, progress = fail_one_solve_one(page, box, found, move_label, save_screenshot, "gallery")
    assert "Jubilee" in progress and "Jabberwocky" in progress and "accuracy" in progress, progress

    page.reload()
    expect(page.locator("#loading")).to_have_count(0, timeout=180_000)
    the_same_after_a_reload(page, before, progress)
