"""Relógio against its sources: seed 001 ("RELÓGIO") and docs/rules/relogio.md (each test cites its rule)."""

from __future__ import annotations

import pytest

import engine
from engine.cards import parse_card
from engine.games.relogio import CENTRE, HOURS, Relogio, clock_deck, deal_piles, hour_of

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def four(rank: str) -> list[str]:
    return [f"{rank}{s}" for s in "SHDC"]


def winning_deck() -> list[str]:
    """Pile h holds the four cards of hour h+1 and the centre the Aces: round and round, a win."""
    piles = {h: four(RANKS[h]) for h in range(1, 13)}
    piles[CENTRE] = four("A")
    return clock_deck(piles)


def play_turns(g: engine.Game, n: int) -> list[engine.Event]:
    events = []
    for _ in range(n):
        events += g.apply("turn")
    return events


def test_the_deal_is_13_face_down_piles_of_4_from_a_52_card_pack():
    """Seed: "distribuir as cartas, uma a uma e fechadas, formando 13 montes de 4 cartas" (no joker);
    docs/rules/relogio.md: 13 face-down piles of 4, a clock with Kings in the centre."""
    g = engine.new_game("relogio", seed=11)
    assert [len(g.deal.down[h]) for h in HOURS] == [4] * 13
    cards = [c for h in HOURS for c in g.deal.down[h]]
    assert len(set(cards)) == 52 and not any(c.is_joker for c in cards)
    view = g.view(0)
    assert [p["face_down"] for p in view["piles"]] == [4] * 13
    assert [p["label"] for p in view["piles"]] == [str(h) for h in range(1, 13)] + ["K"]
    assert g.current_player == 0 and [str(a) for a in g.legal_actions()] == ["turn"]


def test_dealing_one_at_a_time_each_card_covers_the_last():
    """Seed: "uma a uma": card i goes to hour i mod 13 (1…12, then the centre), on top."""
    pack = [parse_card(c) for c in four("A") + four("2") + four("3") + four("4") + four("5") + four("6")
            + four("7") + four("8") + four("9") + four("10") + four("J") + four("Q") + four("K")]
    piles = deal_piles(pack)
    assert piles[1] == [pack[39], pack[26], pack[13], pack[0]]
    assert piles[CENTRE] == [pack[51], pack[38], pack[25], pack[12]]


def test_every_card_belongs_to_an_hour_and_kings_to_the_centre():
    """Seed: "o Ás corresponde a uma hora … o Valete a 11 horas, a Dama a 12 horas, sendo o Rei
    destinado ao centro"."""
    assert [hour_of(parse_card(r + "S")) for r in RANKS] == list(range(1, 14))
    assert CENTRE == 13


def test_play_starts_in_the_centre_and_the_card_goes_under_its_hour():
    """Seed: "iniciar o jogo pelo monte central … Se ele virar um 7 … debaixo do monte das 7 horas";
    then "vira a primeira carta de cima do monte em que colocou a carta aberta". docs/rules/relogio.md#relogio.turn."""
    g = engine.new_game("relogio", deck=clock_deck({"K": "7H", 7: "3C"}), names=["You"])
    events = g.apply("turn")
    assert events[0].rule == "relogio.turn" and events[0].data["card"] == "7H"
    assert events[0].text == "You turn 7♥ from the centre and put it face up under 7 o'clock."
    assert g.deal.up[7] == [parse_card("7H")] and g.deal.current == 7
    view = g.view(0)
    assert view["piles"][6]["face_up"] == ["7H"] and view["piles"][6]["face_down"] == 4
    assert view["last"] == {"card": "7H", "from": 13, "to": 7}
    events = g.apply("turn")  # the top card of 7 o'clock comes next
    assert events[0].data == {"card": "3C", "source": 7, "hour": 3, "face_up": 2}
    assert g.deal.current == 3


def test_a_card_of_its_own_hour_goes_under_the_same_pile_and_play_stays():
    """Seed: "Se o jogador virar uma carta e ela pertencer àquela 'hora', ela deverá ser colocada,
    aberta, embaixo do monte, e o jogador abrirá outra carta do mesmo monte"."""
    g = engine.new_game("relogio", deck=clock_deck({"K": "5D", 5: "5S 9C"}))
    g.apply("turn")
    events = g.apply("turn")
    assert events[0].rule == "relogio.own_hour" and "it belongs to the pile it came from" in events[0].text
    assert g.deal.current == 5 and g.deal.up[5] == [parse_card("5D"), parse_card("5S")]
    g.apply("turn")
    assert g.last == {"card": "9C", "from": 5, "to": 9}


