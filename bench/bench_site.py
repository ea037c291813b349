"""The static site (issue 23) beside Voilà: what a visitor downloads and waits for, in the same run.

    python bench/bench_site.py [--repeat 2] [--lesson rummy] [--site DIR] [--skip-voila] [--profile incognito]

Builds the site (deploy/site/build.py, its downloads cached) unless ``--site`` names a built one, and
serves it the way a static host should: each file's precompressed ``.br`` when the browser accepts
brotli (``.gz`` for gzip), and ``Cache-Control: max-age=3600`` so a second visit asks for nothing (GitHub Pages sends
``max-age=600`` and compresses on the fly). The same lesson is served by Voilà (``widgets.server``,
voila.json's preheated pool) from a folder holding only that lesson. For each, in Debian's Chromium:

- first visit: a browser that never saw the site (a new profile folder on disk, as a visitor's browser keeps
  its caches and the code it compiled; ``--profile incognito``: a new Playwright context, an incognito
  profile, whose cache keeps files but no compiled code); seconds from the request to a playable table (a
  legal card lit; the deal link ``?deal=2-000001`` makes it the learner's turn; timed by the page's own
  clock, bench_app_load.time_to, since 2026-11-25 03:20) and the bytes sent
  (site: every body the server wrote, workers' fetches included; Voilà: HTTP bodies and headers
  received plus the websocket's payload);
- cached visit: the same browser opens the lesson again;
- click → repaint: ms from a click on the stock (a draw) to the table's DOM changing;
- tab memory: resident memory of the tab's renderer process (the site's Python runs there, in a
  worker); for Voilà also the kernel the page took on the server.

Targets (issue 23): a first visit of at most 8 MB compressed, a cached visit playable in 4 s. The
machine's load average is printed with the table: seconds on a busy machine are noisy.

The routes are alternated (site, Voilà, Voilà, site, …), so both meet the same machine; the load
average is printed before and after, and the seconds as a ratio to Voilà's.

Last run (2026-11-25, this 2-core machine at load average 1.8-2.4; the kernel's worker started with the
page, no service worker, shared widget modules), ``--repeat 2``::

           route  first visit MB  requests  playable s  cached MB  cached playable s  click→repaint ms  tab MB
     static site             7.5       136         4.9       0.00                3.4                 8     646
           Voilà             2.1         -         2.1       0.55                1.2                10     463
    static site / Voilà: first visit 2.3x, cached visit 2.8x the seconds
    the site's first visit, its 8 largest files (as sent: brotli where the host has a .br):
         2703 KB  /static/pyodide/pyodide.asm.wasm
         1483 KB  /static/pyodide/python_stdlib.zip
          494 KB  /build/jlab_core.a86436d.js
          481 KB  /static/pyodide/parlour-0.1.0-py3-none-any.whl
          450 KB  /static/pyodide/ipython-9.12.0-py3-none-any.whl
          202 KB  /static/pyodide/pyodide.asm.mjs
          140 KB  /static/pyodide/pygments-2.20.0-py3-none-any.whl
           94 KB  /static/pyodide/micropip-0.11.1-py3-none-any.whl
         1633 KB  the other 127 files

Timed by the page's own clock (2026-11-25 03:20, load 1.1-1.9, a new build of main): cached visit 3.7 s (Voilà
1.3 s), first visit 4.5 s (Voilà 2.0 s), 7.5 MB in 136 requests; the figures above it were timed by Playwright's
selector wait, which polls every 0.5 s after its first 0.27 s.

The same build, ``--profile incognito`` (load 2.2-3.5): cached visit 5.5 s (Voilà 1.6 s), first visit 5.9 s
(Voilà 2.9 s): without its compiled code kept, the browser compiles Pyodide's wasm again on every visit. The
runs before 2026-11-25 below were all incognito. With the disk profile at load 1.5-3.1: cached visit 3.3 s
(Voilà 1.3 s), first visit 4.2 s (Voilà 2.0 s); at load 3.2-6.6 (``--repeat 3``):
cached visit 4.3 s (Voilà 2.3 s), first visit 6.6 s (Voilà 2.5 s); at load 5-7: cached visit 6.1 s.
Alternated with the build before the worker's early start, the service worker's removal and the shared
widget modules (/tmp script, disk profiles, 6 pairs each started at load < 2, which rose to 3-6 during
the pair): cached visit 0.82x the seconds (4.8 s against 5.2 s), third visit 0.80x, first visit 0.95x.

Earlier (incognito): at load 2.7-3.5, with the widgets' shared layouts, cached visit 4.5 s (Voilà 1.4 s),
first visit 4.9 s, 7.5 MB in 135 requests.
Before the shared layouts, at load 4.5-6.4: cached visit 5.1 s (Voilà 3.2 s), first visit 5.9 s.
The same tree at load 4.5-5.3: cached visit 6.5 s (Voilà 3.1 s); the tree before IPython's terminal was
left out, at load 2.0-3.4: 4.5 s (Voilà 1.5 s). Before brotli, stored zips, docstring-free bytecode and
IPython's terminal left out, the first visit was 11.9 MB in 137 requests. Alternated cached visits: the
byte cuts changed nothing measurable (load 4-8: 7.3 s before, 7.4 s after); leaving IPython's terminal
out, 5.4 s before, 5.1 s after (load 5-7). The site as built before the bytecode step and the
JupyterLite patches, alternated with it in one run (load 2-6): cached visit 15.9 s before, 7.5 s after;
first visit 16.0 s before, 7.9 s after.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import psutil  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from bench_app_load import (BROWSER_ARGS, PLAYABLE_CARD, Fetched, _kernels, click_to_repaint_ms,  # noqa: E402
                            load_average, start_server, time_to, wait_quiet)
from deploy.site import build as site_build  # noqa: E402
from deploy.site.static_host import StaticHost, serve  # noqa: E402
from profiles import PROFILES, browser_profile  # noqa: E402
from tests.conftest import CHROMIUM, VOILA_STATIC_PROBE, free_port, stop_server, wait_for_url  # noqa: E402

DEAL = "deal=2-000001&level=easy"
FIRST_VISIT_TARGET_MB, CACHED_TARGET_S = 8.0, 4.0


def renderer_mb() -> float:
    """Resident memory of this run's Chromium renderer processes (one tab open: that tab)."""
    total = 0
    for p in psutil.Process().children(recursive=True):
        try:
            if "--type=renderer" in " ".join(p.cmdline()):
                total += p.memory_info().rss
        except psutil.Error:
            pass
    return total / 2**20


