"""Klaberjass against its sources: seed 004 ("Clabberjass") and docs/rules/klaberjass.md, test line by test line."""

from __future__ import annotations

import pytest

import engine
from engine import tricks
from engine.cards import parse_cards, piquet_32
from engine.games.klaberjass import (BELLA, LAST_TRICK, MAX_DEAL_CARD_POINTS, PACK, PLAIN_POWER,
                                     TOTAL_CARD_POINTS, TRUMP_POWER, card_points, find_sequences, follow_rule,
                                     sequence_winner, settle)

from .helpers import refused
from .klaberjass_helpers import play_all, stacked_deck, stacked_game

H, S, D, C = (tricks.SUIT_INDEX[s] for s in "HSDC")
DEALER, ELDEST = 0, 1  # stacked games: seat 0 deals, seat 1 is the non-dealer


def ix(text: str) -> list[int]:
    return [tricks.index(c) for c in parse_cards(text)]


def legal_strings(g: engine.Game) -> set[str]:
    return {str(a).split()[1] for a in g.legal_actions()}


# ---- the pack, the ranks, the points -------------------------------------------------------------

def test_32_cards_worth_152_and_a_deal_at_most_156_with_the_last_trick():
    # docs/rules/klaberjass.md#examples: "All 32 cards' points = 152; card points of the 18 cards of one deal + 10 ≤
    # 156".
    assert sorted(PACK) == sorted(tricks.index(c) for c in piquet_32()) and len(PACK) == 32
    for trump in range(4):
        assert sum(card_points(c, trump) for c in PACK) == TOTAL_CARD_POINTS == 152
    # The 18 dearest cards, counted by hand: J and 9 of trumps 20 + 14, four Aces 44, four Tens 40,
    # four Kings 16, four Queens 12: 146 in cards, 156 with the last trick.
    assert 20 + 14 + 4 * 11 + 4 * 10 + 4 * 4 + 4 * 3 + LAST_TRICK == MAX_DEAL_CARD_POINTS == 156
    dearest = stacked_game("JH 9H AH AS AD AC 10H 10S 10D", "10C KH KS KD KC QH QS QD QC", turn_up="7H")
    play_all(dearest, "take")
    dealt = [c for h in dearest.deal.hands for c in h]
    assert sum(card_points(c, H) for c in dealt) + LAST_TRICK == 156


