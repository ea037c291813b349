"""A static host as the README asks for one, for the site's tests and bench: each file's precompressed ``.br``
when the browser accepts brotli (``.gz`` when it accepts gzip only), ``Cache-Control: max-age=3600`` (a second
visit asks for nothing), and a count of the bytes it sent (bodies only) so a test or a bench can say what a
visit downloaded."""

from __future__ import annotations

import collections
import functools
import http.server
import os
import threading
from pathlib import Path


class StaticHost(http.server.SimpleHTTPRequestHandler):
    """Serves the site; ``sent`` and ``requests`` count every body written, ``by_path`` the bytes of each path
    (all servers of this process)."""

    sent = 0
    requests = 0
    by_path: collections.Counter[str] = collections.Counter()
    lock = threading.Lock()

    def log_message(self, *args) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "public, max-age=3600")
        super().end_headers()

    def send_head(self):
        path = self.translate_path(self.path)
        accepted = self.headers.get("Accept-Encoding", "")
        for coding, suffix in (("br", ".br"), ("gzip", ".gz")):
            if coding in accepted and os.path.isfile(path + suffix) and os.path.isfile(path):
                return self.send_compressed(path, coding, suffix)
        return super().send_head()

    def send_compressed(self, path: str, coding: str, suffix: str):
        """The headers of ``path``'s precompressed copy (``path + suffix``, in ``coding``); the open copy."""
        f = open(path + suffix, "rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
        self.send_header("Last-Modified", self.date_time_string(int(os.stat(path).st_mtime)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return f

    def copyfile(self, source, outputfile) -> None:
        data = source.read()
        outputfile.write(data)
        with StaticHost.lock:
            StaticHost.sent += len(data)
            StaticHost.requests += 1
            StaticHost.by_path[self.path.split("?")[0]] += len(data)


def serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve ``folder`` on a free loopback port, in a thread; the server and its base URL (ending in /)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(StaticHost, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"