def test_all_52_face_up_is_a_win():
    """docs/rules/relogio.md: "Win iff 52 cards are face up"; seed: "só pode vencer se virar todas as cartas"."""
    g = engine.new_game("relogio", deck=winning_deck(), king_swap="off")
    while not g.is_over:
        g.apply("turn")
    assert g.deal.result == "won" and g.scores == [52] and len(g.history) == 52
    assert g.events[-1].rule == "relogio.win" and g.events[-1].text == "All 52 cards are face up: you win!"
    assert g.last is not None and g.last["card"] in four("K")  # the fourth King is always the last card


def test_the_fourth_king_with_cards_face_down_loses():
    """Seed: "o jogo estará irremediavelmente perdido se os 4 Reis forem abertos antes que as cartas
    dos outros montes"; docs/rules/relogio.md: play stops when the 4th King is placed."""
    g = engine.new_game("relogio", deck=clock_deck({"K": four("K")}), king_swap="off")
    events = play_turns(g, 4)
    assert g.is_over and g.deal.result == "lost" and g.scores == [4]
    assert g.current_player is None and g.legal_actions() == []
    end = events[-1]
    assert end.rule == "relogio.fourth_king" and "48 cards still face down. You lose." in end.text
    assert "That is King number 4." in events[-2].text


def test_the_seeds_restart_from_the_centre_is_a_no_op():
    """docs/rules/relogio.md: "You arrive at a non-King pile only after placing a card of its rank, so it still has
    a face-down card even on the 4th arrival; only the centre can run dry." On many deals: every
    arrival at hours 1-12 finds a face-down card, and the game ends only in the centre."""
    for seed in range(300):
        g = engine.new_game("relogio", seed=seed, king_swap="off")
        while not g.is_over:
            g.apply("turn")
            if not g.is_over:
                assert g.deal.down[g.deal.current], "a pile that was arrived at must have a card to turn"
        assert g.deal.current == CENTRE and len(g.deal.up[CENTRE]) == 4 and not g.deal.down[CENTRE]


def test_the_swap_is_offered_on_any_king_and_declining_keeps_it():
    """docs/rules/relogio.md [T] "King swap: offered on any King turned, once per game" (king_swap='any_king')."""
    g = engine.new_game("relogio", deck=clock_deck({"K": "KS KH 2C"}))
    events = g.apply("turn")
    assert events[-1].kind == "turn" and events[-1].rule == "relogio.swap" and "the 1st King" in events[-1].text
    legal = [str(a) for a in g.legal_actions()]
    assert legal[0] == "keep" and "swap K:1" in legal and "swap 7:4" in legal
    assert len(legal) == 1 + 51  # every face-down card is a slot
    assert g.view(0)["pending"] == "KS"
    g.apply("keep")
    assert g.deal.up[CENTRE] == [parse_card("KS")] and g.deal.current == CENTRE and not g.deal.swap_used
    g.apply("turn")  # K♥: offered again
    assert g.view(0)["pending"] == "KH" and g.view(0)["swap_available"]


def test_swapping_puts_the_king_face_down_and_plays_the_card_taken_as_just_turned():
    """docs/rules/relogio.md [T]: "The King goes face down into any chosen face-down slot, and the card taken from
    that slot is treated as just turned." Seed: "um Rei, apenas uma vez durante o jogo, pode ser
    trocado por outra carta ainda fechada"."""
    g = engine.new_game("relogio", deck=clock_deck({"K": "KS", 7: "2H 9D 3S"}), names=["You"])
    g.apply("turn")
    events = g.apply("swap 7:2")
    assert [e.kind for e in events] == ["swap", "place"]
    assert events[0].text == ("You put K♠ face down as the 2nd card of 7 o'clock and take out the card "
                              "that was there: 9♦.")
    assert events[1].text == "9♦ goes face up under 9 o'clock."
    assert g.deal.down[7][:3] == [parse_card("2H"), parse_card("KS"), parse_card("3S")]
    assert g.deal.current == 9 and g.deal.swap_used and g.deal.up[CENTRE] == []
    view = g.view(0)
    assert view["known_face_down"] == {"hour": 7, "position": 2, "card": "KS"}
    assert not view["swap_available"] and view["face_up"] == 1 and view["face_down"] == 51


