"""Jabberwocky's rules, each tested against the seed (003) or docs/rules/jabberwocky.md."""

from __future__ import annotations

import random

import pytest

import engine
from engine.games.jabberwocky import FULL_SCHEDULE, SHORT_SCHEDULE, forbidden_bid

from .helpers import snapshot
from .jabberwocky_helpers import play_all, stacked_round


def bids_of(game: engine.Game) -> list[int]:
    return sorted(int(a.arg) for a in game.legal_actions())


# ---- the round schedule, the deal, the trump card ----

def test_thirteen_rounds_of_three_up_to_nine_and_back():
    # Seed: "the dealer gives three cards to each player. The number of cards increases by one
    # each round until nine cards are dealt. After that … decreases by one each round."
    # docs/rules/jabberwocky.md#examples: round sizes [3, 4, 5, 6, 7, 8, 9, 8, 7, 6, 5, 4, 3].
    assert FULL_SCHEDULE == (3, 4, 5, 6, 7, 8, 9, 8, 7, 6, 5, 4, 3)
    g = engine.new_game("jabberwocky", players=4, seed=11)
    rng = random.Random(0)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    deals = [e for e in g.events if e.kind == "deal"]
    assert [e.data["size"] for e in deals] == list(FULL_SCHEDULE)
    # "Deal passes to the left after each round!"
    first = deals[0].data["dealer"]
    assert [e.data["dealer"] for e in deals] == [(first + r) % 4 for r in range(13)]
    assert len(g.results) == 13


def test_short_schedule_and_own_schedule_are_variants():
    assert engine.new_game("jabberwocky", rounds="short").schedule == SHORT_SCHEDULE
    assert engine.new_game("jabberwocky", rounds=[5, 2]).schedule == (5, 2)


def test_cards_dealt_one_at_a_time_from_the_dealers_left_then_the_turn_up():
    # docs/rules/jabberwocky.md: "deal one card at a time"; seed: "the dealer turns over the top card of the
    # remainder of the deck. The suit of that card is the trump suit".
    deck = "2S 3S 4S 5S 6S 7S 8S 9S 10S JH".split()
    g = engine.new_game("jabberwocky", players=3, seed=1, deck=deck, first_dealer=0, rounds=[3])
    assert g.view(1)["hand"] == ["8S", "5S", "2S"]
    assert g.view(2)["hand"] == ["9S", "6S", "3S"]
    assert g.view(0)["hand"] == ["10S", "7S", "4S"]
    assert g.view(0)["trump_card"] == "JH" and g.view(0)["trump"] == "H"


def test_the_turn_up_stays_face_up_for_the_whole_round():
    # Seed: "that card remains face-up during the round."
    g = stacked_round(["AC 3H", "KC 9H", "7C 8S"], "2D", dealer=2)
    play_all(g, "b1 b1 b1 AC KC")
    for seat in range(3):
        assert g.view(seat)["trump_card"] == "2D"


# ---- bidding ----

def test_bidding_starts_left_of_the_dealer_and_the_dealer_bids_last():
    # Seed: "the player to the dealer's left bids first … The dealer bids last".
    g = engine.new_game("jabberwocky", players=5, seed=4, first_dealer=2, rounds=[4])
    order = []
    while g.view(0)["phase"] == "bid":
        order.append(g.current_player)
        g.apply(g.legal_actions()[0])
    assert order == [3, 4, 0, 1, 2]


def test_a_bid_is_zero_up_to_the_cards_dealt():
    # Seed: "A player may bid any number from 0 up to the total number of cards that were dealt".
    g = engine.new_game("jabberwocky", players=4, seed=4, first_dealer=0, rounds=[7])
    assert bids_of(g) == list(range(8))
    with pytest.raises(engine.IllegalAction, match="from 0 to 7"):
        g.apply("bid 8")