def test_no_rule_says_a_deal_is_worth_162():
    """The pack's 152 + 10 is not what a deal holds: only 18 of the 32 cards are played (issue 18, item 12)."""
    texts = " ".join(r.text for r in engine.GAMES["klaberjass"].rules.values())
    assert "162" not in texts and "156" in engine.GAMES["klaberjass"].rules["klaberjass.last_trick"].text


    # Seed: "Ace -11; Ten - 10; King - 4; Queen -3; Jack - 20 points in trump suit, 2 points in another
    # suit; Nine - 14 points in trump suit; 7, 8, simple 9 - no points."
    values = {r: card_points(ix(r + "S")[0], H) for r in "A 10 K Q J 9 8 7".split()}
    assert values == {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
    assert card_points(ix("JH")[0], H) == 20 and card_points(ix("9H")[0], H) == 14


def test_two_rank_orders():
    # Seed: "ace, 10, king, queen, jack, 9, 8, 7 in simple suit: jack, 9, ace, 10, king, queen, 8, 7 in trump".
    plain = ix("AS 10S KS QS JS 9S 8S 7S")
    trump = ix("JH 9H AH 10H KH QH 8H 7H")
    assert [PLAIN_POWER[c] for c in plain] == sorted((PLAIN_POWER[c] for c in plain), reverse=True)
    assert [TRUMP_POWER[c] for c in trump] == list(range(7, -1, -1))
    assert tricks.winning_position(ix("AH JH"), H, PLAIN_POWER, TRUMP_POWER) == 1  # trump J beats trump A
    assert tricks.winning_position(ix("KS 10S"), H, PLAIN_POWER, TRUMP_POWER) == 1  # plain 10 beats K
    assert tricks.winning_position(ix("AS 7H"), H, PLAIN_POWER, TRUMP_POWER) == 1   # any trump beats plain


# ---- following, winning a trump lead, trumping -------------------------------------------------------

def may_play(hand: list[int], trick: list[int], trump: int) -> list[int]:
    return follow_rule(hand, trick, trump)[0]


def test_shared_trick_rules_take_klaberjass_options():
    # docs/rules/klaberjass.md#examples: "Trump ♥, 9♥ led, follower holds J♥ and 7♥ → only J♥ legal; holds A♥ and 7♥ →
    # either."
    assert may_play(ix("JH 7H KS"), ix("9H"), H) == ix("JH")
    assert sorted(may_play(ix("AH 7H KS"), ix("9H"), H)) == sorted(ix("AH 7H"))
    # docs/rules/klaberjass.md#examples: "♠ led, follower void in ♠ holding 7♥ → must play 7♥."
    assert may_play(ix("7H AD KC"), ix("KS"), H) == ix("7H")
    # Seed: "having none of a trump-card too, he can play as he pleases."
    assert sorted(may_play(ix("AD KC"), ix("KS"), H)) == sorted(ix("AD KC"))
    # Jabberwocky and Jubileu keep the default: void, any card (tricks.follow_suit without options).
    assert sorted(tricks.follow_suit(ix("7H AD KC"), S)) == sorted(ix("7H AD KC"))
    assert tricks.follow_suit(ix("JH 7H"), H) == ix("JH 7H")


HANDS_J = ("9H KS QS 7S 8D 9D 10C JC QC", "JH 7H AS 10S 7D 10D AC KC 8C")


def test_a_trump_lead_must_be_won_if_able_in_play():
    g = stacked_game(*HANDS_J, turn_up="8H")
    play_all(g, "take 9H")
    assert legal_strings(g) == {"JH"}
    err = refused(g, "play 7H", match="must win the trick if you can", rule="klaberjass.trump_lead")
    assert "J♥" in str(err)


def test_a_trump_lead_nobody_can_beat_allows_any_trump():
    g = stacked_game("9H KS QS 7S 8D 9D 10C JC QC", "AH 7H AS 10S 7D 10D AC KC 8C", turn_up="8H")
    play_all(g, "take 9H")
    assert legal_strings(g) == {"AH", "7H"}
    refused(g, "play AS", match="must follow suit", rule="klaberjass.follow")


def test_void_in_the_led_suit_must_trump():
    g = stacked_game("KS QS 7S 9H 8D 9D 10C JC QC", "7H AD KD QD JD 10D AC KC 8C", turn_up="8H")
    play_all(g, "take KS")
    assert legal_strings(g) == {"7H"}
    refused(g, "play AD", match="no spades, so you must trump: you hold 7♥", rule="klaberjass.must_trump")


# ---- the deal and the bidding --------------------------------------------------------------------------

def test_deal_six_in_threes_turn_up_then_three_more_and_the_bottom_card():
    g = stacked_game(*HANDS_J, turn_up="8H", bottom="QD", names=["Dee", "Eli"])
    eldest = g.view(ELDEST)
    # Seed: "6 cards are dealt … the top card of which is turned up to establish the proposed trump."
    assert sorted(eldest["hand"]) == sorted("9H KS QS 7S 8D 9D".split())
    assert eldest["turn_up"] == "8H" and eldest["trump"] is None and eldest["bidding_round"] == 1
    assert eldest["bottom_card"] is None and g.current_player == ELDEST  # the non-dealer speaks first
    events = g.apply("take")
    # Seed: "the dealer gives three cards more to each and turns the pack … so that the last card can be seen."
    assert len(g.view(ELDEST)["hand"]) == len(g.view(DEALER)["hand"]) == 9
    # docs/rules/klaberjass.md: the turn-up lies under the pack, so turning the pack over shows the turn-up itself.
    assert g.view(DEALER)["bottom_card"] == g.view(ELDEST)["bottom_card"] == "8H"
    assert g.view(ELDEST)["trump"] == "H" and g.view(ELDEST)["maker"] == ELDEST
    assert any(e.rule == "klaberjass.deal_more" for e in events)
    assert g.current_player == ELDEST  # docs/rules/klaberjass.md: the non-dealer leads the first trick


def test_a_refused_turn_up_lies_under_the_pack_and_is_the_card_shown():
    """Seed 004: "Both players declined the turn-up suit as trump. (7 of hearts under pack)": the card shown
    when the pack is turned over is that turn-up, and no other card of the pack is revealed (item 13)."""
    g = stacked_game(*HANDS_J, turn_up="8S", bottom="QD", names=["Dee", "Eli"])
    events = play_all(g, "pass pass name:H")
    view = g.view(ELDEST)
    assert view["bottom_card"] == "8S" == view["turn_up"]
    shown = [e for e in events if e.kind == "deal_more"][0]
    assert shown.data["card"] == "8S" and "Q♦" not in shown.text and "8♠" in shown.text
    assert "under the pack" in [e for e in events if e.kind == "second_round"][0].text
    assert not any("QD" in str(e.data) or "Q♦" in e.text for e in g.events)  # the real bottom card stays hidden


def test_parletts_turn_up_out_of_play_shows_the_real_bottom_card():
    g = engine.new_game("klaberjass", seed=5, first_dealer=DEALER, turn_up="out_of_play",
                        deck=stacked_deck(*HANDS_J, turn_up="8S", bottom="QD"))
    events = play_all(g, "pass pass name:H")
    assert g.view(ELDEST)["bottom_card"] == "QD" and g.view(ELDEST)["turn_up"] == "8S"
    assert "turned down and out of play" in [e for e in events if e.kind == "second_round"][0].text
    assert [e.rule for e in events if e.kind == "deal_more"] == ["klaberjass.turn_up_out"]
    with pytest.raises(engine.OptionError):
        engine.new_game("klaberjass", seed=5, turn_up="somewhere")


def test_first_round_dealer_takes_after_a_pass():
    g = stacked_game(*HANDS_J, turn_up="8H")
    refused(g, "name S", match="first round", rule="klaberjass.bid_first")
    g.apply("pass")
    assert g.current_player == DEALER and g.view(DEALER)["bidding_round"] == 1
    g.apply("take")
    assert g.view(DEALER)["maker"] == DEALER and g.view(DEALER)["trump"] == "H"


def test_second_round_names_another_suit():
    g = stacked_game(*HANDS_J, turn_up="8H")
    play_all(g, "pass pass")
    v = g.view(ELDEST)
    assert v["bidding_round"] == 2 and v["turn_up_state"] == "refused" and g.current_player == ELDEST
    assert set(v["legal"]) == {"name S", "name D", "name C", "pass"}
    refused(g, "name H", match="refused in the first round", rule="klaberjass.bid_second")
    refused(g, "name ♥", match="refused in the first round")
    refused(g, "take", match="turned down", rule="klaberjass.bid_second")
    g.apply("pass")
    g.apply("name spades")
    assert g.view(ELDEST)["trump"] == "S" and g.view(ELDEST)["maker"] == DEALER


def test_both_pass_twice_the_original_non_dealer_deals_afresh():
    g = stacked_game(*HANDS_J, turn_up="8H")
    events = play_all(g, "pass pass pass pass")
    assert any(e.rule == "klaberjass.redeal" for e in events)
    v = g.view(0)
    # Seed: "If both players decline any trump suit, there is a fresh deal by the original non-dealer."
    assert v["dealer"] == ELDEST and v["deal_number"] == 2 and v["bidding_round"] == 1
    assert g.current_player == DEALER  # now the non-dealer
    assert g.scores == [0, 0] and v["results"] == []


# ---- sequences and Bella ------------------------------------------------------------------------------------

def test_sequences_are_runs_in_ace_king_order_five_count_as_one_fifty():
    assert [(s[0], s[2]) for s in find_sequences(ix("AS KS QS JS 10S 7H 8H 9H 10D"))] == [(5, S), (3, H)]
    assert find_sequences(ix("AS 10S KD QD 9C 8C 7D")) == []  # A 10 is not a run in sequence order
    assert [s[0] for s in find_sequences(ix("10S 9S 8S 7S"))] == [4]


@pytest.mark.parametrize("tie_rule, winner", [("seed", ELDEST), ("trump", DEALER)])
def test_sequence_tie_non_dealer_by_default_trump_by_option(tie_rule, winner):
    # docs/rules/klaberjass.md#examples: "Non-dealer 9-10-J♠ vs dealer 9-10-J♣ with ♣ trump → default: the non-dealer
    # scores 20; option: the dealer does."
    hands = [ix("9C 10C JC AH 7D"), ix("9S 10S JS AD 8H")]  # [dealer, non-dealer]
    assert sequence_winner(hands, DEALER, C, tie_rule) == winner
    g = stacked_game("9S 10S JS AD 8H 8D QH 7S KD", "9C 10C JC AH 7D KS 7H KH 9D", turn_up="AC",
                     sequence_tie=tie_rule, sequences_need_trick=False)
    events = play_all(g, "take")
    seq = g.view(DEALER)["sequences"]
    assert seq["winner"] == winner and seq["points"] == 20
    assert seq["shown"][0]["seat"] == winner and len(seq["shown"][0]["cards"]) == 3
    cited = next(e for e in events if e.kind == "sequences").rule
    assert cited == ("klaberjass.sequence_tie" if tie_rule == "seed" else "klaberjass.sequence_tie_trump")
    assert g.view(DEALER)["deal_points"][winner] == 20 and g.view(DEALER)["deal_points"][1 - winner] == 0


def test_equal_plain_sequences_score_nobody_under_the_trump_option():
    assert sequence_winner([ix("9D 10D JD"), ix("9S 10S JS")], DEALER, C, "trump") is None
    assert sequence_winner([ix("9D 10D JD"), ix("9S 10S JS")], DEALER, C, "seed") == ELDEST


def test_longer_beats_higher_then_higher_top_card():
    # Seed: "senior sequence is the one, which contains more cards … If numbers of cards are equal, senior
    # sequence is the one, which contains senior card."
    assert sequence_winner([ix("7S 8S 9S 10S"), ix("AH KH QH")], DEALER, C, "seed") == DEALER
    assert sequence_winner([ix("7S 8S 9S"), ix("AH KH QH")], DEALER, C, "seed") == ELDEST


FIFTY_HANDS = ("7C 8C 9C 10C 7D 8D 9D 7S 8S", "AC JC AD 10D AS 10S JH 9H AH")
FIFTY_PLAY = "pass take 10C AC JH 7S 9H 8S AH 7C AD 7D 10D 8D AS 8C 10S 9C JC 9D"


def test_a_fifty_scores_nothing_when_its_holder_takes_no_trick():
    # Seed: "If lower player will win though one trick, he will score 50 points for bertz (fifty)."
    g = stacked_game(*FIFTY_HANDS, turn_up="KH")
    events = play_all(g, FIFTY_PLAY)
    seq = next(e for e in events if e.kind == "sequences")
    assert seq.data["winner"] == ELDEST and seq.data["worth"] == 70  # a fifty and a tertz
    assert any(e.kind == "sequence_lost" and e.rule == "klaberjass.sequence_trick" for e in events)
    result = g.results[0]
    in_play = sum(card_points(c, H) for c in ix(" ".join(FIFTY_HANDS)))
    assert result["totals"] == [in_play + LAST_TRICK, 0] and result["sequences"] == 0
    assert result["outcome"] == "made" and g.scores == [in_play + LAST_TRICK, 0]


def test_without_the_trick_rule_the_fifty_scores_anyway():
    g = stacked_game(*FIFTY_HANDS, turn_up="KH", sequences_need_trick=False)
    play_all(g, FIFTY_PLAY)
    assert g.results[0]["totals"][ELDEST] == 70


BELLA_HANDS = ("AC KC QC JC 8S 9S 10D 7S AS", "KH QH 7D 8D 9D AD 10S JS 10C")


def test_bella_scores_for_the_player_who_lost_the_sequences():
    # docs/rules/klaberjass.md#examples: "Bella scores 20 even for the player who lost the sequence comparison."
    g = stacked_game(*BELLA_HANDS, turn_up="7H", sequences_need_trick=False)
    events = play_all(g, "pass take")
    assert g.view(DEALER)["sequences"]["winner"] == ELDEST  # fifty to the Ace beats a tertz
    assert g.view(DEALER)["bella_in_hand"] and not g.view(ELDEST)["bella_in_hand"]
    events = play_all(g, "AC 10C")
    events = play_all(g, "KC KH")  # K♣ led; void in clubs, the dealer must trump
    assert not any(e.kind == "bella" for e in events)  # only one of the two played so far
    events = play_all(g, "QH")  # the dealer won with K♥ and leads Q♥
    # The second card of the pair scores Bella as it is played.
    bella = [e for e in events if e.kind == "bella"]
    assert bella and bella[0].seat == DEALER and bella[0].points == BELLA and bella[0].rule == "klaberjass.bella"
    assert g.view(ELDEST)["bella"] == {"seat": DEALER, "points": 20}


# ---- the maker's risk ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("totals, maker, rule, scored", [
    # docs/rules/klaberjass.md#examples: "Maker 70 vs 92 → opponent +162, maker 0"
    ([70, 92], 0, "fails", [0, 162]),
    ([81, 81], 0, "fails", [0, 162]),       # "81 vs 81 → opponent +162" (a tie is a failure)
    ([92, 70], 0, "fails", [92, 70]),       # the maker made it: each keeps his own
    ([81, 81], 0, "belote", [0, 81]),       # option: the maker loses only his own
    ([81, 81], 1, "held_over", [81, 0]),    # option: the maker's 81 are held over
    ([70, 92], 0, "held_over", [0, 162]),   # a plain failure is a failure under every option
])
def test_the_maker_must_score_more(totals, maker, rule, scored):
    assert settle(totals, maker, rule)[0] == scored


