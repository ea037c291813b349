"""Kalooki bots and hints, from one seat's view (never the game).

The measure behind every decision is how far a hand is from the deal's contract: the
fewest cards it would have to be given (each any card at all) before the exact
contract could be laid down. The shared contract solver (:mod:`engine.melds`) answers
it by adding that many wild cards to the hand, one more at a time.

- easy: a legal move at random, laying down and tacking half the time, calling now and then;
- medium: takes the discard or calls it when that brings the contract nearer, lays down
  as soon as it can, tacks everything it can, and discards the dearest card its best
  arrangement does not use;
- hard: as medium, but its discard is chosen by the exact solver: for every card it could
  discard it counts how far the rest of the hand would be from the contract (up to
  ``HARD_FAR`` cards; only the cards its best arrangement uses need a new count) and keeps the
  hand nearest. Ties go to the discard after which the most cards it has not seen would bring
  it one card nearer (its outs: counted by the solver when it is at most ``OUTS_SHORT`` cards
  short, with every discarded card remembered), then to the card the next player shows no use
  for (one he could tack, or one that melds with a card he called or picked up from the pile:
  calls and pick-ups show what a player wants), then to the card
  with the fewest partners in hand (same rank, or same suit within two ranks), then to the
  dearest. Once someone else has laid down while it is still ``SHED_SHORT`` cards short or
  more, it sheds its dearest card instead (laid down, too): the dearest the next player shows no
  use for, when there is one. Its call is weighed (:class:`CallCase`): the cards
  it brings nearer against the points the called card and the penalty card (the mean of the
  cards it has not seen) add to its hand; once someone else has laid down it calls only when
  that leaves it nearer than ``RACE_SHORT`` cards. It refuses every call it is asked to allow
  (``DENY_CALLS``), taking the card as its draw, so that the caller does not get it.
  bench/bench_kalooki.py measures it against medium (duels and the three-way table); its
  docstring has the numbers: hard beats medium over nine-deal matches, by more with the outs
  counted. Holding a lay-down back (``HOLD_BACK_POINTS``) measured as a loss of about 20
  points a short match, so it is off.

The hint is the hard player's choice with its numbers in words. Every fact it states is a claim
(:mod:`engine.claims`), declared once below; tests/engine/claim_checks/kalooki.py re-derives each.

A hand built up by many calls (45 cards and more) once took a hint 23 s (issue 31). Every contract
question now has a budget of solver states (``SEARCH_STATES``); a big hand (``BIG_HAND``) asks it of the
shortest threes and fours (the same yes or no), and a count that still runs out is said as the bound it
proved, in words that say the hand was not counted to the end.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Sequence

from ..cards import JOKER, Card, double_52_with_jokers, parse_card
from .. import claims
from ..claims import Certain, Comparison, Count, Figure, paragraph, say
from ..hints import Alternative, Hint
from ..i18n import N_, SOURCE_LANGUAGE, Sentence
from ..melds import (KALOOKI, MELD_WORDS, RUN, SET, Arrangement, ContractSearch, Meld, MeldRules, SearchCut,
                     cards_said, layoffs, least_deadwood, quick_split, said_in)
from ..words import agreeing, join, noun_for
from . import kalooki
from .kalooki import TRINIDAD_MELDS, card_order, contract_problem, contract_said, could_lay, penalty

View = dict[str, Any]

#: The deficit search stops here: a hand further away than this is simply "far".
FAR = 4
#: The hard player keeps a lay-down back while the cards it would keep are worth less than this.
HOLD_BACK_POINTS = 0
#: Once someone has laid down, a hard player this many cards short or more sheds its dearest cards.
SHED_SHORT = 2

#: Wild cards for measuring: a meld needs one real card and jokers may stand side by side, so a
#: missing card may be any card at all.
_OPEN = MeldRules(min_set=3, max_set=None, min_run=4, ace=KALOOKI.ace, jokers=True, set_naturals=1,
                  run_naturals=1, jokers_adjacent=True, set_name="three", run_name="four")


def _measure_value(card: Card) -> int:
    return 1000 if card.is_joker else penalty(card)  # wild cards are always worth using


#: The most states one question to the contract search may add (issue 31: a hint on a hand of 45 cards
#: built up by calls took 23 s). Hands from ordinary play need a few hundred (at most 2,469 in one
#: question over the hints of 400 positions of tests/engine/claim_checks/kalooki.py). Past it the question is
#: asked again of threes and fours of the shortest length only (whether the contract can be laid is the
#: same; the points left are not the fewest), within the same number; past that too the count is cut
#: short and the hint says how far it got ("at least 1 card short"), never a count it did not finish.
SEARCH_STATES = 5_000
#: The same for the split that names the melds already held; past it they are picked greedily.
HOLDING_STATES = 5_000
#: A hand this big (only calls make one: the largest deal is 16 cards) goes straight to the shortest melds
#: and the greedy split: its whole search would use up the budget for nothing (issue 31: the 45-card hands
#: of bench_kalooki's big-hand row took 520 ms at the median and 1.1 s at p95 so, at a load of 10).
BIG_HAND = 24

#: What :func:`_arrangement` answers when the search was cut short.
CUT = "cut"


class Uncounted(int):
    """A shortfall whose count was cut short (a huge hand): every count below ``least`` was ruled out, the
    next was too big a search. As a number it is ``far`` (what the bots compare, as for a hand too far to
    count); the hint says only the bound it proved (:func:`_short`)."""

    least: int

    def __new__(cls, least: int, far: int) -> "Uncounted":
        self = super().__new__(cls, far)
        self.least = least
        return self


@lru_cache(maxsize=64)
def _search(hand: tuple[Card, ...], threes: int, fours: int, wild: int, rules: MeldRules,
            smallest: bool = False) -> ContractSearch:
    """One search for this hand plus ``wild`` wild cards, and for it less any one card."""
    return ContractSearch(list(hand) + [JOKER] * wild, threes, fours, rules, _measure_value, budget=SEARCH_STATES,
                          smallest=smallest)


@lru_cache(maxsize=4096)
def _arrangement(hand: tuple[Card, ...], threes: int, fours: int, wild: int, rules: MeldRules = _OPEN,
                 without: Card | None = None):
    """The contract from ``hand`` (less one ``without`` card) and ``wild`` wild cards, None, or
    :data:`CUT` when the search ran out of states."""
    cards = list(hand) + [JOKER] * wild
    if without is not None:
        cards.remove(without)
    if not could_lay(cards, threes, fours, rules):
        return None
    found: Arrangement | None | str = CUT
    if len(hand) < BIG_HAND:
        try:
            found = _search(hand, threes, fours, wild, rules).arrangement(without)
        except SearchCut:
            pass
    if found is CUT:  # a huge hand: whether it can be laid, from the shortest melds
        try:
            found = _search(hand, threes, fours, wild, rules, True).arrangement(without)
        except SearchCut:
            return CUT
    if not isinstance(found, Arrangement) or contract_problem(found.melds, threes, fours) is not None:
        return None
    return found


def _count(key: tuple[Card, ...], threes: int, fours: int, rules: MeldRules, start: int, far: int,
           without: Card | None = None) -> tuple[int, Any]:
    """The fewest wild cards from ``start`` up that complete the contract (``far`` when none below it do),
    with the arrangement; an :class:`Uncounted` when a search on the way was cut short."""
    cut = None
    for wild in range(start, far):
        found = _arrangement(key, threes, fours, wild, rules if wild == 0 else _OPEN, without)
        if found is CUT:
            cut = wild if cut is None else cut
            break  # more wild cards only make a bigger search: the count stops here
        if found is not None:
            return wild, found
    return (far if cut is None else Uncounted(cut, far)), None


def clear_cache() -> None:
    """Forget remembered arrangements (benchmarks time each level from cold)."""
    _arrangement.cache_clear()
    _search.cache_clear()


def shortfall(hand: Sequence[Card], threes: int, fours: int, rules: MeldRules = KALOOKI,
              far: int | None = None) -> tuple[int, Any]:
    """(cards short of the contract, the arrangement that shows it); FAR when further away.

    Zero is checked under the game's own rules. Above zero the missing cards are wild cards
    that may be anything, so a hand's own jokers are held to the looser rules too: the count
    is exact with at most one joker in hand and a lower bound ("at least") with more. On a huge hand
    a search may be cut short (``SEARCH_STATES``): the count is then an :class:`Uncounted`."""
    key = tuple(sorted(hand, key=card_order))
    return _count(key, threes, fours, rules, 0, FAR if far is None else far)


def _cards(texts: Sequence[str]) -> list[Card]:
    return [parse_card(t) for t in texts]


def _contract(view: View) -> tuple[int, int]:
    return view["contract"]["threes"], view["contract"]["fours"]


def rules_for(view: View) -> MeldRules:
    """The meld rules the view's table plays (Trinidad jokers or not)."""
    return _rules(view)


