"""Trick-taking, written once: following suit, leading trumps, and who wins a trick.

Jabberwocky, Klaberjass and Jubileu all play tricks. They share these rules:

- The first card of a trick is the *lead*; its suit is the *led suit*.
- You must follow the led suit if you can.
- The highest trump played wins the trick; with no trump in it, the highest card
  of the led suit wins. Cards of other suits never win.

What you may play when you cannot follow, or when trumps are led, differs by game,
so :func:`follow_suit` takes the game's rules as options:

- Jabberwocky and Jubileu (the default): a player who cannot follow may play any
  card, a trump or a discard.
- Klaberjass: ``must_trump`` — a player who cannot follow must play a trump if he
  holds one (any card only when he has none); ``must_win_trump_lead`` — when trumps
  are led, a player must beat the best trump in the trick if he can.

:func:`follow_rule` also says which of these duties chose the cards, so a game words a
refusal, and cites the rule a played card obeyed, from the same one rule.

Cards here are small integers (see :func:`index`), because search plays these
rules hundreds of thousands of times a second and must not pay for objects.
``index(card) // 13`` is its suit and ``index(card) % 13`` its rank from the 2 (0)
up to the Ace (12), which is the usual "A K Q … 2" order. Games whose suits rank
differently (Klaberjass: J 9 A 10 K Q 8 7 in trumps) pass their own ``power`` table.
"""

from __future__ import annotations

from functools import lru_cache, reduce
from operator import or_
from typing import Iterable, Sequence

# the cards as small integers, kept here for the trick games that read them as tricks.index, tricks.card
from .card_codes import SUIT_INDEX as SUIT_INDEX, SUITS, card as card, index as index
from .cards import CLUBS, DIAMONDS, HEARTS, SPADES

assert SUITS == (SPADES, HEARTS, DIAMONDS, CLUBS)

#: ``ACE_HIGH[c]``: how high card ``c`` ranks within its suit (2 = 0 … Ace = 12).
ACE_HIGH: tuple[int, ...] = tuple(c % 13 for c in range(52))


#: Why :func:`follow_rule` allows what it allows: the player leads (anything), must follow the led suit, must
#: beat the trumps in a trump-led trick, must trump (void in the led suit), or owes nothing (void: anything).
LEAD, FOLLOW, BEAT, TRUMP, ANY = "lead", "follow", "beat", "trump", "any"


