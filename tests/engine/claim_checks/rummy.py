"""Basic Rummy: what its hints claim, worked out again from the seat's view with the rules' own functions
(engine.melds.least_deadwood, engine.games.rummy.card_value), never through the advisor (docs/rules/rummy.md).

Deadwood is the points of the cards in no meld of the best split of a hand. "Your best discard" is found by
trying every card of the hand (a card is skipped only when even its whole value off could not beat the best
found: throwing a card never lowers deadwood by more than its value). The cards "you cannot see" are recounted
from the view: the pack less your hand, the melds on the table, the discard pile and the cards an opponent is
known to hold (taken from the discard pile).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import engine
from engine.cards import JOKER, Card, parse_card, parse_cards, standard_52
from engine.claims import Certain, Claim, Count, Figure
from engine.games.rummy import card_value, meld_rules
from engine.hints import Hint
from engine.melds import MeldRules, layoffs, least_deadwood, meld_or_none

from ..helpers import fork

#: Figures are rounded to two decimals in the words.
CLOSE = 0.006

#: Fewer candidate discards weighed in the test (each brings two figures to re-derive); the figures of those
#: weighed do not depend on how many there are.
FAST = {"CANDIDATES": 3}


class Seen:
    """One seat's view, in cards and rules."""

    def __init__(self, game: engine.Game, seat: int) -> None:
        self.view: dict[str, Any] = game.view(seat)
        self.rules: MeldRules = meld_rules(self.view["options"])
        self.ace: str = self.view["ace"]
        self.hand = parse_cards(self.view["hand"])
        self.seat = seat

    def value(self, card: Card) -> int:
        return card_value(card, self.ace)

    def deadwood(self, cards: list[Card]) -> int:
        return _deadwood(tuple(sorted(cards, key=str)), self.rules, self.ace)

    def best_discard(self, cards: list[Card], forbidden: Card | None = None) -> int:
        """The least deadwood after throwing one of ``cards``: every card tried (bounded, see above)."""
        whole = self.deadwood(cards)
        best = 10 ** 6
        for card in sorted(set(cards) - {forbidden}, key=self.value, reverse=True):
            if whole - self.value(card) >= best:
                continue
            rest = list(cards)
            rest.remove(card)
            best = min(best, self.deadwood(rest))
        return best

    def unseen(self) -> list[Card]:
        pack = standard_52() + ([JOKER, JOKER] if self.view["options"]["jokers"] else [])
        known = list(self.hand) + parse_cards(self.view["discard_pile"])
        known += [c for m in self.view["melds"] for c in parse_cards(m["cards"])]
        known += [c for s, cards in enumerate(self.view["picked_up"]) if s != self.seat for c in parse_cards(cards)]
        for card in known:
            pack.remove(card)  # each card is known in one place only: a second sighting would be an error
        return pack

    def top(self) -> Card:
        return parse_card(self.view["discard_top"])


@lru_cache(maxsize=200_000)
def _deadwood(cards: tuple[Card, ...], rules: MeldRules, ace: str) -> int:
    return least_deadwood(list(cards), rules, lambda c: card_value(c, ace)).points


def _near(a: float, b: float) -> bool:
    return abs(a - b) <= CLOSE


