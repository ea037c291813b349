"""Rummy bots and hints, from one seat's view.

- easy: any legal move, but it puts cards down whenever it can;
- medium: puts down the melds of its least-deadwood split and every lay-off, takes the
  discard only when it completes or extends a meld, and throws the costliest loose card,
  keeping cards that are one card away from a meld;
- hard: the same solver, and for every choice it tries each card it cannot see as the next
  stock card (exactly, not a sample), keeps track of what the opponents took from the
  discard pile and will not feed them: it avoids discards that fit a meld on the table or
  sit next to a card an opponent picked up. It also keeps its melds hidden in hand while it
  has put nothing down and every opponent still holds many cards: it gives nobody a lay-off
  and can go rummy (double) in one turn; it puts them down as soon as it can go out, or when
  an opponent gets close. A hint does not hold back: it teaches putting melds down.

Deadwood here means the points of the cards that are in no meld of the best split of the
hand (engine.melds.least_deadwood), counted as the rules count a hand at the end.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import JOKER, Card, parse_card, parse_cards
from ..hints import Alternative, Hint
from ..melds import Meld, MeldRules, least_deadwood
from ..words import count
from .rummy import card_value, meld_rules

View = dict[str, Any]

#: The hard player's discard weighs deadwood now against deadwood expected after the next draw,
#: and charges points for feeding an opponent (a lay-off on the table, a card near one he picked up).
NOW_WEIGHT = 0.5
TABLE_RISK = 4.0
PICKED_RISK = 2.0
#: The hard player keeps its melds hidden while every opponent holds at least this many cards
#: (measured in bench_rummy.py: 5 beat 3 and beat putting melds down at once).
HOLD_WHILE_OPPONENTS_HOLD = 5


class Reader:
    """What a view says, in cards: the hand, the table, the cards this seat cannot see."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.rules: MeldRules = meld_rules(view["options"])
        self.ace: str = view["ace"]
        self.hand = parse_cards(view["hand"])
        self.legal: list[str] = view["legal"]
        self.table = [parse_cards(m["cards"]) for m in view["melds"]]
        self.top = parse_card(view["discard_top"]) if view["discard_top"] else None
        self.me = view["seat"]

    def value(self, card: Card) -> int:
        return card_value(card, self.ace)

    def deadwood(self, cards: list[Card]) -> int:
        return least_deadwood(cards, self.rules, self.value).points

    def unseen(self) -> list[Card]:
        """Cards this seat has not seen: not in its hand, on the table, in the discard pile or
        known to be held by an opponent (taken from the discard pile)."""
        pack = [Card(r, s) for s in "SHDC" for r in range(1, 14)] + ([JOKER, JOKER] if self.rules.jokers else [])
        seen = self.hand + [c for m in self.table for c in m] + parse_cards(self.view["discard_pile"])
        seen += [c for s, cards in enumerate(self.view["picked_up"]) if s != self.me for c in parse_cards(cards)]
        for c in seen:
            if c in pack:
                pack.remove(c)
        return pack

    def fits_table(self, card: Card) -> bool:
        """Would ``card`` lay off on a meld on the table?"""
        from ..melds import layoffs, meld_or_none
        for cards in self.table:
            meld = meld_or_none(cards, self.rules)
            if meld is not None and layoffs(meld, card, self.rules):
                return True
        return False

    def after_best_discard(self, cards: list[Card], forbidden: Card | None = None) -> tuple[int, Card | None]:
        """The deadwood left after the best discard from ``cards``, and that discard."""
        arrangement = least_deadwood(cards, self.rules, self.value)
        loose = [c for c in arrangement.deadwood if c != forbidden]
        if loose:
            worst = max(loose, key=self.value)
            return arrangement.points - self.value(worst), worst
        best: tuple[int, Card | None] = (10 ** 6, None)
        for c in set(cards):
            if c == forbidden:
                continue
            rest = list(cards)
            rest.remove(c)
            best = min(best, (self.deadwood(rest), c), key=lambda t: t[0])
        return best


def _move(legal: list[str], verb: str) -> list[str]:
    return [a for a in legal if a.startswith(verb + " ")]