def test_held_over_points_go_to_the_next_deals_winner():
    assert settle([81, 81], 1, "held_over") == ([81, 0], "tie", 81)
    assert settle([100, 62], 0, "held_over", held=81) == ([181, 62], "made", 0)
    assert settle([60, 102], 0, "held_over", held=81) == ([0, 243], "failed", 0)
    assert settle([81, 81], 0, "held_over", held=81) == ([0, 81], "tie", 162)


def test_a_failed_maker_in_play_gives_both_totals_to_the_opponent():
    # The non-dealer takes hearts holding none; the dealer holds the strong cards.
    g = stacked_game(*FIFTY_HANDS, turn_up="KH")
    play_all(g, "take")
    while not g.results:
        g.apply(g.legal_actions()[0])
    r = g.results[0]
    assert r["maker"] == ELDEST and r["outcome"] == "failed"
    assert r["scored"] == [sum(r["totals"]), 0] and g.scores == r["scored"]
    assert next(e for e in g.events if e.kind == "deal_end").rule == "klaberjass.maker"


# ---- the end of the game -------------------------------------------------------------------------------------------

def _finish_with_totals(before: list[int]) -> engine.Game:
    """Play the fifty deal (the dealer, seat 0, makes it) after setting the scores brought into it."""
    g = stacked_game(*FIFTY_HANDS, turn_up="KH")
    g.totals = list(before)  # the scores of earlier deals (set directly to reach the end quickly)
    play_all(g, FIFTY_PLAY)
    return g


