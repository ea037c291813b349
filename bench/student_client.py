"""A student's browser as the server sees it: what one page asks of a Voilà server, without drawing it.

A class of thirty on one 2-core machine cannot be measured with thirty Chromium tabs on that
same machine: the tabs' own JavaScript (about 3 CPU-seconds a page) would share the cores with
the server and swamp it, while in a classroom every student's computer does that work itself.
This client does the server's share of a page load and times it:

1. GET the lesson page (a preheated page arrives whole);
2. GET every script, style and font a browser fetched for that page (``assets``: none when the
   browser has them cached, e.g. after the gallery);
3. open the kernel's websocket and ask for every widget's state, as the widget manager does
   (``jupyter.widget.control``, ``request_states``), until the answer has arrived.

What is left for the student's own computer is drawing the widgets, measured separately on one
page in Chromium by ``bench_app_load.py``.
"""

from __future__ import annotations

import json
import re
import time
import uuid
from datetime import datetime, timezone
from urllib.parse import urlsplit

import requests
import websocket  # websocket-client
from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1

KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')


V1 = "v1.kernel.websocket.jupyter.org"  # the kernel websocket protocol Voilà's pages speak


def _message(session: str, msg_type: str, content: dict, metadata: dict | None = None) -> bytes:
    header = {"msg_id": uuid.uuid4().hex, "username": "student", "session": session, "msg_type": msg_type,
              "version": "5.3", "date": datetime.now(timezone.utc).isoformat()}
    parts = [json.dumps(part).encode() for part in (header, {}, metadata or {}, content)]
    return serialize_msg_to_ws_v1(parts, "shell")


def widget_states(base: str, kernel_id: str, cookies: dict, timeout: float = 600) -> int:
    """Ask the kernel for every widget's state as a page's widget manager does; the answer's size in bytes."""
    parts = urlsplit(base)
    session = uuid.uuid4().hex
    url = f"ws://{parts.netloc}{parts.path}api/kernels/{kernel_id}/channels?session_id={session}"
    ws = websocket.create_connection(url, timeout=timeout, origin=f"{parts.scheme}://{parts.netloc}",
                                     cookie="; ".join(f"{k}={v}" for k, v in cookies.items()),
                                     subprotocols=[V1])
    try:
        comm_id = uuid.uuid4().hex
        ws.send_binary(_message(session, "comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control",
                                                        "data": {}}, {"version": "1.0.0"}))
        ws.send_binary(_message(session, "comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}}))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            raw = ws.recv()
            if not isinstance(raw, bytes):
                continue
            channel, frames = deserialize_msg_from_ws_v1(raw)
            if channel != "iopub" or b'"comm_msg"' not in frames[0]:
                continue
            content = json.loads(frames[3])
            if content.get("comm_id") == comm_id and content.get("data", {}).get("method") == "update_states":
                return len(raw)
        raise TimeoutError("no widget states")
    finally:
        ws.close()


def open_lesson(base: str, lesson: str, assets: list[str], timeout: float = 600) -> dict:
    """One student opening ``lesson``: seconds to the page, to its assets, to its widgets' states."""
    start = time.perf_counter()
    out: dict = {}
    with requests.Session() as http:
        page = http.get(f"{base}voila/render/{lesson}", timeout=timeout)
        found = KERNEL_ID.search(page.text)
        if page.status_code != 200 or not found:
            raise RuntimeError(f"page {page.status_code} without a kernel")
        out["page"] = time.perf_counter() - start
        for asset in assets:
            got = http.get(asset, timeout=timeout)
            if got.status_code != 200:
                raise RuntimeError(f"{asset}: {got.status_code}")
        out["assets"] = time.perf_counter() - start
        out["state_bytes"] = widget_states(base, found.group(1), http.cookies.get_dict(), timeout)
        out["ready"] = time.perf_counter() - start
        # closing the tab: the page's beacon shuts its kernel down (the pool may refill)
        http.post(f"{base}voila/api/shutdown/{found.group(1)}",
                  data={"_xsrf": http.cookies.get("_xsrf") or ""}, timeout=timeout)
    return out