def follow_rule(hand: Sequence[int], led_suit: int | None, *, trump: int | None = None,
                must_trump: bool = False, must_win_trump_lead: bool = False, trick: Sequence[int] = (),
                power: Sequence[int] = ACE_HIGH, trump_power: Sequence[int] | None = None) -> tuple[list[int], str]:
    """The cards you may play to a trick led in ``led_suit`` (None: you are leading), and the duty that
    chose them (:data:`LEAD`, :data:`FOLLOW`, :data:`BEAT`, :data:`TRUMP` or :data:`ANY`), so a game can
    say why another card is refused and which rule a played card obeyed.

    You must follow the led suit if you can. Without options, a player who cannot follow plays anything
    (Jabberwocky, Jubileu). ``must_trump``: he must play a trump if he holds one. ``must_win_trump_lead``:
    when ``trump`` was led, he must play a trump that beats every trump in ``trick`` (the cards played so
    far) if he holds one.

    >>> from engine.cards import parse_card
    >>> hand = [index(parse_card(c)) for c in ("JH", "7H", "AS")]
    >>> cards, duty = follow_rule(hand, SUIT_INDEX["C"], trump=SUIT_INDEX["H"], must_trump=True)
    >>> [str(card(c)) for c in cards], duty  # no club: a trump
    (['JH', '7H'], 'trump')
    >>> nine = index(parse_card("9H"))
    >>> cards, duty = follow_rule(hand, SUIT_INDEX["H"], trump=SUIT_INDEX["H"], must_win_trump_lead=True,
    ...                           trick=[nine])
    >>> [str(card(c)) for c in cards], duty  # the 9 of trumps led: beat it with the Jack
    (['JH'], 'beat')
    """
    if led_suit is None:
        return list(hand), LEAD
    same = [c for c in hand if c // 13 == led_suit]
    if same:
        if must_win_trump_lead and led_suit == trump and trick:
            ranks = power if trump_power is None else trump_power
            best = max(ranks[c] for c in trick if c // 13 == trump)
            higher = [c for c in same if ranks[c] > best]
            if higher:
                return higher, BEAT
        return same, FOLLOW
    if must_trump and trump is not None:
        trumps = [c for c in hand if c // 13 == trump]
        if trumps:
            return trumps, TRUMP
    return list(hand), ANY


def follow_suit(hand: Sequence[int], led_suit: int | None, *, trump: int | None = None,
                must_trump: bool = False, must_win_trump_lead: bool = False, trick: Sequence[int] = (),
                power: Sequence[int] = ACE_HIGH, trump_power: Sequence[int] | None = None) -> list[int]:
    """The cards you may play to a trick led in ``led_suit`` (None: you are leading, anything): the cards
    of :func:`follow_rule`, with the same options.

    >>> from engine.cards import parse_card
    >>> hand = [index(parse_card(c)) for c in ("JH", "7H", "AS")]
    >>> [str(card(c)) for c in follow_suit(hand, SUIT_INDEX["H"])]  # hearts led: follow
    ['JH', '7H']
    >>> [str(card(c)) for c in follow_suit(hand, SUIT_INDEX["C"])]  # no club: anything
    ['JH', '7H', 'AS']
    >>> [str(card(c)) for c in follow_suit(hand, SUIT_INDEX["C"], trump=SUIT_INDEX["H"], must_trump=True)]
    ['JH', '7H']
    """
    return follow_rule(hand, led_suit, trump=trump, must_trump=must_trump, must_win_trump_lead=must_win_trump_lead,
                       trick=trick, power=power, trump_power=trump_power)[0]


@lru_cache(maxsize=None)
def trick_keys(trump: int | None, power: tuple[int, ...] = ACE_HIGH,
               trump_power: tuple[int, ...] | None = None) -> tuple[tuple[int, ...], ...]:
    """:func:`strength` of every card, for each led suit: ``trick_keys(trump)[led][card]``.

    Worked out once per trump, so a trick's winner is a few lookups.
    """
    return tuple(tuple(strength(c, led, trump, power, trump_power) for c in range(len(power)))
                 for led in range(4))


def leads(hand: Sequence[int], trump: int | None, trump_broken: bool) -> list[int]:
    """The cards you may lead where trumps may not be led until broken.

    A hand of nothing but trumps may lead one (and so breaks trumps).
    """
    if trump is None or trump_broken:
        return list(hand)
    plain = [c for c in hand if c // 13 != trump]
    return plain if plain else list(hand)


# ---- hands as bitmasks: bit ``c`` is card ``c`` (search's hot path) ----

#: ``SUIT_BITS[s]``: the bits of suit ``s`` in a hand's bitmask.
SUIT_BITS: tuple[int, ...] = tuple(0x1FFF << (13 * s) for s in range(4))
#: ``BIT[c]``: card ``c``'s bit.
BIT: tuple[int, ...] = tuple(1 << c for c in range(52))
#: ``IN_SUIT[s][m]``: the cards of suit ``s`` whose ranks are the bits of ``m`` (13 bits), low to high;
#: filled as met (an empty tuple until then: read it as ``IN_SUIT[s][m] or in_suit_fill(s, m)``), so a
#: process holds at most 4 × 8192 small tuples (about 3 MB), and only once every holding has turned up.
IN_SUIT: list[list[tuple[int, ...]]] = [[()] * 8192 for _ in range(4)]


def bits(cards: Iterable[int]) -> int:
    """A hand's bitmask: bit ``c`` set for each card ``c``."""
    return reduce(or_, map(BIT.__getitem__, cards), 0)


def in_suit(held: int, suit: int) -> tuple[int, ...]:
    """The cards of ``suit`` in the hand ``held`` (a bitmask), low to high, as a shared tuple (no copy)."""
    ranks = held >> (13 * suit) & 0x1FFF
    return IN_SUIT[suit][ranks] or in_suit_fill(suit, ranks)


def in_suit_fill(suit: int, ranks: int) -> tuple[int, ...]:
    """Work out (once) ``IN_SUIT[suit][ranks]``."""
    cards = IN_SUIT[suit][ranks] = tuple(13 * suit + r for r in range(13) if ranks >> r & 1)
    return cards


def follow_bits(held: int, hand: list[int], led_suit: int) -> Sequence[int]:
    """:func:`follow_suit` with no options for a hand kept both as a list and as a bitmask: the cards
    of the led suit (a shared tuple), else a copy of the whole hand."""
    ranks = held >> (13 * led_suit) & 0x1FFF
    if ranks:
        return IN_SUIT[led_suit][ranks] or in_suit_fill(led_suit, ranks)
    return hand[:]


def leads_bits(held: int, hand: list[int], trump: int) -> list[int]:
    """:func:`leads` with trumps not broken, for a hand kept as a list and a bitmask."""
    if not held & SUIT_BITS[trump] or held == held & SUIT_BITS[trump]:
        return hand[:]
    return [c for c in hand if c // 13 != trump]


def is_revoke(hand: Sequence[int], led_suit: int | None, played: int) -> bool:
    """True when ``played`` does not follow suit although ``hand`` (before playing) could."""
    if led_suit is None or played // 13 == led_suit:
        return False
    for c in hand:  # a plain loop: no list built for a question with a yes-or-no answer
        if c // 13 == led_suit:
            return True
    return False


def strength(c: int, led: int, trump: int | None,
             power: Sequence[int] = ACE_HIGH, trump_power: Sequence[int] | None = None) -> int:
    """How strongly ``c`` bids for a trick led in ``led``: any trump above any card of the led
    suit, and a card of another suit not at all (-1). The highest strength wins the trick."""
    s = c // 13
    if s == trump:
        return 1000 + (power if trump_power is None else trump_power)[c]
    return power[c] if s == led else -1


def winning_position(cards: Sequence[int], trump: int | None,
                     power: Sequence[int] = ACE_HIGH, trump_power: Sequence[int] | None = None) -> int:
    """Which card of a trick wins it: its position in play order (0 is the lead)."""
    led = cards[0] // 13
    keys = [strength(c, led, trump, power, trump_power) for c in cards]
    return keys.index(max(keys))
