"""The table's log: the last lines with a "Why?" button each, every older line above them, the rule asked for.

A move adds a line or two to a long log: only those are drawn and sent. The lines already
shown are not escaped again, and an older block of lines, once full, is never sent again.
"""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as w

from widgets.shared_look import set_layout, shared_layout
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


#: at most this many new lines are read out at once (a new deal's first lines, a round of bots' moves)
NEWS = 6


class TableLog(w.VBox):
    """The log panel: "Log", its scrolling lines (the last ``LOG_ROWS`` with Why?), and the Why? answer."""

    def __init__(self, t: Callable[..., str], lang: str, explain: Callable[[int], str]) -> None:
        self.t = t
        self.events: list[dict[str, Any]] = []
        self.explained: int | None = None  # the log line the Why? panel explains
        width = "56px" if lang == "en" else "76px"  # "Por quê?" is longer
        self.rows = [self._row(i, width, explain) for i in range(LOG_ROWS)]
        self.history = LogHistory()  # every line before the last LOG_ROWS, so the whole game can be read
        self.history.add_class("parlour-log-old")
        self.why_panel = w.HTML()
        self.why_panel.add_class("parlour-why")
        # the log's new lines, for a screen reader to read out once (a live region: static/focus_keeper.js);
        # the eye reads them in the rows above
        self.news = w.HTML()
        self.news.add_class("parlour-log-news")
        self.news.add_class("parlour-sr-only")
        scroll = w.VBox([w.VBox([self.history, *self.rows])])  # column-reverse: opens at the newest line
        scroll.add_class("parlour-log-scroll")
        super().__init__([w.HTML(f"<b>{esc(t('Log'))}</b>"), scroll, self.why_panel, self.news])
        self.add_class("parlour-panel")

    def _row(self, i: int, width: str, explain: Callable[[int], str]) -> w.HBox:
        why = w.Button(description=self.t("Why?"), tooltip=self.t("Which rule made this happen?"),
                       layout=shared_layout(width=width, min_width=width, height="24px", visibility="hidden"))
        row = w.HBox([why, w.HTML()], layout=shared_layout(display="none"))  # empty rows share their look
        row.add_class("parlour-log-row")
        why.on_click(lambda _b, i=i: explain(i))
        return row

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
        shown = events[-LOG_ROWS:]
        for i, row in enumerate(self.rows):
            why, text = row.children
            if i < len(shown):
                text.value = esc(shown[i]["text"])
                set_layout(why, visibility="visible")
                set_layout(row, display="")
            else:  # an empty row takes no room: the log holds only what happened
                text.value = ""
                set_layout(why, visibility="hidden")
                set_layout(row, display="none")

    def _announce(self, new: list[dict[str, Any]]) -> None:
        """Put the log's new lines (the last ``NEWS`` of them) in the live region, each read out once: the
        region is emptied first, so a line that reads as the one before it ("Ada passes.") is said again."""
        if not new:
            return
        self.news.value = ""
        self.news.value = "".join(f"<p>{esc(e['text'])}</p>" for e in new[-NEWS:])

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