def visit(context, url: str) -> dict:
    """Open ``url`` in a new tab of ``context``: seconds to playable, a click's repaint, memory, bytes."""
    page = context.new_page()
    page.set_default_timeout(300_000)
    fetched = Fetched()
    page.on("requestfinished", fetched.count)
    page.on("websocket", fetched.watch)
    before_sent, before_requests, before_paths = StaticHost.sent, StaticHost.requests, StaticHost.by_path.copy()
    try:
        seconds = time_to(page, url, PLAYABLE_CARD, timeout_s=300)
        page.wait_for_timeout(500)  # the first paint's last messages
        memory = renderer_mb()
        clicks = click_to_repaint_ms(page, 1)
        return {"s": seconds, "ms": clicks, "tab_mb": memory, "http": fetched.http_bytes, "ws": fetched.ws_bytes,
                "sent": StaticHost.sent - before_sent, "requests": StaticHost.requests - before_requests,
                "paths": StaticHost.by_path - before_paths}
    finally:
        page.close(run_before_unload=True)


def visit_pair(pw, browser, url: str, first: list[dict], cached: list[dict], profile: str = "disk") -> None:
    """A browser that never saw ``url`` opens it (first visit), then opens it again (cached visit), in a
    ``profile`` of bench/profiles.py: "disk" keeps the code it compiled (V8's code cache of the scripts and
    of Pyodide's wasm) as a visitor's browser does; "incognito" keeps only the files."""
    with browser_profile(pw, browser, profile, CHROMIUM, BROWSER_ARGS, {"width": 1280, "height": 800}) as context:
        first.append(visit(context, url))
        cached.append(visit(context, url))


def med(rows: list[dict], key: str) -> float:
    values = [r[key] for r in rows]
    return statistics.median(values) if values else float("nan")


