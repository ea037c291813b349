"""Where a Chromium page's main thread spends a class table's moves: a performance trace, summed by kind.

    .venv/bin/python bench/page_trace.py TRACE.json [--pid PID]

Not a benchmark itself: ``bench/bench_class_table_pages.py --trace TRACE.json`` records the trace (Playwright's
``browser.start_tracing``, every page's renderer) and prints this breakdown. Each renderer's main thread
(``CrRendererMain``) is read as a stack of timed events; an event's SELF time (its time minus its children's) is
counted under one kind:

- script: the widgets' JavaScript (message handling, views' updates; native work a script does inline, such as
  ``innerHTML`` parsing its HTML and SVG, counts here: it has no event of its own), split further by the
  sampling profiler's stacks (which file or function the samples were in);
- style: style recalculation; layout: layout (a forced one, read by a script, is inside the script's call);
- paint: pre-paint, paint, layerize, image decoding, commit to the compositor;
- parse: the document parser and stylesheet parsing (``ParseHTML``, ``ParseAuthorStyleSheet``);
- gc: the garbage collector;
- other: the rest of the tasks' own time (the task runner, IPC).

The busy time is the tasks' time (``RunTask``); the rest of a move's wall time is the page waiting: for the
kernel's messages, or for the CPU under load (``--cpu`` in the output: the renderer's thread CPU time beside its
wall time, where the trace has it).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Iterable

CATEGORIES = ",".join([
    "devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.frame",
    "v8.execute", "blink.user_timing", "toplevel", "disabled-by-default-v8.cpu_profiler", "v8", "blink"])

KINDS = {
    "script": ("FunctionCall", "EvaluateScript", "v8.compile", "V8.Execute", "RunMicrotasks", "EventDispatch",
               "TimerFire", "FireAnimationFrame", "v8.run", "v8.callFunction", "v8.evaluateModule",
               "V8.CompileCode", "v8.produceCache", "v8.compileModule", "HandlePostMessage", "FireIdleCallback",
               "XHRReadyStateChange", "v8.newInstance", "ParseScriptOnBackground"),
    "style": ("UpdateLayoutTree", "RecalculateStyles", "ScheduleStyleRecalculation", "InvalidateLayout",
              "StyleRecalcInvalidationTracking", "StyleInvalidatorInvalidationTracking"),
    "layout": ("Layout", "UpdateLayoutTree.Layout", "LayoutShift",
               "IntersectionObserverController::computeIntersections",
               "ComputeIntersections", "HitTest"),
    "paint": ("Paint", "PrePaint", "PaintImage", "Layerize", "UpdateLayer", "UpdateLayerTree", "Commit",
              "Decode Image", "ImageDecodeTask", "Decode LazyPixelRef", "CompositeLayers", "PaintSetup",
              "RasterTask", "Draw LazyPixelRef", "Animation Frame Fired"),
    "parse": ("ParseHTML", "ParseAuthorStyleSheet"),
    "gc": ("MinorGC", "MajorGC", "V8.GCScavenger", "V8.GCIncrementalMarking", "V8.GCFinalizeMC",
           "V8.GCCompactor", "BlinkGC.AtomicPhase", "ThreadState::performIdleLazySweep", "V8.GC_MC_BACKGROUND_MARKING",
           "BlinkGC.CompleteSweep", "V8.GCFinalizeMCReduceMemory", "V8.GCIncrementalMarkingFinalize",
           "V8.GCIncrementalMarkingStart", "CppGC.AtomicPhase"),
}
_KIND_OF = {name: kind for kind, names in KINDS.items() for name in names}
#: by the start of an event's name, for the names not listed above
_PREFIXES = (("V8.GC", "gc"), ("BlinkGC", "gc"), ("CppGC", "gc"), ("Blink.PrePaint", "paint"),
             ("Blink.Compositing", "paint"), ("Blink.Paint", "paint"), ("PaintArtifactCompositor", "paint"),
             ("Layerize", "paint"), ("LocalFrameView::performLayout", "layout"), ("LocalFrameView::RunPostLayout",
             "layout"), ("Blink.Layout", "layout"), ("Document::updateStyle", "style"), ("Blink.Style", "style"),
             ("BlinkScheduler_PerformMicrotaskCheckpoint", "script"), ("V8.", "script"), ("v8.", "script"),
             ("Receive mojo message", "messages in"), ("CpuProfiler", "profiler"))


def kind_of(name: str) -> str:
    """The kind an event's self time counts under."""
    if name in _KIND_OF:
        return _KIND_OF[name]
    return next((kind for prefix, kind in _PREFIXES if name.startswith(prefix)), "other")


