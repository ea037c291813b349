"""Issue 13, item 5: when a page's kernel goes away, the page says "connection lost: reload"
instead of "Your turn" over buttons that do nothing; and (issue 32, item 9) the table's status line says
it is disconnected instead of inviting a move."""

from __future__ import annotations

import json
import re

import psutil
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_a_killed_kernel_puts_a_reload_banner_on_the_page(voila_process, voila_page, save_screenshot):
    base, server = voila_process
    page = voila_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base + "voila/render/jubilee.ipynb")
    table = page.locator(".parlour").first
    expect(table).to_be_visible(timeout=180_000)
    expect(table.locator(".parlour-status")).to_contain_text(re.compile("Your turn|thinking"), timeout=60_000)
    page.wait_for_timeout(1500)  # the banner's watch has looked at a live kernel
    expect(page.locator("#parlour-connection-lost")).to_have_count(0)

    config = json.loads(page.locator("#jupyter-config-data").text_content())
    kernel_id = config["kernelId"]
    kernels = [p for p in psutil.Process(server.pid).children(recursive=True)
               if any(kernel_id in part for part in p.cmdline())]
    assert len(kernels) == 1, f"the page's kernel {kernel_id} is not among the server's processes"
    kernels[0].kill()

    banner = page.locator("#parlour-connection-lost")
    expect(banner).to_be_visible(timeout=30_000)
    expect(banner).to_contain_text("Connection lost")
    expect(banner).to_contain_text("Reload the page")
    expect(banner.get_by_role("button", name="Reload")).to_be_visible()
    # issue 32, item 9: the status line under the banner no longer invites a move ("Your turn. Click a card…")
    status = table.locator(".parlour-status")
    expect(status).to_contain_text("Disconnected: this table can no longer play")
    expect(status).not_to_contain_text(re.compile("Your turn|Click|thinking"))
    save_screenshot(page, "connection-lost-1280x800", full_page=False)
