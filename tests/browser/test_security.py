"""What a student, or a web page in another tab, can do to the standalone app: as little as possible.

Each finding of the security review in deploy/README.md ("What each route promises") that can
be shown on loopback is a test here, against the app as ``./run app`` serves it (voila.json,
widgets/server/):

- DNS rebinding: a request whose ``Host`` is another site's name is refused (403).
- XSRF stays on: a POST or DELETE without the page's token cannot shut a kernel down; the
  page's own unload beacon, which carries it, can (tests/browser/test_kernels.py closes pages).
- The kernel websocket passes widget messages only: ``execute_request`` never runs.
- No route serves a file outside ``lessons/``' images, nor a notebook's source.
- A flood of GETs starts at most ``max_kernels`` kernels; past the cap a page says the server
  is full; kernels no page ever connected to are culled quickly.
- Errors in a notebook show no traceback.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import re
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest
import requests

from tests.conftest import VOILA_START_TIMEOUT, VOILA_STATIC_PROBE

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


def _get(base: str, path: str, **headers: str) -> tuple[int, str]:
    host, port = base.split("//")[1].strip("/").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=120)
    try:
        conn.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", headers.pop("Host", f"{host}:{port}"))
        for name, value in headers.items():
            conn.putheader(name, value)
        conn.endheaders()
        resp = conn.getresponse()
        return resp.status, resp.read().decode("utf-8", "replace")
    finally:
        conn.close()


def open_page(base: str, notebook: str = "index.ipynb") -> tuple[requests.Session, str, str]:
    """GET a page as a browser would: (session with its cookies, kernel id, _xsrf token)."""
    session = requests.Session()
    resp = session.get(base + "voila/render/" + notebook, timeout=180)
    assert resp.status_code == 200, resp.text[-2000:]
    kernel_id = re.search(r'"kernelId": "([0-9a-f-]{36})"', resp.text).group(1)
    return session, kernel_id, session.cookies["_xsrf"]


def kernel_alive(base: str, session: requests.Session, kernel_id: str) -> bool:
    return session.get(f"{base}api/kernels/{kernel_id}", timeout=30).status_code == 200


def unload(base: str, session: requests.Session, kernel_id: str, token: str) -> int:
    """What Voilà's page sends on unload: a form POST carrying the _xsrf cookie's value."""
    return session.post(f"{base}voila/api/shutdown/{kernel_id}", data={"_xsrf": token}, timeout=30).status_code


def test_voila_json_keeps_xsrf_on_and_remote_access_off():
    config = json.loads((ROOT / "voila.json").read_text())
    settings = config["Voila"]["tornado_settings"]
    assert "disable_check_xsrf" not in settings
    assert settings["allow_remote_access"] is False
    assert config["VoilaConfiguration"]["show_tracebacks"] is False


def test_a_foreign_host_header_is_refused(voila_server):
    # DNS rebinding: attacker.example resolves to 127.0.0.1 after the page loaded
    # (static files such as voila.js are public and answer any Host; nothing else does)
    for path in ("/voila/render/index.ipynb", "/voila/tree", "/api/kernels/" + str(uuid.uuid4())):
        status, _ = _get(voila_server, path, Host="attacker.example")
        assert status == 403, path
    status, _ = _get(voila_server, "/voila/render/index.ipynb", Host="attacker.example:80")
    assert status == 403
    assert _get(voila_server, "/voila/static/voila.js")[0] == 200
    assert _get(voila_server, "/voila/static/voila.js", Host="localhost")[0] == 200


def test_shutting_a_kernel_down_needs_the_pages_token(voila_server):
    session, kernel_id, token = open_page(voila_server)
    stranger = requests.Session()  # another origin: no cookie, no token
    assert stranger.post(f"{voila_server}voila/api/shutdown/{kernel_id}", timeout=30).status_code == 403
    assert stranger.delete(f"{voila_server}api/kernels/{kernel_id}", timeout=30).status_code == 403
    # the page's own cookie without the token it must echo is not enough either
    assert session.post(f"{voila_server}voila/api/shutdown/{kernel_id}", timeout=30).status_code == 403
    assert kernel_alive(voila_server, session, kernel_id)
    assert unload(voila_server, session, kernel_id, token) == 204  # the unload beacon's request
    assert not kernel_alive(voila_server, session, kernel_id)


async def _talk_to_kernel(ws_url: str, cookie: str, marker: Path) -> tuple[set[str], set[str]]:
    """Send an execute_request and a kernel_info_request; the msg types of replies seen."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    conn = await websocket_connect(HTTPRequest(ws_url, headers={"Cookie": cookie}))

    def msg(msg_type: str, content: dict) -> str:
        return json.dumps({
            "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "", "session": "s",
                       "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "content": content, "channel": "shell", "buffers": [],
        })

    code = f"open({str(marker)!r}, 'w').write('ran')"
    await conn.write_message(msg("execute_request", {"code": code, "silent": False, "store_history": False,
                                                     "user_expressions": {}, "allow_stdin": False}))
    await conn.write_message(msg("kernel_info_request", {}))
    seen: set[str] = set()
    parents: set[str] = set()
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        try:
            raw = await asyncio.wait_for(conn.read_message(), timeout=deadline - time.monotonic())
        except asyncio.TimeoutError:
            break
        if raw is None:
            break
        reply = json.loads(raw)
        seen.add(reply["header"]["msg_type"])
        parents.add(reply.get("parent_header", {}).get("msg_type", ""))
        if "kernel_info_reply" in seen:
            await asyncio.sleep(3)  # give a (wrongly) forwarded execute time to land too
            break
    conn.close()
    return seen, parents


