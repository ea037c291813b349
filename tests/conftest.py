"""Test infrastructure shared by every test: a Voilà server, Chromium, screenshots.

Only plumbing lives here; game and widget fixtures belong next to their tests.

- ``voila_server`` (session): Voilà serving ``lessons/`` on a free 127.0.0.1 port, started
  from the repo root so it reads the same ``voila.json`` as ``./run app``, once its preheated
  pools have run their lessons. Yields the base
  URL (ending in "/"); a notebook is at ``voila_server + "voila/render/<name>.ipynb"``.
  ``kernel_count()`` counts the kernels that server runs (``voila_process`` gives its process).
- ``browser_type_launch_args``: pytest-playwright launches Debian's Chromium
  (``/usr/bin/chromium``, or ``$PARLOUR_CHROMIUM``); Playwright never downloads a browser.
- ``context``: every page answers requests to cdn.jsdelivr.net (Font Awesome, asked for by
  Voilà's lab template) with an empty 200, so pages load offline without waiting.
- ``voila_page``: a ``page`` with a 60 s default timeout, console/page errors recorded in
  ``page.errors``, and a screenshot and the errors saved under ``test-artifacts/`` when the
  test fails.
- ``save_screenshot(page, name)``: writes ``test-artifacts/<name>.png``.
- ``spawn_server``, ``wait_for_url``, ``free_port``: for tests that start their own server
  (tests/test_binder.py); the processes and their kernels are stopped at teardown.

Tests under ``tests/browser/`` are marked ``browser`` automatically.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
ARTIFACTS = ROOT / "test-artifacts"
BROWSER_TESTS = Path(__file__).resolve().parent / "browser"
CHROMIUM = os.environ.get("PARLOUR_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# A static file of Voilà's own: answering it means the server is up, and fetching it
# starts no kernel (every notebook request does).
VOILA_STATIC_PROBE = "voila/static/voila.js"
VOILA_START_TIMEOUT = 180  # seconds; first start after an install compiles bytecode, and a busy machine
# How long a browser test's expect(...) waits for the state it asserts when the test names no time (Playwright's
# own default is 5 s): ./run test runs two browser tests at once beside other work, and a page then takes longer
# to draw its widgets. An expectation that holds passes at once; only a failure takes this long to be reported.
EXPECT_TIMEOUT_MS = 20_000


def pytest_collection_modifyitems(config, items):
    for item in items:
        if BROWSER_TESTS in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)
    if list_path := os.environ.get(SECOND_PASS_LIST):
        write_second_pass(items, Path(list_path))


#: ``./run test``'s first pass (``-m "not browser and not slow"``) writes the browser and slow tests it
#: collected to the file this names, one node id a line, before ``-m`` deselects them; the second pass runs
#: those ids, so it imports their dozen modules instead of collecting all of tests/ again (a minute and
#: more on a busy machine, where pytest rewrites every test module's asserts).
SECOND_PASS_LIST = "PARLOUR_SECOND_PASS_LIST"


def write_second_pass(items, path: Path) -> None:
    """The node ids of every browser or slow test, written whole or not at all (xdist's workers each write
    the same list)."""
    ids = [item.nodeid for item in items if item.get_closest_marker("browser") or item.get_closest_marker("slow")]
    part = path.with_name(f"{path.name}.{os.getpid()}")
    part.write_text("".join(f"{nodeid}\n" for nodeid in ids))
    os.replace(part, path)


class KeepModulesTogether:
    """Each module's tests run one after another, in the order pytest chose within the module.

    pytest-playwright parametrizes ``browser_name`` at session scope, and pytest then runs every test that
    takes a browser before the ones that do not: a module's test without a page (test_site's bytecode
    check, test_hub's script on the shared hub) ran apart from the rest, and its module fixture (the site's
    build, the shared hub) was built a second time for it. Only one browser is ever used, so grouping by
    module starts no browser twice. (A plugin of its own: it must run after pytest's reordering, while
    the marking above must run before ``-m`` deselects.)"""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items) -> None:
        first: dict[str, int] = {}
        for index, item in enumerate(items):
            first.setdefault(item.nodeid.split("::", 1)[0], index)
        items.sort(key=lambda item: first[item.nodeid.split("::", 1)[0]])


def pytest_configure(config) -> None:
    config.pluginmanager.register(KeepModulesTogether(), "parlour-keep-modules-together")
    try:
        from playwright.sync_api import expect
    except ImportError:  # the browser tests then fail on their own import, saying so
        return
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_url(url: str, timeout: float, proc: subprocess.Popen | None = None) -> None:
    """Poll ``url`` until it answers 200; fail early if ``proc`` exits."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"server exited with code {proc.returncode} before {url} answered")
        try:
            with urllib.request.urlopen(url, timeout=5) as resp:
                if resp.status == 200:
                    return
        except (urllib.error.URLError, OSError) as exc:
            last = exc
        time.sleep(0.25)
    raise TimeoutError(f"{url} did not answer within {timeout:.0f}s (last error: {last})")


