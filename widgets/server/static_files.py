"""Voilà's static files gzipped once per process and cached by the browser where they cannot change."""

from __future__ import annotations

import re
from typing import Iterator

import tornado.web
from jupyter_server.base.handlers import FileFindHandler


# A labextension file whose URL names its content: ``remoteEntry.698dcaf7.js``, ``121.js?v=5c5a442b``.
_CONTENT_HASHED = re.compile(r"\.[0-9a-f]{8,}\.js$")
_COMPRESSIBLE = (".js", ".css", ".json", ".html", ".svg", ".map", ".txt", ".ttf", ".eot")
_GZIPPED: dict[str, tuple[float, bytes]] = {}  # absolute path -> (mtime, gzip bytes): one per file per process


def gzipped(path: str) -> bytes | None:
    """The file compressed once and kept for every later visit (None: not worth it).

    A first visit fetches about 6.5 MB of scripts; gzip makes it about 1.7 MB. Compressing on
    every request would cost the one server process 0.1-0.2 CPU-s a visit, so each file is
    compressed the first time it is asked for and served from memory after that.
    """
    import gzip
    import os

    if not path.endswith(_COMPRESSIBLE):
        return None
    try:
        mtime = os.stat(path).st_mtime
    except OSError:
        return None
    cached = _GZIPPED.get(path)
    if cached is None or cached[0] != mtime:
        with open(path, "rb") as f:
            raw = f.read()
        packed = gzip.compress(raw, compresslevel=9, mtime=0)
        cached = (mtime, packed if len(packed) < 0.9 * len(raw) else b"")
        _GZIPPED[path] = cached
    return cached[1] or None


class CompressedStatic(tornado.web.StaticFileHandler):
    """Serves a compressible static file gzipped (once per process) to a browser that accepts it."""

    _looked: bool = False
    _packed: bytes | None = None

    def _gz(self) -> bytes | None:
        """This request's gzipped body, or None (decided once: headers, etag and size agree)."""
        if not self._looked:
            self._looked = True
            wants = ("gzip" in self.request.headers.get("Accept-Encoding", "")
                     and "Range" not in self.request.headers)
            packed = gzipped(self.absolute_path) if wants and self.absolute_path else None
            self._packed = packed
            if packed is not None:
                # tornado reads the body through get_content, a classmethod it also calls on the class
                # (for the file's version hash): only this request's own call is given the gzipped bytes
                def body(abspath: str, start: int | None = None, end: int | None = None) -> Iterator[bytes]:
                    yield packed

                self.get_content = body  # type: ignore[method-assign,assignment]
        return self._packed

    def get_content_size(self) -> int:
        packed = self._gz()
        return len(packed) if packed is not None else super().get_content_size()

    def set_headers(self) -> None:
        super().set_headers()
        self.add_header("Vary", "Accept-Encoding")
        if self._gz() is not None:
            self.set_header("Content-Encoding", "gzip")

    def compute_etag(self) -> str | None:
        etag = super().compute_etag()
        return f'{etag[:-1]}-gz"' if etag and self._gz() is not None else etag


class VoilaAsset(CompressedStatic):
    """Voilà's own scripts (``/voila/static``, ``/voila/templates``): 73 chunks named for the Voilà
    version, not their content, and sent with no Cache-Control, so every visit asked for each
    again. A day's caching spares a class that; an upgrade waits at most a day."""

    def set_headers(self) -> None:
        super().set_headers()
        self.set_header("Cache-Control", "public, max-age=86400")


def static_with(base: type, mixin: type = VoilaAsset) -> type:
    """Voilà's handler class ``base`` with gzip and caching (same routes, same arguments)."""
    return type(f"Parlour{base.__name__}", (mixin, base), {})


class HashedAssetHandler(CompressedStatic, FileFindHandler):
    """Voilà's labextension files, kept by the browser when their URL names their content.

    Voilà sends every one ``no-cache``, so each page asks again for two dozen scripts that can
    never change under the same name. A name or ``?v=`` carrying the file's hash is cached
    for good (an upgrade changes the name); anything else is still checked each time."""

    def set_headers(self) -> None:
        super().set_headers()
        if "v" in self.request.arguments or _CONTENT_HASHED.search(self.request.path):
            self.set_header("Cache-Control", "public, max-age=31536000, immutable")
