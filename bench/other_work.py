"""How busy the rest of the machine was while a bench measured: its own processes aside.

A browser bench raises the load average by itself (Chromium, the server, the kernels), so the load
average cannot say whether *other* work shared the cores. This can: the machine's busy CPU-seconds over
an interval, less those of the bench's own process tree (the bench, the servers and browsers it started,
their kernels and tabs), per second of the interval. 0.0 is a quiet machine; 1.0 is one core's worth of
someone else's work.

The tree is sampled every ``SAMPLE_S`` and each process's CPU is kept as last seen, so a process still
counts after it left the tree: when a browser closes, its zygotes outlive it for a moment, are handed
to init, and would otherwise take their tabs' CPU-seconds with them (the bench's disk profiles start
and close a Chromium per visitor). A process that lives less than one sample is missed.
"""

from __future__ import annotations

import os
import threading
import time

import psutil

#: At most this many cores of other work and a row's seconds are a quiet machine's.
QUIET_CORES = 0.25
SAMPLE_S = 0.5


def _machine_busy() -> float:
    t = psutil.cpu_times()
    return sum(t) - t.idle - getattr(t, "iowait", 0.0)


class OwnTree:
    """CPU-seconds of every process seen in the tree under ``root`` (its own time, not its reaped
    children's: those were seen themselves), as of the last ``sample()``."""

    def __init__(self, root: psutil.Process) -> None:
        self._root = root
        self._seen: dict[tuple[int, float], float] = {}
        self._lock = threading.Lock()

    def sample(self) -> float:
        with self._lock:
            for p in [self._root, *self._root.children(recursive=True)]:
                try:
                    key = (p.pid, p.create_time())
                    t = p.cpu_times()
                    self._seen[key] = max(self._seen.get(key, 0.0), t.user + t.system)
                except psutil.Error:  # it ended while we looked: its last sample stands
                    pass
            return sum(self._seen.values())


class OtherWork:
    """``with OtherWork() as w: ...`` then ``w.cores``: the other work's cores over the block (or
    ``w.now()`` while it runs)."""

    def __init__(self) -> None:
        self._own = OwnTree(psutil.Process(os.getpid()))
        self._stop = threading.Event()
        self.cores = 0.0

    def _sample(self) -> tuple[float, float, float]:
        return time.monotonic(), _machine_busy(), self._own.sample()

    def _watch(self) -> None:
        while not self._stop.wait(SAMPLE_S):
            self._own.sample()

    def __enter__(self) -> OtherWork:
        self._start = self._sample()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()
        return self

    def now(self) -> float:
        t1, busy1, own1 = self._sample()
        t0, busy0, own0 = self._start
        return max(0.0, ((busy1 - busy0) - (own1 - own0)) / max(t1 - t0, 1e-9))

    def __exit__(self, *exc: object) -> None:
        self.cores = self.now()
        self._stop.set()
        self._thread.join()

    @property
    def quiet(self) -> bool:
        return self.cores <= QUIET_CORES
