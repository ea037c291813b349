"""Jubilee's lean deal (engine.games.jubilee.Deal) against the narrated game (docs/lean-deal.md).

Over seeded positions of random play, with 2 to 7 players and both first-play rules: a deal rebuilt from one
seat's view and the true hidden cards offers the game's moves, and plays on alike with a copy of the game's
deal and the game itself to the deal's end, where the points agree (tests/engine/lean_agreement.py).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import engine
from engine.cards import parse_card
from engine.games import jubilee
from engine.games.jubilee import Deal, hidden_in_order, unseen
from engine.search import random_playout, view_worlds

from .lean_agreement import LeanCase, agree_to_the_end, copy_is_independent


#: Two hands of hearts and jokers: under the first-black rule both players pass, and then the rule lapses.
HEARTS_FIRST = engine.dealing.stack_deck(["2H 3H 4H 5H 6H 7H 8H 9H", "10H JH QH KH AH JK JK JK"])


def new(seed: int) -> engine.Game:
    """Random deals of 2 to 7 players under either first-play rule; one seed in five a stacked deal of passes."""
    if seed % 5 == 4:
        return engine.new_game("jubilee", players=2, seed=seed, match="single", first_play="black",
                               deck=HEARTS_FIRST, first_dealer=seed // 5 % 2)
    return engine.new_game("jubilee", players=2 + seed % 6, seed=seed, match="single",
                           first_play=("any", "black")[seed // 6 % 2])


def state(deal: Deal) -> tuple:
    return ([sorted(h) for h in deal.hands], deal.stock, deal.count, deal.pile, deal.points,
            [None if r is None else sorted(r) for r in deal.revealed], deal.turn, deal.phase, deal.black_first)


def guesses(lean: Deal, real: Deal) -> None:
    assert lean.black_first == real.black_first  # what opening_passes decides, guessed right from the view


CASE = LeanCase(new, hidden_in_order, state, result=lambda d: d.points,
                game_result=lambda g: g.deal_results()[-1]["points"], most_moves=60, guesses=guesses)


def test_lean_deal_agrees_with_the_narrated_game() -> None:
    checked, ended, verbs = agree_to_the_end(CASE, positions=120)
    assert checked >= 100 and ended == checked and verbs["pass"] and verbs["play"]


def test_first_black_positions_are_rebuilt_while_the_rule_binds() -> None:
    """Positions before the first card under the first-black rule: the view's turn gives the passes so far."""
    lapsed = 0
    for seed in range(12):
        g = engine.new_game("jubilee", players=2, seed=seed, match="single", first_play="black",
                            deck=HEARTS_FIRST, first_dealer=seed % 2)
        for _ in range(seed % 6):
            g.apply(g.legal_actions()[0])
        seat = g.current_player
        lean = Deal.from_view(g.view(seat), hidden_in_order(g.deal, g.view(seat)))
        assert lean.black_first == g.deal.black_first
        assert lean.opening_passes == (g.deal.opening_passes if g.deal.black_first else 2)
        assert [str(a) for a in lean.legal(seat)] == [str(a) for a in g.legal_actions(seat)]
        lapsed += not g.deal.black_first
    assert lapsed >= 4  # positions after the rule lapsed, as well as before


def test_a_copy_leaves_the_deal_alone() -> None:
    copy_is_independent(CASE, seed=3, moves=10)


def test_from_view_places_the_sample_where_the_view_leaves_room() -> None:
    g = engine.new_game("jubilee", players=4, seed=5)
    view = g.view(1)
    hidden = unseen(view)
    random.Random(1).shuffle(hidden)
    lean = Deal.from_view(view, hidden)
    assert [len(h) for h in lean.hands] == view["hand_sizes"] and len(lean.stock) == view["stock_size"]
    assert lean.hands[1] == [parse_card(c) for c in view["hand"]]
    assert sorted(lean.hands[0] + lean.hands[2] + lean.hands[3] + lean.stock) == sorted(hidden)
    with pytest.raises(ValueError, match="hidden cards cannot fill"):
        Deal.from_view(view, hidden[:-1])


def test_the_rules_class_names_its_lean_deal() -> None:
    g = new(4)
    assert type(g).lean_deal is Deal and type(g).lean_unseen is unseen and isinstance(g.deal, Deal)
    assert jubilee.Jubilee.lean_deal.NOT_IN_VIEW == ("opening_passes",)


@pytest.mark.parametrize("seed", range(6))
def test_search_worlds_keep_what_the_seat_sees(seed: int) -> None:
    g = new(seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(5, 40)):
        g.apply(rng.choice(g.legal_actions()))
    seat = g.current_player
    view = g.view(seat)
    worlds = view_worlds(view, unseen, Deal.from_view)
    for i in range(5):
        world: Any = worlds(random.Random(i))
        assert sorted(str(c) for c in world.hands[seat]) == sorted(view["hand"])
        assert [len(h) for h in world.hands] == view["hand_sizes"] and world.count == view["count"]
        assert [str(c) for c in world.pile] == view["played"] and world.points == view["deal_scores"]
        assert all(r is None or Counter(r) <= Counter(h) for r, h in zip(world.revealed, world.hands))
        assert sorted(str(a) for a in world.legal(seat)) == sorted(view["legal"])
        random_playout(world, random.Random(i))
        assert world.phase == "done" and world.count == jubilee.FINAL_COUNT