def _rules(view: View) -> MeldRules:
    return TRINIDAD_MELDS if view["options"].get("trinidad_jokers") else KALOOKI


def table_meld(shown: dict[str, Any]) -> Meld:
    """A meld of the view as it lies on the table: each joker where it was laid (reading the
    cards afresh could place a run's jokers elsewhere, and offer a tack the table refuses)."""
    cards = tuple(_cards(shown["cards"]))
    stands = _cards(shown["stands_for"])
    if shown["kind"] == "three":
        return Meld(SET, cards, (stands[0].rank,) * len(cards))
    ranks = tuple(14 if c.rank == 1 and i else c.rank for i, c in enumerate(stands))
    return Meld(RUN, cards, ranks, stands[0].suit)


def _fits_table(view: View, card: Card) -> bool:
    """Could this card be tacked on a meld on the table?"""
    rules = _rules(view)
    return any(layoffs(table_meld(m), card, rules) for m in view["melds"])


# ---- decisions -------------------------------------------------------------------------

def _take_helps(view: View) -> bool:
    """Does the top discard bring this hand nearer the contract (or, laid down, can it be tacked)?"""
    top = view["discard_top"]
    if top is None:
        return False
    card = parse_card(top)
    hand = _cards(view["hand"])
    if view["laid_down"][view["seat"]]:
        return _fits_table(view, card)
    threes, fours = _contract(view)
    now, _ = shortfall(hand, threes, fours, _rules(view))
    later, _ = shortfall(hand + [card], threes, fours, _rules(view))
    return later < now


def unseen_cards(view: View) -> list[Card]:
    """The cards of the pack this seat has not seen: not in his hand, not on the table, not in the
    discard pile (each was seen face up when it was discarded), not a card another player took
    face up and still holds (:func:`engine.games.kalooki.unseen_cards`, what the lean deal's
    ``from_view`` places). The stock's next card, a penalty card or a draw, is one of them."""
    return kalooki.unseen_cards(view)


@dataclass(frozen=True)
class CallCase:
    """The numbers behind a call: how near the top discard brings the hand, and the points it adds."""

    now: int            # cards short without the call
    later: int          # cards short with the called card
    card: Card          # the top discard
    unseen: int         # cards this seat has not seen; the penalty card is one of them
    penalty_mean: float  # their mean penalty value
    racing: tuple[int, ...]  # other players who have laid down (and may go out any turn)

    @property
    def added_points(self) -> float:
        """What the two cards add to the hand's points if the deal ends before they are melded."""
        return penalty(self.card) + self.penalty_mean

    @property
    def worth(self) -> bool:
        """Call when it brings the contract nearer, unless another player has laid down and the
        call would still leave it ``RACE_SHORT`` cards or more short: then the deal may end any
        turn with both cards (about ``added_points``) still in hand."""
        if self.later >= self.now:
            return False
        return not (self.racing and self.later >= RACE_SHORT)


#: Once another player has laid down, the hard player calls only when it leaves him nearer than this.
RACE_SHORT = 2


def call_case(view: View) -> CallCase:
    threes, fours = _contract(view)
    hand = _cards(view["hand"])
    card = parse_card(view["discard_top"])
    now, _ = shortfall(hand, threes, fours, _rules(view))
    later, _ = shortfall(hand + [card], threes, fours, _rules(view))
    unseen = unseen_cards(view)
    me = view["seat"]
    racing = tuple(s for s in range(view["players"]) if s != me and view["laid_down"][s])
    return CallCase(now, later, card, len(unseen), sum(map(penalty, unseen)) / len(unseen), racing)


def _call_worth(view: View, level: str) -> bool:
    if view["laid_down"][view["seat"]]:
        return False
    case = call_case(view)
    if level == "hard":
        return case.worth
    return case.later < case.now


def _discard_choice(view: View, level: str) -> tuple[str, int, str]:
    """Medium's discard, the shortfall, and why: "spare" (the best arrangement leaves it over)
    or "dearest" (it uses them all)."""
    legal = [a for a in view["legal"] if a.startswith("discard ")]
    hand = _cards(view["hand"])
    threes, fours = _contract(view)
    if view["laid_down"][view["seat"]]:
        return max(legal, key=lambda a: _discard_score(view, parse_card(a.split()[1]), level)), 0, "dearest"
    short, found = shortfall(hand, threes, fours, _rules(view))
    spare = set() if found is None else {str(c) for c in found.deadwood if not c.is_joker}
    candidates = [a for a in legal if a.split()[1] in spare]
    why = "spare" if candidates else "dearest"
    best = max(candidates or legal, key=lambda a: _discard_score(view, parse_card(a.split()[1]), level))
    return best, short, why


