"""Voilà's preheated kernel pools under the classroom kernel manager's rules."""

from __future__ import annotations

import asyncio
from typing import Any

import voila.voila_kernel_manager

from widgets.server.kernel_manager import ClassroomKernelManager, ServerFull


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
            if self._waiting or self._refill_paused():  # the next free place is a page's
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

        def _pooled_kernel_to_give_up(self) -> str | None:
            self._drop_failed()
            pools = sorted(self._pools.values(), key=len, reverse=True)
            for pool in pools:
                for task in pool:
                    if task.done() and not self._failed(task):
                        pool.remove(task)
                        kernel_id: str = task.result()["kernel_id"]
                        return kernel_id
            return None

        def _no_page_waiting(self) -> None:
            self._refill_all()

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