def _shown(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(c.symbol for c in cards)


# ---- putting cards down (medium and hard) ---------------------------------------------

def put_down(r: Reader) -> tuple[str, str] | None:
    """The next meld or lay-off of the least-deadwood plan, with the reason; None if none."""
    arrangement = least_deadwood(r.hand, r.rules, r.value)
    for meld in arrangement.melds:
        action = _legal_meld(r.legal, meld)
        if action:
            return action, (f"{_shown(meld.cards)} is {meld.describe(r.rules).split(' (')[0]}: putting it "
                            f"down takes {sum(r.value(c) for c in meld.cards)} points out of your hand.")
    for action in _move(r.legal, "layoff"):
        card = parse_card(action.split()[1])
        if card in arrangement.deadwood or card.is_joker:
            number = action.split()[3]
            return action, (f"{card.symbol} is in none of your melds but fits meld {number} on the table: "
                            f"laying it off saves {count(r.value(card), 'point')}.")
    return None


def _legal_meld(legal: list[str], meld: Meld) -> str | None:
    text = "meld " + " ".join(str(c) for c in meld.cards)
    if text in legal:
        return text
    want = sorted(meld.cards)
    for action in _move(legal, "meld"):
        if sorted(parse_cards(action[5:])) == want:
            return action
    return None


def near_meld(card: Card, hand: list[Card]) -> bool:
    """One card away from a meld: a pair, or two of a suit at most two apart."""
    return any(o is not card and o != card and not o.is_joker and (
        o.rank == card.rank or o.suit == card.suit and abs(o.rank - card.rank) <= 2) for o in hand)


# ---- the three players ---------------------------------------------------------------

def easy(view: View, rng: random.Random) -> str:
    legal = view["legal"]
    down = _move(legal, "meld") + _move(legal, "layoff")
    return rng.choice(down or legal)


def medium(view: View, rng: random.Random) -> str:
    r = Reader(view)
    if view["phase"] == "draw":
        if "draw discard" in r.legal and r.top is not None and _discard_helps(r, r.top):
            return "draw discard"
        return "draw stock"
    plan = put_down(r)
    if plan:
        return plan[0]
    return _medium_discard(r)


def _discard_helps(r: Reader, card: Card) -> bool:
    """Does ``card`` complete or extend a meld (or lay off on the table)?"""
    before = least_deadwood(r.hand, r.rules, r.value)
    after = least_deadwood(r.hand + [card], r.rules, r.value)
    return card not in after.deadwood and len(after.deadwood) <= len(before.deadwood) or r.fits_table(card)


def _medium_discard(r: Reader) -> str:
    arrangement = least_deadwood(r.hand, r.rules, r.value)
    options = [parse_card(a.split()[1]) for a in _move(r.legal, "discard")]
    loose = [c for c in options if c in arrangement.deadwood] or options
    best = max(loose, key=lambda c: (not near_meld(c, r.hand), r.value(c), str(c)))
    return f"discard {best}"


def hard(view: View, rng: random.Random) -> str:
    return plan_hard(view, hold=True)[0]


def plan_hard(view: View, hold: bool = False) -> tuple[str, str, list[Alternative]]:
    """The hard player's move, the reason in words with its numbers, and the alternatives.

    ``hold``: keep melds hidden in hand to go rummy (the hard bot does; a hint puts them down,
    the safe play a beginner is taught first)."""
    r = Reader(view)
    if view["phase"] == "draw":
        return _hard_draw(r)
    plan = None if hold and _hold_for_rummy(r) else put_down(r)
    if plan:
        return plan[0], plan[1], []
    return _hard_discard(r)


def _hold_for_rummy(r: Reader) -> bool:
    """Keep the melds in hand, to go rummy (double) later and give nobody a lay-off, while nothing
    has been put down yet, the hand cannot go out this turn and every opponent still holds many cards."""
    v = r.view
    sizes = [n for s, n in enumerate(v["hand_sizes"]) if s != r.me]
    if v["put_down"][r.me] or min(sizes) < HOLD_WHILE_OPPONENTS_HOLD:
        return False
    loose = [c for c in least_deadwood(r.hand, r.rules, r.value).deadwood if not r.fits_table(c)]
    return len(loose) > 1


def _hard_draw(r: Reader) -> tuple[str, str, list[Alternative]]:
    now = r.deadwood(r.hand)
    unseen = r.unseen()
    stock_after = [r.after_best_discard(r.hand + [x])[0] for x in unseen]
    expected = sum(stock_after) / len(stock_after) if stock_after else float(now)
    helps = sum(1 for d in stock_after if d < now)
    share = f"{helps} of the {len(unseen)} cards I cannot see" if unseen else "none"
    pct = round(100 * helps / len(unseen)) if unseen else 0
    alternatives = [Alternative("draw stock", -expected, f"deadwood {expected:.1f} on average after the best "
                                "discard")]
    if "draw discard" in r.legal and r.top is not None:
        took, throw = r.after_best_discard(r.hand + [r.top], forbidden=r.top if r.view["options"]["discard_rule"]
                                           else None)
        alternatives.append(Alternative("draw discard", -took, f"deadwood {took} after the best discard"))
        if took < expected and took < now:
            arrangement = least_deadwood(r.hand + [r.top], r.rules, r.value)
            meld = next((m for m in arrangement.melds if r.top in m.cards), None)
            if meld is not None:
                what = f"it completes {_shown(meld.cards)}"
            elif r.fits_table(r.top):
                what = "it fits a meld on the table"
            else:
                what = (f"it is worth only {r.value(r.top)} point{'s' if r.value(r.top) != 1 else ''}, and you "
                        f"can throw your {throw.symbol if throw else 'worst card'} instead")
            return ("draw discard",
                    f"Take the {r.top.symbol} from the discard: {what}; that cuts your deadwood from {now} to "
                    f"{took} once you discard. The stock card would help you in {'only ' if pct < 50 else ''}"
                    f"{share} ({pct}%), leaving {expected:.1f} on average.", alternatives)
    return ("draw stock",
            f"Draw from the stock: your deadwood is {now}, and the stock card lowers it in {share} ({pct}%); "
            + (f"the {r.top.symbol} on the discard pile would not help."
               if r.top is not None else "the discard pile is empty."), alternatives)


def _danger(r: Reader, card: Card) -> str | None:
    """Why an opponent might want ``card``: it lays off on the table, or sits next to a card he
    took from the discard pile."""
    if r.fits_table(card):
        return "it fits a meld on the table"
    for seat, cards in enumerate(r.view["picked_up"]):
        if seat == r.me:
            continue
        for taken in parse_cards(cards):
            if taken.rank == card.rank or taken.suit == card.suit and abs(taken.rank - card.rank) <= 2:
                return f"{r.view['names'][seat]} took {taken.symbol} from the discard pile"
    return None


def _hard_discard(r: Reader) -> tuple[str, str, list[Alternative]]:
    arrangement = least_deadwood(r.hand, r.rules, r.value)
    options = [parse_card(a.split()[1]) for a in _move(r.legal, "discard")]
    loose = [c for c in options if c in arrangement.deadwood]
    candidates = sorted(set(loose or options), key=lambda c: (-r.value(c), str(c)))[:5]
    unseen = r.unseen()
    scored = []
    for card in candidates:
        rest = list(r.hand)
        rest.remove(card)
        left = r.deadwood(rest)
        future = [r.after_best_discard(rest + [x])[0] for x in unseen] or [left]
        expected = sum(future) / len(future)
        danger = _danger(r, card)
        # What counts if an opponent goes out soon is the deadwood now; later, the deadwood to come.
        score = -(NOW_WEIGHT * left + (1 - NOW_WEIGHT) * expected) - (
            (TABLE_RISK if danger == "it fits a meld on the table" else PICKED_RISK) if danger else 0)
        scored.append((score, card, left, expected, danger))
    scored.sort(key=lambda t: (-t[0], str(t[1])))
    best = scored[0]
    _, card, left, expected, danger = best
    alternatives = [Alternative(f"discard {c}", s, f"deadwood {lf}, {ex:.1f} expected after the next draw"
                                + (f"; risky: {dg}" if dg else "")) for s, c, lf, ex, dg in scored]
    where = "it is in none of your melds" if card in arrangement.deadwood else "every card is in a meld, so one must go"
    why = (f"Discard {card.symbol}: {where}; your deadwood becomes {left}, and "
           f"{expected:.1f} on average after your next draw (each of the {len(unseen)} cards I cannot see "
           "tried as that draw).")
    if not danger:
        others = [dg for _, c, _, _, dg in scored[1:] if dg]
        if others:
            why += f" Other loose cards could feed an opponent ({others[0]})."
    else:
        why += f" Careful: {danger}, but every other choice is worse."
    return f"discard {card}", why, alternatives


POLICIES = {"easy": easy, "medium": medium, "hard": hard}


def advise(view: View) -> Hint:
    """The hard player's choice, with the reason and how the other moves compare."""
    action, reason, alternatives = plan_hard(view)
    return Hint(view["seat"], action, reason, alternatives)


__all__ = ["POLICIES", "Reader", "advise", "easy", "hard", "medium", "near_meld", "plan_hard", "put_down"]
