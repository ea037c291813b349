"""The shared trick mechanics (engine/tricks.py), as the trick-taking rules state them.

Jabberwocky (seed 003): "Each player must follow suit … If a player does not have any
cards of the lead suit, any other suit may be played instead." "The person who played
the highest card in the suit that was led first wins that trick unless a trump card was
played, in which case the person who played the highest trump card takes the trick."
"""

from __future__ import annotations

import itertools

from engine import parse_card, parse_cards
from engine.cards import standard_52
from engine.tricks import (ACE_HIGH, SUIT_INDEX, card, follow_suit, index, is_revoke, leads,
                           winning_position)


def ix(text: str) -> list[int]:
    return [index(c) for c in parse_cards(text)]


H, S, D, C = (SUIT_INDEX[s] for s in "HSDC")


def test_index_round_trips_every_card_and_orders_ace_high():
    assert sorted(index(c) for c in standard_52()) == list(range(52))
    for c in standard_52():
        assert card(index(c)) == c
    # "Cards within a suit are ranked from Ace (highest value) down to 2 (lowest value)."
    spades = ix("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")
    assert [ACE_HIGH[c] for c in spades] == list(range(13))


def test_follow_suit_when_you_can_anything_when_you_cannot():
    hand = ix("AH 7H 2C KD")
    assert sorted(follow_suit(hand, H)) == sorted(ix("AH 7H"))
    assert sorted(follow_suit(hand, S)) == sorted(hand)  # no spade: any card
    assert sorted(follow_suit(hand, None)) == sorted(hand)  # leading: any card


def test_trumps_may_not_be_led_until_broken_unless_only_trumps():
    # docs/rules/jabberwocky.md#examples: "Unbroken ♦ trump, leader holds ♦ and ♣ → must lead ♣; all-♦ hand → may lead
    # ♦".
    assert leads(ix("KD 4C"), D, trump_broken=False) == ix("4C")
    assert sorted(leads(ix("KD 4D"), D, trump_broken=False)) == sorted(ix("KD 4D"))
    assert sorted(leads(ix("KD 4C"), D, trump_broken=True)) == sorted(ix("KD 4C"))


def test_revoke_is_failing_to_follow_when_able():
    assert is_revoke(ix("AH 2C"), H, index(parse_card("2C")))
    assert not is_revoke(ix("AH 2C"), H, index(parse_card("AH")))
    assert not is_revoke(ix("AS 2C"), H, index(parse_card("2C")))  # void in hearts


def test_highest_of_led_suit_wins_without_trumps():
    cards = ix("9H KH AS 2H")  # the A♠ is off-suit: it cannot win
    assert winning_position(cards, trump=C) == 1


def test_any_trump_beats_the_led_suit_and_highest_trump_wins():
    assert winning_position(ix("AH 2C KH"), trump=C) == 1
    assert winning_position(ix("AH 2C 3C KH"), trump=C) == 2
    assert winning_position(ix("5C AH 4C"), trump=C) == 0  # trump led: highest trump still wins


def test_winner_is_the_rule_for_every_small_trick():
    """Brute force against the rule as written, over every 3-card trick of two suits and a trump."""
    pool = ix("2H 9H AH 3S KS 5C JC")
    for trick in itertools.permutations(pool, 3):
        trumps = [c for c in trick if c // 13 == C]
        led = trick[0] // 13
        expect = max(trumps) if trumps else max(c for c in trick if c // 13 == led)
        assert trick[winning_position(list(trick), trump=C)] == expect


def test_games_with_their_own_order_pass_a_power_table():
    # Klaberjass ranks trumps J 9 A 10 K Q 8 7: a power table makes the Jack of trumps win.
    order = "7 8 Q K 10 A 9 J".split()
    trump_power = list(ACE_HIGH)
    for rank_pos, r in enumerate(order):
        trump_power[index(parse_card(r + "C"))] = 100 + rank_pos
    assert winning_position(ix("AC JC 10C"), trump=C, trump_power=trump_power) == 1


def test_bitmask_hands_follow_and_lead_as_the_list_rules_do():
    import random

    from engine.tricks import bits, follow_bits, in_suit, leads_bits
    rng = random.Random(7)
    for _ in range(2000):
        hand = rng.sample(range(52), rng.randrange(1, 14))
        held = bits(hand)
        assert held == sum(1 << c for c in hand)
        for suit in range(4):
            assert in_suit(held, suit) == tuple(sorted(c for c in hand if c // 13 == suit))
            assert sorted(follow_bits(held, hand, suit)) == sorted(follow_suit(hand, suit))
            assert leads_bits(held, hand, suit) == leads(hand, suit, trump_broken=False)
