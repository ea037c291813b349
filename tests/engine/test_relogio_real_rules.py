"""Relógio Real against seed 001 ("Relógio Real") and docs/rules/relogio_real.md (each test cites its rule)."""

from __future__ import annotations

import json

import pytest

import engine
from engine.cards import parse_card
from engine.games.relogio import CENTRE, HOURS, clock_deck
from engine.games.relogio_real import RelogioReal

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def four(rank: str) -> list[str]:
    return [f"{rank}{s}" for s in "SHDC"]


def sorted_piles(**changes: str) -> dict[int | str, list[str]]:
    """Every pile holds the four cards of its own hour, then ``changes`` (hour name -> cards)."""
    piles: dict[int | str, list[str]] = {h: four(RANKS[h - 1]) for h in HOURS}
    for key, cards in changes.items():
        piles[int(key[1:]) if key[1:].isdigit() else CENTRE] = cards.split()
    return piles


def test_the_deal_is_face_up_and_hides_nothing():
    """Seed: "as cartas são distribuídas com a face para cima. Formam-se 13 montes de 4 cartas"."""
    g = engine.new_game("relogio_real", seed=4)
    view = g.view(0)
    shown = [c for p in view["piles"] for c in p["cards"]]
    assert len(shown) == 52 and len(set(shown)) == 52
    assert [p["cards"] for p in view["piles"]] == [[str(c) for c in g.deal.piles[h]] for h in HOURS]
    assert [p["label"] for p in view["piles"]][-1] == "K"


def test_a_pile_is_correct_when_its_top_card_shows_its_hour():
    """Seed: "procurando colocar as cartas em seus lugares corretos"; docs/rules/relogio_real.md: "A pile is correct if
    its top card's rank equals its hour"."""
    deck = clock_deck({1: "5D", 2: "2S", 3: "7C", "K": "KD"})
    view = engine.new_game("relogio_real", deck=deck).view(0)
    assert [p["correct"] for p in view["piles"]][:3] == [False, True, False]
    assert view["piles"][12]["correct"]


def test_start_at_one_oclock_unless_it_shows_its_ace():
    """Seed: "Se o primeiro monte (uma hora) não tiver o Ás como primeira carta, o jogador começará por
    esse monte; se ali estiver o Ás, ele começará pelo monte que … não tiver a carta correta"."""
    g = engine.new_game("relogio_real", deck=clock_deck({1: "5D", 2: "9H"}), names=["You"])
    events = g.apply("move")
    assert events[0].rule == "real.start" and g.deal.carried == parse_card("5D") and g.deal.position == 1
    assert events[0].text == ("You start at 1 o'clock (its top card is not the Ace) and pick up its top "
                              "card, 5♦.")
    g = engine.new_game("relogio_real", deck=clock_deck({1: "AS", 2: "2D", 3: "QC"}))
    assert g.view(0)["target"] == 3
    g.apply("move")
    assert g.deal.carried == parse_card("QC") and g.deal.position == 3 and len(g.deal.piles[3]) == 3


def test_the_carried_card_goes_under_the_next_wrong_pile_whose_top_is_picked_up():
    """Seed: "colocá-la debaixo das cartas do próximo monte. Então, colocará a primeira carta desse
    monte no seguinte, mas sempre pulando os montes cujas primeiras cartas estão corretamente
    colocadas"; docs/rules/relogio_real.md: the carried card goes to the bottom of the next incorrect pile."""
    g = engine.new_game("relogio_real", deck=clock_deck({1: "5D", 2: "2S", 3: "7C 9S 10H JD"}), names=["You"])
    g.apply("move")
    events = g.apply("move")
    assert events[0].rule == "real.move"
    assert events[0].text == "You put 5♦ under 3 o'clock (skipping 2: correct) and pick up its top card, 7♣."
    assert g.deal.piles[3] == [parse_card(c) for c in ("9S", "10H", "JD", "5D")]
    assert g.deal.carried == parse_card("7C") and g.deal.position == 3


def test_the_round_goes_from_12_to_the_kings_hour_and_back_to_1():
    """docs/rules/relogio_real.md [T]: "The cycle is 1…12 → K → 1"."""
    deck = clock_deck({1: "AS 3D", 2: "2H", 3: "3S", **{h: RANKS[h - 1] + "S" for h in range(4, 12)},
                       12: "5C", "K": "9D"})
    g = engine.new_game("relogio_real", deck=deck)
    g.apply("move")  # start: 1 shows its Ace … the first wrong pile is 12
    assert g.deal.position == 12 and g.deal.carried == parse_card("5C")
    g.apply("move")
    assert g.deal.position == CENTRE and g.deal.piles[CENTRE][-1] == parse_card("5C")
    assert g.deal.carried == parse_card("9D")
    g.apply("move")  # from K the next wrong pile is… 12 again (1 to 11 are correct)
    assert g.deal.position == 12
    assert g.view(0)["target"] == CENTRE


