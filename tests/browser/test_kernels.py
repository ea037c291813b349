"""A class full of students must not exhaust the server: closed pages free their kernels.

Voilà shuts a page's kernel down when the page unloads, with a beacon carrying the page's
XSRF token: widgets/server.py sets the cookie it reads (voila issue #1458), so XSRF checks
stay on. Kernel culling (voila.json) is the backstop for pages that vanish without unloading.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


def wait_until(predicate, timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.25)
    return predicate()


def steady(count, quiet: float = 3.0, timeout: float = 60.0) -> int:
    """The count once it has not changed for ``quiet`` seconds."""
    deadline = time.monotonic() + timeout
    value, since = count(), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.25)
        now = count()
        if now != value:
            value, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            break
    return value


def test_closing_a_lesson_page_shuts_its_kernel_down(voila_server, context, kernel_count):
    before = steady(kernel_count)  # earlier tests' pages may hold kernels until culled
    pages = []
    for _ in range(3):
        page = context.new_page()
        page.goto(voila_server + "voila/render/jubilee.ipynb")
        page.locator(".parlour .parlour-card").first.wait_for(timeout=120_000)
        pages.append(page)
    assert kernel_count() == before + 3
    for page in pages:
        page.close(run_before_unload=True)
    assert wait_until(lambda: kernel_count() <= before), f"{kernel_count() - before} kernels still running"


def test_culling_is_configured_for_pages_that_vanish():
    config = json.loads((ROOT / "voila.json").read_text())
    culling = config["MappingKernelManager"]
    assert culling["cull_idle_timeout"] > 0 and culling["cull_interval"] > 0
    assert config["Voila"]["ip"] == "127.0.0.1"