def _run_apart(coro):
    """Run a coroutine on a thread of its own: Playwright's sync API may have left an event loop
    running on this one (asyncio.run refuses to start inside it)."""
    result: dict = {}

    def target() -> None:
        try:
            result["value"] = asyncio.run(coro)
        except BaseException as exc:  # re-raised on the test's thread
            result["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in result:
        raise result["error"]
    return result["value"]


def test_the_kernel_websocket_refuses_execute_request(voila_server, tmp_path):
    session, kernel_id, token = open_page(voila_server)
    try:
        marker = tmp_path / "executed.txt"
        ws_url = voila_server.replace("http://", "ws://") + f"api/kernels/{kernel_id}/channels"
        cookie = "; ".join(f"{k}={v}" for k, v in session.cookies.items())
        seen, parents = _run_apart(_talk_to_kernel(ws_url, cookie, marker))
        assert "kernel_info_reply" in seen, seen  # the channel works for what widgets need …
        assert "execute_reply" not in seen and "execute_request" not in parents, seen  # … and no further
        assert not marker.exists(), "code sent over the websocket ran in the kernel"
    finally:
        unload(voila_server, session, kernel_id, token)


SECRETS = ("[build-system]", "from widgets.gallery import gallery", "root:x:0:0", "PRIVATE KEY")
PROBES = [
    "/voila/files/index.ipynb",
    "/voila/files/../pyproject.toml",
    "/voila/files/%2e%2e/pyproject.toml",
    "/voila/files/..%2fpyproject.toml",
    "/voila/files/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/voila/render/../pyproject.toml",
    "/voila/render/%2e%2e/pyproject.toml",
    "/voila/render/%2e%2e%2fpyproject.toml",
    "/voila/static/../../../../../../etc/passwd",
    "/voila/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/voila/templates/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/voila/labextensions/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/voila/api/contents/index.ipynb?content=1",
    "/voila/api/contents/%2e%2e?content=1",
    "/voila/tree/%2e%2e",
    "/api/contents/index.ipynb",
    "/files/index.ipynb",
    "/files/pyproject.toml",
    "/lab",
    "/tree",
    "/api/kernels",
    "/api/sessions",
    "/api/terminals",
]


def test_no_route_serves_sources_or_files_outside_lessons(voila_server):
    for path in PROBES:
        status, body = _get(voila_server, path)
        for secret in SECRETS:
            assert secret not in body, f"{path} ({status}) leaks {secret!r}"
        if path.startswith(("/voila/files/", "/files/", "/voila/static/", "/voila/templates/", "/voila/labextensions")):
            assert status != 200, f"{path} answered {status}"


def test_a_rendered_page_carries_no_source(voila_server):
    session, kernel_id, token = open_page(voila_server)
    try:
        page = session.get(voila_server + "voila/render/index.ipynb", timeout=180).text
        assert "parlour-gallery" in page
        assert "from widgets.gallery import gallery" not in page
    finally:
        unload(voila_server, session, kernel_id, token)
        match = re.search(r'"kernelId": "([0-9a-f-]{36})"', page)
        if match:
            unload(voila_server, session, match.group(1), token)


def _installed_labextensions() -> list[tuple[str, str]]:
    """(name, entry point) of each labextension installed with Parlour: what Voilà's pages load."""
    found = []
    for package in (Path(sys.prefix) / "share" / "jupyter" / "labextensions").glob("**/package.json"):
        build = json.loads(package.read_text()).get("jupyterlab", {}).get("_build", {})
        if "load" in build:
            found.append((json.loads(package.read_text())["name"], build["load"].removeprefix("./")))
    return found


def test_scripts_named_by_their_content_are_cached_for_good_the_rest_are_checked(voila_server):
    """Voilà sends every labextension file ``no-cache``; one whose name or ``?v=`` is its hash cannot
    change, so a student's browser keeps it (widgets/server/static_files.py, HashedAssetHandler)."""
    extensions = _installed_labextensions()
    assert len(extensions) >= 3  # the widget manager, anywidget, pygments at least
    for name, entry in extensions:
        assert re.fullmatch(r"static/remoteEntry\.[0-9a-f]{8,}\.js", entry)
        hashed = requests.get(f"{voila_server}voila/labextensions/{name}/{entry}", timeout=60)
        assert hashed.status_code == 200
        assert hashed.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        versioned = requests.get(f"{voila_server}voila/labextensions/{name}/{entry}?v=0123abcd", timeout=60)
        assert versioned.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    plain = requests.get(f"{voila_server}voila/labextensions/{extensions[0][0]}/package.json", timeout=60)
    assert plain.status_code == 200 and plain.headers["Cache-Control"] == "no-cache"


# --- a server of our own: a small cap, a quick cull, a notebook that fails -----------------

TINY = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                   "source": "print('tiny page')"}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5}
SECRET_ERROR = "s3cret-path-/home/teacher/answers"
BROKEN = {**TINY, "cells": [{**TINY["cells"][0], "source": f"raise RuntimeError({SECRET_ERROR!r})"}]}
CAP = 3


