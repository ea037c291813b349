"""An exhaustive solver of small Jabberwocky and Klaberjass positions, written apart from the engine's
(engine/exact.py) so that each checks the other (issue 37).

From one seat's view it re-derives from the rules (docs/rules/*.md) which cards the others may still hold
(the cards not seen, less the suits a player showed he lacks), takes the deals that fit (Klaberjass: every
hand the opponent may hold; Jabberwocky: a uniform sample, by rejection, of the ways to deal the unseen
cards), and plays each out by plain minimax over the lean ``Deal`` (``copy``, ``legal``, ``apply``): every
seat picks the move best for its own score (Klaberjass: zero-sum), the lowest-numbered of equal ones. The
scores are worked out here from the rules: the maker's rule of Klaberjass, the exact-bid reward of
Jabberwocky.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from engine.card_codes import code_of
from engine.games import jabberwocky as jw
from engine.games import klaberjass as kj

Payoff = Callable[[Any], tuple[float, ...]]


def minimax(deal: Any, payoff: Payoff, memo: dict[Any, tuple[float, ...]], key: Callable[[Any], Any]
            ) -> tuple[float, ...]:
    """Every seat's score with best play by all from ``deal`` (memoised on ``key``)."""
    if deal.phase == "done":
        return payoff(deal)
    k = key(deal)
    if k in memo:
        return memo[k]
    seat = deal.to_act()[0]
    best: tuple[float, ...] | None = None
    for move in sorted(deal.legal(seat)):
        child = deal.copy()
        child.apply(seat, move)
        value = minimax(child, payoff, memo, key)
        if best is None or value[seat] > best[seat]:
            best = value
    assert best is not None
    memo[k] = best
    return best


@dataclass
class Truth:
    """Each legal move's average over the deals solved; ``margin`` the 95% half-width of a difference
    (0 when every deal was solved)."""

    values: dict[str, list[float]]
    every_deal: bool

    def mean(self, move: str) -> float:
        return sum(self.values[move]) / len(self.values[move])

    @property
    def best(self) -> str:
        return max(self.values, key=self.mean)

    def margin(self, a: str, b: str) -> float:
        if self.every_deal:
            return 0.0
        diffs = [x - y for x, y in zip(self.values[a], self.values[b])]
        n = len(diffs)
        mean = sum(diffs) / n
        return 1.96 * math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)


def _solve(view: Mapping[str, Any], deals: Sequence[Any], payoff: Payoff, key: Callable[[Any], Any],
           every_deal: bool) -> Truth:
    seat = view["seat"]
    values: dict[str, list[float]] = {m: [] for m in view["legal"]}
    for deal in deals:
        memo: dict[Any, tuple[float, ...]] = {}
        for move in values:
            child = deal.copy()
            child.apply(seat, code_of(move.split()[1]))
            values[move].append(minimax(child, payoff, memo, key)[seat])
    return Truth(values, every_deal)


# ---- Klaberjass ----------------------------------------------------------------------------------

def klaberjass_score(tie_rule: str, held: int) -> Payoff:
    """docs/rules/klaberjass.md: the maker who scores more keeps his points (and any held over); one who
    scores less gives both totals to the opponent; a tie by the tie rule. Returned: each seat's net."""
    def net(d: kj.Deal) -> tuple[float, float]:
        totals = d.totals()
        maker, opp = d.maker, 1 - d.maker
        score = [0, 0]
        if totals[maker] > totals[opp]:
            score[maker], score[opp] = totals[maker] + held, totals[opp]
        elif totals[maker] < totals[opp] or tie_rule == "fails":
            score[opp] = totals[0] + totals[1] + held
        elif tie_rule == "held_over":
            score[opp] = totals[opp]
        else:
            score[opp] = totals[opp] + held
        return float(score[0] - score[1]), float(score[1] - score[0])
    return net


