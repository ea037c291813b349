"""A row of clickable, keyboard-playable cards: the hand, a trick, a row of piles.

``CardRow`` is an anywidget: the browser side (``static/card_surface.js``) paints one
focusable element per item and reports plays with ``model.send``; this side decides
what a play means. Positions, not cards, identify items, because a hand may hold two
equal cards (Jubilee's two Q♠). Everything is reachable from Python, so tests drive
it through ``_handle_custom_msg`` without a browser.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable, Sequence

import anywidget
import traitlets
from ipywidgets import CallbackDispatcher

from engine.cards import Card, parse_card
from engine.i18n import N_, say
from widgets.card_svg import card_name as name_in, card_svg

_STATIC = Path(__file__).parent / "static"

SELECTED = N_("selected")  # a screen reader hears "Queen of spades, selected"
PLAYABLE = N_("can play")  # ... and "Queen of spades, can play" for a card you may play now
PlayHandler = Callable[[int, "str | None"], Any]
RefusedHandler = Callable[[int, "str | None", str], Any]


def card_item(card: Card | str | None, *, width: int = 72, playable: bool = True,
              tooltip: str = "", selected: bool = False, name: str | None = None, lang: str = "en") -> dict[str, Any]:
    """The JSON dict the browser paints for one position (``card`` None = face down); ``name`` what the card
    is called, by default its name in ``lang`` (English unless told)."""
    c = None if card is None else parse_card(card)
    name = name_in(c, lang) if name is None else name
    return {
        "card": None if c is None else str(c),
        "name": name,
        "svg": card_svg(c, width=width, name=name),
        "playable": bool(playable),
        "tooltip": str(tooltip or ""),
        "selected": bool(selected),
    }


class CardRow(anywidget.AnyWidget):
    """A row of cards; ``show()`` them, then hear plays with ``on_play``/``on_refused``."""

    _esm = _STATIC / "card_surface.js"
    _css = _STATIC / "card_surface.css"

    items = traitlets.List(traitlets.Dict()).tag(sync=True)
    label = traitlets.Unicode("Cards").tag(sync=True)
    #: what a screen reader adds to the name of a selected card (", selected"), in the row's language
    selected_word = traitlets.Unicode("selected").tag(sync=True)
    #: what a screen reader adds to the name of a card you may play now (", can play"), in the row's language
    playable_word = traitlets.Unicode("can play").tag(sync=True)
    card_width = traitlets.Int(72).tag(sync=True)
    overlap = traitlets.Bool(False).tag(sync=True)
    interactive = traitlets.Bool(True).tag(sync=True)

    def __init__(self, cards: Sequence[Card | str | None] = (), lang: str = "en", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: the language of the cards' names, tooltips and spoken labels (engine.i18n)
        self.lang = lang
        self.selected_word = say(lang, SELECTED)
        self.playable_word = say(lang, PLAYABLE)
        #: what a card is called, when a table names it itself (None: its name in ``lang``)
        self.card_name: Callable[[Card | str | None], str] | None = None
        self._play_handlers = CallbackDispatcher()
        self._refused_handlers = CallbackDispatcher()
        self.on_msg(self._on_frontend_msg)
        if cards:
            self.show(cards)

    # ---- what Python callers use --------------------------------------------------

    @property
    def cards(self) -> list[str | None]:
        """The cards shown, in notation (None for face down)."""
        return [item.get("card") for item in self.items]

    def show(self, cards: Sequence[Card | str | None], playable: Sequence[bool] | None = None,
             tooltips: Sequence[str] | None = None, selected: Sequence[bool] | None = None) -> None:
        """Show ``cards`` (None = face down); by default all playable, no tooltips."""
        n = len(cards)
        playable = _per_card("playable", playable, n, True)
        tooltips = _per_card("tooltips", tooltips, n, "")
        selected = _per_card("selected", selected, n, False)
        # A new list: mutating ``items`` in place would never reach the browser.
        namer = self.card_name
        self.items = [card_item(c, width=self.card_width, playable=p, tooltip=t, selected=s,
                                name=None if namer is None else namer(c), lang=self.lang)
                      for c, p, t, s in zip(cards, playable, tooltips, selected)]

    def on_play(self, callback: PlayHandler, remove: bool = False) -> None:
        """Call ``callback(index, card)`` when a playable card is clicked or keyed."""
        self._play_handlers.register_callback(callback, remove=remove)

    def on_refused(self, callback: RefusedHandler, remove: bool = False) -> None:
        """Call ``callback(index, card, tooltip)`` when a dimmed card is tried."""
        self._refused_handlers.register_callback(callback, remove=remove)

    def play(self, index: int) -> None:
        """Act as if the card at ``index`` were clicked (tests, scripted walkthroughs)."""
        self._handle_custom_msg({"type": "play", "index": index}, [])

    # ---- the browser side ----------------------------------------------------------

    def _on_frontend_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("type") != "play" or not self.interactive:
            return
        index = content.get("index")
        if isinstance(index, bool) or not isinstance(index, int):
            return
        items = self.items
        if not 0 <= index < len(items):
            return
        item = items[index]
        if "card" in content and _null_as_none(content["card"]) != item.get("card"):
            return  # a click painted before the last update: that card is no longer there
        if item.get("playable"):
            self._play_handlers(index, item.get("card"))
        else:
            self._refused_handlers(index, item.get("card"), item.get("tooltip", ""))

    @traitlets.observe("card_width")
    def _redraw_at_width(self, change: dict[str, Any]) -> None:
        self.items = [{**item, "svg": card_svg(item.get("card"), width=change["new"], name=item.get("name"))}
                      for item in self.items]


def _null_as_none(value: Any) -> Any:
    """JS ``null`` as None: in the browser (Pyodide >= 0.28, the static site) it arrives as ``pyodide.ffi.jsnull``."""
    ffi = sys.modules.get("pyodide.ffi")
    if ffi is not None and value is getattr(ffi, "jsnull", None):
        return None
    return value


def _per_card(what: str, values: Sequence[Any] | None, n: int, default: Any) -> list[Any]:
    if values is None:
        return [default] * n
    values = list(values)
    if len(values) != n:
        raise ValueError(f"{what}: {len(values)} values for {n} cards")
    return values