#: The hard discard counts shortfalls up to this many cards.
HARD_FAR = 6
#: Among discards that keep the hand equally near: points per partner kept, per point shed.
LINK_WEIGHT = 2.0
PEN_WEIGHT = 1.0


def _links(card: Card, rest: Sequence[Card]) -> int:
    """How many cards of the rest it could meld with: same rank, or same suit within two ranks."""
    return sum(1 for c in rest if not c.is_joker and (c.rank == card.rank or c.suit == card.suit
                                                       and 0 < abs(c.rank - card.rank) <= 2))


def _after_discards(hand: list[Card], legal: list[str], now: int, found: Any, threes: int, fours: int,
                    rules: MeldRules, far: int) -> dict[str, int]:
    """Each discard's shortfall after it (as :func:`shortfall` with ``far``). A card the best
    arrangement leaves over costs nothing; any other is tried at the same number of wild cards
    first, since a wild card can usually take its place."""
    if found is None:
        return {a: now for a in legal}
    spare = {str(c) for c in found.deadwood}
    key = tuple(sorted(hand, key=card_order))  # each discard is asked of one search of the whole hand
    out: dict[str, int] = {}
    for a in legal:
        text = a.split()[1]
        if text in spare:
            out[a] = now
            continue
        # from the count now up (a card fewer is never nearer): usually the same or one more, two or more
        # when the card was a meld's only real card
        start = now.least if isinstance(now, Uncounted) else now
        out[a] = _count(key, threes, fours, rules, start, far, parse_card(text))[0]
    return out


#: Hard breaks ties between equally near discards by their outs (bench/bench_kalooki.py's docstring
#: has hard against medium with and without them).
OUTS = True
#: Outs are counted only this near the contract: further away the searches grow slow (at 3 the
#: hard bot's p95 doubled and it played no stronger).
OUTS_SHORT = 2


def _kinds_to_try(hand: Sequence[Card], wild: int) -> set[Card]:
    """Every card that could bring ``hand`` (with ``wild`` wild cards) one nearer: a joker, and a card
    that could share a meld with a real card of the hand (same rank, or same suit within three ranks;
    a meld has three cards or more and at most ``wild`` of them are wild). With a joker in hand and a
    wild card a card may make a three with the two alone, so then every card is tried."""
    if wild and any(c.is_joker for c in hand):
        return set(double_52_with_jokers())
    out: set[Card] = {JOKER}
    for c in hand:
        if c.is_joker:
            continue
        for suit in "SHCD":
            out.add(Card(c.rank, suit))
        high = 14 if c.rank == 1 else c.rank  # an Ace also ends a run above the King
        for r in {c.rank + d for d in (-3, -2, -1, 1, 2, 3)} | {high + d for d in (-3, -2, -1)}:
            if 1 <= r <= 14:
                out.add(Card(1 if r == 14 else r, c.suit))
    return out


def outs(view: View, hand: list[Card], discards: Sequence[str], short: int, threes: int, fours: int,
         rules: MeldRules) -> dict[str, int]:
    """For each discard that leaves the hand ``short`` cards short, how many of the cards this seat
    has not seen would then bring it one card nearer (counting both copies of a card in the double
    pack). Counted only up to ``OUTS_SHORT`` cards short: further away the searches grow slow. Not
    counted at all (empty) when a count was cut short: an outs count is exact or not said."""
    if short <= 0 or short > OUTS_SHORT or isinstance(short, Uncounted):
        return {}
    unseen = Counter(unseen_cards(view))
    out = {a: 0 for a in discards}
    drops = {a: parse_card(a.split()[1]) for a in discards}
    wild = short - 1
    measure = rules if wild == 0 else _OPEN  # as :func:`shortfall`: none short is the game's own rules
    for c in _kinds_to_try(hand, wild):
        copies = unseen[c]
        if not copies:
            continue
        key = tuple(sorted(hand + [c], key=card_order))  # one search with c, asked without each discard
        for a, d in drops.items():
            found = _arrangement(key, threes, fours, wild, measure, d)
            if found is CUT:
                return {}
            if found is not None:
                out[a] += copies
    return out


def draw_outs(view: View, hand: list[Card], short: int, threes: int, fours: int,
              rules: MeldRules) -> tuple[int, int] | None:
    """(how many of the cards this seat has not seen would bring ``hand`` one card nearer, how many it has
    not seen): the chance that a card drawn from the stock helps, since the stock's next card is any unseen
    card alike. Counted below ``FAR`` cards short; None when the count is not exact (further away, a hand
    too big to count) or there is nothing to count (the whole contract held)."""
    if short <= 0 or short >= FAR or isinstance(short, Uncounted):
        return None
    unseen = Counter(unseen_cards(view))
    wild = short - 1
    measure = rules if wild == 0 else _OPEN  # as :func:`shortfall`: none short is the game's own rules
    nearer = 0
    for c in _kinds_to_try(hand, wild):
        copies = unseen[c]
        if not copies:
            continue
        found = _arrangement(tuple(sorted(hand + [c], key=card_order)), threes, fours, wild, measure)
        if found is CUT:
            return None
        if found is not None:
            nearer += copies
    return nearer, sum(unseen.values())


def _hard_discard(view: View) -> tuple[str, int, str, dict[str, int]]:
    """The hard discard, the shortfall now, why: "spare" (it costs no distance), "shed" (someone
    has laid down and the contract is far: the dearest goes) or "dearest" (every discard costs),
    and the outs of each discard that keeps the hand nearest (when they were counted)."""
    legal = [a for a in view["legal"] if a.startswith("discard ")]
    hand = _cards(view["hand"])
    threes, fours = _contract(view)
    rules = _rules(view)
    if view["laid_down"][view["seat"]]:
        return _dearest_unwanted(view, legal), 0, "dearest", {}
    now, found = shortfall(hand, threes, fours, rules, far=HARD_FAR)
    after = _after_discards(hand, legal, now, found, threes, fours, rules, HARD_FAR)
    me = view["seat"]
    others_down = [s for s in range(view["players"]) if s != me and view["laid_down"][s]]
    shed = now >= SHED_SHORT and bool(others_down)
    if shed:
        return _dearest_unwanted(view, legal), now, "shed", {}

    nearest = min(after.values())
    tied = [a for a in legal if after[a] == nearest]
    live = outs(view, hand, tied, nearest, threes, fours, rules) if OUTS and len(tied) > 1 else {}

    def cost(a: str) -> tuple[float, ...]:
        card = parse_card(a.split()[1])
        rest = list(hand)
        rest.remove(card)
        soft = LINK_WEIGHT * _links(card, rest) - PEN_WEIGHT * penalty(card)
        return (after[a], -live.get(a, 0), _helps_next(view, card) > 0, soft)
    best = min(legal, key=cost)
    why = "spare" if after[best] == now else "dearest"
    return best, now, why, live


