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
  for (one he could tack, or one that fits what he picked up from the pile), then to the card
  with the fewest partners in hand (same rank, or same suit within two ranks), then to the
  dearest. Once someone else has laid down while it is still ``SHED_SHORT`` cards short or
  more, it sheds its dearest card instead. Its call is weighed (:class:`CallCase`): the cards
  it brings nearer against the points the called card and the penalty card (the mean of the
  cards it has not seen) add to its hand; once someone else has laid down it calls only when
  that leaves it nearer than ``RACE_SHORT`` cards. It refuses every call it is asked to allow
  (``DENY_CALLS``), taking the card as its draw, so that the caller does not get it.
  bench/bench_kalooki.py measures it against medium (duels and the three-way table); its
  docstring has the numbers: hard beats medium over nine-deal matches, by more with the outs
  counted. Holding a lay-down back (``HOLD_BACK_POINTS``) measured as a loss of about 20
  points a short match, so it is off.

The hint is the hard player's choice with its numbers in words.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

from ..cards import JOKER, Card, double_52_with_jokers, parse_card
from ..hints import Alternative, Hint
from ..words import count
from ..melds import KALOOKI, RUN, SET, ContractSearch, Meld, MeldRules, layoffs, least_deadwood
from .kalooki import TRINIDAD_MELDS, card_order, contract_problem, could_lay, penalty

View = dict[str, Any]

#: The deficit search stops here: a hand further away than this is simply "far".
FAR = 4
#: The hard player keeps a lay-down back while the cards it would keep are worth less than this.
HOLD_BACK_POINTS = 0
#: How many points of card value the hard player gives up to avoid feeding the next player.
FEED_WEIGHT = 3
#: Once someone has laid down, a hard player this many cards short or more sheds its dearest cards.
SHED_SHORT = 2

#: Wild cards for measuring: a meld needs one real card and jokers may stand side by side, so a
#: missing card may be any card at all.
_OPEN = MeldRules(min_set=3, max_set=None, min_run=4, ace=KALOOKI.ace, jokers=True, set_naturals=1,
                  run_naturals=1, jokers_adjacent=True, set_name="three", run_name="four")


def _measure_value(card: Card) -> int:
    return 1000 if card.is_joker else penalty(card)  # wild cards are always worth using


@lru_cache(maxsize=64)
def _search(hand: tuple[Card, ...], threes: int, fours: int, wild: int, rules: MeldRules) -> ContractSearch:
    """One search for this hand plus ``wild`` wild cards, and for it less any one card."""
    return ContractSearch(list(hand) + [JOKER] * wild, threes, fours, rules, _measure_value)


@lru_cache(maxsize=4096)
def _arrangement(hand: tuple[Card, ...], threes: int, fours: int, wild: int, rules: MeldRules = _OPEN,
                 without: Card | None = None):
    """The contract from ``hand`` (less one ``without`` card) and ``wild`` wild cards, or None."""
    cards = list(hand) + [JOKER] * wild
    if without is not None:
        cards.remove(without)
    if not could_lay(cards, threes, fours, rules):
        return None
    found = _search(hand, threes, fours, wild, rules).arrangement(without)
    if found is None or contract_problem(found.melds, threes, fours) is not None:
        return None
    return found


def clear_cache() -> None:
    """Forget remembered arrangements (benchmarks time each level from cold)."""
    _arrangement.cache_clear()
    _search.cache_clear()


