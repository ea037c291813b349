"""How a lesson page is rendered: templates compiled once, widget modules shared, no CDN icons,
and a kernel that dies while starting ends the page with a notice."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from jinja2.bccache import Bucket, BytecodeCache
from voila.notebook_renderer import NotebookRenderer

from widgets.server.notices import KERNEL_FAILED


class TemplateCode(BytecodeCache):
    """The page templates compiled once per server, not once per page.

    Voilà makes a new exporter, so a new Jinja environment, for every page it renders; compiling its
    templates again was a quarter of the server's CPU for each page. Jinja checks each template's source
    against the code kept here, so a changed template is compiled afresh.
    """

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if (code := self._code.get(bucket.key)) is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


TEMPLATE_CODE = TemplateCode()


def share_template_code(exporter: Any) -> None:
    """Let a page's exporter use (and keep) the server's compiled templates."""
    exporter.environment.bytecode_cache = TEMPLATE_CODE


SHARED_MODULES = ("<script>" + (Path(__file__).parent.parent / "static" / "shared_modules.js").read_text()
                  + "</script>")
_HEAD = re.compile(r"<head[^>]*>", re.IGNORECASE)


#: Voilà's template links Font Awesome from a CDN, though its own scripts already bring the icons (Font
#: Awesome 5 with the version-4 names the widgets use). Offline the link only fails; behind a school's
#: firewall that drops packets it holds the whole page until the browser gives up on it.
_CDN_ICONS = re.compile(r'[ \t]*<link rel="stylesheet" href="https://cdn\.jsdelivr\.net/npm/@fortawesome/[^"]*"[^>]*>\n?')


def without_cdn_icons(page_part: str) -> str:
    """The page's part without the template's links to Font Awesome on a CDN."""
    return _CDN_ICONS.sub("", page_part)


def with_shared_modules(page_part: str) -> tuple[str, bool]:
    """The page's part with static/shared_modules.js run first thing in its ``<head>``, and whether
    the part had the head (the template writes the page in several parts).

    The widgets' modules arrive as text over the kernel's websocket, after the page is written, so
    the page itself must teach the browser to import each text once (one card-row module for a
    table's 28 rows, not 28).
    """
    head = _HEAD.search(page_part)
    if head is None:
        return page_part, False
    return page_part[:head.end()] + SHARED_MODULES + page_part[head.end():], True


class GuardedNotebookRenderer(NotebookRenderer):
    """Voilà's renderer, but a kernel that dies while starting ends the page with a notice.

    Voilà renders the page in a task nobody awaits (voila/handler.py, ``put_html``): an
    exception there (``Kernel died before replying to kernel_info``, a start timeout) left
    the page loading for ever. Here it is logged, the dead kernel is shut down, and the page
    gets :data:`KERNEL_FAILED` and is finished.
    """

    async def initialize(self, **kwargs: Any) -> None:
        await super().initialize(**kwargs)
        share_template_code(self.exporter)

    def generate_content_generator(self, kernel_id: str | None = None, kernel_future: Any = None) -> Any:
        inner = super().generate_content_generator(kernel_id, kernel_future)
        return self._guarded(inner, kernel_id)

    async def _guarded(self, inner: Any, kernel_id: str | None) -> Any:
        headed = in_body = False
        try:
            async for html_part, resources in inner:
                if not headed:
                    html_part, headed = with_shared_modules(html_part)
                if not in_body:
                    html_part, in_body = without_cdn_icons(html_part), "</head>" in html_part
                yield html_part, resources
        except Exception:
            self.log.exception("Rendering %s failed (kernel %s)", self.notebook_path, kernel_id)
            handler = self.request_handler  # None for a preheated pool's page
            if kernel_id is not None and handler is not None:
                km = handler.kernel_manager
                try:
                    if kernel_id in km:
                        await km.shutdown_kernel(kernel_id, now=True)
                except Exception:
                    self.log.exception("Could not shut failed kernel %s down", kernel_id)
            yield KERNEL_FAILED, None
