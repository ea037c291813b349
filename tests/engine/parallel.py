"""Run a soak's seeded games on every core.

A soak is a loop of independent seeded games, so it parallelises cleanly: ``run_seeds(fn,
args_list)`` calls ``fn(*args)`` for every tuple in ``args_list`` in a pool of forked worker
processes (one per core) and returns the results in order. A game that fails does not hide
among the others: the test fails with the arguments (the seed) of the first failing game, its
exception and its traceback, so ``fn(*args)`` can be replayed alone. Forking keeps the test
module as pytest imported it (assertion rewriting included) and needs no pickling of the game.
"""

from __future__ import annotations

import multiprocessing
import os
import traceback
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable, Sequence, TypeVar

T = TypeVar("T")


def workers() -> int:
    return os.cpu_count() or 1


def _attempt(fn: Callable[..., T], args: tuple) -> tuple[bool, Any]:
    """``(True, result)``, or ``(False, the traceback as text)``: exceptions cross back as text."""
    try:
        return True, fn(*args)
    except BaseException:  # noqa: BLE001 - every failure is reported with its seed
        return False, traceback.format_exc()


def _attempt_chunk(fn: Callable[..., T], chunk: Sequence[tuple]) -> list[tuple[bool, Any]]:
    return [_attempt(fn, args) for args in chunk]


def run_seeds(fn: Callable[..., T], args_list: Sequence[tuple], processes: int | None = None) -> list[T]:
    """``[fn(*args) for args in args_list]``, computed on every core; a failure names its arguments.

    ``fn`` must be a module-level function (the workers find it by name). Games are handed out
    in small chunks so that a long game does not leave the other cores idle at the end.
    """
    args_list = [tuple(args) for args in args_list]
    processes = min(processes or workers(), len(args_list))
    if processes <= 1:
        outcomes = _attempt_chunk(fn, args_list)
    else:
        size = max(1, len(args_list) // (processes * 24))
        chunks = [args_list[i:i + size] for i in range(0, len(args_list), size)]
        with ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("fork")) as pool:
            outcomes = [o for part in pool.map(_attempt_chunk, [fn] * len(chunks), chunks) for o in part]
    failures = [(args, text) for args, (ok, text) in zip(args_list, outcomes) if not ok]
    if failures:
        args, text = failures[0]
        call = f"{fn.__name__}({', '.join(repr(a) for a in args)})"
        raise AssertionError(f"{len(failures)} of {len(args_list)} games failed; the first: {call}\n{text}")
    return [result for _, result in outcomes]
