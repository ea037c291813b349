"""Where a class table's history is kept: one append-only file of JSON lines per table in ``state_dir``.

Why a file of records rather than a pickled game: a record is what happened (the set-up, a seat taken, a
move, a control), so a new server replays them through the rules and gets the same table, every move
checked again. Seat tokens are never written: only their SHA-256, which lets a returning browser's token
be recognised after a restart and gives nothing to whoever reads the file.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import threading
from pathlib import Path
from typing import Any, Iterator

log = logging.getLogger(__name__)

#: The folder inside ``state_dir`` that holds the tables' files.
FOLDER = "class_tables"
_CODE_FILE = re.compile(r"^[A-Z0-9]{3,12}\.jsonl$")


def token_hash(token: str) -> str:
    """What is stored for a seat token (its SHA-256): the token itself never leaves memory."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class TableFile:
    """One table's history file: records are appended and flushed one by one, so a restart loses none."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._lock = threading.Lock()

    def append(self, record: dict[str, Any]) -> None:
        if self.path is None:
            return
        line = json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
        try:
            with self._lock, open(self.path, "a", encoding="utf-8") as out:
                out.write(line)
                out.flush()
        except OSError:  # a full or lost disk: the table plays on in memory, and the server's log says so
            log.exception("class table history %s could not be written: a restart would lose this change",
                          self.path)

    def remove(self) -> None:
        """Forget a closed table (its file goes: nothing is resumed from it)."""
        if self.path is not None:
            with self._lock:
                try:
                    self.path.unlink(missing_ok=True)
                    self.path.with_name(self.path.name + ".cut").unlink(missing_ok=True)  # a crash's cut line
                except OSError:
                    log.exception("class table history %s could not be deleted", self.path)


def table_file(state_dir: Path | None, code: str) -> TableFile:
    if state_dir is None:
        return TableFile(None)
    folder = Path(state_dir) / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    return TableFile(folder / f"{code}.jsonl")


def stored_tables(state_dir: Path | None) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """Each kept table's code and records, in the order written. A last line cut short by a crash
    mid-write is dropped (the move it held was never confirmed to anyone), and cut from the file too:
    the resumed table appends its next records there, and written onto the cut line they would be
    unreadable, lost at the next restart."""
    if state_dir is None:
        return
    folder = Path(state_dir) / FOLDER
    if not folder.is_dir():
        return
    for path in sorted(folder.iterdir()):
        if not _CODE_FILE.match(path.name):
            continue
        data = path.read_bytes()
        records, kept = [], 0
        for line in data.split(b"\n")[:-1]:  # the part after the last newline is never a whole record
            try:
                record = json.loads(line)
            except ValueError:
                break
            if isinstance(record, dict):
                records.append(record)
            kept += len(line) + 1
        if kept < len(data):
            _cut(path, kept)
        yield path.name[: -len(".jsonl")], records


def _cut(path: Path, kept: int) -> None:
    """End a table's file after its last whole record; what followed is kept aside (``CODE.jsonl.cut``), not
    replayed."""
    log.warning("class table history %s ends in a line cut short (a crash while writing it): resuming the "
                "table from the records before it", path)
    try:
        with open(path, "r+b") as history:
            history.seek(kept)
            tail = history.read()
            with open(path.with_name(path.name + ".cut"), "ab") as aside:
                aside.write(tail + b"\n")
            history.truncate(kept)
    except OSError:
        log.exception("class table history %s could not be mended: a restart may lose the moves made next", path)

