"""How a game's lean ``Deal`` is proved against its narrated game (docs/lean-deal.md), written once for the games
whose test files import it (tests/engine/test_<game>_lean.py).

From seeded positions of random play: a deal rebuilt from one seat's view and the TRUE hidden cards in
``from_view``'s order offers every seat that may act the moves the game offers; the same moves played on it,
on ``game.deal.copy()`` and through the game keep the three alike to the end of the deal, where their
results agree; a world of ``engine.search.view_worlds`` plays out at random to the end from every position.
What a view does not carry (``Deal.NOT_IN_VIEW``) is taken from the game's deal once its guess is checked.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

import engine
from engine.search import random_playout, view_worlds


def _same(a: Any) -> Any:
    return a


@dataclass
class LeanCase:
    """One game's handles for the agreement check."""

    new: Callable[[int], engine.Game]             # a seeded game (its variants chosen from the seed)
    hidden_in_order: Callable[[Any, Any], list]   # (the game's deal, a view) -> its hidden cards in from_view's order
    state: Callable[[Any], Any]                   # what must agree between the deals (and the game's deal)
    result: Callable[[Any], Any]                  # a finished lean deal's result (points, loser, won ...)
    game_result: Callable[[engine.Game], Any]     # the same read from the narrated game once that deal ended
    most_moves: int                               # random moves made before a position is taken
    as_lean: Callable[[Any], Any] = _same         # the game's action -> the deal's own action type
    as_text: Callable[[Any], str] = str           # the deal's action -> the game's notation
    guesses: Callable[[Any, Any], None] = field(default=lambda lean, real: None)  # checks from_view's guesses
    tags: Callable[[engine.Game], list[str]] = field(default=lambda g: [])  # what a followed position showed
    #: how a seat picks its move (by default any legal move, at random): a game whose rare moves random play
    #: seldom reaches (a thrown-in auction) leans towards them here
    choose: Callable[[engine.Game, int, random.Random], Any] = field(
        default=lambda g, seat, rng: rng.choice(g.legal_actions(seat)))


def rebuilt(case: LeanCase, g: engine.Game, seat: int) -> Any:
    """``Deal.from_view`` of ``seat``'s view with the true hidden cards, the state it cannot see set from the
    game's deal after ``case.guesses`` has checked what from_view guessed."""
    deal_type = type(g).lean_deal
    view = g.view(seat)
    hidden = case.hidden_in_order(g.deal, view)
    assert Counter(hidden) == Counter(type(g).lean_unseen(view))
    lean = deal_type.from_view(view, hidden, seed=g.seed)
    case.guesses(lean, g.deal)
    for name in deal_type.NOT_IN_VIEW:
        setattr(lean, name, copy.deepcopy(getattr(g.deal, name)))
    return lean


def legal_texts(case: LeanCase, deal: Any, seat: int) -> list[str]:
    return sorted(case.as_text(a) for a in deal.legal(seat))


def agree_to_the_end(case: LeanCase, positions: int, follow: int = 10_000) -> tuple[int, int, Counter[str]]:
    """Play on from ``positions`` seeded positions; returns (positions checked, deals ended, what was seen: the
    verbs of the moves followed and the ``case.tags`` of the positions met)."""
    checked = ended = 0
    verbs: Counter[str] = Counter()
    for seed in range(positions):
        g = case.new(seed)
        rng = random.Random(seed)
        start = g.deal
        for _ in range(rng.randrange(0, case.most_moves)):
            if g.is_over or g.deal is not start:
                break
            seat = rng.choice(g.to_act())
            g.apply(case.choose(g, seat, rng), seat)
        if g.is_over or g.deal is not start:
            continue
        seat = g.to_act()[-1]
        lean, twin = rebuilt(case, g, seat), g.deal.copy()
        world = view_worlds(g.view(seat), type(g).lean_unseen, type(g).lean_deal.from_view)(rng)
        random_playout(world, rng, budget=100_000)
        assert not world.to_act(), f"seed {seed}: a world of the search did not play out to the end"
        checked += 1
        for _ in range(follow):
            assert lean.to_act() == g.to_act() == twin.to_act(), seed
            for s in g.to_act():
                want = sorted(str(a) for a in g.legal_actions(s))
                assert legal_texts(case, lean, s) == want == legal_texts(case, twin, s), (seed, s)
            who = rng.choice(g.to_act())
            action = case.choose(g, who, rng)
            verbs[action.verb] += 1
            verbs.update(case.tags(g))
            for deal in (lean, twin):
                deal.apply(who, case.as_lean(action))
            deal_before = g.deal
            g.apply(action, who)
            if g.deal is not deal_before or g.is_over:  # the deal ended: its result
                verbs.update(case.tags(g))
                assert not lean.to_act() and not twin.to_act(), seed
                assert case.result(lean) == case.result(twin) == case.game_result(g), seed
                ended += 1
                break
            assert case.state(lean) == case.state(twin) == case.state(g.deal), (seed, str(action))
    return checked, ended, verbs


def copy_is_independent(case: LeanCase, seed: int, moves: int) -> None:
    """Random moves on a copy of the game's deal change the copy, never the game's deal."""
    g = case.new(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = rng.choice(g.to_act())
        g.apply(rng.choice(g.legal_actions(seat)), seat)
    before = copy.deepcopy(case.state(g.deal))
    twin = g.deal.copy()
    assert random_playout(twin, rng) > 0
    assert case.state(g.deal) == before and case.state(twin) != before
