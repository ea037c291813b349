"""Card faces: every card of every pack draws, parses as XML, names itself, scales."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from engine.cards import JOKER, PACKS, Card, parse_card
from widgets.card_svg import (BACK_NAME, BLACK, RED, SPANISH_COLOURS, back_svg, card_height,
                              card_img_html, card_svg)

SVG = "{http://www.w3.org/2000/svg}"
ALL_CARDS = sorted({c for make in PACKS.values() for c in make()}, key=str)


def _root(svg: str) -> ET.Element:
    return ET.fromstring(svg)


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_renders_valid_svg_with_title(card: Card) -> None:
    svg = card_svg(card)
    root = _root(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("viewBox") == "0 0 250 350"
    assert root.get("data-card") == str(card)
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == card.name
    assert root[0] is title  # first child, so assistive tech reads it first


@pytest.mark.parametrize("pack", sorted(PACKS))
def test_every_pack_renders(pack: str) -> None:
    for card in PACKS[pack]():
        assert _root(card_svg(card)).find(f"{SVG}title").text == card.name


def test_strings_and_cards_render_the_same() -> None:
    assert card_svg("10h") == card_svg(parse_card("10H")) == card_svg(Card(10, "H"))
    assert card_svg("Q♠") == card_svg(Card(12, "S"))


@pytest.mark.parametrize("card", [c for c in ALL_CARDS if c.suit in "HDSC"], ids=str)
def test_red_suits_use_red_and_black_suits_do_not(card: Card) -> None:
    svg = card_svg(card)
    if card.is_red:
        assert RED in svg and BLACK not in svg
    else:
        assert BLACK in svg and RED not in svg


def test_spanish_suits_use_their_traditional_colours() -> None:
    for suit, colour in SPANISH_COLOURS.items():
        assert colour in card_svg(Card(4, suit))
    assert "SOTA" in card_svg("10Es")


def test_joker_is_distinct_and_says_joker_down_the_corner() -> None:
    svg = card_svg(JOKER)
    letters = [t.text for t in _root(svg).iter(f"{SVG}text")]
    assert "".join(letters[:5]) == "JOKER"
    assert _root(svg).find(f"{SVG}title").text == "Joker"


def test_distinct_cards_draw_distinct_faces() -> None:
    bodies = {card_svg(c).split("</title>", 1)[1].replace(f'data-card="{c}"', "") for c in ALL_CARDS}
    assert len(bodies) == len(ALL_CARDS)


def test_face_up_pips_match_the_rank() -> None:
    for rank in range(2, 11):
        pips = [g for g in _root(card_svg(Card(rank, "S"))).iter(f"{SVG}g")
                if "scale(0.4" in g.get("transform", "")]
        assert len(pips) == rank


def test_face_down_draws_the_back() -> None:
    back = back_svg(72)
    assert card_svg(None) == back
    assert card_svg("AS", face_down=True) == back
    root = _root(back)
    assert root.find(f"{SVG}title").text == BACK_NAME
    assert "Ace" not in back and "spades" not in back


def test_width_sets_size_and_keeps_card_proportions() -> None:
    small, big = _root(card_svg("7D", width=50)), _root(card_svg("7D", width=120))
    assert (small.get("width"), small.get("height")) == ("50", str(card_height(50)))
    assert (big.get("width"), big.get("height")) == ("120", "168")
    assert 1.38 < card_height(100) / 100 < 1.42
    assert _root(back_svg(90)).get("width") == "90"


def test_bad_width_or_card_is_refused() -> None:
    with pytest.raises(ValueError):
        card_svg("AS", width=0)
    with pytest.raises(ValueError):
        card_svg("ZZ")


def test_rendering_is_cached() -> None:
    assert card_svg("KH", width=64) is card_svg("KH", width=64)


def test_no_ids_so_many_cards_can_share_a_page() -> None:
    for card in ALL_CARDS + [None]:
        assert ' id="' not in card_svg(card)


def test_card_img_html_wraps_inline_svg() -> None:
    snippet = card_img_html("QS", 60)
    assert snippet.startswith("<span") and snippet.endswith("</span>")
    assert 'title="Queen of spades"' in snippet and card_svg("QS", width=60) in snippet
    assert BACK_NAME in card_img_html(None, 60)
    assert card_img_html("QS", 60, face_down=True).count(BACK_NAME) == 2
    ET.fromstring(snippet)  # well-formed, so ipywidgets.HTML shows it as is


def test_a_face_down_pile_is_one_group_a_reader_hears_once():
    """Seven backs are "7 cards face down" once, not "Face-down card" seven times (issue 38): the group is named,
    its pictures hidden from the reader; in Portuguese too; a pile's name comes first; an empty pile is nothing."""
    from widgets.card_svg import STOCK, backs_html, backs_words

    pile = backs_html(7, 30)
    group = ET.fromstring(pile)
    assert group.get("role") == "group" and group.get("aria-label") == "7 cards face down"
    assert [child.get("aria-hidden") for child in group] == ["true"] and pile.count('class="parlour-card-back"') == 7
    assert backs_html(23, 60, what="Stock", drawn=1).count('class="parlour-card-back"') == 1
    assert 'aria-label="Stock, 23 cards face down"' in backs_html(23, 60, what="Stock", drawn=1)
    assert backs_words(1) == "1 card face down" and backs_html(0) == ""
    assert backs_words(13, lang="pt") == "13 cartas viradas para baixo"
    assert backs_words(2, "Monte", lang="pt") == "Monte, 2 cartas viradas para baixo" and STOCK == "Stock"
