"""A class opening lessons at once: every page shows a playable table, or says why it cannot.

Under load Voilà's executor used to give up waiting for a cell's output after 4 s and send
the page without its table and without a word (nbclient's ``iopub_timeout``; voila.json
raises it). A kernel that died while starting left the page loading for ever; the server
(widgets/server/page_rendering.py) now ends such a page with a notice and a "Try again" button.
"""

from __future__ import annotations

import json
import sys
import time

import pytest
from playwright.sync_api import expect

from tests.conftest import VOILA_START_TIMEOUT, VOILA_STATIC_PROBE

from .table_page import button

pytestmark = pytest.mark.browser

CLASS_SIZE = 10
LESSON = "voila/render/jubilee.ipynb"


@pytest.mark.slow  # about two minutes: ten kernels run the lesson at once on two cores
def test_a_class_of_ten_opening_the_lesson_at_once_all_get_a_playable_table(voila_server, context,
                                                                             save_screenshot):
    pages = [context.new_page() for _ in range(CLASS_SIZE)]
    for page in pages:  # all ten requests are in flight before any table is ready
        page.set_default_timeout(240_000)
        page.goto(voila_server + LESSON, wait_until="commit")
    try:
        for n, page in enumerate(pages):
            table = page.locator(".parlour").first
            expect(table.locator(".parlour-card").first).to_be_visible(timeout=240_000)
            # playable, not just drawn: "New deal" goes to the kernel, which deals and shows a new code
            box = table.locator(".parlour-toolbar .widget-text input").first
            before = box.input_value()
            button(table, "New deal").first.click()  # the toolbar's; the end panel has one too
            expect(box).not_to_have_value(before, timeout=120_000)
            expect(table.locator(".parlour-card--playable, .parlour-card").first).to_be_visible()
            assert "Timeout waiting" not in page.content()
        save_screenshot(pages[-1], "load-class-of-ten-last-page")
    finally:
        for page in pages:
            page.close(run_before_unload=True)


def _broken_kernel_path(tmp_path) -> str:
    """A Jupyter data dir whose "python3" kernel exits at once, as one that lost its port does."""
    spec = tmp_path / "share" / "kernels" / "python3"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-c", "import sys; sys.exit(1)", "-f", "{connection_file}"],
        "display_name": "Python 3 (dies at start)",
        "language": "python",
    }))
    return str(tmp_path / "share")


def test_a_kernel_that_cannot_start_gives_a_message_and_a_retry(tmp_path, spawn_server, free_port, wait_for_url,
                                                               voila_page, save_screenshot):
    import os

    port = free_port()
    env = {**os.environ, "JUPYTER_PATH": _broken_kernel_path(tmp_path)}
    server = spawn_server([sys.executable, "-m", "widgets.server", "lessons", f"--port={port}"],
                          log=tmp_path / "voila.log", env=env)
    base = f"http://127.0.0.1:{port}/"
    wait_for_url(base + VOILA_STATIC_PROBE, VOILA_START_TIMEOUT, server)

    page = voila_page
    start = time.monotonic()
    page.goto(base + "voila/render/index.ipynb")
    notice = page.locator(".parlour-server-problem")
    expect(notice).to_be_visible(timeout=90_000)
    expect(notice).to_contain_text("The table could not start")
    expect(notice).not_to_contain_text("Traceback")
    retry = notice.get_by_role("button", name="Try again")
    expect(retry).to_be_visible()
    save_screenshot(page, "load-kernel-failed")
    assert time.monotonic() - start < 90

    # "Try again" loads the page afresh (here the kernel dies again, so the notice returns)
    with page.expect_navigation():
        retry.click()
    expect(page.locator(".parlour-server-problem")).to_be_visible(timeout=90_000)
    log = (tmp_path / "voila.log").read_text(errors="replace")
    assert "Rendering index.ipynb failed" in log
