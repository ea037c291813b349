"""The page-load benches time a page by the page's own clock (bench/bench_app_load.py, ``time_to``).

Playwright's wait for a selector looks at 0.27 s and then every 0.5 s, which added up to half a second
to the bench's figures. These checks hold the in-page watcher to what it claims: it reports the first
frame that shows a *visible* match, never before the page showed it and never after Playwright saw it.
No time is asserted beyond that order.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import sys
import threading
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
_spec = importlib.util.spec_from_file_location("bench_app_load", ROOT / "bench" / "bench_app_load.py")
assert _spec and _spec.loader
bench_app_load = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_app_load)

SHOW_AFTER_MS = 600
# A matching element is in the page from the start but hidden (display:none, then visibility:hidden):
# only the one shown after SHOW_AFTER_MS may count, and the page notes when it showed it.
PAGE = f"""<!doctype html><html><body>
<button class="lit" style="display:none">hidden</button>
<script>
setTimeout(() => {{
  document.body.insertAdjacentHTML('beforeend', '<button class="lit" style="visibility:hidden">ghost</button>');
}}, {SHOW_AFTER_MS // 2});
setTimeout(() => {{
  document.body.insertAdjacentHTML('beforeend', '<button class="lit">Ready</button>');
  window.shownAt = performance.now();
}}, {SHOW_AFTER_MS});
</script></body></html>"""


@pytest.fixture
def page_url(tmp_path):
    (tmp_path / "index.html").write_text(PAGE)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *args: None  # type: ignore[attr-defined]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
    server.shutdown()


def test_the_page_clock_reports_the_first_visible_match(page, page_url):
    start = time.perf_counter()
    seconds = bench_app_load.time_to(page, page_url, ".lit")
    waited = time.perf_counter() - start
    shown_s = page.evaluate("window.shownAt") / 1000
    assert page.locator(".lit:visible").count() == 1
    assert shown_s >= SHOW_AFTER_MS / 1000  # the hidden and invisible matches did not count
    assert shown_s <= seconds <= waited, (shown_s, seconds, waited)
