"""Issue 13, item 5 ("Nothing lost"): a game survives a reload and a server restart.

The learner plays a few cards of Jubilee; the server is killed mid-game (its kernels with it) and a
new one started on the same port; the reloaded page offers the game kept in the browser, and
"Resume your game" puts back the same hand, count, scores, log and turn. A plain reload does too.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.conftest import VOILA_START_TIMEOUT, VOILA_STATIC_PROBE, start_voila, stop_server, wait_for_url

from .table_page import button, deal_table, open_lesson

# slow: two Voilà servers of its own, one killed (./run test --full and CI run it)
pytestmark = [pytest.mark.browser, pytest.mark.slow]

DEAL_CODE = "3-000005"  # three players; you deal, so the two bots play first (as in test_jubilee_app)


def position(table: Locator) -> dict[str, object]:
    """What the learner sees of the game: the hand, the count, the scores, the log and whose turn."""
    return {
        "hand": table.locator(".parlour-row [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)"),
        "count": table.locator("[data-testid=count]").inner_text(),
        "scores": table.locator(".parlour-side .parlour-panel").first.inner_text(),
        "log": table.locator(".parlour-log-scroll").inner_text(),
        "turn": "Your turn" in table.locator(".parlour-status").inner_text(),
    }


def settled_position(table: Locator, expected: dict[str, object] | None = None,
                     timeout: float = 30) -> dict[str, object]:
    """The position once the page has finished drawing it.

    A table's log is a box of rows; the browser creates each row's view on its own, so a reading taken
    just after an update can miss rows in the middle (CI once read a resumed log two rows short). With
    ``expected``, wait until the page shows exactly that; without, until two readings 300 ms apart agree.
    """
    deadline = time.monotonic() + timeout
    last = position(table)
    while True:
        table.page.wait_for_timeout(300)
        now = position(table)
        if (now == expected) if expected is not None else (now == last):
            return now
        if time.monotonic() > deadline:
            return now  # the caller's assertion shows the difference
        last = now


def kept_position(page: Page, state: Path) -> tuple[int, bool] | None:
    """What the browser keeps: (your moves in it, whether it is your turn there), None if nothing."""
    from widgets.autosave import read_table_save

    texts = page.evaluate("""() => Object.keys(localStorage).filter(key => key.startsWith("parlour:autosave:"))
                                     .map(key => localStorage.getItem(key))""")
    if len(texts) != 1:
        return None
    game = server_game(read_table_save(texts[0]).game_json, state)
    return sum(seat == 0 for seat, _ in game.history), game.to_act() == [0]


def server_game(save: str, state: Path):
    """The game of a save the server wrote, checked with the key it signs saves with (its own, kept in
    its state directory ``state``: widgets.server.save_key.ensure_save_key reads the same file the server does)."""
    import os

    import engine
    from engine.protocol import SAVE_KEY_ENV
    from widgets.server.save_key import ensure_save_key

    before = os.environ.get(SAVE_KEY_ENV)
    ensure_save_key(state)
    try:
        return engine.load_game(save)
    finally:
        if before is None:
            os.environ.pop(SAVE_KEY_ENV, None)


def play_cards(page: Page, table: Locator, cards: int, state: Path) -> None:
    """Click ``cards`` playable cards, each time waiting for the bots to answer, and then until the
    browser keeps that very position (your turn, after every card played)."""
    status = table.locator(".parlour-status")
    expect(status).to_contain_text("Your turn", timeout=60_000)
    kept = kept_position(page, state)
    played = (kept[0] if kept else 0) + cards  # an untouched deal is not kept
    for _ in range(cards):
        expect(status).to_contain_text("Your turn", timeout=60_000)
        table.locator(".parlour-card--playable").first.click()
        expect(status).not_to_contain_text("Your turn", timeout=30_000)
    expect(status).to_contain_text("Your turn", timeout=60_000)
    deadline = time.monotonic() + 30
    while kept_position(page, state) != (played, True):
        assert time.monotonic() < deadline, f"the browser keeps {kept_position(page, state)}, not {(played, True)}"
        page.wait_for_timeout(100)


def resume(page: Page, save_screenshot=None) -> Locator:
    """Reload the page: the offer appears above the table; press Resume."""
    page.reload()
    expect(page.locator("#loading")).to_have_count(0, timeout=180_000)
    assert "Traceback" not in page.locator("#rendered_cells").inner_text()
    table = page.locator(".parlour").first
    offer = table.locator(".parlour-resume")
    expect(offer).to_be_visible(timeout=60_000)
    offered = re.compile(rf"not finished \(deal {re.escape(DEAL_CODE)}, .*your turn\)\. Resume it\?")
    expect(offer).to_contain_text(offered)
    if save_screenshot is not None:
        offer.scroll_into_view_if_needed()
        save_screenshot(page, "resume-1280x800", full_page=False)
        page.set_viewport_size({"width": 420, "height": 900})
        offer.scroll_into_view_if_needed()
        save_screenshot(page, "resume-420x900", full_page=False)
        width = offer.evaluate("el => el.getBoundingClientRect().right")
        assert width <= 420, f"the offer overflows a phone's screen ({width}px)"
        page.set_viewport_size({"width": 1280, "height": 800})
    button(offer, "Resume your game").click()
    expect(offer).to_be_hidden(timeout=30_000)
    expect(table.locator(".parlour-status")).to_contain_text("Your game is back", timeout=30_000)
    return table


def test_a_game_survives_a_killed_server_and_a_reload(voila_page, save_screenshot, free_port, tmp_path):
    page = voila_page
    page.set_viewport_size({"width": 1280, "height": 800})
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    log = tmp_path / "voila.log"
    state = tmp_path / "state"
    servers = [start_voila(port, log, state)]
    try:
        wait_for_url(base + VOILA_STATIC_PROBE, VOILA_START_TIMEOUT, servers[-1])
        open_lesson(page, base + "voila/render/jubilee.ipynb")
        table = deal_table(page, DEAL_CODE)
        play_cards(page, table, 2, state)
        before = settled_position(table)
        assert before["turn"] and "You play" in str(before["log"])

        stop_server(servers[-1], crash=True)
        expect(page.locator("#parlour-connection-lost")).to_be_visible(timeout=30_000)
        servers.append(start_voila(port, log, state))  # the same save key
        wait_for_url(base + VOILA_STATIC_PROBE, VOILA_START_TIMEOUT, servers[-1])

        table = resume(page, save_screenshot)
        assert settled_position(table, before) == before

        # the game goes on from there, and a plain reload (same server) resumes it again
        play_cards(page, table, 1, state)
        before = settled_position(table)
        table = resume(page)
        assert settled_position(table, before) == before

        # a save damaged in the browser is dropped with one line, and the table deals as usual
        page.evaluate("""() => Object.keys(localStorage).filter(key => key.startsWith("parlour:autosave:"))
                                 .forEach(key => localStorage.setItem(key, "{half a save"))""")
        page.reload()
        expect(page.locator("#loading")).to_have_count(0, timeout=180_000)
        table = page.locator(".parlour").first
        notice = table.locator(".parlour-save-notice")
        expect(notice).to_contain_text(re.compile("could not be resumed: .*It was dropped"), timeout=60_000)
        expect(table.locator(".parlour-resume")).to_be_hidden()
        expect(table.locator(".parlour-status")).to_contain_text(re.compile("Your turn|thinking"))
        assert "Traceback" not in page.locator("#rendered_cells").inner_text()
        assert not [e for e in page.errors if "autosave" in e.lower()], page.errors
    finally:
        for proc in servers:
            stop_server(proc)
