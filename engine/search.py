"""Determinized search for games with hidden cards (Perfect Information Monte Carlo).

A seat cannot see the other hands, so it imagines them: it deals the cards it has
not seen to the other seats, consistently with what it knows (their hand sizes,
the suits they have shown they lack), plays each candidate move out to the end of
the round in that imagined deal, and averages. Every candidate is tried in the
same imagined deals, so the comparison between moves is fair even with few samples.

The game supplies three things, all built from one seat's view (never the state):
``determinize(rng)`` deals an imagined world; ``playout(world, move, rng)`` plays
``move`` there and returns the seat's value and the named outcomes it wants to
count ("won the trick", "made the bid"). This module knows nothing else about cards.
Every game's lean deal (``type(game).lean_deal``, with ``from_view``; the rules class's ``lean_unseen``
lists what a seat cannot see) gets ``determinize`` from :func:`view_worlds` and plays out with
:func:`random_playout`.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Mapping, Protocol, Sequence, TypeVar

World = TypeVar("World")
Move = TypeVar("Move")


@dataclass
class Tally(Generic[Move]):
    """What the playouts of one candidate move came to."""

    move: Move
    samples: int = 0
    total: float = 0.0
    squares: float = 0.0
    counts: dict[str, int] = field(default_factory=dict)

    def add(self, value: float, outcomes: Mapping[str, bool]) -> None:
        self.samples += 1
        self.total += value
        self.squares += value * value
        for name, happened in outcomes.items():
            if happened:
                self.counts[name] = self.counts.get(name, 0) + 1

    @property
    def mean(self) -> float:
        return self.total / self.samples if self.samples else 0.0

    def rate(self, name: str) -> float:
        """The share of playouts in which the outcome ``name`` happened."""
        return self.counts.get(name, 0) / self.samples if self.samples else 0.0

    @property
    def margin(self) -> float:
        """Half-width of a 95% confidence interval for :attr:`mean`."""
        if self.samples < 2:
            return math.inf
        var = max(0.0, (self.squares - self.total * self.total / self.samples) / (self.samples - 1))
        return 1.96 * math.sqrt(var / self.samples)


def pimc(moves: Sequence[Move], determinize: Callable[[random.Random], World],
         playout: Callable[[World, Move, random.Random], tuple[float, Mapping[str, bool]]],
         samples: int, rng: random.Random) -> list[Tally[Move]]:
    """Try every move in ``samples`` imagined worlds; best mean first.

    Each world's playouts share one random stream per move (common random numbers),
    so two moves differ only by what the moves themselves change.
    """
    tallies = [Tally(m) for m in moves]
    for _ in range(samples):
        world = determinize(rng)
        stream = rng.getrandbits(32)
        for tally in tallies:
            value, outcomes = playout(world, tally.move, random.Random(stream))
            tally.add(value, outcomes)
    return sorted(tallies, key=lambda t: -t.mean)


class Inconsistent(Exception):
    """No deal of the unseen cards fits what the seat knows (the constraints contradict)."""


def deal_unseen(unseen: Sequence[int], sizes: Sequence[int], barred: Sequence[Callable[[int], bool]],
                rng: random.Random, attempts: int = 60) -> list[list[int]]:
    """Deal ``unseen`` cards into hands of ``sizes``; ``barred[i](card)`` forbids a card to hand i.

    Cards go one at a time, most constrained first, to a hand that may hold them,
    chosen in proportion to its free space: close to uniform over consistent deals,
    and fast. A dead end starts again; after ``attempts`` tries the constraints are
    treated as contradictory. (Search deals many times from one view: :func:`unseen_dealer`
    works out who may hold what once.)
    """
    return unseen_dealer(unseen, sizes, barred, attempts)(rng)


def unseen_dealer(unseen: Sequence[int], sizes: Sequence[int], barred: Sequence[Callable[[int], bool]],
                  attempts: int = 60) -> Callable[[random.Random], list[list[int]]]:
    """:func:`deal_unseen` for one view, dealt again and again: ``deal(rng)`` deals exactly as
    ``deal_unseen(unseen, sizes, barred, rng)`` would (the same draws), but the bars are asked once
    here instead of for every card of every deal. ``deal(rng)`` raises :class:`Inconsistent` as it does."""
    sizes = list(sizes)
    base = list(unseen)
    if sum(sizes) != len(base):
        problem = f"{len(base)} unseen cards do not fill hands of {sizes}"

        def refuse(rng: random.Random) -> list[list[int]]:
            raise Inconsistent(problem)
        return refuse
    allowed = {c: [i for i in range(len(sizes)) if sizes[i] and not barred[i](c)] for c in base}
    unconstrained = all(len(v) == sum(1 for s in sizes if s) for v in allowed.values())
    most_bound = {c: len(v) for c, v in allowed.items()}.__getitem__

    def deal(rng: random.Random) -> list[list[int]]:
        cards = list(base)
        for _ in range(attempts):
            rng.shuffle(cards)
            if unconstrained:  # the common case: a plain shuffle and cut
                hands, start = [], 0
                for size in sizes:
                    hands.append(cards[start:start + size])
                    start += size
                return hands
            cards.sort(key=most_bound)
            free = list(sizes)
            out: list[list[int]] = [[] for _ in sizes]
            for c in cards:
                options = [i for i in allowed[c] if free[i]]
                if not options:
                    break
                pick = rng.choices(options, weights=[free[i] for i in options])[0]
                out[pick].append(c)
                free[pick] -= 1
            else:
                return out
        raise Inconsistent("no deal of the unseen cards fits the suits the players have shown they lack")
    return deal


# ---- lean deals: a game's narration-free state played out directly ------------------------------

class LeanDeal(Protocol):
    """What a game's lean deal offers search (the rummies' ``Deal``): who may act, their legal moves,
    a move, a copy. ``phase`` is "done" once the deal is over."""

    phase: str

    def to_act(self) -> list[int]: ...

    def legal(self, seat: int) -> Sequence[Any]: ...

    def apply(self, seat: int, action: Any) -> None: ...

    def copy(self) -> Any: ...


def view_worlds(view: Mapping[str, Any], unseen: Callable[[Mapping[str, Any]], list[Any]],
                from_view: Callable[..., World]) -> Callable[[random.Random], World]:
    """``determinize`` for :func:`pimc` from a lean deal's ``from_view``: each world places the cards
    ``unseen(view)`` lists in a fresh random order (and gives the world its own shuffle seed)."""
    hidden = unseen(view)

    def determinize(rng: random.Random) -> World:
        sample = hidden[:]
        rng.shuffle(sample)
        return from_view(view, sample, seed=rng.getrandbits(32))
    return determinize


def random_playout(deal: LeanDeal, rng: random.Random, budget: int = 10_000) -> int:
    """Random legal moves (by a random seat among those that may act) until the deal is over or
    ``budget`` moves are made; returns the moves made."""
    made = 0
    while made < budget:
        seats = deal.to_act()
        if not seats:
            break
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        deal.apply(seat, rng.choice(deal.legal(seat)))
        made += 1
    return made
