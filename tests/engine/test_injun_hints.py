"""Injun's hints and bots: exact odds over the cards you cannot see, from the seat's view only."""

from __future__ import annotations

import random

import pytest

import engine
from engine.hints import LEVELS, Bot
from engine.games.injun import deck_for
from engine.games.injun_ai import evaluate, odds, read_bets, unseen


def three(cards: list[str], style: str = "poker", *moves: str) -> engine.Game:
    """A, B and You (seat 2, the dealer); A opens."""
    g = engine.new_game("injun", players=3, seed=1, first_dealer=2, style=style, names=["A", "B", "You"],
                        deck=deck_for(cards, 2))
    for move in moves:
        g.apply(move)
    return g


def test_the_briefs_example_a_king_and_a_nine_and_the_pot_odds():
    """Your card is uniform over the 50 cards you cannot see: 4 Aces beat K and 9, 3 Kings tie.
    Calling 2 into a pot of 7 needs a win 2/9 = 22% of the time (RULES §5; the brief's example)."""
    g = three(["KS", "9H", "5C"], "poker", "bet 2", "call")
    view = g.view(2)
    o = odds(view)
    assert (o.beats, o.ties, o.total) == (4, 3, 50)
    assert o.equity == pytest.approx((4 + 3 / 2) / 50)
    h = engine.hint(g, 2)
    assert h.reason.startswith("You can see K♠ and 9♥ still in. Your own card beats them both in 4 of the "
                               "50 cases and ties with K♠ in 3 more")
    assert "A call costs 2 chips to win a pot of 7: you need to win 22% of the time." in h.reason
    assert h.action == "fold"
    call = next(a for a in h.alternatives if a.action == "call")
    assert call.score == pytest.approx(o.equity * 9 - 2, abs=0.01)


def test_a_strong_position_is_worth_raising_and_every_alternative_is_legal_and_sorted():
    g = three(["4S", "2H", "5C"], "poker", "bet 2", "call")
    h = engine.hint(g, 2)
    assert h.action.startswith("raise") and "You are likely ahead" in h.reason
    legal = {str(a) for a in g.legal_actions()}
    assert {a.action for a in h.alternatives} <= legal and {"fold", "call"} <= {a.action for a in h.alternatives}
    assert [a.score for a in h.alternatives] == sorted((a.score for a in h.alternatives), reverse=True)
    assert h.alternatives[0].action == h.action


def test_folded_cards_still_count_as_seen_but_cannot_win():
    g = three(["AS", "9H", "5C"], "brag", "fold", "chip")
    o = odds(g.view(2))
    assert o.total == 50 and o.beats == 4 * 5 - 1  # 10, J, Q, K, A beat the 9 (the A♠ is not yours)
    h = engine.hint(g, 2)
    assert "(A♠ folded: that cannot be your card either.)" in h.reason


def test_brag_see_is_valued_as_a_showdown_for_two_chips():
    g = three(["QS", "9H", "5C"], "brag", "chip", "fold")
    view = g.view(2)  # A and You remain: you may see
    o = odds(view)
    alts = {a.action: a for a in evaluate(view, o.equity)}
    assert set(alts) == {"fold", "chip", "see"}
    assert alts["see"].score == pytest.approx(o.equity * (view["pot_total"] + 2) - 2, abs=0.01)
    assert alts["fold"].score == 0


def test_the_hint_never_peeks_at_your_own_card():
    """Two deals that differ only in your own card give the same view and the same hint."""
    first = str(engine.hint(three(["KS", "9H", "AS"], "poker", "bet 2", "call"), 2))
    for mine in ("2D", "7C", "KD"):
        assert three(["KS", "9H", mine], "poker", "bet 2", "call").view(2) == \
            three(["KS", "9H", "AS"], "poker", "bet 2", "call").view(2)
        assert str(engine.hint(three(["KS", "9H", mine], "poker", "bet 2", "call"), 2)) == first


def test_reading_the_bets_lowers_your_hopes_when_others_raise():
    """The others see your card: a raise is likelier when it looks low to them (hard bot)."""
    quiet = three(["6S", "7H", "5C"], "poker", "bet 1", "call")
    loud = three(["6S", "7H", "5C"], "poker", "bet 1", "raise 5")
    for g in (quiet, loud):
        weights = read_bets(g.view(2))
        assert set(weights) == set(unseen(g.view(2))) and sum(weights.values()) == pytest.approx(1)
    prior = odds(loud.view(2)).equity
    assert odds(loud.view(2), read_bets(loud.view(2))).equity < prior
    high = [c for c in unseen(loud.view(2)) if c.rank == 1]
    low = [c for c in unseen(loud.view(2)) if c.rank == 2]
    weights = read_bets(loud.view(2))
    assert weights[high[0]] < weights[low[0]]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("style", ["poker", "brag"])
def test_every_bot_plays_legal_moves_from_the_view(level, style):
    for seed in range(12):
        g = engine.new_game("injun", players=2 + seed % 6, seed=seed, style=style, max_deals=2)
        bot = Bot("injun", level, seed)
        while not g.is_over:
            s = g.current_player
            move = bot.choose(g.view(s))
            assert move in g.view(s)["legal"]
            g.apply(move, s)


def test_medium_and_hard_fold_a_hopeless_hand_and_call_a_sure_one():
    rng = random.Random(0)
    hopeless = three(["AS", "AH", "5C"], "poker", "bet 3", "call")  # you face two Aces
    sure = three(["2S", "2H", "5C"], "poker", "bet 3", "call")     # you face two 2s
    for level in ("medium", "hard"):
        policy = engine.hints.advisor("injun").POLICIES[level]
        assert policy(hopeless.view(2), rng) == "fold"
        assert policy(sure.view(2), rng) != "fold"