DEAL_WORTH = sum(card_points(c, H) for c in ix(" ".join(FIFTY_HANDS))) + LAST_TRICK


def test_the_first_to_501_after_a_deal_wins():
    g = _finish_with_totals([500, 100])
    assert g.is_over and g.winner == DEALER and g.current_player is None
    assert g.events[-1].rule == "klaberjass.end" and g.events[-1].kind == "game_end"


def test_both_over_501_the_higher_wins():
    g = _finish_with_totals([495, 505])
    assert g.scores == [495 + DEAL_WORTH, 505] and g.is_over and g.winner == DEALER
    assert "both passed the target" in g.events[-1].text


def test_both_over_and_equal_another_deal():
    g = _finish_with_totals([600 - DEAL_WORTH, 600])
    assert g.scores == [600, 600] and not g.is_over
    assert g.view(0)["deal_number"] == 2 and any(e.kind == "deal_over" and "another deal" in e.text for e in g.events)


def test_a_lower_target_by_option():
    g = stacked_game(*FIFTY_HANDS, turn_up="KH", target=100)
    play_all(g, FIFTY_PLAY)
    assert g.is_over and g.winner == DEALER


# ---- the variants: dix and schmeiss ---------------------------------------------------------------------------------

def test_dix_exchanges_the_trump_7_for_the_turn_up():
    g = stacked_game(*HANDS_J, turn_up="8H", dix=True)
    play_all(g, "take")
    assert g.current_player == DEALER and set(g.view(DEALER)["legal"]) == {"exchange", "keep"}
    refused(g, "play 7H", seat=DEALER, match="not settled", rule="klaberjass.lead")
    events = g.apply("exchange")
    assert events[0].rule == "klaberjass.dix"
    v = g.view(DEALER)
    assert "8H" in v["hand"] and "7H" not in v["hand"] and v["turn_up"] == "7H"
    assert v["bottom_card"] == "7H"  # the 7 takes the turn-up's place under the pack
    assert g.current_player == ELDEST  # then the non-dealer leads


