"""The table stylesheet reaches a page once: every table, picture and walkthrough shows the same style model."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import ipywidgets as w
import pytest

from widgets.games.jubilee_lesson import walkthrough
from widgets.games.jubilee_table import JubileeTable
from widgets.games.kalooki_lesson import meld_check
from widgets.lesson import show_cards
from widgets.page_style import TABLE_CSS, TABLE_CSS_FILE, Picture, table_style

from .widget_tree import descendants

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("bench_page_state", ROOT / "bench" / "bench_page_state.py")
assert _spec and _spec.loader
page_state = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(page_state)


def html_values(widget: w.Widget) -> list[str]:
    found = [widget.value] if isinstance(widget, w.HTML) else []
    for child in getattr(widget, "children", ()):
        found += html_values(child)
    return found


def test_the_stylesheet_lives_in_static_and_is_the_one_sent():
    assert TABLE_CSS_FILE.parent.name == "static" and TABLE_CSS_FILE.suffix == ".css"
    assert TABLE_CSS_FILE.read_text(encoding="utf-8") in TABLE_CSS and page_state.CSS_MARK in TABLE_CSS


@pytest.mark.parametrize("lesson", ["jubilee.ipynb", "kalooki.ipynb", "pt/jubileu.ipynb"])
def test_a_rendered_lesson_carries_the_table_css_once(lesson):
    """Each picture embedded the 5 KB stylesheet: Kalooki's page carried it ten times."""
    page = page_state.measure(ROOT / "lessons" / lesson)
    assert page["models"] > 100, "the lesson ran and made its widgets"
    assert page["table_css"] == 1, f"{lesson} sends the table CSS {page['table_css']} times"


def test_two_tables_pictures_and_a_walkthrough_share_one_style_model():
    tables = [JubileeTable(players=3, seed=1), JubileeTable(players=3, seed=2)]
    pictures: list[w.Widget] = [show_cards(["QS", "JK"], "Two cards"), meld_check("7H 7S 7D")]
    steps = walkthrough()
    assert {id(t.style_html) for t in tables} == {id(table_style())}
    assert all(any(d is table_style() for d in descendants(p)) for p in [*pictures, steps])
    steps.next()
    steps.next()  # a step repaints the board: its HTML carries no stylesheet
    for widget in [*tables, *pictures, steps]:
        copies = sum(v.count(page_state.CSS_MARK) for v in html_values(widget))
        assert copies == 1, "the only copy is the shared style widget's"


def test_a_picture_reads_and_sets_its_html_and_a_closed_style_is_made_again():
    picture = Picture("<b>hello</b>")
    assert picture.value == "<b>hello</b>"
    picture.value = "<i>there</i>"
    assert picture.body.value == "<i>there</i>" and TABLE_CSS not in picture.value
    style = table_style()
    style.close()
    assert table_style() is not style and table_style().value == TABLE_CSS
