"""Dealing: the seeded pack (or a stacked one) and the usual ways of handing it out."""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from .cards import Card
from .notation import first_few
from .protocol import OptionError
from .shuffle import shuffled


def stacked_pack(pack: Sequence[Card], deck: Sequence[Card] | None, seed: int,
                 *stream: int | str, pack_name: str = "pack") -> list[Card]:
    """The pack for one deal, top card first.

    ``deck`` stacks it: list every card, or just the top ones and the rest follow in
    the seeded order. Either way it must be cards this pack really has.
    """
    order = shuffled(pack, seed, *stream)
    if deck is None:
        return order
    want, have = Counter(deck), Counter(pack)
    extra = want - have
    if extra:
        listed = first_few([f"{c.symbol} ×{want[c]} (it has {have[c]})" for c in extra])
        raise OptionError(f"deck= holds more cards than the {pack_name} has: {listed}")
    rest = list(order)
    for card in deck:
        rest.remove(card)
    return list(deck) + rest


def deal_round_robin(pack: Sequence[Card], players: int, each: int, first: int) -> tuple[list[list[Card]], list[Card]]:
    """Deal ``each`` cards one at a time, clockwise starting at seat ``first``.

    Returns the hands and what is left (the stock, top card first).
    """
    if each * players > len(pack):
        raise OptionError(f"{players} hands of {each} need {each * players} cards; the pack has {len(pack)}")
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i in range(each * players):
        hands[(first + i) % players].append(pack[i])
    return hands, list(pack[each * players:])


def stack_deck(hands: Sequence[str | Sequence[Card | str]], stock: str | Sequence[Card | str] = "",
               first: int = 0) -> list[str]:
    """The ``deck=`` that deals these hands (listed by seat) one card at a time from ``first``.

    Lessons and tests use it to set up a chosen position; ``stock`` follows, top first.
    """
    from .cards import parse_cards
    cards = [parse_cards(h) for h in hands]
    n, size = len(cards), len(cards[0])
    if any(len(h) != size for h in cards):
        raise OptionError("stack_deck: every hand must have the same number of cards")
    order = [cards[(first + k) % n][i] for i in range(size) for k in range(n)]
    return [str(c) for c in order + parse_cards(stock)]