def test_seed_example_the_dealer_may_not_bid_one():
    # Seed: "four players … six cards … Player No. 1 has bid 2, Player No. 2 has bid 0, and Player
    # No. 3 has bid 3, then the final bid of the dealer may not be 1."
    g = engine.new_game("jabberwocky", players=4, seed=8, first_dealer=3, rounds=[6])
    play_all(g, "b2 b0 b3")
    assert g.current_player == 3 == g.view(3)["dealer"]
    assert bids_of(g) == [0, 2, 3, 4, 5, 6]
    assert g.view(3)["forbidden_bid"] == 1
    before = snapshot(g)
    with pytest.raises(engine.IllegalAction) as err:
        g.apply("bid 1")
    assert err.value.rule == "jabberwocky.hook" and "add up to 6" in str(err.value)
    assert snapshot(g) == before
    assert g.why_illegal("bid 1") is not None and g.why_illegal("bid 2") is None


def test_dealer_is_free_when_the_others_already_bid_more_than_the_tricks():
    # docs/rules/jabberwocky.md#examples: "3 players, 3 cards, bids 3, 1 → dealer free" (the hook rule).
    g = engine.new_game("jabberwocky", players=3, seed=8, first_dealer=2, rounds=[3])
    play_all(g, "b3 b1")
    assert bids_of(g) == [0, 1, 2, 3]
    assert g.view(2)["forbidden_bid"] is None
    assert forbidden_bid(3, [3, 1]) is None and forbidden_bid(6, [2, 0, 3]) == 1


def test_only_the_dealer_is_restricted():
    g = engine.new_game("jabberwocky", players=3, seed=8, first_dealer=2, rounds=[3])
    play_all(g, "b2")
    assert bids_of(g) == [0, 1, 2, 3]  # the second bidder may bring the total to 3


# ---- play ----

def test_the_player_left_of_the_dealer_leads_and_the_winner_leads_next():
    # Seed: "The player to the left of the dealer leads the first trick … The winner of a trick
    # leads the next trick."
    g = stacked_round(["AC 3H", "KD 9H", "7C 8C"], "2D", dealer=2)
    play_all(g, "b1 b1 b1")
    assert g.current_player == 0
    play_all(g, "AC KD 7C")  # seat 1 has no club and ruffs
    assert g.current_player == 1
    assert g.view(0)["tricks_won"] == [0, 1, 0]


def test_must_follow_suit_when_able():
    # Seed: "Each player must follow suit … If a player does not have any cards of the lead suit,
    # any other suit may be played instead."
    g = stacked_round(["AC 3H", "KC 9H", "7S 8S"], "2D", dealer=2)
    play_all(g, "b1 b1 b1 AC")
    assert [str(a) for a in g.legal_actions()] == ["play KC"]
    before = snapshot(g)
    with pytest.raises(engine.IllegalAction) as err:
        g.apply("play 9H")
    assert err.value.rule == "jabberwocky.follow" and "K♣" in str(err.value)
    assert snapshot(g) == before
    g.apply("play KC")
    assert sorted(str(a) for a in g.legal_actions()) == ["play 7S", "play 8S"]  # void in clubs


def test_rules_example_unbroken_trump_must_lead_the_other_suit():
    # docs/rules/jabberwocky.md#examples: "Unbroken ♦ trump, leader holds ♦ and ♣ → must lead ♣".
    g = stacked_round(["KD 4C", "5C 6C", "7C 8C"], "2D", dealer=2)
    play_all(g, "b1 b1 b1")
    assert [str(a) for a in g.legal_actions()] == ["play 4C"]
    with pytest.raises(engine.IllegalAction) as err:
        g.apply("play KD")
    assert err.value.rule == "jabberwocky.trump_lead"


def test_rules_example_an_all_trump_hand_may_lead_trump_and_breaks_it():
    # docs/rules/jabberwocky.md#examples: "all-♦ hand → may lead ♦, which breaks trump".
    g = stacked_round(["KD 4D", "5C 6C", "7C 8C"], "2D", dealer=2)
    play_all(g, "b1 b1 b1")
    assert sorted(str(a) for a in g.legal_actions()) == ["play 4D", "play KD"]
    assert not g.view(0)["trump_broken"]
    events = g.apply("play KD")
    assert g.view(1)["trump_broken"]
    assert any(e.rule == "jabberwocky.broken" for e in events)


