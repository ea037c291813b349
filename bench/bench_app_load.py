"""App load time: how long a learner waits for the gallery and the Jubilee lesson in Voilà.

    python bench/bench_app_load.py [--repeat 5] [--class-size 10]

Serves lessons/ the way ``./run app`` does and opens pages in Debian's Chromium: first one
page at a time, then a whole class opening the lesson at once. Prints tables; the kernels'
memory is what a teacher's server must hold per student.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.conftest import (CHROMIUM, CHROMIUM_ARGS, VOILA_STATIC_PROBE, free_port,  # noqa: E402
                            start_voila, stop_server, wait_for_url)

PAGES = {
    "gallery": ("voila/render/index.ipynb", ".parlour-gallery"),
    "jubilee lesson": ("voila/render/jubilee.ipynb", ".parlour .parlour-card"),
}


def timed_load(page, url: str, selector: str) -> float:
    start = time.perf_counter()
    page.goto(url)
    page.locator(selector).first.wait_for(state="visible", timeout=300_000)
    return time.perf_counter() - start


def kernel_memory_mb(server_pid: int) -> list[float]:
    import psutil
    kernels = [p for p in psutil.Process(server_pid).children(recursive=True) if "ipykernel" in " ".join(p.cmdline())]
    return [p.memory_info().rss / 2**20 for p in kernels]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--class-size", type=int, default=10)
    args = ap.parse_args()

    log = Path(tempfile.mkstemp(suffix=".log")[1])
    port = free_port()
    server = start_voila(port, log)
    base = f"http://127.0.0.1:{port}/"
    try:
        wait_for_url(base + VOILA_STATIC_PROBE, 90, server)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context()
            context.route("**/cdn.jsdelivr.net/**", lambda route: route.fulfill(status=200, body=""))

            print(f"Voilà page load, one page at a time ({args.repeat} loads each, seconds)")
            print(f"{'page':>16} {'median':>8} {'max':>8}")
            for name, (path, selector) in PAGES.items():
                times = []
                for _ in range(args.repeat):
                    page = context.new_page()
                    times.append(timed_load(page, base + path, selector))
                    page.close(run_before_unload=True)  # like closing the tab: the kernel goes
                print(f"{name:>16} {statistics.median(times):>8.2f} {max(times):>8.2f}")

            time.sleep(3)  # let the closed pages' kernels shut down
            print(f"\nA class of {args.class_size} opening the Jubilee lesson at once")
            path, selector = PAGES["jubilee lesson"]
            pages = [context.new_page() for _ in range(args.class_size)]
            start = time.perf_counter()
            for page in pages:
                page.goto(base + path, wait_until="commit")
            done = []
            for page in pages:
                page.locator(selector).first.wait_for(state="visible", timeout=600_000)
                done.append(time.perf_counter() - start)
            memory = kernel_memory_mb(server.pid)
            print(f"{'first ready s':>16} {'last ready s':>13} {'kernels':>8} {'MB/kernel':>10}")
            print(f"{min(done):>16.2f} {max(done):>13.2f} {len(memory):>8} "
                  f"{statistics.mean(memory) if memory else float('nan'):>10.0f}")
            browser.close()
    finally:
        stop_server(server)


if __name__ == "__main__":
    main()
