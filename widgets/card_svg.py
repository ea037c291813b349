"""Card faces and backs drawn as SVG in code, so there are no image files to license.

Every card is one self-contained ``<svg>`` string in a 250 x 350 viewBox (a real
card's 5:7), scaled by its ``width``/``height`` attributes. The SVG uses no ``id``
attributes: a page shows many cards inline, and duplicate ids (patterns, clip paths)
would make them depend on each other. Rendering is cached because every repaint of a
table re-asks for the same few dozen cards.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from math import cos, pi, sin
from urllib.parse import quote

from engine.cards import (
    BASTOS, CLUBS, COPAS, DIAMONDS, ESPADAS, HEARTS, OROS, SPADES, SOTA, SUIT_NAMES,
    Card, parse_card,
)
from engine.i18n import N_, SOURCE_LANGUAGE, say
from engine.words import agreeing

VIEW_W, VIEW_H = 250, 350
RED = "#c8102e"
BLACK = "#1b1b1f"
BORDER = "#8a8f98"
BACK_BLUE = "#1d3b6e"
GOLD = "#d8b45a"
SPANISH_COLOURS = {OROS: "#a87a0c", COPAS: "#c8102e", ESPADAS: "#1f4e9a", BASTOS: "#2e7d32"}
BACK_NAME = N_("Face-down card")
#: what a screen reader hears of a pile of face-down cards, once for the whole pile (a hand, a stock)
BACKS_ONE, BACKS_MANY = N_("{n} card face down"), N_("{n} cards face down")
#: ... with the pile's name first: "Stock, 23 cards face down"
NAMED_BACKS = N_("{what}, {cards}")
STOCK = N_("Stock")
#: the words of a card's name, for the catalog ("Ás", "Valete", "Dama", "Rei", "Curinga" in the seed book's terms)
RANK_WORDS = {1: N_("Ace"), 11: N_("Jack"), 12: N_("Queen"), 13: N_("King")}
JOKER_NAME = N_("Joker")

_SERIF = "Georgia, 'DejaVu Serif', 'Liberation Serif', serif"
_SANS = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif"
_MID_Y = VIEW_H / 2

__all__ = ["card_svg", "back_svg", "back_css", "backs_html", "backs_words", "card_img_html", "face_html", "face_svg",
           "STOCK", "card_height", "card_name", "RED", "BLACK", "SPANISH_COLOURS", "BACK_NAME"]


# ---- public API ------------------------------------------------------------------

def card_height(width: int) -> int:
    """Pixel height of a card ``width`` pixels wide (5:7)."""
    return round(width * VIEW_H / VIEW_W)


def card_name(card: Card | str | None, lang: str = "en") -> str:
    """What a card is called in ``lang``: "Queen of spades", "Dama de espadas"; ``None``, a face-down card.

    The one namer of cards for pictures, tooltips and screen readers, at tables and in lessons alike.
    English is :attr:`Card.name` itself; El Gato's Spanish cards keep their Spanish names in every language.
    """
    if card is None:
        return say(lang, BACK_NAME)
    c = parse_card(card)
    if lang == SOURCE_LANGUAGE or c.is_spanish:
        return c.name
    if c.is_joker:
        return say(lang, JOKER_NAME)
    rank = say(lang, RANK_WORDS[c.rank]) if c.rank in RANK_WORDS else str(c.rank)
    return say(lang, N_("{rank} of {suit}"), rank=rank, suit=say(lang, SUIT_NAMES[c.suit]))


def card_svg(card: Card | str | None, *, width: int = 72, face_down: bool = False, name: str | None = None,
             lang: str = "en") -> str:
    """One card as an inline SVG string; ``None`` or ``face_down`` draws the back.

    ``name``: the card's ``<title>`` (a tooltip); by default the card's name in ``lang`` (English unless told).
    """
    if name is None and lang != SOURCE_LANGUAGE:
        name = card_name(None if face_down else card, lang)
    if card is None or face_down:
        svg, english = back_svg(width), BACK_NAME
    else:
        c = parse_card(card)
        svg, english = _render_face(str(c), _check_width(width)), c.name
    if name is None or name == english:
        return svg
    return svg.replace(f"<title>{html.escape(english)}</title>", f"<title>{html.escape(name)}</title>", 1)


def back_svg(width: int = 72) -> str:
    """The back of a card: a deep-blue lattice with a gold medallion."""
    return _render_back(_check_width(width))


def card_img_html(card: Card | str | None, width: int = 72, *, face_down: bool = False,
                  name: str | None = None, lang: str = "en") -> str:
    """An inline ``<span>`` holding the card's SVG, for ``ipywidgets.HTML`` piles and hands.

    ``name``: what the card is called (its tooltip); by default its name in ``lang`` (English unless told).
    """
    if name is None:
        name = card_name(None if face_down else card, lang)
    return (f'<span class="parlour-card-img" title="{html.escape(name)}" '
            f'style="display:inline-block;line-height:0;margin:2px;vertical-align:top">'
            f"{card_svg(card, width=width, face_down=face_down, name=name)}</span>")


def face_html(card: Card | str, width: int = 72, *, name: str | None = None, lang: str = "en") -> str:
    """A face-up card as :func:`card_img_html` shows it (the same box, tooltip and spoken name: an image named by
    the card), but the picture is the page's stylesheet's, sent once per page (widgets/card_faces.py): a table's
    repaint resends a few dozen bytes for the card, not its 2.5-3 kB SVG. The caller makes sure the page has the
    card's drawing (``CardFaces.need``)."""
    c = parse_card(card)
    name = card_name(c, lang) if name is None else name
    return (f'<span class="parlour-card-img" title="{html.escape(name)}" '
            f'style="display:inline-block;line-height:0;margin:2px;vertical-align:top">'
            f'<span class="parlour-card-face" role="img" aria-label="{html.escape(name)}" data-card="{c}" '
            f'style="width:{_check_width(width)}px;height:{card_height(width)}px"></span></span>')