def test_a_ruff_breaks_trumps_the_turn_up_does_not_and_it_resets_each_round():
    # Seed: 'Trump is said to be "broken" the first time a trump card is played.'
    # docs/rules/jabberwocky.md: "not by the turn-up. It resets each round."
    deck_hands = ["AC 3H", "KD 9H", "7C 8C"]
    g = stacked_round(deck_hands, "2D", dealer=2, rounds=[2, 2])
    play_all(g, "b1 b1 b1")
    assert not g.view(0)["trump_broken"]  # the turned-up 2♦ is a trump but breaks nothing
    play_all(g, "AC KD 7C")
    assert g.view(0)["trump_broken"]
    play_all(g, "9H 8C 3H")
    assert g.view(0)["round"] == 2 and not g.view(0)["trump_broken"]


def test_with_trump_breaking_off_trumps_may_be_led_at_once():
    g = stacked_round(["KD 4C", "5C 6C", "7C 8C"], "2D", dealer=2, trump_breaking=False)
    play_all(g, "b1 b1 b1")
    assert sorted(str(a) for a in g.legal_actions()) == ["play 4C", "play KD"]


def test_highest_trump_wins_else_highest_of_the_suit_led():
    # Seed: "The person who played the highest card in the suit that was led first wins that trick
    # unless a trump card was played, in which case … the highest trump card takes the trick."
    g = stacked_round(["9H 2S", "AS KH", "3D 4D"], "2D", dealer=2)
    play_all(g, "b0 b1 b2 9H KH")
    g.apply("play 3D")  # seat 2 has no heart and ruffs with the lowest trump
    assert g.view(0)["tricks_won"] == [0, 0, 1]
    # Next trick: seat 2 leads 4D (only trumps left, and trumps are broken).
    play_all(g, "4D 2S AS")
    assert g.view(0)["tricks_won"] == [0, 0, 2]  # the A♠ is not the led suit: it cannot win


def test_every_trick_has_one_winner_and_the_round_ends_when_all_tricks_are_taken():
    # Seed: "The round ends when all available tricks have been taken."
    g = engine.new_game("jabberwocky", players=5, seed=21, rounds=[9])
    rng = random.Random(2)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    trick_events = [e for e in g.events if e.kind == "trick"]
    assert len(trick_events) == 9 and sum(g.results[0]["won"]) == 9


# ---- scoring ----

def test_one_point_for_an_exact_bid_and_ties_share_the_win():
    # Seed: "players are given one point for acquiring the exact number of tricks that they bid
    # (otherwise they get no point.)" and "The player(s) with the most points … wins. Tie wins
    # are possible."
    g = stacked_round(["AC 3H", "KC 9H", "7C 8S"], "2D", dealer=2)
    play_all(g, "b2 b1 b0 AC KC 7C 3H 9H 8S")
    assert g.is_over and g.scores == [0, 1, 1]
    end = g.events[-1]
    assert end.kind == "game_end" and end.data["winners"] == [1, 2] and "share the win" in end.text


def test_classic_scoring_is_ten_plus_the_bid():
    g = stacked_round(["AC 3H", "KC 9H", "7C 8S"], "2D", dealer=2, scoring="classic")
    play_all(g, "b2 b1 b0 AC KC 7C 3H 9H 8S")
    assert g.scores == [0, 11, 10]


def test_table_mode_revoke_costs_three_the_trick_stands_and_the_bid_can_still_score():
    # Seed: "Each player must follow suit (failing to do so deducts 3 points from the score as a
    # penalty)". docs/rules/jabberwocky.md#jabberwocky.revoke (table mode): "−3 each is charged at round end, the trick
    # stands, and the
    # bid point can still be won."
    g = stacked_round(["AC 3H", "KC 9H", "7C 8S"], "2D", dealer=2, revoke="table")
    play_all(g, "b2 b0 b1 AC")
    assert sorted(str(a) for a in g.legal_actions()) == ["play 9H", "play KC"]
    assert g.view(1)["revoke_plays"] == ["play 9H"]
    events = g.apply("play 9H")
    assert any(e.kind == "revoke" for e in events)
    play_all(g, "7C 3H KC 8S")
    assert g.results[0]["won"] == [2, 0, 0]
    assert g.scores == [1, 1 - 3, 0]


