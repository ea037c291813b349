"""How busy the rest of the machine was while a bench measured: its own processes aside.

A browser bench raises the load average by itself (Chromium, the server, the kernels), so the load
average cannot say whether *other* work shared the cores. This can: the machine's busy CPU-seconds over
an interval, less those of the bench's own process tree (the bench, the servers and browsers it started,
their kernels and tabs, including those that ended and were reaped inside the tree), per second of the
interval. 0.0 is a quiet machine; 1.0 is one core's worth of someone else's work.
"""

from __future__ import annotations

import os
import time

import psutil

#: At most this many cores of other work and a row's seconds are a quiet machine's.
QUIET_CORES = 0.25


def _machine_busy() -> float:
    t = psutil.cpu_times()
    return sum(t) - t.idle - getattr(t, "iowait", 0.0)


def _tree_cpu(root: psutil.Process) -> float:
    """CPU-seconds of ``root`` and every process below it, each with its reaped children's."""
    total = 0.0
    for p in [root, *root.children(recursive=True)]:
        try:
            t = p.cpu_times()
            total += t.user + t.system + t.children_user + t.children_system
        except psutil.Error:  # it ended while we looked: its time is in its parent's children_* next time
            pass
    return total


class OtherWork:
    """``with OtherWork() as w: ...`` then ``w.cores``: the other work's cores over the block (or
    ``w.now()`` while it runs)."""

    def __init__(self) -> None:
        self._root = psutil.Process(os.getpid())
        self.cores = 0.0

    def _sample(self) -> tuple[float, float, float]:
        return time.monotonic(), _machine_busy(), _tree_cpu(self._root)

    def __enter__(self) -> OtherWork:
        self._start = self._sample()
        return self

    def now(self) -> float:
        t1, busy1, own1 = self._sample()
        t0, busy0, own0 = self._start
        return max(0.0, ((busy1 - busy0) - (own1 - own0)) / max(t1 - t0, 1e-9))

    def __exit__(self, *exc: object) -> None:
        self.cores = self.now()

    @property
    def quiet(self) -> bool:
        return self.cores <= QUIET_CORES
