"""The learner's puzzles, their schedules and their progress records, as one text the browser keeps (issue 37).

Why one text: the store lives in the browser's localStorage (widgets/puzzles.py sends it there, as autosave
does), so it works on the static site and in Voilà with no server; the kernel reads it when the page opens and
writes it back after each change. Each record in it (a puzzle, a schedule, a deal's or an attempt's record) is a
plain JSON dict with a version, so the teacher's page can read the same records.

The text is ``{"format": "parlour-puzzles", "v": 1, "due": [...], "chunks": [...], "state": ...}``. The
puzzles (engine/puzzles.py, which never change once made) are packed :data:`CHUNK` at a time (JSON, zlib,
base85: puzzles share most of their words, so a chunk packs them to a few hundred characters each; 1,000
puzzles stay under 1 MB), and a chunk already packed is not packed again. ``state`` packs what changes: each
puzzle's FSRS schedule (engine/srs.py), how its last attempt went, and where its deal can be dealt again for
"Play it out" (the game's set-up and the moves up to the decision in the review link's packed form, kept beside
the puzzle as autosave keeps a whole game: the puzzle itself holds only the learner's view); and the records of
deals and attempts (engine/progress.py). ``due`` lists, plainly, when each puzzle is due, for a page with no
kernel to count them (the static site's gallery: deploy/site/build.py).

A text that is not such a store (damaged, another program's, a newer version) is dropped with one line saying
so, and nothing else of the page is lost. Only a record that reads back as a puzzle and a schedule is kept (a
damaged chunk loses its puzzles alone).
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import engine
from engine import progress, puzzles, srs
from engine.i18n import N_

FORMAT = "parlour-puzzles"
VERSION = 1
#: The records of play kept for the progress panel (oldest dropped first): enough for every game's last deals.
MOST_DEALS = 400
MOST_ATTEMPTS = 2000
DROPPED = N_("Your saved puzzles could not be read (the store was damaged or from another program), so they "
             "were set aside; your games and lessons are not affected.")


#: Puzzles packed together.
CHUNK = 50


def pack(data: Any) -> str:
    return base64.b85encode(zlib.compress(json.dumps(data, separators=(",", ":")).encode(), 9)).decode("ascii")


def unpack(text: str) -> Any:
    return json.loads(zlib.decompress(base64.b85decode(text.encode("ascii"))))


@dataclass
class Entry:
    """One puzzle in the store: the puzzle, its schedule, how its last attempt went, and its deal for "Play it out"
    (``replay``: {"setup": the game's set-up arguments, "moves": the moves up to the decision, packed as a review
    link packs them}, or None)."""

    puzzle: dict[str, Any]
    schedule: dict[str, Any]
    last: str | None = None  # "solved", "failed" or None (never tried)
    replay: dict[str, Any] | None = None

    def state(self) -> list[Any]:
        return [self.schedule, self.last, self.replay]


@dataclass
class Store:
    """The puzzles, the deals' records and the attempts' records of one learner in one browser."""

    entries: dict[str, Entry] = field(default_factory=dict)  # in the order they were added
    deals: list[dict[str, Any]] = field(default_factory=list)
    attempts: list[dict[str, Any]] = field(default_factory=list)
    #: chunks already packed, by the ids they hold
    _packed: dict[tuple[str, ...], str] = field(default_factory=dict, repr=False, compare=False)

    def text(self) -> str:
        ids = list(self.entries)
        chunks = []
        for i in range(0, len(ids), CHUNK):
            part = tuple(ids[i:i + CHUNK])
            if part not in self._packed:
                self._packed[part] = pack([self.entries[k].puzzle for k in part])
            chunks.append(self._packed[part])
        state = {"entries": {k: e.state() for k, e in self.entries.items()}, "deals": self.deals[-MOST_DEALS:],
                 "attempts": self.attempts[-MOST_ATTEMPTS:]}
        due = sorted(e.schedule["due"] for e in self.entries.values())  # for a page with no kernel to count them
        return json.dumps({"format": FORMAT, "v": VERSION, "due": due, "chunks": chunks, "state": pack(state)},
                          separators=(",", ":"))

    def add(self, found: list[dict[str, Any]], when: datetime, replay: dict[str, dict[str, Any]] | None = None
            ) -> int:
        """Add new puzzles (one already kept stays as it is, with its schedule); how many were new."""
        new = 0
        for puzzle in found:
            if puzzles.is_puzzle(puzzle) and puzzle["id"] not in self.entries:
                self.entries[puzzle["id"]] = Entry(puzzle, srs.new_schedule(when), None,
                                                   (replay or {}).get(puzzle["id"]))
                new += 1
        return new

    def due(self, when: datetime, game_id: str | None = None) -> list[Entry]:
        """The puzzles due at ``when`` (of one game, or all), the longest overdue first."""
        out = [e for e in self.entries.values() if srs.is_due(e.schedule, when)
               and (game_id is None or e.puzzle["game"] == game_id)]
        return sorted(out, key=lambda e: (srs.due_at(e.schedule), e.puzzle["id"]))

    def failed(self) -> list[Entry]:
        """The puzzles whose last attempt failed, the most recent first ("Replay all my failed puzzles")."""
        order = progress.failed_puzzles(self.attempts)
        return [self.entries[p] for p in order if p in self.entries]

    def answered(self, puzzle_id: str, solved: bool, tries: int, when: datetime, seconds: float | None = None
                 ) -> Entry:
        """One attempt at a puzzle: its schedule moves on (FSRS), and the attempt is recorded."""
        entry = self.entries[puzzle_id]
        entry.schedule = srs.answered(entry.schedule, srs.grade(solved, tries, seconds), when)
        entry.last = "solved" if solved else "failed"
        self.attempts.append(progress.attempt_record(entry.puzzle, solved, tries, when))
        return entry

    def deal_played(self, record: dict[str, Any]) -> None:
        self.deals.append(record)

    def merge(self, other: "Store") -> bool:
        """Take in another copy of this learner's store (the browser's, or the class server's on a hub): a puzzle
        either lacks is added, a puzzle both hold keeps the copy answered last, and each deal's or attempt's record
        is kept once. True if this store changed."""
        changed = False
        for key, theirs in other.entries.items():
            mine = self.entries.get(key)
            if mine is None or later(theirs, mine):
                self.entries[key] = theirs
                changed = True
        for mine_list, theirs_list in ((self.deals, other.deals), (self.attempts, other.attempts)):
            known = {record_key(r) for r in mine_list}
            new = [r for r in theirs_list if record_key(r) not in known]
            if new:
                mine_list.extend(new)
                mine_list.sort(key=lambda r: str(r.get("when", "")))
                changed = True
        return changed


def reviewed_at(entry: Entry) -> str:
    """When the entry's schedule was last answered ("" for never): ISO times in UTC compare as text."""
    return str(entry.schedule.get("last_review") or "")