def _descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (kernels run in their own sessions, so not its group)."""
    try:
        import psutil
    except ImportError:  # psutil comes with ipykernel; be safe anyway
        return []
    try:
        return [p.pid for p in psutil.Process(pid).children(recursive=True)]
    except psutil.Error:
        return []


def stop_server(proc: subprocess.Popen, timeout: float = 30, crash: bool = False) -> None:
    """SIGTERM (Jupyter servers then shut their kernels down), then SIGKILL what is left.

    ``crash``: SIGKILL the server and its kernels at once, nothing shut down politely."""
    children = _descendants(proc.pid)
    if proc.poll() is None:
        if not crash:
            proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(0 if crash else timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
    for pid in children:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def start_voila(port: int, log_path: Path, state_dir: Path) -> subprocess.Popen:
    """Voilà on ``lessons/`` the way ``./run app`` starts it (cwd = repo root: voila.json), keeping what must
    outlive it (its save key, the class tables' histories) in ``state_dir``: not the user's own, and not
    another test worker's."""
    log = open(log_path, "ab")
    try:
        return subprocess.Popen(
            [sys.executable, "-m", "widgets.server", "lessons", f"--port={port}"],
            cwd=ROOT,
            env={**os.environ, "PARLOUR_STATE_DIR": str(state_dir)},
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    finally:
        log.close()


@pytest.fixture
def spawn_server():
    """``spawn_server(args, log=path, cwd=ROOT, env=None)`` starts a server process (output
    to ``log``) and returns its Popen; at teardown it is stopped, its kernels with it."""
    procs: list[subprocess.Popen] = []

    def spawn(args, *, log: Path, cwd: Path = ROOT, env: dict | None = None) -> subprocess.Popen:
        with open(log, "ab") as out:
            proc = subprocess.Popen(args, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                    stdout=out, stderr=subprocess.STDOUT)
        procs.append(proc)
        return proc

    yield spawn
    for proc in procs:
        stop_server(proc)


@pytest.fixture(name="wait_for_url")
def _wait_for_url_fixture():
    """``wait_for_url(url, timeout, proc=None)``: poll until 200, failing early if proc exits."""
    return wait_for_url


@pytest.fixture(name="free_port")
def _free_port_fixture():
    """``free_port()``: a TCP port free on 127.0.0.1 right now."""
    return free_port


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def preheated_notebooks() -> int:
    """How many notebooks of lessons/ voila.json keeps preheated kernels for (0 without preheating)."""
    import json

    config = json.loads((ROOT / "voila.json").read_text())
    if not config.get("VoilaConfiguration", {}).get("preheat_kernel"):
        return 0
    pools = config.get("VoilaKernelManager", {}).get("kernel_pools_config", {})
    size = int(pools.get("default", {}).get("pool_size", 1))
    notebooks = [p for p in LESSONS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts]
    return len(notebooks) if size > 0 else 0


def wait_for_pools(log_path: Path, timeout: float = 300) -> None:
    """Until every notebook's preheated pool has run its notebook (the server logs each), so
    tests meet the server a class meets: warm. Gives up quietly after ``timeout``."""
    wanted = preheated_notebooks()  # the server logs "Kernel pool of X is filled" once per notebook
    deadline = time.monotonic() + timeout
    while wanted and time.monotonic() < deadline:
        if log_path.read_text(errors="replace").count("is filled with") >= wanted:
            return
        time.sleep(0.5)


#: Where the session's Voilà log is kept: one per xdist worker, as ``./run test`` runs the browser tests on two.
SERVER_LOG = f"voila-server-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.log"


@pytest.fixture(scope="session")
def voila_process(artifacts_dir, tmp_path_factory):
    """(base URL, server process): the process lets tests count the kernels it runs."""
    # Logged in a private file (two test runs may share the work tree), copied to
    # test-artifacts/voila-server-<worker>.log at the end.
    log_path = tmp_path_factory.mktemp("voila") / "voila-server.log"
    state_dir = tmp_path_factory.mktemp("voila-state")
    error = None
    for _attempt in range(3):  # a free port can be taken between the probe and the bind
        port = free_port()
        proc = start_voila(port, log_path, state_dir)
        base = f"http://127.0.0.1:{port}/"
        try:
            wait_for_url(base + VOILA_STATIC_PROBE, VOILA_START_TIMEOUT, proc)
        except (RuntimeError, TimeoutError) as exc:
            error = exc
            stop_server(proc)
            continue
        wait_for_pools(log_path)
        try:
            yield base, proc
        finally:
            stop_server(proc)
            shutil.copyfile(log_path, artifacts_dir / SERVER_LOG)
        return
    shutil.copyfile(log_path, artifacts_dir / SERVER_LOG)
    log_tail = log_path.read_text(errors="replace")[-3000:]
    pytest.fail(f"Voilà did not start: {error}\n--- {log_path} ---\n{log_tail}", pytrace=False)


@pytest.fixture(scope="session")
def voila_server(voila_process) -> str:
    return voila_process[0]


@pytest.fixture
def kernel_count(voila_process):
    """``kernel_count()``: how many kernels the Voilà server is running right now."""
    import psutil

    def is_kernel(proc) -> bool:
        try:
            return proc.status() != psutil.STATUS_ZOMBIE and "ipykernel" in " ".join(proc.cmdline())
        except psutil.Error:  # it ended while we looked
            return False

    def count() -> int:
        return sum(map(is_kernel, psutil.Process(voila_process[1].pid).children(recursive=True)))

    return count


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not os.path.exists(CHROMIUM):
        pytest.fail(
            f"{CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium; "
            "./run test does it when run as root) or set PARLOUR_CHROMIUM",
            pytrace=False,
        )
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


def _empty_reply(route):
    route.fulfill(status=200, body="")


@pytest.fixture
def context(context):
    context.route("**/cdn.jsdelivr.net/**", _empty_reply)
    return context


def _safe_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")[:120] or "page"


@pytest.fixture
def save_screenshot(artifacts_dir):
    """``save_screenshot(page, name)`` writes test-artifacts/<name>.png and returns its path."""

    def save(page, name: str, full_page: bool = True) -> Path:
        path = artifacts_dir / f"{_safe_name(name)}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return save


def record_errors(page) -> None:
    """A 60 s default timeout (a notebook page runs every cell before showing), and the page's errors
    and console errors kept in ``page.errors`` for the test to assert on."""
    page.set_default_timeout(60_000)
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(f"pageerror: {exc}"))
    page.on("console", lambda msg: msg.type == "error" and page.errors.append(f"console: {msg.text}"))


@pytest.fixture
def voila_page(page, request, save_screenshot):
    """A Playwright page for Voilà apps: generous timeouts, errors recorded, failure shots."""
    record_errors(page)
    yield page
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        name = f"FAILED-{request.node.name}"
        (ARTIFACTS / f"{_safe_name(name)}.console.txt").write_text("\n".join(page.errors) + "\n")
        try:
            save_screenshot(page, name)
        except Exception:  # the page may be gone; the failure itself matters more
            pass
    # Close every tab as a learner does, so Voilà's unload beacon frees its kernel; a context
    # torn down without it leaves the kernels of the session's server idle for ten minutes, and
    # a long run of browser tests then fills the server's 40-kernel cap. ``close(run_before_unload=
    # True)`` does not wait: a heavy page torn down with its context right after never sent its
    # beacon (CI: "server full" after 75 pages, 26 kernels left behind). So wait until each tab
    # has closed and its kernel has gone.
    kernels = []
    for tab in list(page.context.pages):
        try:
            kernels.append(tab.evaluate(
                "() => JSON.parse(document.getElementById('jupyter-config-data')?.textContent || '{}').kernelId"))
        except Exception:  # no Voilà page, or gone
            pass
        try:
            tab.close(run_before_unload=True)
        except Exception:  # already closed
            pass
    # Wait through Playwright's own call: its sync API hears a tab's "close" only inside a call, so
    # polling ``is_closed()`` between sleeps never saw one and every browser test waited its 15 s.
    for tab in list(page.context.pages):
        if not tab.is_closed():
            try:
                tab.wait_for_event("close", timeout=15_000)
            except Exception:  # closed meanwhile, or never: the context's teardown closes it
                pass
    _wait_until(lambda: not _kernel_processes([k for k in kernels if isinstance(k, str) and k]), 20)


def _wait_until(done, seconds: float) -> None:
    """Poll ``done()`` for up to ``seconds`` (teardown: a page that never frees its kernel is the
    server's cull's business, not a reason to fail the test that used it)."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        time.sleep(0.1)


def _kernel_processes(kernel_ids: list[str]) -> list[int]:
    """The running kernel processes among ``kernel_ids`` (their connection file names them)."""
    import psutil

    if not kernel_ids:
        return []
    found = []
    for proc in psutil.process_iter(["cmdline"]):
        try:
            line = " ".join(proc.info["cmdline"] or [])
            if "ipykernel" in line and any(k in line for k in kernel_ids) and proc.status() != psutil.STATUS_ZOMBIE:
                found.append(proc.pid)
        except psutil.Error:
            pass
    return found
