"""./run's help and its refusals: said in words with a usage exit code, before anything heavy starts.

Each case must answer before ``ensure_venv``: the script runs as a copy in an empty folder with
``PARLOUR_PYTHON`` pointing at no Python, so a case that gets past its arguments stops at once with
"Parlour needs Python" instead of building a .venv or running the benches. Nor may the output be bash's
own complaint ("./run: line 70: 2: --port needs a number").
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import psutil
import pytest

from tests.conftest import free_port, preheated_notebooks, stop_server

RUN = Path(__file__).resolve().parents[1] / "run"
BASH_ERROR = ("line ", "parameter null", "unbound variable", "command not found")


@pytest.fixture
def run(tmp_path, monkeypatch):
    script = tmp_path / "run"
    shutil.copy2(RUN, script)
    monkeypatch.setenv("PARLOUR_PYTHON", str(tmp_path / "no-python"))

    def run_it(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(script), *args], capture_output=True, text=True, timeout=60,
                              stdin=subprocess.DEVNULL, cwd=tmp_path)
    return run_it


@pytest.mark.parametrize("command", ["app", "bench", "hub", "test"])
def test_help_prints_usage_and_starts_nothing(run, command):
    if command == "test":  # ./run test passes its arguments to pytest; ./run --help covers it
        done = run("--help")
    else:
        done = run(command, "--help")
    assert done.returncode == 0, done.stderr
    assert f"./run {command}" in done.stdout
    assert "== bench/" not in done.stdout and "Parlour is running" not in done.stdout  # nothing was started
    assert "Parlour needs Python" not in done.stderr  # it stopped before making a .venv


BENCHES_WITH_TEST_HELPERS = sorted(path for path in (RUN.parent / "bench").glob("bench_*.py")
                                   if re.search(r"^(from|import) tests\b", path.read_text(), re.M))


@pytest.mark.parametrize("script", BENCHES_WITH_TEST_HELPERS, ids=lambda path: path.name)
def test_a_bench_using_the_tests_helpers_starts_as_run_bench_starts_it(script):
    """``./run bench`` runs each bench as ``python bench/bench_X.py`` from the repo root, with no PYTHONPATH: a bench
    that borrows the tests' helpers (planted deals, the exhaustive solver) must put the root on sys.path itself
    (bench_puzzles and bench_verdicts stopped at 'No module named tests')."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    done = subprocess.run([sys.executable, str(script.relative_to(RUN.parent)), "--help"], cwd=RUN.parent, env=env,
                          capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage:" in done.stdout


@pytest.mark.parametrize("args, says", [
    (["app", "--port"], "app: --port needs a number"),
    (["app", "--port", "--pool"], "app: --port needs a number, not '--pool'"),
    (["app", "--port", "http"], "app: --port needs a number, not 'http'"),
    (["app", "--pool"], "app: --pool needs LESSON=N"),
    (["app", "--class"], "app: --class needs the class's name"),
    (["app", "--ip"], "app: --ip needs this computer's address on the class's network"),
    (["app", "--ip", "classroom"], "app: --ip needs this computer's IPv4 address on the class's network, four "
                                   "numbers from 0 to 255 like 192.168.1.20 (or 0.0.0.0 for every network), not "
                                   "'classroom'"),
    (["app", "--ip=192.168.1.300"], "not '192.168.1.300'"),
    (["hub", "--port"], "hub: --port needs a number"),
    (["hub", "--ip"], "hub: --ip needs an address"),
    (["bench", "--fast"], "bench: unknown option '--fast'"),
    (["serve"], "unknown command 'serve'"),
    ([], "which command? app (start Parlour)"),  # plain ./run printed only the usage
])
def test_a_missing_or_wrong_argument_is_said_in_words(run, args, says):
    done = run(*args)
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert says in done.stderr, done.stderr
    assert not any(word in done.stderr for word in BASH_ERROR), done.stderr
    assert "Parlour needs Python" not in done.stderr


# ---- apt: wait (bounded) while another apt or dpkg holds its lock, instead of failing with exit 100 ----

