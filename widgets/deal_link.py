"""Deal links: a page address that opens a lesson's table on a given deal, bots and variants.

``/voila/render/jabberwocky.ipynb?deal=4-K7QM3P/01&level=hard`` deals 4-K7QM3P (the code
carries the players and, after the slash, the settings) against hard bots. Voilà hands the
request's query string to the kernel as ``QUERY_STRING``; :func:`take_page_link` reads it, once
per page, and :class:`widgets.table.Table` follows it.

Which table follows it: the first table on the page that deals at random, i.e. the lesson's
"play" table. A table the lesson fixes to a set practice deal (built with a ``seed``) keeps
its deal, and so do the tables after the first, so a walkthrough stays as the lesson wrote
it. A link may name the game (``game=relogio_real``) when a lesson has tables of two games;
the Copy link button always does.

A preheated kernel (Voilà's ``preheat_kernel``) runs the lesson before any request, so it
never sees ``QUERY_STRING``: there the Copy link widget's browser side reports the page's
address when the table appears, and the play table deals the link's cards then.

Python in the browser (the static site, deploy/site: Pyodide) never sees a request either: there too
the browser reports the page's address.

A review link (widgets/review_panel.py) adds ``moves=``: the moves made in the deal, packed by
engine/review_link.py; the table deals the code, replays the moves and opens the review.

A value that is not good (an unknown level, a code that is not one) is refused with a
message on the page; the table then deals as the lesson set it up.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable
from urllib.parse import parse_qs, urlencode

import anywidget
import traitlets

from engine.hints import LEVELS
from engine.i18n import N_, Sentence
from engine.protocol import ParlourError
from engine.review_link import MAX_LENGTH

_STATIC = Path(__file__).parent / "static"
KNOWN = ("deal", "level", "game", "moves")
_MAX_QUERY = 400  # the address without its review moves
_MAX_MOVES = MAX_LENGTH  # a review link's moves, as long as the engine writes them: a long match's take thousands
_MOVES_PART = re.compile(r"(?:^|&)moves=[^&]*")
_GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,39}")


class DealLinkError(ParlourError):
    """A page address whose deal, level or game a table cannot follow."""


@dataclass(frozen=True)
class DealLink:
    """What a page's address asks of its table (None: the lesson's choice stands)."""

    deal: str | None = None
    level: str | None = None
    game: str | None = None
    #: a review link's moves (engine/review_link.py), checked by the table that replays them
    moves: str | None = None

    @property
    def empty(self) -> bool:
        return self.deal is None and self.level is None and self.game is None and self.moves is None


def read_deal_link(query: str) -> DealLink:
    """``"deal=4-K7QM3P&level=hard"`` → DealLink; refuses values nobody could have meant.

    Other parameters (Voilà's own ``voila-template``, a tracker's ``utm_…``) are left alone.
    The deal code itself is checked by the table, which knows its players and settings.
    """
    text = (query or "").lstrip("?")
    if len(text) > _MAX_QUERY + _MAX_MOVES or len(_MOVES_PART.sub("", text)) > _MAX_QUERY:
        raise DealLinkError(Sentence(N_("This page's address is too long to be a deal link.")))
    try:
        fields = parse_qs(text, keep_blank_values=True, max_num_fields=20)
    except ValueError:
        raise DealLinkError(Sentence(N_("This page's address has too many parts to be a deal link."))) from None
    found: dict[str, str] = {}
    for key in KNOWN:
        values = fields.get(key, [])
        if len(values) > 1:
            raise DealLinkError(Sentence(N_("This page's address gives “{key}” {n} times; a link gives it once."),
                                             key=key, n=len(values)))
        if values:
            value = values[0].strip()
            if not value:
                raise DealLinkError(Sentence(N_("This page's address has an empty “{key}”."), key=key))
            found[key] = value
    level = found.get("level")
    if level is not None and level not in LEVELS:
        raise DealLinkError(Sentence(N_("“{level}” is not a bot level: the levels are {levels}."), level=level[:20],
                                     levels=", ".join(LEVELS)))
    game = found.get("game")
    if game is not None and not _GAME_ID.fullmatch(game):
        raise DealLinkError(Sentence(N_("“{game}” is not a game of Parlour."), game=game[:40]))
    if "moves" in found and "deal" not in found:
        raise DealLinkError(Sentence(N_("This page's address gives moves but no deal: a review link gives both.")))
    return DealLink(found.get("deal"), level, game, found.get("moves"))


def link_query(code: str, level: str, game: str, moves: str | None = None) -> str:
    """The query string that opens this deal again: ``deal=4-K7QM3P%2F01&level=hard&game=jabberwocky``
    (and, for a review link, ``&moves=…``: the moves made, engine.review_link.moves_code)."""
    return urlencode({"deal": code, "level": level, "game": game, **({"moves": moves} if moves else {})})


_taken = False  # the page's link has gone to a table (a kernel serves one page)


def take_page_link(game_id: str) -> str | None:
    """The page's query string for the first play table of ``game_id`` that asks; None after, or outside Voilà.

    A link that names another game waits for a table of that game; a link that cannot be
    read goes to the first table, which says what is wrong with it. Without preheated
    kernels (``voila.json`` sets none) Voilà starts the kernel with the request in its
    environment; a server that preheats kernels must hand the query string over with
    ``voila.utils.get_query_string()`` before the table is built.
    """
    if preheated():  # the kernel started before the request: the browser reports the address
        return None
    return take_link(game_id, os.environ.get("QUERY_STRING") or "")


def preheated() -> bool:
    """Whether no request reached this kernel, so the browser reports the page's address: Voilà started it
    ahead of any request (``preheat_kernel``), or it is Python in the browser (Pyodide, the static site)."""
    return os.environ.get("VOILA_PREHEAT") == "True" or sys.platform == "emscripten"


def take_link(game_id: str, query: str) -> str | None:
    """``query`` if the page's link is still to be followed and is for ``game_id``; marks it followed."""
    global _taken
    if _taken:
        return None
    try:
        link = read_deal_link(query)
    except DealLinkError:
        pass  # the first table says what is wrong with it
    else:
        if link.empty:
            _taken = True
            return None
        if link.game not in (None, game_id):
            return None
    _taken = True
    return query


def forget_page_link() -> None:
    """Let the next play table read the page's link again (tests; a second page in one kernel)."""
    global _taken
    _taken = False


class CopyLink(anywidget.AnyWidget):
    """A "Copy link" button: copies this page's address with ``query`` to the clipboard.

    Only the browser knows the page's address (and a JupyterLab tab's address is turned
    into the lesson's app page). Where the clipboard is refused (plain http on a school
    network), the link is shown selected so it can be copied by hand.
    """

    _esm = _STATIC / "copy_link.js"
    query = traitlets.Unicode("").tag(sync=True)
    #: the words the browser shows, so a translated table can say them in its language
    words = traitlets.Dict({"button": "Copy link", "tooltip": "Copy a link that opens this deal, with these bots "
                            "and settings", "copied": "Copied", "by_hand": "Copy this link:",
                            "field": "Link to this deal"}).tag(sync=True)

    def __init__(self, on_page_address: Callable[[str], Any] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_page_address = on_page_address
        self.on_msg(self._from_browser)

    def _from_browser(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """The browser tells the page's query string (a preheated kernel never saw the request)."""
        if isinstance(content, dict) and content.get("event") == "page" and self._on_page_address:
            search = content.get("search")
            if isinstance(search, str):
                self._on_page_address(search[:_MAX_QUERY + _MAX_MOVES + 1])
