"""Basic Rummy's rules, each tested against seed 002 (cardgames.io's Basic Rummy) or docs/rules/rummy.md."""

from __future__ import annotations

import pytest

import engine
from engine.dealing import stack_deck
from engine.games.rummy import RULES, card_value, hand_value

from .helpers import refused

# Seat 1 (the eldest hand: the dealer is seat 0) melds seven cards and is left with K♠ 7♦ A♣;
# seat 0 holds three melds and a spare card.
WINNER = "10H JH QH 2D 3D 4D 9C 9D 9S 5S"
LOSER = "AS 2S 3S 4S 6H 6D 6C KS 7D AC"
STOCK = "QC 9H KH 8C JD"  # the upcard, then the stock from the top


def scripted(**options) -> engine.Game:
    deck = stack_deck([WINNER, LOSER], STOCK, first=1)
    return engine.new_game("rummy", players=2, seed=1, deck=deck, first_dealer=0, **options)


def play(g: engine.Game, moves: list[str]) -> list[engine.Event]:
    events = []
    for move in moves:
        events += g.apply(move)
    return events


def points_of(events) -> dict[int, int]:
    return {e.seat: e.points for e in events if e.kind == "score"}


# ---- the deal ----

@pytest.mark.parametrize("players, size", [(2, 10), (3, 7), (4, 7)])
def test_deal_sizes_upcard_and_eldest_hand(players, size):
    # Seed: "If there are only two players they each get 10 cards, if there are three or four player
    # then each player gets 7 cards." "… one card face up next to it, to start the discard pile.
    # The player to the left of the dealer starts the hand."
    g = engine.new_game("rummy", players=players, seed=5)
    v = g.view(0)
    assert v["hand_sizes"] == [size] * players
    assert v["discard_size"] == 1 and v["discard_top"]
    assert v["stock_size"] == 52 - players * size - 1
    assert g.current_player == (v["dealer"] + 1) % players
    assert v["phase"] == "draw"


def test_every_event_cites_a_rule_of_the_book():
    g = scripted()
    events = play(g, ["draw stock", "meld AS 2S 3S 4S", "discard 9H"])
    assert all(e.rule in RULES for e in g.events) and events


# ---- melds, the Ace, lay-offs ----

def test_ace_is_low_q_k_a_refused_a_2_3_accepted():
    # Seed: "Aces are low, and sequences can not wrap around." docs/rules/rummy.md#rummy.ace: A-2-3 ✓, Q-K-A ✗.
    deck = stack_deck(["2C 3C 4C 5C 6C 7C 8C 9C 10C JC", "AS 2S 3S QS KS 5H 6H 8D 9D 10D"], "2H AH", first=1)
    g = engine.new_game("rummy", players=2, deck=deck, first_dealer=0)
    g.apply("draw stock")  # A♥
    err = refused(g, "meld QS KS AS", match="Ace is low only")
    assert err.rule == "rummy.ace"
    assert "meld QS KS AS" not in [str(a) for a in g.legal_actions()]
    g.apply("meld AS 2S 3S")
    assert g.view(1)["melds"][0]["cards"] == ["AS", "2S", "3S"]


def test_a_refusal_names_the_missing_card():
    deck = stack_deck(["2C 3C 4C 5C 6C 7C 8C 9C 10C JC", "7S 8S 10S QS KS 5H 6H 8D 9D 10D"], "2H AH", first=1)
    g = engine.new_game("rummy", players=2, deck=deck, first_dealer=0)
    g.apply("draw stock")
    refused(g, "meld 7S 8S 10S", match="7♠ 8♠ 10♠ is not a run: 9♠ is missing", rule="rummy.meld")


def test_lay_off_at_both_ends_of_a_run_and_onto_a_set_any_owner():
    # Seed: "lay them off on existing melds"; docs/rules/rummy.md#rummy.layoff: "lay off on any meld".
    deck = stack_deck(["5S 6S 7S 9H 9D 9C 2C 4D QD KD", "4S 8S 9S KH 3H JC JD 3C 5D 7D"],
                      "2H AH 10S 6C", first=1)
    g = engine.new_game("rummy", players=2, deck=deck, first_dealer=0)
    play(g, ["draw stock", "discard AH", "draw stock", "meld 5S 6S 7S", "meld 9H 9D 9C", "discard 2C"])
    # seat 1 lays off on seat 0's melds: 4♠ below the run, then 8♠ and 9♠ above it
    events = play(g, ["draw stock", "layoff 4S to 1", "layoff 8S to 1", "layoff 9S to 1"])
    assert [e.kind for e in events].count("layoff") == 3
    assert g.view(0)["melds"][0]["cards"] == ["4S", "5S", "6S", "7S", "8S", "9S"]
    assert g.view(0)["melds"][0]["owner"] == 0
    refused(g, "layoff KH to 2", match="set of 9s", rule="rummy.layoff")
    refused(g, "layoff 3C to 1", match="only 3♠ or 10♠ can extend this run", rule="rummy.layoff")
    g.apply("discard KH")


