"""The static site (issue 23) in Chromium: built by deploy/site/build.py, served by a plain static server.

Opens Rummy from the gallery's link with a deal link (?deal=…&level=…), draws from the stock (a face-down
card: its click reaches Python in the browser as Pyodide's jsnull), discards, asks for a Hint, copies the
deal's link and follows it; screenshots at 1280×800 and 420×900. Plays Jubilee, reloads and resumes the
same position, and checks that the English and the Portuguese lesson keep separate saves (JupyterLite's
REPL is one page for every lesson: the browser's key is the lesson it names). A second visit, from a host
that sends cache headers, downloads nothing. The kernel's worker starts with the page, before the app has
booted, and the page loads each widget module once. The build's downloads are cached
(.cache/site or $PARLOUR_SITE_CACHE), so after the first run the build needs no network; without a
cache and without PyPI and npm the test is skipped, saying so.
"""

from __future__ import annotations

import functools
import http.server
import re
import threading
import time
import urllib.request
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Locator, Page, expect

from deploy.site import build as site_build
from deploy.site.static_host import StaticHost, serve
from tests.conftest import record_errors

from .table_page import COUNT_SCRIPT_BLOBS, assert_each_module_loaded_once, button
from .test_resume import settled_position

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DEAL = "2-000001"  # two players; Ada deals, so you draw first
FIRST_VISIT_BUDGET = 8 * 2**20  # issue 23: a first visit downloads at most 8 MB, compressed
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


@pytest.fixture
def site_page(page, request, save_screenshot):
    """A page for the site: generous timeouts, errors recorded, a shot on failure. (Not conftest's voila_page,
    whose teardown waits up to 15 s for each tab to close and free a Voilà kernel: JupyterLite's page asks
    before it unloads, and the site has no kernel on any server.)"""
    record_errors(page)
    yield page
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        try:
            save_screenshot(page, f"FAILED-{request.node.name}")
        except Exception:  # the page may be gone; the failure itself matters more
            pass
        print("\n".join(page.errors))


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


def test_a_lesson_plays_on_the_static_site(site_url, site_page, save_screenshot):
    page = site_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_url)
    link = page.locator('.parlour-game[data-game="rummy"] a.parlour-play[href="lessons/rummy.html"]')
    expect(link).to_be_visible()
    expect(page.locator('a[href="lessons/pt/jubileu.html"]')).to_be_visible()
    page.goto(site_url + f"lessons/rummy.html?deal={DEAL}&level=medium")  # a deal link, as a teacher shares it

    table = page.locator(".parlour").first
    expect(table).to_be_visible(timeout=180_000)  # Pyodide, the wheels and the lesson's cells, all in the tab
    expect(table.locator(".parlour-toolbar .widget-text input").first).to_have_value(DEAL)
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
    expect(table.locator("[data-testid=hint-headline]")).to_have_text(  # the move as its control reads, its fact
        re.compile(r"^(Draw from the stock|Take the .+ from the discard pile): "), timeout=60_000)
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
    expect(again.locator(".parlour-toolbar .widget-text input").first).to_have_value(DEAL)
    expect(again.locator(".parlour-status")).to_contain_text("Draw: click the stock", timeout=60_000)
    assert not [e for e in page.errors if "pageerror" in e], page.errors


SAVES = """() => Object.fromEntries(Object.keys(localStorage).filter(key => key.startsWith("parlour:autosave:"))
                                    .map(key => [key.split(":").pop(), localStorage.getItem(key)]))"""
JUBILEE = "jubilee.ipynb#jubilee/0"  # the browser's key of a table: its lesson and its slot on the page
ENGLISH, PORTUGUESE = "jubileu.ipynb#jubileu/0", "pt/jubileu.ipynb#jubileu/0"  # the same game, two lessons
PASSABLE = "4-000001"  # Jubileu: your hand holds no Ace, so you may pass (engine.new_game("jubileu", seed="000001"))


def saves(page: Page) -> dict[str, str]:
    """What the browser keeps: each lesson's table (``ENGLISH``…) and its save's text."""
    return page.evaluate(SAVES)


def kept(page: Page, key: str) -> tuple[int, bool] | None:
    """The game the browser keeps under ``key``: (your moves in it, whether it is your turn), None if none."""
    import engine
    from widgets.autosave import read_table_save

    text = saves(page).get(key)
    if text is None:
        return None
    game = engine.load_game(read_table_save(text).game_json)
    return sum(seat == 0 for seat, _ in game.history), game.to_act() == [0]


def play_cards(page: Page, table: Locator, key: str, cards: int) -> None:
    """Play ``cards`` cards, each once the browser keeps the position before it at your turn (the bots have
    answered: the table saves after every change), and wait until it keeps the last one."""
    for _ in range(cards):
        moves = (kept(page, key) or (0, True))[0]
        card = table.locator(".parlour-card--playable").first
        expect(card).to_be_visible(timeout=120_000)
        card.click()
        deadline = time.monotonic() + 120
        while kept(page, key) != (moves + 1, True):
            assert time.monotonic() < deadline, f"the browser keeps {kept(page, key)}, not {(moves + 1, True)}"
            page.wait_for_timeout(200)