@pytest.fixture(scope="module")
def small_server(tmp_path_factory):
    """Voilà as ./run app starts it (cwd: the repo, so voila.json), serving two tiny notebooks,
    with a cap of three kernels and a five-second cull for never-connected ones; a page past the cap is
    refused at once."""
    import subprocess

    from tests.conftest import free_port, stop_server, wait_for_url

    tmp_path = tmp_path_factory.mktemp("small-server")
    served = tmp_path / "served"
    served.mkdir()
    (served / "tiny.ipynb").write_text(json.dumps(TINY))
    (served / "broken.ipynb").write_text(json.dumps(BROKEN))
    port = free_port()
    with open(tmp_path / "voila.log", "wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "widgets.server", str(served), f"--port={port}",
                                 f"--ClassroomKernelManager.max_kernels={CAP}",
                                 "--ClassroomKernelManager.cull_unconnected_after=5",
                                 # refused at once, not after waiting for a place (test_kernels.py's flood
                                 # test waits): here the cap and the page a student then sees are tested
                                 "--ClassroomKernelManager.wait_for_a_place=0",
                                 # Voilà's own path, as when a pool is empty (test_preheat.py: with pools)
                                 "--VoilaConfiguration.preheat_kernel=False"],
                                cwd=ROOT, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/"
    try:
        wait_for_url(base + VOILA_STATIC_PROBE, VOILA_START_TIMEOUT, proc)
        yield base, proc
    finally:
        stop_server(proc)


