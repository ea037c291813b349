"""Jubilee against its sources: seed 000 and docs/rules/jubilee.md (each test cites its rule)."""

import random

import pytest

import engine
from engine.cards import Card, jubilee_61, parse_card
from engine.games.jubilee import FINAL_COUNT, card_value, score_for

from .helpers import stack_deal


def test_card_values_follow_the_seed_chart():
    """Seed: "Ace Black (+15), Red (-15); Jack, Queen, King Black (+10), Red (-10); 2 to 10
    face value; Joker 0". docs/rules/jubilee.md#jubilee.values."""
    assert card_value(parse_card("AS")) == 15 and card_value(parse_card("AC")) == 15
    assert card_value(parse_card("AH")) == -15
    assert [card_value(parse_card(c)) for c in ("JS", "QC", "KS")] == [10, 10, 10]
    assert [card_value(parse_card(c)) for c in ("JH", "QH", "KH")] == [-10, -10, -10]
    assert card_value(parse_card("7C")) == 7 and card_value(parse_card("7H")) == -7
    assert card_value(parse_card("JK")) == 0


def test_pack_sums_to_217_and_the_seeds_189_is_the_club_aces_counted_as_1():
    """docs/rules/jubilee.md: final count is 217; 189 only if both club Aces count 1 (28 less)."""
    pack = jubilee_61()
    assert sum(card_value(c) for c in pack) == FINAL_COUNT == 217
    aces_as_one = sum(1 if c == Card(1, "C") else card_value(c) for c in pack)
    assert aces_as_one == 189


@pytest.mark.parametrize("before, card, after, points", [
    (90, "QS", 100, 20),    # docs/rules/jubilee.md#examples: 90+Q♠ → 100 (+20)
    (110, "JH", 100, 20),   # 110−J♥ → 100 (+20): landing by subtraction counts
    (95, "8S", 103, -5),    # 95+8♠ → 103 (−5)
    (101, "2H", 99, -5),    # 101−2♥ → 99 (−5)
    (24, "2S", 26, -5),     # 24+2♠ → 26 (−5)
    (25, "JK", 25, 0),      # 25+Joker → 0 points
    (40, "10S", 50, 10),    # a Jubilee
    (25, "7H", 18, 0),      # leaving a multiple is not passing it
    (15, "AH", 0, 0),       # 0 never scores
    (10, "AC", 25, 10),
])
def test_scoring_worked_examples(before, card, after, points):
    """docs/rules/jubilee.md#jubilee.passing: land vs pass, 100s, zero and jokers."""
    c = parse_card(card)
    assert before + card_value(c) == after
    assert score_for(before, c)[0] == points


def test_three_player_worked_example_through_the_engine():
    """docs/rules/jubilee.md#examples: three players from 0. A K♠ → 10; B A♣ → 25 (+10); C 7♥ → 18 (0);
    A 9♠ → 27 (−5); B Joker → 27 (0); C 2♥ → 25 (+10); A 10♥ → 15; B 6♥ → 9; C's
    10-point heart is illegal. Totals A −5, B 10, C 10.

    The pack holds one 10♥ and A plays it, so C's illegal heart worth 10 is the J♥.
    """
    hands = ["KS 9S 10H 3S 4S 5S 6S 7S",
             "AC JK 6H 3C 4C 5C 6C 7C",
             "7H 2H JH 8H 9H QH KH AH"]
    deck = stack_deal(hands, stock="2S 8S 2C 8C 9C 8S 9S 2S 3S", first=0)
    g = engine.new_game("jubilee", players=3, seed=1, deck=deck, first_dealer=2,
                        names=["A", "B", "C"], match="single")
    assert g.current_player == 0  # eldest: the dealer's left (seat 2's left is seat 0)
    counts = []
    for seat, card in [(0, "KS"), (1, "AC"), (2, "7H"), (0, "9S"), (1, "JK"), (2, "2H"),
                       (0, "10H"), (1, "6H")]:
        assert g.current_player == seat
        g.apply(f"play {card}", seat)
        counts.append(g.deal.count)
    assert counts == [10, 25, 18, 27, 27, 25, 15, 9]
    assert g.scores == [-5, 10, 10]
    assert g.current_player == 2
    with pytest.raises(engine.IllegalAction, match="below 0") as err:
        g.apply("play JH", 2)
    assert err.value.rule == "jubilee.no_negative"
    # the joker on 27 and the 7♥ leaving 25 scored nothing, as the example says
    score_events = [(e.seat, e.points, e.rule) for e in g.events if e.kind == "score"]
    assert score_events == [(1, 10, "jubilee.jubilee"), (0, -5, "jubilee.passing"), (2, 10, "jubilee.jubilee")]