def site_table(page: Page) -> Locator:
    table = page.locator(".parlour").first
    expect(table).to_be_visible(timeout=180_000)
    return table


def resume_offered(page: Page, resume: str) -> Locator:
    """After a (re)load: the table offers the kept game; press ``resume`` (the button's words)."""
    table = site_table(page)
    offer = table.locator(".parlour-resume")
    expect(offer).to_be_visible(timeout=120_000)
    button(offer, resume).click()
    expect(offer).to_be_hidden(timeout=30_000)
    return table


def pass_in_the_auction(page: Page, key: str, word: str) -> str:
    """Jubileu: at your first turn of the auction, pass (``word``: the button's caption); the save then kept."""
    table = site_table(page)
    pass_button = button(table, word)
    expect(pass_button).to_be_enabled(timeout=120_000)
    pass_button.click()
    deadline = time.monotonic() + 60
    while key not in saves(page):
        assert time.monotonic() < deadline, f"the browser keeps {sorted(saves(page))}, not {key}"
        page.wait_for_timeout(200)
    return saves(page)[key]


def test_autosave_resumes_on_the_site(site_url, site_page, save_screenshot):
    page = site_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_url + "lessons/jubilee.html")
    play_cards(page, site_table(page), JUBILEE, 2)
    table = site_table(page)
    before = settled_position(table)
    assert before["turn"] and "You play" in str(before["log"])

    page.reload()  # the REPL runs the lesson again; the browser kept the game
    table = resume_offered(page, "Resume your game")
    expect(table.locator(".parlour-status")).to_contain_text("Your game is back", timeout=30_000)
    assert settled_position(table, before) == before
    table.scroll_into_view_if_needed()
    save_screenshot(page, "site-resume-1280x800", full_page=False)
    assert not [e for e in page.errors if "pageerror" in e], page.errors


def test_english_and_portuguese_jubileu_keep_separate_saves(site_url, site_page):
    """Every lesson of the site is one page, JupyterLite's REPL: the browser's key is the lesson the address
    names, so Jubileu in English and in Portuguese (the same game, the same slot) keep a game each."""
    import engine

    hand = engine.new_game("jubileu", players=4, seed=PASSABLE.split("-")[1]).view(0)["hand"]
    assert not [c for c in hand if c.startswith("A")], f"deal {PASSABLE} gives you Aces: {hand}"
    page = site_page
    # A dealt hand you may pass with (no Aces: three would oblige you to bid); a new deal is random.
    page.goto(site_url + f"lessons/jubileu.html?deal={PASSABLE}")
    english = pass_in_the_auction(page, ENGLISH, "Pass")
    page.goto(site_url + f"lessons/pt/jubileu.html?deal={PASSABLE}")
    portuguese = pass_in_the_auction(page, PORTUGUESE, "Passo")
    assert set(saves(page)) == {ENGLISH, PORTUGUESE} and saves(page)[ENGLISH] == english != portuguese

    page.goto(site_url + "lessons/pt/jubileu.html")  # each lesson offers its own game back, in its own language
    resume_offered(page, "Retomar a sua partida")
    page.goto(site_url + "lessons/jubileu.html")
    resume_offered(page, "Resume your game")
    assert not [e for e in page.errors if "pageerror" in e], page.errors

SITE_PUZZLES = "3-000011/10"  # Jubilee, three players, one deal: two planted mistakes that make puzzles


def test_puzzles_are_kept_on_the_static_site(site_url, site_page, save_screenshot):
    """Issue 37 on the site (no server: Python in the tab, the puzzles in localStorage): a Jubilee deal with planted
    mistakes makes puzzles under the lesson's table (on the tab's event loop, after the drawing); one failed, one
    solved, on the table as it was; after a reload the schedules, the due count and My progress are the same."""
    from .test_puzzles import fail_one_solve_one, lesson_due, panel, planted_deal, table_label, the_same_after_a_reload
    from .test_review import play as play_jubilee

    moves, found = planted_deal("jubilee", SITE_PUZZLES)
    page = site_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_url + f"lessons/jubilee.html?deal={SITE_PUZZLES}&level=medium")
    play_jubilee(page, site_table(page), list(moves))
    lesson_due(page, len(found), timeout=240_000)
    before, progress = fail_one_solve_one(page, panel(page), list(found), table_label, save_screenshot, "site")
    assert "Jubilee" in progress and "accuracy" in progress, progress

    page.reload()  # the REPL runs the lesson again; the browser kept the puzzles
    site_table(page)
    the_same_after_a_reload(page, before, progress)
    assert not [e for e in page.errors if "pageerror" in e], page.errors  # as every site test: no uncaught error
    # nor a widget that started too slowly for anywidget and lost Python's messages, logged or uncaught (it was
    # both: widgets/static/shared_modules.js gives anywidget's start more time)
    assert not [e for e in page.errors if "Failed to initialize model" in e], page.errors


