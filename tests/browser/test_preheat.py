"""Preheated kernels (voila.json: ``preheat_kernel``, a pool per lesson): a page gets a kernel that
has already run its lesson, so the table is there at once and playable.

Checked here: a lesson page from the pool shows a playable table and a move works; two pages of
one lesson get two kernels and two games; a deal link still deals its cards on a preheated page;
the gallery comes from its pool too. Then, on a small server of its own: pooled kernels are not
culled as "never connected", a page takes an idle pooled kernel's place when the server is full
(``max_kernels`` counts pools, and pools never lock a page out), and pools refill when room comes back.
"""

from __future__ import annotations

import json
import sys
import time

import pytest
from playwright.sync_api import expect

from tests.conftest import VOILA_START_TIMEOUT, VOILA_STATIC_PROBE

from .table_page import button
from .test_security import TINY, _get, _kernels

pytestmark = pytest.mark.browser

LESSON = "voila/render/jubilee.ipynb"
PLAYABLE = ".parlour-card--playable"


def page_kernel_id(page) -> str:
    return page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


def kernel_env(server_proc, kernel_id: str) -> dict[str, str]:
    """The environment the server started ``kernel_id`` with (from its process)."""
    import psutil
    for child in psutil.Process(server_proc.pid).children(recursive=True):
        try:
            if f"kernel-{kernel_id}.json" in " ".join(child.cmdline()):
                return child.environ()
        except psutil.Error:
            continue
    raise AssertionError(f"no process for kernel {kernel_id}")


def wait_for_pool(kernel_count, at_least: int, timeout: float = 120) -> None:
    """Until the pools are full again (the session's server starts once they have run their lessons)."""
    deadline = time.monotonic() + timeout
    while kernel_count() < at_least and time.monotonic() < deadline:
        time.sleep(0.5)


def hand_sizes(table) -> int:
    return table.locator(".parlour-card").count()


def test_a_pooled_lesson_page_is_playable_and_a_move_works(voila_process, voila_page, kernel_count,
                                                          save_screenshot):
    base, proc = voila_process
    wait_for_pool(kernel_count, 12)  # every notebook's pool (lessons/, lessons/pt/, the gallery)
    page = voila_page
    page.goto(base + LESSON)
    table = page.locator(".parlour").first
    card = table.locator(PLAYABLE).first
    expect(card).to_be_visible(timeout=120_000)
    assert kernel_env(proc, page_kernel_id(page)).get("VOILA_PREHEAT") == "True"  # it came from the pool
    expect(page.locator("#loading")).to_have_count(0)
    text = page.locator("#rendered_cells").inner_text()
    assert "Traceback" not in text and "There was an error when executing cell" not in text

    status = table.locator(".parlour-status")
    before = status.inner_text()
    played = card.get_attribute("aria-label")
    card.click()
    expect(status).not_to_have_text(before, timeout=60_000)
    expect(table.locator(f'{PLAYABLE}[aria-label="{played}"]')).to_have_count(0)
    save_screenshot(page, "preheat-jubilee-after-a-move", full_page=False)


def test_two_pages_of_one_lesson_get_two_kernels_and_two_games(voila_server, context, kernel_count):
    wait_for_pool(kernel_count, 12)
    pages = [context.new_page() for _ in range(2)]
    try:
        for page in pages:
            page.set_default_timeout(120_000)
            page.goto(voila_server + LESSON, wait_until="commit")
        tables = [page.locator(".parlour").first for page in pages]
        for table in tables:
            expect(table.locator(PLAYABLE).first).to_be_visible(timeout=180_000)
        first, second = (page_kernel_id(page) for page in pages)
        assert first != second  # a pooled kernel serves one page, never two

        # a new deal on one page leaves the other page's game as it was
        codes = [table.locator(".parlour-toolbar .widget-text input").first for table in tables]
        other_before = codes[1].input_value()
        other_cards = tables[1].locator(".parlour-card").evaluate_all("cs => cs.map(c => c.outerHTML)")
        mine_before = codes[0].input_value()
        button(tables[0], "New deal").first.click()
        expect(codes[0]).not_to_have_value(mine_before, timeout=60_000)
        pages[1].wait_for_timeout(500)
        assert codes[1].input_value() == other_before
        assert tables[1].locator(".parlour-card").evaluate_all("cs => cs.map(c => c.outerHTML)") == other_cards
    finally:
        for page in pages:
            page.close(run_before_unload=True)


