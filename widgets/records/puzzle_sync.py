"""The kernel's half of the puzzles kept on the class server (issue 37, "where it lives"): on a hub (or
``./run app --class``) a learner's puzzles follow them between computers.

Why here and not in the browser: the page's kernel already proves itself to its server to record deals
(:class:`widgets.records.recorder.Sender`, its token and "who am I"); the puzzles go the same way, to the route
``parlour/puzzles`` (widgets/server/records_route.py), which keeps them for the student whose page this kernel
serves and nobody else. The puzzle panel (widgets/puzzles.py) loads the server's copy once when it opens and merges
it with the browser's (newest answer wins, :meth:`widgets.puzzle_store.Store.merge`); after each change it pushes
what the server does not hold yet. Both calls block, so the panel runs them in :attr:`PuzzleSync.executor` (one
thread: a push never overtakes the load). A server that does not answer loses nothing: the browser's copy stays
whole, and the next push sends what is missing.

Never loads the database's modules: the kernel has none.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Mapping

from widgets.puzzle_store import Entry, Store, entry_json, read_entry_json, record_key
from widgets.records.recorder import Sender, kernel_sender

log = logging.getLogger("parlour.records")

#: The most one post carries (the route's own bound is 500 of each, and 1.6 MB)
POST_ENTRIES = 200
POST_BYTES = 900_000


def _state_key(entry: Entry) -> str:
    """What changes of a puzzle (its schedule, its last attempt, its replay): the server is sent it again when this
    differs from what it holds."""
    return json.dumps([entry.schedule, entry.last, entry.replay], sort_keys=True, default=str)


class PuzzleSync:
    """Loads and keeps one student's puzzles on the class server, through this kernel's :class:`Sender`."""

    def __init__(self, sender: Sender) -> None:
        self.sender = sender
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="parlour-puzzle-sync")
        self.failed: list[str] = []  # why a load or a push did not reach the server
        self._held: dict[str, str] = {}  # what the server holds: each puzzle's state key
        self._held_records: set[str] = set()
        self._lock = threading.Lock()

    def _post(self, op: str, **body: Any) -> dict[str, Any]:
        who = self.sender.who()
        return self.sender.request("puzzles", {"op": op, "student": who.student, "class": who.class_name, **body})

    def load(self) -> tuple[Store, int] | None:
        """The server's copy of this student's store, and how many of its rows it dropped as unreadable; None when the
        server did not answer (logged)."""
        try:
            answer = self._post("load")
        except Exception as exc:  # down, refused: the browser's copy goes on alone
            log.warning("The puzzles kept on the class server were not loaded: %s", exc)
            self.failed.append(str(exc))
            return None
        store = Store()
        for data in answer.get("entries", []):
            entry = read_entry_json(data)
            if entry is not None:
                store.entries[entry.puzzle["id"]] = entry
        for record in answer.get("records", []):
            (store.deals if record.get("kind") == "parlour-deal" else store.attempts).append(record)
        with self._lock:
            self._held.update({k: _state_key(e) for k, e in store.entries.items()})
            self._held_records.update(record_key(r) for r in store.deals + store.attempts)
        dropped = answer.get("dropped", 0)
        return store, dropped if isinstance(dropped, int) else 0

    def push(self, entries: list[Entry], records: list[dict[str, Any]]) -> int:
        """Send the server every entry and record it does not hold as they are here (a snapshot: ``entries`` are
        copies the page no longer changes); how many were sent. A post that fails is logged, and what it carried is
        sent again by the next push."""
        with self._lock:
            changed = [e for e in entries if self._held.get(e.puzzle["id"]) != _state_key(e)]
            keyed = {record_key(r): r for r in records}
            new_records = [(k, r) for k, r in keyed.items() if k not in self._held_records]
        sent = 0
        while changed or new_records:
            part: list[Entry] = []
            size = 0
            while changed and len(part) < POST_ENTRIES and size < POST_BYTES:
                part.append(changed.pop(0))
                size += len(json.dumps(part[-1].puzzle))
            these = new_records[:POST_ENTRIES]
            del new_records[:POST_ENTRIES]
            try:
                self._post("save", entries=[entry_json(e) for e in part], records=[r for _k, r in these])
            except Exception as exc:
                log.warning("Puzzles were not kept on the class server: %s", exc)
                self.failed.append(str(exc))
                return sent
            with self._lock:
                self._held.update({e.puzzle["id"]: _state_key(e) for e in part})
                self._held_records.update(k for k, _r in these)
            sent += len(part) + len(these)
        return sent


_sync: PuzzleSync | None = None
_sync_lock = threading.Lock()


def puzzle_sync(env: Mapping[str, str] = os.environ, kernel_id: str | None = None) -> PuzzleSync | None:
    """This kernel's puzzle sync, when its server keeps a class (the same test as recording deals); else None: the
    static site, a plain ``./run app``, JupyterLab."""
    global _sync
    sender = kernel_sender(env, kernel_id)
    if sender is None:
        return None
    with _sync_lock:
        if _sync is None or _sync.sender is not sender:
            _sync = PuzzleSync(sender)
        return _sync


def snapshot(store: Store) -> tuple[list[Entry], list[dict[str, Any]]]:
    """Copies of ``store``'s entries and records for a push in another thread (the page goes on changing its own)."""
    return ([Entry(e.puzzle, e.schedule, e.last, e.replay) for e in store.entries.values()],
            list(store.deals) + list(store.attempts))


__all__ = ["POST_BYTES", "POST_ENTRIES", "PuzzleSync", "puzzle_sync", "snapshot"]
