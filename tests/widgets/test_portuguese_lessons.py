"""The Portuguese lessons and tables of the book's games (issue 36 items 3 and 4): Relógio, Relógio Real, El Gato
and Injun speak Portuguese through the catalog, and every lesson links to its other language.

Each sentence their lesson pieces and tables mark for the catalog has a Portuguese translation that fills no
field the English does not give; the catalog's block for them holds nothing those sources do not use; a lesson
written in two languages links each to the other, in Voilà, JupyterLab and on the static site alike.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine import i18n

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "engine/locale/pt/LC_MESSAGES/parlour.po"
SOURCES = [ROOT / "widgets" / name for name in (
    "quiz.py", "walkthrough.py", "games/relogio_table.py", "games/relogio_lesson.py", "games/el_gato_table.py",
    "games/el_gato_lesson.py", "games/injun_table.py", "games/injun_lesson.py", "games/jubilee_table.py",
    "games/rummy_table.py", "games/jabberwocky_table.py", "games/klaberjass_table.py", "games/kalooki_table.py")]
BLOCK = "# Relógio, Relógio Real, El Gato and Injun: their lessons and tables"
BOOK_GAMES = ("relogio", "relogio_real", "el_gato", "injun")


def fields(text: str) -> set[str]:
    return set(re.findall(r"\{[^{}]*\}", text))


def test_every_sentence_of_the_book_games_lessons_and_tables_reads_in_portuguese():
    messages = i18n.extract_messages(*SOURCES)
    assert len(messages) > 250
    pt = i18n.catalog("pt")
    same = {"Normal", "A 3, B 5", "Schmeiss"}  # words Portuguese writes as English does (Klaberjass's own)
    untranslated = [m for m in messages if pt.gettext(m) == m and m not in same]
    assert untranslated == []
    for m in messages:  # "the {nth} card" is "{n}ª carta": the number, not the English ordinal
        allowed = fields(m) | ({"{n}"} if "{nth}" in m else set())
        assert fields(pt.gettext(m)) <= allowed, m


@pytest.mark.parametrize("header, least", [(BLOCK, 250), ("# Jubilee's table in Portuguese", 15),
                                           ("# Basic Rummy's table in Portuguese", 60),
                                           ("# Jabberwocky's table in Portuguese", 40),
                                           ("# Klaberjass's table in Portuguese", 60),
                                           ("# Kalooki's table in Portuguese", 60)])
def test_the_block_of_the_book_games_keeps_no_unused_sentence(header, least):
    lines = PO.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    block = []
    for line in lines[start + 1:]:
        if line.startswith("# "):
            break
        if line.startswith('msgid "'):
            block.append(line[7:-1].replace('\\"', '"').replace("\\\\", "\\"))
    used = set(i18n.extract_messages(*SOURCES, ROOT / "widgets/table.py"))
    assert len(block) > least
    assert [m for m in block if m not in used] == []


@pytest.mark.parametrize("game_id", BOOK_GAMES)
def test_each_book_game_has_a_portuguese_lesson_that_plays_a_portuguese_table(game_id):
    """The lesson exists, and the table it shows is built in Portuguese."""
    path = ROOT / "lessons" / "pt" / f"{game_id}.ipynb"
    code = "".join("".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
                   if c["cell_type"] == "code")
    assert "LANG = 'pt'" in code and re.search(r"Table\((?:[^()]*, )?lang=LANG\)", code)


def test_a_lesson_links_to_its_other_language_on_every_front_end():
    from widgets.lesson import LanguageLink, lesson_href, other_languages

    english = other_languages("relogio").children
    assert [(c.label, c.lang, c.href) for c in english] == [("Português", "pt", "pt/relogio.ipynb")]
    portuguese = other_languages("relogio", "pt").children
    assert [(c.label, c.lang, c.href) for c in portuguese] == [("English", "en", "../relogio.ipynb")]
    assert all(isinstance(c, LanguageLink) for c in [*english, *portuguese])
    assert other_languages("rummy").children == ()  # no translation: no link
    # the static site runs a lesson in its REPL page, beside lessons/
    assert lesson_href("pt/relogio", "relogio", site=True) == "../lessons/pt/relogio.html"
    assert lesson_href("relogio", "pt/relogio", site=True) == "../lessons/relogio.html"


@pytest.mark.parametrize("path", sorted((ROOT / "lessons").rglob("*.ipynb")),
                         ids=lambda p: str(p.relative_to(ROOT / "lessons")))
def test_a_lesson_with_a_translation_shows_the_link_to_it(path):
    """Issue 36 item 4: each lesson links to its other language where it has one (its second cell)."""
    if path.name == "index.ipynb":
        pytest.skip("the gallery: its own links")
    lang = path.parent.name if path.parent.name != "lessons" else "en"
    others = [p for p in (ROOT / "lessons").rglob(f"{path.stem}.ipynb") if p != path]
    second = "".join(json.loads(path.read_text(encoding="utf-8"))["cells"][1]["source"])
    call = f'other_languages("{path.stem}"' + (f', "{lang}")' if lang != "en" else ")")
    assert (call in second) == bool(others), (path, second)


def test_the_portuguese_gallery_links_each_game_to_its_portuguese_lesson_or_says_it_is_english(tmp_path):
    """Issue 36 items 4 and 5: a Portuguese tile opens the Portuguese lesson where there is one; else the English
    lesson, named as English, with its Portuguese table where one exists (``pt/mesa_<id>``), and says which."""
    import engine
    from widgets.gallery import gallery_html, translated_tile

    page = gallery_html(lang="pt")
    for game_id in BOOK_GAMES + ("jubileu",):  # beside the gallery page lessons/pt/index.ipynb
        assert f'href="{game_id}.ipynb"' in translated_tile(game_id, engine.GAMES[game_id], "pt")
    rummy = translated_tile("rummy", engine.GAMES["rummy"], "pt")  # lessons/pt/mesa_rummy.ipynb: its table
    assert 'href="../rummy.ipynb"' in rummy and "A lição, em inglês" in rummy and "mesa_rummy.ipynb#table" in rummy
    (tmp_path / "rummy.ipynb").write_text("{}")  # an English lesson and no Portuguese table
    english_only = translated_tile("rummy", engine.GAMES["rummy"], "pt", tmp_path)
    assert "A lição, em inglês" in english_only and "ainda estão em inglês" in english_only
    for name in ("rummy.ipynb", "pt/mesa_rummy.ipynb"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("{}")
    with_table = translated_tile("rummy", engine.GAMES["rummy"], "pt", tmp_path)
    assert 'href="mesa_rummy.ipynb#table"' in with_table and "pode ser jogada em português" in with_table
    assert "Lição em breve" in translated_tile("rummy", engine.GAMES["rummy"], "pt", tmp_path / "pt")
    from widgets.gallery import tile  # the English gallery offers that table too, as it offers a translation

    english = tile("rummy", engine.GAMES["rummy"], tmp_path, lab=False)
    assert 'lang="pt" href="pt/mesa_rummy.ipynb">Rummy (Português)<' in english
    assert 'hreflang="en" href="../index.ipynb">English<' in page and "jogadores" in page and " players" not in page


def test_the_galleries_link_to_each_other_in_voila_and_on_the_static_site():
    from widgets.gallery import gallery_html, site_href_from

    assert 'hreflang="pt" href="pt/index.ipynb">Português<' in gallery_html(lab=False)
    site_en = gallery_html(lab=False, href=site_href_from("en"))
    site_pt = gallery_html(lab=False, href=site_href_from("pt"), lang="pt")
    assert 'href="pt/index.html"' in site_en and 'href="lessons/rummy.html"' in site_en
    assert 'href="../index.html"' in site_pt and 'href="../lessons/pt/relogio.html"' in site_pt
    assert 'href="../lessons/rummy.html"' in site_pt
