"""Klaberjass positions solved exactly (engine/exact.py): the play's last tricks, every hand the opponent may hold.

A deal in play is two hands and the tricks to come; the stock is never reached. The opponent's unknown cards
are any of the unseen cards he has not shown he lacks (:func:`~engine.games.klaberjass_ai.known_deal`), all
hands equally likely; each is played out by both seats perfectly, and the payoff is the hint's: this seat's
score minus the other's for the deal, after the maker's rule (with points held over from a tie).
"""

from __future__ import annotations

import itertools
import math
import random
from typing import Any, Callable, Hashable, Mapping

from ..card_codes import code_of
from .klaberjass import Deal, settle
from .klaberjass_ai import known_deal

#: Cards in the seat's hand at most for a position to be solved. Measured by ``bench/bench_verdicts.py
#: --budget`` (2026-11-28, a busy 2-core machine), milliseconds to solve one deal with best play: 2 cards
#: 0.0-0.9, 3 cards 1.5-3.4, 4 cards 0.1-10.1, 5 cards 22-59. A decision should cost about a second or two:
#: with 4 cards that is :data:`DEALS` deals; with 5 it would be 5 to 12 s.
BUDGET = 4
#: Hands the opponent may hold solved one by one, by the cards in hand (up to C(17, 3) = 680 with 3 cards,
#: C(17, 4) = 2,380 with 4); beyond it a uniform sample of this many, the figures with their margins.
DEALS = {1: 1000, 2: 1000, 3: 1000, 4: 200}


def small_enough(view: Mapping[str, Any]) -> bool:
    """In the play, with at most :data:`BUDGET` cards in hand and a choice to make."""
    return view["phase"] == "play" and len(view["hand"]) <= BUDGET and len(view["legal"]) > 1


def deals(view: Mapping[str, Any]) -> int:
    return DEALS[len(view["hand"])]


def worlds(view: Mapping[str, Any], limit: int, rng: random.Random) -> tuple[int, list[Deal]]:
    """(how many hands the opponent may hold, the deals to solve): every one of them when at most ``limit``,
    else ``limit`` drawn uniformly (with replacement)."""
    _, hidden, count, barred, _ = known_deal(view)  # type: ignore[arg-type]
    possible = [c for c in hidden if not barred(c)]
    if len(possible) < count:  # what he showed contradicts itself (cannot happen in a legal game): ignore it
        possible = list(hidden)
    place = Deal.placer(view)
    total = math.comb(len(possible), count)
    if total <= limit:
        return total, [place(list(h)) for h in itertools.combinations(possible, count)]
    return total, [place(rng.sample(possible, count)) for _ in range(limit)]


def payoff(view: Mapping[str, Any]) -> Callable[[Deal], tuple[float, float]]:
    """Seat 0's and seat 1's score minus the other's for the finished deal, after the maker's rule."""
    tie_rule, held = view["options"]["maker_tie"], view["held_over"]

    def value(d: Deal) -> tuple[float, float]:
        scored = settle(d.totals(), d.maker, tie_rule, held)[0]
        net = float(scored[0] - scored[1])
        return net, -net
    return value


def key(d: Deal) -> Hashable:
    """What the rest of the play depends on (the tricks so far only through points, tricks won and Bella)."""
    return (tuple(sorted(d.hands[0])), tuple(sorted(d.hands[1])), tuple(d.trick), d.turn, tuple(d.points),
            tuple(d.won), d.bella_done)


def move_code(view: Mapping[str, Any], move: str) -> int:
    return code_of(move.split(" ", 1)[1])


__all__ = ["BUDGET", "DEALS", "deals", "key", "move_code", "payoff", "small_enough", "worlds"]