def test_lay_off_onto_a_set():
    deck = stack_deck(["9H 9D 9C 2C 4D QD KD 5S 6S 7S", "9S 8S 2S KH 3H JC JD 3C 5D 7D"], "2H AH 10S", first=1)
    g = engine.new_game("rummy", players=2, deck=deck, first_dealer=0)
    play(g, ["draw stock", "discard AH", "draw stock", "meld 9H 9D 9C", "discard 2C", "draw stock"])
    g.apply("layoff 9S to 1")
    assert g.view(0)["melds"][0]["cards"] == ["9S", "9H", "9D", "9C"]


# ---- going out, going rummy, scoring (docs/rules/rummy.md#examples) ----

def test_loser_holding_k_7_a_pays_18():
    # docs/rules/rummy.md#examples: "Rummy, 2 players: the loser holds K♠ 7♦ A♣ → 18"
    assert hand_value(engine.parse_cards("KS 7D AC")) == 18
    g = scripted()
    events = play(g, ["draw stock", "meld AS 2S 3S 4S", "discard 9H",
                      "draw stock", "meld 10H JH QH KH", "discard 5S",
                      "draw stock", "meld 6H 6D 6C", "discard 8C",
                      "draw stock", "meld 2D 3D 4D", "meld 9C 9D 9S", "discard JD"])
    assert points_of(events) == {0: 18}
    assert not any(e.kind == "rummy" for e in events)
    assert g.scores == [18, 0]
    assert g.results[0]["points"] == [18, 0] and g.results[0]["how"] == "out"


def test_going_rummy_doubles_to_36():
    # docs/rules/rummy.md#examples: "(36 if the winner went rummy)"; seed: "his points are doubled!"
    g = scripted()
    events = play(g, ["draw stock", "meld AS 2S 3S 4S", "discard 9H",
                      "draw stock", "discard 5S",
                      "draw stock", "meld 6H 6D 6C", "discard 8C",
                      "draw stock", "meld 10H JH QH KH", "meld 2D 3D 4D", "meld 9C 9D 9S", "discard JD"])
    # seat 0 still holds JD: he went out with the last discard having melded everything this turn
    assert [e.kind for e in events if e.kind in ("out", "rummy")] == ["out", "rummy"]
    assert points_of(events) == {0: 36}


def test_going_out_without_a_discard():
    # Seed: "A player is not required to end the game by discarding a card … if he can lay down all
    # his cards in melds, or lay them off on existing melds … and will win the game."
    deck = stack_deck(["2C 3C 4C 5C 6D 7D 8D 9H 9S 9C", "AS 2S 3S QH KH 5H 6H 8C JD 10D"], "2H KC 9D", first=1)
    g = engine.new_game("rummy", players=2, deck=deck, first_dealer=0)
    play(g, ["draw stock", "discard KC"])
    events = play(g, ["draw stock", "meld 2C 3C 4C 5C", "meld 6D 7D 8D 9D", "meld 9S 9H 9C"])
    out = next(e for e in events if e.kind == "out")
    assert out.data["discarded"] is False and "without a discard" in out.text
    assert g.results[0]["winner"] == 0 and g.results[0]["how"] == "rummy"


def test_going_out_by_a_final_lay_off():
    deck = stack_deck(["2C 3C 4C 6D 7D 8D 9H 9S 9C 5C", "AS 2S 3S QH KH 5H 6H 8C JD 10D"], "2H KC 9D", first=1)
    g = engine.new_game("rummy", players=2, deck=deck, first_dealer=0)
    play(g, ["draw stock", "discard KC"])
    events = play(g, ["draw stock", "meld 2C 3C 4C", "meld 6D 7D 8D 9D", "meld 9S 9H 9C", "layoff 5C to 1"])
    kinds = [e.kind for e in events]
    assert kinds[kinds.index("out") - 1] == "layoff"
    assert g.results[0]["winner"] == 0


