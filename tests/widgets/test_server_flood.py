"""Issue 32, item 1: a script's plain GETs filled the kernel cap with kernels no page ever connected to,
and a class was told "server full" for minutes. The kernel manager's rules, without real kernels:

- one client (a hub's student, or an address other than this machine's) holds at most
  ``unconnected_per_client`` kernels no page connected to: asking for one more shuts its oldest down;
- a page that finds the server full takes the place of the oldest kernel whose page went out
  ``reclaim_unconnected_after`` seconds ago and was never connected to; a connected kernel, or one whose
  page is still being written, keeps its place;
- when there is no such kernel yet, the page waits its turn (``wait_for_a_place``): pages are served in the
  order they came, so a script asking without pause does not win every place a student waits for, and a
  place is the page's from the moment the kernel it replaces is chosen (nobody takes it while that kernel
  exits); with every place held by a page that connected, there is nothing to wait for;
- while pages wait or are being refused, pools wait to refill.

tests/browser/test_kernels.py floods a real server while a class of simulated browsers arrives.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from typing import Any

import pytest
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from widgets.server.kernel_manager import ClassroomKernelManager, ServerFull
from widgets.server.page_identity import PAGE_CLIENT, PAGE_KERNELS

_ids = itertools.count(1)


class Kernels(ClassroomKernelManager):
    """The classroom manager over pretend kernels: starting one records it, shutting one down removes it
    (after ``exit_time`` seconds: a real kernel takes a moment to exit)."""

    exit_time = 0.0

    async def shutdown_kernel(self, kernel_id: str, now: bool = False, restart: bool = False) -> None:
        self.shut.append(kernel_id)
        await self._remove_kernel_when_ready(kernel_id, asyncio.sleep(self.exit_time))
        self._kernels.pop(kernel_id, None)


@pytest.fixture(autouse=True)
def pretend_kernels(monkeypatch):
    async def start(self: Any, *, kernel_id: str | None = None, **kwargs: Any) -> str:
        kernel_id = kernel_id or f"k{next(_ids)}"
        self._kernels[kernel_id] = object()
        return kernel_id

    monkeypatch.setattr(AsyncMappingKernelManager, "_async_start_kernel", start)


def manager(**limits: int) -> Kernels:
    made = Kernels(cull_unconnected_after=0, **{"wait_for_a_place": 0, **limits})
    made.shut = []
    return made


async def page(km: Kernels, client: str | None, sent: bool = True) -> str:
    """One page request from ``client``: its kernel, marked sent as the handler does once the page is out."""
    PAGE_CLIENT.set(client)
    handed: list[str] = []
    PAGE_KERNELS.set(handed)
    kernel_id = await km.start_kernel()
    assert handed == [kernel_id]
    if sent:
        km.page_sent(kernel_id)
    return kernel_id


def long_ago(km: Kernels, *kernel_ids: str) -> None:
    for kernel_id in kernel_ids:
        km._sent[kernel_id] = time.monotonic() - 3600


def test_one_client_holds_at_most_a_few_kernels_no_page_connected_to():
    async def run() -> None:
        km = manager(max_kernels=40, unconnected_per_client=3)
        ann = await page(km, "student ann")
        km.notify_connect(ann)  # a real page: it connected
        script = [await page(km, "student ben") for _ in range(10)]
        assert km.shut == script[:7], "each GET past the third shut the client's oldest unconnected kernel down"
        assert set(km._kernels) == {ann, *script[7:]}
        assert [await page(km, "address 10.0.0.9") for _ in range(3)] and km.shut == script[:7]  # others unaffected
        # this machine's own pages (./run app listens on 127.0.0.1 only) are one learner's: not limited
        mine = [await page(km, None) for _ in range(5)]
        assert set(mine) <= set(km._kernels)

    asyncio.run(run())


def test_a_page_that_would_be_refused_takes_the_place_of_the_oldest_page_no_one_connected_to():
    async def run() -> None:
        km = manager(max_kernels=4, unconnected_per_client=0, reclaim_unconnected_after=5)
        student = await page(km, None)
        km.notify_connect(student)
        flood = [await page(km, None) for _ in range(3)]
        with pytest.raises(ServerFull):  # their pages went out a moment ago: a browser may still connect
            await page(km, None)
        long_ago(km, *flood)
        arriving = await page(km, None)
        assert km.shut == [flood[0]] and student in km._kernels and arriving in km._kernels
        rendering = await page(km, None, sent=False)  # took flood[1]'s place; its own page is still being written
        assert km.shut == flood[:2]
        long_ago(km, rendering)
        km._sent.pop(rendering)
        await page(km, None)  # flood[2] goes; the page still being written stays
        assert km.shut == flood and rendering in km._kernels and student in km._kernels
        with pytest.raises(ServerFull):  # nothing left that no page needs: the connected student stays
            await page(km, None)
        assert student in km._kernels and km._refused_at is not None

    asyncio.run(run())


def test_pages_waiting_for_a_place_are_served_in_the_order_they_came():
    """The flood test's defect (tests/browser/test_kernels.py, issue 32 item 1): refused at once, a student
    asking once a second lost every place that came free to two scripts asking without pause (a kernel
    turned reclaimable and a script's next GET, a few hundredths of a second later, took it). Now the
    student's request waits, and the first place to come free is the student's."""
    async def run() -> None:
        km = manager(max_kernels=3, unconnected_per_client=0, reclaim_unconnected_after=5, wait_for_a_place=60)
        flood = [await page(km, None) for _ in range(3)]
        student = asyncio.ensure_future(page(km, None))
        got: list[str] = []
        stop = asyncio.Event()

        async def script() -> None:  # asks again at once whenever it is refused
            while not stop.is_set():
                try:
                    got.append(await page(km, None))
                except ServerFull:
                    await asyncio.sleep(0)

        scripts = [asyncio.ensure_future(script()) for _ in range(2)]
        await asyncio.sleep(0.3)
        assert not student.done(), "the student was refused at once: the scripts will take every freed place"
        long_ago(km, flood[0])  # the oldest page no one connected to may give its place up now
        kernel_id = await asyncio.wait_for(student, 30)
        assert km.shut[0] == flood[0] and kernel_id in km._kernels and not got
        stop.set()
        long_ago(km, flood[1], flood[2])  # the scripts' waiting requests end
        await asyncio.gather(*scripts)

    asyncio.run(run())


def test_a_place_freed_for_a_page_is_that_pages_while_the_old_kernel_exits():
    """A reclaimed kernel takes a moment to exit; its place counted as free meanwhile, and a request arriving
    then took it, so the page that had made room was refused (seen in the flood's log: a script shut a
    kernel down and a student's request 0.04 s later started in its place, or two requests shut the same one)."""
    async def run() -> None:
        km = manager(max_kernels=2, unconnected_per_client=0, reclaim_unconnected_after=5, wait_for_a_place=1)
        km.exit_time = 0.5
        student = await page(km, None)
        km.notify_connect(student)
        forgotten = await page(km, None)
        long_ago(km, forgotten)
        first = asyncio.ensure_future(page(km, None))
        await asyncio.sleep(0.1)  # the forgotten kernel is on its way out
        second = asyncio.ensure_future(page(km, None))
        results = await asyncio.gather(first, second, return_exceptions=True)
        assert km.shut == [forgotten]
        assert isinstance(results[0], str) and results[0] in km._kernels, results
        assert isinstance(results[1], ServerFull), results

    asyncio.run(run())


def test_a_page_waits_only_while_a_place_may_come_free():
    """Every place held by a page that connected: refused at once (a student is not kept waiting for
    nothing). A place held by a page no one connected to yet: the page waits, and is told the server is
    full once ``wait_for_a_place`` runs out."""
    async def run() -> None:
        km = manager(max_kernels=1, unconnected_per_client=0, reclaim_unconnected_after=3600, wait_for_a_place=3600)
        student = await page(km, None)
        km.notify_connect(student)
        with pytest.raises(ServerFull):
            await asyncio.wait_for(page(km, None), 30)  # not 3600 s
        assert km._refused_at is not None and not km._waiting
        km2 = manager(max_kernels=1, unconnected_per_client=0, reclaim_unconnected_after=3600, wait_for_a_place=1)
        await page(km2, None)  # its page went out a moment ago: a browser may still connect
        waiting = asyncio.ensure_future(page(km2, None))
        await asyncio.sleep(0.2)
        assert not waiting.done() and len(km2._waiting) == 1
        with pytest.raises(ServerFull):
            await waiting
        assert not km2._waiting

    asyncio.run(run())


def test_without_reclaiming_a_flood_keeps_the_class_out():
    """The behaviour before the fix, kept as an option (0): the flood's kernels hold every place."""
    async def run() -> None:
        km = manager(max_kernels=3, unconnected_per_client=0, reclaim_unconnected_after=0)
        flood = [await page(km, None) for _ in range(3)]
        long_ago(km, *flood)
        with pytest.raises(ServerFull):
            await page(km, None)

    asyncio.run(run())


def test_pools_wait_to_refill_while_pages_are_being_refused(monkeypatch, tmp_path):
    """A freed place went to a pool's refill first, and a refill warming up cannot be given up: the
    next student was refused again. After a refusal the pools wait ``refill_pause`` seconds."""
    from traitlets.config import Configurable

    from widgets.server.kernel_pools import classroom_kernel_manager_factory

    class App(Configurable):  # what Voilà's pooled manager reads from its app: no notebooks here
        root_dir = str(tmp_path)
        notebook_path = None

    pooled = classroom_kernel_manager_factory(Kernels, True, 1)
    refills: list[str] = []
    voila_pools = pooled.__mro__[1]  # Voilà's pooled manager, under the classroom's rules
    monkeypatch.setattr(voila_pools, "fill_if_needed",
                        lambda self, delay=None, notebook_name=None, **kw: refills.append(notebook_name))

    async def run() -> None:
        km = pooled(parent=App(), max_kernels=4, cull_unconnected_after=0, refill_pause=60,
                    kernel_pools_config={"default": {"pool_size": 1}})
        km.fill_if_needed(notebook_name="jubilee.ipynb")
        assert refills == ["jubilee.ipynb"]  # nobody refused: the pool refills
        km._refused_at = time.monotonic()
        km.fill_if_needed(notebook_name="jubilee.ipynb")
        assert refills == ["jubilee.ipynb"], "a page was just refused: the place is kept for pages"
        km._refused_at = time.monotonic() - 61
        km.fill_if_needed(notebook_name="jubilee.ipynb")
        assert refills == ["jubilee.ipynb"] * 2
        km._waiting.append(object())  # a page waits for a place: the next free one is its
        km.fill_if_needed(notebook_name="jubilee.ipynb")
        assert refills == ["jubilee.ipynb"] * 2

    asyncio.run(run())


def test_a_kernel_started_for_a_pool_is_not_culled_as_unconnected_until_a_page_has_it():
    """A pooled kernel still running its lesson was culled as "no page connected to it in 3 idle seconds"
    (a busy run of tests/browser/test_preheat.py): it is not in the pool until its lesson has run, and it
    may sit idle between its start and its first cell. A page's kernel no page connected to is still culled."""
    from datetime import timedelta
    from types import SimpleNamespace

    from jupyter_server._tz import utcnow

    async def run() -> None:
        km = manager(max_kernels=4)
        km.cull_unconnected_after = 3
        warming = await km.start_kernel(env={"VOILA_PREHEAT": "True"})
        mine = await page(km, "10.0.0.5")
        for kernel_id in (warming, mine):
            km._kernels[kernel_id] = SimpleNamespace(last_activity=utcnow() - timedelta(seconds=60),
                                                     execution_state="idle")
        await km._cull_unconnected()
        assert km.shut == [mine]  # the page's kernel goes; the pool's stays
        km.own(warming)  # a page takes it: from now it is that page's, culled like one
        await km._cull_unconnected()
        assert km.shut == [mine, warming]

    asyncio.run(run())