def _dearest_unwanted(view: View, legal: list[str]) -> str:
    """The dearest card the next player shows no use for (the dearest of all when he could use each)."""
    safe = [a for a in legal if not _helps_next(view, parse_card(a.split()[1]))]
    return max(safe or legal, key=lambda a: (penalty(parse_card(a.split()[1])), a))


def _discard_score(view: View, card: Card, level: str) -> float:
    """Medium's measure of a discard: its points (the hard player weighs the next player apart)."""
    return float(penalty(card))


def _helps_next(view: View, card: Card) -> int:
    """How plainly the next player could use this card: he may tack it (2), or it melds with a card he
    called or picked up from the pile (1): calls and pick-ups show what a player wants."""
    nxt = _next_player(view)
    if view["laid_down"][nxt]:
        return 2 if _fits_table(view, card) else 0
    return 1 if any(_shown_wants(view, nxt, card)) else 0


def _shown_wants(view: View, seat: int, card: Card) -> tuple[list[Card], list[Card]]:
    """The cards ``seat`` called, and those he picked up from the pile, that ``card`` could meld with:
    the cards he has shown he wants (a called card he was allowed is among both: named once)."""
    called = [c for c in _cards(view.get("called", [[]] * view["players"])[seat]) if _near(c, card)]
    picked = [c for c in _cards(view["taken"][seat]) if _near(c, card) and c not in called]
    return called, picked


def _next_player(view: View) -> int:
    n, me = view["players"], view["seat"]
    nxt = (me + 1) % n
    while view["dropped"][nxt] and nxt != me:
        nxt = (nxt + 1) % n
    return nxt


def _near(picked: Card, card: Card) -> bool:
    """Could ``card`` join ``picked`` in a meld: same rank, or same suit within two ranks."""
    return not picked.is_joker and (picked.rank == card.rank or picked.suit == card.suit
                                    and abs(picked.rank - card.rank) <= 2)


def _hold_back(view: View, lay: str) -> bool:
    """Hard: keep the contract in hand while nobody else has laid down and little is at stake."""
    me = view["seat"]
    if any(view["laid_down"][s] for s in range(view["players"]) if s != me):
        return False
    used = _cards(lay.replace("|", " ").split()[1:])
    left = list(_cards(view["hand"]))
    for c in used:
        left.remove(c)
    if len(left) <= 1:
        return False  # laying down now goes out (or nearly)
    return sum(penalty(c) for c in left) - max(penalty(c) for c in left) < HOLD_BACK_POINTS


#: Hard refuses a call even when the card does not help it (bench/bench_kalooki.py measured it).
DENY_CALLS = True


#: Matches of this many deals or fewer are short: there hard lets calls go (see :func:`_deny_call`).
SHORT_MATCH = 3


def _deny_call(view: View) -> bool:
    """Refuse a call by taking the card as the draw: the caller loses a card he wanted (a call
    brings a bot nearer, and calls win matches: a hard player that called only to complete its
    contract lost 29 points a short match to medium over 25 seeds), and the refuser gives up the
    unseen stock card. Over a whole match that pays; in a short one it costs (bench_kalooki.py,
    following the hint against medium bots in short matches: -7.4 [-12.7, -2.2] points over 300
    seeds refusing, against a gain letting calls go), so hard refuses only in longer matches."""
    return (DENY_CALLS and not view["laid_down"][view["seat"]]
            and view["deals_total"] > SHORT_MATCH)


def choose(view: View, level: str, rng: random.Random) -> str:
    legal = view["legal"]
    if "pass" in legal:  # out of turn: call the discard or let it go
        return "call" if _call_worth(view, level) else "pass"
    if "allow" in legal:
        return "refuse" if _take_helps(view) or level == "hard" and _deny_call(view) else "allow"
    challenges = [a for a in legal if a.startswith("challenge ")]
    for a in challenges:
        if view["hand_sizes"][int(a.split()[1])] > 18:
            return a
    if "draw" in legal or "take" in legal:
        if "take" in legal and _take_helps(view):
            return "take"
        return "draw" if "draw" in legal else "take"
    lays = [a for a in legal if a.startswith("lay ")]
    if lays and not (level == "hard" and HOLD_BACK_POINTS and _hold_back(view, lays[0])):
        return lays[0]
    tacks = [a for a in legal if a.startswith(("tack ", "swap "))]
    if tacks:
        return max(tacks, key=lambda a: (penalty(parse_card(a.split()[1])), a.startswith("swap")))
    if level == "hard":
        return _hard_discard(view)[0]
    return _discard_choice(view, level)[0]


def easy(view: View, rng: random.Random) -> str:
    legal = view["legal"]
    if "pass" in legal:
        return "call" if rng.random() < 0.1 else "pass"
    good = [a for a in legal if a.startswith(("lay ", "tack "))]
    if good and rng.random() < 0.5:
        return rng.choice(good)
    plain = [a for a in legal if not a.startswith("challenge")] or legal
    return rng.choice(plain)


def medium(view: View, rng: random.Random) -> str:
    return choose(view, "medium", rng)


def hard(view: View, rng: random.Random) -> str:
    return choose(view, "hard", rng)


#: Out of turn a bot answers "call" or "pass" (let the discard go), both legal moves.
POLICIES = {"easy": easy, "medium": medium, "hard": hard}


# ---- the hint --------------------------------------------------------------------------
#
# Every fact a hint states is a claim (engine.claims), its words declared once here;
# tests/engine/claim_checks/kalooki.py re-derives each from the game. Every word of a hint is a catalog template
# (marked N_) said in the table's language with claims.say, and sentences are joined with claims.paragraph
# (issue 36): a Portuguese table reads its hints and its review in Portuguese.

claims.fact("kalooki.whole", N_("the whole contract"))
claims.fact("kalooki.short", N_("{value} cards short"))
claims.fact("kalooki.short_one", N_("one card short"))
claims.fact("kalooki.short_least", N_("at least {value} cards short"))
claims.fact("kalooki.short_least_one", N_("at least one card short"))
claims.fact("kalooki.short_least_cut", N_("at least {cards} short (a hand this big is not counted to the end)"))
claims.fact("kalooki.short_uncounted", N_("holding too many cards to count how near the contract you are"))
claims.fact("kalooki.short_far", N_("{value} or more cards short"))
claims.fact("kalooki.points", N_("{value} points"))
claims.fact("kalooki.point", N_("1 point"))
claims.fact("kalooki.unseen", N_("the {n} cards you have not seen"))
claims.fact("kalooki.unseen_mean", N_("{value} points on average"))
claims.fact("kalooki.added", N_("about {value} points more in hand"))
claims.fact("kalooki.outs_complete", N_("{n} of the {of} cards you have not seen would complete the contract"),
            N_("one of the {of} cards you have not seen would complete the contract"))
