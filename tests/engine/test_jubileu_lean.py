"""Jubileu's lean deal (engine.games.jubileu.Deal) against the narrated game in every phase of a deal
(docs/lean-deal.md): the auction, trump, the called card and the play.

From seeded positions early in a deal (most of them in the auction), a deal rebuilt from the view and the true
hidden cards, a copy of the game's deal and the game itself play the same random moves to the end of the deal,
offering the same moves and keeping the same state throughout, and agree on its result: the contract, the tricks
and the chips (tests/engine/lean_agreement.py). Every phase is followed, and deals thrown in as well as deals
played out.
"""

from __future__ import annotations

import random
from typing import Any

import engine
from engine.protocol import Action
from engine.games.jubileu import CODE_OF, SEATS, Deal, hidden_in_order, settle

from .jubileu_helpers import play_all, stacked
from .lean_agreement import LeanCase, agree_to_the_end, copy_is_independent


def new(seed: int) -> engine.Game:
    return engine.new_game("jubileu", seed=seed, deals=2, meia_join=("still_in", "anyone", "nobody")[seed % 3],
                           troela=seed % 2 == 0, all_pass=("throw_in", "redeal")[seed // 2 % 2])


def state(d: Deal) -> tuple:
    return ([sorted(h) for h in d.hands], d.dealer, d.ultima, d.calls, d.passed, d.meia_declined, d.standing,
            d.holders, d.contract, d.declarer, d.exposed, d.trump, d.called, d.partner, d.public, d.espirra,
            d.partner_won, d.won, d.trick, d.trick_seats, d.espirra_at, d.turn, d.troela, d.done_tricks, d.phase,
            [d.aces(s) for s in range(SEATS)])


def result(d: Deal) -> tuple[Any, ...]:
    """The contract, the tricks and what each seat's chips change by (nothing when the cards are thrown in)."""
    change = [0] * SEATS
    if d.contract is not None and d.declarer is not None:
        for p in settle(d.contract, d.declarer, d.partner, d.won, d.holders):
            change[p.payer] -= p.chips
            change[p.payee] += p.chips
    return d.contract, d.won, change


def game_result(g: engine.Game) -> tuple[Any, ...]:
    r = g.results[-1]
    return r["contract"], r["won"], r["change"]


def tags(g: engine.Game) -> list[str]:
    """The phase of the deal; at the start of the next one, how the last ended."""
    d = g.deal
    if g.results and d.phase == "auction" and not d.calls:
        return ["thrown in" if g.results[-1]["contract"] is None else "played out"]
    return [d.phase]


def choose(g: engine.Game, seat: int, rng: random.Random) -> Action:
    """Any legal move, but in the auction mostly a pass, a join or the lowest bid: so that some deals are thrown
    in, Meia Miséria is joined and the Jubileus (whose declarer calls an Ace) win auctions too."""
    legal = g.legal_actions(seat)
    if g.deal.phase == "auction":
        calls = {a.verb: a for a in legal}
        if "join" in calls and rng.random() < 0.5:
            return calls["join"]
        if "pass" in calls and rng.random() < 0.6:
            return calls["pass"]
        if "bid" in calls and rng.random() < 0.6:
            return next(a for a in legal if a.verb == "bid")
    return rng.choice(legal)


CASE = LeanCase(new, hidden_in_order, state, result, game_result, most_moves=8, as_lean=CODE_OF.__getitem__,
                as_text=Deal.notation, tags=tags, choose=choose)


def test_lean_deal_agrees_with_the_narrated_game_from_the_auction_on() -> None:
    checked, ended, seen = agree_to_the_end(CASE, positions=60)
    assert checked >= 50 and ended == checked
    assert all(seen[what] for what in ("auction", "trump", "call", "play", "thrown in", "played out")), seen
    assert all(seen[verb] for verb in ("bid", "pass", "join", "trump", "call", "play")), seen


def test_a_copy_in_the_auction_leaves_the_deal_alone() -> None:
    copy_is_independent(CASE, seed=3, moves=1)


def test_a_view_in_the_auction_rebuilds_who_may_still_join() -> None:
    """A player who passed, offered the standing Meia Miséria once more (``meia_join="anyone"``), declines: the
    view does not list who declined, the rebuilt deal replays the calls and knows it, and plays on alike."""
    g = stacked({0: "AS", 1: "AH", 2: "AD", 3: "AC"}, meia_join="anyone")
    play_all(g, "pass; bid meia-miseria; pass; pass; pass")    # seat 0 passed, then declined to join
    assert g.current_player == 2 and g.deal.meia_declined == {0} and g.deal.passed == {0, 2, 3}
    view = g.view(2)
    lean = Deal.from_view(view, hidden_in_order(g.deal, view))
    assert state(lean) == state(g.deal)
    for move in ("join", "pass"):
        lean.apply(g.current_player, CODE_OF[Action(move)])
        g.apply(move)
        assert state(lean) == state(g.deal)
    assert lean.phase == "play" and lean.contract == "meia-miseria" and lean.holders == (1, 2)