def test_no_dix_by_default_or_when_a_second_round_suit_is_trumps():
    g = stacked_game(*HANDS_J, turn_up="8H")
    play_all(g, "take")
    assert g.view(ELDEST)["phase"] == "play"
    g = stacked_game(*HANDS_J, turn_up="8S", dix=True)
    play_all(g, "pass pass name:H")
    assert g.view(ELDEST)["phase"] == "play"


def test_schmeiss_refused_makes_the_offerer_the_maker_accepted_throws_in():
    g = stacked_game(*HANDS_J, turn_up="8H", schmeiss=True)
    assert "schmeiss" in g.view(ELDEST)["legal"]
    play_all(g, "schmeiss refuse")
    assert g.view(0)["maker"] == ELDEST and g.view(0)["trump"] == "H"
    g = stacked_game(*HANDS_J, turn_up="8H", schmeiss=True)
    play_all(g, "schmeiss accept")
    assert g.view(0)["deal_number"] == 2 and g.view(0)["dealer"] == ELDEST
    plain = stacked_game(*HANDS_J, turn_up="8H")
    refused(plain, "schmeiss", match="variant that is not in play", rule="klaberjass.schmeiss")


# ---- narration -------------------------------------------------------------------------------------------------------

def test_every_event_cites_a_rule_and_the_maker_is_marked():
    g = stacked_game(*FIFTY_HANDS, turn_up="KH", names=["You", "Ada"])
    events = play_all(g, FIFTY_PLAY)
    assert all(e.text and g.rule_text(e.rule) for e in g.events)
    make = next(e for e in events if e.kind == "make")
    assert make.text.startswith("You take the turned-up suit: hearts are trumps. You are the maker and take the risk")


@pytest.mark.parametrize("maker_tie", ["fails", "held_over", "belote"])
def test_narration_names_players_and_never_says_he(maker_tie):
    """Issue 19, item 7: no gendered pronoun for a player; the narration uses the name."""
    import re

    from engine.hints import Bot
    g = engine.new_game("klaberjass", seed=4, target=300, maker_tie=maker_tie, names=["You", "Ada"])
    bots = [Bot("klaberjass", "medium", seed=s) for s in (0, 1)]
    while not g.is_over:
        s = g.current_player
        g.apply(bots[s].choose(g.view(s)), s)
    for e in g.events:
        assert not re.search(r"\b(he|him|his|she|her)\b", e.text, re.I), e.text