def _kernels(proc) -> int:
    import psutil
    count = 0
    for child in psutil.Process(proc.pid).children(recursive=True):
        try:
            count += "ipykernel" in " ".join(child.cmdline()) and child.status() != psutil.STATUS_ZOMBIE
        except psutil.Error:
            pass
    return count


def test_a_flood_of_gets_meets_the_kernel_cap_and_a_clear_page(small_server):
    base, proc = small_server
    results: list[tuple[int, str]] = []
    peak = 0

    def hit() -> None:  # what a blind fetch() from another site's page does
        results.append(_get(base, "/voila/render/tiny.ipynb"))

    threads = [threading.Thread(target=hit) for _ in range(CAP * 3)]
    for t in threads:
        t.start()
    while any(t.is_alive() for t in threads):
        peak = max(peak, _kernels(proc))
        time.sleep(0.1)
    assert peak <= CAP
    ok = [body for status, body in results if status == 200]
    full = [body for status, body in results if status == 503]
    assert len(ok) + len(full) == len(results) and 1 <= len(ok) <= CAP, [s for s, _ in results]
    assert all("tiny page" in body for body in ok)
    assert full and all("The server is full" in body and "Try again" in body for body in full)
    assert all("Traceback" not in body and "HTTPError" not in body for body in full)

    # nobody connected to those kernels: they are culled within seconds, and pages load again
    deadline = time.monotonic() + 60
    while _kernels(proc) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert _kernels(proc) == 0
    status, body = _get(base, "/voila/render/tiny.ipynb")
    assert status == 200 and "tiny page" in body


