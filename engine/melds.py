"""Melds for every rummy game: sets and runs, jokers, lay-offs, and the arrangement solver.

Written once for Basic Rummy (one pack, no jokers, Ace low) and Kalooki (two packs and
four jokers, a "three" needs two real cards, no two jokers side by side in a "four",
the Ace at either end); docs/rules/kalooki.md#kalooki.four and docs/rules/rummy.md#rummy.meld. A :class:`MeldRules` says
which of those a game
plays; every function takes one.

API (cards are :class:`engine.cards.Card`; ``value`` maps a card to its penalty points):

* ``meld_or_none(cards, rules)`` / ``as_meld(cards, rules)`` / ``why_not_meld(cards, rules)``:
  is this group a meld? :func:`as_meld` raises :class:`MeldError` whose message a learner
  can read ("7♠ 8♠ 10♠ is not a run: 9♠ is missing").
* ``run_layouts(cards, rules)``: every way jokers may stand in a run (5♥ Jk 6♥ 7♥ may be 4–7 or 5–8).
* ``Meld.stands_for``: the card each position of a meld represents (a joker's stand-in).
* ``layoffs(meld, card, rules)``: every meld that laying ``card`` off on ``meld`` can make,
  including a natural card taking a joker's place with the joker slid to an end (Kalooki).
* ``possible_melds(hand, rules)``: every meld a hand can put down (games offer these as moves).
* ``least_deadwood(hand, rules, value)``: the split of a hand into melds leaving the
  fewest penalty points (exact).
* ``contract_arrangement(hand, rules, threes, fours, value)``: the best way to lay down
  exactly ``threes`` sets of different ranks and ``fours`` runs of different suits, or
  None when the hand cannot (exact; Kalooki's contracts).
* Both, and :class:`ContractSearch`, take an optional ``budget`` of states: a search that
  would need more raises :class:`SearchCut` (no answer rather than a guessed one), so a caller
  on a huge hand knows its answer is not exact. ``states_searched()`` counts the work done;
  ``quick_split(hand, rules, value)`` is a greedy split with no search, for such a hand.

The solver works on small integers (card index = suit × 13 + rank − 1) and memoises on
the cards left, taking the first remaining card each time (cards sorted by rank when sets
matter as much as runs, by suit otherwise) and trying it as deadwood and in every set and
run that could hold it, so it is exhaustive; tests check it against brute force.
bench/bench_rummy.py and bench/bench_melds.py time it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import combinations, product
from typing import Callable, Iterable, NamedTuple, Sequence

from .card_codes import run_card as _card, run_index as _index  # Ace = 0: a run's ranks are neighbours
from .cards import ACE, FRENCH_SUITS, JOKER, KING, Card
from .i18n import N_, Sentence

SET, RUN = "set", "run"
ACE_LOW, ACE_EITHER, ACE_WRAP = "low", "either", "wrap"
INFINITY = 10 ** 9

Value = Callable[[Card], int]


class MeldError(ValueError):
    """A group of cards that is not a meld; the message says why."""


@dataclass(frozen=True)
class MeldRules:
    """What counts as a meld in one game.

    ``set_name``/``run_name`` are the words the game uses ("set"/"run", or Kalooki's
    "three"/"four"); ``max_set`` None means no limit (a double pack allows duplicates).
    ``ace``: ``"low"`` (A-2-3 only), ``"either"`` (A-2-3 or Q-K-A, never K-A-2), ``"wrap"``
    (K-A-2 allowed too). Jokers are wild only when ``jokers`` is true; each meld then needs
    ``set_naturals``/``run_naturals`` real cards, and ``jokers_adjacent`` False forbids two
    jokers side by side in a run.
    """

    min_set: int = 3
    max_set: int | None = 4
    min_run: int = 3
    ace: str = ACE_LOW
    jokers: bool = False
    set_naturals: int = 1
    run_naturals: int = 1
    jokers_adjacent: bool = True
    set_name: str = "set"
    run_name: str = "run"


BASIC_RUMMY = MeldRules()
KALOOKI = MeldRules(min_set=3, max_set=None, min_run=4, ace=ACE_EITHER, jokers=True,
                    set_naturals=2, run_naturals=1, jokers_adjacent=False,
                    set_name="three", run_name="four")


def rummy_value(card: Card) -> int:
    """Basic Rummy's count: face cards 10, Ace 1, others their number (jokers 15 when wild)."""
    if card.is_joker:
        return 15
    return min(card.rank, 10)


@dataclass(frozen=True)
class Meld:
    """A valid meld. ``cards`` are in table order (a run lowest first, jokers in their
    places); ``ranks`` holds the rank each position stands for (14 is a high Ace)."""

    kind: str
    cards: tuple[Card, ...]
    ranks: tuple[int, ...]
    suit: str | None = None  # a run's suit

    @property
    def rank(self) -> int:
        """A set's rank (a run's lowest)."""
        return self.ranks[0]

    def stands_for(self, i: int) -> Card:
        """The card position ``i`` represents: itself, or the card a joker stands for.
        In a set a joker stands for the rank only, so its suit is the joker's."""
        rank = 1 if self.ranks[i] == 14 else self.ranks[i]
        if not self.cards[i].is_joker:
            return self.cards[i]
        return Card(rank, self.suit) if self.kind == RUN and self.suit else Card(rank, JOKER.suit)

    @property
    def naturals(self) -> int:
        return sum(not c.is_joker for c in self.cards)

    def describe(self, rules: MeldRules = BASIC_RUMMY) -> str:
        """``"a run 7♠ 8♠ 9♠"``, ``"a set of 8s"``: words for logs and hints."""
        shown = " ".join(c.symbol for c in self.cards)
        if self.kind == SET:
            return f"a {rules.set_name} of {_rank_plural(self.rank)} ({shown})"
        return f"a {rules.run_name} {shown}"

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)