def test_a_player_who_cannot_play_shows_the_hand_and_passes_without_drawing():
    """docs/rules/jubilee.md#examples: count 4, hand all ♥5+ and no joker: reveal and pass; hand and stock
    unchanged. Seed: "he must show his hand and then pass his current turn"."""
    hands = ["4S 2S 3S 4C 5C 6C 7C 8C", "5H 6H 7H 8H 9H 10H JH QH"]
    g = engine.new_game("jubilee", players=2, seed=3, first_dealer=1, match="single",
                        deck=stack_deal(hands, first=0))
    g.apply("play 4S")
    assert g.deal.count == 4 and g.current_player == 1
    hand_before, stock_before = list(g.deal.hands[1]), len(g.deal.stock)
    assert [str(a) for a in g.legal_actions()] == ["pass"]
    events = g.apply("pass")
    assert g.deal.hands[1] == hand_before and len(g.deal.stock) == stock_before
    assert events[0].rule == "jubilee.cannot_play"
    assert g.view(0)["revealed"][1] == [str(c) for c in hand_before]  # everyone sees it
    assert g.current_player == 0


def test_revealed_cards_are_forgotten_as_they_are_played():
    hands = ["4S 2S 3S 4C 5C 6C 7C 8C", "5H 6H 7H 8H 9H 10H JH QH"]
    g = engine.new_game("jubilee", players=2, seed=3, first_dealer=1, match="single",
                        deck=stack_deal(hands, stock="9S", first=0))
    g.apply("play 4S")
    g.apply("pass")
    g.apply("play 8C")
    assert g.deal.count == 12
    g.apply("play 5H")
    assert "5H" not in g.view(0)["revealed"][1] and "6H" in g.view(0)["revealed"][1]


def test_the_count_may_never_go_below_zero():
    """Seed: "The ongoing count is never allowed to be less then zero"; docs/rules/jubilee.md#jubilee.no_negative:
    legal = {c : count + value(c) >= 0}."""
    hands = ["5S 2H 5H 6H KH 3S 4S JK", "2C 3C 4C 5C 6C 7C 8C 9C"]
    g = engine.new_game("jubilee", players=2, seed=1, first_dealer=1, match="single",
                        deck=stack_deal(hands, stock="9S 10S", first=0))
    g.apply("play 5S")
    g.apply("play 2C")  # count 7, Ann to play
    assert g.deal.count == 7
    legal = {str(a) for a in g.legal_actions()}
    assert legal == {"play 2H", "play 5H", "play 6H", "play 3S", "play 4S", "play JK", "play 9S"}
    assert "would take the count from 7 to -3" in g.why_illegal("play KH")
    assert g.why_illegal("play 6H") is None  # down to 1 is fine


def test_deal_is_eight_each_one_at_a_time_from_the_dealers_left_and_the_rest_is_stock():
    """Seed: "deals eight face-down cards to each player, one-by-one and in a clockwise
    direction, starting with the player to his immediate left"; docs/rules/jubilee.md#jubilee.deal."""
    deck = [str(c) for c in jubilee_61()]
    for players in range(2, 8):
        g = engine.new_game("jubilee", players=players, seed=0, deck=deck, first_dealer=1)
        left = 2 % players
        assert [str(c) for c in g.deal.hands[left]] == deck[0:8 * players:players]
        assert len(g.deal.stock) == 61 - 8 * players
        assert [str(c) for c in g.deal.stock] == deck[8 * players:]
        assert g.current_player == left  # "The player to the dealer's immediate left has the first play"


def test_draw_after_playing_while_the_stock_lasts():
    """Seed: "After playing a card, the player then draws one card from the stock pile"."""
    g = engine.new_game("jubilee", players=7, seed=9)
    assert len(g.deal.stock) == 5  # docs/rules/jubilee.md#jubilee.deal: 61 − 56
    top = g.deal.stock[0]
    seat = g.current_player
    g.apply(g.legal_actions()[0])
    assert top in g.deal.hands[seat] and len(g.deal.hands[seat]) == 8 and len(g.deal.stock) == 4


def test_once_the_stock_is_gone_empty_hands_are_skipped_and_the_deal_ends_at_217():
    """docs/rules/jubilee.md#jubilee.skip and docs/rules/jubilee.md#jubilee.end."""
    g = engine.new_game("jubilee", players=4, seed=21, match="single")
    while not g.is_over:
        seat = g.current_player
        assert g.deal.hands[seat], "an empty hand is never asked to play"
        g.apply(g.legal_actions()[-1])
    assert g.deal.count == 217 and not any(g.deal.hands) and not g.deal.stock