claims.fact("kalooki.outs_nearer", N_("{n} of the {of} cards you have not seen would bring you one card nearer"),
            N_("one of the {of} cards you have not seen would bring you one card nearer"))
claims.fact("kalooki.draw_mean", N_("after a card from the stock, {value} cards short on average"))
claims.fact("kalooki.most_outs", N_("no other discard that leaves you as near keeps more"))
claims.fact("kalooki.nearest", N_("no discard keeps you nearer"))
claims.fact("kalooki.partners", N_("it goes with {n} of your other cards (same rank, or same suit within two ranks)"),
            N_("it goes with one of your other cards (same rank, or same suit within two ranks)"))
claims.fact("kalooki.no_partners",
            N_("it goes with none of your other cards (same rank, or same suit within two ranks)"))
claims.fact("kalooki.dearest", N_("your dearest card"))
claims.fact("kalooki.dearest_unwanted", N_("your dearest card that {name} shows no use for"))
claims.fact("kalooki.next_can_tack", N_("{name}, who plays next, has laid down and could tack it"))
claims.fact("kalooki.next_called", N_("{name}, who plays next, called {cards}, which it could meld with"))
claims.fact("kalooki.next_picked",
            N_("{name}, who plays next, picked up {cards} from the pile, which it could meld with"))
claims.fact("kalooki.next_no_use", N_("{name}, who plays next, shows no use for it"),
            N_("{name}, who plays next, shows no use for it"))
claims.fact("kalooki.fit_later", N_("{n} of your cards would fit a meld on the table"),
            N_("one of your cards would fit a meld on the table"))
claims.fact("kalooki.none_fits", N_("none of your cards fits a meld on the table"))
claims.fact("kalooki.top_fits", N_("the {card} fits a meld on the table"), N_("the {card} fits no meld on the table"))
claims.fact("kalooki.hand_size", N_("{name} holds {n} cards"))
claims.fact("kalooki.holds", N_("You hold {melds}"), N_("You hold no complete {kinds} yet"))
claims.fact("kalooki.laid", N_("you have laid down"))
claims.fact("kalooki.contract_ready", N_("your melds make the whole contract"))

#: The languages this advisor writes its reasons in (engine.hints.hint_for_view): every sentence of a hint is a
#: catalog template, so a Portuguese table reads its hints in Portuguese (issue 36).
LANGUAGES = ("en", "pt")


def _lang(view: View) -> str:
    """The table's language (the view's ``lang`` option): the hint's sentences are said in it."""
    return str(view["options"].get("lang", "en"))


def _sym(cards: Sequence[Card], lang: str = "en") -> str:
    """Cards as a hint shows them: ``7♠ 8♠ Jk`` (a joker is "Curinga" in Portuguese, as the game's events say)."""
    shown = cards_said(cards)
    if lang == SOURCE_LANGUAGE or not isinstance(shown, Sentence):
        return " ".join("Jk" if c.is_joker else c.symbol for c in cards)
    return said_in(shown, lang)


def _symbol(card: Card, lang: str) -> str:
    """One card as a sentence names it: ``10♥``, a joker "Joker" ("Curinga")."""
    shown = cards_said([card])
    return said_in(shown, lang) if isinstance(shown, Sentence) else shown


def short_words(n: int, jokers: int = 0) -> str:
    """Public name of :func:`_short_words` for the table."""
    return _short_words(n, jokers)


def _short_words(n: int, jokers: int = 0, far: int = FAR) -> str:
    """The shortfall in words; with two jokers or more in hand it is a lower bound (see :func:`shortfall`)."""
    if n == 0:
        return "you hold the whole contract"
    return "you are " + _far_words(n, jokers, far)


def _far_words(n: int, jokers: int = 0, far: int = HARD_FAR) -> str:
    """"2 cards short", "6 or more cards short", "at least 2 cards short" (two jokers or more); a count
    cut short in the words of its claim (:func:`_short`)."""
    if isinstance(n, Uncounted):
        return _short(n, [JOKER] * jokers, far).words()
    if n == 0:
        return "with the whole contract"
    if n >= far:
        return f"{far} or more cards short"
    least = "at least " if jokers >= 2 else ""
    return f"{least}{'one' if n == 1 else n} {noun_for(n, 'card')} short"


def _short(n: int, hand: Sequence[Card], far: int, move: str = "", lang: str = "en") -> Figure:
    """How far ``hand`` is from the contract as a claim: exact under the game's rules at 0, counted with
    wild cards above (a lower bound with two jokers or more in ``hand``, see :func:`shortfall`);
    ``move`` says which hand it is about (see the checker): "" now, "call"/"take"/"refuse" with the top
    discard, "discard X" without X. A count cut short (:class:`Uncounted`) is said as a bound that the
    search proved, and says that it is one."""
    least = sum(c.is_joker for c in hand) >= 2
    if isinstance(n, Uncounted):
        fact, n = ("kalooki.short_least_cut", n.least) if n.least else ("kalooki.short_uncounted", 0)
        cards = say(lang, agreeing(n, N_("one card"), N_("{n} cards")), n=n)
        return Figure(fact, value=n, move=move, detail={"cards": cards, "states": SEARCH_STATES})
    if n == 0:
        fact = "kalooki.whole"
    elif n >= far:
        fact, n = "kalooki.short_far", far
    elif least:
        fact = "kalooki.short_least_one" if n == 1 else "kalooki.short_least"
    else:
        fact = "kalooki.short_one" if n == 1 else "kalooki.short"
    return Figure(fact, value=n, move=move)


#: "you are 2 cards short", "you would still hold the whole contract": (would, still, whole) -> the template.
_BE = {
    (False, False, True): N_("you hold {short}"), (False, True, True): N_("you still hold {short}"),
    (False, False, False): N_("you are {short}"), (False, True, False): N_("you are still {short}"),
    (True, False, True): N_("you would hold {short}"), (True, True, True): N_("you would still hold {short}"),
    (True, False, False): N_("you would be {short}"), (True, True, False): N_("you would still be {short}"),
}


def _be(fig: Figure, lang: str, would: bool = False, still: bool = False) -> Sentence:
    """"you are 2 cards short", "you are still 2 cards short", "you would still hold the whole contract"."""
    return say(lang, _BE[would, still, fig.fact == "kalooki.whole"], short=fig.words(lang))


def _points(card: Card, move: str = "") -> Figure:
    value = penalty(card)
    return Figure("kalooki.point" if value == 1 else "kalooki.points", value=value, move=move,
                  detail={"card": str(card)})


