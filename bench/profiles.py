"""A browser profile for one visitor: on disk, as a real browser keeps one, or incognito.

Not a benchmark itself. The page benches open every visitor through ``browser_profile`` so that
"first visit" and "cached visit" mean the same thing in each of their tables.

Why the kind matters: Chromium keeps, per profile, both the files it fetched and V8's code cache (the
compiled form of a script, made the second time the script runs and used from the third). A Playwright
context is an incognito profile: its cache keeps the files but no compiled code, so every visit compiles
every script again (traced: Voilà's app chunk, and Pyodide's 9 MB wasm on the static site). A profile
folder on disk keeps both, as the browser of a student or a visitor does.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from contextlib import contextmanager
from typing import Iterator

import psutil

PROFILES = ("disk", "incognito")
#: A new Chromium's own start (its profile, and the address bar's page, which even a headless Chromium
#: builds) takes a core for about a second: a page timed meanwhile would share it.
SETTLED_CORES, SETTLE_LIMIT_S = 0.1, 10.0


def _tree_cpu() -> float:
    me = psutil.Process(os.getpid())
    total = 0.0
    for p in [me, *me.children(recursive=True)]:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.Error:
            pass
    return total


def settle(window: float = 0.5) -> None:
    """Until this bench's process tree (its browsers, servers and kernels) uses under ``SETTLED_CORES``
    over ``window`` seconds, at most ``SETTLE_LIMIT_S``."""
    deadline = time.monotonic() + SETTLE_LIMIT_S
    while time.monotonic() < deadline:
        before = _tree_cpu()
        time.sleep(window)
        if (_tree_cpu() - before) / window < SETTLED_CORES:
            return


@contextmanager
def browser_profile(pw, browser, profile: str, executable: str, args: list[str],
                    viewport: dict[str, int] | None = None) -> Iterator:
    """A browser context nobody has used, ready to time a page in: ``"disk"``, a new profile folder (a new
    Chromium, settled after its start; removed on leaving); ``"incognito"``, a new context of ``browser``."""
    if profile not in PROFILES:
        raise ValueError(f"profile must be one of {', '.join(PROFILES)}, not {profile!r}")
    folder = None
    if profile == "disk":
        folder = tempfile.mkdtemp(prefix="parlour-profile-")
        context = pw.chromium.launch_persistent_context(folder, executable_path=executable, args=args,
                                                        **({"viewport": viewport} if viewport else {}))
        for page in context.pages:  # a persistent profile opens with a blank tab
            page.close()
        settle()
    else:
        context = browser.new_context(**({"viewport": viewport} if viewport else {}))
    try:
        yield context
    finally:
        context.close()
        if folder:
            shutil.rmtree(folder, ignore_errors=True)