def test_the_swap_is_once_per_game():
    """Seed: "apenas uma vez durante o jogo"."""
    g = engine.new_game("relogio", deck=clock_deck({"K": "KS KH", 1: "AS"}))
    g.apply("turn")
    g.apply("swap 1:1")  # A♠ is taken out: play goes to 1 o'clock, whose top is now K♠
    assert g.deal.current == 1
    g.apply("turn")  # K♠ again: no offer now
    assert g.view(0)["pending"] is None and g.deal.up[CENTRE] == [parse_card("KS")]
    g.apply("turn")  # K♥ from the centre: still no offer
    assert g.deal.up[CENTRE][-1] == parse_card("KH") and [str(a) for a in g.legal_actions()] == ["turn"]


def test_a_swap_into_the_same_pile_and_taking_a_king():
    """docs/rules/relogio.md [T] "any chosen face-down slot": the centre itself too; a King taken out is placed
    in the centre like any turned King."""
    g = engine.new_game("relogio", deck=clock_deck({"K": "KS KH 4C"}))
    g.apply("turn")
    events = g.apply("swap K:1")
    assert events[1].text == "K♥ goes face up under the centre: it belongs to the pile it came from, so " \
                             "the next card is turned there too. That is King number 1."
    assert g.deal.down[CENTRE][0] == parse_card("KS") and g.deal.current == CENTRE


def test_fourth_king_variant_offers_only_the_fourth():
    """docs/rules/relogio.md [V]: "with the swap used on the 4th King" — the variant king_swap='fourth_king'."""
    g = engine.new_game("relogio", deck=clock_deck({"K": four("K")}), king_swap="fourth_king")
    play_turns(g, 3)
    assert len(g.deal.up[CENTRE]) == 3 and not g.is_over
    g.apply("turn")
    assert g.view(0)["pending"] == "KC"
    g.apply("keep")
    assert g.deal.result == "lost"


def test_the_fourth_king_swap_can_save_the_game():
    """The swap on the 4th King, put at the bottom of a pile that is turned last, wins."""
    piles = {h: four(RANKS[h]) for h in range(1, 13)}
    piles[CENTRE] = four("A")
    # the K♣ at the bottom of 11 and the Q♣ at the bottom of 12 trade places: the fourth King comes
    # out of 11 o'clock while 12's last card is still down, and without the swap the game is lost.
    piles[12] = ["KS", "KH", "KD", "QC"]
    piles[11] = ["QS", "QH", "QD", "KC"]
    g = engine.new_game("relogio", deck=clock_deck(piles))
    while not g.view(0)["pending"] or g.view(0)["kings_up"] < 3:
        g.apply("keep" if g.view(0)["pending"] else "turn")
    assert g.view(0)["pending"] == "KC" and g.view(0)["last"]["from"] == 11
    assert g.view(0)["face_down"] == 1 and g.view(0)["piles"][11]["face_down"] == 1
    assert g.replayed(g.history + [(0, "keep")]).deal.result == "lost"
    g.apply("swap 12:1")
    while not g.is_over:
        g.apply("turn")
    assert g.deal.result == "won"


def test_no_swap_when_no_card_is_face_down():
    """The last card of a won game is a King: with nothing face down there is nothing to swap."""
    g = engine.new_game("relogio", deck=winning_deck())
    while not g.is_over:
        g.apply("keep" if g.view(0)["pending"] else "turn")
    assert g.deal.result == "won"
    assert [e.kind for e in g.events].count("turn") == 3  # offered on Kings 1-3, not on the last


def test_options_and_their_defaults():
    """docs/rules/relogio.md#variants: [T] decisions are named options with their defaults."""
    assert Relogio.option_defaults() == {"king_swap": "any_king", "lang": "en"}
    with pytest.raises(engine.OptionError, match="king_swap='always' is not allowed"):
        engine.new_game("relogio", king_swap="always")


def test_same_seed_same_deal_and_saves_replay():
    a = engine.new_game("relogio", seed="K7QM3P")
    b = engine.new_game("relogio", seed="K7QM3P")
    assert a.deal.down == b.deal.down
    while not a.is_over:
        a.apply(a.legal_actions()[-1])
    back = engine.load_game(a.to_json())
    assert back.view(0) == a.view(0) and back.history == a.history
