"""Small display helpers shared by every lesson notebook."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Sequence

import anywidget
import ipywidgets as w
import traitlets

from engine.cards import Card
from widgets.card_svg import card_img_html
from widgets.gallery import LESSONS, TABLE_FRAGMENT
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


class LanguageLink(anywidget.AnyWidget):
    """A link to the same lesson in another language (``lang``), named as that language names itself
    ("English", "Português": what a reader of it looks for on a page in a language they may not read).

    Python says where it goes, relative to this page (:func:`lesson_href`); the browser side
    (``static/language_link.js``) makes it a full address, so JupyterLab and the static site's REPL do not
    take a click on it for a file of their own to open.
    """

    _esm = _STATIC / "language_link.js"
    _css = """
.parlour-language-link { display: inline-block; margin: 0 0 0.4rem 0; font-weight: bold; color: #1d5b32; }
.parlour-language-link:focus-visible { outline: 3px solid #e2a400; outline-offset: 2px; }
"""
    label = traitlets.Unicode("").tag(sync=True)
    href = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)


def on_static_site() -> bool:
    """Python runs in the visitor's browser: the static site, whose lessons open in its REPL page."""
    return sys.platform == "emscripten"


def lesson_path(game_id: str, lang: str) -> str:
    """A lesson's path under lessons/ without ``.ipynb``: "relogio", "pt/relogio"."""
    return game_id if lang == "en" else f"{lang}/{game_id}"


def lesson_href(target: str, page: str, site: bool | None = None) -> str:
    """The address of lesson ``target`` from lesson ``page`` (both paths under lessons/): beside it in Voilà
    and JupyterLab (``pt/relogio.ipynb``, ``../relogio.ipynb``); on the static site, from its REPL page
    (``../lessons/pt/relogio.html``)."""
    if on_static_site() if site is None else site:
        return f"../lessons/{target}.html"
    up = "../" * page.count("/")
    return f"{up}{target}.ipynb"


def other_languages(game_id: str, lang: str = "en", lessons: Path = LESSONS) -> w.Widget:
    """Links to this game's lesson in every other language it is written in (none: an empty line)."""
    from engine.i18n import LANGUAGE_NAMES, LANGUAGES

    page = lesson_path(game_id, lang)
    links = [LanguageLink(label=LANGUAGE_NAMES[other], lang=other,
                          href=lesson_href(lesson_path(game_id, other), page))
             for other in LANGUAGES
             if other != lang and (lessons / f"{lesson_path(game_id, other)}.ipynb").exists()]
    return w.HBox(links)
