"""The class's record of play as the hub's Parlour service holds it: its store, its name, its teachers, and
who is online at which lesson.

Why here: the teacher's page (:mod:`.teacher_page`) and the recording of finished deals both run in the
service's process and must share one :class:`widgets.records.Store` (one writer thread, one spool). The hub
tells the service its state folder (``PARLOUR_HUB_STATE``: the store is ``records.sqlite`` there, or
``PARLOUR_RECORDS_DB``) and the class's name (``PARLOUR_CLASS``). A teacher is a hub user in the hub's
``teachers`` group (``PARLOUR_HUB_TEACHERS`` in deploy/jupyterhub/jupyterhub_config.py): the group comes with
the hub's own account of who is logged in, so a student cannot claim it.
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from widgets.records import Store

TEACHERS_GROUP = "teachers"
CLASS_ENV = "PARLOUR_CLASS"
DEFAULT_CLASS = "class"
#: the file records wait in for the database (default: beside the store); each student's server keeps its own
SPOOL_ENV = "PARLOUR_RECORDS_SPOOL"

_store: Store | None = None
_store_lock = threading.Lock()


def class_name() -> str:
    """The class this service records (one class a hub)."""
    return os.environ.get(CLASS_ENV, "").strip() or DEFAULT_CLASS


def records_store() -> Store:
    """The service's one store, opened on first use (the hub's ``records.sqlite``, or ``PARLOUR_RECORDS_DB``)."""
    global _store
    with _store_lock:
        if _store is None:
            from widgets.records.__main__ import default_db

            where = default_db()
            spool = None if "://" not in where else Path(os.environ.get("PARLOUR_HUB_STATE", ".hub")) / "records.spool"
            if os.environ.get(SPOOL_ENV):  # one spool per process where several write one store (a server each)
                spool = Path(os.environ[SPOOL_ENV])
            _store = Store(where, spool=spool)
        return _store


def hub_groups(user: Any) -> list[str]:
    """The hub groups of a logged-in user (JupyterHub's identity model names them); [] for anyone else."""
    model = getattr(user, "hub_user", None)
    groups = model.get("groups") if isinstance(model, dict) else None
    return [str(g) for g in groups] if isinstance(groups, list) else []


def is_teacher(user: Any) -> bool:
    return TEACHERS_GROUP in hub_groups(user)


@dataclass(frozen=True)
class OpenPage:
    """A lesson page a student has open: whose, which lesson, since when (epoch seconds), and the class table it
    sits at (in words, "" while it plays alone against the computer)."""

    student: str
    lesson: str
    opened: float
    table: str = ""


_pages: dict[str, OpenPage] = {}
_pages_lock = threading.Lock()


def note_page(kernel_id: str, student: str | None, path: str | None) -> None:
    """The page handler tells who a kernel's page is for and which lesson it shows (for "who is online")."""
    if not student or not path:
        return
    lesson = path.strip("/").removesuffix(".ipynb")  # "jubilee", or a translation's "pt/jubileu"
    with _pages_lock:
        _pages[kernel_id] = OpenPage(student, lesson, time.time())


def online(kernel_manager: Any) -> list[tuple[str, OpenPage]]:
    """(kernel, page) of each lesson page open now with its browser connected, by student; pages whose kernel
    is gone are forgotten."""
    alive = set(kernel_manager.list_kernel_ids()) if kernel_manager is not None else set()
    connections = getattr(kernel_manager, "_kernel_connections", {}) or {}
    with _pages_lock:
        for gone in [k for k in _pages if k not in alive]:
            del _pages[gone]
        pages = list(_pages.items())
    return sorted(((k, p) for k, p in pages if connections.get(k, 0) > 0), key=lambda kp: (kp[1].student, kp[1].opened))


__all__ = ["CLASS_ENV", "OpenPage", "TEACHERS_GROUP", "class_name", "hub_groups", "is_teacher", "note_page", "online",
           "records_store"]