def test_only_the_start_pile_shrinks():
    """docs/rules/relogio_real.md: "Only the start pile shrinks, so no pile empties before the 3rd removal"."""
    g = engine.new_game("relogio_real", seed=21)
    g.apply("move")
    start = g.deal.position
    for _ in range(40):
        if g.is_over:
            break
        g.apply("move")
        if not g.deal.removed:
            assert sorted(len(g.deal.piles[h]) for h in HOURS) == [3] + [4] * 12 and len(g.deal.piles[start]) == 3


def test_all_tops_correct_are_removed_ace_to_king_while_a_card_is_carried():
    """Seed: "até que todos os montes fiquem com suas cartas de cima corretamente colocadas … retirar
    as 13 cartas, em sequência do Ás ao Rei"; docs/rules/relogio_real.md [T]: "If all tops become correct while a card
    is
    carried, remove them, then put the carried card under the next incorrect pile"."""
    g = engine.new_game("relogio_real",
                        deck=clock_deck(sorted_piles(h1="5D AS 9C AH", h5="5S 5H 5C AD", h9="9S 9H 9D AC")))
    events = g.apply("move")
    assert [e.kind for e in events] == ["pick_up", "remove"]
    assert events[1].text.startswith("All 13 piles show their own hour: Player 1 removes A♠ 2♠ 3♠")
    assert events[1].data["round"] == 1 and len(events[1].data["cards"]) == 13
    assert g.deal.carried == parse_card("5D") and len(g.deal.removed) == 1
    assert g.view(0)["target"] == 1  # 9♣ on top at 1 o'clock: the next wrong pile after 1 is 1 itself
    events = g.apply("move")  # 5♦ under 1 o'clock, 9♣ picked up: A♥ on top, a second full round
    assert [e.kind for e in events] == ["move", "remove"] and g.deal.carried == parse_card("9C")
    assert g.deal.piles[1] == [parse_card("5D")] and len(g.deal.removed) == 2 and not g.is_over


def test_three_removed_rounds_win():
    """Seed: "O jogador vencerá o jogo se conseguir retirar três sequências de Ás a Rei"."""
    g = engine.new_game("relogio_real", deck=clock_deck(sorted_piles(h1="5D AS AH AD", h5="5S 5H 5C AC")))
    events = g.apply("move")
    assert [e.kind for e in events] == ["pick_up", "remove", "remove", "remove", "game_end"]
    assert g.deal.result == "won" and g.scores == [3] and events[-1].rule == "real.win"
    assert g.legal_actions() == [] and g.current_player is None


def test_rounds_option_for_practice():
    g = engine.new_game("relogio_real", rounds=1,
                        deck=clock_deck(sorted_piles(h1="5D AS 9C AH", h5="5S 5H 5C AD", h9="9S 9H 9D AC")))
    g.apply("move")
    assert g.deal.result == "won" and g.scores == [1]
    with pytest.raises(engine.OptionError, match="rounds=4 is not allowed"):
        engine.new_game("relogio_real", rounds=4)
    assert RelogioReal.option_defaults() == {"rounds": 3, "lang": "en"}


def test_a_deal_already_in_order_is_removed_at_once():
    g = engine.new_game("relogio_real", deck=clock_deck(sorted_piles()))
    assert g.deal.result == "won" and [e.kind for e in g.events].count("remove") == 3


def view_key(view: dict) -> str:
    return json.dumps([[p["cards"] for p in view["piles"]], view["carried"], view["position"], len(view["removed"])])


@pytest.mark.parametrize("seed", range(40))
def test_a_repeated_position_is_a_loss_detected_exactly(seed):
    """docs/rules/relogio_real.md [T]: "Play is deterministic, so a repeated state (piles, carried card, position,
    removals) means a loss". The game ends at the first position seen twice, never before."""
    g = engine.new_game("relogio_real", seed=seed)
    seen: dict[str, int] = {}
    step = 0
    while not g.is_over:
        g.apply("move")
        step += 1
        key = view_key(g.view(0))
        if g.deal.result == "lost":
            assert key in seen, "a loss must repeat a position"
            assert g.events[-1].rule == "real.repeat"
            assert g.events[-1].data["first_seen"] == seen[key]
            assert f"already reached at step {seen[key]}" in g.events[-1].text
            break
        if g.deal.result == "won":
            break
        assert key not in seen, "play went on past a repeated position"
        seen[key] = step
    assert g.is_over