def later(theirs: Entry, mine: Entry) -> bool:
    """Whether ``theirs`` is the newer copy of the same puzzle: answered later, or as late and able to "Play it
    out" where ``mine`` is not."""
    return reviewed_at(theirs) > reviewed_at(mine) or (
        reviewed_at(theirs) == reviewed_at(mine) and mine.replay is None and theirs.replay is not None)


def record_key(record: dict[str, Any]) -> str:
    """A deal's or an attempt's record's identity: the digest of its content (the same record kept on two
    computers is one record)."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def is_progress_record(record: Any) -> bool:
    """A deal's or an attempt's record this version reads (engine/progress.py)."""
    return isinstance(record, dict) and record.get("v") == progress.VERSION \
        and record.get("kind") in ("parlour-deal", "parlour-attempt") and isinstance(record.get("game"), str) \
        and isinstance(record.get("when"), str)


def read_entry(puzzle: Any, state: Any) -> Entry | None:
    """One puzzle and its state (``[schedule, last, replay]``) read back, or None when either is not what this
    version writes (damaged, or from elsewhere)."""
    if not puzzles.is_puzzle(puzzle) or not isinstance(puzzle.get("id"), str) or not isinstance(state, list) \
            or len(state) != 3 or not srs.is_schedule(state[0]):
        return None
    schedule, last, replay = state
    return Entry(puzzle, schedule, last if last in ("solved", "failed") else None,
                 replay if _is_replay(replay) else None)


def entry_json(entry: Entry) -> dict[str, Any]:
    """An entry as a kernel posts it and the server sends it back."""
    return {"puzzle": entry.puzzle, "schedule": entry.schedule, "last": entry.last, "replay": entry.replay}


def read_entry_json(data: Any) -> Entry | None:
    """An entry posted or loaded, or None when it is not one this version reads (nor a puzzle of a known game)."""
    if not isinstance(data, dict) or set(data) != {"puzzle", "schedule", "last", "replay"}:
        return None
    entry = read_entry(data["puzzle"], [data["schedule"], data["last"], data["replay"]])
    if entry is None or entry.puzzle["game"] not in engine.GAMES or not 0 < len(entry.puzzle["id"]) <= 64 \
            or data["last"] not in (None, "solved", "failed") or (data["replay"] is not None and entry.replay is None):
        return None
    return entry


def read_store(text: str | None) -> tuple[Store, str | None]:
    """The store a browser kept, and None; or an empty store and the one line (:data:`DROPPED`, to translate)
    saying why it was set aside, when ``text`` is not a store this version reads. A single record that does not
    read back (a puzzle or a schedule damaged by hand) is left out alone."""
    if not text:
        return Store(), None
    try:
        data = json.loads(text)
    except ValueError:
        return Store(), DROPPED
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("v") != VERSION \
            or not isinstance(data.get("chunks"), list) or not isinstance(data.get("state"), str):
        return Store(), DROPPED
    try:
        state = unpack(data["state"])
    except (TypeError, ValueError, zlib.error):
        return Store(), DROPPED
    if not isinstance(state, dict) or not isinstance(state.get("entries"), dict):
        return Store(), DROPPED
    store = Store()
    for chunk in data["chunks"]:
        try:
            found = unpack(chunk)
        except (TypeError, ValueError, zlib.error):
            continue  # a damaged chunk: its puzzles alone are lost
        for puzzle in found if isinstance(found, list) else []:
            kept = state["entries"].get(puzzle.get("id")) if isinstance(puzzle, dict) else None
            entry = read_entry(puzzle, kept)
            if entry is not None:
                store.entries[puzzle["id"]] = entry
    store.deals = [r for r in state.get("deals", []) if isinstance(r, dict)] \
        if isinstance(state.get("deals"), list) else []
    store.attempts = [r for r in state.get("attempts", []) if isinstance(r, dict)] \
        if isinstance(state.get("attempts"), list) else []
    return store, None


def _is_replay(replay: Any) -> bool:
    return isinstance(replay, dict) and isinstance(replay.get("setup"), dict) and isinstance(replay.get("moves"), str)


__all__ = ["CHUNK", "DROPPED", "Entry", "FORMAT", "MOST_ATTEMPTS", "MOST_DEALS", "Store", "VERSION",
           "entry_json", "is_progress_record", "later", "pack", "read_entry", "read_entry_json", "read_store",
           "record_key", "reviewed_at", "unpack"]
