"""The keyboard focus of a table survives its repaints.

While the bots play, a table disables or hides the buttons of moves you cannot make, and a card row
empties when a deal ends: the browser then drops the focus to the page's body, and a keyboard
learner's next Enter goes nowhere (they would have to Tab through the whole page again).
:class:`FocusKeeper` is an invisible anywidget every table carries; its browser side
(``static/focus_keeper.js``) gives the focus back to the same control when it can take it again,
or, once the table waits for the learner and that control is gone (its move is no longer
legal), to the table's next control. Python only says when the table is at rest.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

_STATIC = Path(__file__).parent / "static"


class FocusKeeper(anywidget.AnyWidget):
    """Nothing to see; keeps the focus of the table it sits in."""

    _esm = _STATIC / "focus_keeper.js"
    #: bumped each time the table is painted waiting for the learner (or over): a control lost by then is gone
    rest = traitlets.Int(0).tag(sync=True)

    def at_rest(self) -> None:
        """The table waits for the learner now: the browser may give a lost focus to the next control."""
        self.rest += 1