def shortfall(hand: Sequence[Card], threes: int, fours: int, rules: MeldRules = KALOOKI,
              far: int | None = None) -> tuple[int, Any]:
    """(cards short of the contract, the arrangement that shows it); FAR when further away.

    Zero is checked under the game's own rules. Above zero the missing cards are wild cards
    that may be anything, so a hand's own jokers are held to the looser rules too: the count
    is exact with at most one joker in hand and a lower bound ("at least") with more."""
    key = tuple(sorted(hand, key=card_order))
    exact = _arrangement(key, threes, fours, 0, rules)
    if exact is not None:
        return 0, exact
    far = FAR if far is None else far
    for wild in range(1, far):
        found = _arrangement(key, threes, fours, wild)
        if found is not None:
            return wild, found
    return far, None


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
    face up and still holds. The stock's next card, a penalty card or a draw, is one of them."""
    seen = Counter(_cards(view["hand"]))
    for m in view["melds"]:
        seen.update(_cards(m["cards"]))
    seen.update(_cards(view["discard_pile"]))
    for s, held in enumerate(view["known_held"]):
        if s != view["seat"]:  # his own are in his hand
            seen.update(_cards(held))
    out = []
    for card in double_52_with_jokers():
        if seen[card]:
            seen[card] -= 1
        else:
            out.append(card)
    return out


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
        card = parse_card(text)
        if now == 0:
            ok = _arrangement(key, threes, fours, 0, rules, card) is not None
        else:
            ok = _arrangement(key, threes, fours, now, _OPEN, card) is not None
        if ok:
            out[a] = now
            continue
        more = now + 1  # usually one more; two or more when the card was a meld's only real card
        while more < far and _arrangement(key, threes, fours, more, _OPEN, card) is None:
            more += 1
        out[a] = more
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
    pack). Counted only up to ``OUTS_SHORT`` cards short: further away the searches grow slow."""
    if short <= 0 or short > OUTS_SHORT:
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
            if _arrangement(key, threes, fours, wild, measure, d) is not None:
                out[a] += copies
    return out


def _hard_discard(view: View) -> tuple[str, int, str, dict[str, int]]:
    """The hard discard, the shortfall now, why: "spare" (it costs no distance), "shed" (someone
    has laid down and the contract is far: the dearest goes) or "dearest" (every discard costs),
    and the outs of each discard that keeps the hand nearest (when they were counted)."""
    legal = [a for a in view["legal"] if a.startswith("discard ")]
    hand = _cards(view["hand"])
    threes, fours = _contract(view)
    rules = _rules(view)
    if view["laid_down"][view["seat"]]:
        return max(legal, key=lambda a: _discard_score(view, parse_card(a.split()[1]), "hard")), 0, "dearest", {}
    now, found = shortfall(hand, threes, fours, rules, far=HARD_FAR)
    after = _after_discards(hand, legal, now, found, threes, fours, rules, HARD_FAR)
    me = view["seat"]
    others_down = [s for s in range(view["players"]) if s != me and view["laid_down"][s]]
    shed = now >= SHED_SHORT and bool(others_down)

    nearest = min(after.values())
    tied = [a for a in legal if after[a] == nearest]
    live = outs(view, hand, tied, nearest, threes, fours, rules) if OUTS and not shed and len(tied) > 1 else {}

    def cost(a: str) -> tuple[float, ...]:
        card = parse_card(a.split()[1])
        rest = list(hand)
        rest.remove(card)
        soft = FEED_WEIGHT * _helps_next(view, card) + LINK_WEIGHT * _links(card, rest) - PEN_WEIGHT * penalty(card)
        if shed:
            return (-penalty(card) + FEED_WEIGHT * _helps_next(view, card), after[a])
        return (after[a], -live.get(a, 0), soft)
    best = min(legal, key=cost)
    why = "shed" if shed else ("spare" if after[best] == now else "dearest")
    return best, now, why, live


def _discard_score(view: View, card: Card, level: str) -> float:
    score = float(penalty(card))
    if level == "hard":
        score -= FEED_WEIGHT * _helps_next(view, card)
    return score


def _helps_next(view: View, card: Card) -> int:
    """How plainly the next player could use this card: he may tack it, or he picked up its like."""
    nxt = _next_player(view)
    if view["laid_down"][nxt]:
        return 2 if _fits_table(view, card) else 0
    return 1 if any(_near(c, card) for c in _cards(view["taken"][nxt])) else 0


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


def _deny_call(view: View) -> bool:
    """Refuse a call by taking the card as the draw: the caller loses a card he wanted (a call
    brings a bot nearer, and calls win matches: a hard player that called only to complete its
    contract lost 29 points a short match to medium over 25 seeds), and the refuser gives up the
    unseen stock card."""
    return DENY_CALLS and not view["laid_down"][view["seat"]]


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

def _sym(cards: Sequence[Card]) -> str:
    return " ".join("Jk" if c.is_joker else c.symbol for c in cards)


def short_words(n: int, jokers: int = 0) -> str:
    """Public name of :func:`_short_words` for the table."""
    return _short_words(n, jokers)


def _short_words(n: int, jokers: int = 0, far: int = FAR) -> str:
    """The shortfall in words; with two jokers or more in hand it is a lower bound (see :func:`shortfall`)."""
    if n == 0:
        return "you hold the whole contract"
    return "you are " + _far_words(n, jokers, far)


def _far_words(n: int, jokers: int = 0, far: int = HARD_FAR) -> str:
    """"2 cards short", "6 or more cards short", "at least 2 cards short" (two jokers or more)."""
    if n == 0:
        return "with the whole contract"
    if n >= far:
        return f"{far} or more cards short"
    least = "at least " if jokers >= 2 else ""
    return f"{least}{'one card' if n == 1 else f'{n} cards'} short"


def _n(n: int, jokers: int = 0, far: int = FAR) -> str:
    """A shortfall as a figure: "2", "at least 2" (two jokers or more), "4 or more" (the search's end)."""
    if n >= far:
        return f"{far} or more"
    return ("at least " if jokers >= 2 and n else "") + str(n)


def _feed_words(view: View, card: Card) -> str:
    """Why the next player could use this card, from what the view shows; "" when he shows no use."""
    nxt = _next_player(view)
    name = view["names"][nxt]
    if view["laid_down"][nxt]:
        return f"{name} has laid down and could tack it" if _fits_table(view, card) else ""
    near = [c for c in _cards(view["taken"][nxt]) if _near(c, card)]
    if not near:
        return ""
    return f"{name} picked up {_sym(near)} from the pile and may want it"


def _holding(view: View) -> str:
    """What the hand already has towards the contract: its melds in the rules of the game."""
    hand = _cards(view["hand"])
    found = least_deadwood(hand, _rules(view), penalty)
    if not found.melds:
        return "You hold no complete three or four yet."
    return "You hold " + " and ".join(_sym(m.cards) for m in found.melds) + "."


def _call_words(view: View, case: CallCase, jokers: int) -> str:
    """The call weighed in words: the contract's progress against the points the two cards add."""
    card = case.card.symbol
    cost = (f"a call adds the {card} ({count(penalty(case.card), 'point')}) and a penalty card from the stock, "
            f"one of the {case.unseen} cards you have not seen (worth {case.penalty_mean:.1f} points on average), "
            "and you neither lay down nor discard this turn")
    if case.later >= case.now:
        return f"With the {card} you would still be {_far_words(case.later, jokers, FAR)}, and {cost}: let it go."
    gain = (f"Calling the {card} completes the contract" if case.later == 0
            else f"Calling the {card} brings you to {_far_words(case.later, jokers, FAR)}")
    names = " and ".join(view["names"][s] for s in case.racing)
    if not case.racing:
        return f"{gain}; {cost}. Nobody else has laid down yet: call."
    has = "have" if len(case.racing) > 1 else "has"
    if case.later >= RACE_SHORT:
        return (f"{gain}, but {names} {has} laid down and may go out any turn; {cost}, and you would still be "
                f"{_far_words(case.later, jokers, FAR)}: let it go.")
    return f"{gain}; {cost}. {names} {has} laid down, but the call leaves you nearer than {RACE_SHORT} cards: call."


def advise(view: View) -> Hint:
    seat = view["seat"]
    legal = view["legal"]
    action = hard(view, random.Random(0))
    threes, fours = _contract(view)
    need = f"You need {view['contract']['text']}."
    hand = _cards(view["hand"])
    laid = view["laid_down"][seat]
    rules = _rules(view)
    jokers = sum(c.is_joker for c in hand)
    short, _ = shortfall(hand, threes, fours, rules) if not laid else (0, None)
    alternatives: list[Alternative] = []
    if laid:
        reason = "You have laid down: tack what fits, then discard your dearest card."
        if action.startswith(("tack", "swap")):
            card = parse_card(action.split()[1])
            reason = (f"You have laid down. {card.symbol} fits meld {action.split()[2]}: tacking it saves "
                      f"{count(penalty(card), 'point')}.")
        elif action == "take":
            shown = parse_card(view["discard_top"]).symbol
            reason = f"You have laid down and {shown} fits a meld on the table: take it."
        elif action.startswith("discard"):
            card = parse_card(action.split()[1])
            reason = (f"You have laid down and nothing else fits: discard {card.symbol}, your dearest card "
                      f"({count(penalty(card), 'point')}).")
        return Hint(seat, action, reason, alternatives)
    if action in ("call", "pass"):
        case = call_case(view)
        reason = f"{need} {_holding(view)} Now {_short_words(case.now, jokers)}. " + _call_words(view, case, jokers)
        alternatives = [Alternative("call", -case.later, f"{_n(case.later, jokers)} short after the call, "
                                    f"about {case.added_points:.1f} points more in hand"),
                        Alternative("pass", -case.now, f"{_n(case.now, jokers)} short, no penalty card")]
        return Hint(seat, action, reason, alternatives)
    if action in ("take", "draw", "refuse", "allow"):
        top = view["discard_top"]
        later, _ = shortfall(hand + [parse_card(top)], threes, fours, rules) if top else (short, None)
        top_words = parse_card(top).symbol if top else "the discard"
        if action == "refuse" and later >= short:
            caller = view["names"][view["call_pending"]]
            words = (f"{top_words} does not bring you nearer ({_short_words(later, jokers)} with it), but "
                     f"{caller} called it and wants it; it is worth {count(penalty(parse_card(top)), 'point')}"
                     ": take it as your draw to refuse the call (you give up the unseen stock card)")
        elif action in ("take", "refuse"):
            words = (f"taking {top_words} brings you from {_n(short, jokers)} to {_n(later, jokers)} "
                     "cards short: take it")
            if action == "refuse":
                words += " (that refuses the call)"
        else:
            words = f"{top_words} does not bring you nearer ({_short_words(later, jokers)} with it)"
            words += ": allow the call, then draw from the stock" if action == "allow" else ": draw from the stock"
        reason = f"{need} {_holding(view)} Now {_short_words(short, jokers)}; {words}."
        take, draw = ("refuse", "allow") if "allow" in legal else ("take", "draw")
        alternatives = [Alternative(take, -later, f"{_n(later, jokers)} short with {top_words}"),
                        Alternative(draw, -short, f"{_n(short, jokers)} short before the unseen card")]
        return Hint(seat, action, reason, alternatives)
    if action.startswith("challenge"):
        who = int(action.split()[1])
        reason = f"{view['names'][who]} holds {view['hand_sizes'][who]} cards, more than 18: the challenge is right."
        return Hint(seat, action, reason, alternatives)
    if action.startswith("lay"):
        reason = f"{need} You have it: lay it down ({action[4:]})."
        return Hint(seat, action, reason, alternatives)
    discard, short, tag, live = _hard_discard(view)
    after = _after_discards(hand, [a for a in legal if a.startswith("discard ")], short,
                            shortfall(hand, threes, fours, rules, far=HARD_FAR)[1], threes, fours, rules, HARD_FAR)
    short = min(short, HARD_FAR)
    card = parse_card(discard.split()[1])
    left = after[discard]
    keep = ("you stay " + _far_words(left, jokers) if left == short
            else f"it leaves you {_far_words(left, jokers)}, and no discard keeps you nearer")
    rest = list(hand)
    rest.remove(card)
    links = _links(card, rest)
    partners = "none" if not links else "one" if links == 1 else str(links)
    weigh = (f"it goes with {partners} of your other cards (same rank, or same suit within two ranks) "
             f"and is worth {count(penalty(card), 'point')}")
    live = live if jokers < 2 else {}  # with two jokers the shortfall is only a lower bound
    if discard in live:  # outs break the tie before the softer reasons below
        gain = "complete the contract" if left == 1 else "bring you one card nearer"
        keep += (f"; after it, {live[discard]} of the {len(unseen_cards(view))} cards you have not seen would {gain}, "
                 f"and no other discard that leaves you {_far_words(left, jokers)} keeps more")
    why = {"spare": f"{keep}; {weigh}",
           "shed": ("someone has laid down and may go out soon while you are still "
                    f"{_far_words(short, jokers)}, so shed your dearest card ({count(penalty(card), 'point')})"),
           "dearest": f"{keep}; {weigh}"}[tag]
    reason = f"{need} {_holding(view)} Now {_short_words(short, jokers, HARD_FAR)}. Discard the {card.symbol}: {why}"
    feed = _feed_words(view, card)
    reason += f"; {feed}." if feed else "; the next player shows no use for it."
    options = sorted(after, key=lambda a: card_order(parse_card(a.split()[1])))
    for a in options:
        c = parse_card(a.split()[1])
        n = after[a]
        left_words = f"{HARD_FAR} or more" if n >= HARD_FAR else ("at least " if jokers >= 2 and n else "") + str(n)
        lift = f", then {count(live[a], 'card')} would bring you nearer" if a in live else ""
        alternatives.append(Alternative(a, -n, f"{left_words} short after it{lift}, {count(penalty(c), 'point')}"))
    return Hint(seat, discard, reason, alternatives)


__all__ = ["POLICIES", "advise", "choose", "clear_cache", "rules_for", "short_words", "shortfall"]
