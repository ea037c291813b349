"""Jabberwocky positions solved exactly (engine/exact.py): the round's last tricks, deals drawn uniformly.

The other hands hold any of the unseen cards but the suits each has shown it lacks
(:func:`~engine.games.jabberwocky_ai.known_deal`); the rest lie in the stock, which play never reaches.
Every such deal is equally likely; they are counted exactly (suit by suit, the ways to share each suit's
unseen cards among the hands that may hold it and the stock) and drawn uniformly from that count. Each
deal is played out with every seat playing perfectly for its own score (all cards visible), and the
payoff is the round's score: the exact-bid reward (1 point, or 10 plus the bid in classic scoring) less
3 a revoke.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any, Callable, Hashable, Mapping

from ..card_codes import code_of
from .jabberwocky import Deal, round_points
from .jabberwocky_ai import known_deal

#: Cards in the seat's hand at most for a position to be solved, by the number of players. Measured by
#: ``bench/bench_verdicts.py --budget`` (2026-11-28, a busy 2-core machine), milliseconds to solve one deal
#: with everyone playing perfectly: 3 players 2.2-4.4 with 3 cards, 20-53 with 4; 4 players 0.8-1.1 with 2
#: cards, 1.7-17 with 3, 108-322 with 4; 5 players 1.6-3.9 with 2 cards, 29-72 with 3. Within these budgets a
#: decision costs a second or two (4 players with 3 cards: :data:`FEWER_DEALS` deals); one card more would
#: cost 5 to 60 s. (4 players with 3 cards were left to the medium bot's model at first: there the bench
#: found best/good verdicts hiding 25-33 points of loss.)
BUDGETS = {3: 3, 4: 3, 5: 2}
BUDGET = max(BUDGETS.values())
#: Deals solved per position: the view always allows far more (the stock hides most of the pack), so a
#: uniform sample of this many, the figures with their margins.
DEALS = 200
#: Deals for the dearest positions within the budget (4 players, 3 cards each): wider margins, same time.
FEWER_DEALS = 100


def small_enough(view: Mapping[str, Any]) -> bool:
    """In the play, with at most :data:`BUDGETS` cards in hand for the number of players, and a choice."""
    return view["phase"] == "play" and len(view["hand"]) <= BUDGETS.get(view["players"], 0) \
        and len(view["legal"]) > 1


def deals(view: Mapping[str, Any]) -> int:
    return FEWER_DEALS if view["players"] * len(view["hand"]) >= 12 else DEALS


def _holders(view: Mapping[str, Any]) -> tuple[list[int], list[int], list[tuple[int, ...]], list[int]]:
    """(the other seats, their hand sizes, for each suit the places that may hold it (an index into the
    seats, or len(seats) for the stock), the unseen cards)."""
    _, hidden, barred = known_deal(view)  # type: ignore[arg-type]
    me = view["seat"]
    seats = [s for s in range(view["players"]) if s != me]
    sizes = [view["hand_sizes"][s] for s in seats]
    stock = len(seats)
    allowed = [tuple(i for i, s in enumerate(seats) if not barred[s](suit * 13)) + (stock,) for suit in range(4)]
    return seats, sizes, allowed, hidden


def _count_and_draw(suit_cards: list[list[int]], allowed: list[tuple[int, ...]], room: tuple[int, ...]
                    ) -> tuple[int, Callable[[random.Random], list[list[int]]]]:
    """How many ways the suits' cards fill places of sizes ``room`` (each suit only where allowed), and a
    uniform draw of one of them: places' card lists."""

    @lru_cache(maxsize=None)
    def ways(suit: int, left: tuple[int, ...]) -> int:
        if suit == 4:
            return 1 if not any(left) else 0
        return sum(w * ways(suit + 1, rest) for w, rest, _ in splits(suit, left))

    @lru_cache(maxsize=None)
    def splits(suit: int, left: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]:
        """Each way to share the suit's cards among its places: (multinomial, room left, counts)."""
        n, places = len(suit_cards[suit]), allowed[suit]
        out = []

        def share(i: int, remaining: int, counts: list[int]) -> None:
            if i == len(places) - 1:
                if remaining <= left[places[i]]:
                    full = counts + [remaining]
                    w = math.factorial(n)
                    for c in full:
                        w //= math.factorial(c)
                    rest = list(left)
                    for p, c in zip(places, full):
                        rest[p] -= c
                    out.append((w, tuple(rest), tuple(full)))
                return
            for c in range(min(remaining, left[places[i]]) + 1):
                share(i + 1, remaining - c, counts + [c])
        share(0, n, [])
        return tuple(out)

    def draw(rng: random.Random) -> list[list[int]]:
        placed: list[list[int]] = [[] for _ in room]
        left = room
        for suit in range(4):
            options = [(w * ways(suit + 1, rest), rest, counts) for w, rest, counts in splits(suit, left)]
            pick = rng.randrange(sum(o[0] for o in options))
            for weight, rest, counts in options:
                if pick < weight:
                    break
                pick -= weight
            cards = list(suit_cards[suit])
            rng.shuffle(cards)
            start = 0
            for p, c in zip(allowed[suit], counts):
                placed[p] += cards[start:start + c]
                start += c
            left = rest
        return placed
    return ways(0, room), draw


def worlds(view: Mapping[str, Any], limit: int, rng: random.Random) -> tuple[int, list[Deal]]:
    """(how many deals the view allows, ``limit`` of them drawn uniformly with replacement)."""
    seats, sizes, allowed, hidden = _holders(view)
    room = tuple(sizes) + (len(hidden) - sum(sizes),)
    by_suit = [[c for c in hidden if c // 13 == s] for s in range(4)]
    total, draw = _count_and_draw(by_suit, allowed, room)
    if total == 0:  # a revoke in table mode can contradict a shown void: every suit anywhere
        total, draw = _count_and_draw(by_suit, [tuple(range(len(room)))] * 4, room)
    place = Deal.placer(view)
    out = []
    for _ in range(limit):
        placed = draw(rng)
        out.append(place([c for hand in placed[:-1] for c in hand]))
    return total, out


def payoff(view: Mapping[str, Any]) -> Callable[[Deal], tuple[float, ...]]:
    """Every seat's score for the round (the exact-bid reward less the revokes' penalty)."""
    scoring = view["options"]["scoring"]

    def value(d: Deal) -> tuple[float, ...]:
        return tuple(float(round_points(b or 0, w, r, scoring)) for b, w, r in zip(d.bids, d.won, d.revokes))
    return value


def key(d: Deal) -> Hashable:
    return (tuple(d.held), tuple(d.trick), d.turn, tuple(d.won), d.broken, tuple(d.revokes))


def move_code(view: Mapping[str, Any], move: str) -> int:
    return code_of(move.split(" ", 1)[1])


__all__ = ["BUDGET", "DEALS", "deals", "key", "move_code", "payoff", "small_enough", "worlds"]
