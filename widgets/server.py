"""Parlour's Voilà server: Voilà 0.5.13 with the guard rails a classroom needs.

Voilà on its own leaves a student looking at a spinner for ever when a kernel cannot start
(the error goes to a task nobody awaits), starts a kernel for every GET from anywhere, and
refuses its own page-unload request unless the XSRF check is switched off. This module fixes
those three things and nothing else; everything else is configured in ``voila.json``.

- ``python -m widgets.server lessons --port=N``: Voilà's standalone app with the fixes
  (``./run app``, the tests and the benches start it so; it reads ``voila.json`` like Voilà).
- As a Jupyter server extension (``ServerApp.jpserver_extensions = {"widgets.server": True}``):
  the same fixes for Voilà inside a Jupyter server (JupyterHub's single-user servers, Binder).
  There ``ServerApp.kernel_manager_class`` names :class:`ClassroomKernelManager`.
"""

from __future__ import annotations

import asyncio
import html
from contextvars import ContextVar
import json
import logging
import re
import sys
from pathlib import Path
from typing import Any, Iterator

import tornado.web
from jinja2.bccache import Bucket, BytecodeCache
import voila.app
import voila.handler
import voila.server_extension
import voila.voila_kernel_manager
from jupyter_server.base.handlers import FileFindHandler
from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import url_path_join
from traitlets import Bool, Integer
from voila.app import Voila
from voila.notebook_renderer import NotebookRenderer
from voila.tornado.handler import TornadoVoilaHandler


#: The student a lesson page is being rendered for (None outside a hub): the kernel it gets is theirs
#: (widgets/hub_service.py; here, not there, because that module needs JupyterHub and Binder has none).
PAGE_OWNER: ContextVar[str | None] = ContextVar("parlour_page_owner", default=None)
#: Who asked for the page being rendered, for ``unconnected_per_client`` (None: not told apart, see page_client).
PAGE_CLIENT: ContextVar[str | None] = ContextVar("parlour_page_client", default=None)
#: The kernels handed to the page being rendered (the handler marks them sent when the page is out).
PAGE_KERNELS: ContextVar[list[str] | None] = ContextVar("parlour_page_kernels", default=None)


def user_name(handler: Any) -> str | None:
    """The logged-in student's name (None: nobody)."""
    user = handler.current_user
    return None if user is None else getattr(user, "username", None) or getattr(user, "name", None)


