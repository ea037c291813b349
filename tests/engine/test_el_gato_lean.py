"""El Gato's lean deal (engine.games.el_gato.Deal) against the narrated game (docs/lean-deal.md).

Over seeded positions of every player count and variant: the game rebuilt from the view and the true order
of the cards nobody has seen plays on alike with a copy of the game's deal and the game itself to the end,
through guerras, borrowed cards and every way a game ends (tests/engine/lean_agreement.py).
"""

from __future__ import annotations

import random

import pytest

import engine
from engine.cards import spanish_40
from engine.games.el_gato import GATO, PLAY, Deal, ElGato, hidden_in_order, unseen
from engine.search import random_playout, view_worlds

from .lean_agreement import LeanCase, agree_to_the_end, copy_is_independent


def new(seed: int) -> engine.Game:
    return engine.new_game("el_gato", players=(2, 4, 5, 8, 10)[seed % 5], seed=seed, ace_high=bool(seed // 5 % 2),
                           guerra=("highest", "any_pair")[seed // 10 % 2], cycle_draw=seed % 7 != 6,
                           trick_limit=(5000, 60)[seed // 3 % 2])


def state(deal: Deal) -> tuple:
    return (deal.packets, deal.unseen_on_top, deal.leader, deal.order, deal.trick, deal.aside, deal.tied,
            deal.rounds, deal.result, deal.loser)


def tags(g: engine.Game) -> list[str]:
    out = ["guerra"] if g.deal.tied else []
    if g.is_over:
        out.append(g.events[-1].rule)
    elif g.deal.tied and not g.deal.packets[g.current_player]:
        out.append("borrowed card")
    return out


CASE = LeanCase(new, hidden_in_order, state, result=lambda d: (d.result, d.loser),
                game_result=lambda g: (g.deal.result, g.deal.loser), most_moves=150, tags=tags)


def test_lean_deal_agrees_with_the_narrated_game() -> None:
    checked, ended, seen = agree_to_the_end(CASE, positions=80)
    assert checked >= 60 and ended == checked
    assert all(seen[what] for what in ("guerra", "borrowed card", "el_gato.end", "el_gato.trick_limit")), seen


def test_a_repeat_ends_the_rebuilt_game_as_it_ends_the_game() -> None:
    """The cycle guard: a deal rebuilt from the view and given the game's memory of positions (what the view
    leaves out) calls the same repeat a draw."""
    g = engine.new_game("el_gato", players=2, seed=5)
    for _ in range(4):
        g.apply("play")
    earlier = [list(p) for p in g.deal.packets], g.deal.leader
    for _ in range(4):
        g.apply("play")
    lean = Deal.from_view(g.view(0), hidden_in_order(g.deal, g.view(0)))
    lean.seen = set(g.deal.seen)
    lean.packets, lean.leader = [list(p) for p in earlier[0]], earlier[1]
    lean.start_trick()
    assert lean.result == "draw" and lean.ending == "el_gato.cycle" and lean.to_act() == []


def test_a_copy_leaves_the_deal_alone() -> None:
    copy_is_independent(CASE, seed=3, moves=30)


def test_from_view_puts_the_unseen_cards_above_what_everyone_saw() -> None:
    g = engine.new_game("el_gato", players=4, seed=8)
    for _ in range(14):
        g.apply("play")
    view = g.view(2)
    hidden = unseen(view)
    assert 0 < len(hidden) < 40 and any(view["known_below"])
    random.Random(1).shuffle(hidden)
    lean = Deal.from_view(view, hidden)
    assert [len(p) for p in lean.packets] == view["packet_sizes"]
    for packet, top, below in zip(lean.packets, view["unseen_on_top"], view["known_below"]):
        assert [str(c) for c in packet[top:]] == below
    assert sorted(c for p, t in zip(lean.packets, view["unseen_on_top"]) for c in p[:t]) == sorted(hidden)
    with pytest.raises(ValueError, match="hidden cards cannot fill"):
        Deal.from_view(view, hidden[:-1])


def test_the_rules_class_names_its_lean_deal() -> None:
    g = new(2)
    assert ElGato.lean_deal is Deal and ElGato.lean_unseen is unseen and isinstance(g.deal, Deal)
    assert g.deal.legal(g.current_player) == [PLAY] == g.legal_actions()


@pytest.mark.parametrize("seed", range(5))
def test_search_worlds_keep_what_everyone_sees(seed: int) -> None:
    g = new(seed)
    for _ in range(random.Random(seed).randrange(20, 200)):
        g.apply("play")
    view = g.view(0)
    worlds = view_worlds(view, unseen, Deal.from_view)
    for i in range(4):
        world = worlds(random.Random(i))
        assert [len(p) for p in world.packets] == view["packet_sizes"] and world.to_act() == g.to_act()
        assert [[s, str(c)] for s, c in world.trick] == view["trick"] and world.tied == view["guerra"]
        cards = [c for p in world.packets for c in p] + [c for _, c in world.trick + world.aside]
        assert sorted(cards) == sorted(spanish_40()) and GATO in cards
        random_playout(world, random.Random(i))
        assert world.result in ("lose", "draw")
