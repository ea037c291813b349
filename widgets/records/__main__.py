"""``python -m widgets.records``: the record store from a shell (``./run class …`` calls it).

    python -m widgets.records class list   [--db PATH_OR_URL]
    python -m widgets.records class delete NAME [--db PATH_OR_URL]

``--db`` defaults to ``$PARLOUR_RECORDS_DB``, else ``records.sqlite`` in the hub's state folder
(``$PARLOUR_HUB_STATE``, default ``.hub``). A database given by URL keeps its spool in that folder too.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from widgets.records.store import Store, StoreUnavailable
from widgets.records.views import class_names, delete_class


def default_db() -> str:
    return os.environ.get("PARLOUR_RECORDS_DB") or str(Path(os.environ.get("PARLOUR_HUB_STATE", ".hub"))
                                                       / "records.sqlite")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m widgets.records", description="The class records kept by the hub.")
    parser.add_argument("--db", default=None, help="the records' SQLite file or database URL")
    top = parser.add_subparsers(dest="topic", required=True)
    classes = top.add_parser("class", help="the classes in the store").add_subparsers(dest="command", required=True)
    for name in ("list", "delete"):
        one = classes.add_parser(name, help="every class, its students and deals" if name == "list"
                                 else "delete a class and everything recorded for it")
        one.add_argument("--db", default=None, help="the records' SQLite file or database URL")
        if name == "delete":
            one.add_argument("name")
    args = parser.parse_args(argv)
    db = args.db or default_db()
    if "://" not in db and not Path(db).exists():
        print(f"There is no record store at {db}: nothing is recorded there.", file=sys.stderr)
        return 1
    spool = None if "://" not in db else Path(os.environ.get("PARLOUR_HUB_STATE", ".hub")) / "records.spool"
    store = Store(db, spool=spool)
    try:
        known = class_names(store)
        if args.command == "list":
            if not known:
                print("No class has records.")
            for name, students, deals in known:
                print(f"{name}: {students} students, {deals} deals")
            return 0
        if args.name not in [name for name, _, _ in known]:
            print(f"There is no class {args.name!r} in {db}.", file=sys.stderr)
            return 1
        counts = delete_class(store, args.name)
        print(f"Deleted the class {args.name!r}: " + ", ".join(f"{n} {what}" for what, n in counts.items()) + ".")
        return 0
    except StoreUnavailable as exc:
        print(exc, file=sys.stderr)
        return 1
    finally:
        store.close()


if __name__ == "__main__":
    sys.exit(main())
