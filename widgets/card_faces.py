"""Card faces drawn once per page: the stylesheet draws each face-up card the page has been sent.

A table repaints its board (the trick, the turn-up, the melds) as HTML after every move, and each face-up
card in it was a whole inline SVG picture, 2.5-3 kB: a trick of four resent ~12 kB a move, and the
browser parsed and laid out every card's SVG again. Now a card in that HTML is a small box naming its card
(:func:`widgets.card_svg.face_html`), and :class:`CardFaces`, one invisible anywidget per kernel, sends
the page each card's drawing the first time a table shows it; the browser side (``static/card_faces.js``)
adds a rule that draws that card in every box naming it. The backs are drawn the same way, from the
page's stylesheet (:func:`widgets.card_svg.back_css`).

The drawing is :func:`widgets.card_svg.face_svg`, the same as the inline picture (the same look). The
four-colour pack recolours it in the browser with the inks ``static/table.css`` gives it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from widgets.card_svg import face_svg

_STATIC = Path(__file__).parent / "static"


def four_colour_inks() -> dict[str, str]:
    """The four-colour pack's inks by suit letter, as static/table.css defines them (one place for them)."""
    css = (_STATIC / "table.css").read_text(encoding="utf-8")
    found = {suit: re.search(rf"--parlour-four-{name}:\s*(#[0-9a-fA-F]{{3,8}})", css)
             for suit, name in (("D", "diamonds"), ("C", "clubs"))}
    return {suit: m.group(1) for suit, m in found.items() if m}


class CardFaces(anywidget.AnyWidget):
    """The page's card faces: :meth:`need` before a card's box is shown sends its drawing, once."""

    _esm = _STATIC / "card_faces.js"
    inks = traitlets.Dict().tag(sync=True)

    def __init__(self) -> None:
        super().__init__(inks=four_colour_inks())
        self.sent: set[str] = set()
        self.on_msg(self._from_browser)

    def need(self, key: str) -> None:
        """Send the drawing of card ``key`` (its notation) unless this page has it."""
        if key in self.sent:
            return
        self.sent.add(key)
        self.send({"faces": {key: face_svg(key)}})

    def _from_browser(self, _widget: Any, content: Any, _buffers: Any) -> None:
        # a page (or a second view, in JupyterLab) that starts listening asks for every face sent so far
        if isinstance(content, dict) and content.get("want") == "all" and self.sent:
            self.send({"faces": {key: face_svg(key) for key in sorted(self.sent)}})


_shared: CardFaces | None = None


def card_faces() -> CardFaces:
    """This kernel's one card-face sheet (made again if it was closed, as tests close every widget)."""
    global _shared
    if _shared is None or getattr(_shared, "comm", None) is None:
        _shared = CardFaces()
    return _shared
