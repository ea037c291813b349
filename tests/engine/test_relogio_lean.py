"""Relógio's lean deal (engine.games.relogio.Deal) against the narrated game (docs/lean-deal.md), and the hint's
play-outs on it.

Over seeded positions under every King-swap option: the game rebuilt from the view and the true face-down
cards plays on alike with a copy of the game's deal and the game itself to the end, where the results agree
(tests/engine/lean_agreement.py). The hint's plan (relogio_ai.finish) played on the lean deal ends as the same
plan played through the game.
"""

from __future__ import annotations

import random

import pytest

import engine
from engine.cards import parse_card
from engine.games import relogio_ai
from engine.games.relogio import CENTRE, HOURS, Deal, Relogio, hidden_in_order, unseen
from engine.hints import Bot
from engine.search import random_playout, view_worlds

from .lean_agreement import LeanCase, agree_to_the_end, copy_is_independent


def new(seed: int) -> engine.Game:
    return engine.new_game("relogio", seed=seed, king_swap=("any_king", "fourth_king", "off")[seed % 3])


def state(deal: Deal) -> tuple:
    return deal.down, deal.up, deal.current, deal.pending, deal.swap_used, deal.result


def tags(g: engine.Game) -> list[str]:
    out = ["King swapped in"] if g.deal.known_face_down() else []
    return out + ([f"game {g.deal.result}"] if g.is_over else [])


def guesses(lean: Deal, real: Deal) -> None:
    assert lean.known_face_down() == real.known_face_down()


CASE = LeanCase(new, hidden_in_order, state, result=lambda d: d.result, game_result=lambda g: g.deal.result,
                most_moves=50, guesses=guesses, tags=tags)


def test_lean_deal_agrees_with_the_narrated_game() -> None:
    checked, ended, seen = agree_to_the_end(CASE, positions=150)
    assert checked >= 120 and ended == checked
    assert all(seen[what] for what in ("turn", "keep", "swap", "King swapped in", "game won", "game lost")), seen


def test_a_copy_leaves_the_deal_alone() -> None:
    copy_is_independent(CASE, seed=3, moves=8)


def test_from_view_fills_the_slots_the_player_has_not_seen() -> None:
    g = engine.new_game("relogio", seed=11)
    while not g.view(0)["pending"]:
        g.apply("turn")
    g.apply(g.legal_actions()[-1])  # the King to the bottom of the centre
    view = g.view(0)
    hidden = unseen(view)
    random.Random(2).shuffle(hidden)
    lean = Deal.from_view(view, hidden)
    assert [len(lean.down[h]) for h in HOURS] == [p["face_down"] for p in view["piles"]]
    assert lean.down[CENTRE][-1] == parse_card(view["known_face_down"]["card"])
    assert [c for h in HOURS for c in lean.down[h] if c != lean.swapped_king] == hidden
    with pytest.raises(ValueError, match="hidden cards cannot fill"):
        Deal.from_view(view, hidden[:-1])


def test_the_rules_class_names_its_lean_deal() -> None:
    g = new(1)
    assert Relogio.lean_deal is Deal and Relogio.lean_unseen is unseen and isinstance(g.deal, Deal)


def test_the_hints_plan_on_the_lean_deal_ends_as_the_medium_bot_through_the_game() -> None:
    """relogio_ai.finish (what the hint plays out) is the medium bot's plan, on the game's own rules."""
    bot = Bot("relogio", "medium")
    for seed in range(120):
        g = new(seed)
        lean = g.deal.copy()
        while not g.is_over:
            g.apply(bot.choose(g.view(0)))
        assert relogio_ai.finish(lean) == (g.deal.result == "won") and state(lean) == state(g.deal), seed


@pytest.mark.parametrize("seed", range(4))
def test_search_worlds_keep_what_the_player_sees(seed: int) -> None:
    g = new(seed)
    for _ in range(random.Random(seed).randrange(3, 25)):
        if g.is_over:
            break
        g.apply(g.legal_actions()[0])
    if g.is_over:
        g = new(seed + 100)
    view = g.view(0)
    worlds = view_worlds(view, unseen, Deal.from_view)
    for i in range(4):
        world = worlds(random.Random(i))
        assert [[str(c) for c in world.up[h]] for h in HOURS] == [p["face_up"] for p in view["piles"]]
        assert sorted(str(a) for a in world.legal(0)) == sorted(view["legal"])
        random_playout(world, random.Random(i))
        assert world.result in ("won", "lost") and len(world.up[CENTRE]) == 4
