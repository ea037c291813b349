"""The class table in Chromium pages: a move clicked on one page -> every other page's table shows it.

    .venv/bin/python bench/bench_class_table_pages.py [--pages 4] [--moves M] [--pause 1.0] [--with-socket-class]
                                                      [--trace TRACE.json]

Issue 34's measured target is "move -> every other seat's table repainted, p95 <= 150 ms" for a class of 30.
bench/bench_class_table.py times the state reaching a kernel-like client; this bench times what a person sees:
it starts ``python -m widgets.server lessons`` (as ``./run app`` does, no preheated pools; bench_class_table's
``Server``, its own state folder and save key) and opens ``--pages`` Chromium pages (each its own browser
context, as on separate laptops) on the Jabberwocky lesson. The first page presses Play with others, the
others open the table's link and join, the first starts, and the people play round 1 (``--moves`` of it, all of
it by default), each move clicked on the page of the seat to act after a pause of ``--pause`` seconds (a
person looks first), with tests/browser/test_class_table.py's own helpers. Seats no page holds (fewer pages
than 4) are the table's bots; their moves are not timed.

The timing is the pages' own: each page notes, in a MutationObserver on its table, the time (performance.timeOrigin
+ performance.now(), comparable across the pages of one browser) of every change of its log, and the mover's
page notes the time of the click (a capture listener on the document, before the card's own handler). A move's
time is from the click to the slowest other page's log first showing it (more lines than before the click, and
a newer last line): the path click -> the mover's kernel -> the class-table socket -> each other seat's kernel
-> its widgets' messages -> its page's DOM. Printed: median and p95 over the moves, with the load average.

The load factored in: after each move, the same other pages each make a trivial widget change (the hidden name box
typed in) and time its kernel's echo (an init script notes, in the page's clock, the websocket message carrying it):
each move's row prints that round trip, the move's multiple of it and the 1-minute load average, and the summary
the ratio (median of the moves' multiples; p95 over p95). Also printed: the CPU per move of the server, its
kernels, Chromium's renderers and the rest of Chromium (psutil, over the moves and their round trips). The bench
asks each page whether it has shown the move every 50 ms (Playwright's default, every animation frame, kept the
four pages drawing frames for the bench: the earlier runs below were slower by that).

``--trace TRACE.json``: a Chromium performance trace of the moves (every page's renderer, with the sampling
profiler) is written there and bench/page_trace.py prints each page's main-thread time by kind (script, paint,
layout, style, parse, gc, the messages arriving), its CPU beside its wall time, and the profiler's hottest
functions and files. The trace's overhead makes that run's timings no measurement.

``--with-socket-class``: bench_class_table's class of 28 (its 8 tables, each seat a kernel-like client playing
after a 1-2 s pause) plays on the same server meanwhile, so the pages are measured while the class plays; its
own move -> every other seat holding it is printed beside.

Last runs (2026-11-28 20:16-20:20 and 21:00-21:02, ``--moves 12``, the tree before and after the card-face sheet
alternated; the 50 ms polling; ms; CPU per move summed over the four pages' renderers, the four kernels, the server):

    run      load      median   p95   max   trivial round trip   move / round trip   CPU: renderers  kernels  server
    before   2.6-4.3    277     364   523   32 / 59 (med / p95)   x9.3                710             39       52
    after    4.3-3.8    318     400   468   41 / 62               x7.1                694             35       52
    before   3.8-3.9    201     407   460   26 / 34               x8.5                648             38       48
    after    3.9-4.6    342     500   611   51 / 95               x6.8                785             44       65
    before   4.9-3.1    175     258   298   18 / 22               x10.6               614             40       49
    after    3.0-2.8    126     214   215   12 / 46               x10.2               453             31       36

On this 2-core machine the four pages' renderers need ~650-790 ms of CPU a move (each ~160-200 ms; the kernels 40,
the server 50): the pages wait for a core, and a move takes 3-4 times what one page's work alone would. The trace
(``--trace``) says where one page's main thread goes, per move: ~120-140 ms of CPU in ~350 ms of task time (the
rest waiting for a core), of it paint ~35 ms (15-20 frames a move, about one per widget message that changes the
page), task overhead ~30, script ~25 (widgets' views; the HTML widgets' updates, their parsing included, ~10-15;
the focus keeper's layout reads ~10 on a page whose card was just played), the arriving messages ~15, GC ~10,
layout ~8, style and the document parser ~1 each. The card-face sheet cut a page's bytes a move by a third
(bench: 17 to 11 kB at a table), not its CPU measurably: the SVG's parsing was a small part.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import psutil  # noqa: E402
from playwright.sync_api import Locator, Page, expect, sync_playwright  # noqa: E402

from bench.bench_app_load import BROWSER_ARGS  # noqa: E402
from bench.bench_class_table import Server, Table, open_tables, play_on  # noqa: E402
from bench.measure import load_average, percentile  # noqa: E402
from bench.page_trace import CATEGORIES, breakdown  # noqa: E402
from bench.page_trace import FROM_MARK as TRACE_FROM  # noqa: E402
from tests.browser.table_page import button  # noqa: E402
from tests.browser.test_class_table import (PEOPLE, ROUND_MOVES, SLOW, active_seat, join_by_link,  # noqa: E402
                                            move, open_table)
from tests.conftest import CHROMIUM, VOILA_STATIC_PROBE, free_port, record_errors, wait_for_url  # noqa: E402

# Installed on each page's table once it is seated: every change of the log, timed in the page's clock. The log
# is the older lines (one <div> each, in blocks) and the last rows (their text; empty rows are not in use).
_WATCH_LOG = """(root) => {
  const log = () => {
    const old = root.querySelectorAll('.parlour-log-old .widget-html-content > div').length;
    const rows = [...root.querySelectorAll('.parlour-log-row .widget-html')]
      .map(row => row.textContent.trim()).filter(Boolean);
    return {count: old + rows.length, last: rows.length ? rows[rows.length - 1] : ''};
  };
  const now = () => performance.timeOrigin + performance.now();
  let seen = log();
  window.parlourLog = [{at: now(), ...seen}];
  new MutationObserver(() => {
    const shown = log();
    if (shown.count !== seen.count || shown.last !== seen.last) {
      seen = shown;
      window.parlourLog.push({at: now(), ...shown});
    }
  }).observe(root, {subtree: true, childList: true, characterData: true});
  window.parlourClickAt = 0;
  document.addEventListener('click', () => { window.parlourClickAt = now(); }, true);
}"""

# Installed before each page loads: the time each kernel message holding a marker arrives (the echo of a trivial
# widget change), so a page's round trip to its kernel is timed in the page's clock beside its moves.
_WATCH_ECHO = """() => {
  window.parlourEchoes = {};
  window.parlourWaitingFor = null;
  const Real = window.WebSocket;
  const decoder = new TextDecoder();
  window.WebSocket = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        const marker = window.parlourWaitingFor;
        if (!marker) return;
        const text = typeof event.data === 'string' ? event.data : decoder.decode(event.data);
        if (text.includes(marker)) {
          window.parlourEchoes[marker] = performance.timeOrigin + performance.now();
          window.parlourWaitingFor = null;
        }
      });
    }
  };
}"""

# A trivial widget change: the (hidden, while seated) name box typed in; its kernel echoes the value back.
_TRIVIAL_CHANGE = """(marker) => {
  const box = document.querySelector('.parlour-class-table input[type=text]');
  window.parlourWaitingFor = marker;
  const at = performance.timeOrigin + performance.now();
  box.value = marker;
  box.dispatchEvent(new Event('input', {bubbles: true}));
  return at;
}"""

# The first time after ``since`` that the log differs from ``before`` in both its length and its last line.
_SHOWN_AT = """([since, before]) => {
  const change = window.parlourLog.find(e => e.at >= since && e.count !== before.count && e.last !== before.last);
  return change ? change.at : null;
}"""


#: how often the bench asks a page whether it has shown the move (the page times it itself): Playwright's default,
#: every animation frame, kept four pages drawing frames for the bench throughout
POLL_MS = 50


def cpu_by_kind(server: psutil.Process, browser_pids: set[int]) -> dict[str, float]:
    """CPU seconds so far of the server's processes (the Voila server, its kernels) and of Chromium's (renderers,
    the rest), by kind."""
    found: dict[str, float] = {}

    def add(kind: str, process: psutil.Process) -> None:
        try:
            found[kind] = found.get(kind, 0.0) + float(sum(process.cpu_times()[:2]))
        except psutil.Error:
            pass
    add("Voila server", server)
    for child in server.children(recursive=True):
        add("kernels", child)
    for pid in browser_pids:
        try:
            process = psutil.Process(pid)
            add("Chromium renderers" if "--type=renderer" in " ".join(process.cmdline()) else "Chromium, the rest",
                process)
        except psutil.Error:
            pass
    return found


def chromium_pids() -> set[int]:
    """The Chromium processes now running (this bench's, started by it: read before and after)."""
    return {p.pid for p in psutil.process_iter(["name"]) if (p.info["name"] or "").startswith(("chrom", "headless"))}


def shown_log(page: Page) -> dict[str, Any]:
    return page.evaluate("() => window.parlourLog[window.parlourLog.length - 1]")


def seat_pages(browser: Any, base: str, count: int) -> tuple[list[Page], list[Locator]]:
    """``count`` people at one Jabberwocky class table, the first its host; each page's table, watched."""
    pages = []
    for _ in range(count):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(f"({_WATCH_ECHO})()")
        page = context.new_page()
        record_errors(page)
        pages.append(page)
    host, code = open_table(pages[0], base, PEOPLE[0])
    # one page after another: four pages loaded at once once showed "model not found" for the table's widgets
    tables = [host] + [join_by_link(page, base, code, name) for page, name in zip(pages[1:], PEOPLE[1:])]
    expect(tables[0].locator(".parlour-seat-row[data-person='1']")).to_have_count(count, timeout=SLOW)
    button(tables[0], "Start").click()
    active_seat(tables[0])
    for table in tables:
        table.evaluate(_WATCH_LOG)
    return pages, tables


def round_trip(pages: list[Page], which: list[int], label: str) -> float:
    """ms from a trivial widget change on each of these pages to its kernel's echo reaching it: the slowest."""
    started = {k: pages[k].evaluate(_TRIVIAL_CHANGE, f"{label}-{k}") for k in which}
    done = [pages[k].wait_for_function("(m) => window.parlourEchoes[m] || null", arg=f"{label}-{k}",
                                       polling=POLL_MS, timeout=SLOW).json_value() - started[k] for k in which]
    return max(done)


def play_measured(pages: list[Page], tables: list[Locator], moves: int,
                  pause: float) -> tuple[list[float], list[float], list[float]]:
    """Play ``moves`` moves of round 1; ms from each page's click to the slowest other page showing it, and to
    the mover's own page showing it (its kernel's answer alone, the part of the path that is not the socket);
    after each move, the same other pages' round trip for a trivial widget change (the load's share)."""
    times: list[float] = []
    own: list[float] = []
    trips: list[float] = []
    made = 0
    while made < moves:
        actor = active_seat(tables[0])
        if actor >= len(pages):  # a bot's seat: wait for the table to move on
            tables[0].locator(f".jw-seat.parlour-seat--active[data-seat='{actor}']").wait_for(state="detached",
                                                                                              timeout=SLOW)
            continue
        time.sleep(pause)
        others = [k for k in range(len(pages)) if k != actor]
        before = {k: shown_log(pages[k]) for k in range(len(pages))}
        last = made + 1 == ROUND_MOVES
        move(tables[actor], actor, last=last)
        clicked = pages[actor].evaluate("() => window.parlourClickAt")
        shown = [pages[k].wait_for_function(_SHOWN_AT, arg=[clicked, before[k]], polling=POLL_MS,
                                            timeout=SLOW).json_value()
                 for k in others]
        times.append(max(shown) - clicked)
        own.append(pages[actor].wait_for_function(_SHOWN_AT, arg=[clicked, before[actor]], polling=POLL_MS,
                                                  timeout=SLOW).json_value() - clicked)
        made += 1
        time.sleep(pause / 2)
        trips.append(round_trip(pages, others, f"parlour-rt-{made}"))
        print(f"  move {made:>2} by seat {actor}: {times[-1]:6.1f} ms to every other page, {own[-1]:6.1f} ms to its "
              f"own; a trivial change's round trip {trips[-1]:6.1f} ms (x{times[-1] / max(trips[-1], 0.1):.1f})"
              f"  (load {os.getloadavg()[0]:.1f})", flush=True)
    return times, own, trips


class SocketClass:
    """bench_class_table's class (its 8 tables of kernel-like clients) playing on the same server, in a thread."""

    def __init__(self, url: str, key: str, tables: int) -> None:
        self.url, self.key, self.count = url, key, tables
        self.tables: list[Table] = []
        self.ready = threading.Event()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)

    async def _run(self) -> None:
        self.tables = await open_tables(self.url, self.key, self.count)
        self.ready.set()
        while not self.stop.is_set():
            await play_on(self.tables, time.monotonic() + 1)
        for table in self.tables:
            for seat in table.seats:
                seat.connection.close()

    def latencies_ms(self) -> list[float]:
        return [s * 1000 for t in self.tables for s in t.latencies]


