"""Cards as small integers, and their notation, in one place: the tables games and advisors share.

Search, soaks and hints handle cards as numbers 0-51, ``suit × 13 + order``, the suits in the order
of :data:`engine.cards.FRENCH_SUITS` (♠ ♥ ♦ ♣). Two orders within a suit exist, each where it is the
game's own:

* **trick order** (:func:`index`, :func:`card`): 2 = 0 … King = 11, Ace = 12. A bigger number is a
  higher card in every trick game that ranks the Ace high (Jabberwocky, Jubileu, Klaberjass), so
  ``engine.tricks`` compares cards by their number, and the notation tables below are in this order.
* **run order** (:func:`run_index`, :func:`run_card`): Ace = 0, 2 = 1 … King = 12, the rank less one.
  Neighbouring numbers are neighbouring ranks of a run (A-2-3 …), which is what engine/melds.py's
  solver walks.

They stay two because each game's hint lists its moves in its numbers' order (a trick hint sorts
by power, the meld solver its splits and deadwood by run order): one order for both would change
what a learner reads. The meld solver is the only user of run order.

>>> from engine.cards import parse_card
>>> index(parse_card("AS")), run_index(parse_card("AS")), index(parse_card("2H")), run_index(parse_card("2H"))
(12, 0, 13, 14)
>>> NOTE[12], SYM[12], CARD_OF["AS"], code_of("as")
('AS', 'A♠', 12, 12)
"""

from __future__ import annotations

from .cards import ACE, FRENCH_SUITS, Card, parse_card
from .protocol import Action

SUITS = FRENCH_SUITS  # code // 13 -> suit letter: "S", "H", "D", "C"
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}


def index(card: Card) -> int:
    """The card's small-integer form in trick order: suit × 13 + (rank from 2 = 0 to Ace = 12)."""
    order = 12 if card.rank == ACE else card.rank - 2
    return SUIT_INDEX[card.suit] * 13 + order


def card(i: int) -> Card:
    """The :class:`Card` for a small integer in trick order (the inverse of :func:`index`)."""
    order = i % 13
    return Card(ACE if order == 12 else order + 2, SUITS[i // 13])


def run_index(card: Card) -> int:
    """The card's small-integer form in run order: suit × 13 + rank − 1 (Ace = 0 … King = 12)."""
    return SUIT_INDEX[card.suit] * 13 + card.rank - 1


def run_card(i: int) -> Card:
    """The :class:`Card` for a small integer in run order (the inverse of :func:`run_index`)."""
    return Card(i % 13 + 1, SUITS[i // 13])


#: Trick order ↔ notation, computed once (moves are read and written in search and soaks' hot loops).
NOTE: tuple[str, ...] = tuple(str(card(i)) for i in range(52))  # "10H"
SYM: tuple[str, ...] = tuple(card(i).symbol for i in range(52))  # "10♥"
PLAY: tuple[Action, ...] = tuple(Action.play(card(i)) for i in range(52))
CARD_OF: dict[str, int] = {note: i for i, note in enumerate(NOTE)}


def code_of(text: str) -> int:
    """The trick-order number of a card written in notation ("10H", or any spelling ``parse_card`` reads)."""
    known = CARD_OF.get(text)
    return known if known is not None else index(parse_card(text))


__all__ = ["CARD_OF", "NOTE", "PLAY", "SUITS", "SUIT_INDEX", "SYM", "card", "code_of", "index", "run_card",
           "run_index"]
