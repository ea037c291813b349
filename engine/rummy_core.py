"""What the two rummies share: a deal's hands, stock, discard pile and melds on the table, and
the verbs a rummy turn is made of (draw from the stock, take the discard, meld, lay off, discard).

A :class:`RummyDeal` has no narration: search copies it and plays it out cheaply. Each game
(:mod:`engine.games.rummy`, :mod:`engine.games.kalooki`) subclasses it with its own rules and
wraps it in a narrated ``Game`` with the events a learner reads. ``from_view`` rebuilds a deal
from one seat's view and a sample of the cards that seat cannot see (a determinized deal).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, NamedTuple, Sequence

from .cards import Card, parse_card, parse_cards
from .dealing import deal_round_robin
from .melds import SET, Meld, MeldRules, meld_or_none, run_layouts


class TableMeld(NamedTuple):
    """A meld on the table (numbered from 1 in the order put down) and who put it down."""

    owner: int
    meld: Meld


class RummyDeal:
    """One deal of a rummy in play: the state both games share and the moves that change it.

    The top of the stock and of the discard pile is the end of each list. ``known_held[s]`` are
    the cards seat ``s`` took face up from the pile and still holds: everyone saw them go in.
    """

    __slots__ = ("players", "hands", "stock", "discards", "melds", "known_held", "turn", "phase",
                 "rebuilds", "seed", "deal_index")

    def __init__(self, hands: list[list[Card]], stock: list[Card], discards: list[Card], turn: int,
                 seed: int | str = 0, deal_index: int = 0) -> None:
        self.players = len(hands)
        self.hands = hands
        self.stock = stock
        self.discards = discards
        self.melds: list[TableMeld] = []
        self.known_held: list[list[Card]] = [[] for _ in hands]
        self.turn = turn
        self.phase = "draw"
        self.rebuilds = 0
        self.seed = seed          # the rebuild shuffles' stream (a determinized deal gets its own)
        self.deal_index = deal_index

    def _copy_shared(self, d: RummyDeal) -> None:
        """Fill ``d`` (made by ``__new__``) with copies of the shared state: melds are immutable."""
        d.players, d.turn, d.phase, d.rebuilds, d.seed, d.deal_index = (
            self.players, self.turn, self.phase, self.rebuilds, self.seed, self.deal_index)
        d.hands = [h[:] for h in self.hands]
        d.stock, d.discards, d.melds = self.stock[:], self.discards[:], self.melds[:]
        d.known_held = [k[:] for k in self.known_held]

    # ---- the shared verbs ----
    def draw_stock(self, seat: int) -> Card:
        card = self.stock.pop()
        self.hands[seat].append(card)
        return card

    def take_discard(self, seat: int) -> Card:
        card = self.discards.pop()
        self.hands[seat].append(card)
        self.known_held[seat].append(card)
        return card

    def leaves_hand(self, seat: int, card: Card) -> None:
        """A card goes from the hand to the table or the pile; if everyone saw one like it go into
        this hand, that one is taken to be it (nobody else can tell the copies apart)."""
        self.hands[seat].remove(card)
        held = self.known_held[seat]
        if card in held:
            held.remove(card)

    def put_meld(self, seat: int, meld: Meld, cards: Sequence[Card]) -> int:
        """Put ``meld`` (made of ``cards`` from the hand) on the table; returns its number."""
        for c in cards:
            self.leaves_hand(seat, c)
        self.melds.append(TableMeld(seat, meld))
        return len(self.melds)

    def lay_off(self, seat: int, card: Card, number: int, grown: Meld) -> Meld:
        """``card`` from the hand makes meld ``number`` into ``grown``; returns the meld it was."""
        old = self.melds[number - 1]
        self.leaves_hand(seat, card)
        self.melds[number - 1] = TableMeld(old.owner, grown)
        return old.meld

    def throw(self, seat: int, card: Card) -> None:
        """Discard ``card`` face up on the pile."""
        self.leaves_hand(seat, card)
        self.discards.append(card)


def deal_out(pack: Sequence[Card], players: int, size: int, dealer: int
             ) -> tuple[list[list[Card]], list[Card], list[Card], int]:
    """A rummy deal laid out: ``size`` cards each, one at a time from the dealer's left; the next card
    turned up to start the discard pile; the rest face down as the stock (its top, like the pile's, the
    end of its list). Returns the hands, the stock, the pile and the seat that plays first."""
    first = (dealer + 1) % players
    hands, rest = deal_round_robin(pack, players, size, first=first)
    return hands, rest[:0:-1], [rest[0]], first


def hand_less(hand: Sequence[Card], *groups: Sequence[Card]) -> list[Card]:
    """What is left of ``hand`` once the cards of ``groups`` (all in it) leave it: after a meld, a
    lay-off or a lay-down, a rule asks whether the player can still end the turn."""
    left = list(hand)
    for group in groups:
        for card in group:
            left.remove(card)
    return left


# ---- a deal from one seat's view ----------------------------------------------------------

def table_melds(view: Mapping[str, Any], rules: MeldRules) -> list[TableMeld]:
    """The melds a view shows, each read back as the same layout (jokers where they stand)."""
    out = []
    for m in view["melds"]:
        cards = parse_cards(m["cards"])
        want = [str(x) for x in m["stands_for"]]
        is_set = m["kind"] in (SET, "three")
        found = [x for x in [meld_or_none(cards, rules), *run_layouts(cards, rules)]
                 if x is not None and (x.kind == SET) == is_set and list(x.cards) == cards
                 and [str(x.stands_for(j)) for j in range(len(cards))] == want]
        if not found:
            raise ValueError(f"meld {m['cards']} is not a meld under these rules")
        out.append(TableMeld(m["owner"], found[0]))
    return out


def unseen(view: Mapping[str, Any], pack: Sequence[Card], known_key: str) -> list[Card]:
    """The cards the viewing seat cannot see, in ``pack``'s order: the pack less its hand, the table,
    the face-up pile and the cards others are known to hold (``view[known_key]``)."""
    seen = Counter(parse_cards(view["hand"]) + [parse_card(c) for m in view["melds"] for c in m["cards"]])
    seen.update(parse_cards(view["discard_pile"]))
    seen.update(parse_card(c) for s, cards in enumerate(view[known_key]) if s != view["seat"] for c in cards)
    out = []
    for card in pack:
        if seen[card]:
            seen[card] -= 1
        else:
            out.append(card)
    return out


def hidden_hands(view: Mapping[str, Any], sampled: Sequence[Card], known_key: str
                 ) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """Hands, stock and face-down pile cards from a view and ``sampled``, the unseen cards in the
    order a shuffle put them: each other seat (in seat order) gets the cards it is known to hold
    and the next ones up to its hand size, the stock the next ``stock_size`` (top last), and what
    is left lies face down under the pile."""
    me = view["seat"]
    sizes = [0 if s == me else size - len(view[known_key][s]) for s, size in enumerate(view["hand_sizes"])]
    if sum(sizes) + view["stock_size"] > len(sampled):
        raise ValueError(f"{len(sampled)} hidden cards cannot fill the other hands and a stock of "
                         f"{view['stock_size']}")
    hands: list[list[Card]] = []
    start = 0
    for s, size in enumerate(sizes):
        if s == me:
            hands.append(parse_cards(view["hand"]))
        else:
            hands.append(parse_cards(view[known_key][s]) + list(sampled[start:start + size]))
            start += size
    stock = list(sampled[start:start + view["stock_size"]])
    return hands, stock, list(sampled[start + view["stock_size"]:])


def hidden_in_order(deal: RummyDeal, view: Mapping[str, Any]) -> list[Card]:
    """The cards ``view``'s seat cannot see in ``deal``, in the order :func:`hidden_hands` places them:
    each other hand (less what it is known to hold), then the stock, then the pile's face-down bottom.
    With these as ``sampled``, a deal's ``from_view`` rebuilds ``deal`` itself (the lean-core tests)."""
    seat = view["seat"]
    out: list[Card] = []
    for s, hand in enumerate(deal.hands):
        if s != seat:
            rest = Counter(hand)
            rest.subtract(deal.known_held[s])
            out += sorted(rest.elements())
    return out + deal.stock + deal.discards[:getattr(deal, "face_down", 0)]


def known_copy(view: Mapping[str, Any], known_key: str) -> list[list[Card]]:
    """Each seat's cards that everyone saw go in (taken face up), from a view."""
    return [parse_cards(k) for k in view[known_key]]
