"""A class logging in to the classroom hub at once: spawn time, time to a table, memory, failures.

    python bench/bench_hub_class.py [--students 30]

Starts deploy/jupyterhub/jupyterhub_config.py as ./run hub does (free loopback ports, its
state in a temporary directory), then N students at once log in, wait for their server and
open the Jubilee lesson over HTTP (a page that arrives whole, its table rendered by the
kernel, counts as usable). Memory is each student's server plus its kernel (RSS, psutil).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.conftest import stop_server, wait_for_url  # noqa: E402
from tests.test_hub import Hub, start_hub  # noqa: E402


def student(hub: Hub, name: str, out: dict) -> None:
    start = time.perf_counter()
    try:
        session = hub.login(name)
        hub.start_server(session, name)
        out["spawn"] = time.perf_counter() - start
        page = session.get(f"{hub.url}user/{name}/voila/render/jubilee.ipynb", timeout=600)
        ok = (page.status_code == 200 and re.search(r'"kernelId": "[0-9a-f-]{36}"', page.text)
              and "There was an error when executing cell" not in page.text)
        if not ok:
            raise RuntimeError(f"page {page.status_code}")
        out["table"] = time.perf_counter() - start
    except Exception as exc:  # a failure is a result here, counted and printed
        out["error"] = f"{type(exc).__name__}: {exc}"[:200]


def rss_mb(hub: Hub, name: str) -> float:
    import psutil
    pid = hub.server_pid(name)
    if pid is None:
        return 0.0
    procs = [psutil.Process(pid), *psutil.Process(pid).children(recursive=True)]
    return sum(p.memory_info().rss for p in procs) / 2**20


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--students", type=int, default=30)
    args = ap.parse_args()

    state = Path(tempfile.mkdtemp(prefix="parlour-hub-bench-"))
    url, proc, log = start_hub(state, cull_idle=3600)
    try:
        wait_for_url(url + "hub/login", 180, proc)
        hub = Hub(url, proc, state)
        names = [f"student{n:02d}" for n in range(1, args.students + 1)]
        results: dict[str, dict] = {name: {} for name in names}
        threads = [threading.Thread(target=student, args=(hub, name, results[name])) for name in names]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t0
        memory = [rss_mb(hub, name) for name in names if "table" in results[name]]

        spawn = [r["spawn"] for r in results.values() if "spawn" in r]
        table = [r["table"] for r in results.values() if "table" in r]
        failures = [f"{name}: {r['error']}" for name, r in results.items() if "error" in r]
        print(f"A class of {args.students} logging in to the hub at once (seconds from login; MB RSS)")
        print(f"{'measure':>34} {'median':>8} {'max':>8}")
        if spawn:
            print(f"{'login -> server answers':>34} {statistics.median(spawn):>8.1f} {max(spawn):>8.1f}")
        if table:
            print(f"{'login -> Jubilee table rendered':>34} {statistics.median(table):>8.1f} {max(table):>8.1f}")
        if memory:
            print(f"{'memory per student (server+kernel)':>34} {statistics.median(memory):>8.0f} {max(memory):>8.0f}")
        print(f"{'whole class ready':>34} {wall:>8.1f}")
        print(f"failures: {len(failures)} of {args.students}")
        for line in failures:
            print("  " + line)
    finally:
        stop_server(proc)


if __name__ == "__main__":
    main()
