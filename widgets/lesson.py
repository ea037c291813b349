"""Small display helpers shared by every lesson notebook."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

import anywidget
import traitlets

from engine.cards import Card
from widgets.card_svg import card_img_html
from widgets.gallery import TABLE_FRAGMENT
from widgets.page_style import Picture
from widgets.table_html import esc

_STATIC = Path(__file__).parent / "static"


def show_cards(cards: Sequence[Card | str | None], caption: str = "", width: int = 56) -> Picture:
    """A line of card pictures with a caption: what a lesson shows instead of printed notation."""
    pictures = "".join(card_img_html(c, width) for c in cards)
    return Picture(f"<div>{pictures}</div><div>{esc(caption)}</div>")


#: what leads every lesson, in each lesson's language
TABLE_LINK_WORDS = {"en": "Go to the table", "pt": "Ir para a mesa"}


class TableLink(anywidget.AnyWidget):
    """The "Go to the table" link that leads a lesson: the keyboard focus goes to the game table's first move.

    A lesson's table sits in its last sections, a long scroll on a phone and about 23 Tabs away; this link
    is the page's first control, so one Tab and Enter reach the table. A page opened at ``…#table`` (the
    gallery's "Play now") goes there by itself once the table is drawn. The table is the one deal links go
    to (widgets/deal_link.py): the first that deals at random, marked ``parlour-play-table`` by
    :class:`widgets.table.Table`. The browser side (``static/table_link.js``) works wherever widgets do:
    Voilà, JupyterLab, the static site.
    """

    _esm = _STATIC / "table_link.js"
    _css = """
.parlour-table-link { display: inline-block; margin: 0.2rem 0 0.4rem 0; padding: 0.35rem 0.9rem;
  border-radius: 999px; background: #1d5b32; color: #fff !important; font-weight: bold;
  text-decoration: none !important; }
.parlour-table-link:hover { background: #256f3e; }
.parlour-table-link:focus-visible { outline: 3px solid #e2a400; outline-offset: 2px; }
.parlour-play-table { scroll-margin-top: 0.5rem; }
"""
    label = traitlets.Unicode(TABLE_LINK_WORDS["en"]).tag(sync=True)
    #: the address's ending that opens the page at its table (the gallery's "Play now")
    fragment = traitlets.Unicode(TABLE_FRAGMENT).tag(sync=True)


def table_link(lang: str = "en") -> TableLink:
    """The link that leads a lesson (its first cell shows it), in the lesson's language."""
    return TableLink(label=TABLE_LINK_WORDS[lang])
