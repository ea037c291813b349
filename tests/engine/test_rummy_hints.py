"""Rummy hints and bots (issue 9, item 6): legal, view-only, sensible, and every number true."""

from __future__ import annotations

import random
import re

import pytest

import engine
from engine.dealing import stack_deck
from engine.games import rummy_ai as ai
from engine.hints import Bot
from engine.melds import least_deadwood

# Seat 1 plays first. The upcard 8♠ completes its 7♠ _ 9♠.
SEAT0 = "2C 3C 4C 6D 7D 8D 9H 6S 9C 5C"
SEAT1 = "7S 9S KH QH 2H 4D 10C JD 3S AD"
LOOSE = "JC 8C KD 3D 8H 6C 6H 2S AH QS"   # no meld, nothing near a meld but pairs


def fresh(**options) -> engine.Game:
    deck = stack_deck([SEAT0, SEAT1], "8S KC 5H", first=1)
    return engine.new_game("rummy", players=2, deck=deck, first_dealer=0, **options)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("players", [2, 4])
def test_bots_only_make_legal_moves_and_finish(level, players):
    g = engine.new_game("rummy", players=players, seed=players * 7, target=1, jokers=players == 4)
    bots = [Bot("rummy", level, seed=s) for s in range(players)]
    for _ in range(600):
        if g.is_over:
            break
        seat = g.current_player
        view = g.view(seat)
        move = bots[seat].choose(view)
        assert move in view["legal"]
        g.apply(move, seat)
    assert g.is_over or level == "easy"


def test_easy_melds_when_it_can():
    g = fresh()
    g.apply("draw discard")
    assert Bot("rummy", "easy").choose(g.view(1)) == "meld 7S 8S 9S"


def test_medium_takes_the_discard_that_completes_a_meld_and_throws_the_costliest_loose_card():
    g = fresh()
    assert ai.medium(g.view(1), random.Random(0)) == "draw discard"
    g.apply("draw discard")
    assert ai.medium(g.view(1), random.Random(0)) == "meld 7S 8S 9S"
    g.apply("meld 7S 8S 9S")
    # K♥ Q♥ and 2♥ 3♠ 4♦ A♦ sit near other cards; J♦ and 10♣ are alone, and J♦ costs more
    choice = ai.medium(g.view(1), random.Random(0))
    assert choice == "discard JD"


def test_hint_to_take_the_discard_has_true_numbers():
    g = fresh()
    view = g.view(1)
    hint = engine.hint(g)
    assert hint.action == "draw discard" and "it completes 7♠ 8♠ 9♠" in hint.reason
    said = {c.fact: c for c in hint.claims}
    before, after = said["rummy.deadwood_now"].value, said["rummy.after_taking"].value
    assert f"your deadwood is {before}" in hint.reason
    assert f"taking the 8♠ and then your best discard leaves deadwood {after}" in hint.reason
    hand = engine.parse_cards(view["hand"])
    assert least_deadwood(hand).points == before
    # after taking 8♠ and the best discard, the deadwood is exactly `after`
    g.apply("draw discard")
    best = min(least_deadwood([c for c in g.deal.hands[1] if c != engine.parse_card(d.split()[1])]).points
               for d in [str(a) for a in g.legal_actions(1) if a.verb == "discard"])
    assert best == after
    # "k of the N cards you cannot see would lower it": recount it
    helps = said["rummy.stock_helps"]
    assert f"{helps.n} of the {helps.of} cards you cannot see would lower it" in hint.reason
    reader = ai.Reader(view)
    unseen = reader.unseen()
    assert len(unseen) == helps.of == 52 - 10 - 1  # own hand and the upcard are seen
    assert sum(1 for x in unseen if reader.after_best_discard(hand + [x])[0] < before) == helps.n
    assert "I cannot see" not in hint.reason and "%" not in hint.reason


def test_a_discard_that_helps_less_than_the_stock_is_said_to_help():
    """Issue 18, item 11: "The 6♥ on the discard pile would not help" was said when taking it cut the deadwood
    (36 to 33) but less than the stock on average. Seat 1 holds no meld; the upcard 5♦ is worth less than the
    K♦ it lets go, but many stock cards would do better."""
    deck = stack_deck([SEAT0, LOOSE], "5D KC 5H", first=1)
    g = engine.new_game("rummy", players=2, deck=deck, first_dealer=0)
    view = g.view(1)
    hint = engine.hint(g)
    said = {c.fact: c for c in hint.claims}
    now, took = said["rummy.deadwood_now"].value, said["rummy.after_taking"].value
    average = said["rummy.stock_average"].value
    assert took < now and average < took and hint.action == "draw stock"
    assert "would not" not in hint.reason and "would help, though less than the stock on average" in hint.reason
    assert least_deadwood(engine.parse_cards(view["hand"])).points == now


