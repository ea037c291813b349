"""Parlour's widgets: the card table, the card surface, and the lesson pieces (ipywidgets).

Everything here sits on top of ``engine`` and never reaches into a game's hidden state
on a player's behalf: bots and hints go through ``engine.hint`` and views.
"""

from widgets.card_surface import CardRow
from widgets.card_svg import card_img_html, card_svg
from widgets.games.jubilee_table import JubileeTable
from widgets.table import Table

__all__ = ["CardRow", "JubileeTable", "Table", "card_img_html", "card_svg"]
