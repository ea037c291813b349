"""The table's log: the last lines with a "Why?" button each, every older line above them, the rule asked for.

A move adds a line or two to a long log: only those are drawn and sent. The lines already
shown are not escaped again, and an older block of lines, once full, is never sent again.
The last lines with their buttons are one widget (:class:`LogRows`): once the log is longer than
its rows, every new line moves all of them up one, and as twelve HTML widgets that was twelve
messages to every page after every move (at a class table, to every seat's page).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import anywidget
import ipywidgets as w
import traitlets

from widgets.table_html import esc, log_line_html, why_html

LOG_ROWS = 12


class LogHistory(w.VBox):
    """The log's older lines in blocks: a new line re-sends its block, never the whole game's log.

    A page's server drops messages past about a megabyte a second; a long El Gato on Autoplay
    re-sent a 60 kB log each trick, and a view that loses messages shows a table that no longer moves.
    """

    block = 40  # lines per block

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._lines: list[str] = []

    def show(self, lines: list[str]) -> None:
        """Show exactly ``lines``: the ones already shown stay, the new ones are appended."""
        kept = len(self._lines)
        if lines[:kept] != self._lines:  # not a continuation (an undo, a new deal): draw them all
            kept = 0
        self.append(lines[kept:], start=kept)

    def append(self, lines: list[str], start: int | None = None) -> None:
        """Add ``lines`` after the first ``start`` lines shown (all of them by default)."""
        start = len(self._lines) if start is None else start
        self._lines = self._lines[:start] + list(lines)
        blocks = -(-len(self._lines) // self.block)
        shown: tuple[w.HTML, ...] = tuple(self.children)
        if blocks > len(shown):
            shown += tuple(w.HTML() for _ in range(blocks - len(shown)))
            self.set_trait("children", shown)
        for i in range(start // self.block, len(shown)):  # the blocks before the first new line keep their value
            child = shown[i]
            child.value = "".join(self._lines[i * self.block:(i + 1) * self.block])  # an unchanged one sends nothing

    @property
    def value(self) -> str:
        """Every older line's HTML, in order."""
        return "".join(self._lines)


