"""App load time: how long a learner waits for a *playable* table in Voilà, alone and with a class.

    python bench/bench_app_load.py [--repeat 5] [--class-size 30] [--class-lesson jubilee]
                                   [--clicks 5] [--lessons jubilee,el_gato] [--skip-class]

Serves lessons/ the way ``./run app`` does (voila.json: a preheated pool per lesson) and opens
pages in Debian's Chromium:

1. Each lesson page, one at a time with the server warm (its pools full): seconds from the
   request to a playable table, i.e. a legal move's control lit (a playable card, or the Hint
   button, which the table enables exactly when the learner has a legal move);
   median and max over ``--repeat`` loads. Then, on those pages, click → repaint: milliseconds
   from a click on a legal move until the table's DOM changes (the kernel's answer; the bots'
   deliberate pauses come after that change, so they are never counted).
2. A class of ``--class-size`` opening one lesson at once, with that lesson's pool raised to the
   class size the way a teacher does it (``--VoilaKernelManager.kernel_pools_config``): first,
   median and last time to a playable table, and failures.
3. The pools' memory: resident memory of the pooled kernels (kernels no page has taken).

The machine's load average is printed with each table: numbers on a busy machine are noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.conftest import CHROMIUM, CHROMIUM_ARGS, VOILA_STATIC_PROBE, free_port, stop_server, wait_for_url  # noqa: E402

# A legal move's control is lit: a playable card, or (bids, draws, calls) the table's Hint button,
# which the table enables exactly when the learner has a legal move (widgets/table.py, refresh).
# (The button by its lightbulb icon: a Portuguese table calls it "Dica".)
PLAYABLE = ".parlour .parlour-card--playable, .parlour button:not([disabled]):has(.fa-lightbulb-o)"
PLAYABLE_CARD = ".parlour .parlour-card--playable"
GALLERY = ".parlour-gallery"
# What the table's own repaint changes; Voilà's tab focus bookkeeping (tabindex) is left out.
_CLICK_TO_REPAINT_JS = """(card) => new Promise((resolve) => {
  const table = card.closest('.parlour') || document.body;
  let t0 = 0;
  const seen = new MutationObserver(() => { seen.disconnect(); resolve(performance.now() - t0); });
  seen.observe(table, {subtree: true, childList: true, characterData: true,
                       attributes: true, attributeFilter: ['class', 'src', 'style']});
  setTimeout(() => { seen.disconnect(); resolve(-1); }, 30000);
  t0 = performance.now();
  card.click();
})"""


def lessons() -> list[str]:
    """Every lesson page: lessons/*.ipynb and lessons/<lang>/*.ipynb, the gallery aside."""
    found = sorted(p.relative_to(ROOT / "lessons").as_posix() for p in (ROOT / "lessons").rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)
    return [n for n in found if n != "index.ipynb"]


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def _kernels(server_pid: int) -> list:
    import psutil
    found = []
    for p in psutil.Process(server_pid).children(recursive=True):
        try:
            if "ipykernel" in " ".join(p.cmdline()) and p.status() != psutil.STATUS_ZOMBIE:
                found.append(p)
        except psutil.Error:
            pass
    return found


def wait_quiet(server_pid: int, kernels: int, timeout: float = 300) -> None:
    """Until the server runs ``kernels`` kernels (its pools full) and they sit idle for a second."""
    import psutil
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        procs = _kernels(server_pid)
        if len(procs) >= kernels:
            try:
                for p in procs:
                    p.cpu_percent(None)
                time.sleep(1.0)
                busy = sum(p.cpu_percent(None) for p in procs)
            except psutil.Error:
                continue
            if busy < 15:
                return
        else:
            time.sleep(0.5)
    print(f"(the server did not settle within {timeout:.0f} s: {len(_kernels(server_pid))} kernels)")


def pool_memory_mb(server_pid: int, taken: set[int]) -> list[float]:
    """RSS of the kernels no page holds (``taken``: pids of the pages' kernels)."""
    return [p.memory_info().rss / 2**20 for p in _kernels(server_pid) if p.pid not in taken]


def start_server(port: int, log_path: Path, pools: dict | None = None) -> subprocess.Popen:
    """``python -m widgets.server lessons`` from the repo root (voila.json), pools raised as a teacher would
    (``./run app --pool LESSON=N``); a raised pool warms two kernels at a time, to be ready sooner."""
    args = [sys.executable, "-m", "widgets.server", "lessons", f"--port={port}"]
    if pools:
        args += [f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}",
                 "--ClassroomKernelManager.preheat_at_once=2"]
    with open(log_path, "ab") as log:
        return subprocess.Popen(args, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)


def max_kernels() -> int:
    return int(json.loads((ROOT / "voila.json").read_text()).get("ClassroomKernelManager", {}).get("max_kernels", 40))


def default_pool_size() -> int:
    config = json.loads((ROOT / "voila.json").read_text())
    if not config.get("VoilaConfiguration", {}).get("preheat_kernel"):
        return 0
    pools = config.get("VoilaKernelManager", {}).get("kernel_pools_config", {})
    return int(pools.get("default", {}).get("pool_size", 1))


def time_to(page, url: str, selector: str, timeout_s: float = 120) -> float:
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.locator(selector).first.wait_for(state="visible", timeout=timeout_s * 1000)
    return time.perf_counter() - start


def click_to_repaint_ms(page, clicks: int) -> list[float]:
    """Click a lit card ``clicks`` times (waiting for the bots between); ms to the table's repaint each."""
    times = []
    for _ in range(clicks):
        card = page.locator(PLAYABLE_CARD).first
        try:
            card.wait_for(state="visible", timeout=10_000)
        except Exception:  # the game ended, or the move is a bid or a draw (a button, not a card)
            break
        ms = card.evaluate(_CLICK_TO_REPAINT_JS)
        if ms >= 0:
            times.append(ms)
        page.wait_for_timeout(50)
    return times


def _new_page(context):
    page = context.new_page()
    page.set_default_timeout(120_000)
    return page


def bench_pages(context, base: str, server, names: list[str], repeat: int, clicks: int, kernels: int) -> None:
    print(f"\nEach page alone, server warm (pools full before each load); {load_average()}")
    print(f"{'page':>20} {'playable median s':>18} {'max s':>7} {'click→repaint median ms':>24} "
          f"{'clicks':>7} {'load':>5}")
    all_clicks: list[float] = []
    for name in ["index.ipynb", *names]:
        selector = GALLERY if name == "index.ipynb" else PLAYABLE
        times, ms, failed = [], [], 0
        for n in range(repeat):
            wait_quiet(server.pid, kernels)
            page = _new_page(context)
            try:
                times.append(time_to(page, base + "voila/render/" + name, selector))
                if selector == PLAYABLE and n == 0:
                    ms = click_to_repaint_ms(page, clicks)
            except Exception as exc:  # noqa: BLE001  (a bench reports, it does not stop)
                failed += 1
                print(f"  {name}: {type(exc).__name__}: {str(exc).splitlines()[0][:100]}")
            finally:
                page.close(run_before_unload=True)  # like closing the tab: the kernel goes
        all_clicks += ms
        label = "gallery" if name == "index.ipynb" else name.removesuffix(".ipynb")
        med = f"{statistics.median(times):.2f}" if times else "-"
        top = f"{max(times):.2f}" if times else "-"
        click = f"{statistics.median(ms):.0f}" if ms else "-"
        print(f"{label:>20} {med:>18} {top:>7} {click:>24} {len(ms):>7} {os.getloadavg()[0]:>5.1f}"
              + (f"  ({failed} failed)" if failed else ""))
    if all_clicks:
        print(f"{'all lessons':>20} {'':>18} {'':>7} {statistics.median(all_clicks):>24.0f} {len(all_clicks):>7}")


def bench_class(context, base: str, lesson: str, size: int) -> tuple[list[float], int]:
    pages = [_new_page(context) for _ in range(size)]
    start = time.perf_counter()
    for page in pages:  # every request is in flight before any table is ready
        page.goto(base + "voila/render/" + lesson, wait_until="commit")
    done, failed = [], 0
    for page in pages:
        try:
            page.locator(PLAYABLE).first.wait_for(state="visible", timeout=600_000)
            done.append(time.perf_counter() - start)
        except Exception:  # noqa: BLE001
            failed += 1
    for page in pages:
        page.close(run_before_unload=True)
    return done, failed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=5, help="loads of each page (median)")
    ap.add_argument("--clicks", type=int, default=5, help="clicks on legal moves per lesson")
    ap.add_argument("--class-size", type=int, default=30)
    ap.add_argument("--class-lesson", default="jubilee", help="the lesson the class opens")
    ap.add_argument("--lessons", default="", help="comma-separated lesson ids (default: all)")
    ap.add_argument("--skip-class", action="store_true")
    ap.add_argument("--skip-pages", action="store_true")
    args = ap.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[attr-defined]  # rows as they come

    names = lessons()
    if args.lessons:
        wanted = {f"{n.strip()}.ipynb" for n in args.lessons.split(",")} | {n.strip() for n in args.lessons.split(",")}
        names = [n for n in names if n in wanted]
    per_lesson = default_pool_size()
    notebooks = len(names if not args.lessons else lessons()) + 1  # + the gallery

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context()
        context.route("**/cdn.jsdelivr.net/**", lambda route: route.fulfill(status=200, body=""))

        if not args.skip_pages:
            log = Path(tempfile.mkstemp(suffix=".log")[1])
            port = free_port()
            server = start_server(port, log)
            base = f"http://127.0.0.1:{port}/"
            try:
                wait_for_url(base + VOILA_STATIC_PROBE, 90, server)
                wait_quiet(server.pid, notebooks * per_lesson)
                memory = pool_memory_mb(server.pid, set())
                print(f"voila.json: {per_lesson} preheated kernel(s) per notebook, {len(memory)} pooled kernels "
                      f"for {notebooks} notebooks: {sum(memory):.0f} MB in all, "
                      f"{statistics.mean(memory) if memory else 0:.0f} MB each (RSS)")
                bench_pages(context, base, server, names, args.repeat, args.clicks, notebooks * per_lesson)
            finally:
                stop_server(server)

        if not args.skip_class:
            lesson = f"{args.class_lesson}.ipynb"
            pools = {"default": {"pool_size": per_lesson}, lesson: {"pool_size": args.class_size}}
            log = Path(tempfile.mkstemp(suffix=".log")[1])
            port = free_port()
            server = start_server(port, log, pools)
            base = f"http://127.0.0.1:{port}/"
            try:
                wait_for_url(base + VOILA_STATIC_PROBE, 90, server)
                expected = min((notebooks - 1) * per_lesson + args.class_size, max_kernels() or 10**6)
                started = time.perf_counter()
                wait_quiet(server.pid, expected, timeout=900)
                memory = pool_memory_mb(server.pid, set())
                print(f"\nA class of {args.class_size}: {lesson}'s pool raised to {args.class_size} "
                      f"(filled in {time.perf_counter() - started:.0f} s); {len(memory)} pooled kernels, "
                      f"{sum(memory):.0f} MB in all, {statistics.mean(memory) if memory else 0:.0f} MB each (RSS)")
                print(load_average())
                done, failed = bench_class(context, base, lesson, args.class_size)
                print(f"{'first s':>8} {'median s':>9} {'last s':>7} {'failed':>7}")
                if done:
                    print(f"{min(done):>8.2f} {statistics.median(done):>9.2f} {max(done):>7.2f} {failed:>7}")
                else:
                    print(f"{'-':>8} {'-':>9} {'-':>7} {failed:>7}")
                print(load_average())
            finally:
                stop_server(server)
        browser.close()


if __name__ == "__main__":
    main()
