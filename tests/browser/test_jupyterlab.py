"""The Jubilee lesson in JupyterLab itself: run every cell, then play a card in the table."""

from __future__ import annotations

import os
import re
import secrets
import shutil
import sys

import pytest
from playwright.sync_api import expect

from tests.conftest import ROOT

# slow: a JupyterLab server of its own (./run test --full and CI run it)
pytestmark = [pytest.mark.browser, pytest.mark.slow]

# "You play 7♠ (+7): the count goes …", not "Ben deals …; You play first."
YOU_PLAYED = re.compile(r"You play \S+ \([+−]\d+\): the count goes")


@pytest.fixture
def jupyterlab(spawn_server, wait_for_url, free_port, artifacts_dir, tmp_path):
    # A copy of the lessons: JupyterLab autosaves open notebooks, and ours are stored clean.
    root = tmp_path / "root"
    shutil.copytree(ROOT / "lessons", root / "lessons")
    port, token = free_port(), secrets.token_hex(16)
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
           "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces")}
    log = artifacts_dir / "jupyterlab-server.log"
    log.write_bytes(b"")
    server = spawn_server(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
         *(["--allow-root"] if os.geteuid() == 0 else [])],
        log=log, env=env, cwd=root)
    base = f"http://127.0.0.1:{port}/"
    wait_for_url(f"{base}api/status?token={token}", 120, server)
    return base, token


def test_the_lesson_runs_and_plays_in_jupyterlab(jupyterlab, voila_page, save_screenshot):
    page = voila_page  # its failure screenshot and error log serve any page
    base, token = jupyterlab
    page.set_default_timeout(90_000)
    page.goto(f"{base}lab/tree/lessons/jubilee.ipynb?token={token}")
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible()
    # Run All only once the kernel is up: earlier, the command can be lost.
    expect(page.locator("#jp-main-statusbar")).to_contain_text("Idle", timeout=120_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()

    table = page.locator(".parlour").first
    expect(table).to_be_attached(timeout=120_000)
    table.scroll_into_view_if_needed()
    code = table.locator(".parlour-toolbar .widget-text input").first  # a fixed deal: you deal, the bots play first
    code.fill("3-000005")
    code.press("Enter")
    expect(table.locator(".parlour-log-row").first).to_contain_text("Deal 1 of 3: You deal", timeout=30_000)
    status = table.locator(".parlour-status")
    expect(status).to_contain_text("Your turn", timeout=60_000)
    card = table.locator(".parlour-card--playable:not([data-card=JK])").first
    card.click()
    expect(table.locator(".parlour-log-row", has_text=YOU_PLAYED)).to_have_count(1, timeout=30_000)
    assert "Traceback" not in page.locator(".jp-Notebook").inner_text()
    save_screenshot(page, "jubilee-in-jupyterlab", full_page=False)