class LogRows(anywidget.AnyWidget):
    """The log's last lines, each with its Why? button, drawn by the page (``static/log_rows.js``) from one list:
    a new line is one message however many rows move up. The page keeps its rows and changes their text only,
    so a Why? button with the keyboard focus keeps it."""

    _esm = Path(__file__).parent / "static" / "log_rows.js"
    #: each shown line's HTML (escaped), oldest first; the rows after them are empty and take no room
    lines = traitlets.List(traitlets.Unicode()).tag(sync=True)
    size = traitlets.Int(LOG_ROWS).tag(sync=True)
    why = traitlets.Unicode("Why?").tag(sync=True)  # the buttons' caption and tooltip, in the table's language
    tip = traitlets.Unicode().tag(sync=True)
    width = traitlets.Unicode("56px").tag(sync=True)

    def __init__(self, explain: Callable[[int], Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._explain = explain
        self.on_msg(self._on_frontend_msg)

    def _on_frontend_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "why" and isinstance(content.get("row"), int):
            if 0 <= content["row"] < len(self.lines):
                self._explain(content["row"])

    def click(self, i: int) -> None:
        """As if the learner pressed the ``i``-th row's Why? (Python's callers and tests)."""
        self._handle_custom_msg({"type": "why", "row": i}, [])


class LogRow:
    """One row of :class:`LogRows` as Python reads a row of widgets: ``children`` are its Why? button and its
    line (the page draws both; these read and press them)."""

    def __init__(self, rows: LogRows, i: int) -> None:
        self.children = (_RowButton(rows, i), _RowText(rows, i))


class _RowButton:
    """The ``i``-th row's Why? button: its caption, its tooltip, and pressing it."""

    def __init__(self, rows: LogRows, i: int) -> None:
        self._rows, self._i = rows, i

    @property
    def description(self) -> str:
        return self._rows.why

    @property
    def tooltip(self) -> str:
        return self._rows.tip

    def click(self) -> None:
        self._rows.click(self._i)


class _RowText:
    """The ``i``-th row's line as HTML ("" for an empty row)."""

    def __init__(self, rows: LogRows, i: int) -> None:
        self._rows, self._i = rows, i

    @property
    def value(self) -> str:
        return self._rows.lines[self._i] if self._i < len(self._rows.lines) else ""


#: at most this many new lines are read out at once (a new deal's first lines, a round of bots' moves)
NEWS = 6


class TableLog(w.VBox):
    """The log panel: "Log", its scrolling lines (the last ``LOG_ROWS`` with Why?), and the Why? answer."""

    def __init__(self, t: Callable[..., str], lang: str, explain: Callable[[int], str]) -> None:
        self.t = t
        self.events: list[dict[str, Any]] = []
        self.explained: int | None = None  # the log line the Why? panel explains
        width = "56px" if lang == "en" else "76px"  # "Por quê?" is longer
        self.lines = LogRows(explain, why=t("Why?"), tip=t("Which rule made this happen?"), width=width)
        self.rows = [LogRow(self.lines, i) for i in range(LOG_ROWS)]
        self.history = LogHistory()  # every line before the last LOG_ROWS, so the whole game can be read
        self.history.add_class("parlour-log-old")
        self.why_panel = w.HTML()
        self.why_panel.add_class("parlour-why")
        # the log's new lines, for a screen reader to read out once (a live region: static/focus_keeper.js);
        # the eye reads them in the rows above
        self.news = w.HTML()
        self._said = 0  # how many times the live region was given new lines
        self.news.add_class("parlour-log-news")
        self.news.add_class("parlour-sr-only")
        scroll = w.VBox([w.VBox([self.history, self.lines])])  # column-reverse: opens at the newest line
        scroll.add_class("parlour-log-scroll")
        super().__init__([w.HTML(f"<b>{esc(t('Log'))}</b>"), scroll, self.why_panel, self.news])
        self.add_class("parlour-panel")

    def show(self, events: list[dict[str, Any]]) -> None:
        """Show the game's log (``events``: the learner's), drawing only the lines it did not show before."""
        old, self.events = self.events, events
        if self.explained is not None and self.explained >= len(events):
            self.explain(None)
        same = events[:len(old)] == old  # the game went on (not an undo, not a new deal)
        self._announce(events[len(old):] if same else events)
        older = max(0, len(events) - LOG_ROWS)
        drawn = min(older, max(0, len(old) - LOG_ROWS)) if same else 0
        self.history.append([log_line_html(e["text"]) for e in events[drawn:older]], start=drawn)
        self.lines.lines = [esc(e["text"]) for e in events[-LOG_ROWS:]]  # one message, however many rows move

    def _announce(self, new: list[dict[str, Any]]) -> None:
        """Put the log's new lines (the last ``NEWS`` of them) in the live region, each read out once, in one
        message: the page replaces the region's lines, and a reader says the new ones. The first line is marked
        with a count, so a line that reads as the one before it ("Ada passes.") is still new and said again
        (the region was emptied first: two messages to every page, at a class table to every seat's)."""
        if not new:
            return
        self._said += 1  # one message: the count makes the words new even when they read as the last ones did
        said = "".join(f"<p>{esc(e['text'])}</p>" for e in new[-NEWS:])
        self.news.value = f'<p data-said="{self._said}"' + said[2:]

    def shown_event(self, i: int) -> tuple[int, dict[str, Any]] | None:
        """The index in the log and the event of the ``i``-th row with a Why? button (None: an empty row)."""
        shown = self.events[-LOG_ROWS:]
        if i >= len(shown):
            return None
        return len(self.events) - len(shown) + i, shown[i]

    def explain(self, index: int | None, rule: str = "") -> None:
        """Answer Why? for the log's line ``index`` with its ``rule``; None clears the answer."""
        self.explained = index
        if index is None:
            self.why_panel.value = ""
        else:
            self.why_panel.value = why_html(self.t("Why?"), self.events[index]["text"], self.t("rule:"), rule)