def _unseen_claims(view: View, move: str) -> tuple[Count, Figure]:
    unseen = unseen_cards(view)
    mean = round(sum(map(penalty, unseen)) / len(unseen), 2)
    return Count("kalooki.unseen", n=len(unseen), move=move), Figure("kalooki.unseen_mean", value=mean, move=move)


def _next_claim(view: View, card: Card, move: str) -> Certain:
    """What the next player has shown about this card: he could tack it, he called or picked up a card
    it melds with, or nothing of the kind."""
    nxt = _next_player(view)
    name = view["names"][nxt]
    lang = _lang(view)
    if view["laid_down"][nxt] and _fits_table(view, card):
        return Certain("kalooki.next_can_tack", move=move, over_replies=False, detail={"name": name, "seat": nxt})
    called, picked = ([], []) if view["laid_down"][nxt] else _shown_wants(view, nxt, card)
    if called:
        return Certain("kalooki.next_called", move=move, over_replies=False,
                       detail={"name": name, "seat": nxt, "cards": _sym(called, lang),
                               "shown": tuple(map(str, called))})
    if picked:
        return Certain("kalooki.next_picked", move=move, over_replies=False,
                       detail={"name": name, "seat": nxt, "cards": _sym(picked, lang),
                               "shown": tuple(map(str, picked))})
    return Certain("kalooki.next_no_use", move=move, over_replies=False, detail={"name": name, "seat": nxt})


def _next_words(claim: Certain, lang: str) -> str:
    if claim.fact == "kalooki.next_no_use":
        return claim.words(lang)
    return say(lang, N_("{next}: {name} may want it"), next=claim.words(lang), name=claim.detail["name"])


#: The kinds of meld a hand may hold none of, as "You hold no complete {kinds} yet" says them.
_KINDS = {(True, True): N_("three or four"), (True, False): MELD_WORDS["three"], (False, True): MELD_WORDS["four"]}


def _holding(view: View) -> Certain:
    """The complete melds of the kinds the contract asks for that the hand already holds."""
    hand = _cards(view["hand"])
    threes, fours = _contract(view)
    rules = _rules(view)
    lang = _lang(view)
    only = replace(rules, min_set=99) if not threes else replace(rules, min_run=99) if not fours else rules
    try:
        if len(hand) >= BIG_HAND:
            raise SearchCut
        found = least_deadwood(hand, only, penalty, budget=HOLDING_STATES)
    except SearchCut:  # a huge hand: the melds named are real and held, picked greedily
        found = quick_split(hand, only, penalty)
    melds = [m for m in found.melds if (m.kind == SET and threes) or (m.kind == RUN and fours)]
    if not melds:
        kinds = say(lang, _KINDS[bool(threes), bool(fours)])
        return Certain("kalooki.holds", holds=False, over_replies=False, detail={"kinds": kinds})
    shown = paragraph(lang, *(say(lang, N_("a {meld} {cards}"), meld=say(lang, MELD_WORDS["three" if m.kind == SET
                                                                                         else "four"]),
                                  cards=_sym(m.cards, lang)) for m in melds), sep=f" {say(lang, N_('and'))} ")
    return Certain("kalooki.holds", over_replies=False,
                   detail={"melds": shown, "groups": tuple(tuple(map(str, m.cards)) for m in melds)})


def _fits_count(view: View) -> Count | Certain:
    """How many held cards would fit a meld on the table (a card held twice counts twice)."""
    n = sum(1 for c in _cards(view["hand"]) if _fits_table(view, c))
    if not n:
        return Certain("kalooki.none_fits", over_replies=False)
    return Count("kalooki.fit_later", n=n)


#: What a laid-down hand does with the top discard, by the move chosen.
_LAID_ADVICE = {"take": N_("take it"), "refuse": N_("take it (that refuses the call)"),
                "draw": N_("draw from the stock"), "allow": N_("allow the call, then draw from the stock")}


def _laid_hint(view: View, action: str) -> Hint:
    seat = view["seat"]
    lang = _lang(view)
    if action.startswith(("tack", "swap")):
        card = parse_card(action.split()[1])
        saves = _points(card, action)
        return Hint(seat, action, say(lang, N_("You have laid down. {card} fits meld {number}: tacking it saves "
                                               "{saves}."), card=_symbol(card, lang), number=action.split()[2],
                                      saves=saves.words(lang)), claims=(saves,))
    if action in ("take", "draw", "refuse", "allow"):
        top = parse_card(view["discard_top"]) if view["discard_top"] else None
        if top is None:
            return Hint(seat, action, say(lang, N_("You have laid down and the discard pile is empty: draw from the "
                                                   "stock.")),
                        gist=Certain(claims.ONLY_MOVE.name, move=action, over_replies=False))
        fits = Certain("kalooki.top_fits", move=action, holds=action in ("take", "refuse"), over_replies=False,
                       detail={"card": _symbol(top, lang), "text": str(top)})
        return Hint(seat, action, say(lang, N_("You have laid down and {fits}: {advice}."), fits=fits.words(lang),
                                      advice=say(lang, _LAID_ADVICE[action])), claims=(fits,))
    card = parse_card(action.split()[1])
    fit = _fits_count(view)
    said: list[Any] = [fit]
    if not view["laid_this_turn"]:
        first = say(lang, N_("You have laid down and {fit}."), fit=fit.words(lang))
    elif isinstance(fit, Count):  # tacking waits for the next turn (§6.4): say what will fit then
        first = say(lang, N_("You laid down this turn, so tacking waits for your next turn ({fit} then)."),
                    fit=fit.words(lang))
    else:
        first, said = say(lang, N_("You laid down this turn, so tacking waits for your next turn.")), []
    discard, more = _dear_words(view, card, action, (N_("Discard the {card} ({worth}): {dear}; {next}."),
                                                     N_("Discard the {card} ({worth}): {dear}.")))
    return Hint(seat, action, paragraph(lang, first, discard), claims=tuple(said + more))


def _dear_words(view: View, card: Card, action: str, said: tuple[str, str]) -> tuple[Sentence, list[Any]]:
    """The discard of a dear card in ``said`` ("... ({worth}): {dear}; {next}." and the same without the next
    player), filled: "9 points): your dearest card; Ada, who plays next, shows no use for it.", and its claims."""
    lang = _lang(view)
    legal = [parse_card(a.split()[1]) for a in view["legal"] if a.startswith("discard ")]
    worth = _points(card, action)
    nxt = _next_claim(view, card, action)
    safe = tuple(sorted({str(c) for c in legal if not _helps_next(view, c)}))
    symbol = _symbol(card, lang)
    if penalty(card) >= max(map(penalty, legal)):
        dear = Comparison("kalooki.dearest", subject=str(card), value=penalty(card),
                          among=tuple(sorted({str(c) for c in legal})), move=action)
    else:
        dear = Comparison("kalooki.dearest_unwanted", subject=str(card), value=penalty(card), among=safe, move=action,
                          detail={"name": view["names"][_next_player(view)]})
        # the dearer cards would feed him
        return say(lang, said[1], card=symbol, worth=worth.words(lang), dear=dear.words(lang)), [worth, dear]
    return say(lang, said[0], card=symbol, worth=worth.words(lang), dear=dear.words(lang),
               next=_next_words(nxt, lang)), [worth, dear, nxt]


