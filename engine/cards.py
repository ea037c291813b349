"""Cards, their notation, and the packs the seed games use.

A card is a small immutable value (a ``NamedTuple``) so that hands are plain lists,
two packs may hold equal cards, and search code can copy states cheaply.

Notation (what ``str(card)`` prints and ``parse_card`` reads back):

* French suits: rank ``A 2 … 10 J Q K`` then suit ``S H D C`` — ``"10H"``, ``"QS"``.
* Jokers: ``"JK"``.
* Spanish suits (El Gato's pack): rank ``1 … 9`` or ``10`` for the Sota, then a
  two-letter suit ``Or`` (oros, coins), ``Co`` (copas, cups), ``Es`` (espadas,
  swords), ``Ba`` (bastos, clubs) — ``"5Or"`` is the gato.

Parsing is forgiving about what people type: case, ``T`` for ten, suit symbols
(``"Q♠"``, ``"10♥"``), spaces, and words like ``"joker"``.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

from .notation import quoted, read_number

SPADES, HEARTS, DIAMONDS, CLUBS = "S", "H", "D", "C"
OROS, COPAS, ESPADAS, BASTOS = "Or", "Co", "Es", "Ba"
JOKER_SUIT = "*"

FRENCH_SUITS = (SPADES, HEARTS, DIAMONDS, CLUBS)
SPANISH_SUITS = (OROS, COPAS, ESPADAS, BASTOS)

SUIT_SYMBOLS = {SPADES: "♠", HEARTS: "♥", DIAMONDS: "♦", CLUBS: "♣"}
SUIT_NAMES = {
    SPADES: "spades", HEARTS: "hearts", DIAMONDS: "diamonds", CLUBS: "clubs",
    OROS: "oros", COPAS: "copas", ESPADAS: "espadas", BASTOS: "bastos",
    JOKER_SUIT: "joker",
}
RED_SUITS = frozenset({HEARTS, DIAMONDS})

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
SOTA = 10  # the Spanish "Sota" (knave) is numbered 10 in a 40-card pack

_RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANK_NAMES = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}
_SPANISH_RANK_NAMES = {1: "As", 10: "Sota"}


class CardError(ValueError):
    """Text that is not a card in our notation."""


class Card(NamedTuple):
    """One card: ``rank`` 1 (Ace) … 13 (King), 0 for a joker; ``suit`` a suit code."""

    rank: int
    suit: str

    @property
    def is_joker(self) -> bool:
        return self.suit == JOKER_SUIT

    @property
    def is_spanish(self) -> bool:
        return self.suit in SPANISH_SUITS

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def symbol(self) -> str:
        """Display form with a suit symbol, e.g. ``10♥``; jokers print as ``Joker``."""
        if self.is_joker:
            return "Joker"
        if self.is_spanish:
            return f"{self.rank} de {SUIT_NAMES[self.suit]}"
        return _RANK_TEXT.get(self.rank, str(self.rank)) + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """Words, e.g. ``"Queen of spades"``."""
        if self.is_joker:
            return "Joker"
        if self.is_spanish:
            rank = _SPANISH_RANK_NAMES.get(self.rank, str(self.rank))
            return f"{rank} de {SUIT_NAMES[self.suit]}"
        return f"{_RANK_NAMES.get(self.rank, str(self.rank))} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        if self.is_joker:
            return "JK"
        if self.is_spanish:
            return f"{self.rank}{self.suit}"
        return _RANK_TEXT.get(self.rank, str(self.rank)) + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


JOKER = Card(0, JOKER_SUIT)

_SYMBOL_TO_SUIT = {"♠": SPADES, "♤": SPADES, "♥": HEARTS, "♡": HEARTS,
                   "♦": DIAMONDS, "♢": DIAMONDS, "♣": CLUBS, "♧": CLUBS}
_RANK_WORDS = {"A": 1, "ACE": 1, "J": 11, "JACK": 11, "Q": 12, "QUEEN": 12,
               "K": 13, "KING": 13, "T": 10, "TEN": 10, "SOTA": 10}
_SUIT_WORDS = {"SPADES": SPADES, "SPADE": SPADES, "HEARTS": HEARTS, "HEART": HEARTS,
               "DIAMONDS": DIAMONDS, "DIAMOND": DIAMONDS, "CLUBS": CLUBS, "CLUB": CLUBS}
_SPANISH_CODES = {s.upper(): s for s in SPANISH_SUITS}
_SPANISH_CODES.update({"OROS": OROS, "COPAS": COPAS, "ESPADAS": ESPADAS, "BASTOS": BASTOS})


_CANONICAL: dict[str, Card] = {}


def parse_card(text: str | Card) -> Card:
    """Read a card as people type it: ``"10h"``, ``"T♥"``, ``"Q♠"``, ``"5Or"``, ``"joker"``."""
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise CardError(f"{quoted(text)} is not a card")
    known = _CANONICAL.get(text)
    if known is not None:  # the fast path: engines read back their own notation all the time
        return known
    raw = text.strip()
    t = "".join(w for w in raw.upper().split() if w not in ("OF", "DE"))
    if t in ("JK", "JOKER", "JO", "🃏", "*"):
        return JOKER
    for sym, suit in _SYMBOL_TO_SUIT.items():
        if raw.replace(" ", "").endswith(sym):
            return Card(_parse_rank(t[: -1], raw), suit)
    for word, suit in sorted(_SUIT_WORDS.items(), key=lambda kv: -len(kv[0])):
        if t.endswith(word) and len(t) > len(word):
            return Card(_parse_rank(t[: -len(word)], raw), suit)
    for word, suit in sorted(_SPANISH_CODES.items(), key=lambda kv: -len(kv[0])):
        rank = read_number(t[: -len(word)]) if t.endswith(word) and len(t) > len(word) else None
        if rank is not None:
            if not 1 <= rank <= 10:
                raise CardError(f"{quoted(raw)}: a Spanish card is numbered 1 to 10 (10 is the Sota)")
            return Card(rank, suit)
    if len(t) >= 2 and t[-1] in FRENCH_SUITS:
        return Card(_parse_rank(t[:-1], raw), t[-1])
    raise CardError(f"{quoted(raw)} is not a card: write rank then suit, like 10H, QS or 7♣")


def _parse_rank(t: str, raw: str) -> int:
    if t in _RANK_WORDS:
        return _RANK_WORDS[t]
    number = read_number(t)
    if number is not None and 2 <= number <= 10:
        return number
    raise CardError(f"{quoted(raw)} has no rank I know: use A, 2-10, J, Q or K")


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Several cards, from ``"AS 10H JK"`` or a list."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(c) for c in items]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def french_suit(suit: str, ranks: Iterable[int] = range(1, 14)) -> list[Card]:
    return [Card(r, suit) for r in ranks]


# ---- The packs ---------------------------------------------------------------

def standard_52() -> list[Card]:
    """A♠ … K♣ in a fixed order; shuffle before dealing."""
    return [c for s in FRENCH_SUITS for c in french_suit(s)]


def jubilee_61() -> list[Card]:
    """Seed 000: one ♥ suit, two full ♠ suits, two ♣ suits of A–9, four jokers."""
    return (french_suit(HEARTS) + french_suit(SPADES) * 2
            + french_suit(CLUBS, range(1, 10)) * 2 + [JOKER] * 4)


def piquet_32() -> list[Card]:
    """7, 8, 9, 10, J, Q, K, A of each suit (Klaberjass)."""
    return [c for s in FRENCH_SUITS for c in french_suit(s, [1, 7, 8, 9, 10, 11, 12, 13])]


def double_52_with_jokers() -> list[Card]:
    """Two standard packs and four jokers: 108 cards (Kalooki)."""
    return standard_52() * 2 + [JOKER] * 4


def spanish_40() -> list[Card]:
    """The Spanish pack without Kings and Caballos: 1–9 and the Sota (10) of each suit."""
    return [Card(r, s) for s in SPANISH_SUITS for r in range(1, 11)]


PACKS = {
    "standard_52": standard_52,
    "jubilee_61": jubilee_61,
    "piquet_32": piquet_32,
    "double_52_with_jokers": double_52_with_jokers,
    "spanish_40": spanish_40,
}


_CANONICAL.update({str(c): c for c in [JOKER] + [Card(r, s) for s in FRENCH_SUITS for r in range(1, 14)]
                   + [Card(r, s) for s in SPANISH_SUITS for r in range(1, 11)]})
