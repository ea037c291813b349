"""The table's stylesheet (``static/table.css``), sent to a page once however many tables and pictures it shows.

Every table and every lesson picture shows a view of ONE style widget per kernel (a page in Voilà, a
notebook in JupyterLab or on Binder): a widget model's state crosses the websocket once, and each
view of it adds the same ``<style>`` in the browser. Embedding the CSS in each picture's HTML sent
its 5 KB again with every picture, and with every step of a walkthrough. No file has to be served:
this works wherever ipywidgets do.
"""

from __future__ import annotations

from pathlib import Path

import ipywidgets as w

from widgets.card_svg import back_css
from widgets.shared_look import shared_layout

TABLE_CSS_FILE = Path(__file__).parent / "static" / "table.css"
TABLE_CSS = f"<style>\n{TABLE_CSS_FILE.read_text(encoding='utf-8')}{back_css()}</style>\n"

_shared: w.HTML | None = None


def table_style() -> w.HTML:
    """This kernel's one (hidden) widget carrying the table CSS; a hidden ``<style>`` still applies."""
    global _shared
    if _shared is None or getattr(_shared, "comm", None) is None:  # never made, or closed (Widget.close_all)
        _shared = w.HTML(TABLE_CSS, layout=shared_layout(display="none"))
        _shared.add_class("parlour-style")
    return _shared


class Picture(w.VBox):
    """A lesson's picture in the table's style: its HTML beside a view of the shared stylesheet.

    Its box shares the plain layout (``widgets.shared_look``): change it with ``set_layout``.
    """

    def __init__(self, body_html: str = "") -> None:
        self.body = w.HTML(body_html)
        super().__init__([table_style(), self.body])

    @property
    def value(self) -> str:
        """The picture's HTML (without the stylesheet)."""
        return str(self.body.value)

    @value.setter
    def value(self, html: str) -> None:
        self.body.value = html
