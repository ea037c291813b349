"""The shared small-integer cards (engine/card_codes.py): both orders are inverses, and the notation tables agree."""

from engine import card_codes, melds, tricks
from engine.cards import ACE, KING, parse_card, standard_52


def test_both_orders_cover_the_pack_once_and_invert() -> None:
    pack = standard_52()
    assert sorted(card_codes.index(c) for c in pack) == list(range(52))
    assert sorted(card_codes.run_index(c) for c in pack) == list(range(52))
    for c in pack:
        assert card_codes.card(card_codes.index(c)) == c and card_codes.run_card(card_codes.run_index(c)) == c


def test_trick_order_puts_the_ace_high_and_run_order_low() -> None:
    spade_ace, spade_king = parse_card("AS"), parse_card("KS")
    assert (spade_ace.rank, spade_king.rank) == (ACE, KING)
    assert card_codes.index(spade_ace) == 12 > card_codes.index(spade_king) == 11
    assert card_codes.run_index(spade_ace) == 0 < card_codes.run_index(spade_king) == 12


def test_the_notation_tables_are_the_trick_order() -> None:
    for i in range(52):
        c = card_codes.card(i)
        assert card_codes.NOTE[i] == str(c) and card_codes.SYM[i] == c.symbol and str(card_codes.PLAY[i]) == f"play {c}"
        assert card_codes.CARD_OF[str(c)] == i == card_codes.code_of(str(c).lower())


def test_tricks_and_melds_read_the_same_encodings() -> None:
    assert tricks.index is card_codes.index and tricks.card is card_codes.card
    assert melds._index is card_codes.run_index and melds._card is card_codes.run_card