def klaberjass_hands(view: Mapping[str, Any]) -> list[list[int]]:
    """Every hand the opponent may hold: from the cards unseen, less the suits he showed he lacks (he did
    not follow: no such suit, and no trump either unless he trumped) and the trumps above a trump lead he
    did not beat (he must overtrump if he can)."""
    opp = 1 - view["seat"]
    trump = "SHDC".index(view["trump"])
    power = {r: i for i, r in enumerate((kj.RANK_7, kj.RANK_8, kj.RANK_Q, kj.RANK_K, kj.RANK_10, kj.RANK_A,
                                         kj.RANK_9, kj.RANK_J))}
    seen = {code_of(c) for c in view["hand"]} | {code_of(view["turn_up"])}
    if view["bottom_card"]:
        seen.add(code_of(view["bottom_card"]))
    for t in view["tricks_played"]:
        seen.update(code_of(c) for c in t["cards"])
    seen.update(code_of(c) for _, c in view["trick"])
    known = [c for c in kj.opponent_known(view)]
    pack = [c for c in kj.PACK if c not in seen and c not in known]
    lacks: set[int] = set()
    below: int | None = None
    for t in view["tricks_played"]:
        if t["seats"][0] == opp:
            continue
        lead, reply = code_of(t["cards"][0]), code_of(t["cards"][1])
        if reply // 13 != lead // 13:
            lacks.add(lead // 13)
            if reply // 13 != trump:
                lacks.add(trump)
        elif lead // 13 == trump and power[reply % 13] < power[lead % 13]:
            below = power[lead % 13] if below is None else min(below, power[lead % 13])
    may = [c for c in pack if c // 13 not in lacks
           and not (c // 13 == trump and below is not None and power[c % 13] > below)]
    count = view["hand_sizes"][opp] - len(known)
    return [list(h) + known for h in itertools.combinations(may, count)]


def klaberjass_truth(view: Mapping[str, Any], most: int = 3000, seed: int = 0) -> Truth:
    """Every hand the opponent may hold (a uniform sample of ``most`` when there are more), solved."""
    hands = klaberjass_hands(view)
    every = len(hands) <= most
    if not every:
        rng = random.Random(seed)
        hands = [rng.choice(hands) for _ in range(most)]
    base = kj.Deal.seen_from(view)
    opp = 1 - view["seat"]
    deals = []
    for hand in hands:
        d = base.copy()
        d.hands[opp] = list(hand)
        king, queen = d.trump * 13 + kj.RANK_K, d.trump * 13 + kj.RANK_Q
        played = {t[1] if t[0] == opp else t[2] for t in d.tricks_played}
        his = set(hand) | played
        if d.bella_seat is None and not d.bella_done and king in his and queen in his:
            d.bella_seat = opp  # he holds (or held) both: Bella is his to declare
        deals.append(d)

    def key(d: kj.Deal) -> Any:
        return (tuple(sorted(d.hands[0])), tuple(sorted(d.hands[1])), tuple(d.trick), d.turn, tuple(d.points),
                tuple(d.won), d.bella_done)
    payoff = klaberjass_score(view["options"]["maker_tie"], view["held_over"])
    return _solve(view, deals, payoff, key, every)


# ---- Jabberwocky ---------------------------------------------------------------------------------

def jabberwocky_score(scoring: str) -> Payoff:
    """docs/rules/jabberwocky.md: an exact bid scores 1 (classic: 10 plus the bid), less 3 a revoke."""
    def points(d: jw.Deal) -> tuple[float, ...]:
        out = []
        for bid, won, revokes in zip(d.bids, d.won, d.revokes):
            exact = (1 if scoring == "seed" else 10 + bid) if bid == won else 0
            out.append(float(exact - 3 * revokes))
        return tuple(out)
    return points


def jabberwocky_voids(view: Mapping[str, Any]) -> list[set[int]]:
    """The suits each seat showed it lacks: it did not follow the suit led (and made no revoke), or it led
    a trump before trumps were broken (only trumps then, when trumps must be broken)."""
    trump = "SHDC".index(view["trump"])
    lacks: list[set[int]] = [set() for _ in range(view["players"])]
    broken = False
    played = [(t["seats"], t["cards"]) for t in view["tricks_played"]] + [
        ([s for s, _ in view["trick"]], [c for _, c in view["trick"]])]
    for seats, cards in played:
        if not cards:
            continue
        codes = [code_of(c) for c in cards]
        led = codes[0] // 13
        if led == trump and not broken and view["options"]["trump_breaking"]:
            lacks[seats[0]].update(s for s in range(4) if s != trump)
        for s, c in zip(seats, codes):
            if c // 13 != led and not view["revokes"][s]:
                lacks[s].add(led)
            if c // 13 == trump:
                broken = True
    return lacks


def jabberwocky_truth(view: Mapping[str, Any], deals: int = 300, seed: int = 0) -> Truth:
    """``deals`` deals drawn uniformly (shuffle the unseen cards, deal the others' hands, keep the deal only
    if no one holds a suit it showed it lacks), each solved."""
    me = view["seat"]
    seen = {code_of(c) for c in view["hand"]} | {code_of(view["trump_card"])}
    seen.update(code_of(c) for _, c in view["trick"])
    for t in view["tricks_played"]:
        seen.update(code_of(c) for c in t["cards"])
    unseen = [c for c in range(52) if c not in seen]
    lacks = jabberwocky_voids(view)
    others = [s for s in range(view["players"]) if s != me]
    rng = random.Random(seed)
    base = jw.Deal.seen_from(view)
    out = []
    tries = 0
    while len(out) < deals:
        tries += 1
        assert tries < 2_000_000, "no deal fits the voids"
        rng.shuffle(unseen)
        start, hands, fits = 0, {}, True
        for s in others:
            hand = unseen[start:start + view["hand_sizes"][s]]
            start += len(hand)
            if any(c // 13 in lacks[s] for c in hand):
                fits = False
                break
            hands[s] = hand
        if not fits:
            continue
        d = base.copy()
        for s, hand in hands.items():
            d.set_hand(s, list(hand))
        out.append(d)

    def key(d: jw.Deal) -> Any:
        return (tuple(tuple(sorted(h)) for h in d.hands), tuple(d.trick), d.turn, tuple(d.won), d.broken,
                tuple(d.revokes))
    return _solve(view, out, jabberwocky_score(view["options"]["scoring"]), key, every_deal=False)


def truth(game_id: str, view: Mapping[str, Any], seed: int = 0) -> Truth:
    return klaberjass_truth(view, seed=seed) if game_id == "klaberjass" else jabberwocky_truth(view, seed=seed)