def test_match_is_one_deal_per_player_and_the_deal_rotates_clockwise():
    """docs/rules/jubilee.md#jubilee.match [T]; seed: "After each hand the deal rotates around the table in a
    clockwise direction"."""
    g = engine.new_game("jubilee", players=3, seed=2, first_dealer=0)
    dealers = []
    while not g.is_over:
        if not dealers or dealers[-1] != g.dealer:
            dealers.append(g.dealer)
        g.apply(g.legal_actions()[0])
    assert dealers == [0, 1, 2]
    deal_ends = [e for e in g.events if e.kind == "deal_end"]
    assert len(deal_ends) == 3
    assert g.scores == [sum(e.data["deal_scores"][s] for e in deal_ends) for s in range(3)]
    single = engine.new_game("jubilee", players=3, seed=2, match="single")
    while not single.is_over:
        single.apply(single.legal_actions()[0])
    assert sum(e.kind == "deal_end" for e in single.events) == 1


def test_first_play_black_variant():
    """docs/rules/jubilee.md: S2 requires a black first card; default allows a joker [T]."""
    hands = ["JK 2S 3S 4S 5S 6S 7S 8S", "9S 10S 2C 3C 4C 5C 6C 7C"]
    deck = stack_deal(hands, first=0)
    strict = engine.new_game("jubilee", players=2, seed=1, deck=deck, first_dealer=1, first_play="black")
    assert "play JK" not in [str(a) for a in strict.legal_actions()]
    with pytest.raises(engine.IllegalAction, match="black"):
        strict.apply("play JK")
    relaxed = engine.new_game("jubilee", players=2, seed=1, deck=deck, first_dealer=1)
    assert "play JK" in [str(a) for a in relaxed.legal_actions()]
    strict.apply("play 2S")
    strict.apply("play 9S")
    assert "play JK" in [str(a) for a in strict.legal_actions()]  # only the first card is restricted


def test_winners_and_ties_share():
    """docs/rules/jubilee.md#jubilee.match: highest score wins; ties share [T]."""
    g = engine.new_game("jubilee", players=2, seed=4, match="single")
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    end = [e for e in g.events if e.kind == "game_end"][0]
    best = max(g.scores)
    assert end.data["winners"] == [s for s in range(2) if g.scores[s] == best]


def test_options_are_listed_with_their_defaults():
    cls = engine.GAMES["jubilee"]
    assert cls.option_defaults() == {"match": "each_deals", "first_play": "any", "first_dealer": None, "lang": "en"}
    assert [o.name for o in cls.variants] == ["match", "first_play", "first_dealer", "lang"]
    assert all(o.doc for o in cls.variants)


RED = [str(c) for c in jubilee_61() if c.suit == "H" or c.is_joker]  # 13 hearts and 4 jokers


def test_first_black_lapses_once_everyone_has_passed_in_turn():
    """docs/rules/jubilee.md, First play: "once every player has passed in turn without a play the restriction lapses
    for that deal (jokers become playable)". Two hands of hearts and jokers: both pass, then a joker opens."""
    hands = ["JK JK 2H 3H 4H 5H 6H 7H", "JK 8H 9H 10H JH QH KH AH"]
    g = engine.new_game("jubilee", players=2, seed=3, first_dealer=1, first_play="black", match="single",
                        deck=stack_deal(hands, first=0))
    assert g.view(0)["black_first"] and [str(a) for a in g.legal_actions()] == ["pass"]
    assert "the first card must be black" in g.apply("pass")[0].text
    events = g.apply("pass")
    assert events[-1].rule == "jubilee.first_black_lapses" and not g.view(0)["black_first"]
    assert [str(a) for a in g.legal_actions()] == ["play JK"]
    g.apply("play JK")
    assert g.deal.count == 0 and [str(a) for a in g.legal_actions()] == ["play JK"]


@pytest.mark.parametrize("players", [2, 3])
def test_soak_first_black_with_stacked_red_openers_always_ends(players):
    """docs/rules/jubilee.md: "a deal where the player to open holds no black card must still end". 2 players: both
    hands are hearts and jokers only (the issue's stall); 3 players: the first two hands are."""
    for i in range(60):
        rng = random.Random(i)
        red = RED[:]
        rng.shuffle(red)
        dealer = rng.randrange(players)
        hands = [" ".join(red[k * 8:(k + 1) * 8]) for k in range(2)]
        g = engine.new_game("jubilee", players=players, seed=i, first_dealer=dealer, first_play="black",
                            match="single", deck=stack_deal(hands, first=(dealer + 1) % players))
        moves = 0
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            moves += 1
            assert moves < 61 * players + 61, "the deal must end"
        assert g.deal.count == FINAL_COUNT