#: the bench marks each page with this (``performance.mark``) once its trace is running: time before it is not read
FROM_MARK = "parlour-trace-from-"


def _events(path: Path) -> list[dict[str, Any]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return data["traceEvents"] if isinstance(data, dict) else data


def renderer_main_threads(events: Iterable[dict[str, Any]]) -> dict[int, int]:
    """{pid: tid} of every renderer's main thread, from the trace's metadata."""
    return {e["pid"]: e["tid"] for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}


def marked_from(events: list[dict[str, Any]]) -> dict[int, tuple[str, float]]:
    """{pid: (the page's name, the time of its FROM_MARK)} for the pages the bench marked."""
    found = {}
    for e in events:
        if e.get("name", "").startswith(FROM_MARK) and e.get("ph") in ("R", "I", "n", "b", "X"):
            found.setdefault(e["pid"], (e["name"][len(FROM_MARK):], e["ts"]))
    return found


def self_times(events: list[dict[str, Any]], pid: int, tid: int,
               since: float = 0.0) -> tuple[Counter[str], Counter[str], float, float]:
    """(self wall ms by event name, self thread-CPU ms by event name, the tasks' wall ms, the tasks' CPU ms) on
    one thread, from ``since`` (the trace's clock). An event's CPU time is the trace's ``tdur`` where it has one."""
    mine = [e for e in events if e.get("pid") == pid and e.get("tid") == tid and e.get("ph") in ("X", "B", "E")
            and e["ts"] >= since]
    spans: list[tuple[float, float, str, float]] = []  # start, end, name, thread cpu duration
    open_: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for e in sorted(mine, key=lambda e: e["ts"]):
        if e["ph"] == "X" and "dur" in e:
            spans.append((e["ts"], e["ts"] + e["dur"], e["name"], e.get("tdur", 0.0)))
        elif e["ph"] == "B":
            open_[e["name"]].append(e)
        elif e["ph"] == "E" and open_[e["name"]]:
            b = open_[e["name"]].pop()
            spans.append((b["ts"], e["ts"], e["name"], max(0.0, e.get("tts", 0.0) - b.get("tts", 0.0))))
    spans.sort(key=lambda s: (s[0], -s[1]))
    walls: Counter[str] = Counter()
    cpus: Counter[str] = Counter()
    stack: list[list[Any]] = []  # [end, name, own wall so far, own cpu so far]
    tasks = cpu = 0.0

    def close(frame: list[Any]) -> None:
        walls[frame[1]] += frame[2]
        cpus[frame[1]] += max(frame[3], 0.0)

    for start, end, name, tdur in spans:
        while stack and stack[-1][0] <= start:
            close(stack.pop())
        if stack:
            stack[-1][2] -= min(end, stack[-1][0]) - start
            stack[-1][3] -= tdur
        elif name in ("RunTask", "ThreadControllerImpl::RunTask", "ThreadPool_RunTask"):
            tasks += end - start
            cpu += tdur
        stack.append([end, name, end - start, tdur])
    while stack:
        close(stack.pop())
    return (Counter({k: v / 1000 for k, v in walls.items()}), Counter({k: v / 1000 for k, v in cpus.items()}),
            tasks / 1000, cpu / 1000)


def frames(events: list[dict[str, Any]], pid: int, tid: int, since: float = 0.0) -> int:
    """How many frames the page's main thread painted (its ``Paint`` steps' parents: one per frame)."""
    return sum(1 for e in events if e.get("pid") == pid and e.get("tid") == tid and e.get("ts", 0) >= since
               and e.get("name") in ("UpdateLayoutTree", "PrePaint") and e.get("ph") == "X")


def profile_samples(events: list[dict[str, Any]], pid: int, tid: int,
                    since: float = 0.0) -> tuple[Counter[str], Counter[str], float]:
    """The sampling profiler's time on one thread from ``since``: (ms by the file or function on top of the stack,
    ms by every file in the stack (inclusive), the sampling interval's ms)."""
    nodes: dict[int, dict[str, Any]] = {}
    top: Counter[str] = Counter()
    inclusive: Counter[str] = Counter()
    total_delta = 0.0
    count = 0
    chunk_start: dict[Any, float] = {}  # a profile's samples count their times from its "Profile" event
    for e in events:
        if e.get("pid") == pid and e.get("name") == "Profile":
            chunk_start[e.get("id")] = e.get("args", {}).get("data", {}).get("startTime", e["ts"])
        if e.get("pid") != pid or e.get("name") != "ProfileChunk":
            continue
        if e.get("tid") != tid and e.get("args", {}).get("data", {}).get("cpuProfile") is None:
            continue
        data = e["args"]["data"]
        profile = data.get("cpuProfile", {})
        for node in profile.get("nodes", []):
            nodes[node["id"]] = node
        deltas = data.get("timeDeltas", [])
        at = chunk_start.get(e.get("id"), e["ts"])
        for sample, delta in zip(profile.get("samples", []), deltas):
            at += delta
            chunk_start[e.get("id")] = at  # the next chunk's deltas go on from here
            ms = max(delta, 0) / 1000
            if at < since:
                continue
            total_delta += ms
            count += 1
            chain = []
            n: dict[str, Any] | None = nodes.get(sample)
            while n is not None:
                chain.append(n)
                n = nodes.get(n.get("parent", -1))
            if not chain:
                continue
            top[_where(chain[0])] += ms
            for place in {_file(n) for n in chain}:
                inclusive[place] += ms
    return top, inclusive, total_delta / count if count else 0.0


def _file(node: dict[str, Any]) -> str:
    url = node.get("callFrame", {}).get("url", "")
    return url.rsplit("/", 1)[-1][:60] if url else "(native)"


def _where(node: dict[str, Any]) -> str:
    frame = node.get("callFrame", {})
    return f"{frame.get('functionName') or '(anonymous)'} @ {_file(node)}"


def breakdown(path: Path, pid: int | None = None) -> str:
    """The trace's main-thread time by kind, for each renderer (or one), as lines of text."""
    events = _events(path)
    threads = renderer_main_threads(events)
    marks = marked_from(events)
    lines = []
    for p, tid in sorted(threads.items()):
        if (pid is not None and p != pid) or (pid is None and marks and p not in marks):
            continue
        name, since = marks.get(p, (str(p), 0.0))
        selfs, cpus, tasks, cpu = self_times(events, p, tid, since)
        if tasks < 50:
            continue
        kinds: Counter[str] = Counter()
        for event, ms in cpus.items():
            kinds[kind_of(event)] += ms
        end = max((e["ts"] + e.get("dur", 0) for e in events if e.get("pid") == p and e.get("tid") == tid
                   and "ts" in e), default=since)
        lines.append(f"page {name} (renderer {p}), {(end - since) / 1000:,.0f} ms traced: main thread busy "
                     f"{tasks:,.0f} ms, of which on a CPU {cpu:,.0f} ms (the rest waited for one); "
                     f"{frames(events, p, tid, since)} frames - CPU by kind (self ms): "
                     + ", ".join(f"{k} {v:,.0f}" for k, v in kinds.most_common()))
        named = ", ".join(f"{n} {ms:,.0f}" for n, ms in cpus.most_common(14) if ms >= 1)
        lines.append(f"  largest events (self CPU ms): {named}")
        top, inclusive, interval = profile_samples(events, p, tid, since)
        if top:
            lines.append(f"  profiler, top of stack (ms, sampled every {interval:.2f} ms): "
                         + "; ".join(f"{k} {v:,.0f}" for k, v in top.most_common(12)))
            lines.append("  profiler, files anywhere in the stack (ms): "
                         + "; ".join(f"{k} {v:,.0f}" for k, v in inclusive.most_common(12)))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trace", type=Path)
    parser.add_argument("--pid", type=int, help="one renderer only (and from the start of the trace)")
    args = parser.parse_args()
    print(breakdown(args.trace, args.pid))


if __name__ == "__main__":
    main()