def advise(view: View) -> Hint:
    seat = view["seat"]
    legal = view["legal"]
    lang = _lang(view)
    action = hard(view, random.Random(0))
    if action.startswith("challenge"):
        who = int(action.split()[1])
        size = Count("kalooki.hand_size", n=view["hand_sizes"][who], move=action, detail={"name": view["names"][who]})
        return Hint(seat, action, say(lang, N_("{size}, more than 18: the challenge is right."),
                                      size=size.words(lang)), claims=(size,))
    if view["laid_down"][seat]:
        if action in ("call", "pass"):  # Trinidad calls, after laying down
            return Hint(seat, action, say(lang, N_("You have laid down: a called card and its penalty card would "
                                                   "only add to what you must get rid of, so let it go.")),
                        gist=Certain("kalooki.laid", move=action, over_replies=False))
        return _laid_hint(view, action)
    threes, fours = _contract(view)
    need = say(lang, N_("You need {contract}."), contract=said_in(contract_said(threes, fours), lang))
    hand = _cards(view["hand"])
    rules = _rules(view)
    holding = _holding(view)
    start = paragraph(lang, need, say(lang, "{holding}.", holding=holding.words(lang)))
    if action in ("call", "pass"):
        return _call_hint(view, action, start, holding)
    if action in ("take", "draw", "refuse", "allow"):
        short, _ = shortfall(hand, threes, fours, rules)  # asked here only: a lay-down needs no count
        top = view["discard_top"]
        top_card = parse_card(top) if top else None
        with_top = hand + ([top_card] if top_card else [])
        later_n, _ = shortfall(with_top, threes, fours, rules) if top_card else (short, None)
        take, draw = ("refuse", "allow") if "allow" in legal else ("take", "draw")
        now, later = _short(short, hand, FAR, lang=lang), _short(later_n, with_top, FAR, take, lang)
        said: list[Any] = [holding, now]
        # no top card: "the discard" (English said "the the discard" there, and still does)
        top_words = _symbol(top_card, lang) if top_card else say(lang, N_("the discard"))
        if action == "refuse" and later_n >= short:
            caller = view["names"][view["call_pending"]]
            assert top_card is not None  # a call is always of the top discard
            price = _points(top_card, "refuse")
            words = say(lang, N_("with the {card} {be}, but {caller} called it and wants it; it is worth {price}: take "
                                 "it as your draw to refuse the call (you give up the unseen stock card)"),
                        card=top_words, be=_be(later, lang, would=True, still=True), caller=caller,
                        price=price.words(lang))
            said += [later, price]
        elif action in ("take", "refuse"):
            words = say(lang, N_("with the {card} {be}: take it") if action == "take"
                        else N_("with the {card} {be}: take it (that refuses the call)"),
                        card=top_words, be=_be(later, lang, would=True))
            said.append(later)
        else:
            words = say(lang, N_("the {card} does not bring you nearer (with it {be}): allow the call, then draw from "
                                 "the stock") if action == "allow"
                        else N_("the {card} does not bring you nearer (with it {be}): draw from the stock"),
                        card=top_words, be=_be(later, lang, would=True, still=True))
            said.append(later)
        reason = paragraph(lang, start, say(lang, N_("Now {be}; {words}."), be=_be(now, lang), words=words))
        take_note, draw_note = _short(later_n, with_top, FAR, take, lang), _short(short, hand, FAR, draw, lang)
        alternatives = [Alternative(take, -later_n, say(lang, N_("with the {card}: {short}"), card=top_words,
                                                        short=take_note.words(lang)), claims=(take_note,)),
                        _draw_alternative(view, draw, hand, short, draw_note)]
        return Hint(seat, action, reason, alternatives, claims=tuple(said))
    if action.startswith("lay"):
        melds = paragraph(lang, *(_sym(_cards(group.split()), lang) for group in action[4:].split("|")), sep="; ")
        return Hint(seat, action, paragraph(lang, need, say(lang, N_("You have it: lay it down ({melds})."),
                                                            melds=melds)),
                    gist=Certain("kalooki.contract_ready", move=action, over_replies=False))
    return _discard_hint(view, start, holding)


def _call_hint(view: View, action: str, start: Sentence, holding: Certain) -> Hint:
    """Call the top discard or let it go: how near it brings the hand against the points it and the penalty
    card add, and whether another player has laid down (and may go out any turn)."""
    seat = view["seat"]
    lang = _lang(view)
    hand = _cards(view["hand"])
    case = call_case(view)
    with_card = hand + [case.card]
    now, later = _short(case.now, hand, FAR, lang=lang), _short(case.later, with_card, FAR, "call", lang)
    unseen, mean = _unseen_claims(view, action)
    worth = _points(case.card, "call")
    card = _symbol(case.card, lang)
    cost = say(lang, N_("a call adds the {card} ({worth}) and a penalty card from the stock, one of {unseen} (worth "
                        "{mean}), and you neither lay down nor discard this turn"),
               card=card, worth=worth.words(lang), unseen=unseen.words(lang), mean=mean.words(lang))
    if case.later >= case.now:
        words = say(lang, N_("With the {card} {be}, and {cost}: let it go."), card=card,
                    be=_be(later, lang, would=True, still=True), cost=cost)
    elif not case.racing:
        words = say(lang, N_("With the {card} {be}; {cost}. Nobody else has laid down yet: call."), card=card,
                    be=_be(later, lang, would=True), cost=cost)
    else:
        fields = {"card": card, "be": _be(later, lang, would=True), "cost": cost, "race": RACE_SHORT,
                  "names": join([view["names"][s] for s in case.racing], say(lang, N_("and")))}
        many = len(case.racing)
        if case.later >= RACE_SHORT:
            words = say(lang, agreeing(many, N_("With the {card} {be}, but {names} has laid down and may go out any "
                                                "turn; {cost}, and you would not be nearer than {race} cards short: "
                                                "let it go."),
                                       N_("With the {card} {be}, but {names} have laid down and may go out any turn; "
                                          "{cost}, and you would not be nearer than {race} cards short: let it go.")),
                        **fields)
        else:
            words = say(lang, agreeing(many, N_("With the {card} {be}; {cost}. {names} has laid down, but the call "
                                                "leaves you nearer than {race} cards short: call."),
                                       N_("With the {card} {be}; {cost}. {names} have laid down, but the call leaves "
                                          "you nearer than {race} cards short: call.")),
                        **fields)
    reason = paragraph(lang, start, say(lang, N_("Now {be}."), be=_be(now, lang)), words)
    added = Figure("kalooki.added", value=round(case.added_points, 2), move="call")
    later_note, now_note = _short(case.later, with_card, FAR, "call", lang), _short(case.now, hand, FAR, "pass", lang)
    alternatives = [Alternative("call", -case.later, say(lang, N_("after the call: {short}, {added}"),
                                                         short=later_note.words(lang), added=added.words(lang)),
                                claims=(later_note, added)),
                    Alternative("pass", -case.now, say(lang, N_("now: {short}, no penalty card"),
                                                       short=now_note.words(lang)), claims=(now_note,))]
    return Hint(seat, action, reason, alternatives, claims=(holding, now, later, worth, unseen, mean))