def face_svg(card: Card | str) -> str:
    """The drawing of a face-up card for the stylesheet (:func:`face_html`'s box): :func:`card_svg`'s picture,
    scaled to its box as the inline picture is, its tooltip the box's."""
    key = str(parse_card(card))
    svg = _render_face(key, VIEW_W).replace(f' width="{VIEW_W}" height="{VIEW_H}"', "", 1)
    return re.sub(r"<title>.*?</title>", "", svg, count=1)


def backs_words(n: int, what: str | None = None, lang: str = "en") -> str:
    """A face-down pile in words, in ``lang``: "7 cards face down", "Stock, 23 cards face down" (``what`` is the
    pile's name, already in ``lang``)."""
    cards = say(lang, agreeing(n, BACKS_ONE, BACKS_MANY), n=n)
    return cards if what is None else say(lang, NAMED_BACKS, what=what, cards=cards)


def backs_html(n: int, width: int = 30, *, what: str | None = None, drawn: int | None = None,
               lang: str = "en") -> str:
    """``n`` face-down cards (``drawn`` pictures of them, by default ``n``) as one labelled group: a screen reader
    hears "Ada's cards: 7 cards face down" once, not "Face-down card" seven times; the pictures keep their
    tooltips for the eye. Nothing for an empty pile."""
    if n <= 0:
        return ""
    picture = (f'<span class="parlour-card-img" title="{html.escape(card_name(None, lang))}" '
               f'style="display:inline-block;line-height:0;margin:2px;vertical-align:top">'
               f'<span class="parlour-card-back" style="width:{_check_width(width)}px;height:{card_height(width)}px">'
               "</span></span>")  # the picture itself is the stylesheet's (back_css): a board's backs resent each
    pictures = picture * (n if drawn is None else drawn)  # move were 2.4 kB each, now a few dozen bytes
    return (f'<span role="group" class="parlour-backs" aria-label="{html.escape(backs_words(n, what, lang))}">'
            f'<span aria-hidden="true">{pictures}</span></span>')


