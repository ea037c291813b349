"""Parlour's widgets: the card table, the card surface, and the lesson pieces (ipywidgets).

Everything here sits on top of ``engine`` and never reaches into a game's hidden state
on a player's behalf: bots and hints go through ``engine.hint`` and views.
"""

from widgets.shared_look import share_plain_looks

share_plain_looks()  # before any widget is made: one plain layout and style per kind, not one per widget

from widgets.card_surface import CardRow  # noqa: E402
from widgets.card_svg import card_img_html, card_svg  # noqa: E402
from widgets.games.jubilee_table import JubileeTable  # noqa: E402
from widgets.table import Table  # noqa: E402

__all__ = ["CardRow", "JubileeTable", "Table", "card_img_html", "card_svg"]
