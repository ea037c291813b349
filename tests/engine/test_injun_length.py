"""Injun's game as a whole (issue 32, item 5): what each deal's result says adds up to the chips in front of
the players at the end, odd chips left in the middle included; and every game ends within the bound the
``max_deals`` option states, "until one player has all the chips" too, whatever the options."""

from __future__ import annotations

import itertools
import random

import pytest

import engine
from engine.games.injun import LONGEST_GAME

from .test_injun_soak import random_move

#: The soak's own bound on moves: with the random players below, the longest game took 1,469 moves (15
#: players, brag style, 100 deals); before the deal limit such games ran 56,000-66,000 moves.
MOST_MOVES = 3_000


def totals_agree(g: engine.Game) -> None:
    """Each seat's deal results add up to its chips now minus its chips at the start."""
    start = g.options["starting_chips"]
    results = g.deal_results()
    assert len(results) == g.deal_number
    summed = [sum(r["points"][s] for r in results) for s in range(g.players)]
    assert summed == [c - start for c in g.deal.chips]
    assert sum(summed) == 0


def test_the_odd_chip_of_the_last_deal_is_in_that_deals_result():
    """The review's case: 14 players, 15 deals, odd chips kept for the next pot; the last deal ends on a shared
    pot, so its odd chip is given out as the game ends. It was in no deal's result: they summed to -1."""
    g = engine.new_game("injun", players=14, seed=17875422809300030464, max_deals=15, odd_chip="next_pot",
                        betting="seed")
    rng = random.Random(0)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    # the chips of shared pots that stayed in the middle, given out as the game ends ("takes the 1 odd chip
    # left in the middle"), not the deals' own "The odd chip stays in the middle for the next deal."
    odd = [e for e in g.events if e.kind == "win" and e.rule == "injun.odd_chip" and "left in the middle" in e.text]
    assert len(odd) == 1 and g.deal_number == 15, "this seed's last deal leaves an odd chip in the middle"
    last_end = max(i for i, e in enumerate(g.events) if e.kind == "deal_end")
    assert g.events.index(odd[0]) < last_end, "the odd chip is told before the deal's end, which counts it"
    totals_agree(g)


POKER = [dict(style="poker", betting=b, min_raise=lo, max_raise=hi)
         for b in ("standard", "seed") for lo, hi in ((1, None), (1, 1), (2, 3))]
BETTING = POKER + [dict(style="brag")]
COMBINATIONS = [dict(bet, odd_chip=odd, max_deals=deals, players=players)
                for bet, odd, deals, players in itertools.product(BETTING, ("left_of_dealer", "next_pot"),
                                                                  (None, LONGEST_GAME), (2, 15))]


@pytest.mark.parametrize("k", range(4))
def test_every_option_combination_ends_within_the_stated_bound(k: int):
    """Every betting style, odd-chip rule, game length and table size (a quarter of them per test): the game
    ends within LONGEST_GAME deals and MOST_MOVES moves, and its deal results add up."""
    for i, options in enumerate(COMBINATIONS[k::4]):
        options = dict(options)
        players = options.pop("players")
        seed = 1000 * k + i
        rng = random.Random(seed)
        g = engine.new_game("injun", players=players, seed=seed, **options)
        moves = 0
        while not g.is_over:
            g.apply(random_move(g, rng))
            moves += 1
            assert moves <= MOST_MOVES, f"{options}, {players} players: still going after {moves} moves"
        assert g.deal_number <= LONGEST_GAME
        assert g.progress()["deal"] == g.deal_number
        totals_agree(g)
        if options["max_deals"] is None and g.deal_number == LONGEST_GAME:
            assert f"{LONGEST_GAME} deals have been played" in g.events[-1].text


def test_a_game_longer_than_the_limit_is_refused_and_the_option_says_so():
    doc = next(o.doc for o in engine.GAMES["injun"].variants if o.name == "max_deals")
    assert f"{LONGEST_GAME} at most" in doc and f"or {LONGEST_GAME} deals have been played" in doc
    with pytest.raises(engine.OptionError, match=f"{LONGEST_GAME} deals at most"):
        engine.new_game("injun", max_deals=LONGEST_GAME + 1)
    engine.new_game("injun", max_deals=LONGEST_GAME)
