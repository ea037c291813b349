"""The classroom kernel manager: a cap on kernels, a quick cull of pages never opened, and no
lock-out by a script (its unconnected kernels give way to pages, and one client holds only a few)."""

from __future__ import annotations

from typing import Any

import tornado.web
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Bool, Integer

from widgets.server.page_identity import PAGE_CLIENT, PAGE_KERNELS, PAGE_OWNER


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
