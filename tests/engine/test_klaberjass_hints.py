"""Klaberjass bots and hints: they see only a view, their numbers are true, and each level plays legally
(issue 10 §4; DESIGN.md "Bots and hints")."""

from __future__ import annotations

import random
import re

import pytest

import engine
from engine import tricks
from engine.games import klaberjass_ai as ai
from engine.claims import Certain, Sampled
from engine.hints import LEVELS, Bot

from .klaberjass_helpers import play_all, stacked_game

DEALER, ELDEST = 0, 1
STRONG = "JH 9H AH 10H AS AC 7D 8D 9C"     # hearts: Jack, 9, Ace, Ten, and two side Aces
WEAK = "7S 8S 9S 7C 8C 9D QD KD 10S"


def test_a_strong_hand_is_told_to_take_with_numbers_that_add_up():
    g = stacked_game(STRONG, WEAK, turn_up="KH")
    h = ai.advise(g.view(ELDEST), bid_deals=120)
    assert h.action == "take"
    take = next(a for a in h.alternatives if a.action == "take")
    made = next(c for c in take.claims if isinstance(c, Sampled) and c.fact == "klaberjass.you_make_it")
    assert made.samples == 120 and made.rate >= 0.9 and take.score > 0 and made.words() in take.note
    # Every figure in the sentence is one of the listed alternatives' claims, in the claims' own words.
    for alt in h.alternatives:
        net = next(c for c in alt.claims if c.fact == "klaberjass.net_points")
        assert abs(net.value - alt.score) <= 0.5 and net.words() in h.reason and net.words() in alt.note
    assert "medium bot" in h.reason  # it says what the figures assume


def test_a_weak_hand_is_told_to_pass():
    g = stacked_game(WEAK, STRONG, turn_up="7H")
    h = ai.advise(g.view(ELDEST), bid_deals=120)
    assert h.action == "pass" and {a.action for a in h.alternatives} == {"take", "pass"}


def test_the_bid_hint_lists_every_second_round_choice():
    g = stacked_game(WEAK, STRONG, turn_up="7H")
    play_all(g, "pass pass")
    h = ai.advise(g.view(ELDEST), bid_deals=60)
    assert {a.action for a in h.alternatives} == {"name S", "name D", "name C", "pass"}
    assert "Name ♠" in h.reason and "Pass:" in h.reason


def test_the_bid_numbers_are_the_simulations_numbers():
    g = stacked_game(STRONG, WEAK, turn_up="KH")
    view = g.view(ELDEST)
    tallies = ai.bid_outlook(view, 50, random.Random(3))
    again = ai.bid_outlook(view, 50, random.Random(3))
    assert [(t.move, t.mean, t.rate("made")) for t in tallies] == [(t.move, t.mean, t.rate("made")) for t in again]
    take = next(t for t in tallies if t.move == "take")
    # The mean is of real deal results: one side scores at most both totals, cards and last trick at most
    # 156 (docs/rules/klaberjass.md), two fifties 100 and Bella 20.
    assert -(156 + 100 + 20) <= take.mean <= 156 + 100 + 20 and take.samples == 50


def test_a_hint_sees_only_the_view():
    # Same hand for the non-dealer, same turn-up and bottom card; the dealer's hidden cards differ.
    # Neither dealer's hand holds a sequence, so what is announced before the lead is the same too.
    a = stacked_game(STRONG, "7S 9S JS 7C 10C 9D JD KD 8H", turn_up="KH", bottom="QS")
    b = stacked_game(STRONG, "7S 9S JS 7C 10C 9D JD KD 8H", turn_up="KH", bottom="QS")
    c = stacked_game(STRONG, "8S 10S KS 8C JC 10D QD AD 7H", turn_up="KH", bottom="QS")
    va, vc = a.view(ELDEST), c.view(ELDEST)
    assert va == b.view(ELDEST) and va["hand"] == vc["hand"]
    assert str(ai.advise(va, bid_deals=40)) == str(ai.advise(vc, bid_deals=40))
    for g in (a, c):
        g.apply("take")
    assert a.view(ELDEST) == c.view(ELDEST)
    assert str(ai.advise(a.view(ELDEST), playouts=100)) == str(ai.advise(c.view(ELDEST), playouts=100))