# What another site's page can make a browser send to a lesson without anyone choosing to open it.
FOREIGN = [
    {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "empty"},   # fetch()
    {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"},   # <img>
    {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "script"},  # <script>
    {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe"},  # hidden frame
    {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document",
     "Sec-Purpose": "prefetch"},                                                                  # link prefetch
]
# A student following the teacher's deal link from another site (a message, a slide): a navigation.
FOLLOWED_LINK = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document",
                 "Sec-Fetch-User": "?1"}


def _wait_until_no_kernels(proc, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while _kernels(proc) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert _kernels(proc) == 0


def test_another_sites_requests_start_no_kernel_while_a_class_arrives(small_server):
    """Issue 22, item 2: blind requests from a foreign page filled the kernel cap and locked students
    out. Now they are refused before any kernel starts, while every student's visit (a link followed
    from another site included) gets its table, in a flood of them."""
    base, proc = small_server
    _wait_until_no_kernels(proc)
    flood: list[tuple[int, str]] = []
    students: list[tuple[int, str]] = []
    peak = 0

    def foreign(i: int) -> None:
        flood.append(_get(base, f"/voila/render/tiny.ipynb?deal=3-K7QM3P&n={i}", **FOREIGN[i % len(FOREIGN)]))

    def student() -> None:
        students.append(_get(base, "/voila/render/tiny.ipynb?deal=3-K7QM3P", **FOLLOWED_LINK))

    threads = [threading.Thread(target=foreign, args=(i,)) for i in range(50)]
    threads[25:25] = [threading.Thread(target=student) for _ in range(CAP)]
    for t in threads:
        t.start()
    while any(t.is_alive() for t in threads):
        peak = max(peak, _kernels(proc))
        time.sleep(0.05)
    assert [status for status, _ in flood] == [403] * 50
    assert all("Open this lesson yourself" in body and "tiny page" not in body for _, body in flood)
    assert [status for status, _ in students] == [200] * CAP, [b[:200] for _, b in students]
    assert all("tiny page" in body for _, body in students)
    assert peak <= CAP
    _wait_until_no_kernels(proc)


def test_a_lesson_page_may_be_framed_by_its_own_site_only(small_server):
    base, proc = small_server
    _wait_until_no_kernels(proc)
    resp = requests.get(base + "voila/render/tiny.ipynb", timeout=120,
                        headers={"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate",
                                 "Sec-Fetch-Dest": "iframe"})
    assert resp.status_code == 200 and "tiny page" in resp.text
    assert resp.headers["Content-Security-Policy"] == "frame-ancestors 'self'"
    assert resp.headers["X-Frame-Options"] == "SAMEORIGIN"
    _wait_until_no_kernels(proc)


def test_an_error_in_a_notebook_shows_no_traceback(small_server):
    base, _ = small_server
    status, body = _get(base, "/voila/render/broken.ipynb")
    assert status == 200
    assert "There was an error when executing cell" in body
    assert SECRET_ERROR not in body and "Traceback" not in body


# --- bytes for a Wi-Fi classroom (issue 22, item 4) ------------------------------------------------

def _raw(base: str, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    host, port = base.split("//")[1].strip("/").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=120)
    try:
        conn.request("GET", path, headers=headers)
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    finally:
        conn.close()


def test_scripts_travel_gzipped_and_voilas_own_chunks_are_cached(voila_server):
    """A first visit sent 6.5 MB uncompressed, and Voilà's 73 chunks carried no Cache-Control."""
    import gzip

    static = Path(sys.prefix) / "share" / "jupyter" / "voila" / "templates" / "base" / "static"
    chunk = next(p for p in sorted(static.glob("*.voila.js")) if p.stat().st_size > 20_000)
    path = f"/voila/templates/base/static/{chunk.name}"  # how Voilà's page asks for them
    for _ in range(2):  # compressed once, then served from memory: the same bytes
        status, headers, body = _raw(voila_server, path, **{"Accept-Encoding": "gzip, deflate"})
        assert status == 200 and headers["content-encoding"] == "gzip", headers
        assert gzip.decompress(body) == chunk.read_bytes()
        assert len(body) < 0.6 * chunk.stat().st_size
        assert headers["cache-control"] == "public, max-age=86400"
        assert "Accept-Encoding" in headers["vary"]
    status, headers, body = _raw(voila_server, path)  # a client that does not ask gets it plain
    assert status == 200 and "content-encoding" not in headers and body == chunk.read_bytes()

    extensions = _installed_labextensions()
    name, entry = extensions[0]
    status, headers, body = _raw(voila_server, f"/voila/labextensions/{name}/{entry}",
                                 **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert headers["cache-control"] == "public, max-age=31536000, immutable"


def test_widget_messages_travel_compressed(voila_server):
    """permessage-deflate on the kernel websocket: the widget state is 13x smaller."""
    session, kernel_id, token = open_page(voila_server)
    try:
        ws_url = voila_server.replace("http://", "ws://") + f"api/kernels/{kernel_id}/channels"
        cookie = "; ".join(f"{k}={v}" for k, v in session.cookies.items())

        async def handshake() -> str:
            from tornado.httpclient import HTTPRequest
            from tornado.websocket import websocket_connect

            conn = await websocket_connect(HTTPRequest(ws_url, headers={"Cookie": cookie}),
                                           compression_options={})
            try:
                return conn.headers.get("Sec-WebSocket-Extensions", "")
            finally:
                conn.close()

        assert "permessage-deflate" in _run_apart(handshake())
    finally:
        unload(voila_server, session, kernel_id, token)