def test_a_deal_link_deals_its_cards_on_a_preheated_page(voila_process, voila_page, kernel_count):
    base, proc = voila_process
    wait_for_pool(kernel_count, 12)
    page = voila_page
    page.goto(base + "voila/render/jabberwocky.ipynb?deal=3-K7QM3P%2F0001&level=hard")
    table = page.locator(".parlour").first
    expect(table).to_be_visible(timeout=180_000)
    expect(table.locator(".parlour-toolbar .widget-text input").first).to_have_value("3-K7QM3P/0001", timeout=60_000)
    assert kernel_env(proc, page_kernel_id(page)).get("VOILA_PREHEAT") == "True"
    assert "QUERY_STRING" not in kernel_env(proc, page_kernel_id(page))  # the browser told the table


def test_the_gallery_comes_from_its_pool_and_links_every_lesson(voila_process, voila_page, kernel_count):
    base, proc = voila_process
    wait_for_pool(kernel_count, 12)
    page = voila_page
    page.goto(base + "voila/render/index.ipynb")
    expect(page.locator(".parlour-gallery")).to_be_visible(timeout=120_000)
    assert kernel_env(proc, page_kernel_id(page)).get("VOILA_PREHEAT") == "True"
    expect(page.locator('.parlour-game[data-game="jubilee"] a[href="jubilee.ipynb"]')).to_be_visible()


# --- pools and the classroom's kernel rules, on a small server of its own ----------------------

CAP = 2


@pytest.fixture(scope="module")
def pooled_server(tmp_path_factory):
    """Two tiny notebooks, a pool of one kernel each, a cap of two kernels, a 3 s cull for
    never-connected kernels (voila.json otherwise)."""
    import subprocess

    from tests.conftest import ROOT, free_port, stop_server, wait_for_url

    tmp = tmp_path_factory.mktemp("pooled-server")
    served = tmp / "served"
    served.mkdir()
    for name in ("a", "b"):
        (served / f"{name}.ipynb").write_text(json.dumps(TINY))
    port = free_port()
    with open(tmp / "voila.log", "wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "widgets.server", str(served), f"--port={port}",
                                 f"--ClassroomKernelManager.max_kernels={CAP}",
                                 "--ClassroomKernelManager.cull_unconnected_after=3"],
                                cwd=ROOT, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/"
    try:
        wait_for_url(base + VOILA_STATIC_PROBE, VOILA_START_TIMEOUT, proc)
        yield base, proc, tmp / "voila.log"
    finally:
        stop_server(proc)


def _wait_kernels(proc, wanted: int, timeout: float = 90) -> int:
    deadline = time.monotonic() + timeout
    while _kernels(proc) != wanted and time.monotonic() < deadline:
        time.sleep(0.3)
    return _kernels(proc)


def test_pools_keep_to_the_cap_are_not_culled_and_give_way_to_pages(pooled_server):
    base, proc, log = pooled_server
    deadline = time.monotonic() + 120  # a pool of one for each notebook, its lesson run
    while not all(f"Kernel pool of {n}.ipynb is filled" in log.read_text(errors="replace") for n in "ab"):
        assert time.monotonic() < deadline, "the pools did not fill"
        time.sleep(0.3)
    assert _kernels(proc) == 2
    time.sleep(8)  # more than twice cull_unconnected_after: pooled kernels wait for pages, they stay
    assert _kernels(proc) == 2

    # a page takes a's pooled kernel; no room to refill; the next page of a takes b's pooled kernel's place
    status, body = _get(base, "/voila/render/a.ipynb")
    assert status == 200 and "tiny page" in body
    status, body = _get(base, "/voila/render/a.ipynb")
    assert status == 200 and "tiny page" in body
    assert _kernels(proc) <= CAP
    text = log.read_text(errors="replace")
    assert "Using pre-heated kernel" in text and "a page needs its place" in text

    # nobody connects to those pages' kernels: they are culled, and the pools fill again
    deadline = time.monotonic() + 90
    while "Kernel pool of b.ipynb is filled" not in log.read_text(errors="replace").split("a page needs its place")[-1]:
        assert time.monotonic() < deadline, "b's pool was not refilled"
        assert _kernels(proc) <= CAP
        time.sleep(0.5)
    assert _wait_kernels(proc, 2) == 2
    status, body = _get(base, "/voila/render/b.ipynb")
    assert status == 200 and "tiny page" in body