def _draw_alternative(view: View, draw: str, hand: list[Card], short: int, now: Figure) -> Alternative:
    """Drawing from the stock, scored by the cards short it leaves on average: the stock card is any card this
    seat has not seen, and some of them bring the hand one nearer (issue 37: scored as if none could, drawing
    instead of taking a useful discard read as a whole card lost even when that card's twin was unseen).
    Where that count is not exact the figure is the hand before the draw, and the note says so."""
    lang = _lang(view)
    threes, fours = _contract(view)
    counted = draw_outs(view, hand, short, threes, fours, _rules(view))
    if counted is None:
        return Alternative(draw, -short, say(lang, N_("before the unseen card: {short}"), short=now.words(lang)),
                           claims=(now,))
    nearer, of = counted
    outs = Count("kalooki.outs_complete" if short == 1 else "kalooki.outs_nearer", n=nearer, of=of, move=draw)
    mean = Figure("kalooki.draw_mean", value=round(short - nearer / of, 2), move=draw)
    return Alternative(draw, -(short - nearer / of), say(lang, N_("{short} now; {outs}: {mean}"), short=now.words(lang),
                                                         outs=outs.words(lang), mean=mean.words(lang)),
                       claims=(now, outs, mean))


def _discard_hint(view: View, start: Sentence, holding: Certain) -> Hint:
    seat = view["seat"]
    legal = view["legal"]
    lang = _lang(view)
    hand = _cards(view["hand"])
    threes, fours = _contract(view)
    rules = _rules(view)
    discard, short, tag, live = _hard_discard(view)
    moves = [a for a in legal if a.startswith("discard ")]
    after = _after_discards(hand, moves, short, shortfall(hand, threes, fours, rules, far=HARD_FAR)[1], threes, fours,
                            rules, HARD_FAR)
    card = parse_card(discard.split()[1])
    now = _short(short, hand, HARD_FAR, lang=lang)
    rests = {}
    for a in moves:
        rest = list(hand)
        rest.remove(parse_card(a.split()[1]))
        rests[a] = rest
    jokers = sum(c.is_joker for c in hand)
    live = live if jokers < 2 else {}  # with two jokers the shortfall is only a lower bound
    said: list[Any] = [holding, now]
    now_words = say(lang, N_("Now {be}."), be=_be(now, lang))
    if tag == "shed":
        shed, more = _dear_words(view, card, discard, (
            N_("Someone has laid down and may go out soon while you are still this far, so shed a dear card: discard "
               "the {card} ({worth}): {dear}; {next}."),
            N_("Someone has laid down and may go out soon while you are still this far, so shed a dear card: discard "
               "the {card} ({worth}): {dear}.")))
        said += more
        return Hint(seat, discard, paragraph(lang, start, now_words, shed),
                    _discard_alternatives(view, after, rests, live), claims=tuple(said))
    left = _short(after[discard], rests[discard], HARD_FAR, discard, lang)
    said.append(left)
    if after[discard] == short:
        keep = say(lang, N_("after it {be}"), be=_be(left, lang, still=True))
    else:
        nearest = Comparison("kalooki.nearest", subject=str(card), value=after[discard],
                             among=tuple(sorted({a.split()[1] for a in moves})), move=discard)
        keep = say(lang, N_("after it {be}, and {nearest}"), be=_be(left, lang), nearest=nearest.words(lang))
        said.append(nearest)
    if discard in live:  # outs break the tie before the softer reasons below
        unseen = len(unseen_cards(view))
        fact = "kalooki.outs_complete" if after[discard] == 1 else "kalooki.outs_nearer"
        out = Count(fact, n=live[discard], of=unseen, move=discard)
        tied = tuple(sorted(a.split()[1] for a in live))
        most = Comparison("kalooki.most_outs", subject=str(card), value=live[discard], among=tied, move=discard)
        keep = say(lang, N_("{keep}; then {outs}, and {most}"), keep=keep, outs=out.words(lang), most=most.words(lang))
        said += [out, most]
    rest = rests[discard]
    links = _links(card, rest)
    partners = (Count("kalooki.partners", n=links, move=discard) if links
                else Count("kalooki.no_partners", n=0, move=discard))
    worth = _points(card, discard)
    nxt = _next_claim(view, card, discard)
    said += [partners, worth, nxt]
    text = say(lang, N_("Discard the {card}: {keep}; {partners} and is worth {worth}; {next}."),
               card=_symbol(card, lang), keep=keep, partners=partners.words(lang), worth=worth.words(lang),
               next=_next_words(nxt, lang))
    return Hint(seat, discard, paragraph(lang, start, now_words, text), _discard_alternatives(view, after, rests, live),
                claims=tuple(said))


def _discard_alternatives(view: View, after: dict[str, int], rests: dict[str, list[Card]],
                          live: dict[str, int]) -> list[Alternative]:
    """Each discard with how far it leaves the hand, its outs when they were counted, and its points."""
    lang = _lang(view)
    unseen = len(unseen_cards(view)) if live else 0
    out = []
    for a in sorted(after, key=lambda a: card_order(parse_card(a.split()[1]))):
        left = _short(after[a], rests[a], HARD_FAR, a, lang)
        worth = _points(parse_card(a.split()[1]), a)
        said: list[Any] = [left, worth]
        if a in live:
            fact = "kalooki.outs_complete" if after[a] == 1 else "kalooki.outs_nearer"
            count_outs = Count(fact, n=live[a], of=unseen, move=a)
            note = say(lang, N_("after it: {short}; then {outs}; {worth}"), short=left.words(lang),
                       outs=count_outs.words(lang), worth=worth.words(lang))
            said.append(count_outs)
        else:
            note = say(lang, N_("after it: {short}; {worth}"), short=left.words(lang), worth=worth.words(lang))
        out.append(Alternative(a, -after[a], note, claims=tuple(said)))
    return out


__all__ = ["LANGUAGES", "POLICIES", "advise", "choose", "clear_cache", "rules_for", "short_words", "shortfall"]