def back_css() -> str:
    """The stylesheet's rule that draws the back of a card in :func:`backs_html`'s pictures: the picture is sent
    once with the page's style (widgets/page_style.py), not inline in every pile each time a table is repainted.
    It is :func:`back_svg`'s drawing, scaled to its box as the inline picture is (the same look)."""
    svg = _render_back(VIEW_W).replace(f' width="{VIEW_W}" height="{VIEW_H}"', "", 1)
    svg = re.sub(r"<title>.*?</title>", "", svg, count=1)  # the tooltip is the picture's box's
    return (".parlour-card-back { display: inline-block; vertical-align: middle; margin: 1px; "
            f'background: url("data:image/svg+xml,{quote(svg, safe=" =:/,.-")}") 0 0 / 100% 100% no-repeat; }}\n'
            # a face-up card's box (face_html): its picture is the rule widgets/card_faces.py adds for its card
            ".parlour-card-face { display: inline-block; vertical-align: middle; margin: 1px; "
            "background: 0 0 / 100% 100% no-repeat; }\n")


def _check_width(width: int) -> int:
    if isinstance(width, bool) or not isinstance(width, int) or width <= 0:
        raise ValueError(f"card width must be a positive int, not {width!r}")
    return width


# ---- shared pieces -----------------------------------------------------------------

def _open_svg(width: int, key: str, title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW_W} {VIEW_H}" '
            f'width="{width}" height="{card_height(width)}" role="img" '
            f'class="parlour-card-svg" data-card="{html.escape(key)}">'
            f"<title>{html.escape(title)}</title>")


def _blank(fill: str = "#ffffff") -> str:
    return (f'<rect x="1.5" y="1.5" width="{VIEW_W - 3}" height="{VIEW_H - 3}" rx="14" '
            f'fill="{fill}" stroke="{BORDER}" stroke-width="2.5"/>')


def _both_ends(body: str) -> str:
    """The body, and the same rotated half a turn (corner indices, court halves)."""
    return f'{body}<g transform="rotate(180 {VIEW_W / 2} {_MID_Y})">{body}</g>'


def _place(shape: str, x: float, y: float, size: float, *, flip: bool = False, fill: str = "") -> str:
    """A shape drawn in a 100-unit box centred on 0,0, placed at x,y at ``size`` units."""
    turn = " rotate(180)" if flip else ""
    paint = f' fill="{fill}"' if fill else ""
    return (f'<g transform="translate({x:g} {y:g}) scale({size / 100:g}){turn}"{paint}>'
            f"{shape}</g>")


# ---- French suits --------------------------------------------------------------------

_FRENCH_SHAPES = {
    HEARTS: ('<path d="M0,42 C-6,34 -46,10 -46,-16 C-46,-34 -33,-44 -21,-44 '
             'C-10,-44 -3,-37 0,-28 C3,-37 10,-44 21,-44 C33,-44 46,-34 46,-16 '
             'C46,10 6,34 0,42 Z"/>'),
    SPADES: ('<path d="M0,-46 C-6,-34 -46,-12 -46,12 C-46,28 -34,36 -22,36 '
             'C-13,36 -6,31 -3,26 C-4,36 -9,44 -16,48 L16,48 C9,44 4,36 3,26 '
             'C6,31 13,36 22,36 C34,36 46,28 46,12 C46,-12 6,-34 0,-46 Z"/>'),
    DIAMONDS: ('<path d="M0,-48 C10,-30 24,-14 36,0 C24,14 10,30 0,48 '
               'C-10,30 -24,14 -36,0 C-24,-14 -10,-30 0,-48 Z"/>'),
    CLUBS: ('<circle cx="0" cy="-22" r="21"/><circle cx="-23" cy="10" r="21"/>'
            '<circle cx="23" cy="10" r="21"/><path d="M-10,-8 L10,-8 L14,12 L-14,12 Z"/>'
            '<path d="M-3,8 C-3,28 -9,41 -17,48 L17,48 C9,41 3,28 3,8 Z"/>'),
}

_RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
_L, _C, _R = 80.0, 125.0, 170.0
_T, _B = 74.0, 276.0
_ROW4 = (_T, _T + (_B - _T) / 3, _T + 2 * (_B - _T) / 3, _B)
_PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(_C, _T), (_C, _B)],
    3: [(_C, _T), (_C, _MID_Y), (_C, _B)],
    4: [(x, y) for y in (_T, _B) for x in (_L, _R)],
    5: [(x, y) for y in (_T, _B) for x in (_L, _R)] + [(_C, _MID_Y)],
    6: [(x, y) for y in (_T, _MID_Y, _B) for x in (_L, _R)],
    7: [(x, y) for y in (_T, _MID_Y, _B) for x in (_L, _R)] + [(_C, (_T + _MID_Y) / 2)],
    8: [(x, y) for y in (_T, _MID_Y, _B) for x in (_L, _R)]
       + [(_C, (_T + _MID_Y) / 2), (_C, (_B + _MID_Y) / 2)],
    9: [(x, y) for y in _ROW4 for x in (_L, _R)] + [(_C, _MID_Y)],
    10: [(x, y) for y in _ROW4 for x in (_L, _R)]
        + [(_C, (_ROW4[0] + _ROW4[1]) / 2), (_C, (_ROW4[2] + _ROW4[3]) / 2)],
}


def _french_colour(suit: str) -> str:
    return RED if suit in (HEARTS, DIAMONDS) else BLACK


def _corner(text: str, colour: str, pip: str, *, font: str = _SERIF, size: int = 44) -> str:
    squeeze = ' textLength="40" lengthAdjust="spacingAndGlyphs"' if len(text) > 1 else ""
    return (f'<text x="25" y="50" font-family="{font}" font-size="{size}" font-weight="bold" '
            f'text-anchor="middle" fill="{colour}"{squeeze}>{text}</text>{pip}')


def _french_face(card: Card) -> str:
    colour, shape = _french_colour(card.suit), _FRENCH_SHAPES[card.suit]
    rank = _RANK_TEXT.get(card.rank, str(card.rank))
    parts = [_blank(), _both_ends(_corner(rank, colour, _place(shape, 25, 78, 30, fill=colour)))]
    if card.rank == 1:
        size = 120 if card.suit == SPADES else 100
        parts.append(_place(shape, _C, _MID_Y, size, fill=colour))
    elif card.rank <= 10:
        size = 42 if card.rank >= 9 else 46
        parts += [_place(shape, x, y, size, flip=y > _MID_Y + 1, fill=colour)
                  for x, y in _PIPS[card.rank]]
    else:
        parts.append(_court(card.rank, card.suit, colour, shape))
    return "".join(parts)


_CROWNS = {
    13: ('<path d="M-32,16 L-32,-12 L-18,2 L-8,-20 L0,-2 L8,-20 L18,2 L32,-12 L32,16 Z"/>'
         '<circle cx="-32" cy="-14" r="4"/><circle cx="-8" cy="-22" r="4"/>'
         '<circle cx="8" cy="-22" r="4"/><circle cx="32" cy="-14" r="4"/>'),
    12: ('<path d="M-28,16 L-28,-4 L-14,6 L0,-16 L14,6 L28,-4 L28,16 Z"/>'
         '<circle cx="-28" cy="-7" r="5"/><circle cx="0" cy="-20" r="6"/>'
         '<circle cx="28" cy="-7" r="5"/>'),
    11: ('<path d="M6,-6 C10,-30 30,-40 46,-36 C34,-30 22,-20 16,-4 Z"/>'
         '<path d="M-26,8 C-28,-10 -14,-18 0,-18 C14,-18 28,-10 26,8 Z"/>'
         '<rect x="-34" y="6" width="68" height="10" rx="5"/>'),
}


def _court(rank: int, suit: str, colour: str, shape: str) -> str:
    """A framed, double-headed court card: crown or cap, a big letter, the suit."""
    tint = "#fdf0f0" if colour == RED else "#eef2f8"
    letter = _RANK_TEXT[rank]
    half = (_place(f'<g fill="{GOLD}" stroke="{colour}" stroke-width="3">{_CROWNS[rank]}</g>',
                   _C + 6, 78, 86)
            + f'<text x="{_C}" y="158" font-family="{_SERIF}" font-size="78" font-weight="bold" '
              f'text-anchor="middle" fill="{colour}">{letter}</text>'
            + _place(shape, 74, 52, 22, fill=colour))
    return (f'<rect x="52" y="26" width="146" height="298" rx="6" fill="{tint}" '
            f'stroke="{colour}" stroke-width="3"/>'
            f'<rect x="58" y="32" width="134" height="286" rx="3" fill="none" '
            f'stroke="{colour}" stroke-width="1" opacity="0.6"/>'
            f'<line x1="58" y1="{_MID_Y}" x2="192" y2="{_MID_Y}" stroke="{colour}" '
            f'stroke-width="1.5" opacity="0.6"/>'
            + _both_ends(half))