def clicks(rows: list[dict]) -> str:
    values = [ms for r in rows for ms in r["ms"]]
    return f"{statistics.median(values):.0f}" if values else "-"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3, help="fresh browsers per route, alternated (median)")
    ap.add_argument("--lesson", default="rummy", help="a lesson whose deal 2-000001 starts on your turn")
    ap.add_argument("--site", default="", help="a site built already (default: build one, downloads cached)")
    ap.add_argument("--skip-voila", action="store_true")
    ap.add_argument("--largest", type=int, default=8, help="list this many of a first visit's largest files")
    ap.add_argument("--profile", choices=PROFILES, default="disk",
                    help="disk (default): each browser a new profile folder, caches kept as a visitor's browser keeps "
                         "them (compiled code included); incognito: a new context, whose cache keeps no compiled code")
    args = ap.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[attr-defined]

    site = Path(args.site) if args.site else Path(tempfile.mkdtemp(prefix="parlour-site-")) / "site"
    if not args.site:
        started = time.perf_counter()
        site_build.build(site)
        print(f"built the site in {time.perf_counter() - started:.0f} s (downloads cached in {site_build.cache_dir()})")
    files = [p for p in site.rglob("*") if p.is_file() and p.suffix != ".gz"]
    print(f"site: {sum(p.stat().st_size for p in files) / 2**20:.1f} MB in {len(files)} files "
          f"(+ {sum(p.stat().st_size for p in site.rglob('*.gz')) / 2**20:.1f} MB of .gz beside them)")

    routes: dict[str, tuple[list[dict], list[dict]]] = {"static site": ([], []), "Voilà": ([], [])}
    loads = [load_average()]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        host, base = serve(site)
        urls = {"static site": f"{base}lessons/{args.lesson}.html?{DEAL}"}
        server = None
        try:
            if not args.skip_voila:
                folder = Path(tempfile.mkdtemp(prefix="parlour-voila-"))
                shutil.copy(ROOT / "lessons" / f"{args.lesson}.ipynb", folder)
                port = free_port()
                server = start_server(port, Path(tempfile.mkstemp(suffix=".log")[1]), root=str(folder))
                voila = f"http://127.0.0.1:{port}/"
                wait_for_url(voila + VOILA_STATIC_PROBE, 90, server)
                wait_quiet(server.pid, 1)
                urls["Voilà"] = f"{voila}voila/render/{args.lesson}.ipynb?{DEAL}"
            for n in range(args.repeat):  # the routes alternated, so both meet the same machine
                for name in (list(urls) if n % 2 == 0 else list(urls)[::-1]):
                    visit_pair(pw, browser, urls[name], *routes[name], profile=args.profile)
            if server is not None:
                kernels = [p.memory_info().rss / 2**20 for p in _kernels(server.pid)]
        finally:
            host.shutdown()
            if server is not None:
                stop_server(server)
        browser.close()
    loads.append(load_average())
    rows = [(name, first, cached, "sent" if name == "static site" else "http")
            for name, (first, cached) in routes.items() if first]

    print(f"\n{args.lesson}, {args.repeat} fresh browser(s) per route ({args.profile} profile), alternated; "
          f"before: {loads[0]}; after: {loads[1]}")
    print(f"{'route':>12}  {'first visit MB':>14}  {'requests':>8}  {'playable s':>10}  {'cached MB':>9}  "
          f"{'cached playable s':>17}  {'click→repaint ms':>16}  {'tab MB':>6}")
    for name, first, cached, key in rows:
        mb = lambda rs: med(rs, key) / 2**20 + (med(rs, "ws") / 2**20 if key == "http" else 0)  # noqa: E731
        requests = f"{med(first, 'requests'):.0f}" if key == "sent" else "-"
        print(f"{name:>12}  {mb(first):14.1f}  {requests:>8}  {med(first, 's'):10.1f}  {mb(cached):9.2f}  "
              f"{med(cached, 's'):17.1f}  {clicks(first + cached):>16}  {med(first + cached, 'tab_mb'):6.0f}")
    if not args.skip_voila:
        print(f"Voilà's server also holds a kernel per open page: {', '.join(f'{k:.0f}' for k in kernels)} MB "
              "(RSS of its kernels after the visits: the pool's and any not yet culled)")
    if len(rows) == 2:
        print(f"static site / Voilà: first visit {med(rows[0][1], 's') / med(rows[1][1], 's'):.1f}x, "
              f"cached visit {med(rows[0][2], 's') / med(rows[1][2], 's'):.1f}x the seconds")
    site_first = rows[0][1]
    if args.largest and site_first:
        paths = site_first[0]["paths"]
        print(f"the site's first visit, its {args.largest} largest files (as sent: brotli where the host has a .br):")
        for path, size in paths.most_common(args.largest):
            print(f"{size / 2**10:9.0f} KB  {path}")
        print(f"{(sum(paths.values()) - sum(n for _, n in paths.most_common(args.largest))) / 2**10:9.0f} KB  "
              f"the other {len(paths) - args.largest} files")
    print(f"targets: first visit ≤ {FIRST_VISIT_TARGET_MB:.0f} MB compressed: "
          f"{med(site_first, 'sent') / 2**20:.1f} MB; cached visit playable ≤ {CACHED_TARGET_S:.0f} s: "
          f"{med(rows[0][2], 's'):.1f} s")


if __name__ == "__main__":
    main()
