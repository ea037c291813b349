"""Injun's lean deal (engine.games.injun.Deal) against the narrated game (docs/lean-deal.md, issue 20 item 4).

Over positions from the soak's random players (poker and brag, the seed's betting, odd chips kept,
raise limits, short stacks; 2 to 15 players): a deal rebuilt from one seat's view and the true cards
that seat cannot see (``Deal.from_view``) is the game's deal, and offers the same legal moves; the
same moves then played on that deal, on a ``copy()`` of the game's own deal and through the game keep
the three alike to the end of the deal, where the lean deals' points and chips are the game's. In
Injun a seat sees every card but its own: ``unseen(view)`` is its own card and the pack not dealt.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import engine
from engine.cards import Card, standard_52
from engine.games import injun
from engine.games.injun import Deal, Injun, read_action, unseen
from engine.search import random_playout, view_worlds

from .test_injun_soak import random_move

VARIANTS = [
    {"style": "poker"},
    {"style": "brag"},
    {"style": "poker", "betting": "seed"},
    {"style": "poker", "odd_chip": "next_pot", "min_raise": 2, "max_raise": 6},
    {"style": "brag", "odd_chip": "next_pot", "ante": 2, "starting_chips": 7},
    {"style": "poker", "betting": "seed", "starting_chips": 5, "max_deals": None},
    {"style": "brag", "starting_chips": 3, "max_deals": None},
    {"style": "poker", "starting_chips": [4, 1, 9, 2, 30, 6, 3, 8, 5, 7, 2, 4, 11, 3, 6], "ante": 2},
]
POSITIONS = 160


def new_game(i: int) -> engine.Game:
    options = dict(VARIANTS[i % len(VARIANTS)])
    players = 2 + (i * 5) % 14
    if isinstance(options.get("starting_chips"), list):
        options["starting_chips"] = options["starting_chips"][:players]
    return engine.new_game("injun", players=players, seed=7_000 + i, **options)


def hidden_in_order(g: engine.Game, seat: int) -> list[Card]:
    """The cards ``seat`` cannot see, in the order ``Deal.from_view`` places them (its own card, then the pack
    not dealt), written here again from the game's cards rather than through the module's own helper."""
    d = g.deal  # type: ignore[attr-defined]
    own = d.cards[seat]
    dealt = {c for c in d.cards if c is not None}
    return ([own] if own is not None and d.phase != "done" else []) + [c for c in standard_52() if c not in dealt]


def state(d: Deal) -> tuple:
    """Everything a deal holds, copied (a snapshot the deal's later moves cannot change)."""
    rnd = None if d.round is None else (d.round.bets, d.round.pending, d.round.raises)
    return copy.deepcopy((d.cards, d.dealt_in, d.chips, d.contrib, d.carry, d.folded, d.all_in, rnd, d.turn, d.phase,
            d.dealer, d.last_actor, d.won, d.showdown, [(a.pot, a.winners, a.shares, a.kept) for a in d.awards]))


def positions() -> list[tuple[engine.Game, int, random.Random]]:
    """Seeded positions spread over whole games: the game, a seat whose view is read, the random moves."""
    out = []
    for i in range(POSITIONS):
        g = new_game(i)
        rng = random.Random(i)
        for _ in range(rng.randrange(0, 40)):
            if g.is_over:
                break
            g.apply(random_move(g, rng))
        if not g.is_over:
            out.append((g, rng.randrange(g.players), rng))
    return out


def test_the_rules_class_names_its_lean_deal():
    assert Injun.lean_deal is Deal and Injun.lean_unseen is unseen
    g = engine.new_game("injun", players=5, seed=1)
    assert isinstance(g.deal, type(g).lean_deal) and Deal.NOT_IN_VIEW == ()  # type: ignore[attr-defined]


def test_unseen_is_your_own_card_and_the_pack_not_dealt():
    """A seat sees every other card dealt, never its own; a seat sitting out sees every card dealt."""
    for g, _, _ in positions()[:60]:
        dealt = [c for c in g.deal.cards if c is not None]  # type: ignore[attr-defined]
        for seat in range(g.players):
            hidden = unseen(g.view(seat))
            own = g.deal.cards[seat]  # type: ignore[attr-defined]
            assert len(hidden) == len(set(hidden)) == 52 - len(dealt) + (own is not None)
            assert own is None or own in hidden
            assert not any(c in hidden for s, c in enumerate(g.deal.cards) if s != seat and c is not None)  # type: ignore[attr-defined]
            assert sorted(hidden) == sorted(hidden_in_order(g, seat))
            assert injun.hidden_in_order(g.deal, g.view(seat)) == hidden_in_order(g, seat)  # type: ignore[attr-defined]


def test_lean_deal_from_a_view_agrees_with_the_narrated_game():
    checked = ended = 0
    verbs: set[str] = set()
    for g, seat, rng in positions():
        view = g.view(seat)
        lean = Deal.from_view(view, hidden_in_order(g, seat), seed=g.seed)
        twin = g.deal.copy()  # type: ignore[attr-defined]
        assert state(lean) == state(twin) == state(g.deal)  # type: ignore[attr-defined]
        checked += 1
        deal_number = g.deal_number  # type: ignore[attr-defined]
        while True:
            assert lean.to_act() == twin.to_act() == g.to_act()
            for s in g.to_act():
                want = [str(a) for a in g.legal_actions(s)]
                assert [str(a) for a in lean.legal(s)] == want == [str(a) for a in twin.legal(s)]
            who, move = g.current_player, random_move(g, rng)
            verbs.add(move.split()[0])
            action = g.parse_action(move)
            assert lean.allows(who, action)
            for deal in (lean, twin):
                deal.apply(who, action)
            g.apply(move, who)
            if g.is_over or g.deal_number != deal_number:  # type: ignore[attr-defined]
                end = [e for e in g.events if e.kind == "deal_end"][-1].data
                assert lean.phase == twin.phase == "done" and lean.to_act() == []
                assert lean.points() == twin.points() == end["won"] == g.last_result["won"]  # type: ignore[attr-defined]
                assert lean.chips == twin.chips == end["chips"]
                ended += 1
                break
            assert state(lean) == state(twin) == state(g.deal), (seat, move)  # type: ignore[attr-defined]
    assert checked >= POSITIONS * 3 // 4 and ended == checked
    assert verbs >= {"fold", "call", "bet", "raise", "chip", "see"}, verbs


def test_a_copy_leaves_the_deal_alone():
    for g, _, rng in positions()[:40]:
        before = state(g.deal)  # type: ignore[attr-defined]
        twin = g.deal.copy()  # type: ignore[attr-defined]
        random_playout(twin, rng)
        assert twin.phase == "done" and state(g.deal) == before  # type: ignore[attr-defined]


def test_from_view_puts_the_first_hidden_card_in_your_own_hand():
    g = engine.new_game("injun", players=4, seed=3, first_dealer=0)
    for seat in range(4):
        hidden = unseen(g.view(seat))
        random.Random(seat).shuffle(hidden)
        lean = Deal.from_view(g.view(seat), hidden)
        assert lean.cards[seat] == hidden[0]
        assert [c for s, c in enumerate(lean.cards) if s != seat] == \
            [c for s, c in enumerate(g.deal.cards) if s != seat]  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="no hidden card"):
        Deal.from_view(g.view(0), [])


