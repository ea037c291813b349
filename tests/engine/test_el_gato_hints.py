"""El Gato's hint explains what will happen and the honest odds, from the view alone; the bots
take the only action (there are no decisions: seed "os jogadores não podem escolher")."""

import random

import pytest

import engine
from engine.games.el_gato import GATO
from engine.games.el_gato_ai import POLICIES, next_card, odds, unseen
from engine.hints import Bot

from .helpers import stack_deal


def fill(tops: list[str]) -> list[str]:
    from engine.cards import spanish_40
    rest = [str(c) for c in spanish_40() if str(c) not in tops]
    each = 40 // len(tops) - 1
    return [" ".join([top] + rest[i * each:(i + 1) * each]) for i, top in enumerate(tops)]


def game(tops: list[str], dealer: int, **options) -> engine.Game:
    n = len(tops)
    return engine.new_game("el_gato", players=n, seed=1, first_dealer=dealer, names=["Ann", "Bob", "Cy", "Di"][:n],
                           deck=stack_deal(fill(tops), first=(dealer + 1) % n), **options)


def test_the_leader_is_told_the_chance_of_the_gato():
    g = game(["7Co", "9Or"], dealer=1)
    h = engine.hint(g, 0)
    assert h.action == "play" and [a.action for a in h.alternatives] == ["play"]
    assert "nothing to choose" in h.reason and "It is the gato 1 time in 40 (2%)" in h.reason


def test_odds_against_a_sota_count_the_cards_not_face_up():
    """Against a Sota only the gato wins (docs/rules/el_gato.md), 3 Sotas tie, 35 lose, of 39 unseen cards."""
    g = game(["10Co", "7Or"], dealer=1)
    g.apply("play")
    view = g.view(1)
    assert len(unseen(view)) == 39
    beat, tie, lose = odds(view)
    assert (beat, tie, lose) == pytest.approx((1 / 39, 3 / 39, 35 / 39))
    h = engine.hint(g, 1)
    assert "The highest card showing is Ann's Sota de copas" in h.reason
    assert "beats it 3% of the time, ties it 8% (a guerra) and loses 90%" in h.reason
    assert "You play last" in h.reason


def test_ace_high_changes_the_odds():
    g = game(["10Co", "7Or"], dealer=1, ace_high=True)
    g.apply("play")
    beat, tie, _ = odds(g.view(1))
    assert beat == pytest.approx(5 / 39) and tie == pytest.approx(3 / 39)  # four Ases and the gato


def test_a_guerra_hint_counts_the_cards_set_aside():
    g = game(["7Co", "7Ba"], dealer=1)
    g.apply("play")
    g.apply("play")
    h = engine.hint(g, 0)
    assert "This is a guerra: its winner takes all 2 cards set aside" in h.reason
    assert len(unseen(g.view(0))) == 38


def test_the_hint_reads_only_the_view():
    """Two deals that look the same from the table (same face-up card) but differ in every packet's
    order give the same hint: nothing can peek, because nobody knows the order."""
    a = game(["10Co", "7Or", "1Es", "2Ba"], dealer=3)
    b = engine.new_game("el_gato", players=4, seed=2, first_dealer=3, names=["Ann", "Bob", "Cy", "Di"],
                        deck=["10Co"])
    a.apply("play")
    b.apply("play")
    assert a.deal.packets[1] != b.deal.packets[1] and a.view(1) == b.view(1)
    assert engine.hint(a, 1) == engine.hint(b, 1)
    assert "2 players still play after you" in engine.hint(a, 1).reason


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_bot_level_takes_the_only_action(level):
    g = engine.new_game("el_gato", players=5, seed=8)
    bot = Bot("el_gato", level, seed=3)
    while not g.is_over:
        s = g.current_player
        g.apply(bot.choose(g.view(s)), s)
    assert g.is_over and POLICIES[level](g.view(0) | {"legal": ["play"]}, random.Random(0)) == "play"


def test_no_hint_out_of_turn():
    g = engine.new_game("el_gato", players=2, seed=3)
    with pytest.raises(engine.IllegalAction, match="not .* turn"):
        engine.hint(g, 1 - g.current_player)


def test_the_hint_remembers_the_gato_went_under_a_packet():
    """Issue 8, item 6: after the 5 de oros went under a packet in trick 1, the leader's hint said "It is the
    gato 1 time in 40". Everyone saw it go under Ann's packet (docs/rules/el_gato.md: "The winner puts the trick under
    his
    packet in play order"), so it cannot be anyone's next card until Ann's dealt cards are used up."""
    g = game(["5Or", "7Co"], dealer=1)
    g.apply("play")
    g.apply("play")
    view = g.view(0)
    assert view["known_below"][0] == ["5Or", "7Co"] and view["unseen_on_top"] == [19, 19]
    assert len(unseen(view)) == 38 and GATO not in unseen(view)
    h = engine.hint(g, 0)
    assert "gato 1 time in" not in h.reason
    assert "It cannot be the gato: everyone saw it go under your packet" in h.reason
    assert "one of the 38 cards nobody has seen" in h.reason


def test_once_the_dealt_cards_are_used_up_the_next_card_is_known():
    """P2 wins the first 19 tricks and Ann's gato the 20th: every dealt card has been turned, so each
    packet is cards everyone watched go under it, in order."""
    low = "1Or 1Co 1Es 1Ba 2Or 2Co 2Es 2Ba 3Or 3Co 3Es 3Ba 4Or 4Co 4Es 4Ba 5Co 5Es 5Ba 5Or"
    high = "6Or 6Co 6Es 6Ba 7Or 7Co 7Es 7Ba 8Or 8Co 8Es 8Ba 9Or 9Co 9Es 9Ba 10Or 10Co 10Es 10Ba"
    g = engine.new_game("el_gato", players=2, seed=1, first_dealer=1, names=["Ann", "Bob"],
                        deck=stack_deal([low, high], first=0))
    for _ in range(40):
        g.apply("play")
    assert g.current_player == 0 and g.view(0)["unseen_on_top"] == [0, 0]
    known, pool = next_card(g.view(0))
    assert known == g.deal.packets[0][0] and pool == [known]
    h = engine.hint(g, 0)
    assert f"The next card of your packet is known: {known.name}" in h.reason


@pytest.mark.parametrize("players", [2, 4, 10])
def test_the_cards_a_hint_counts_always_include_the_real_next_card(players):
    """Brute force over real games: the hint's set of possible next cards always holds the card actually
    turned, its size is the number of unseen cards, and a card it calls known is the one turned."""
    for seed in range(6):
        g = engine.new_game("el_gato", players=players, seed=seed)
        steps = 0
        while not g.is_over and steps < 600:
            seat = g.current_player
            view = g.view(seat)
            known, pool = next_card(view)
            assert len(pool) == (1 if known else sum(view["unseen_on_top"]))
            events = g.apply("play")
            turned = next(e for e in events if e.kind == "play").data["card"]
            assert engine.parse_card(turned) in pool
            if known is not None:
                assert str(known) == turned
            steps += 1
