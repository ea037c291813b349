"""The classroom kernel manager: a cap on kernels, a quick cull of pages never opened, and no
lock-out by a script (its unconnected kernels give way to pages, and one client holds only a few)."""

from __future__ import annotations

import asyncio
import time
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
    page no one connects to holds a place only while nobody needs it: a page that finds the server
    full takes the place of the oldest such kernel whose page went out at least
    ``reclaim_unconnected_after`` seconds ago (then of an idle pooled kernel), and one client (a
    hub's student, or an address other than this machine's) holds at most
    ``unconnected_per_client`` of them: asking for one more shuts its oldest down.

    When no place can be had at once but one may free up (a kernel no page connected to is still
    running), the page waits up to ``wait_for_a_place`` seconds, and the pages waiting are served
    in the order they came. Refused at once instead, a student asking once a second lost every
    freed place to a script asking without pause, and a place freed while its kernel was still
    shutting down went to whichever request came next. A freed place is the waiting page's from the
    moment its kernel is chosen to go. While pages wait or are being refused, pools wait to refill.
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
    wait_for_a_place = Integer(
        30, config=True,
        help="Seconds a page may wait for a place on a full server while a kernel no page connected to may "
             "still give its place up; waiting pages are served in the order they came (0: refused at once).",
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
        self._for_pools: set[str] = set()  # started for a preheated pool, not handed to a page yet
        self._sent: dict[str, float] = {}  # page's kernel -> when its page had gone out (monotonic)
        self._refused_at: float | None = None  # when a page was last refused as full
        self._waiting: list[object] = []  # the pages waiting for a place, first come first
        self._wake: asyncio.Event | None = None  # set when a place may have come free

    def in_use(self) -> int:
        """Kernels that hold a place under ``max_kernels``: running or starting, not on their way out
        (a kernel being culled takes a few seconds to exit; a student arriving then is let in)."""
        return len(self._kernels) - len(self._stopping & self._kernels.keys()) + self._starting

    def own(self, kernel_id: str) -> None:
        """Record ``kernel_id`` as the kernel of the page being rendered (and of its student, on a hub)."""
        self._for_pools.discard(kernel_id)  # a pooled kernel a page takes is that page's from now
        owner = PAGE_OWNER.get()
        if owner is not None:
            self._owners[kernel_id] = owner
        self._pages[kernel_id] = (PAGE_CLIENT.get(), time.monotonic())
        handed = PAGE_KERNELS.get()
        if handed is not None:
            handed.append(kernel_id)

    def page_sent(self, kernel_id: str) -> None:
        """The page of ``kernel_id`` has gone out: from now on its browser may connect."""
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

    async def _take_places_of(self, kernel_ids: list[str], why: str) -> None:
        """The page being rendered takes the place of ``kernel_ids``, which are shut down: the place is
        counted as the page's from now on, so no request arriving while they exit takes it."""
        self._stopping.update(kernel_ids)
        self._starting += 1
        try:
            for kernel_id in kernel_ids:
                try:
                    await self._shut_for_a_page(kernel_id, why)
                except Exception:  # it went meanwhile (culled, or its page's beacon): the place is free
                    self.log.exception("Could not shut kernel %s down", kernel_id)
        except BaseException:  # the request itself was cancelled: no kernel will start for it
            self._starting -= 1
            raise

    def _past_the_client_limit(self) -> list[str]:
        """The asking client's kernels no page connected to that must go before it gets one more page
        (it holds at most ``unconnected_per_client``), oldest first."""
        client = PAGE_CLIENT.get()
        if client is None or not self.unconnected_per_client:
            return []
        held = [k for k in self._unconnected_pages() if self._pages[k][0] == client]
        return held[:max(0, len(held) - self.unconnected_per_client + 1)]

    async def _keep_client_within_limit(self) -> None:
        """Before one client gets one more pooled page (no place needed): its oldest go."""
        for kernel_id in self._past_the_client_limit():
            await self._shut_for_a_page(kernel_id, f"{PAGE_CLIENT.get()} asked for another page while holding "
                                                   f"{self.unconnected_per_client} that no page connected to")

    def _reclaimable(self) -> str | None:
        """The oldest kernel whose page went out ``reclaim_unconnected_after`` seconds ago and that no page
        connected to (None: none)."""
        if not self.reclaim_unconnected_after:
            return None
        now = time.monotonic()
        for kernel_id in self._unconnected_pages():
            sent = self._sent.get(kernel_id)
            if sent is not None and now - sent >= self.reclaim_unconnected_after:
                return kernel_id
        return None

    def _may_free_up(self) -> bool:
        """Whether a place may come free for a waiting page: some place is held by a kernel no page has
        connected to, which will give it up (reclaimed, or culled). Every place held by a page that
        connected: nothing to wait for."""
        connected = sum(1 for k in self._kernels if k not in self._stopping
                        and (k in self._ever_connected or self._kernel_connections.get(k, 0)))
        return bool(self.reclaim_unconnected_after) and self.in_use() > connected

    def owner_of(self, kernel_id: str) -> str | None:
        return self._owners.get(kernel_id)

    def _wake_waiting_pages(self) -> None:
        if self._wake is not None:
            self._wake.set()
            self._wake = None

    async def _nap(self, seconds: float) -> None:
        """Wait ``seconds``, or less if a place may have come free meanwhile."""
        if self._wake is None:
            self._wake = asyncio.Event()
        try:
            await asyncio.wait_for(self._wake.wait(), max(0.01, seconds))
        except asyncio.TimeoutError:
            pass

    def _refuse(self, for_pool: bool) -> None:
        self.log.warning("Refusing a %skernel: %d running or starting (max_kernels)",
                         "pooled " if for_pool else "", self.in_use())
        if not for_pool:
            self._refused_at = time.monotonic()
        raise ServerFull(self.max_kernels)

    async def _take_a_place(self) -> None:
        """Count the page's kernel among those starting once it has a place under ``max_kernels``.

        A client at its limit trades its oldest unconnected kernel for the new one. Otherwise the page
        takes a free place, or the place of a kernel no page connected to (see :meth:`_place_to_free`);
        when there is none yet it waits its turn, first come first served, for at most
        ``wait_for_a_place`` seconds and only while one may still come free."""
        if not self.max_kernels and not self._past_the_client_limit():
            self._starting += 1
            return
        turn = object()
        self._waiting.append(turn)
        give_up = time.monotonic() + self.wait_for_a_place
        try:
            while True:
                own_oldest = self._past_the_client_limit()
                if own_oldest:  # its own place, whoever waits
                    await self._take_places_of(own_oldest, f"{PAGE_CLIENT.get()} asked for another page while holding "
                                                           f"{self.unconnected_per_client} that no page connected to")
                    return
                if self._waiting[0] is turn:
                    if not self.max_kernels or self.in_use() < self.max_kernels:
                        self._starting += 1
                        return
                    freed = self._place_to_free()
                    if freed is not None:
                        await self._take_places_of([freed[0]], freed[1])
                        return
                    if not self._may_free_up():
                        self._refuse(False)
                left = give_up - time.monotonic()
                if left <= 0:
                    self._refuse(False)
                await self._nap(min(0.25, left))
        finally:
            self._waiting.remove(turn)
            self._wake_waiting_pages()
            if not self._waiting:
                self._no_page_waiting()

    def _no_page_waiting(self) -> None:
        """The last page waiting for a place has one, or was refused (pools may refill)."""

    def _place_to_free(self) -> tuple[str, str] | None:
        """A kernel whose place a page may take now, and why: the oldest a page no one connected to
        went out with long enough ago, else an idle pooled kernel (None: neither)."""
        kernel_id = self._reclaimable()
        if kernel_id is not None:
            return kernel_id, "a page needs its place and no page connected to it"
        kernel_id = self._pooled_kernel_to_give_up()
        if kernel_id is not None:
            return kernel_id, "a page needs its place (an idle pooled kernel)"
        return None

    async def _async_start_kernel(self, *, kernel_id: str | None = None, **kwargs: Any) -> str:
        if kernel_id is not None and kernel_id in self:
            return await super()._async_start_kernel(kernel_id=kernel_id, **kwargs)
        for_pool = (kwargs.get("env") or {}).get("VOILA_PREHEAT") == "True"
        if not for_pool:
            await self._take_a_place()  # counted in ``_starting`` from here
        elif self.max_kernels and (self.in_use() >= self.max_kernels or self._waiting):
            self._refuse(True)  # a pool waits for room; a page never waits behind a pool
        else:
            self._starting += 1
        self._pool_starting += for_pool
        try:
            started: str = await super()._async_start_kernel(kernel_id=kernel_id, **kwargs)
        finally:
            self._starting -= 1
            self._pool_starting -= for_pool
            self._wake_waiting_pages()  # a failed start frees its place
        if for_pool:
            self._for_pools.add(started)
        else:
            self.own(started)
        if self.cull_unconnected_after and not self._initialized_culler_for_unconnected:
            self._start_unconnected_culler()
        return started

    def pooled_kernel_ids(self) -> set[str]:
        """Kernels waiting in a preheated pool for a page (none without preheating)."""
        return set()

    def _pooled_kernel_to_give_up(self) -> str | None:
        """An idle pooled kernel taken out of its pool for a page to take its place (None: none)."""
        return None

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
            # a pool's kernel waits for a page, not forgotten by one; while it runs its lesson it is not in the
            # pool yet, and on a busy machine it may sit idle between starting and its first cell
            if kernel_id in pooled or kernel_id in self._for_pools:
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
        self._for_pools.discard(kernel_id)
        self._owners.pop(kernel_id, None)
        self._pages.pop(kernel_id, None)
        self._sent.pop(kernel_id, None)
        self._wake_waiting_pages()  # its place is free
