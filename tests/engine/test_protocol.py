"""The engine protocol of DESIGN.md, exercised on Jubilee."""

import json
import random

import engine
from engine.protocol import Action


def play_some(g, moves, seed=0):
    rng = random.Random(seed)
    for _ in range(moves):
        g.apply(rng.choice(g.legal_actions()))


def test_registry_and_new_game():
    assert "jubilee" in engine.GAMES
    cls = engine.GAMES["jubilee"]
    assert (cls.min_players, cls.max_players) == (2, 7) and cls.name == "Jubilee" and cls.blurb
    g = engine.new_game("jubilee", players=3, seed=7)
    assert isinstance(g, cls) and g.players == 3


def test_same_seed_same_deal_always():
    a, b = engine.new_game("jubilee", players=4, seed=99), engine.new_game("jubilee", players=4, seed=99)
    assert [a.view(s)["hand"] for s in range(4)] == [b.view(s)["hand"] for s in range(4)]
    c = engine.new_game("jubilee", players=4, seed=100)
    assert [a.view(s)["hand"] for s in range(4)] != [c.view(s)["hand"] for s in range(4)]


def test_actions_have_notation_and_apply_accepts_either_form():
    g = engine.new_game("jubilee", players=3, seed=7)
    action = g.legal_actions()[0]
    assert isinstance(action, Action) and str(action).startswith("play ")
    twin = engine.new_game("jubilee", players=3, seed=7)
    assert [e.text for e in g.apply(action)] == [e.text for e in twin.apply(str(action).lower())]


def test_events_cite_rules_that_exist():
    g = engine.new_game("jubilee", players=3, seed=7)
    play_some(g, 40)
    for e in g.events:
        assert e.text and g.rule_text(e.rule)


def test_history_replays_the_game():
    g = engine.new_game("jubilee", players=3, seed=7)
    play_some(g, 50)
    again = engine.new_game("jubilee", players=3, seed=7)
    for seat, action in g.history:
        again.apply(action, seat)
    assert again.view(0) == g.view(0) and again.scores == g.scores


def test_save_and_resume_anywhere():
    g = engine.new_game("jubilee", players=4, seed=12, first_play="black")
    for moves in (0, 1, 17, 90):
        play_some(g, moves - len(g.history), seed=moves)
        loaded = engine.load_game(g.to_json())
        assert loaded.options == g.options
        assert all(loaded.view(s) == g.view(s) for s in range(4))
        assert json.loads(loaded.to_json()) == json.loads(g.to_json())


def test_undo_restores_the_position_exactly():
    g = engine.new_game("jubilee", players=3, seed=5)
    play_some(g, 10)
    saved = g.to_json()
    play_some(g, 3, seed=1)
    g.undo(3)
    assert g.to_json() == saved
    seat = g.current_player
    g.apply(g.legal_actions()[0])
    play_some(g, 2, seed=2)
    back = g.undo_to_seat(seat)
    assert back == 3 and g.to_json() == saved


def test_repr_can_be_pasted_back():
    g = engine.new_game("jubilee", players=3, seed=5, match="single")
    again = eval(repr(g), {"engine": engine})
    assert again.view(0) == g.view(0)


def test_names_make_friendly_sentences():
    g = engine.new_game("jubilee", players=2, seed=5, first_dealer=1, names=["You", "Ada"])
    text = g.apply(g.legal_actions()[0])[0].text
    assert text.startswith("You play ")


def test_view_is_json_and_legal_only_for_the_seat_to_act():
    g = engine.new_game("jubilee", players=3, seed=5)
    for s in range(3):
        v = g.view(s)
        json.dumps(v)
        assert bool(v["legal"]) == (s == g.current_player)


def test_sentences_address_the_learner_as_you():
    from engine.dealing import stack_deck
    hands = ["5H 6H 7H 8H 9H 10H JH QH", "4S 2S 3S 4C 5C 6C 7C 8C"]
    g = engine.new_game("jubilee", players=2, seed=3, first_dealer=0, names=["You", "Ada"],
                        deck=stack_deck(hands, first=1))
    g.apply("play 4S")
    text = g.apply("pass")[0].text
    assert text.startswith("You cannot play without taking the count below 0, so you show your hand (5♥")
    assert text.endswith(") and pass.")
    assert g.verb(1, "passes") == "passes" and g.verb(0, "passes") == "pass" and g.verb(0, "has") == "have"


def test_every_games_short_match_is_one_or_two_deals_or_the_least_target():
    """Each rules class declares its short match (``short_match``), which tests and benches play whole:
    its options are ones the game accepts, and they make a match of a deal or two (or a race to 1 point)."""
    for game_id, cls in engine.GAMES.items():
        progress = engine.new_game(game_id, seed=1, **cls.short_match).progress()
        deals, target = progress["deals"], progress["target"]
        assert (deals is not None and deals <= 2) or target == 1, (game_id, progress)
