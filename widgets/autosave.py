"""Autosave: a play table's game kept in the learner's own browser, offered back after a reload.

A kernel holds the game; a reload, a restarted server or a lost connection ends that kernel
and, without this, the game with it. :class:`AutoSave` is an invisible anywidget every play
table carries. After each change the kernel sends the browser the game's save (the engine's
``to_json``, wrapped with the table's bot level), and the browser keeps it in
``localStorage`` under a key made of the lesson page and the table's slot (its game and
its place among the page's play tables), so two tables or two lessons never share one.

When a page opens, the browser side reports what it holds (after the table appears, so a
preheated kernel, which ran the lesson before the request, hears it too). A save of a game
that is not over becomes a choice above the table: resume it, or play the new deal. The
save travels only in the widget's messages, never in its state or the page's HTML: it is
the learner's own game in the learner's own browser, but it fixes every hand.

Several tabs of one lesson write to the same key: the last move made in any of them wins,
and the offer names the position it would resume (deal code, progress, moves, whose turn).
Where the browser has no ``localStorage`` (a locked-down profile), autosave is off.

A save comes back from the browser, so nothing in it is trusted for what the server did not see.
The engine replays every move through the rules and checks the save's HMAC (the server's own secret,
:func:`widgets.server.save_key.ensure_save_key`); on top of that every bot move in it must be the move the
table's bot would have made there (:func:`check_bot_moves`): the table's bots choose from the deal,
their seat and the move number alone (:class:`SeatBot`), so a save whose bot moves someone chose is
refused even by a server whose secret is known.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import anywidget
import traitlets

# the save and the bots have no widget (a table session uses them without one); named here as before
from widgets.table_save import (ENVELOPE_FORMAT, MAX_SAVE_CHARS, SeatBot, TableSave, check_bot_moves,
                                read_table_save, table_bots)

_STATIC = Path(__file__).parent / "static"

__all__ = ["ENVELOPE_FORMAT", "MAX_SAVE_CHARS", "AutoSave", "SeatBot", "TableSave", "check_bot_moves", "next_slot",
           "read_table_save", "table_bots"]

_slots: dict[str, int] = {}  # play tables built so far in this kernel, by game: a kernel serves one page


def next_slot(game_id: str) -> str:
    """``"jabberwocky/0"`` for the page's first Jabberwocky play table, ``"jabberwocky/1"`` for a second."""
    n = _slots.get(game_id, 0)
    _slots[game_id] = n + 1
    return f"{game_id}/{n}"


class AutoSave(anywidget.AnyWidget):
    """The browser's half keeps the table's save; the kernel's half sends it and hears what is kept.

    ``on_stored(text)`` is called once, when the browser first reports what it holds (None:
    nothing). ``ready`` is then True if the browser can keep saves at all.
    """

    _esm = _STATIC / "autosave.js"
    slot = traitlets.Unicode("").tag(sync=True)  # the table's part of the browser's key

    def __init__(self, slot: str, on_stored: Callable[[str | None], Any], **kwargs: Any) -> None:
        super().__init__(slot=slot, **kwargs)
        self._on_stored = on_stored
        self.ready = False  # the browser has said it can keep saves
        self.heard = False  # the browser has reported what it holds
        self.kept: str | None = None  # what the browser keeps now, as far as this kernel knows
        self.on_msg(self._from_browser)

    def _from_browser(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("event") != "stored" or self.heard:
            return  # a second view of the widget (JupyterLab) reports again: the first report counts
        self.heard = True
        self.ready = content.get("storage") is True
        stored = content.get("text")
        self.kept = stored if isinstance(stored, str) else None
        self._on_stored(self.kept if self.ready else None)

    def keep(self, text: str) -> None:
        """Have the browser keep ``text`` (if it can, and it is new)."""
        if self.ready and text != self.kept:
            self.kept = text
            self.send({"event": "keep", "text": text})

    def forget(self) -> None:
        """Have the browser drop the table's save (a finished game, a damaged one)."""
        if self.ready and self.kept is not None:
            self.kept = None
            self.send({"event": "forget"})
