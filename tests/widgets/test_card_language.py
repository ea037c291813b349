"""Cards in the reader's language (issue 36 item 2): on a Portuguese page every card picture's title, tooltip
and spoken label names the card in Portuguese, in seed 001's terms (Ás, Rei, Dama, Valete; espadas, copas,
ouros, paus; Curinga), at the table and in the lesson alike; English pages name them as before."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from engine.cards import Card, SUIT_NAMES, double_52_with_jokers, parse_card, spanish_40
from tests.widgets.test_card_surface import ESM, HARNESS
from tests.widgets.test_table_language import _words, english_only_words, visible_strings
from widgets.card_surface import CardRow, card_item
from widgets.card_svg import BACK_NAME, card_img_html, card_name, card_svg

PORTUGUESE_CARD = re.compile(r"^(?:(?:Ás|Rei|Dama|Valete|[2-9]|10) de (?:espadas|copas|ouros|paus)|Curinga"
                             r"|Carta virada para baixo)$")
#: English words a card's name may carry: none of them belongs on a Portuguese page
CARD_ENGLISH = {"ace", "king", "queen", "jack", "of", "spades", "hearts", "diamonds", "clubs", "joker", "card",
                "selected"}


def _titles(html: str) -> list[str]:
    """Every name a picture gives its card: the ``<title>`` of each SVG and each ``title=""`` tooltip."""
    return re.findall(r"<title>([^<]*)</title>", html) + re.findall(r'\btitle="([^"]*)"', html)


def test_every_card_has_its_portuguese_name_in_the_seed_books_terms():
    names = {str(c): card_name(c, "pt") for c in set(double_52_with_jokers())}
    assert names["AS"] == "Ás de espadas" and names["QH"] == "Dama de copas" and names["JD"] == "Valete de ouros"
    assert names["KC"] == "Rei de paus" and names["10H"] == "10 de copas" and names["JK"] == "Curinga"
    assert all(PORTUGUESE_CARD.match(n) for n in names.values()), names
    assert card_name(None, "pt") == "Carta virada para baixo"
    assert card_name("5Or", "pt") == Card(5, "Or").name  # El Gato's Spanish pack keeps its Spanish names


def test_english_names_and_pictures_are_unchanged():
    for c in set(double_52_with_jokers()) | set(spanish_40()):
        assert card_name(c, "en") == c.name
        assert card_img_html(c, 40) == card_img_html(c, 40, lang="en") == card_img_html(c, 40, name=c.name)
        assert card_svg(c, width=40, lang="en") == card_svg(c, width=40)
    assert card_name(None) == BACK_NAME and card_item("QS") == card_item("QS", lang="en")
    assert CardRow(["QS"]).selected_word == "selected"


def test_a_portuguese_picture_names_its_card_in_its_title_and_tooltip():
    snippet = card_img_html("QS", 48, lang="pt")
    assert _titles(snippet) == ["Dama de espadas", "Dama de espadas"]
    assert _titles(card_img_html("QS", 48, face_down=True, lang="pt")) == ["Carta virada para baixo"] * 2
    assert _titles(card_svg("KC", width=30, lang="pt")) == ["Rei de paus"]


def test_a_portuguese_table_names_its_cards_in_portuguese_everywhere():
    from widgets.games.jubileu_table import JubileuTable

    table = JubileuTable(seed=5, bot_delay=0, lang="pt")
    foreign = english_only_words("pt") | CARD_ENGLISH
    phases, selected = set(), 0
    for _ in range(16):  # through the auction into the play: the hand, the trick and the last trick drawn
        hint = table.show_hint()
        assert hint is not None
        hand = table.hand
        phases.add(table.game.view(0)["phase"])
        selected += sum(item["selected"] for item in hand.items)
        assert hand.selected_word == "selecionada" and hand.label == "As suas cartas"
        for item in hand.items:
            assert PORTUGUESE_CARD.match(item["name"]), item["name"]
            assert _titles(item["svg"]) == [item["name"]]
            assert not _words(item["tooltip"]) & foreign, item["tooltip"]
        shown = list(visible_strings(table))
        pictures = [name for text in _html_of(table) for name in _titles(text)]
        assert all(PORTUGUESE_CARD.match(n) or not _words(n) & foreign for n in pictures), pictures
        assert not {t for t in shown if _words(t) & CARD_ENGLISH}, [t for t in shown if _words(t) & CARD_ENGLISH]
        if table.game.is_over:
            break
        table.act(hint.action)
    assert {"auction", "play"} <= phases and selected  # the hinted card was shown selected
    table.hand.card_width = 60  # a narrow screen redraws the hand: the titles stay Portuguese
    assert all(_titles(i["svg"]) == [i["name"]] and PORTUGUESE_CARD.match(i["name"]) for i in table.hand.items)


def _html_of(widget) -> list[str]:
    """The raw HTML of every HTML widget in a tree (titles included, tags kept)."""
    import ipywidgets as w

    found, todo = [], [widget]
    while todo:
        node = todo.pop()
        if isinstance(node, (w.HTML, w.HTMLMath)):
            found.append(node.value)
        todo.extend(getattr(node, "children", ()))
    return found


def test_the_portuguese_lesson_pictures_and_card_check_name_cards_in_portuguese():
    from widgets.games import jubileu_lesson as lesson

    pictures = [lesson.deal_html(lesson.demo_deal("pt"), "pt").value]
    walk = lesson.espirra_walkthrough("pt")
    for _ in range(len(lesson.ESPIRRA_MOVES) + 1):
        pictures.append(walk.board.value)
        walk.next_button.click()
    names = [n for html in pictures for n in _titles(html)]
    assert len(names) > 60 and all(PORTUGUESE_CARD.match(n) for n in names), sorted(set(names))
    assert (walk.back_button.tooltip, walk.next_button.tooltip) == ("A jogada anterior", "A próxima jogada")

    quiz = lesson.call_check("pt")
    assert quiz.row.label == "Cartas para escolher" and "Check" not in quiz.question.value
    assert [i["name"] for i in quiz.row.items] == ["Ás de espadas", "Ás de copas", "Ás de ouros", "Ás de paus"]
    quiz.pick(1)
    assert "Ainda há 1 para encontrar." in quiz.feedback.value
    quiz.pick(2)
    assert "Você encontrou todas!" in quiz.feedback.value
    english = lesson.call_check("en")
    assert english.row.label == "Cards to choose from" and english.row.items[0]["name"] == "Ace of spades"


@pytest.mark.skipif(not shutil.which("node"), reason="Node.js is not installed; the browser tests cover it")
def test_the_spoken_label_of_a_selected_card_is_in_the_rows_language(tmp_path: Path):
    """The ES module itself: "Dama de espadas, selecionada", and a refused card's reason after it."""
    row = CardRow(lang="pt", label="As suas cartas")
    row.show(["QS", "AH", "10C", None], playable=[True, True, False, True], selected=[True, False, False, False],
             tooltips=["", "", "Tem de seguir o naipe", ""])
    (tmp_path / "card_surface.mjs").write_text(ESM.read_text())
    (tmp_path / "harness.mjs").write_text(HARNESS)
    state = {k: v for k, v in row.get_state().items() if not k.startswith("_")}
    proc = subprocess.run([str(shutil.which("node")), str(tmp_path / "harness.mjs"), json.dumps(state),
                           (tmp_path / "card_surface.mjs").as_uri()], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    first = json.loads(proc.stdout)["first"]
    assert [c["label"] for c in first] == ["Dama de espadas, selecionada, pode jogar", "Ás de copas, pode jogar",
                                           "10 de paus: Tem de seguir o naipe", "Carta virada para baixo, pode jogar"]
    assert first[0]["title"] == "Dama de espadas"


def test_suit_words_come_from_the_seed():
    """The catalog's suits are the seed book's (001: "Ás de Espadas, Ouros e Copas ... Ás de Paus")."""
    seed = next(Path(__file__).resolve().parents[3].glob("shared/seeds/001_*.txt"), None)
    if seed is None:
        pytest.skip("the seed texts are not beside the repository")
    text = seed.read_text(encoding="utf-8").lower()
    for suit in "SHDC":
        assert card_name(parse_card(f"A{suit}"), "pt").split(" de ")[1] in text, SUIT_NAMES[suit]
    for rank in ("ás", "rei", "dama", "valete", "curinga"):
        assert rank in text