def said_in(sentence: Sentence, lang: str) -> Sentence:
    """A sentence of this module (in English, its fields maybe sentences too) said whole in ``lang``."""
    return Sentence.in_language(lang, sentence.message, **{k: said_in(v, lang) if isinstance(v, Sentence) else v
                                                          for k, v in sentence.fields.items()})


#: The words a game calls its melds (``MeldRules.set_name``/``run_name``), for the catalog.
MELD_WORDS = {"set": N_("set"), "run": N_("run"), "three": N_("three"), "four": N_("four")}


def _word(name: str) -> Sentence:
    """A meld's name as a sentence says it, translated with the sentence (``"set"`` → ``"trinca"``)."""
    return Sentence(MELD_WORDS.get(name, name))


def described(meld: "Meld", rules: "MeldRules") -> Sentence:
    """:meth:`Meld.describe` as a catalog sentence, so a table says it in its language (the same English)."""
    shown = cards_said(meld.cards)
    if meld.kind == SET:
        return Sentence(N_("a {meld} of {ranks} ({cards})"), meld=_word(rules.set_name), ranks=ranks_said(meld.rank),
                        cards=shown)
    return Sentence(N_("a {meld} {cards}"), meld=_word(rules.run_name), cards=shown)


#: A set's rank in the plural, for the catalog ("a set of Kings").
_RANK_PLURALS = {"Ace": N_("Aces"), "Jack": N_("Jacks"), "Queen": N_("Queens"), "King": N_("Kings")}


def ranks_said(rank: int) -> Sentence:
    """``"Kings"``, ``"8s"``: a set's rank in the plural, as :func:`_rank_plural` says it in English."""
    word = _rank_word(rank)
    return Sentence(_RANK_PLURALS[word]) if word in _RANK_PLURALS else Sentence(N_("{rank}s"), rank=word)


def _rank_word(rank: int) -> str:
    return {1: "Ace", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}.get(rank, str(rank))


def _rank_plural(rank: int) -> str:
    word = _rank_word(rank)
    return word + ("es" if word.endswith("x") else "s")


