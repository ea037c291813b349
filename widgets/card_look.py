"""How the cards look in this browser: a four-colour pack and large cards (issue 38 item 3).

A learner who tells red from black by shape, or who cannot see small cards well, picks these in a
table's Settings panel. The choice belongs to the browser, not to the game: it is kept in the
browser's localStorage (no deal code carries it, a class typing the same code sees its own), and
it holds on every table and lesson picture of every page that browser opens. The browser side
(``static/card_look.js``) sets a class on the page's root element; ``static/table.css`` draws
it: diamonds blue and clubs green (spades black, hearts red), or every card larger.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import anywidget
import traitlets

from engine.i18n import N_

_STATIC = Path(__file__).parent / "static"

#: the check boxes' words, by look (the keys static/card_look.js knows), and the box's legend
LOOK_WORDS = {
    "legend": N_("How the cards look (kept in this browser)"),
    "four_colour": N_("Four-colour pack: ♠ black, ♥ red, ♦ blue, ♣ green"),
    "large": N_("Large cards"),
}


class CardLook(anywidget.AnyWidget):
    """Two check boxes, the four-colour pack and large cards, worded in the table's language."""

    _esm = _STATIC / "card_look.js"
    words = traitlets.Dict().tag(sync=True)

    def __init__(self, t: Callable[[str], str]) -> None:
        """``t``: the table's translator (its language's words for the catalog's)."""
        super().__init__(words={key: t(text) for key, text in LOOK_WORDS.items()})