class ServerFull(tornado.web.HTTPError):
    """Refused to start one more kernel: the server runs as many as it may."""

    def __init__(self, limit: int) -> None:
        super().__init__(503, "kernel limit reached (%d running)", limit)
        self.limit = limit


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager with a cap on kernels and a quick cull for never-opened pages.

    Every GET of a lesson starts a kernel, even one a page on another site sends blind
    (``fetch(..., {mode: "no-cors"})``) or an iframe that is then refused: such a kernel is
    never connected to by a page. It is culled after ``cull_unconnected_after`` idle seconds
    instead of ``cull_idle_timeout``, and ``max_kernels`` bounds what a flood can start.
    (Not much shorter than two minutes: with ten pages loading at once on two cores, a
    browser was seen taking over a minute between the page's last byte and connecting.)

    A script's plain GETs look like a student's visits, and once filled the cap with kernels
    no page would ever connect to: a class was told "server full" for minutes (issue 32). So a
    page no one connects to holds a place only while nobody needs it: a page that would be
    refused first takes the place of the oldest such kernel whose page went out at least
    ``reclaim_unconnected_after`` seconds ago, and one client (a hub's student, or an address
    other than this machine's) holds at most ``unconnected_per_client`` of them: asking for one
    more shuts its oldest down. While pages are being refused, pools wait to refill.
    """

    max_kernels = Integer(
        40, config=True,
        help="Most kernels this server runs at once; one more page gets a 'server is full' page (0: no cap).",
    )
    cull_unconnected_after = Integer(
        120, config=True,
        help="Seconds a kernel no page ever connected to may stay idle before it is culled (0: never).",
    )
    preheat_at_once = Integer(
        1, config=True,
        help="With preheated pools: how many pooled kernels start and run their lesson at a time.",
    )
    per_user_kernels = Bool(
        False, config=True,
        help="Behind a hub's login (one Voilà for a class): each page's kernel is its student's, "
             "and no other student may reach it.",
    )
    unconnected_per_client = Integer(
        3, config=True,
        help="Most kernels one client (a hub's student, or an address other than this machine's) may hold "
             "that no page has connected to; one more shuts its oldest down (0: no limit).",
    )
    reclaim_unconnected_after = Integer(
        10, config=True,
        help="Seconds after its page was sent that a kernel no page connected to gives up its place to a "
             "page the server would otherwise refuse as full (0: never).",
    )
    refill_pause = Integer(
        30, config=True,
        help="With preheated pools: seconds pools wait to refill after a page was refused as full.",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._starting = 0
        self._pool_starting = 0  # of ``_starting``: kernels a preheated pool asked for
        self._ever_connected: set[str] = set()
        self._owners: dict[str, str] = {}  # kernel -> the student whose page it serves (hub route)
        self._stopping: set[str] = set()  # shutting down: their place is free (a culled page's kernel)
        self._pages: dict[str, tuple[str | None, float]] = {}  # page's kernel -> (its client, when handed)
        self._sent: dict[str, float] = {}  # page's kernel -> when its page had gone out (monotonic)
        self._refused_at: float | None = None  # when a page was last refused as full

    def in_use(self) -> int:
        """Kernels that hold a place under ``max_kernels``: running or starting, not on their way out
        (a kernel being culled takes a few seconds to exit; a student arriving then is let in)."""
        return len(self._kernels) - len(self._stopping & self._kernels.keys()) + self._starting

    def own(self, kernel_id: str) -> None:
        """Record ``kernel_id`` as the kernel of the page being rendered (and of its student, on a hub)."""
        import time

        owner = PAGE_OWNER.get()
        if owner is not None:
            self._owners[kernel_id] = owner
        self._pages[kernel_id] = (PAGE_CLIENT.get(), time.monotonic())
        handed = PAGE_KERNELS.get()
        if handed is not None:
            handed.append(kernel_id)

    def page_sent(self, kernel_id: str) -> None:
        """The page of ``kernel_id`` has gone out: from now on its browser may connect."""
        import time

        if kernel_id in self._pages:
            self._sent.setdefault(kernel_id, time.monotonic())

    def _unconnected_pages(self) -> list[str]:
        """Page kernels no page has connected to (and not on their way out), oldest first."""
        return sorted((k for k in self._pages if k in self._kernels and k not in self._ever_connected
                       and not self._kernel_connections.get(k, 0) and k not in self._stopping),
                      key=lambda k: self._pages[k][1])

    async def _shut_for_a_page(self, kernel_id: str, why: str) -> None:
        self.log.warning("Shutting kernel %s down: %s", kernel_id, why)
        await self.shutdown_kernel(kernel_id, now=True)

    async def _keep_client_within_limit(self) -> None:
        """Before one client gets one more page: it holds at most ``unconnected_per_client`` kernels no
        page connected to, so its oldest goes."""
        client = PAGE_CLIENT.get()
        if client is None or not self.unconnected_per_client:
            return
        held = [k for k in self._unconnected_pages() if self._pages[k][0] == client]
        for kernel_id in held[:max(0, len(held) - self.unconnected_per_client + 1)]:
            await self._shut_for_a_page(kernel_id, f"{client} asked for another page while holding "
                                                   f"{len(held)} that no page connected to")

    async def _reclaim_an_unconnected_kernel(self) -> bool:
        """Make room for a page by shutting down the oldest kernel whose page went out long enough ago
        and was never connected to; False if there is none."""
        import time

        if not self.reclaim_unconnected_after:
            return False
        now = time.monotonic()
        for kernel_id in self._unconnected_pages():
            sent = self._sent.get(kernel_id)
            if sent is not None and now - sent >= self.reclaim_unconnected_after:
                await self._shut_for_a_page(kernel_id, "a page needs its place and no page connected to it")
                return True
        return False

    def owner_of(self, kernel_id: str) -> str | None:
        return self._owners.get(kernel_id)

    async def _async_start_kernel(self, *, kernel_id: str | None = None, **kwargs: Any) -> str:
        if kernel_id is not None and kernel_id in self:
            return await super()._async_start_kernel(kernel_id=kernel_id, **kwargs)
        for_pool = (kwargs.get("env") or {}).get("VOILA_PREHEAT") == "True"
        if not for_pool:
            await self._keep_client_within_limit()
        while self.max_kernels and self.in_use() >= self.max_kernels:
            # A page's kernel takes the place of a page no one connected to, then of an idle pooled
            # kernel, so a script's GETs and the pools give way to pages (under load a script asking without
            # pause still wins most freed places: tests/browser/test_kernels.py's flood test, a known failure).
            if for_pool or not (await self._reclaim_an_unconnected_kernel()
                                or await self._give_up_a_pooled_kernel()):
                self.log.warning("Refusing a %skernel: %d running or starting (max_kernels)",
                                 "pooled " if for_pool else "", self.in_use())
                if not for_pool:
                    import time

                    self._refused_at = time.monotonic()
                raise ServerFull(self.max_kernels)
        self._starting += 1
        self._pool_starting += for_pool
        try:
            started: str = await super()._async_start_kernel(kernel_id=kernel_id, **kwargs)
        finally:
            self._starting -= 1
            self._pool_starting -= for_pool
        if not for_pool:
            self.own(started)
        if self.cull_unconnected_after and not self._initialized_culler_for_unconnected:
            self._start_unconnected_culler()
        return started

    def pooled_kernel_ids(self) -> set[str]:
        """Kernels waiting in a preheated pool for a page (none without preheating)."""
        return set()

    async def _give_up_a_pooled_kernel(self) -> bool:
        """Shut one idle pooled kernel down to make room for a page; False if there is none."""
        return False

    start_kernel = _async_start_kernel  # type: ignore[assignment]  # as jupyter_server does

    _initialized_culler_for_unconnected = False

    def _start_unconnected_culler(self) -> None:
        """The base culler polls every ``cull_interval``; never-connected kernels are checked
        as often as their own timeout asks (at most every 10 s)."""
        from tornado.ioloop import PeriodicCallback

        period = max(1.0, min(10.0, self.cull_unconnected_after / 2))
        self._unconnected_callback = PeriodicCallback(self._cull_unconnected, 1000 * period)
        self._unconnected_callback.start()
        self._initialized_culler_for_unconnected = True

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        self._ever_connected.add(kernel_id)

    async def _cull_unconnected(self) -> None:
        from datetime import timedelta

        from jupyter_server._tz import utcnow

        limit = timedelta(seconds=self.cull_unconnected_after)
        pooled = self.pooled_kernel_ids()
        for kernel_id in list(self._kernels):
            if kernel_id in self._ever_connected or self._kernel_connections.get(kernel_id, 0):
                continue
            if kernel_id in pooled:  # waiting for a page, not forgotten by one
                continue
            kernel = self._kernels.get(kernel_id)
            last = getattr(kernel, "last_activity", None)
            if kernel is None or last is None or getattr(kernel, "execution_state", "") == "busy":
                continue
            if utcnow() - last > limit:
                self.log.warning("Culling kernel %s: no page connected to it in %d idle seconds",
                                 kernel_id, self.cull_unconnected_after)
                try:
                    await self.shutdown_kernel(kernel_id)
                except Exception:  # it may have gone meanwhile; the next round retries
                    self.log.exception("Could not cull kernel %s", kernel_id)

    async def _remove_kernel_when_ready(self, kernel_id: str, kernel_awaitable: Any) -> None:
        self._stopping.add(kernel_id)  # called as the shutdown begins
        try:
            await super()._remove_kernel_when_ready(kernel_id, kernel_awaitable)
        finally:
            self._stopping.discard(kernel_id)
        self._ever_connected.discard(kernel_id)
        self._owners.pop(kernel_id, None)
        self._pages.pop(kernel_id, None)
        self._sent.pop(kernel_id, None)


def classroom_kernel_manager_factory(base_class: type, preheat_kernel: bool, default_pool_size: int,
                                     page_config_hook: Any = None) -> type:
    """Voilà's ``voila_kernel_manager_factory``, with preheated pools that keep to the classroom's rules.

    Voilà's pool (``VoilaConfiguration.preheat_kernel``, ``VoilaKernelManager.kernel_pools_config``)
    starts each lesson's kernels ahead of any request and runs the lesson in them, so a page
    gets a table at once. On top of :class:`ClassroomKernelManager` it needs four things:

    - ``max_kernels`` counts pooled kernels too (it bounds memory), but a page never waits
      behind a pool: when the server is full, a page's kernel takes an idle pooled kernel's
      place. A refill starts only while there is room, and again whenever a kernel goes.
    - A pooled kernel is never culled as "never connected" (no page has had it yet); the one
      handed to a page counts as active from then on, so the culler gives the page time to connect.
    - A pool task that failed (a refill refused at the cap) is dropped, never handed to a page.
    - A dead pooled kernel is shut down and replaced.
    - Pools warm up ``preheat_at_once`` kernels at a time (a dozen lessons starting at once on
      two cores would starve the first pages), and a page only takes a kernel whose lesson has
      run; while its pool is still warming it gets a kernel of its own, as without pools.
    """
    made: type = voila.voila_kernel_manager.voila_kernel_manager_factory(
        base_class, preheat_kernel, default_pool_size, page_config_hook=page_config_hook)
    if not preheat_kernel or not issubclass(base_class, ClassroomKernelManager):
        return made

    class PooledClassroomKernelManager(made):  # type: ignore[valid-type,misc]
        _closing = False
        _warmers: asyncio.Semaphore | None = None
        _warming: set[str] = set()  # pooled kernels started, their lesson still running

        def _occupied(self) -> int:
            """Kernels running, starting, or promised to a pool task that has not started one yet.

            A pool task is counted once: while it starts its kernel (``_pool_starting``) and while
            its lesson runs (``_warming``) that kernel is already among the others."""
            waiting = sum(1 for task in self._pool_tasks() if not task.done())
            warming = len(self._warming & set(self._kernels))
            return self.in_use() + waiting - self._pool_starting - warming

        def _refill_all(self, *_: Any) -> None:
            for notebook_name in list(self._pools):
                self.fill_if_needed(notebook_name=notebook_name)

        def _on_warmed(self, task: Any) -> None:
            """A pool kernel that has run its lesson frees the place its warm-up held:
            pools a full server left short get their turn (a failed one does not retry)."""
            if not self._failed(task):
                self._refill_all()

        def _pool_tasks(self) -> list[Any]:
            return [task for pool in self._pools.values() for task in pool]

        @staticmethod
        def _failed(task: Any) -> bool:
            return bool(task.done() and (task.cancelled() or task.exception() is not None))

        def _drop_failed(self) -> None:
            for pool in self._pools.values():
                pool[:] = [task for task in pool if not self._failed(task)]

        def pooled_kernel_ids(self) -> set[str]:
            return {task.result()["kernel_id"] for task in self._pool_tasks()
                    if task.done() and not self._failed(task)}

        def get_pool_size(self, notebook_name: str) -> int:
            """Kernels that have run their lesson: a page never waits behind one still warming up
            (it gets a kernel of its own at once, as without pools)."""
            self._drop_failed()
            return sum(1 for task in self._pools.get(notebook_name, []) if task.done())

        async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kwargs: Any) -> Any:
            if kernel_id is not None:  # a restart: Voilà runs the notebook again at once
                return await super()._initialize(notebook_path, kernel_id, **kwargs)
            if self._warmers is None:
                self._warmers = asyncio.Semaphore(max(1, self.preheat_at_once))
            async with self._warmers:  # the others wait their turn: pages keep a core
                if self._closing:
                    raise ServerFull(self.max_kernels)
                content = await super()._initialize(notebook_path, None, **kwargs)
                self._warming = self._warming | {content["kernel_id"]}
                try:
                    await asyncio.shield(content["task"])  # ready means: the lesson has run
                except Exception:  # the guarded renderer has put the notice on the page
                    self.log.exception("Preheating %s failed", notebook_path)
                finally:
                    self._warming = self._warming - {content["kernel_id"]}
                return content

        def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None,
                           extra_kernel_env_variables: dict | None = None, **kwargs: Any) -> None:
            if self._closing:
                return
            self._drop_failed()
            default = self.kernel_pools_config.get("default", {})
            wanted = self.kernel_pools_config.get(notebook_name, default).get("pool_size", default.get("pool_size", 1))
            if len(self._pools.get(notebook_name, [])) >= wanted:
                return  # full already
            if self.max_kernels and self._occupied() >= self.max_kernels:
                self.log.info("Not refilling the pool of %s: the server runs as many kernels as it may",
                              notebook_name)
                return
            if self._refill_paused():
                return
            before = set(self._pools.get(notebook_name, []))
            super().fill_if_needed(delay=delay, notebook_name=notebook_name,
                                   extra_kernel_env_variables=extra_kernel_env_variables or {}, **kwargs)
            for task in self._pools.get(notebook_name, []):
                if task not in before:
                    task.add_done_callback(self._on_warmed)

        async def get_rendered_notebook(self, notebook_name: str, extra_kernel_env_variables: dict | None = None,
                                        **kwargs: Any) -> Any:
            await self._keep_client_within_limit()
            self._drop_failed()
            pool = self._pools.get(notebook_name, [])
            pool.sort(key=lambda task: not task.done())  # Voilà takes the first: a ready one
            task, rendered, kernel_id = await super().get_rendered_notebook(
                notebook_name, extra_kernel_env_variables or {}, **kwargs)
            self.own(kernel_id)
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:  # a page has it now: its idle time starts here
                from jupyter_server._tz import utcnow

                kernel.last_activity = utcnow()
            return task, rendered, kernel_id

        def _refill_paused(self) -> bool:
            """A page was refused as full a moment ago: a freed place goes to the next page, not a pool
            (a refill warming up cannot be given up; pools fill again once pages stop being refused)."""
            import time

            if self._refused_at is None or not self.refill_pause:
                return False
            left = self.refill_pause - (time.monotonic() - self._refused_at)
            if left <= 0:
                return False
            if not self._refill_scheduled:
                self._refill_scheduled = True
                asyncio.get_event_loop().call_later(left + 0.1, self._refill_after_pause)
            return True

        _refill_scheduled = False

        def _refill_after_pause(self) -> None:
            self._refill_scheduled = False
            self._refill_all()

        async def _shut_for_a_page(self, kernel_id: str, why: str) -> None:
            self.log.warning("Shutting kernel %s down: %s", kernel_id, why)
            await self.shutdown_kernel(kernel_id, now=True, refill=False)  # its place is the page's

        async def _give_up_a_pooled_kernel(self) -> bool:
            self._drop_failed()
            pools = sorted(self._pools.values(), key=len, reverse=True)
            for pool in pools:
                for task in pool:
                    if task.done() and not self._failed(task):
                        kernel_id = task.result()["kernel_id"]
                        pool.remove(task)
                        self.log.warning("Shutting pooled kernel %s down: a page needs its place", kernel_id)
                        await self.shutdown_kernel(kernel_id, now=True, refill=False)
                        return True
            return False

        async def shutdown_kernel(self, kernel_id: str, *args: Any, refill: bool = True, **kwargs: Any) -> Any:
            from voila.request_info_handler import RequestInfoSocketHandler

            RequestInfoSocketHandler._cache.pop(kernel_id, None)  # the page's request, kept for nobody
            result = await super().shutdown_kernel(kernel_id, *args, **kwargs)
            if refill:  # room again: pools that a full server left short fill up
                self._refill_all()
            return result

        async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:
            self._closing = True
            await super().shutdown_all(*args, **kwargs)

        async def cull_kernel_if_idle(self, kernel_id: str) -> None:
            kernel = self._kernels.get(kernel_id)
            if kernel_id in self.pooled_kernel_ids() and getattr(kernel, "execution_state", "") == "dead":
                self.log.warning("Pooled kernel %s died: replacing it", kernel_id)
                await self.shutdown_kernel(kernel_id)
                return
            await super().cull_kernel_if_idle(kernel_id)

    return PooledClassroomKernelManager


# What a student sees instead of a spinner for ever. Plain words: no traceback, no option names.
_PROBLEM_STYLE = (
    "position:fixed;inset:0;z-index:100000;display:flex;align-items:center;justify-content:center;"
    "background:rgba(255,255,255,.96);font:16px/1.5 system-ui,sans-serif;color:#222"
)


def problem_html(title: str, text: str) -> str:
    """A full-page notice with a "Try again" button that reloads the page."""
    return (
        f'<div class="parlour-server-problem" role="alert" style="{_PROBLEM_STYLE}">'
        '<div style="max-width:34em;padding:1.5em;border:1px solid #c33;border-radius:8px;background:#fff">'
        f'<h2 style="margin-top:0">{html.escape(title)}</h2><p>{html.escape(text)}</p>'
        '<button type="button" class="parlour-try-again" onclick="window.location.reload()" '
        'style="font-size:16px;padding:.5em 1.2em;min-height:44px">Try again</button>'
        "</div></div>"
        # Voilà streams the page inside a hidden container under a spinner: lift the notice out.
        "<script>(function(){var all=document.querySelectorAll('.parlour-server-problem');"
        "var n=all[all.length-1];document.body.appendChild(n);"
        "var s=document.getElementById('loading');if(s){s.style.display='none';}})();</script>"
    )


KERNEL_FAILED = problem_html(
    "The table could not start",
    "The server could not start the game for this page; it may be busy with many students at once. "
    "Press Try again in a moment.",
)


def server_full_html(limit: int) -> str:
    return problem_html(
        "The server is full",
        f"This server is already running {limit} tables, as many as it may. Close lesson tabs "
        "you no longer use (or ask your teacher), wait a minute, then press Try again.",
    )


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


SHARED_MODULES = "<script>" + (Path(__file__).parent / "static" / "shared_modules.js").read_text() + "</script>"
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


class NotANavigation(tornado.web.HTTPError):
    """A request for a page that no person asked to open: refused before a kernel starts."""

    def __init__(self, why: str) -> None:
        super().__init__(403, "not a page visit: %s", why)


def foreign_request(headers: Any) -> str | None:
    """Why a request for a lesson page is not a person opening it, or None when it is.

    Every page request starts a kernel, so a page on another site could fill the server with
    blind ``fetch()``es, images or hidden iframes and lock a class out. Browsers say what a
    request is for (``Sec-Fetch-*``): a page visit is a navigation to a document, or an iframe
    of this same site (JupyterLab's preview). A teacher's deal link clicked on another site is
    a navigation, so it still opens. A client that sends no such header (an old browser, curl,
    a script) is not a foreign page and is let through, as before.
    """
    mode = headers.get("Sec-Fetch-Mode")
    dest = headers.get("Sec-Fetch-Dest")
    site = headers.get("Sec-Fetch-Site")
    purpose = headers.get("Sec-Purpose") or headers.get("Purpose") or ""
    if "prefetch" in purpose.lower():
        return "a prefetch"
    if mode is not None and mode != "navigate":
        return f"a {mode} request"
    if dest is not None and dest not in ("document", "iframe"):
        return f"a request for a{'n' if dest[:1] in 'aeiou' else ''} {dest}"
    if dest == "iframe" and site not in ("same-origin", "none"):
        return "a frame in another site's page"
    return None


#: Lesson pages may be framed by this site only (JupyterLab's preview), never by another.
FRAME_POLICY = "frame-ancestors 'self'"


def page_client(handler: Any) -> str | None:
    """Who asks for a page, as ``unconnected_per_client`` counts them: the student behind a hub's login,
    else the address asking, unless it is this machine's own (``./run app`` listens on 127.0.0.1 only:
    every page there is the one learner's, who may open many at once; the cap and the reclaiming of
    unconnected kernels still hold)."""
    import ipaddress

    if getattr(handler.kernel_manager, "per_user_kernels", False):
        user = user_name(handler)
        return None if user is None else f"student {user}"
    address = handler.request.remote_ip or ""
    try:
        if ipaddress.ip_address(address).is_loopback:
            return None
    except ValueError:
        pass
    return f"address {address}"


AUTOSAVE_OWNER_COOKIE = "parlour_user"


def autosave_owner(user: str | None) -> str | None:
    """On a hub, what names the logged-in student's saves in their browser (a digest of their name);
    None elsewhere, where a browser is one learner's. A lab's computers serve one student after another:
    a save keyed by lesson alone was offered to the next student who logged in there."""
    import hashlib
    import os

    if user is None or not os.environ.get("JUPYTERHUB_API_URL"):
        return None
    return hashlib.sha256(f"parlour-autosave:{user}".encode()).hexdigest()[:16]


class ParlourVoilaHandler(TornadoVoilaHandler):
    """Voilà's page handler: opens a page only for a person's visit (not another site's blind
    request), sets the XSRF cookie its unload beacon sends back, and answers "server full"
    with a page a student can read."""

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        why = foreign_request(self.request.headers)
        if why is not None:
            self.log.info("Refusing %s for %s: no kernel started", why, self.request.path)
            raise NotANavigation(why)
        if getattr(self.kernel_manager, "per_user_kernels", False):
            PAGE_OWNER.set(user_name(self))  # this request's task: the kernel chosen for it is theirs
        PAGE_CLIENT.set(page_client(self))
        handed: list[str] = []
        PAGE_KERNELS.set(handed)
        owner = autosave_owner(user_name(self))
        if owner is not None:  # widgets/static/autosave.js keys this student's saves with it
            self.set_cookie(AUTOSAVE_OWNER_COOKIE, owner, path=self.base_url, samesite="Lax")
        self.set_header("Content-Security-Policy", FRAME_POLICY)
        self.set_header("X-Frame-Options", "SAMEORIGIN")
        # Voilà's page shuts its kernel down on unload with a beacon carrying the _xsrf
        # cookie's value; the cookie is only set when a handler reads xsrf_token. Without
        # it the beacon is refused (voila issue #1458) unless XSRF checks are off for all.
        self.xsrf_token  # noqa: B018  (reading it sets the cookie)
        try:
            await super().get(path)
        finally:  # written, or given up: from now on a browser may connect, or never will
            for kernel_id in handed:
                page_sent = getattr(self.kernel_manager, "page_sent", None)
                if page_sent is not None:
                    page_sent(kernel_id)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(exc, NotANavigation):
            self.set_header("Content-Type", "text/html; charset=UTF-8")
            self.finish("<!DOCTYPE html><html><head><meta charset='utf-8'><title>Parlour</title></head><body>"
                        + problem_html("Open this lesson yourself",
                                       "This page opens a lesson only when you visit it: type its address "
                                       "or follow a link to it.") + "</body></html>")
            return None
        if not isinstance(exc, ServerFull):
            return super().write_error(status_code, **kwargs)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Retry-After", "60")
        self.finish("<!DOCTYPE html><html><head><meta charset='utf-8'><title>Parlour: server full</title>"
                    f"</head><body>{server_full_html(exc.limit)}</body></html>")


class TrustNoticeToDebug(logging.Filter):
    """Jupyter's "Notebook X is not trusted" demoted to a debug line: Voilà runs a lesson whatever its
    signature (trust only decides whether JupyterLab shows a notebook's stored outputs), yet the notice
    came once per page and per pooled kernel, 11 of them at ./run app's start. Other records pass."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg == "Notebook %s is not trusted":
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return True


def quiet_trust_notices(log: logging.Logger) -> None:
    """The app's logger (its contents manager logs through it) with :class:`TrustNoticeToDebug`, once."""
    if not any(isinstance(f, TrustNoticeToDebug) for f in log.filters):
        log.addFilter(TrustNoticeToDebug())


def install() -> None:
    """Point Voilà's page rendering at the guarded renderer and handler (module-level
    names Voilà looks up at request time and when its extension adds its handlers)."""
    voila.handler.NotebookRenderer = GuardedNotebookRenderer  # type: ignore[misc]
    voila.voila_kernel_manager.NotebookRenderer = GuardedNotebookRenderer  # type: ignore[misc]  # pools' pages
    voila.app.voila_kernel_manager_factory = classroom_kernel_manager_factory  # type: ignore[assignment]
    voila.server_extension.TornadoVoilaHandler = ParlourVoilaHandler  # type: ignore[misc]


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


def _static_with(base: type, mixin: type = VoilaAsset) -> type:
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


#: Widget state and messages travel compressed (13x smaller, at no cost measured on loopback).
WEBSOCKET_COMPRESSION: dict[str, Any] = {}


class ParlourVoila(Voila):
    """Standalone Voilà with :func:`install`'s fixes; configured by ``voila.json``."""

    def init_settings(self) -> dict:
        install()  # before the kernel manager is made: its pools are the classroom's
        quiet_trust_notices(self.log)
        settings: dict = super().init_settings()
        # Read when Voilà builds its tornado Application; voila.json's tornado_settings are applied
        # after that, too late for compress_response (it would have no effect there).
        settings["compress_response"] = True
        settings.setdefault("websocket_compression_options", WEBSOCKET_COMPRESSION)
        return settings

    def init_handlers(self) -> list:
        install()
        from voila.static_file_handler import MultiStaticFileHandler, TemplateStaticFileHandler

        swap = {TornadoVoilaHandler: ParlourVoilaHandler, FileFindHandler: HashedAssetHandler,
                MultiStaticFileHandler: _static_with(MultiStaticFileHandler),
                TemplateStaticFileHandler: _static_with(TemplateStaticFileHandler)}
        if self.config.get("ClassroomKernelManager", {}).get("per_user_kernels"):
            swap.update(_kernel_routes_per_student())
        return [(rule[0], swap.get(rule[1], rule[1]), *rule[2:]) for rule in super().init_handlers()]


def _kernel_routes_per_student() -> dict[type, type]:
    """Every route that names a kernel, answering only the student the kernel is for."""
    from jupyter_server.services.kernels.handlers import KernelHandler
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
    from voila.tornado.execution_request_handler import ExecutionRequestHandler
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    from widgets.hub_service import own_kernels_only

    # (/voila/query/<kernel> is left as it is: it tells a preheated page its own address, nothing more)
    routes = (KernelHandler, VoilaKernelWebsocketHandler, VoilaShutdownKernelHandler, ExecutionRequestHandler)
    return {route: own_kernels_only(route) for route in routes}


# --- Jupyter server extension (hub and Binder single-user servers) -------------------------

# What a Voilà page's widgets need from its kernel; Voilà's standalone app allows only these on
# the kernel websocket (so a page cannot run code). A hub's student servers get the same list.
WIDGET_MESSAGES = ["comm_open", "comm_close", "comm_msg", "comm_info_request", "kernel_info_request",
                   "shutdown_request"]


class ReadOnlyContentsManager(AsyncLargeFileManager):
    """The lessons as a student's server sees them: readable (Voilà renders them), never
    written, renamed, deleted or restored from a checkpoint (on one machine every student's
    server shares them; a checkpoint restored is a lesson rewritten)."""

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise tornado.web.HTTPError(403, "The lessons are read-only on this server")

    async def save(self, model: Any, path: str = "") -> Any:
        self._refuse()

    async def delete_file(self, path: str) -> None:
        self._refuse()

    async def rename_file(self, old_path: str, new_path: str) -> None:
        self._refuse()

    async def new(self, model: Any = None, path: str = "") -> Any:
        self._refuse()

    async def new_untitled(self, path: str = "", type: str = "", ext: str = "") -> Any:
        self._refuse()

    async def copy(self, from_path: str, to_path: str | None = None) -> Any:
        self._refuse()

    async def create_checkpoint(self, path: str) -> Any:
        self._refuse()

    async def restore_checkpoint(self, checkpoint_id: str, path: str) -> None:
        self._refuse()

    async def delete_checkpoint(self, checkpoint_id: str, path: str) -> None:
        self._refuse()


# The voila.json sections a Jupyter server with the Voilà extension reads from its own config.
SERVER_SECTIONS = ("VoilaConfiguration", "VoilaExecutor", "MappingKernelManager", "ClassroomKernelManager")


def single_user_config(voila_settings: dict[str, Any], **kernel_limits: int) -> dict[str, Any]:
    """voila.json's settings as a ``jupyter_server_config.json`` for a Jupyter server running
    Voilà as an extension (a JupyterHub single-user server, Binder): there voila.json is not
    read from the repo (the server starts elsewhere) and tornado settings are the server's own.
    ``kernel_limits`` (``max_kernels``, ``cull_unconnected_after``) override voila.json's."""
    conf: dict[str, Any] = {name: dict(voila_settings.get(name, {})) for name in SERVER_SECTIONS}
    conf["VoilaConfiguration"].pop("multi_kernel_manager_class", None)  # the standalone app's knob
    # Voilà 0.5.13 preheats only as a standalone app (its extension serves every page a new
    # kernel), and a pool per lesson in every student's server would hold a dozen idle kernels each.
    conf["VoilaConfiguration"].pop("preheat_kernel", None)
    conf["ClassroomKernelManager"].update(kernel_limits)
    conf["ServerApp"] = {
        "jpserver_extensions": {"voila": True, "widgets.server": True},
        "kernel_manager_class": f"{__name__}.ClassroomKernelManager",
    }
    return conf


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "widgets.server"}]


def _link_jupyter_server_extension(server_app: Any) -> None:
    # Linking runs before any extension loads, so Voilà's extension picks our handler up.
    install()
    ensure_save_key()  # a hub passes its own; a lone server (Binder) keeps one of its own


def _load_jupyter_server_extension(server_app: Any) -> None:
    quiet_trust_notices(server_app.log)
    server_app.log.info("Parlour: guarded Voilà pages at %s",
                        url_path_join(server_app.base_url, "voila/render/"))


def class_pools(argv: list[str], config_path: Path = Path("voila.json")) -> list[str]:
    """``--pool jubilee=30`` (a class about to open one lesson) → Voilà's ``kernel_pools_config``.

    The pools ``voila.json`` sets are kept; each ``--pool LESSON=N`` sets that lesson's pool
    (``LESSON`` is the notebook's path under ``lessons/``, with or without ``.ipynb``).
    Other arguments pass through unchanged.
    """
    try:
        config = json.loads(config_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        config = {}
    pools = dict(config.get("VoilaKernelManager", {}).get("kernel_pools_config", {}))
    rest: list[str] = []
    asked = False
    args = iter(argv)
    for arg in args:
        if arg == "--pool" or arg.startswith("--pool="):
            value = arg.split("=", 1)[1] if "=" in arg else next(args, "")
            lesson, _, size = value.partition("=")
            if not lesson or not size.isascii() or not size.isdigit() or len(size) > 4:
                raise SystemExit(f"--pool wants LESSON=N (a lesson and a number of kernels), not {value!r}")
            name = lesson if lesson.endswith(".ipynb") else f"{lesson}.ipynb"
            pools[name] = {"pool_size": int(size)}
            asked = True
        else:
            rest.append(arg)
    if asked:
        rest.append(f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}")
        rest += _room_for_the_class(rest, pools, config)
    return rest


def _room_for_the_class(args: list[str], pools: dict[str, dict], config: dict) -> list[str]:
    """A cap that holds every pool plus the pages of the class: ``--ClassroomKernelManager.max_kernels``.

    Thirty students on a pool of thirty hold thirty kernels while the pool warms thirty more,
    and every other notebook keeps its own pool: under voila.json's cap of 40 the last students
    would wait for a kernel of their own. The teacher asked for the class, so the cap makes
    room for it (and says so); a cap given on the command line is kept as it is.
    """
    if any(arg.startswith("--ClassroomKernelManager.max_kernels") for arg in args):
        return []
    standard = ClassroomKernelManager.max_kernels.default_value
    cap = int(config.get("ClassroomKernelManager", {}).get("max_kernels", standard))
    if cap == 0:
        return []
    served = next((Path(arg) for arg in args if not arg.startswith("-")), Path("lessons"))
    notebooks = {p.relative_to(served).as_posix() for p in served.rglob("*.ipynb")
                 if ".ipynb_checkpoints" not in p.parts} if served.is_dir() else set()
    default = int(pools.get("default", {}).get("pool_size", 0))
    sizes = {name: int(pools.get(name, {}).get("pool_size", default)) for name in notebooks}
    raised = [int(pool.get("pool_size", 0)) for name, pool in pools.items() if name != "default"]
    needed = sum(sizes.values()) + max(raised, default=0)
    if needed <= cap:
        return []
    print(f"Parlour: room for the class: up to {needed} kernels at once instead of {cap} "
          f"(about {needed * 63 / 1000:.1f} GB at 63 MB each).", file=sys.stderr)
    return [f"--ClassroomKernelManager.max_kernels={needed}"]


def state_dir() -> Path:
    """Where the server keeps what must outlive it (its save key): ``PARLOUR_STATE_DIR``, else
    ``$XDG_STATE_HOME/parlour`` (``~/.local/state/parlour``)."""
    import os

    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(os.environ.get("PARLOUR_STATE_DIR") or Path(base) / "parlour")


SAVE_KEY_FILE = "save-key"


def ensure_save_key(directory: Path | None = None) -> str:
    """The server's secret for signing saves: ``PARLOUR_SAVE_KEY`` if set, else one generated once and
    kept in ``directory/save-key`` (mode 0600), put in this process's environment for its kernels.

    A save comes back from the learner's browser; with no secret anyone can recompute its checksum and
    hand the table a game whose bots' moves they chose. Kept on disk, a restarted server still resumes
    the games its pages saved.
    """
    import os
    import secrets

    from engine.protocol import SAVE_KEY_ENV

    if os.environ.get(SAVE_KEY_ENV):
        return os.environ[SAVE_KEY_ENV]
    folder = directory or state_dir()
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = folder / SAVE_KEY_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_hex(32) + "\n")
    key = path.read_text().strip()
    if not key:
        raise SystemExit(f"Parlour: the save key {path} is empty: delete it and start again")
    os.environ[SAVE_KEY_ENV] = key
    return key


def main() -> None:
    import warnings

    # traitlets 5 still reads a whole dict from the command line, with a warning a teacher need not see
    warnings.filterwarnings("ignore", message=".*for dict-traits is deprecated", category=DeprecationWarning)
    sys.argv[1:] = class_pools(sys.argv[1:])
    ensure_save_key()  # before any kernel starts: kernels inherit the environment
    ParlourVoila.launch_instance()


if __name__ == "__main__":
    # Run the imported module's classes, not __main__'s copies: voila.json names
    # widgets.server.ClassroomKernelManager, and its ServerFull must be the one handlers catch.
    from widgets.server import main as _main

    _main()
