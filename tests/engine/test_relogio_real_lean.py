"""Relógio Real's lean deal (engine.games.relogio_real.Deal) against the narrated game (docs/lean-deal.md), and the
hint's look-ahead on it.

Nothing is hidden, so a deal rebuilt from the view alone (and the game's memory of positions, which the view
leaves out) plays on alike with a copy of the game's deal and the game itself to the end
(tests/engine/lean_agreement.py).
"""

from __future__ import annotations

import pytest

import engine
from engine.games import relogio_ai
from engine.games.relogio_real import MOVE, Deal, RelogioReal, hidden_in_order, unseen

from .lean_agreement import LeanCase, agree_to_the_end, copy_is_independent


def new(seed: int) -> engine.Game:
    return engine.new_game("relogio_real", seed=seed, rounds=(1, 2, 3)[seed % 3])


def state(deal: Deal) -> tuple:
    return deal.piles, deal.carried, deal.position, deal.removed, deal.steps, deal.result


def tags(g: engine.Game) -> list[str]:
    d = g.deal
    return ([f"{len(d.removed)} removed"] if d.removed else []) + ([f"game {d.result}"] if g.is_over else [])


CASE = LeanCase(new, hidden_in_order, state, result=lambda d: d.result, game_result=lambda g: g.deal.result,
                most_moves=150, tags=tags)


def test_lean_deal_agrees_with_the_narrated_game() -> None:
    checked, ended, seen = agree_to_the_end(CASE, positions=120)
    assert checked >= 90 and ended == checked and seen["game lost"] and seen["1 removed"], seen


def test_a_copy_leaves_the_deal_alone() -> None:
    copy_is_independent(CASE, seed=3, moves=20)


def test_from_view_needs_nothing_hidden() -> None:
    g = new(4)
    g.apply("move")
    assert unseen(g.view(0)) == []
    lean = Deal.from_view(g.view(0), [])
    assert state(lean) == state(g.deal) and lean.seen == {} and lean.legal(0) == [MOVE]
    with pytest.raises(ValueError, match="hides none"):
        Deal.from_view(g.view(0), [g.deal.carried])


def test_the_rules_class_names_its_lean_deal() -> None:
    g = new(2)
    assert RelogioReal.lean_deal is Deal and RelogioReal.lean_unseen is unseen and isinstance(g.deal, Deal)


def test_the_look_ahead_is_the_game_played_on() -> None:
    """The hint's outcome (relogio_ai.real_finish on the view's lean deal) is how the game ends: won or lost,
    and when it is won, after the same number of steps."""
    for seed in range(60):
        g = engine.new_game("relogio_real", seed=seed, rounds=1)
        for _ in range(seed % 7):
            if not g.is_over:
                g.apply("move")
        if g.is_over:
            continue
        won, steps = relogio_ai.real_outcome_of_view(g.view(0))
        start = g.deal.steps
        while not g.is_over:
            g.apply("move")
        assert won == (g.deal.result == "won") and (not won or steps == g.deal.steps - start), seed
