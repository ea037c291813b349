"""The classroom hub (deploy/jupyterhub/jupyterhub_config.py), started as ``./run hub`` starts it.

On free loopback ports with a short idle cull: three students log in over HTTP and each gets
a usable Jubilee table from their own server; a fourth does it in Chromium, from the gallery
the hub lands them on; a student cannot open another student's server; a logged-out visitor
is sent to the login page; closing a page frees its kernel; an idle server is culled.
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pytest
import requests
from playwright.sync_api import expect

from tests.browser.table_page import button

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
PASSWORD = "class-of-thirty"
CULL_IDLE = 75  # seconds: longer than the checks before it take, short enough to wait for


class Hub:
    def __init__(self, url: str, proc, state: Path) -> None:
        self.url, self.proc, self.state = url, proc, state

    def login(self, name: str) -> requests.Session:
        session = requests.Session()
        session.get(self.url + "hub/login", timeout=60)
        resp = session.post(self.url + "hub/login", timeout=120, allow_redirects=False,
                            data={"username": name, "password": PASSWORD, "_xsrf": session.cookies.get("_xsrf", "")})
        assert resp.status_code == 302, (resp.status_code, resp.text[-1000:])
        return session

    def start_server(self, session: requests.Session, name: str) -> None:
        """What the browser does after login: /hub/spawn, then wait for the server to answer."""
        session.get(self.url + "hub/spawn", timeout=200)
        deadline = time.monotonic() + 200
        while time.monotonic() < deadline:
            resp = session.get(f"{self.url}user/{name}/voila/static/voila.js", timeout=60)
            if resp.status_code == 200 and resp.url.startswith(f"{self.url}user/{name}/"):
                return
            time.sleep(1)
        raise AssertionError(f"{name}'s server did not come up")

    def server_pid(self, name: str) -> int | None:
        import psutil
        for proc in psutil.Process(self.proc.pid).children(recursive=True):
            try:
                if "jupyterhub.singleuser" in " ".join(proc.cmdline()) and \
                        proc.environ().get("JUPYTERHUB_USER") == name:
                    return proc.pid
            except psutil.Error:
                pass
        return None

    def kernels(self, name: str) -> int:
        import psutil
        pid = self.server_pid(name)
        if pid is None:
            return 0
        count = 0
        for child in psutil.Process(pid).children(recursive=True):
            try:
                count += "ipykernel" in " ".join(child.cmdline()) and child.status() != psutil.STATUS_ZOMBIE
            except psutil.Error:
                pass
        return count


def start_hub(state: Path, cull_idle: int = CULL_IDLE):
    """The hub as ./run hub starts it, on free loopback ports, its files in ``state``:
    (base URL, process, log path). The caller stops it (tests.conftest.stop_server)."""
    import subprocess

    from tests.conftest import free_port

    port = free_port()
    env = {
        **os.environ,
        "PARLOUR_HUB_STATE": str(state),
        "PARLOUR_HUB_PORT": str(port),
        "PARLOUR_HUB_HUB_PORT": str(free_port()),
        "PARLOUR_HUB_PROXY_API_PORT": str(free_port()),
        "PARLOUR_HUB_USER_PORT_BASE": str(free_port()),  # students 1.. listen just above it
        "PARLOUR_HUB_PASSWORD": PASSWORD,
        "PARLOUR_HUB_CULL_IDLE": str(cull_idle),
        "PARLOUR_HUB_ACTIVITY_EVERY": "5",
    }
    log = state / "hub.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(CONFIG)], cwd=state, env=env,
                                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    return f"http://127.0.0.1:{port}/", proc, log


@pytest.fixture(scope="module")
def hub(tmp_path_factory, artifacts_dir):
    from tests.conftest import stop_server, wait_for_url

    state = tmp_path_factory.mktemp("hub")
    url, proc, log = start_hub(state)
    try:
        wait_for_url(url + "hub/login", 180, proc)
        yield Hub(url, proc, state)
    finally:
        stop_server(proc)
        (artifacts_dir / "hub.log").write_bytes(log.read_bytes())


def _kernel_id(page: str) -> str:
    return re.search(r'"kernelId": "([0-9a-f-]{36})"', page).group(1)


def test_a_class_on_the_hub(hub, browser, save_screenshot):
    students = ["ada", "ben", "cleo"]
    sessions = {name: hub.login(name) for name in students}
    for name, session in sessions.items():
        hub.start_server(session, name)
    assert len({hub.server_pid(name) for name in students}) == 3  # a server each

    # each reaches a usable Jubilee table on their own server, and closing the page frees its kernel
    for name, session in sessions.items():
        page = session.get(f"{hub.url}user/{name}/voila/render/jubilee.ipynb", timeout=300)
        assert page.status_code == 200 and page.url.startswith(f"{hub.url}user/{name}/")
        assert "JubileeTable" in page.text or "parlour" in page.text
        assert "There was an error when executing cell" not in page.text and "Traceback" not in page.text
        kernel = _kernel_id(page.text)
        assert hub.kernels(name) == 1
        shut = session.post(f"{hub.url}user/{name}/voila/api/shutdown/{kernel}",
                            data={"_xsrf": session.cookies.get("_xsrf", path=f"/user/{name}/") or ""}, timeout=60)
        assert shut.status_code == 204, shut.text[-500:]
        deadline = time.monotonic() + 30
        while hub.kernels(name) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert hub.kernels(name) == 0

    # a student cannot open another student's server
    before = hub.kernels("ben")
    other = sessions["ada"].get(f"{hub.url}user/ben/voila/render/index.ipynb", timeout=60)
    assert other.status_code == 403
    assert hub.kernels("ben") == before

    # logged out, or never logged in: sent to the login page
    stranger = requests.get(f"{hub.url}user/ada/voila/render/index.ipynb", timeout=60)
    assert stranger.status_code == 200 and "/hub/login" in stranger.url and 'name="password"' in stranger.text
    sessions["cleo"].get(hub.url + "hub/logout", timeout=60)
    after_logout = sessions["cleo"].get(f"{hub.url}user/cleo/voila/render/index.ipynb", timeout=60)
    assert "/hub/login" in after_logout.url

    # a fourth student in Chromium: login form, the gallery, a table that answers, then close it
    context = browser.new_context()
    context.route("**/cdn.jsdelivr.net/**", lambda route: route.fulfill(status=200, body=""))
    page = context.new_page()
    page.set_default_timeout(200_000)
    page.goto(hub.url + "hub/login")
    page.fill("input[name=username]", "dana")
    page.fill("input[name=password]", PASSWORD)
    page.click("input[type=submit], button[type=submit]")
    page.wait_for_url("**/user/dana/voila/render/index.ipynb", wait_until="commit")
    expect(page.locator(".parlour-gallery")).to_be_visible()
    page.goto(f"{hub.url}user/dana/voila/render/jubilee.ipynb")
    table = page.locator(".parlour").first
    expect(table.locator(".parlour-card").first).to_be_visible()
    # a student's table has no "show all hands" switch: the hub turns the teacher tools off
    expect(page.get_by_text("show all hands").filter(visible=True)).to_have_count(0)
    box = table.locator(".widget-text input").first
    before_code = box.input_value()
    button(table, "New deal").first.click()  # the toolbar's; the end panel has one too
    expect(box).not_to_have_value(before_code, timeout=60_000)
    save_screenshot(page, "hub-jubilee-dana")
    assert hub.kernels("dana") == 1
    page.close(run_before_unload=True)
    deadline = time.monotonic() + 30
    while hub.kernels("dana") and time.monotonic() < deadline:
        time.sleep(0.5)
    assert hub.kernels("dana") == 0
    context.close()

    # nobody uses the servers any more: the idle culler stops them
    deadline = time.monotonic() + CULL_IDLE * 3
    while any(hub.server_pid(n) for n in [*students, "dana"]) and time.monotonic() < deadline:
        time.sleep(2)
    assert not any(hub.server_pid(n) for n in [*students, "dana"]), "idle servers were not culled"
