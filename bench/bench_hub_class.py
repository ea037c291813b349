"""A class logging in to the classroom hub at once: time to a table, CPU and memory per student, failures.

    python bench/bench_hub_class.py [--students 30] [--route shared|per-student|both] [--pool 30]

Starts deploy/jupyterhub/jupyterhub_config.py as ./run hub does (free loopback ports, its
state in a temporary directory), then N students at once log in and open the Jubilee lesson
over HTTP (a page that arrives whole, its table rendered by the kernel, counts as usable):
on the shared route through the class's one Voilà, on the per-student route after their own
server has started. CPU-s and MB per student are the hub's whole process tree (hub, proxy,
servers, kernels) after the class less before it, divided by the class (psutil).
``--pool N`` (shared route) keeps N Jubilee tables ready as a teacher does (``PARLOUR_HUB_POOL=jubilee=N``),
waited for until the pool is full before the class arrives; the kernels the pool starts again while
the class takes its tables are counted in the class's CPU.
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

sys.path.insert(0, str(ROOT / "bench"))
from other_work import OtherWork  # noqa: E402


def student(hub: Hub, name: str, out: dict, route: str) -> None:
    start = time.perf_counter()
    try:
        session = hub.login(name)
        if route == "shared":
            base = f"{hub.url}services/parlour/"
        else:
            hub.start_server(session, name)
            base = f"{hub.url}user/{name}/"
        out["spawn"] = time.perf_counter() - start
        page = session.get(f"{base}voila/render/jubilee.ipynb", timeout=600)
        ok = (page.status_code == 200 and re.search(r'"kernelId": "[0-9a-f-]{36}"', page.text)
              and "There was an error when executing cell" not in page.text)
        if not ok:
            raise RuntimeError(f"page {page.status_code}")
        out["table"] = time.perf_counter() - start
    except Exception as exc:  # a failure is a result here, counted and printed
        out["error"] = f"{type(exc).__name__}: {exc}"[:200]


def tree_usage(pid: int) -> tuple[float, float]:
    """(CPU seconds, MB resident) of a process and everything it started, now."""
    import psutil

    cpu = mem = 0.0
    root = psutil.Process(pid)
    for p in [root, *root.children(recursive=True)]:
        try:
            t = p.cpu_times()
            cpu += t.user + t.system + t.children_user + t.children_system
            mem += p.memory_info().rss
        except psutil.Error:
            pass
    return cpu, mem / 2**20


def wait_pool_filled(log: Path, lesson: str, size: int, timeout: float = 600) -> float:
    """Seconds until the class's Voilà logs that ``lesson``'s pool is full (Voilà: "Kernel pool of
    <path> is filled with N kernel(s)")."""
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        filled = rf"pool of \S*{re.escape(lesson)}\S* is filled with {size} kernel"
        if re.search(filled, log.read_text(errors="replace")):
            return time.perf_counter() - start
        time.sleep(1)
    raise TimeoutError(f"the {lesson} pool was not full after {timeout:.0f} s")


def one_class(students: int, route: str, pool: int = 0) -> None:
    import os

    state = Path(tempfile.mkdtemp(prefix="parlour-hub-bench-"))
    if pool and route == "shared":
        os.environ["PARLOUR_HUB_POOL"] = f"jubilee={pool}"
    else:
        os.environ.pop("PARLOUR_HUB_POOL", None)
    url, proc, log = start_hub(state, cull_idle=3600, route=route)
    try:
        wait_for_url(url + "hub/login", 180, proc)
        if route == "shared":
            wait_for_url(url + "services/parlour/voila/static/voila.js", 180, proc)
            if pool:
                took = wait_pool_filled(log, "jubilee", pool)
                print(f"(the class's pool of {pool} Jubilee tables filled in {took:.0f} s)")
            time.sleep(20)  # the service's pools warm up before the class arrives, as in a real lesson
        hub = Hub(url, proc, state)
        names = [f"student{n:02d}" for n in range(1, students + 1)]
        results: dict[str, dict] = {name: {} for name in names}
        threads = [threading.Thread(target=student, args=(hub, name, results[name], route)) for name in names]
        cpu0, mem0 = tree_usage(proc.pid)
        t0 = time.perf_counter()
        with OtherWork() as other:
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        wall = time.perf_counter() - t0
        cpu1, mem1 = tree_usage(proc.pid)

        spawn = [r["spawn"] for r in results.values() if "spawn" in r]
        table = [r["table"] for r in results.values() if "table" in r]
        failures = [f"{name}: {r['error']}" for name, r in results.items() if "error" in r]
        pooled = f" (a pool of {pool})" if pool and route == "shared" else ""
        print(f"\nA class of {students} on the {route} route{pooled}, all at once (seconds from login; "
              f"load average {os.getloadavg()[0]:.1f})")
        print(f"{'measure':>34} {'median':>8} {'max':>8}")
        if spawn and route != "shared":
            print(f"{'login -> server answers':>34} {statistics.median(spawn):>8.1f} {max(spawn):>8.1f}")
        if table:
            print(f"{'login -> Jubilee table rendered':>34} {statistics.median(table):>8.1f} {max(table):>8.1f}")
        print(f"{'whole class ready':>34} {wall:>8.1f}")
        print(f"{'CPU-s per student':>34} {(cpu1 - cpu0) / students:>8.2f}")
        print(f"{'MB per student':>34} {(mem1 - mem0) / students:>8.0f}")
        print(f"failures: {len(failures)} of {students}; other work on the machine meanwhile: {other.cores:.2f} "
              f"cores ({'quiet' if other.quiet else 'the seconds are inflated'})")
        for line in failures:
            print("  " + line)
    finally:
        stop_server(proc)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--route", choices=["shared", "per-student", "both"], default="both")
    ap.add_argument("--pool", type=int, default=0, help="shared route: Jubilee tables kept ready (0: none raised)")
    args = ap.parse_args()
    for route in (["shared", "per-student"] if args.route == "both" else [args.route]):
        one_class(args.students, route, args.pool)


if __name__ == "__main__":
    main()