def test_a_discard_that_does_not_lower_the_deadwood_is_said_not_to():
    deck = stack_deck([SEAT0, LOOSE], "KH KC 5H", first=1)
    g = engine.new_game("rummy", players=2, deck=deck, first_dealer=0)
    hint = engine.hint(g)
    said = {c.fact: c for c in hint.claims}
    assert said["rummy.after_taking"].value >= said["rummy.deadwood_now"].value
    assert "the K♥ on the discard pile would not lower it" in hint.reason


def test_a_meld_is_named_once():
    """Item 11 wording: "9♦ 10♦ J♦ is a run 9♦ 10♦ J♦" listed the cards twice."""
    g = fresh()
    g.apply("draw discard")
    hint = engine.hint(g)
    assert hint.reason.startswith("7♠ 8♠ 9♠ is a run: putting it down takes 24 points")
    assert hint.reason.count("7♠ 8♠ 9♠") == 1


def test_hint_after_the_draw_melds_then_discards():
    g = fresh()
    g.apply("draw discard")
    hint = engine.hint(g)
    assert hint.action == "meld 7S 8S 9S" and "24 points" in hint.reason
    g.apply(hint.action)
    hint = engine.hint(g)
    assert hint.action.startswith("discard") and hint.action != "discard 8S"
    left = int(re.search(r"deadwood becomes (\d+)", hint.reason).group(1))
    rest = list(g.deal.hands[1])
    rest.remove(engine.parse_card(hint.action.split()[1]))
    assert least_deadwood(rest).points == left


def test_hints_read_only_the_view():
    # Two games that differ only in the opponent's hand give the same hint.
    g1 = fresh()
    deck = stack_deck(["2D 3D 5D 6C 7C 8C 9H 6S 9C 5S", SEAT1], "8S KC 5H", first=1)
    g2 = engine.new_game("rummy", players=2, deck=deck, first_dealer=0)
    assert engine.hint(g1).action == engine.hint(g2).action


def test_hard_will_not_feed_a_meld_on_the_table():
    r_view = fresh().view(1)
    r_view = dict(r_view, melds=[{"number": 1, "owner": 0, "kind": "run", "cards": ["8D", "9D", "10D"],
                                  "stands_for": []}])
    reader = ai.Reader(r_view)
    assert reader.fits_table(engine.parse_card("JD"))
    assert ai._danger(reader, engine.parse_card("JD")) == "it fits a meld on the table"
    assert ai._danger(reader, engine.parse_card("KH")) is None


def test_no_hint_when_it_is_not_your_turn():
    g = fresh()
    with pytest.raises(engine.IllegalAction):
        engine.hint(g, 0)


def test_hard_keeps_its_melds_hidden_until_it_can_go_out_or_an_opponent_gets_close():
    """docs/rules/rummy.md: going rummy (the whole hand in one turn, nothing put down before) scores double,
    and a meld on the table takes lay-offs; the hard bot holds its meld, the hint still teaches melding."""
    g = fresh()
    g.apply("draw discard")
    move = ai.hard(g.view(1), random.Random(0))
    assert move.startswith("discard") and move != "discard 8S" and parse(move) not in {"7S", "8S", "9S"}
    assert engine.hint(g).action == "meld 7S 8S 9S"
    close = dict(g.view(1), hand_sizes=[4, 11])  # the opponent is four cards from going out
    assert ai.hard(close, random.Random(0)) == "meld 7S 8S 9S"


def test_hard_puts_everything_down_when_it_can_go_out():
    # Seat 1 holds a run and a set; the 8♠ upcard completes 7♠ 8♠ 9♠, and only 5♦ is left loose.
    deck = stack_deck([SEAT0, "7S 9S 2H 3H 4H 5H JD JC JH 5D"], "8S KD QS", first=1)
    g = engine.new_game("rummy", players=2, deck=deck, first_dealer=0)
    g.apply("draw discard")
    for _ in range(5):
        move = ai.hard(g.view(1), random.Random(0))
        if move.startswith("discard"):
            break
        g.apply(move)
    assert move == "discard 5D" and g.view(1)["hand"] == ["5D"]
    g.apply(move)
    assert g.view(1)["results"][0]["how"] == "rummy"  # all in one turn: doubled


def parse(move: str) -> str:
    return move.split()[1]
