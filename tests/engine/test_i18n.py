"""Translations (issue 11): Python's gettext reads a compiled catalog per language; every Jubileu sentence has a
Portuguese translation, the compiled .mo says exactly what its .po says, and lang="pt" changes what the
engine and the table show."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest

import engine
from engine import i18n

ROOT = Path(__file__).resolve().parents[2]
JUBILEU_SOURCES = [ROOT / "engine/games/jubileu.py", ROOT / "engine/games/jubileu_ai.py",
                   ROOT / "widgets/games/jubileu_table.py", ROOT / "widgets/games/jubileu_lesson.py"]
PO = ROOT / "engine/locale/pt/LC_MESSAGES/parlour.po"
MO = PO.with_suffix(".mo")


def fields(text: str) -> set[str]:
    return set(re.findall(r"\{[^{}]*\}", text))


def test_every_jubileu_sentence_has_a_portuguese_translation_with_the_same_fields():
    messages = i18n.extract_messages(*JUBILEU_SOURCES)
    assert len(messages) > 150 and "{who} plays {card}." in messages
    pt = i18n.catalog("pt")
    untranslated = [m for m in messages if pt.gettext(m) == m and m not in ("Espirra!",)]
    assert untranslated == []
    for m in messages:
        assert fields(pt.gettext(m)) == fields(m), m


def test_the_compiled_catalog_matches_its_source():
    """The .mo is what Python's gettext reads at run time; it must say exactly what the .po says."""
    from babel.messages.pofile import read_po  # only the test needs Babel; the runtime needs gettext alone
    with PO.open("rb") as f:
        po = {m.id: m.string for m in read_po(f) if m.id}
    with MO.open("rb") as f:
        mo = gettext.GNUTranslations(f)
    compiled = {k: v for k, v in mo._catalog.items() if k}  # type: ignore[attr-defined]
    assert compiled == po
    assert all(not m.fuzzy for m in read_po(PO.open("rb")) if m.id)


def test_english_is_the_source_and_an_unknown_language_is_refused():
    assert i18n.say("en", "{who} plays {card}.", who="Ada", card="7♥") == "Ada plays 7♥."
    assert i18n.say("pt", "{who} plays {card}.", who="Ada", card="7♥") == "Ada joga 7♥."
    assert i18n.translator("pt")("spades") == "espadas"
    with pytest.raises(ValueError, match="no translation for language 'fr'"):
        i18n.catalog("fr")


def test_the_engine_speaks_portuguese_when_asked():
    g = engine.new_game("jubileu", seed=3, lang="pt", first_dealer=3, names=["Você", "Ada", "Ben", "Cleo"])
    assert g.events[0].text.startswith("Mão 1: Cleo dá 13 cartas")
    assert g.rule_text("jubileu.overcall").startswith("Uma nova declaração tem de ser de nível mais alto")
    g.apply("bid solo-8")
    with pytest.raises(engine.IllegalAction, match="Meia Miséria não pode vir depois de Solo Oito: no nível 5 "
                       "prevalece a primeira declaração anunciada"):
        g.apply("bid meia-miseria")
    assert g.events[-1].text == "Você declara Solo Oito (nível 5, 3 fichas)."


def test_the_table_in_portuguese_changes_what_it_shows():
    from widgets.games.jubileu_table import JubileuTable
    en = JubileuTable(seed=5, bot_delay=0)
    pt = JubileuTable(seed=5, bot_delay=0, lang="pt")
    assert en.game.history == pt.game.history                 # the same deal and the same bots …
    assert "Auction" in en.auction_html.value and "Leilão" in pt.auction_html.value   # … in another language
    assert (en.pass_button.description, pt.pass_button.description) == ("Pass", "Passo")
    assert pt.names[0] == "Você" and "<b>A sua vez.</b>" in pt.status.value
    assert pt.ladder_buttons["jubileu"].tooltip.startswith("Jubileu não pode vir depois de")
    assert pt.log_lines()[-1].startswith("Cleo declara") and "Sentido anti-horário" in pt.board.value
    assert (pt.hint_button.description, pt.undo_button.description, pt.new_button.description) == (
        "Dica", "Desfazer", "Nova mão")
    assert pt.log_rows[0].children[0].description == "Por quê?"
    hint = pt.show_hint()
    assert hint is not None and "distribuições" in pt.hint_panel.value and "Jogada" in pt.hint_panel.value
    pt.explain_log_row(0)
    assert "regra:" in pt.why_panel.value
