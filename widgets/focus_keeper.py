"""The keyboard focus of a table survives its repaints.

While the bots play, a table disables or hides the buttons of moves you cannot make, and a card row
empties when a deal ends: the browser then drops the focus to the page's body, and a keyboard
learner's next Enter goes nowhere (they would have to Tab through the whole page again).
:class:`FocusKeeper` is an invisible anywidget every table carries; its browser side
(``static/focus_keeper.js``) gives the focus back to the same control when it can take it again,
or, once the table waits for the learner and that control is gone (its move is no longer
legal), to the table's next control. Python only says when the table is at rest. The browser side also marks
the table's live regions (what a screen reader reads out as it changes) and reports Escape, which closes
the table's open panels.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import anywidget
import traitlets

_STATIC = Path(__file__).parent / "static"


class FocusKeeper(anywidget.AnyWidget):
    """Nothing to see; keeps the focus of the table it sits in."""

    _esm = _STATIC / "focus_keeper.js"
    #: bumped each time the table is painted waiting for the learner (or over): a control lost by then is gone
    rest = traitlets.Int(0).tag(sync=True)

    def __init__(self) -> None:
        super().__init__()
        #: what Escape in the table does (the table closes its open panels)
        self.on_escape: Callable[[], None] = lambda: None
        self.on_msg(self._on_frontend_msg)

    def _on_frontend_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "escape":
            self.on_escape()

    def escape(self) -> None:
        """As if the learner pressed Escape in the table (tests)."""
        self._handle_custom_msg({"type": "escape"}, [])

    def at_rest(self) -> None:
        """The table waits for the learner now: the browser may give a lost focus to the next control."""
        self.rest += 1
