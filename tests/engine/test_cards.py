"""Card notation and the packs (DESIGN.md: "Card notation"; the seeds' pack descriptions)."""

from collections import Counter

import pytest

from engine.cards import (JOKER, PACKS, Card, CardError, double_52_with_jokers, jubilee_61,
                          parse_card, parse_cards, piquet_32, spanish_40, standard_52)


@pytest.mark.parametrize("typed, canonical", [
    ("10h", "10H"), ("T♥", "10H"), ("Q♠", "QS"), ("qs", "QS"), ("ah", "AH"), (" 7 c ", "7C"),
    ("queen of spades", "QS"), ("joker", "JK"), ("JK", "JK"), ("5Or", "5Or"), ("10 de copas", "10Co"),
    ("2♦", "2D"), ("K♣", "KC"),
])
def test_parsing_accepts_what_people_type_and_prints_canonically(typed, canonical):
    assert str(parse_card(typed)) == canonical
    assert parse_card(canonical) == parse_card(typed)


@pytest.mark.parametrize("bad", ["", "1H", "11S", "ZZ", "5X", "0Or", "12Ba", "QQ"])
def test_parsing_rejects_non_cards_with_a_message(bad):
    with pytest.raises(CardError, match="card|rank|Spanish"):
        parse_card(bad)


def test_every_card_round_trips_through_notation():
    for make in PACKS.values():
        for card in make():
            assert parse_card(str(card)) == card


def test_symbols_and_names_for_display():
    assert parse_card("10H").symbol == "10♥"
    assert parse_card("QS").name == "Queen of spades"
    assert JOKER.symbol == "Joker"
    assert parse_card("10Ba").name == "Sota de bastos"
    assert parse_cards("AS 10H, JK") == [Card(1, "S"), Card(10, "H"), JOKER]


def test_pack_sizes():
    assert len(standard_52()) == 52 and len(set(standard_52())) == 52
    assert len(piquet_32()) == 32 and {c.rank for c in piquet_32()} == {1, 7, 8, 9, 10, 11, 12, 13}
    assert len(double_52_with_jokers()) == 108 and Counter(double_52_with_jokers())[JOKER] == 4
    assert len(spanish_40()) == 40 and {c.rank for c in spanish_40()} == set(range(1, 11))


def test_jubilee_pack_is_the_seeds_61_cards():
    """Seed 000: one full Hearts suit, two full suits of Spades, two nine-card suits of Clubs
    (A-9), and four Jokers."""
    pack = Counter(jubilee_61())
    assert sum(pack.values()) == 61
    assert sum(k for c, k in pack.items() if c.suit == "H") == 13
    assert all(pack[Card(r, "S")] == 2 for r in range(1, 14))
    assert all(pack[Card(r, "C")] == 2 for r in range(1, 10))
    assert pack[Card(10, "C")] == 0 and pack[JOKER] == 4
    assert not any(c.suit == "D" for c in pack)
