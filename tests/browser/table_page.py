"""What every game's browser test does first: open its lesson, and put a teacher's deal on the table."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, TimeoutError as PlaywrightTimeout, expect

#: An init script (``context.add_init_script``: before the page's own scripts) that notes each blob: URL
#: made for a script, with the script's size: anywidget imports a widget's module from one, so the list
#: says how many times a module was loaded (widgets/static/shared_modules.js makes it once each).
COUNT_SCRIPT_BLOBS = """
const made = [];
const native = URL.createObjectURL.bind(URL);
URL.createObjectURL = (object) => {
  if (object instanceof Blob && object.type === "text/javascript") made.push(object.size);
  return native(object);
};
window.parlourScriptBlobs = made;
"""


def assert_each_module_loaded_once(page: Page) -> None:
    """The page (opened with :data:`COUNT_SCRIPT_BLOBS`) loaded each widget module once, not once per widget."""
    sizes = page.evaluate("() => window.parlourScriptBlobs")
    assert sizes, "no widget module was loaded from a blob: the count cannot tell"
    assert len(sizes) == len(set(sizes)), f"a widget module was loaded more than once: sizes {sorted(sizes)}"


def open_from_gallery(page: Page, server: str, game_id: str) -> Page:
    """Follow the gallery's link to a lesson; returns the page it opened in (a new tab in Voilà)."""
    page.goto(server + "voila/render/index.ipynb")
    link = page.locator(f'.parlour-game[data-game="{game_id}"] a[href="{game_id}.ipynb"]')
    if link.get_attribute("target") == "_blank":  # rendered Markdown links open a new tab
        with page.context.expect_page() as opened:
            link.click()
        page = opened.value
        page.set_default_timeout(60_000)
    else:
        link.click()
    page.wait_for_url(f"**/voila/render/{game_id}.ipynb", wait_until="commit")
    return page


def open_lesson(page: Page, url: str) -> str:
    """Load a lesson in Voilà, wait until every cell has run, fail on a cell that raised; its text."""
    page.goto(url)
    expect(page.locator("#loading")).to_have_count(0, timeout=180_000)
    text = page.locator("#rendered_cells").inner_text()
    assert "Traceback" not in text and "There was an error when executing cell" not in text, text[-2000:]
    return text


def deal_table(page: Page, code: str) -> Locator:
    """The lesson's first table, once it has dealt ``code`` and every word of that deal has reached the page:
    the same cards (and seeded bots) every run.

    The box shows the code at once (the typed text can match it), but the deal's status line and log come a
    moment later: until then the table still says "Your turn" from the deal before, and a click can land on
    it. So the Settings panel is opened and closed as well: the kernel answers each click only after
    everything it sent before it.
    """
    table = page.locator(".parlour").first
    expect(table).to_be_visible(timeout=180_000)
    box = table.locator(".parlour-toolbar .widget-text input").first
    box.fill(code)
    box.press("Enter")
    return dealt(table, code)


def dealt(table: Locator, code: str) -> Locator:
    """``table`` once it shows the deal of ``code`` (typed in its box, or given by the page's link) with every word
    of that deal on the page: a link's deal replaces the lesson's first deal a moment after the page is drawn, and
    that first deal can say "Your turn" until then."""
    box = table.locator(".parlour-toolbar .widget-text input").first
    # the box shows the full code: the player count first, the table's settings after a slash
    expect(box).to_have_value(re.compile(rf"^([0-9]+-)?{re.escape(code)}(/[0-9]+)?$"), timeout=180_000)
    toggle = table.locator(".parlour-toolbar .widget-toggle-button").first
    panel = table.locator(".parlour-settings").first
    for shown in (True, False):
        toggle.evaluate("(el) => el.click()")  # without scrolling: the page stays where the test put it
        expect(panel).to_be_visible(timeout=60_000) if shown else expect(panel).to_be_hidden(timeout=60_000)
    return table


def button(scope: Page | Locator, label: str) -> Locator:
    """An ipywidgets button a person can see, by its exact caption (an icon makes its accessible name
    unreliable). Visible only: a lesson's table also holds the class table's panel, whose hidden buttons may
    share a caption ("Review this deal" at a class table)."""
    return scope.locator("button", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")).filter(visible=True)


# Whose turn and the count live in separate widgets, which reach the browser one message at a time: just
# after a move the status can still say "Your turn" from before it. So a test that reads the table on its
# turn waits for one state that all of them agree on.
_COUNT_ON_YOUR_TURN = """([root, log]) => {
    // a log row is its sentence and a "Why?" button; rows not in use are hidden (or hold only the button)
    const rows = [...root.querySelectorAll('.parlour-log-row')].filter(row => row.getClientRects().length)
        .map(row => (row.querySelector('.widget-html')?.innerText || '').trim()).filter(Boolean);
    const status = root.querySelector('.parlour-status');
    const count = root.querySelector('[data-testid=count]');
    if (!status || !count || !status.innerText.includes('Your turn') || !rows.length) return null;
    if (log && !(rows.length === log.length && log.every((line, i) => rows[i].includes(line)))) return null;
    if (rows[rows.length - 1].startsWith('You ')) return null;  // your move shown, the status not yet
    const reached = rows.map(row => row.match(/the count goes from -?\\d+ to (-?\\d+)/)).filter(Boolean).pop();
    if (!reached || reached[1] !== count.innerText.trim()) return null;
    return Number(reached[1]);
}"""


def count_on_your_turn(table: Locator, log: list[str] | None = None, timeout: float = 60_000) -> int:
    """Jubilee's count once it is really your turn: the status says so, your last move is not newer than it,
    and the count shown is the one the log's last count line reached. ``log``: the lines the log must show
    then (the same deal played in Python), so a turn of the deal that was on the table before cannot pass."""
    try:
        found = table.page.wait_for_function(_COUNT_ON_YOUR_TURN, arg=[table.element_handle(), log], timeout=timeout)
    except PlaywrightTimeout:
        seen = table.evaluate(_TABLE_STATE)
        raise AssertionError(f"never your turn with this log and count; the table shows {seen}, expected log {log}")
    return int(found.json_value())


_TABLE_STATE = """root => ({
    status: root.querySelector('.parlour-status')?.innerText,
    count: root.querySelector('[data-testid=count]')?.innerText,
    rows: [...root.querySelectorAll('.parlour-log-row')].map(row => row.innerText.trim()).filter(t => t !== 'Why?'),
})"""
