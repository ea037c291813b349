"""A browser profile for one visitor: on disk, as a real browser keeps one, or incognito.

Not a benchmark itself. The static site's bench (bench_site.py) opens every visitor through
``browser_profile``; the app-load bench keeps to incognito contexts (a first visit, or a student's first
lesson from the gallery, runs no script from a code cache either way).

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

from other_work import OwnTree

PROFILES = ("disk", "incognito")
#: A new Chromium's own start (its profile, and the address bar's page, which even a headless Chromium
#: builds) takes a core for about a second: a page timed meanwhile would share it.
SETTLED_CORES, SETTLE_LIMIT_S = 0.1, 10.0


def settle(window: float = 0.5) -> None:
    """Until this bench's process tree (its browsers, servers and kernels) uses under ``SETTLED_CORES``
    over ``window`` seconds, at most ``SETTLE_LIMIT_S``."""
    own = OwnTree(psutil.Process(os.getpid()))
    deadline = time.monotonic() + SETTLE_LIMIT_S
    while time.monotonic() < deadline:
        before = own.sample()
        time.sleep(window)
        if (own.sample() - before) / window < SETTLED_CORES:
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
