"""Small display helpers shared by every lesson notebook."""

from __future__ import annotations

from typing import Sequence


from engine.cards import Card
from widgets.card_svg import card_img_html
from widgets.page_style import Picture
from widgets.table import esc


def show_cards(cards: Sequence[Card | str | None], caption: str = "", width: int = 56) -> Picture:
    """A line of card pictures with a caption: what a lesson shows instead of printed notation."""
    pictures = "".join(card_img_html(c, width) for c in cards)
    return Picture(f"<div>{pictures}</div><div>{esc(caption)}</div>")