def test_search_worlds_fit_the_view_and_play_out():
    """engine.search serves Injun: each imagined world keeps what the seat sees (every other card, the
    chips, the bets) and gives the seat one of the cards it cannot see; a random playout ends the deal
    with every chip accounted for."""
    for g, seat, rng in positions()[:80]:
        view = g.view(seat)
        worlds = view_worlds(view, unseen, Deal.from_view)
        total = sum(g.deal.chips) + g.deal.pot_total  # type: ignore[attr-defined]
        for k in range(3):
            world: Any = worlds(random.Random(k))
            assert [c for s, c in enumerate(world.cards) if s != seat] == \
                [c for s, c in enumerate(g.deal.cards) if s != seat]  # type: ignore[attr-defined]
            assert world.cards[seat] is None or world.cards[seat] in unseen(view)
            assert world.chips == view["chips"] and world.contrib == view["contributed"]
            if seat == g.current_player:
                assert [str(a) for a in world.legal(seat)] == view["legal"]
            random_playout(world, rng)
            assert world.phase == "done" and sum(world.chips) + world.carry == total


def test_a_view_writes_its_moves_as_the_lean_deal_reads_them():
    assert read_action("raise 3") == engine.Action("raise", "3") and read_action("fold") == engine.Action("fold")


def test_from_the_view_of_a_finished_game_the_last_deal_is_over():
    for seed in range(6):
        g = engine.new_game("injun", players=2 + seed, seed=seed, max_deals=1, style=("poker", "brag")[seed % 2])
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(random_move(g, rng))
        for seat in range(g.players):
            view = g.view(seat)
            assert unseen(view) == [c for c in standard_52() if c not in g.deal.cards]  # type: ignore[attr-defined]
            lean = Deal.from_view(view, unseen(view))
            assert lean.phase == "done" and lean.to_act() == [] and lean.points() == g.last_result["won"]  # type: ignore[attr-defined]
            d = g.deal  # type: ignore[attr-defined]
            assert (lean.cards, lean.chips, lean.folded, lean.all_in) == (d.cards, d.chips, d.folded, d.all_in)