# ---- Joker ---------------------------------------------------------------------------

_JOKER_INK = "#5b2a86"


def _star(cx: float, cy: float, r: float, fill: str) -> str:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.42
        a = -pi / 2 + i * pi / 5
        pts.append(f"{cx + rad * cos(a):.1f},{cy + rad * sin(a):.1f}")
    return f'<polygon points="{" ".join(pts)}" fill="{fill}" stroke="{BLACK}" stroke-width="2"/>'


def _joker_face() -> str:
    letters = "".join(
        f'<text x="25" y="{42 + 27 * i}" font-family="{_SANS}" font-size="25" '
        f'font-weight="bold" text-anchor="middle" fill="{_JOKER_INK}">{ch}</text>'
        for i, ch in enumerate("JOKER"))
    hat = ('<g stroke="#222" stroke-width="2.5" stroke-linejoin="round">'
           f'<path d="M-44,20 C-52,-10 -70,-28 -86,-26 C-66,-12 -52,4 -24,20 Z" fill="{RED}"/>'
           '<path d="M44,20 C52,-10 70,-28 86,-26 C66,-12 52,4 24,20 Z" fill="#2e7d32"/>'
           f'<path d="M-26,20 C-20,-22 -8,-50 0,-62 C8,-50 20,-22 26,20 Z" fill="{_JOKER_INK}"/>'
           f'<rect x="-48" y="18" width="96" height="16" rx="6" fill="{GOLD}"/>'
           f'<circle cx="-86" cy="-26" r="8" fill="{GOLD}"/><circle cx="0" cy="-64" r="8" '
           f'fill="{GOLD}"/><circle cx="86" cy="-26" r="8" fill="{GOLD}"/></g>')
    face = ('<g stroke="#222" stroke-width="2.5">'
            '<circle cx="0" cy="64" r="30" fill="#fbe3c8"/>'
            '<circle cx="-10" cy="58" r="3" fill="#222" stroke="none"/>'
            '<circle cx="10" cy="58" r="3" fill="#222" stroke="none"/>'
            '<path d="M-14,72 Q0,86 14,72" fill="none"/></g>'
            f'<path d="M-40,96 L-26,110 L-13,96 L0,110 L13,96 L26,110 L40,96 L36,118 L-36,118 Z" '
            f'fill="{RED}" stroke="#222" stroke-width="2.5"/>')
    return (_blank("#fffdf6")
            + _both_ends(letters)
            + f'<rect x="50" y="28" width="150" height="294" rx="8" fill="none" '
              f'stroke="{_JOKER_INK}" stroke-width="2" stroke-dasharray="6 5"/>'
            + f'<g transform="translate({_C} 148)">{hat}{face}</g>'
            + _star(_C, 286, 24, GOLD) + _star(80, 58, 10, GOLD) + _star(170, 58, 10, GOLD))


# ---- Spanish suits -------------------------------------------------------------------