def test_card_just_taken_from_the_discard_may_not_be_discarded():
    # docs/rules/rummy.md#rummy.discard_rule (Hoyle, default on).
    deck = stack_deck(["2C 3C 4C 6D 7D 8D 9H 9S 9C 5C", "AS 2S 3S QH KH 5H 6H 8C JD 10D"], "KC 9D", first=1)
    g = engine.new_game("rummy", players=2, deck=deck, first_dealer=0)
    g.apply("draw discard")
    assert g.view(1)["took_from_discard"] == "KC"
    refused(g, "discard KC", match="just taken from the discard pile", rule="rummy.discard_rule")
    g2 = engine.new_game("rummy", players=2, deck=deck, first_dealer=0, discard_rule=False)
    g2.apply("draw discard")
    g2.apply("discard KC")


# ---- stock, stalemate, target ----

def run_down_the_stock(g: engine.Game, limit: int = 2000) -> None:
    """Everyone draws from the stock and throws the drawn card back: nobody ever goes out."""
    deal = g.deal_index
    for _ in range(limit):
        if g.is_over or g.deal_index != deal:
            return
        seat = g.current_player
        g.apply("draw stock")
        drawn = g.deal.hands[seat][-1]
        g.apply(f"discard {drawn}")
    raise AssertionError("the deal did not end")


def test_stock_rebuilt_once_then_stalemate_scores_nothing():
    # Seed: "If the deck is depleted before a player has won, then the discard pile is shuffled and
    # used as a new deck. If the deck is depleted for a second time then the hand is considered a
    # stalemate and finishes with no one getting any points." docs/rules/rummy.md#examples: "stock empties twice → 0".
    g = engine.new_game("rummy", players=4, seed=3)
    run_down_the_stock(g)
    kinds = [e.kind for e in g.events]
    assert kinds.count("rebuild") == 1 and kinds.count("stalemate") == 1
    assert g.results[0]["how"] == "stalemate" and g.results[0]["points"] == [0, 0, 0, 0]
    assert g.scores == [0, 0, 0, 0]
    assert g.deal_index == 1 and g.view(0)["hand_sizes"] == [7] * 4  # the next deal has started


def test_rebuild_cap_variant():
    g = engine.new_game("rummy", players=4, seed=3, rebuilds=0)
    run_down_the_stock(g)
    assert [e.kind for e in g.events].count("rebuild") == 0 and g.results[0]["how"] == "stalemate"
    g = engine.new_game("rummy", players=4, seed=3, rebuilds=2)
    run_down_the_stock(g)
    assert [e.kind for e in g.events].count("rebuild") == 2


def test_no_shuffle_variant_turns_the_pile_over():
    g = engine.new_game("rummy", players=4, seed=3, shuffle_rebuild=False)
    seat_cards = []
    while not any(e.kind == "rebuild" for e in g.events):
        seat = g.current_player
        g.apply("draw stock")
        seat_cards.append(str(g.deal.hands[seat][-1]))
        g.apply(f"discard {g.deal.hands[seat][-1]}")
    rebuild = next(e for e in g.events if e.kind == "rebuild")
    assert rebuild.rule == "rummy.no_shuffle"
    # the first card of the old pile (the upcard) is now the top of the stock
    upcard = next(e for e in g.events if e.kind == "upcard").data["card"]
    assert str(g.deal.stock[-1]) == upcard
    assert [str(c) for c in reversed(g.deal.stock)] == [upcard] + seat_cards


def test_match_ends_at_the_target():
    # docs/rules/rummy.md#rummy.target: a target score, default 100 (the seed's figures are lost).
    assert engine.new_game("rummy").target == 100
    g = scripted(target=18)
    play(g, ["draw stock", "meld AS 2S 3S 4S", "discard 9H", "draw stock", "meld 10H JH QH KH", "discard 5S",
             "draw stock", "meld 6H 6D 6C", "discard 8C", "draw stock", "meld 2D 3D 4D", "meld 9C 9D 9S"])
    events = g.apply("discard JD")
    assert g.is_over and g.current_player is None
    end = events[-1]
    assert end.kind == "game_end" and end.data["winners"] == [0]
    refused(g, "draw stock", match="over", rule="game.over")


# ---- variants (docs/rules/rummy.md#variants), all off by default ----

def test_variants_are_off_by_default():
    defaults = engine.game_class("rummy").option_defaults()
    assert defaults["ace"] == "low" and defaults["jokers"] is False and defaults["must_discard"] is False
    assert defaults["block"] is False and defaults["scoring"] == "winner"
    assert defaults["shuffle_rebuild"] is True and defaults["rebuilds"] == 1 and defaults["discard_rule"] is True