def test_a_second_visit_downloads_nothing(site, browser):
    """A host that sends cache headers and the precompressed files (deploy/site/static_host.py, as the README
    asks): a first visit stays within issue 23's 8 MB, and the second visit of a lesson is served from the
    browser's cache with not one byte sent (the site registers no service worker)."""
    server, base = serve(site)
    context = browser.new_context(viewport={"width": 1280, "height": 800})  # no routes: they turn caching off
    try:
        sent = []
        for _ in range(2):
            page = context.new_page()
            before = StaticHost.sent
            page.goto(base + f"lessons/rummy.html?deal={DEAL}&level=easy")
            expect(page.locator(".parlour .parlour-card--playable").first).to_be_visible(timeout=180_000)
            page.wait_for_timeout(1000)  # anything the page still asks for after the table shows
            sent.append(StaticHost.sent - before)
            page.close()
        assert sent[0] > 2_000_000, sent  # the first visit downloads Python, its wheels and the app
        assert sent[0] <= FIRST_VISIT_BUDGET, f"a first visit downloaded {sent[0] / 2**20:.2f} MB (brotli)"
        assert sent[1] == 0, f"a second visit downloaded {sent[1]} bytes"
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def test_pythons_start_overlaps_the_apps_boot(site_url, site_page):
    """The REPL's page starts the kernel's worker first thing (deploy/site/kernel_prestart.js): Pyodide is
    asked for before the app has booted and connected to its kernel, the kernel adopts that worker (one
    Pyodide, not two), and the lesson plays. And the page loads each widget module once, not once per
    card row (widgets/static/shared_modules.js, run before the app as on Voilà's pages)."""
    page = site_page
    page.add_init_script(COUNT_SCRIPT_BLOBS)
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url.split("?")[0].rsplit("/", 1)[-1]))
    page.on("console", lambda message: message.text.startswith("Starting WebSocket") and seen.append("kernel"))
    page.goto(site_url + f"lessons/rummy.html?deal={DEAL}&level=easy")
    expect(page.locator(".parlour .parlour-card--playable").first).to_be_visible(timeout=180_000)
    assert page.evaluate("() => globalThis.parlourPrestart.state") == "adopted"
    assert seen.count("pyodide.asm.wasm") == 1, seen
    assert "kernel" in seen and seen.index("pyodide.asm.wasm") < seen.index("kernel"), seen
    worker = next(name for name in seen if name.startswith("comlink.worker."))
    assert seen.index(worker) < seen.index(next(name for name in seen if name.startswith("jlab_core."))), seen
    assert_each_module_loaded_once(page)
    assert not [e for e in page.errors if "pageerror" in e], page.errors


#: Pyodide started as the kernel's worker starts it (the site's lock, its preloaded packages, the kernel's
#: imports), then a lesson's imports: the modules Python compiled from source on the way (frozen ones aside)
COMPILED_AT_RUNTIME = """
import { pathToFileURL } from "node:url";
const dir = process.argv[1];
const { loadPyodide } = await import(pathToFileURL(`${dir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${dir}/` });
await pyodide.loadPackage(JSON.parse(process.argv[2]), { messageCallback: () => {} });
pyodide.runPython("import piplite.piplite, pyodide_kernel");
pyodide.runPython("import parlour_site, engine, widgets.table, widgets.games.rummy_lesson");
console.log(pyodide.runPython(`
import json, sys
json.dumps({"from source": sorted(name for name, module in list(sys.modules.items())
                                  if (getattr(module, "__file__", None) or "").endswith(".py")
                                  and getattr(module.__spec__, "origin", None) != "frozen"),
            "terminal": sorted(n for n in sys.modules if n.startswith(("prompt_toolkit", "IPython.terminal.embed")))})
`));
"""


def test_a_visit_compiles_no_module_from_source_nor_imports_a_terminal(site):
    """Every module the kernel's start and a lesson import is bytecode already (deploy/site/precompile.py),
    Pyodide's own package loader's included: a module compiled in the browser costs every visit its time.
    And IPython's terminal (prompt_toolkit) is neither loaded nor imported (build.py's lazy_ipython_terminal)."""
    import json
    import subprocess

    out = subprocess.run(["node", "--input-type=module", "-e", COMPILED_AT_RUNTIME, "--",
                          str(site / "static" / "pyodide"), json.dumps(site_build.PRELOAD)],
                         capture_output=True, text=True, timeout=300, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == {"from source": [], "terminal": []}