_SPANISH_SHAPES = {
    OROS: ('<circle r="44" fill="#f3c83c" stroke="#9a6b0c" stroke-width="5"/>'
           '<circle r="29" fill="none" stroke="#9a6b0c" stroke-width="3"/>'
           '<path d="M0,-29 L0,29 M-29,0 L29,0 M-20,-20 L20,20 M-20,20 L20,-20" '
           'stroke="#b8860b" stroke-width="2.5"/>'
           '<circle r="11" fill="#c8102e" stroke="#9a6b0c" stroke-width="2.5"/>'),
    COPAS: ('<g stroke="#8a5a00" stroke-width="3" stroke-linejoin="round">'
            '<path d="M-34,-38 L34,-38 C34,-6 18,6 0,6 C-18,6 -34,-6 -34,-38 Z" fill="#c8102e"/>'
            '<ellipse cx="0" cy="-38" rx="34" ry="7" fill="#f3c83c"/>'
            '<rect x="-5" y="6" width="10" height="26" fill="#f3c83c"/>'
            '<circle cx="0" cy="18" r="8" fill="#f3c83c"/>'
            '<path d="M-26,46 C-20,34 -10,30 0,30 C10,30 20,34 26,46 Z" fill="#f3c83c"/></g>'),
    ESPADAS: ('<g stroke="#173a73" stroke-width="3" stroke-linejoin="round">'
              '<path d="M0,-50 L11,-36 L11,18 L-11,18 L-11,-36 Z" fill="#dbe4f0"/>'
              '<path d="M0,-40 L0,14" stroke-width="2" fill="none"/>'
              '<rect x="-28" y="18" width="56" height="9" rx="4" fill="#1f4e9a"/>'
              '<rect x="-5" y="27" width="10" height="15" fill="#1f4e9a"/>'
              '<circle cx="0" cy="46" r="6" fill="#f3c83c"/></g>'),
    BASTOS: ('<g transform="rotate(-18)" stroke="#1b5e20" stroke-width="3" '
             'stroke-linejoin="round">'
             '<path d="M-14,-42 C-18,-18 -10,16 -7,38 L7,38 C10,16 18,-18 14,-42 '
             'C10,-52 -10,-52 -14,-42 Z" fill="#3e8e41"/>'
             '<circle cx="-14" cy="-20" r="5" fill="#2f6f32"/>'
             '<circle cx="12" cy="-2" r="4.5" fill="#2f6f32"/>'
             '<circle cx="-9" cy="16" r="4" fill="#2f6f32"/>'
             '<path d="M-7,-40 C-8,-16 -3,14 -1,32" fill="none" stroke="#8fcf7a" '
             'stroke-width="4" stroke-linecap="round"/>'
             '<ellipse cx="0" cy="-44" rx="10" ry="4.5" fill="#d9b26a" stroke-width="2"/>'
             f'<rect x="-8" y="30" width="16" height="6" rx="2" fill="{GOLD}" stroke-width="2"/>'
             '<rect x="-7" y="36" width="14" height="12" rx="3" fill="#c8102e" '
             'stroke-width="2"/></g>'),
}
_TALL = (ESPADAS, BASTOS)
_SPANISH_PIPS = {n: pts for n, pts in _PIPS.items() if n <= 9}


def _pinta(suit: str, colour: str) -> str:
    """The Spanish frame line; its breaks tell the suit (none, one, two, three)."""
    gaps = {OROS: 0, COPAS: 1, ESPADAS: 2, BASTOS: 3}[suit]
    x0, x1, y0, y1 = 12.0, VIEW_W - 12.0, 12.0, VIEW_H - 12.0
    segs = [f"M{x0},{y0} L{x0},{y1} M{x1},{y0} L{x1},{y1}"]
    gap, step = 10, 22
    start = (x0 + x1) / 2 - (gaps * gap + (gaps - 1) * step) / 2 if gaps else x1
    for y in (y0, y1):
        x = x0
        for i in range(gaps):
            g0 = start + i * (gap + step)
            segs.append(f"M{x},{y} L{g0:g},{y}")
            x = g0 + gap
        segs.append(f"M{x:g},{y} L{x1},{y}")
    return (f'<path d="{" ".join(segs)}" fill="none" stroke="{colour}" stroke-width="2.5" '
            f'stroke-linecap="round"/>')


def _spanish_face(card: Card) -> str:
    colour, shape = SPANISH_COLOURS[card.suit], _SPANISH_SHAPES[card.suit]
    corner = (f'<text x="34" y="52" font-family="{_SERIF}" font-size="36" font-weight="bold" '
              f'text-anchor="middle" fill="{colour}">{card.rank}</text>')
    parts = [_blank("#fffdf8"), _pinta(card.suit, colour), _both_ends(corner)]
    if card.rank == 1:
        parts.append(_place(shape, _C, _MID_Y, 150 if card.suit in _TALL else 120))
    elif card.rank == SOTA:
        parts.append(_sota(card.suit, colour, shape))
    else:
        size = 62 if card.suit in _TALL else 54
        parts += [_place(shape, x, y, size) for x, y in _SPANISH_PIPS[card.rank]]
    return "".join(parts)