def test_ace_high_or_low_variant_counts_15():
    deck = stack_deck(["2C 3C 4C 5C 6C 7C 8C 9C 10C JC", "AS 2S 3S QS KS 5H 6H 8D 9D 10D"], "2H AH", first=1)
    g = engine.new_game("rummy", players=2, deck=deck, first_dealer=0, ace="high_or_low")
    g.apply("draw stock")
    g.apply("meld QS KS AS")
    assert card_value(engine.parse_card("AH"), "either") == 15
    refused(g, "meld AH 2S 3S", match="mix")
    g2 = engine.new_game("rummy", players=2, deck=deck, first_dealer=0, ace="high_or_low")
    g2.apply("draw stock")
    assert "meld KS AS 2S" not in [str(a) for a in g2.legal_actions()]
    g3 = engine.new_game("rummy", players=2, deck=deck, first_dealer=0, ace="around")
    g3.apply("draw stock")
    g3.apply("meld KS AS 2S")


def test_jokers_variant_wild_and_taken_back_by_the_real_card():
    deck = stack_deck(["7S JK 9S 2C 4D QD KD 5H 6H 10C", "8S 2S 3S KH 3H JC JD 3C 5D 7D"], "2H AH", first=1)
    g = engine.new_game("rummy", players=2, deck=deck, first_dealer=0, jokers=True)
    assert sum(g.view(0)["hand_sizes"]) + g.view(0)["stock_size"] + 1 == 54
    play(g, ["draw stock", "discard AH", "draw stock", "meld 7S JK 9S", "discard 2C"])
    assert g.view(1)["melds"][0]["stands_for"] == ["7S", "8S", "9S"]
    events = play(g, ["draw stock", "layoff 8S to 1"])
    assert events[-1].data.get("swap") and "JK" in g.view(1)["hand"]
    assert g.view(1)["melds"][0]["cards"] == ["7S", "8S", "9S"]
    assert card_value(engine.parse_card("JK")) == 15


def test_must_discard_variant_forbids_going_out_without_a_discard():
    deck = stack_deck(["2C 3C 4C 5C 6D 7D 8D 9H 9S 9C", "AS 2S 3S QH KH 5H 6H 8C JD 10D"], "2H KC 9D", first=1)
    g = engine.new_game("rummy", players=2, deck=deck, first_dealer=0, must_discard=True)
    play(g, ["draw stock", "discard KC", "draw stock", "meld 2C 3C 4C 5C", "meld 6D 7D 8D 9D"])
    refused(g, "meld 9S 9H 9C", match="must discard to go out", rule="rummy.must_discard")
    assert "discard 9C" in [str(a) for a in g.legal_actions()]


def test_block_rummy_ends_the_deal_when_the_stock_runs_out():
    g = engine.new_game("rummy", players=4, seed=3, block=True)
    hands = [list(h) for h in g.deal.hands]
    run_down_the_stock(g)
    block = next(e for e in g.events if e.kind == "block")
    assert block.rule == "rummy.block" and not any(e.kind == "rebuild" for e in g.events)
    values = [hand_value(h) for h in g.deal.hands]
    assert len(hands) == 4 and g.results[0]["how"] in ("block",)
    winner = g.results[0]["winner"]
    if winner is not None:
        assert values[winner] == min(values)
        assert g.results[0]["points"][winner] == sum(values) - values[winner]


def test_penalty_scoring_variant_charges_each_hand():
    g = scripted(scoring="penalty")
    events = play(g, ["draw stock", "meld AS 2S 3S 4S", "discard 9H", "draw stock", "meld 10H JH QH KH",
                      "discard 5S", "draw stock", "meld 6H 6D 6C", "discard 8C", "draw stock",
                      "meld 2D 3D 4D", "meld 9C 9D 9S", "discard JD"])
    assert points_of(events) == {1: 18}
    assert g.scores == [0, 18]


def test_every_legal_move_reads_back_as_itself_and_a_saved_game_replays():
    """10♠ with two jokers is a set (10♠ Joker Joker) and a run (Joker Joker 10♠): both are offered, and
    "meld JK JK 10S" typed back must make the run, or a replay (a save, undo) later refuses a lay-off of 9♠
    on it (found by tests/engine/test_claims.py at 2,000 positions)."""
    deck = stack_deck(["2C 3C 4C 5C 6D 7D 8D 9H 9D 9C", "10S JK JK 2H 5S 7C QD KH 3D AC"], "9S 4H", first=1)
    g = engine.new_game("rummy", players=2, deck=deck, first_dealer=0, jokers=True)
    g.apply("draw stock")
    legal = g.legal_actions(1)
    assert {"meld 10S JK JK", "meld JK JK 10S"} <= {str(a) for a in legal}
    for action in legal:
        assert g.parse_action(str(action)) == action
    g.apply("meld JK JK 10S")
    assert g.view(1)["melds"][0]["kind"] == "run"
    assert g.clone().view(1)["melds"] == g.view(1)["melds"]  # the replay makes the run again, not the set