def _figures(label: str, times: list[float]) -> str:
    if not times:
        return f"{label}: no moves measured"
    return (f"{label}: {len(times)} moves, median {percentile(times, 0.5):.0f} ms, "
            f"p95 {percentile(times, 0.95):.0f} ms, max {max(times):.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=4, choices=(2, 3, 4), help="Chromium pages at the table")
    parser.add_argument("--moves", type=int, default=ROUND_MOVES, help=f"moves timed (at most round 1's {ROUND_MOVES})")
    parser.add_argument("--pause", type=float, default=1.0, help="seconds a person looks before each move")
    parser.add_argument("--with-socket-class", action="store_true",
                        help="bench_class_table's class of 28 plays on the same server meanwhile")
    parser.add_argument("--socket-tables", type=int, default=8)
    parser.add_argument("--trace", type=Path, help="record a Chromium performance trace of the moves here, and print "
                        "where each page's main thread spent them (bench/page_trace.py)")
    args = parser.parse_args()
    moves = max(1, min(args.moves, ROUND_MOVES))
    key = secrets.token_hex(32)
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    socket_class: SocketClass | None = None
    with tempfile.TemporaryDirectory() as state:
        server = Server(port, state, key)
        server.start()
        try:
            assert server.process is not None
            wait_for_url(base + VOILA_STATIC_PROBE, 120, server.process)
            if args.with_socket_class:
                socket_class = SocketClass(f"ws://127.0.0.1:{port}/parlour/class-table/socket", key,
                                           args.socket_tables)
                socket_class.thread.start()
                if not socket_class.ready.wait(120):
                    raise SystemExit("the socket class did not sit down")
            with sync_playwright() as pw:
                others = chromium_pids()
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS, headless=True)
                try:
                    started = load_average()
                    pages, tables = seat_pages(browser, base, args.pages)
                    print(f"{args.pages} pages seated at one Jabberwocky table (load {started} at the start)"
                          + (f"; the socket class: {sum(len(t.seats) for t in socket_class.tables)} people at "
                             f"{len(socket_class.tables)} tables" if socket_class else ""), flush=True)
                    if args.trace:
                        browser.start_tracing(path=str(args.trace), categories=CATEGORIES.split(","))
                        time.sleep(2)  # the profiler's start is not the pages' work
                        for k, page in enumerate(pages):  # each renderer named in the trace by its seat
                            page.evaluate("(name) => performance.mark(name)", f"{TRACE_FROM}seat {k}")
                    mine = chromium_pids() - others
                    cpu_before = cpu_by_kind(psutil.Process(server.process.pid), mine)
                    times, own, trips = play_measured(pages, tables, moves, args.pause)
                    cpu_after = cpu_by_kind(psutil.Process(server.process.pid), mine)
                    if args.trace:
                        browser.stop_tracing()
                    crashes = [e for page in pages for e in page.errors if e.startswith("pageerror")]
                finally:
                    for context in browser.contexts:
                        for page in context.pages:
                            page.close(run_before_unload=True)  # Voilà's unload beacon frees the kernel
                    browser.close()
        finally:
            if socket_class is not None:
                socket_class.stop.set()
                socket_class.thread.join(10)
            server.stop()
    print(_figures("click -> every other page's log shows the move", times) + f"; load {load_average()}")
    print(_figures("click -> the mover's own page shows it", own))
    if times:
        print("CPU per move (ms, the moves and their round trips):", ", ".join(
            f"{kind} {(cpu_after[kind] - cpu_before.get(kind, 0.0)) * 1000 / len(times):.0f}"
            for kind in sorted(cpu_after)))
    print(_figures("a trivial widget change -> its echo on the same pages (after each move)", trips))
    if trips:
        ratios = [t / max(r, 0.1) for t, r in zip(times, trips)]
        print(f"move / trivial round trip: median x{percentile(ratios, 0.5):.1f}, p95 of the moves over p95 of the "
              f"trips x{percentile(times, 0.95) / max(percentile(trips, 0.95), 0.1):.1f}")
    if args.trace:
        print(f"trace {args.trace}:", breakdown(args.trace), sep="\n")
    if socket_class is not None:
        print(_figures("the socket class meanwhile: move -> every other seat holds it", socket_class.latencies_ms()))
    if crashes:
        print("page errors:", *crashes[:5], sep="\n  ")


if __name__ == "__main__":
    main()