def test_strict_mode_never_offers_a_revoke():
    g = stacked_round(["AC 3H", "KC 9H", "7C 8S"], "2D", dealer=2)
    play_all(g, "b2 b0 b1 AC")
    assert g.view(1)["revoke_plays"] == [] and "play 9H" not in g.view(1)["legal"]


def test_match_scores_are_the_sum_of_round_scores():
    g = engine.new_game("jabberwocky", players=3, seed=5, rounds="short", scoring="classic")
    rng = random.Random(5)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    assert g.scores == [sum(r["points"][s] for r in g.results) for s in range(3)]


# ---- the view ----

def test_view_has_what_a_player_sees():
    g = engine.new_game("jabberwocky", players=4, seed=3)
    view = g.view(1)
    for key in ("hand", "trump", "trump_card", "bids", "tricks_won", "trick", "led_suit", "trump_broken",
                "round", "cards_this_round", "dealer", "scores", "current_player"):
        assert key in view
    assert len(view["hand"]) == 3 and view["round"] == 1 and view["cards_this_round"] == 3


def test_trick_lists_cards_in_play_order_with_their_seats():
    g = stacked_round(["AC 3H", "KC 9H", "7S 8S"], "2D", dealer=2)
    play_all(g, "b1 b1 b1 AC KC")
    view = g.view(2)
    assert view["trick"] == [[0, "AC"], [1, "KC"]] and view["led_suit"] == "C"


def test_messages_speak_to_the_learner_as_you():
    g = engine.new_game("jabberwocky", players=4, seed=8, first_dealer=3, rounds=[6],
                        names=["Ada", "Ben", "Cleo", "You"])
    play_all(g, "b2 b0 b3")
    assert g.why_illegal("bid 1").startswith("You are the dealer")


def test_the_end_sentence_lists_every_winner():
    g = stacked_round(["AC 3H", "KC 9H", "7C 8S"], "2D", dealer=2, names=["Ada", "Ben", "Cleo"])
    play_all(g, "b2 b1 b0 AC KC 7C 3H 9H 8S")
    assert g.events[-1].text == "The game is over: Ben and Cleo share the win with 1 point."


def test_a_lean_deal_rebuilt_from_a_view_mid_trick_plays_on_as_the_real_one():
    # Search rebuilds the round from one seat's view (engine.games.jabberwocky_ai.known_deal) and deals the
    # other hands in: what Deal keeps ready for speed (bitmasks, the trick's best card so far) must then be
    # derived again, or a trick would go to the wrong seat. Give the rebuilt deal the real hands: the same
    # cards must then win the same tricks.
    from engine.games import jabberwocky_ai as ai
    checked = 0
    for seed in range(80):
        g = engine.new_game("jabberwocky", players=3 + seed % 3, seed=seed, rounds=[7],
                            revoke="strict" if seed % 2 else "table")
        rng = random.Random(seed)
        for _ in range(rng.randrange(g.players, g.players + 7 * g.players)):
            g.apply(rng.choice(g.legal_actions()))
        real = g.deal
        if real.phase != "play":
            continue
        rebuilt, _, _ = ai.known_deal(g.view(real.turn))
        for seat in range(g.players):
            rebuilt.set_hand(seat, list(real.hands[seat]))
        a, b = real.copy(), rebuilt
        while a.phase == "play":
            c = rng.choice(list(a.legal_cards(a.turn)))
            assert sorted(a.legal_cards(a.turn)) == sorted(b.legal_cards(b.turn))
            assert a.play(c) == b.play(c)
        assert a.won == b.won and a.revokes == b.revokes
        checked += 1
    assert checked > 40