FAKE_APT = """#!/usr/bin/env bash
echo "$*" >> "$FAKE_APT_LOG"
n=$(( $(wc -l < "$FAKE_APT_LOG") ))
if [ "$n" -le "$FAKE_APT_LOCKED_CALLS" ]; then
    echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 4242 (apt-get)" >&2
    exit 100
fi
if [ -n "${FAKE_APT_OTHER_ERROR:-}" ]; then echo "E: $FAKE_APT_OTHER_ERROR" >&2; exit 100; fi
echo "fake apt-get: done"
"""


@pytest.fixture
def fake_apt(tmp_path, monkeypatch):
    """apt-get (and sudo, for a run that is not root) on PATH that report a held lock for the first calls."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "apt-get").write_text(FAKE_APT)
    (bin_dir / "sudo").write_text('#!/usr/bin/env bash\n[ "$1" = -n ] && shift\nexec "$@"\n')
    for tool in bin_dir.iterdir():
        tool.chmod(0o755)
    log = tmp_path / "apt.log"
    log.touch()
    monkeypatch.setenv("PATH", f"{bin_dir}:{Path('/usr/bin')}:{Path('/bin')}")
    monkeypatch.setenv("FAKE_APT_LOG", str(log))
    monkeypatch.setenv("PARLOUR_APT_RETRY_EVERY", "0.1")

    def run_function(call: str, locked_calls: int, wait: int = 60, **env: str) -> tuple[subprocess.CompletedProcess,
                                                                                          list[str]]:
        monkeypatch.setenv("FAKE_APT_LOCKED_CALLS", str(locked_calls))
        monkeypatch.setenv("PARLOUR_APT_LOCK_WAIT", str(wait))
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        done = subprocess.run(["bash", "-c", f'. "{RUN}"; {call}'], capture_output=True, text=True, timeout=120,
                              stdin=subprocess.DEVNULL)
        return done, log.read_text().splitlines()
    return run_function


def test_apt_waits_for_a_held_lock_and_then_runs(fake_apt):
    done, calls = fake_apt("apt_get update", locked_calls=3)
    assert done.returncode == 0, done.stderr
    assert len(calls) == 4 and all(c == "-o DPkg::Lock::Timeout=60 update" for c in calls), calls
    assert done.stderr.count("another apt or dpkg is running: waiting for it (at most 60s)") == 1
    assert "fake apt-get: done" in done.stdout


def test_apt_gives_up_when_the_lock_is_held_past_the_deadline(fake_apt):
    # 5 s, not 1: the deadline is counted in bash's whole seconds from before the first call, and on a busy
    # machine that call alone can take a second, leaving no time for the retry this test looks for
    done, calls = fake_apt("apt_get install -y chromium", locked_calls=10**6, wait=5)
    assert done.returncode == 100 and len(calls) >= 2
    assert "Could not get lock" in done.stderr and "apt was still locked after 5s; giving up" in done.stderr


def test_apt_does_not_retry_an_error_that_is_not_a_lock(fake_apt):
    done, calls = fake_apt("apt_get install -y chromium", locked_calls=0, FAKE_APT_OTHER_ERROR="Unable to locate "
                           "package chromium")
    assert done.returncode == 100 and len(calls) == 1 and "Unable to locate package" in done.stderr


def test_ensure_chromium_installs_through_the_waiting_apt(fake_apt, tmp_path):
    """./run test (and .ci/run, which calls the same function) on a machine whose apt is busy."""
    done, calls = fake_apt("ensure_chromium", locked_calls=2, PARLOUR_CHROMIUM=str(tmp_path / "no-chromium"))
    assert done.returncode == 0, done.stderr
    assert calls[-2:] == ["-o DPkg::Lock::Timeout=60 update", "-o DPkg::Lock::Timeout=60 install -y chromium"]


def test_ci_installs_chromium_with_the_same_function():
    ci = (RUN.parent / ".ci" / "run").read_text()
    assert "ensure_chromium" in ci and "apt-get" not in ci


# ---- ./run app: the gallery's URL is the last thing it prints, not buried under the kernels' notices ----

NOISE = re.compile(r"is not trusted|without encryption|Kernel started|is filled with")
NOT_AN_ERROR = re.compile(r"\[[\w.]+\](?! (ERROR|CRITICAL) \|)")  # a log record's head: "[ParlourVoila] WARNING | ..."


def _kernels(pid: int) -> int:
    try:
        return sum("ipykernel_launcher" in " ".join(p.cmdline()) for p in psutil.Process(pid).children(recursive=True))
    except psutil.Error:
        return 0


@pytest.mark.slow
def test_app_prints_the_url_last_and_no_notice_per_kernel(tmp_path):
    """Issue 31: 25 "Notebook ... is not trusted" and 25 "Kernel is running over TCP without
    encryption" lines (and each pool's "Kernel started") came right after the URL, pushing it off
    the screen. Now, once every lesson's pool has started its kernel, the URL's box is still the
    last thing printed, and opening two pages adds none of those lines."""
    port, log = free_port(), tmp_path / "app.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([str(RUN), "app", "--port", str(port)], cwd=RUN.parent, stdin=subprocess.DEVNULL,
                                stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/voila/render/index.ipynb"
    try:
        deadline = time.monotonic() + 600  # a first ./run installs the venv
        while url not in log.read_text() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.5)
        assert url in log.read_text(), log.read_text()[-3000:]
        wanted = preheated_notebooks()  # one pooled kernel per notebook, started after the URL
        deadline = time.monotonic() + 300
        while _kernels(proc.pid) < wanted and time.monotonic() < deadline:
            time.sleep(1)
        assert _kernels(proc.pid) >= wanted, f"{_kernels(proc.pid)} of {wanted} pooled kernels started"
        time.sleep(5)  # each kernel's start-up notices come within its first second or two
        after_url = log.read_text().split(url, 1)[1]
        assert after_url.lstrip().startswith("Press Ctrl-C to stop."), after_url[:3000]
        # an error still shows (real trouble a teacher must see), nothing else does
        routine = [line for line in after_url.splitlines() if NOT_AN_ERROR.match(line)]
        assert not routine, routine[:5]

        for page in ("index.ipynb", "jubilee.ipynb"):  # pages take pooled kernels; the pools refill
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/render/{page}", timeout=300) as resp:
                assert resp.status == 200
        time.sleep(5)
        text = log.read_text()
        assert not NOISE.search(text), [line for line in text.splitlines() if NOISE.search(line)][:5]
    finally:
        stop_server(proc)


def test_app_refuses_an_address_that_is_not_this_computers():
    """``./run app --ip`` with an address of no network of this computer (TEST-NET-3, RFC 5737): said in words
    before Voilà starts."""
    done = subprocess.run([str(RUN), "app", "--ip", "203.0.113.7", "--port", str(free_port())], cwd=RUN.parent,
                          capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "cannot listen on 203.0.113.7 port" in done.stderr and "not an address of this computer" in done.stderr
    assert "Parlour is running" not in done.stdout


def test_the_app_server_refuses_an_address_it_cannot_listen_on():
    from widgets.server.app import ip_option

    assert ip_option(["lessons", "--ip", "10.1.2.3"]) == ["lessons", "--Voila.ip=10.1.2.3",
                                                          "--Voila.tornado_settings=allow_remote_access=True"]
    assert ip_option(["--ip=127.0.0.1"]) == ["--Voila.ip=127.0.0.1"]  # this computer alone: as without --ip
    for bad, says in (("banana", "not 'banana'"), ("224.0.0.1", "224.0.0.1 is not one")):
        with pytest.raises(SystemExit, match=says):
            ip_option(["--ip", bad])


@pytest.mark.slow
def test_app_listens_on_the_class_networks_address(tmp_path):
    """``./run app --ip A`` (a class on one network): Voilà listens on A, and only there, prints A's link and what
    it exposes, and answers a page asked for by a name other than loopback (a student's browser names the
    teacher's address; without the option Voilà refuses that, 403). 127.0.0.2 stands for the network's address."""
    port, log = free_port(), tmp_path / "app.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([str(RUN), "app", "--ip", "127.0.0.2", "--port", str(port)], cwd=RUN.parent,
                                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.2:{port}/voila/render/index.ipynb"
    try:
        deadline = time.monotonic() + 600
        while url not in log.read_text() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.5)
        assert url in log.read_text(), log.read_text()[-3000:]
        assert "no login and not encrypted" in log.read_text()
        request = urllib.request.Request(url, headers={"Host": f"192.168.1.20:{port}"})
        with urllib.request.urlopen(request, timeout=300) as resp:
            assert resp.status == 200 and b"parlour" in resp.read().lower()
        with pytest.raises(OSError):  # not on this computer's loopback address: only where it was told
            urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/voila.js", timeout=30)
    finally:
        stop_server(proc)