def _sota(suit: str, colour: str, shape: str) -> str:
    """The Sota: a framed standing page holding the suit's emblem (frame clears the corners)."""
    emblem = (_place(shape, 166, 150, 96) if suit in _TALL else _place(shape, 164, 168, 48))
    return (f'<rect x="54" y="64" width="142" height="222" rx="6" fill="#fbf3e2" '
            f'stroke="{colour}" stroke-width="3"/>'
            '<g stroke="#3b2a1a" stroke-width="2.5" stroke-linejoin="round">'
            '<rect x="106" y="216" width="12" height="38" fill="#6b4b2a"/>'
            '<rect x="132" y="216" width="12" height="38" fill="#6b4b2a"/>'
            f'<path d="M103,134 L147,134 L160,222 L90,222 Z" fill="{colour}"/>'
            f'<path d="M103,136 L125,158 L147,136" fill="none" stroke="{GOLD}" stroke-width="4"/>'
            '<circle cx="125" cy="112" r="20" fill="#f6d7b0"/>'
            f'<path d="M103,106 C103,82 147,82 147,106 C138,99 112,99 103,106 Z" '
            f'fill="{colour}"/></g>'
            + emblem
            + f'<text x="{_C}" y="276" font-family="{_SERIF}" font-size="20" font-weight="bold" '
              f'text-anchor="middle" letter-spacing="3" fill="{colour}">SOTA</text>')


# ---- rendering (cached) --------------------------------------------------------------

@lru_cache(maxsize=2048)
def _render_face(key: str, width: int) -> str:
    card = parse_card(key)
    if card.is_joker:
        body = _joker_face()
    elif card.is_spanish:
        body = _spanish_face(card)
    else:
        body = _french_face(card)
    return _open_svg(width, key, card.name) + body + "</svg>"


def _lattice(x0: float, y0: float, x1: float, y1: float, step: float) -> str:
    """Diagonal lines both ways, clipped by arithmetic (no clipPath id needed)."""
    d = []
    c = (x0 - y1) + step / 2
    while c < x1 - y0:  # lines y = x - c
        a, b = max(x0, y0 + c), min(x1, y1 + c)
        if a < b:
            d.append(f"M{a:.1f},{a - c:.1f} L{b:.1f},{b - c:.1f}")
        c += step
    c = (x0 + y0) + step / 2
    while c < x1 + y1:  # lines y = c - x
        a, b = max(x0, c - y1), min(x1, c - y0)
        if a < b:
            d.append(f"M{a:.1f},{c - a:.1f} L{b:.1f},{c - b:.1f}")
        c += step
    return " ".join(d)


@lru_cache(maxsize=64)
def _render_back(width: int) -> str:
    x0, y0, x1, y1 = 14, 14, VIEW_W - 14, VIEW_H - 14
    medallion = (f'<ellipse cx="{_C}" cy="{_MID_Y}" rx="42" ry="56" fill="{BACK_BLUE}" '
                 f'stroke="{GOLD}" stroke-width="3"/>'
                 f'<ellipse cx="{_C}" cy="{_MID_Y}" rx="34" ry="48" fill="none" '
                 f'stroke="{GOLD}" stroke-width="1.2"/>'
                 + _place(f'<path d="M0,-50 L14,-14 L50,0 L14,14 L0,50 L-14,14 L-50,0 L-14,-14 Z" '
                          f'fill="{GOLD}"/>', _C, _MID_Y, 56))
    return (_open_svg(width, "back", BACK_NAME) + _blank()
            + f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="8" '
              f'fill="{BACK_BLUE}"/>'
            + f'<path d="{_lattice(x0, y0, x1, y1, 18)}" stroke="#7fa6dc" stroke-width="1.6" '
              f'stroke-opacity="0.55" fill="none"/>'
            + f'<rect x="{x0 + 6}" y="{y0 + 6}" width="{x1 - x0 - 12}" height="{y1 - y0 - 12}" '
              f'rx="5" fill="none" stroke="{GOLD}" stroke-width="2"/>'
            + medallion + "</svg>")
