"""Klaberjass's lean deal (engine.games.klaberjass.Deal) against the narrated game, from the turn-up to the last
trick (docs/lean-deal.md; issue 33 item 1: the bidding is part of the deal).

Over seeded positions early in random deals, every option in turn (so the schmeiss, the dix and the turn-up out
of play are met): a deal rebuilt from one seat's view and the true hidden cards offers the game's moves, and
plays on alike with a copy of the game's deal and the game itself to the end of the deal, where the totals
agree, or to a throw-in, which all three see (tests/engine/lean_agreement.py). The generic protocol test
(tests/engine/test_lean_protocol.py) rarely stops in the bidding; these positions mostly do.
"""

from __future__ import annotations

import random
from collections import Counter

import engine
from engine.games.klaberjass import BIDDING, MOVE_OF, PASS, UNSET, Deal, Klaberjass, hidden_in_order, unseen
from engine.search import random_playout, view_worlds

from .klaberjass_helpers import stacked_game
from .lean_agreement import LeanCase, agree_to_the_end, copy_is_independent


def new(seed: int) -> engine.Game:
    return engine.new_game("klaberjass", seed=seed, dix=seed % 2 == 0, schmeiss=seed % 3 != 2,
                           turn_up=("under_pack", "out_of_play")[seed % 4 == 3],
                           sequence_tie=("seed", "trump")[seed % 5 == 0], sequences_need_trick=seed % 7 != 1)


def state(d: Deal) -> tuple:
    """The deal but its stock (a deal rebuilt once trumps are made leaves the stock out: play never reaches it)."""
    return ([sorted(h) for h in d.hands], d.phase, d.turn, d.trump, d.maker, d.turn_up, d.turn_up_state, d.bottom_card,
            d.passes, d.schmeisser, d.dix_taken, d.trick, d.points, d.won, d.tricks_played, d.last_trick,
            d.bella_seat, d.bella_done, d.seq_seat, d.seq_points, d.seq_shown)


def guesses(lean: Deal, real: Deal) -> None:
    """During the bidding the stock is dealt from: the rebuilt deal holds it in its true order."""
    if real.phase in BIDDING:
        assert lean.stock == real.stock


def result(d: Deal) -> list[int] | None:
    return None if d.maker == UNSET else d.totals()


def game_result(g: engine.Game) -> list[int] | None:
    """The totals of the deal that just ended, or None when it was thrown in (no result was recorded)."""
    results = g.results  # type: ignore[attr-defined]
    return results[-1]["totals"] if results and results[-1]["deal"] >= g.deal_no - 1 else None  # type: ignore[attr-defined]


def phase(g: engine.Game) -> list[str]:
    return [g.deal.phase]  # type: ignore[attr-defined]


CASE = LeanCase(new, hidden_in_order, state, result, game_result, most_moves=6, as_lean=MOVE_OF.__getitem__,
                as_text=Deal.notation, guesses=guesses, tags=phase)


def test_lean_deal_agrees_with_the_narrated_game_from_the_bidding_on() -> None:
    checked, ended, seen = agree_to_the_end(CASE, positions=150)
    assert checked >= 120 and ended == checked
    for move in ("take", "pass", "name", "schmeiss", "accept", "refuse", "exchange", "keep", "play"):
        assert seen[move], (move, seen)
    for each in ("bid1", "bid2", "schmeiss", "dix", "play"):
        assert seen[each], (each, seen)


def test_a_copy_leaves_the_deal_alone() -> None:
    copy_is_independent(CASE, seed=3, moves=1)
    copy_is_independent(CASE, seed=4, moves=12)


def test_a_hand_thrown_in_ends_the_deal_with_no_maker() -> None:
    """Four passes, or an accepted schmeiss: the deal is over with no maker, and the game deals afresh."""
    for moves, options in ((["pass"] * 4, {}), (["schmeiss", "accept"], {"schmeiss": True})):
        g = stacked_game("7S 8S 9S 7C 8C 9D QD KD 10S", "JC 9C AC 10H AS 7D 8H 10C JS", "QH", **options)
        deal = g.deal
        twin = deal.copy()
        for move in moves:
            seat = g.current_player
            twin.apply(seat, next(m for m in twin.legal(seat) if twin.notation(m) == move))
            g.apply(move)
        assert twin.phase == deal.phase == "done" and twin.maker == deal.maker == UNSET and twin.to_act() == []
        assert g.deal is not deal and g.deal.phase == "bid1" and g.deal.dealer == 1 - deal.dealer
        assert not g.results


def test_from_view_deals_the_stock_in_the_bidding() -> None:
    """At the turn-up, the cards a seat cannot see fill the opponent's six and the stock, whose first six cards
    are the three more each; too few cannot fill them."""
    g = new(1)
    seat = g.current_player
    view = g.view(seat)
    hidden = unseen(view)
    assert len(hidden) == 25 and sorted(hidden_in_order(g.deal, view)) == hidden
    lean = Deal.from_view(view, hidden_in_order(g.deal, view))
    assert [Counter(h) for h in lean.hands] == [Counter(h) for h in g.deal.hands] and lean.stock == g.deal.stock
    lean.apply(seat, next(m for m in lean.legal(seat) if m != PASS))  # take: nine cards each
    assert [len(h) for h in lean.hands] == [9, 9] and lean.phase in ("dix", "play")
    try:
        Deal.from_view(view, hidden[:6])
    except ValueError as exc:
        assert "hidden cards cannot fill" in str(exc)
    else:
        raise AssertionError("six cards cannot fill the opponent's hand and the stock")


def test_search_plays_out_from_the_bidding() -> None:
    """engine.search's worlds from a seat's view at the turn-up bid, are dealt more, and play to the end."""
    ended = Counter()
    for seed in range(12):
        g = new(seed)
        view = g.view(g.current_player)
        worlds = view_worlds(view, unseen, Deal.from_view)
        for i in range(6):
            world = worlds(random.Random(i))
            assert world.phase == "bid1" and sorted(world.hands[view["seat"]]) == sorted(g.deal.hands[view["seat"]])
            random_playout(world, random.Random(seed * 10 + i))
            assert world.to_act() == [] and world.phase == "done"
            ended["thrown in" if world.maker == UNSET else "played"] += 1
    assert ended["played"] and ended["thrown in"]


def test_the_rules_class_names_its_lean_deal() -> None:
    g = new(2)
    assert Klaberjass.lean_deal is Deal and isinstance(g.deal, Deal) and Deal.NOT_IN_VIEW == ()
    assert g.deal.phase == "bid1" and g.deal.to_act() == g.to_act()