def test_imagined_hands_respect_what_the_opponent_showed():
    # Hearts trumps. Eldest leads K♠: the dealer, void in spades, must trump (7♥); then a trump lead
    # the dealer cannot beat shows he holds no trump above it.
    g = stacked_game("KS QS 7S JH 8D 9D 10C JC QC", "7H 8H AD KD QD 10D AC KC 8C", turn_up="9H")
    play_all(g, "take KS 7H")   # dealer wins with 7♥ and leads
    play_all(g, "AD 8D")        # eldest follows diamonds
    view = g.view(ELDEST)
    determinize = ai.determinizer(view)
    rng = random.Random(1)
    for _ in range(200):
        world = determinize(rng)
        his = world.hands[DEALER]
        assert not any(c // 13 == tricks.SUIT_INDEX["S"] for c in his), "he showed he has no spades"
        assert len(his) == view["hand_sizes"][DEALER]
        assert set(his).isdisjoint(world.hands[ELDEST])


def test_a_trump_lead_he_did_not_beat_bars_higher_trumps():
    # Seed: "in case a trump is led must win the trick if able". Hearts trumps; you lead the 10♥ and
    # the dealer answers the 7♥: so he holds neither the J♥ nor the A♥ (the 9♥ is the turn-up).
    g = stacked_game("10H AS 7S 8S 8D 9D 10C JC QC", "7H QH AD KD QD 10D AC KC 8C", turn_up="9H")
    play_all(g, "take 10H 7H")
    determinize = ai.determinizer(g.view(ELDEST))
    rng = random.Random(2)
    higher = {tricks.index(engine.parse_card(c)) for c in ("JH", "AH")}
    unseen_to_him = 0
    for _ in range(200):
        world = determinize(rng)
        assert higher.isdisjoint(world.hands[DEALER]), "he would have had to beat the 10♥"
        unseen_to_him += tricks.index(engine.parse_card("KH")) in world.hands[DEALER]
    assert unseen_to_him > 0  # a lower trump he may still hold is imagined in his hand some of the time


def test_shown_sequences_are_always_in_the_imagined_hand():
    g = stacked_game("7S 8S 9S 7C 8C 9D QD KD 10S", "AC KC QC JC 8H 9H 7D 10D AD", turn_up="7H")
    play_all(g, "take")
    view = g.view(ELDEST)
    shown = {tricks.index(engine.parse_card(c)) for q in view["sequences"]["shown"] for c in q["cards"]}
    assert view["sequences"]["winner"] == DEALER and len(shown) == 4
    determinize = ai.determinizer(view)
    rng = random.Random(4)
    assert all(shown <= set(determinize(rng).hands[DEALER]) for _ in range(50))


def test_the_play_hint_names_the_rule_and_lists_every_legal_card():
    g = stacked_game("KS QS 7S 9H 8D 9D 10C JC QC", "7H JH AD KD QD 10D AC KC 8C", turn_up="8H")
    play_all(g, "take KS")
    h = engine.hint(g)
    assert h.action in g.view(DEALER)["legal"]
    assert "must play a trump" in h.reason
    assert {a.action for a in h.alternatives} == set(g.view(DEALER)["legal"])
    # The claim about this trick is true: any trump takes the K♠ lead.
    assert "it wins this trick, worth 4 points" in h.reason or "worth 24 points" in h.reason


def test_a_forced_card_is_explained_by_its_rule():
    g = stacked_game("9H KS QS 7S 8D 9D 10C JC QC", "JH 7H AS 10S 7D 10D AC KC 8C", turn_up="8H")
    play_all(g, "take 9H")
    h = engine.hint(g)
    assert h.action == "play JH" and "only legal card" in h.reason and "beat it if you can" in h.reason


def test_medium_banks_points_and_keeps_the_trump_jack():
    g = stacked_game("KS QS 7S 9H 8D 9D 10C JC QC", "AS 7C JH 7H AD KD QD 10D 8C", turn_up="8H")
    play_all(g, "take KS")
    assert Bot("klaberjass", "medium").choose(g.view(DEALER)) == "play AS"  # the trick is his: bank 11 more
    g = stacked_game("KS QS 7S 9H 8D 9D 10C JC QC", "7H JH AD KD QD 10D AC KC 8C", turn_up="8H")
    play_all(g, "take KS")
    assert Bot("klaberjass", "medium").choose(g.view(DEALER)) == "play 7H"  # ruff low, keep the J♥


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_whole_game_legally(level):
    g = engine.new_game("klaberjass", seed=11, target=150, dix=True, schmeiss=True)
    bots = [Bot("klaberjass", level, seed=1), Bot("klaberjass", "medium", seed=2)]
    moves = 0
    while not g.is_over:
        s = g.current_player
        move = bots[s].choose(g.view(s))
        assert move in g.view(s)["legal"]
        g.apply(move, s)
        moves += 1
        assert moves < 2000
    assert max(g.scores) >= 150


# ---- issue 18, items 14 and 15; issue 19, item 7 ---------------------------------------------------------

def test_refusing_a_schmeiss_makes_the_other_player_the_maker_and_the_hint_says_so():
    """Item 14: refusing a schmeiss makes the player who offered it the maker, not the one who refuses."""
    g = stacked_game(STRONG, WEAK, turn_up="KH", schmeiss=True, names=["You", "Ada"])
    g.apply("schmeiss", ELDEST)                       # Ada (the non-dealer) offers to throw in
    h = ai.advise(g.view(DEALER), bid_deals=40)
    refuse = next(a for a in h.alternatives if a.action == "refuse")
    assert "Ada becomes the maker" in refuse.note and "Ada makes it" in refuse.note or "Ada fails" in refuse.note
    assert "you are the maker" not in refuse.note and "you become the maker" not in refuse.note
    assert any(c.fact == "klaberjass.they_become_maker" for c in refuse.claims)
    g.apply("refuse", DEALER)
    assert g.view(DEALER)["maker"] == ELDEST           # what the hint said


def test_a_lead_a_legal_reply_can_beat_is_never_said_to_win_for_certain():
    """Item 15: leading A♠ against a dealer void in spades who holds trumps: he must trump, so the lead loses,
    whatever the imagined deals say; a lead nothing can beat (the J of trumps) wins for certain."""
    g = stacked_game("AS KS QS JH 8D 9D 10C JC QC", "7H 8H AD KD QD 10D AC KC 8C", turn_up="9H")
    play_all(g, "take")
    h = ai.advise(g.view(ELDEST), playouts=90)
    for alt in h.alternatives:
        trick = alt.claims[0]
        assert "100%" not in alt.note and not re.search(r"(?<![\d.])0%", alt.note)
        if alt.action == "play AS":
            assert isinstance(trick, Sampled)             # the dealer may trump: not certain
        if alt.action == "play JH":
            assert isinstance(trick, Certain) and trick.holds  # the highest trump: certain
            assert "it wins this trick, whatever the others play" in alt.note


def test_the_last_card_is_forced_because_it_is_the_last_not_because_you_lead():
    """Item 15: "10♥ is your only legal card: you are leading, so any card may be played" was the wrong reason."""
    g = stacked_game(STRONG, WEAK, turn_up="KH")
    play_all(g, "take")
    bots = [Bot("klaberjass", "medium", seed=s) for s in (0, 1)]
    while not (len(g.view(g.current_player)["hand"]) == 1 and not g.view(g.current_player)["trick"]):
        s = g.current_player
        g.apply(bots[s].choose(g.view(s)), s)
    h = engine.hint(g)
    assert "only legal card" in h.reason and "it is your last card" in h.reason
    assert "any card may be played" not in h.reason
    assert [c.fact for c in h.claims] == ["klaberjass.only_legal"]


def test_hints_call_the_other_player_by_name_never_he():
    """Issue 19, item 7: no gendered pronoun for a player."""
    g = stacked_game(STRONG, WEAK, turn_up="KH", names=["Ada", "You"])
    texts = []
    h = ai.advise(g.view(ELDEST), bid_deals=30)
    texts += [h.reason] + [a.note for a in h.alternatives]
    g.apply("take")
    h = ai.advise(g.view(ELDEST), playouts=60)
    texts += [h.reason] + [a.note for a in h.alternatives]
    g.apply(h.action)
    h = ai.advise(g.view(DEALER) | {"names": ["Ada", "Bo"]}, playouts=60)  # the hint for seat 0, against Bo
    texts += [h.reason] + [a.note for a in h.alternatives]
    for text in texts:
        assert not re.search(r"\b(he|him|his|she|her)\b", text, re.I), text
    assert "Ada" in texts[0] and "Bo" in h.reason