def check_deadwood_now(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    assert isinstance(claim, Figure)
    seen = Seen(game, seat)
    real = seen.deadwood(seen.hand)
    return None if claim.value == real else f"the deadwood is said to be {claim.value}, but it is {real}"


def check_after_taking(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    """Taking the top discard on a copy of the real game, then every legal discard: the least deadwood left."""
    assert isinstance(claim, Figure)
    after = fork(game)
    after.apply("draw discard", seat)
    seen = Seen(after, seat)
    left = []
    for action in after.legal_actions(seat):
        if action.verb == "discard":
            rest = list(seen.hand)
            rest.remove(parse_card(action.arg))
            left.append(seen.deadwood(rest))
    if claim.value != min(left):
        return f"taking the discard is said to leave {claim.value}, but the best legal discard leaves {min(left)}"
    return None


def _stock_outcomes(seen: Seen) -> tuple[list[Card], list[int]]:
    unseen = seen.unseen()
    return unseen, [seen.best_discard(seen.hand + [x]) for x in unseen]


def check_stock_average(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    assert isinstance(claim, Figure)
    seen = Seen(game, seat)
    unseen, after = _stock_outcomes(seen)
    if claim.detail.get("unseen") != len(unseen):
        return f"{claim.detail.get('unseen')} cards are said to be unseen, but {len(unseen)} are"
    mean = sum(after) / len(after)
    return None if _near(claim.value, mean) else f"the stock is said to leave {claim.value} on average, not {mean:.3f}"


def check_stock_helps(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    assert isinstance(claim, Count)
    seen = Seen(game, seat)
    unseen, after = _stock_outcomes(seen)
    now = seen.deadwood(seen.hand)
    helps = sum(1 for d in after if d < now)
    if (claim.n, claim.of) != (helps, len(unseen)):
        return (f"{claim.n} of {claim.of} unseen cards are said to lower the deadwood; recounted: {helps} of "
                f"{len(unseen)}")
    return None


def check_completes(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    assert isinstance(claim, Certain)
    seen = Seen(game, seat)
    cards = parse_cards(" ".join(claim.detail["cards"]))
    top = seen.top()
    rest = list(cards)
    if top not in rest:
        return f"the meld {cards} said to be completed does not hold the discard {top}"
    rest.remove(top)
    if meld_or_none(cards, seen.rules) is None or any(rest.count(c) > seen.hand.count(c) for c in rest):
        return f"{cards} is said to be a meld completed from the hand {seen.hand} and {top}"
    return None


def check_fits_table(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    seen = Seen(game, seat)
    top = seen.top()
    for m in seen.view["melds"]:
        meld = meld_or_none(parse_cards(m["cards"]), seen.rules)
        if meld is not None and layoffs(meld, top, seen.rules):
            return None
    return f"{top} is said to fit a meld on the table, but it fits none"


def check_card_adds(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    assert isinstance(claim, Figure)
    seen = Seen(game, seat)
    value = seen.value(seen.top())
    return None if claim.value == value else f"the discard is said to add {claim.value}, but it is worth {value}"


def _moved(claim: Claim) -> list[Card]:
    move = claim.move  # type: ignore[attr-defined]
    verb, _, arg = move.partition(" ")
    return parse_cards(arg) if verb == "meld" else [parse_card(arg.split()[0])]


def check_meld_points(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    assert isinstance(claim, Figure)
    seen = Seen(game, seat)
    points = sum(seen.value(c) for c in _moved(claim))
    return None if claim.value == points else f"{claim.move} is said to take out {claim.value}, not {points}"


def check_layoff_lowers(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    assert isinstance(claim, Figure)
    seen = Seen(game, seat)
    rest = list(seen.hand)
    rest.remove(_moved(claim)[0])
    lower = seen.deadwood(seen.hand) - seen.deadwood(rest)
    return None if claim.value == lower else f"{claim.move} is said to lower the deadwood by {claim.value}, not {lower}"


def check_deadwood_becomes(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    assert isinstance(claim, Figure)
    seen = Seen(game, seat)
    rest = list(seen.hand)
    rest.remove(_moved(claim)[0])
    left = seen.deadwood(rest)
    return None if claim.value == left else f"{claim.move} is said to leave {claim.value}, not {left}"


def check_after_next_draw(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    assert isinstance(claim, Figure)
    seen = Seen(game, seat)
    rest = list(seen.hand)
    rest.remove(_moved(claim)[0])
    unseen = seen.unseen()
    if claim.detail.get("unseen") != len(unseen):
        return f"{claim.detail.get('unseen')} cards are said to be unseen, but {len(unseen)} are"
    mean = sum(seen.best_discard(rest + [x]) for x in unseen) / len(unseen)
    if not _near(claim.value, mean):
        return f"{claim.move} is said to leave {claim.value} on average, not {mean:.3f}"
    return None


CHECKS = {
    ("figure", "rummy.deadwood_now"): check_deadwood_now,
    ("figure", "rummy.after_taking"): check_after_taking,
    ("figure", "rummy.stock_average"): check_stock_average,
    ("count", "rummy.stock_helps"): check_stock_helps,
    ("certain", "rummy.completes"): check_completes,
    ("certain", "rummy.fits_table"): check_fits_table,
    ("figure", "rummy.card_adds"): check_card_adds,
    ("figure", "rummy.meld_points"): check_meld_points,
    ("figure", "rummy.layoff_lowers"): check_layoff_lowers,
    ("figure", "rummy.deadwood_becomes"): check_deadwood_becomes,
    ("figure", "rummy.after_next_draw"): check_after_next_draw,
}
