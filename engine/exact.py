"""Exact search for small positions: every deal a seat's view allows, each solved with best play by all.

Why: the review's verdicts rest on the hint's estimates, which imagine the others playing as the medium bot
does; near the end of a deal that model can call a good card a blunder (issue 37). When few cards are left
the position can be solved instead: each deal the view allows (every way the unseen cards can lie that fits
what the seat has seen, all equally likely) is played out on the game's lean ``Deal`` with every seat
playing perfectly, all cards visible (max^n: each seat picks the move best for its own score; among equal
moves, the lowest-numbered one), and each of the seat's moves is averaged over those deals, in the game's
own units. When the view allows more deals than a budget, a uniform random sample of them is solved and
the averages carry their 95% margins.

A game plugs in with a *solver* module (see :data:`SOLVERS` and :class:`GameSolver`): which positions
are small enough (a budget of cards per hand measured by ``bench/bench_verdicts.py --budget``), the deals
its view allows, the payoff of a finished deal, and a memo key.
"""

from __future__ import annotations

import importlib
import json
import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Mapping, Protocol, Sequence

from .search import LeanDeal

#: Game id -> its solver module (imported when first asked: the engine imports no game at start).
SOLVERS = {"jabberwocky": "engine.games.jabberwocky_exact", "klaberjass": "engine.games.klaberjass_exact"}


class GameSolver(Protocol):
    """What a game's solver module offers :func:`solve_view`."""

    #: the most cards the seat may hold for its position to be solved (measured, not guessed)
    BUDGET: int
    def small_enough(self, view: Mapping[str, Any]) -> bool: ...

    def deals(self, view: Mapping[str, Any]) -> int:
        """The most deals solved one by one; beyond it a uniform sample of this many is drawn."""

    def worlds(self, view: Mapping[str, Any], limit: int, rng: random.Random) -> tuple[int, list[Any]]: ...

    def payoff(self, view: Mapping[str, Any]) -> Callable[[Any], tuple[float, ...]]: ...

    def key(self, deal: Any) -> Hashable: ...

    def move_code(self, view: Mapping[str, Any], move: str) -> Any: ...


def solver_for(game_id: str) -> GameSolver | None:
    """The game's solver module, or None when its positions are never solved exactly."""
    name = SOLVERS.get(game_id)
    return None if name is None else importlib.import_module(name)  # type: ignore[return-value]


def best_play(deal: LeanDeal, payoff: Callable[[Any], tuple[float, ...]], key: Callable[[Any], Hashable],
              memo: dict[Hashable, tuple[float, ...]]) -> tuple[float, ...]:
    """Every seat's payoff when everyone plays ``deal`` out perfectly (max^n, ties to the lowest move)."""
    if deal.phase == "done":
        return payoff(deal)
    k = key(deal)
    known = memo.get(k)
    if known is not None:
        return known
    seat = deal.to_act()[0]
    best: tuple[float, ...] | None = None
    for move in sorted(deal.legal(seat)):
        after = deal.copy()
        after.apply(seat, move)
        value = best_play(after, payoff, key, memo)
        if best is None or value[seat] > best[seat]:
            best = value
    assert best is not None, "a seat to act has a legal move"
    memo[k] = best
    return best


def move_values(deal: LeanDeal, seat: int, moves: Sequence[Any], payoff: Callable[[Any], tuple[float, ...]],
                key: Callable[[Any], Hashable]) -> list[float]:
    """``seat``'s payoff after each of ``moves`` in ``deal``, everyone playing perfectly afterwards."""
    memo: dict[Hashable, tuple[float, ...]] = {}
    out = []
    for move in moves:
        after = deal.copy()
        after.apply(seat, move)
        out.append(best_play(after, payoff, key, memo)[seat])
    return out


@dataclass(frozen=True)
class Solution:
    """Each move's payoff averaged over the deals solved (in the game's units, before the review's scale).

    ``total``: the deals the view allows; ``solved``: how many were solved (all of them when
    ``sampled`` is False; else a uniform random sample, drawn with replacement)."""

    moves: tuple[str, ...]
    values: tuple[tuple[float, ...], ...]  # per deal, per move
    total: int
    sampled: bool

    @property
    def solved(self) -> int:
        return len(self.values)

    def mean(self, move: str) -> float:
        i = self.moves.index(move)
        return sum(v[i] for v in self.values) / len(self.values)

    @property
    def best(self) -> str:
        """The move with the highest average (the first of equals, in the order of the legal moves)."""
        means = [self.mean(m) for m in self.moves]
        return self.moves[means.index(max(means))]

    def margin(self, better: str, move: str) -> float:
        """Half-width of the 95% interval of ``better`` minus ``move`` (0 when every deal was solved):
        paired over the same deals."""
        if not self.sampled:
            return 0.0
        i, j = self.moves.index(better), self.moves.index(move)
        diffs = [v[i] - v[j] for v in self.values]
        n = len(diffs)
        if n < 2:
            return math.inf
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return 1.96 * math.sqrt(var / n)


#: The last positions solved (the review rates each legal move of one position against the same solution).
_RECENT: dict[str, Solution | None] = {}


def solve_view(game_id: str, view: Mapping[str, Any], seed: int = 0, deals: int | None = None) -> Solution | None:
    """Every legal move of ``view``'s seat, solved over the deals its view allows; None when the position is
    beyond the game's budget (or the game has no solver). ``deals`` overrides the game's sample size."""
    glue = solver_for(game_id)
    if glue is None or view.get("current_player") != view["seat"] or not glue.small_enough(view):
        return None
    limit = glue.deals(view) if deals is None else deals
    # the deals are drawn by the position, not by the language the table speaks: the same verdicts in every one
    position = {**view, "options": {k: v for k, v in view.get("options", {}).items() if k != "lang"}}
    memo_key = json.dumps([game_id, seed, limit, position], sort_keys=True, default=repr)
    if memo_key not in _RECENT:
        if len(_RECENT) >= 8:
            _RECENT.pop(next(iter(_RECENT)))
        _RECENT[memo_key] = _solve(glue, view, memo_key, limit)
    return _RECENT[memo_key]


def _solve(glue: GameSolver, view: Mapping[str, Any], seed: str, limit: int) -> Solution:
    """The deals drawn with a stream seeded by the position itself: a review is the same every time."""
    rng = random.Random(seed)
    total, worlds = glue.worlds(view, limit, rng)
    moves = tuple(view["legal"])
    codes = [glue.move_code(view, m) for m in moves]
    payoff = glue.payoff(view)
    seat = view["seat"]
    values = tuple(tuple(move_values(w, seat, codes, payoff, glue.key)) for w in worlds)
    return Solution(moves, values, total, sampled=total > len(worlds))


__all__ = ["GameSolver", "SOLVERS", "Solution", "best_play", "move_values", "solve_view", "solver_for"]