def _symbols(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def cards_said(cards: Iterable[Card]) -> str:
    """Cards as a sentence shows them, ``7♠ 8♠ Joker``: with a joker, a Sentence (the same English) whose
    jokers a table says in its language ("Curinga"); without one, the symbols alone, which every language shares."""
    cards = list(cards)
    if not any(c.is_joker for c in cards):
        return _symbols(cards)
    return Sentence(" ".join(f"{{c{i}}}" for i in range(len(cards))),
                    **{f"c{i}": Sentence(N_("Joker")) if c.is_joker else c.symbol for i, c in enumerate(cards)})


# ---- Is this a meld? -------------------------------------------------------------

def not_in_hand(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    """The cards of a proposed meld that ``hand`` does not hold, counting duplicates (a double pack)."""
    left = list(hand)
    missing = []
    for c in cards:
        if c in left:
            left.remove(c)
        else:
            missing.append(c)
    return missing


def why_not_meld(cards: Sequence[Card], rules: MeldRules = BASIC_RUMMY) -> str | None:
    """None when ``cards`` form a meld under ``rules``; otherwise the reason, in words."""
    try:
        as_meld(cards, rules)
    except MeldError as exc:
        reason = exc.args[0]
        return reason if isinstance(reason, str) else str(exc)  # a Sentence: a table says it in its language
    return None


def meld_or_none(cards: Sequence[Card], rules: MeldRules = BASIC_RUMMY) -> Meld | None:
    """The meld these cards make, or None; the reason why not is never worded (searches ask this of
    thousands of groups, and saying why, in the table's language, was most of their time)."""
    found = _meld_or_reason(cards, rules)
    return found if isinstance(found, Meld) else None


def as_meld(cards: Sequence[Card], rules: MeldRules = BASIC_RUMMY) -> Meld:
    """The meld these cards make (a run with its jokers placed as high as they fit), or
    :class:`MeldError` saying why not."""
    found = _meld_or_reason(cards, rules)
    if isinstance(found, Meld):
        return found
    raise MeldError(found())


def _meld_or_reason(cards: Sequence[Card], rules: MeldRules) -> Meld | Callable[[], Sentence]:
    """The meld these cards make, or a function that says why not (called only by those who show it)."""
    cards = list(cards)
    jokers = [c for c in cards if c.is_joker]
    naturals = [c for c in cards if not c.is_joker]
    if jokers and not rules.jokers:
        return lambda: Sentence(N_("{cards} is not a meld: jokers are not wild in this game."),
                                cards=cards_said(cards))
    smallest = min(rules.min_set, rules.min_run)
    if len(cards) < smallest:
        return lambda: Sentence(N_("{cards} is not a meld: a meld needs at least {n} cards (a {set} of one rank "
                                   "or a {run} in one suit).") if _symbols(cards) else
                                N_("Nothing is not a meld: a meld needs at least {n} cards (a {set} of one rank "
                                   "or a {run} in one suit)."),
                                cards=cards_said(cards), n=smallest, set=_word(rules.set_name),
                                run=_word(rules.run_name))
    if not naturals:
        return lambda: Sentence(N_("{cards} is not a meld: it needs real cards, not only jokers."),
                                cards=cards_said(cards))
    ranks = {c.rank for c in naturals}
    suits = {c.suit for c in naturals}
    if len(ranks) == 1:
        problem = _set_problem(len(naturals), len(jokers), rules)
        if problem is None:
            rank = naturals[0].rank
            return Meld(SET, tuple(sorted(naturals, key=_suit_order)) + tuple(jokers),
                        (rank,) * len(cards))
        if len(suits) > 1 or len(naturals) == 1 and len(cards) < rules.min_run:
            said = problem
            return lambda: Sentence(N_("{cards} is not a {meld}: {problem}"), cards=cards_said(cards),
                                    meld=_word(rules.set_name), problem=said)
        set_problem = problem
    else:
        set_problem = None
    if len(suits) > 1:
        return lambda: Sentence(N_("{cards} is not a meld: a {set} is one rank and a {run} is one suit, and these "
                                   "cards mix both."), cards=cards_said(cards), set=_word(rules.set_name),
                                run=_word(rules.run_name))
    layouts = run_layouts(cards, rules)
    if layouts:
        return layouts[0]
    if set_problem and len(ranks) == 1:
        return lambda: Sentence(N_("{cards} is not a {meld}: {problem}"), cards=cards_said(cards),
                                meld=_word(rules.set_name), problem=set_problem)
    return lambda: Sentence(N_("{cards} is not a {meld}: {problem}"), cards=cards_said(cards),
                            meld=_word(rules.run_name), problem=_run_problem(naturals, len(jokers), rules))


def _suit_order(card: Card) -> int:
    return FRENCH_SUITS.index(card.suit) if card.suit in FRENCH_SUITS else 9


def _set_problem(naturals: int, jokers: int, rules: MeldRules) -> Sentence | None:
    size = naturals + jokers
    name = _word(rules.set_name)
    if size < rules.min_set:
        return Sentence(N_("a {meld} needs at least {n} cards of one rank."), meld=name, n=rules.min_set)
    if rules.max_set is not None and size > rules.max_set:
        return Sentence(N_("a {meld} has at most {n} cards."), meld=name, n=rules.max_set)
    if naturals < rules.set_naturals:
        return Sentence(N_("a {meld} needs at least {n} real cards besides its jokers."), meld=name,
                        n=rules.set_naturals)
    return None


def _positions(rank: int, rules: MeldRules, ace_high: bool) -> int:
    return 14 if rank == ACE and ace_high else rank


def run_layouts(cards: Sequence[Card], rules: MeldRules = BASIC_RUMMY) -> list[Meld]:
    """Every valid run these cards make: one per way of placing the jokers and the Ace.

    The first keeps real cards as low as the rules let and puts spare jokers on top.
    """
    naturals = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(naturals)
    if not naturals or len({c.suit for c in naturals}) != 1 or len(cards) < rules.min_run:
        return []
    if jokers and not rules.jokers:
        return []
    if len(naturals) < rules.run_naturals or len(cards) > 13:
        return []
    suit = naturals[0].suit
    out: list[Meld] = []
    seen: set[tuple[int, ...]] = set()
    for window in _windows(len(cards), rules):
        ranks = tuple(_actual(p) for p in window)
        if len(set(ranks)) != len(ranks):
            continue
        need = sorted(c.rank for c in naturals)
        slots = [i for i, r in enumerate(ranks) if r in need]
        if sorted(ranks[i] for i in slots) != need:
            continue
        joker_slots = [i for i in range(len(ranks)) if i not in slots]
        if not rules.jokers_adjacent and any(b - a == 1 for a, b in zip(joker_slots, joker_slots[1:])):
            continue
        if window in seen:
            continue
        seen.add(window)
        placed = tuple(Card(ranks[i], suit) if i in slots else JOKER for i in range(len(ranks)))
        out.append(Meld(RUN, placed, window, suit))
    out.sort(key=_leading_jokers)
    return out


def _leading_jokers(meld: Meld) -> int:
    return next(i for i, c in enumerate(meld.cards) if not c.is_joker)


def _actual(position: int) -> int:
    """Rank of a run position: 14 (a high Ace) and wrapped positions fold back to 1–13."""
    return (position - 1) % 13 + 1


@lru_cache(maxsize=None)
def _windows(length: int, rules: MeldRules) -> list[tuple[int, ...]]:
    """Every run of ``length`` positions the Ace rule allows, lowest first."""
    top = {ACE_LOW: 13, ACE_EITHER: 14, ACE_WRAP: 13 + length - 1}[rules.ace]
    return [tuple(range(lo, lo + length)) for lo in range(1, top - length + 2)]


def _run_problem(naturals: list[Card], jokers: int, rules: MeldRules) -> Sentence:
    """Why these same-suit cards and jokers make no run, in words."""
    suit = naturals[0].suit
    ranks = sorted(c.rank for c in naturals)
    name = _word(rules.run_name)
    if len(ranks) + jokers < rules.min_run:
        return Sentence(N_("a {meld} needs at least {n} cards in sequence."), meld=name, n=rules.min_run)
    if len(naturals) < rules.run_naturals:
        return Sentence(N_("a {meld} needs at least {n} real cards."), meld=name, n=rules.run_naturals)
    dup = next((r for r, s in zip(ranks, ranks[1:]) if r == s), None)
    if dup is not None:
        return Sentence(N_("it holds {card} twice, and a {meld} has each card once."), card=Card(dup, suit).symbol,
                        meld=name)
    if len(ranks) + jokers > 13:
        return Sentence(N_("a {meld} has at most 13 cards: the Ace is high or low, not both."), meld=name)
    if ACE in ranks and KING in ranks:
        if rules.ace == ACE_LOW:
            return Sentence(N_("the Ace is low only (A-2-3 is a run, Q-K-A is not), so it cannot follow the King."))
        if rules.ace == ACE_EITHER and 2 in ranks:
            return Sentence(N_("a run cannot turn the corner from King to Ace to 2: the Ace is high or low, not "
                               "both."))
    missing = [Card(r, suit).symbol for r in range(ranks[0], ranks[-1] + 1) if r not in ranks]
    if missing and jokers < len(missing):
        if len(missing) == 1:
            return Sentence(N_("{cards} is missing."), cards=missing[0])
        return Sentence(N_("{cards} and {last} are missing."), cards=" and ".join(missing[:-1]), last=missing[-1])
    if not rules.jokers_adjacent:
        return Sentence(N_("two jokers may not stand next to each other in it."))
    return Sentence(N_("the cards are not in sequence."))


# ---- Laying off -----------------------------------------------------------------

def layoffs(meld: Meld, card: Card, rules: MeldRules = BASIC_RUMMY) -> list[Meld]:
    """Every meld that ``card`` laid off on ``meld`` can make (empty: it does not fit).

    On a set: the card joins it. On a run: at the low or high end, or (a natural card a
    joker stands for) in the joker's place with the joker slid to either end.
    """
    if card.is_joker and not rules.jokers:
        return []
    if meld.kind == SET:
        if not card.is_joker and card.rank != meld.rank:
            return []
        grown = meld_or_none(list(meld.cards) + [card], rules)
        return [grown] if grown is not None else []
    out: list[Meld] = []
    if not card.is_joker and card.suit != meld.suit:
        return out
    length = len(meld.cards) + 1
    if length > 13:
        return out
    allowed = _window_set(length, rules)
    # the end is named, not found by identity: an equal card object may already sit at the other end
    for end, window, cards in ((0, (meld.ranks[0] - 1,) + meld.ranks, (card,) + meld.cards),
                               (-1, meld.ranks + (meld.ranks[-1] + 1,), meld.cards + (card,))):
        if window not in allowed:
            continue
        if not card.is_joker and _actual(window[end]) != card.rank:
            continue
        if card.is_joker and not rules.jokers_adjacent and cards[1 if end == 0 else -2].is_joker:
            continue
        out.append(Meld(RUN, cards, window, meld.suit))
    if not card.is_joker:
        out.extend(m for m in _joker_swaps(meld, card, rules) if m not in out)
    return out


@lru_cache(maxsize=None)
def _window_set(length: int, rules: MeldRules) -> frozenset[tuple[int, ...]]:
    return frozenset(_windows(length, rules))


def _joker_swaps(meld: Meld, card: Card, rules: MeldRules) -> list[Meld]:
    out = []
    for i, c in enumerate(meld.cards):
        if c.is_joker and meld.stands_for(i) == card:
            rest = list(meld.cards[:i]) + [card] + list(meld.cards[i + 1:])
            for end in (0, len(rest)):
                trial = rest[:end] + [JOKER] + rest[end:]
                lo = meld.ranks[0] - 1 if end == 0 else meld.ranks[0]
                window = tuple(range(lo, lo + len(trial)))
                if window[0] < 1 or window not in _window_set(len(trial), rules):
                    continue
                new = Meld(RUN, tuple(Card(_actual(p), meld.suit or "") if not t.is_joker else JOKER
                                      for p, t in zip(window, trial)), window, meld.suit)
                if _valid_layout(new, rules):
                    out.append(new)
    return out


def _valid_layout(meld: Meld, rules: MeldRules) -> bool:
    return any(m == meld for m in run_layouts(meld.cards, rules))


# ---- The arrangement solver ---------------------------------------------------------

@dataclass(frozen=True)
class Arrangement:
    """A hand split into melds and deadwood; ``points`` is the deadwood's penalty value."""

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    points: int


class SearchCut(Exception):
    """The solver reached its ``budget`` of states before it could finish: no answer, not a wrong one."""


_STATES = [0]


def states_searched() -> int:
    """How many states the solver has made so far in this process: the work it did, which tests
    bound (a count, not a time, so a busy machine does not change it)."""
    return _STATES[0]


def least_deadwood(hand: Sequence[Card], rules: MeldRules = BASIC_RUMMY,
                   value: Value = rummy_value, budget: int | None = None) -> Arrangement:
    """The melds that leave the fewest deadwood points in ``hand`` (exact): the solver's entry point.

    >>> from engine.cards import parse_cards
    >>> best = least_deadwood(parse_cards("7H 8H 9H KS KD KC 2C 5D"))
    >>> [str(m) for m in best.melds], best.points
    (['7H 8H 9H', 'KS KD KC'], 7)
    """
    found = _Solver(hand, rules, value, contract=False, by_rank=rules.min_set <= len(hand)).solve(None, budget=budget)
    assert found is not None  # leaving every card as deadwood is always possible
    return found


def quick_split(hand: Sequence[Card], rules: MeldRules = BASIC_RUMMY, value: Value = rummy_value) -> Arrangement:
    """Melds taken greedily, the dearest first, with no search: every meld a real one of the hand, but
    not always the fewest points. For a hand too big for :func:`least_deadwood`'s budget; it finds a
    meld whenever the hand holds one."""
    solver = _Solver(hand, rules, value, contract=False)  # the melds the split would try (no run too long to split)
    joker_value = value(JOKER) if solver.jokers else 0

    def worth(cand: _Candidate) -> int:
        mask, total = cand.mask, cand.jokers * joker_value
        while mask:
            total += solver.values[(mask & -mask).bit_length() - 1]
            mask &= mask - 1
        return total

    used, jokers, melds = 0, solver.jokers, []
    for cand in sorted((c for per_slot in solver.candidates for c in per_slot), key=worth, reverse=True):
        if not cand.mask & used and cand.jokers <= jokers:
            used |= cand.mask
            jokers -= cand.jokers
            melds.append(solver._meld(cand))
    deadwood = [_card(idx) for k, idx in enumerate(solver.slots) if not used >> k & 1] + [JOKER] * jokers
    return Arrangement(tuple(melds), tuple(deadwood), sum(value(c) for c in deadwood))


def possible_melds(hand: Sequence[Card], rules: MeldRules = BASIC_RUMMY) -> list[Meld]:
    """Every distinct meld that can be made from cards in ``hand`` (each joker layout once):
    the maximal ones and all their sub-melds. Games offer these as legal "meld" moves."""
    if JOKER not in hand:
        return _natural_melds(hand, rules)
    solver = _Solver(hand, rules, rummy_value, contract=True)
    out: dict[tuple[Card, ...], Meld] = {}
    for per_slot in solver.candidates:
        for cand in per_slot:
            meld = solver._meld(cand)
            out.setdefault(meld.cards, meld)
    return sorted(out.values(), key=lambda m: (m.kind != SET, [_index(c) if not c.is_joker else 99
                                                                for c in m.cards]))


def _natural_melds(hand: Sequence[Card], rules: MeldRules) -> list[Meld]:
    """possible_melds without jokers: the common case, kept fast for legal-move lists."""
    out: list[Meld] = []
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[str, set[int]] = {}
    for c in hand:
        by_rank.setdefault(c.rank, []).append(c)
        by_suit.setdefault(c.suit, set()).add(c.rank)
    for rank, copies in by_rank.items():
        if len(copies) < rules.min_set:
            continue
        copies.sort(key=_suit_order)
        top = len(copies) if rules.max_set is None else min(rules.max_set, len(copies))
        seen: set[tuple[Card, ...]] = set()
        for size in range(rules.min_set, top + 1):
            for combo in combinations(copies, size):
                if combo not in seen:
                    seen.add(combo)
                    out.append(Meld(SET, combo, (rank,) * size))
    for suit, ranks in by_suit.items():
        if len(ranks) < rules.min_run:
            continue
        if rules.ace == ACE_WRAP:
            lengths = range(rules.min_run, min(13, len(ranks)) + 1)
            windows = [w for n in lengths for w in _windows(n, rules) if all(_actual(p) in ranks for p in w)]
        else:
            windows = _segments(sorted(ranks | ({14} if rules.ace == ACE_EITHER and 1 in ranks else set())),
                                rules.min_run)
        for window in windows:
            out.append(Meld(RUN, tuple(Card(_actual(p), suit) for p in window), window, suit))
    return out


def _segments(positions: list[int], shortest: int) -> list[tuple[int, ...]]:
    """Every stretch of ``shortest`` or more consecutive positions (at most 13 long)."""
    out = []
    start = 0
    for i in range(1, len(positions) + 1):
        if i == len(positions) or positions[i] != positions[i - 1] + 1:
            run = positions[start:i]
            for a in range(len(run)):
                for b in range(a + shortest, min(len(run), a + 13) + 1):
                    out.append(tuple(run[a:b]))
            start = i
    return out


def contract_arrangement(hand: Sequence[Card], threes: int, fours: int, rules: MeldRules = KALOOKI,
                         value: Value = rummy_value, budget: int | None = None) -> Arrangement | None:
    """Lay down exactly ``threes`` sets of different ranks and ``fours`` runs of different
    suits, each as long as helps, leaving the fewest deadwood points; None if impossible.

    >>> from engine.cards import parse_cards
    >>> found = contract_arrangement(parse_cards("7S 7H 7D 9C 9H JK 5D 6D 8D"), threes=2, fours=0)
    >>> [str(m) for m in found.melds], found.points
    (['7S 7H 7D', '9H 9C JK'], 19)
    """
    return _Solver(hand, rules, value, contract=True, by_rank=threes >= fours).solve((threes, fours), budget=budget)


class ContractSearch:
    """:func:`contract_arrangement` for one hand and for that hand less any one of its cards,
    sharing one candidate list and one memo (asking "what if I discard this?" of every card
    would otherwise rebuild the same melds for each). With a ``budget`` each question may add at most
    that many states to the memo: one that needs more raises :class:`SearchCut`, and one cut here would
    be cut asked alone too (a shared memo only saves states).

    ``smallest``: only threes of three cards and fours of four. Whether the contract can be laid is
    the same (a longer meld holds a shortest one), and the search far smaller, but the points left are
    not the fewest: for a caller that asks only whether, on a hand too big for the whole search."""

    def __init__(self, hand: Sequence[Card], threes: int, fours: int, rules: MeldRules = KALOOKI,
                 value: Value = rummy_value, budget: int | None = None, smallest: bool = False) -> None:
        self._solver = _Solver(hand, rules, value, contract=True, by_rank=threes >= fours, smallest=smallest)
        self._contract = (threes, fours)
        self._memo: dict[int, tuple[int, _Candidate | None]] = {}
        self._budget = budget

    def arrangement(self, without: Card | None = None) -> Arrangement | None:
        """The best exact contract from the hand, or from the hand less one ``without`` card."""
        solver = self._solver
        rem, jokers = (1 << len(solver.slots)) - 1, solver.jokers
        if without is not None and without.is_joker:
            if not jokers:
                raise ValueError("no joker in this hand")
            jokers -= 1
        elif without is not None:
            # the first copy, as a meld takes it (the search's states keep a card's last copies)
            slot = min(k for k, idx in enumerate(solver.slots) if idx == _index(without))  # ValueError if absent
            rem &= ~(1 << slot)
        return solver.solve(self._contract, rem, jokers, self._memo, self._budget)


class _Candidate(NamedTuple):
    """A meld the hand could make (a tuple: made by the thousand while the candidates are listed)."""

    mask: int       # which hand slots (naturals) it uses
    jokers: int
    kind: str
    key: int        # a set's rank (0-12) or a run's suit (0-3)
    window: tuple[int, ...]  # a run's positions; a set's size repeated


class _Solver:
    """Hand slots are the natural cards sorted by rank, then suit (``by_rank``), or by suit, then
    rank (copies of a card side by side either way); states are (bitmask of slots left, jokers
    left[, contract counters]).

    The search always places the lowest slot left, so a meld that reaches far past it makes many
    states: a set spans the four suits, a run up to thirteen ranks. Sorted by rank a set is
    placed whole at its own rank and only runs reach ahead; sorted by suit it is the other way
    round. On a hand of forty-odd cards (a player who called again and again) the wrong order
    made 6.9 million states for one split and took a minute (issue 31); so sets are searched
    rank by rank whenever they may matter as much as runs."""

    def __init__(self, hand: Sequence[Card], rules: MeldRules, value: Value, contract: bool,
                 by_rank: bool = False, smallest: bool = False) -> None:
        self.rules = rules
        self.contract = contract
        self.by_rank = by_rank
        self.smallest = smallest
        self.jokers = sum(c.is_joker for c in hand)
        order = (lambda i: (i % 13, i // 13)) if by_rank else None
        self.slots = sorted((_index(c) for c in hand if not c.is_joker), key=order)
        self.values = [value(_card(i)) for i in self.slots]
        self.joker_value = value(JOKER) if self.jokers else 0
        n = len(self.slots)
        # copies[i]: slot i and the later slots holding the same card
        self.copies = [sum(1 << k for k in range(i, n) if self.slots[k] == self.slots[i]) for i in range(n)]
        self.candidates: list[list[_Candidate]] = [[] for _ in range(n)]
        seen: set[tuple[int, int, str]] = set()
        simple = self.jokers == 0 and len(set(self.slots)) == n  # one pack, no jokers: the common case
        for cand in self._natural_candidates() if simple else self._all_candidates():
            if smallest and len(cand.window) > (rules.min_set if cand.kind == SET else rules.min_run):
                continue
            if (cand.mask, cand.jokers, cand.kind) in seen:
                continue
            seen.add((cand.mask, cand.jokers, cand.kind))
            low = (cand.mask & -cand.mask).bit_length() - 1
            self.candidates[low].append(cand)

    def _natural_candidates(self) -> Iterable[_Candidate]:
        """The melds of a hand of distinct natural cards, from the fast enumeration."""
        slot = {idx: k for k, idx in enumerate(self.slots)}
        for meld in _natural_melds([_card(i) for i in self.slots], self.rules):
            mask = sum(1 << slot[_index(c)] for c in meld.cards)
            if meld.kind == SET:
                yield _Candidate(mask, 0, SET, meld.rank - 1, meld.ranks)
            else:
                yield _Candidate(mask, 0, RUN, FRENCH_SUITS.index(meld.suit or "S"), meld.ranks)

    # -- every meld the hand could make, as slot masks --
    def _all_candidates(self) -> Iterable[_Candidate]:
        rules = self.rules
        jokers = self.jokers if rules.jokers else 0
        slots_of: dict[int, list[int]] = {}
        for k, idx in enumerate(self.slots):
            slots_of.setdefault(idx, []).append(k)
        for rank in range(13):
            per_suit = [slots_of.get(s * 13 + rank, []) for s in range(4)]
            # each suit's copies taken in every way (the first alone, the second alone once the first is gone)
            for pick in product(*[[c for m in range(len(p) + 1) for c in combinations(p, m)] for p in per_suit]):
                naturals = sum(map(len, pick))
                if naturals == 0 or naturals < rules.set_naturals:
                    continue
                mask = sum(1 << k for p in pick for k in p)
                for j in range(jokers + 1):
                    size = naturals + j
                    if size < rules.min_set:
                        continue
                    if rules.max_set is not None and size > rules.max_set or self.smallest and size > rules.min_set:
                        break
                    if not self.contract and size >= 2 * rules.min_set and naturals >= 2 * rules.set_naturals:
                        break  # it splits into two sets, which the search finds instead
                    yield _Candidate(mask, j, SET, rank, (rank + 1,) * size)
        for suit in range(4):
            have = [slots_of.get(suit * 13 + _actual(p) - 1, []) for p in range(15)]
            if not any(have[1:14]):
                continue
            top = 13 if rules.ace == ACE_LOW else 14 if rules.ace == ACE_EITHER else 26
            holes = [0]  # holes[p]: positions 1..p with no natural card
            for p in range(1, top + 1):
                holes.append(holes[-1] + (not have[_actual(p) if p > 14 else p]))
            longest = rules.min_run if self.smallest else 13
            if not self.contract and jokers < rules.min_run and rules.run_naturals <= 1:
                longest = 2 * rules.min_run - 1  # a longer run splits into two, which the search finds
            for length in range(rules.min_run, longest + 1):
                for window in _windows(length, rules):
                    if holes[window[-1]] - holes[window[0] - 1] <= jokers:
                        yield from self._run_fills(window, have, jokers, suit)

    def _run_fills(self, window: tuple[int, ...], have: list[list[int]], jokers: int,
                   suit: int) -> Iterable[_Candidate]:
        """Every way to fill ``window``: at each position one copy of the card, or a joker."""
        rules = self.rules
        adjacent_ok = rules.jokers_adjacent
        naturals_needed = max(1, rules.run_naturals)
        length = len(window)
        choices = [have[p if p <= 14 else _actual(p)] for p in window]

        def fill(k: int, mask: int, used: int, prev_joker: bool) -> Iterable[_Candidate]:
            if k == length:
                if length - used >= naturals_needed:
                    yield _Candidate(mask, used, RUN, suit, window)
                return
            for slot in choices[k]:
                yield from fill(k + 1, mask | 1 << slot, used, False)
            if used < jokers and (adjacent_ok or not prev_joker):
                yield from fill(k + 1, mask, used + 1, True)

        return fill(0, 0, 0, False)

    # -- the search --
    # Two copies of a card (the double pack) are the same card: a meld always takes the first copy
    # left, so the copies left of a card are always its last ones and the search never tells apart two
    # states that differ only in which copy went where (on a big doubled hand that halves the states
    # again and again). ``before`` is the copies a candidate passes over: it applies only once they are gone.
    @cached_property
    def _second_copies(self) -> int:
        return sum(1 << k for k in range(1, len(self.slots)) if self.slots[k - 1] == self.slots[k])

    def _before(self, mask: int) -> int:
        return (mask & self._second_copies) >> 1

    @cached_property
    def _plain_at(self) -> list[list[tuple[int, int, int, _Candidate]]]:
        """Each slot's candidates as (mask, jokers, copies passed over, candidate): bound once, read in
        the inner loop."""
        return [[(c.mask, c.jokers, self._before(c.mask) & ~c.mask, c) for c in per_slot]
                for per_slot in self.candidates]

    @cached_property
    def _kinds_at(self) -> tuple[list[list[tuple[int, int, int, int, _Candidate]]], ...]:
        """Each slot's sets, and its runs, as (mask, jokers, the rank's or suit's bit, copies passed
        over, candidate)."""
        return tuple([[(c.mask, c.jokers, 1 << c.key, self._before(c.mask) & ~c.mask, c) for c in per_slot
                       if (c.kind == SET) == want]
                      for per_slot in self.candidates] for want in (True, False))

    def solve(self, contract: tuple[int, int] | None, rem: int | None = None, jokers: int | None = None,
              shared: dict[int, tuple[int, _Candidate | None]] | None = None,
              budget: int | None = None) -> Arrangement | None:
        """The best arrangement of the slots in ``rem`` (all) with ``jokers`` jokers (all); a
        ``shared`` memo may be passed to every call with the same contract. The call adds at most
        ``budget`` states to the memo (None: no limit); past that :class:`SearchCut` is raised. Every
        state kept is whole, so a memo shared after a cut still answers truly."""
        memo: dict[int, tuple[int, _Candidate | None]] = {} if shared is None else shared  # keys: the state packed
        before = len(memo)
        try:
            return self._solve(contract, rem, jokers, memo, INFINITY if budget is None else before + budget)
        finally:
            _STATES[0] += len(memo) - before

    def _solve(self, contract: tuple[int, int] | None, rem: int | None, jokers: int | None,
               memo: dict[int, tuple[int, _Candidate | None]], limit: int) -> Arrangement | None:
        n = len(self.slots)
        values, copies, joker_value = self.values, self.copies, self.joker_value
        rules = self.rules

        every_at = self._plain_at if not contract else []

        def best(rem: int, jokers: int) -> tuple[int, _Candidate | None]:
            key = jokers << n | rem
            hit = memo.get(key)
            if hit is not None:
                return hit
            if not rem:
                result: tuple[int, _Candidate | None] = (jokers * joker_value, None)
            else:
                low = (rem & -rem).bit_length() - 1
                dead = rem & copies[low]  # a card left as deadwood takes its twin along
                points = values[low] * dead.bit_count() + best(rem & ~dead, jokers)[0]
                choice = None
                for mask, used, before, cand in every_at[low]:
                    if not points:
                        break
                    if used <= jokers and mask & rem == mask and not rem & before:
                        got = best(rem & ~mask, jokers - used)[0]
                        if got < points:
                            points, choice = got, cand
                result = (points, choice)
            if len(memo) >= limit:
                raise SearchCut
            memo[key] = result
            return result

        # The contract's candidates bound once, per lowest slot and kind, as plain tuples (mask, jokers,
        # the rank's or suit's bit, the candidate): the inner loop reads no attribute and skips a kind
        # the contract no longer asks for.
        sets_at, runs_at = self._kinds_at if contract else ([], [])
        set_size, run_size = rules.min_set, rules.min_run
        # Placed lowest slot first, sorted by rank a set is chosen at its own rank, so once the search
        # is past a rank which ranks were used no longer matters, only whether the current one was; sorted
        # by suit the same holds of runs and suits. The memo key keeps only what the rest depends on.
        by_rank = self.by_rank
        place = [idx % 13 if by_rank else idx // 13 for idx in self.slots]
        # A four needs a real card of a suit not used yet: the suits with slots left bound the fours possible.
        suit_masks = [(1 << s, sum(1 << k for k, idx in enumerate(self.slots) if idx // 13 == s)) for s in range(4)]
        # The shortest melds answer only whether the contract can be laid: the first one found will do.
        first = self.smallest
        enough = INFINITY if first else 1  # a result below this ends the search of a state

        def best_contract(rem: int, jokers: int, threes: int, fours: int, ranks: int, suits: int
                          ) -> tuple[int, _Candidate | None]:
            if rem:
                low = (rem & -rem).bit_length() - 1
                past = place[low]
                key = (((((ranks >> past if by_rank else ranks) << 4 | (suits if by_rank else suits >> past)) << 3
                         | threes) << 3 | fours) << 5 | jokers) << n | rem
            else:
                key = ((threes << 3 | fours) << 5 | jokers) << n
            hit = memo.get(key)
            if hit is not None:
                return hit
            if threes * set_size + fours * run_size > rem.bit_count() + jokers:
                result: tuple[int, _Candidate | None] = (INFINITY, None)
            elif not rem:  # only jokers left: they make no meld, so the contract must be complete
                result = (jokers * joker_value if not threes and not fours else INFINITY, None)
            elif fours and sum(1 for bit, mask in suit_masks if rem & mask and not suits & bit) < fours:
                result = (INFINITY, None)
            else:
                dead = rem & copies[low]  # a card left as deadwood takes its twin along
                if first:  # melds first; the first contract found will do
                    points = INFINITY
                else:
                    points = values[low] * dead.bit_count() + best_contract(rem & ~dead, jokers, threes, fours, ranks,
                                                                            suits)[0]
                choice = None
                if threes and points >= enough:
                    for mask, used, bit, before, cand in sets_at[low]:
                        if used <= jokers and mask & rem == mask and not ranks & bit and not rem & before:
                            got = best_contract(rem & ~mask, jokers - used, threes - 1, fours, ranks | bit, suits)[0]
                            if got < points:
                                points, choice = got, cand
                                if got < enough:
                                    break
                if fours and points >= enough:
                    for mask, used, bit, before, cand in runs_at[low]:
                        if used <= jokers and mask & rem == mask and not suits & bit and not rem & before:
                            got = best_contract(rem & ~mask, jokers - used, threes, fours - 1, ranks, suits | bit)[0]
                            if got < points:
                                points, choice = got, cand
                                if got < enough:
                                    break
                if first and choice is None:
                    points = values[low] * dead.bit_count() + best_contract(rem & ~dead, jokers, threes, fours, ranks,
                                                                            suits)[0]
                result = (points, choice)
            if len(memo) >= limit:
                raise SearchCut
            memo[key] = result
            return result

        full = (1 << n) - 1 if rem is None else rem
        state: list[int] = [full, self.jokers if jokers is None else jokers]
        state += [contract[0], contract[1], 0, 0] if contract else []
        step = best_contract if contract else best
        points = step(*state)[0]  # type: ignore[operator]
        if points >= INFINITY:
            return None
        melds: list[Meld] = []
        deadwood: list[Card] = []
        while state[0]:
            rem = state[0]
            choice = step(*state)[1]  # type: ignore[operator]
            if choice is None:
                low = (rem & -rem).bit_length() - 1
                dead = rem & copies[low]
                deadwood.extend(_card(self.slots[low]) for _ in range(dead.bit_count()))
                state[0] = rem & ~dead
                continue
            state[0] = rem & ~choice.mask
            state[1] -= choice.jokers
            melds.append(self._meld(choice))
            if contract:
                if choice.kind == SET:
                    state[2] -= 1
                    state[4] |= 1 << choice.key
                else:
                    state[3] -= 1
                    state[5] |= 1 << choice.key
        deadwood.extend([JOKER] * state[1])
        return Arrangement(tuple(melds), tuple(deadwood), points)

    def _meld(self, cand: _Candidate) -> Meld:
        cards = [_card(self.slots[k]) for k in range(len(self.slots)) if cand.mask >> k & 1]
        if cand.kind == SET:
            return Meld(SET, tuple(sorted(cards, key=_suit_order)) + (JOKER,) * cand.jokers, cand.window)
        by_rank = {c.rank: c for c in cards}
        return Meld(RUN, tuple(by_rank.pop(_actual(p), JOKER) for p in cand.window), cand.window,
                    FRENCH_SUITS[cand.key])

def _remove(rem: tuple[int, ...], used: tuple[int, ...]) -> tuple[int, ...]:
    out = list(rem)
    for i in used:
        out.remove(i)
    return tuple(out)
