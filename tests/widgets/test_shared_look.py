"""Plain layouts and styles are shared, one model each, and a shared one can never be changed by accident.

A page opens only when the browser has built every widget model; each widget's own plain Layout and
style were most of a lesson's models (Relógio's page: 970 models, 596 of them layouts and styles).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import ipywidgets as w
import pytest

import widgets  # noqa: F401  (installs the shared looks, as every lesson's first import does)
from widgets.games.relogio_table import RelogioTable
from widgets.shared_look import set_layout, set_style, shared_layout

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("bench_page_state", ROOT / "bench" / "bench_page_state.py")
assert _spec and _spec.loader
page_state = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(page_state)


def test_plain_widgets_share_one_layout_and_one_style_of_each_kind():
    a, b = w.HTML("a"), w.HTML("b")
    c, d = w.Button(description="c"), w.Button(description="d")
    assert a.layout is b.layout is c.layout is w.VBox([a, c]).layout
    assert a.style is b.style and c.style is d.style and a.style is not c.style
    assert a.layout.model_id == c.layout.model_id, "one model in the browser, not one per widget"


def test_layouts_with_the_same_values_are_one_model():
    first = w.Button(layout=shared_layout(width="auto"))
    second = w.HTML(layout=shared_layout(width="auto"))
    other = w.HTML(layout=shared_layout(width="auto", display="none"))
    assert first.layout is second.layout and first.layout is not other.layout
    assert second.layout.width == "auto" and other.layout.display == "none"


def test_changing_a_shared_look_directly_is_refused_and_changes_nothing():
    hidden, shown = w.HTML(layout=shared_layout(display="none")), w.HTML(layout=shared_layout(display="none"))
    with pytest.raises(AttributeError, match="'display' cannot change here.*set_layout"):
        hidden.layout.display = ""
    assert hidden.layout.display == shown.layout.display == "none"
    button = w.Button()
    with pytest.raises(AttributeError, match="'button_color' cannot change here"):
        button.style.button_color = "red"
    assert button.style.button_color is None


def test_set_layout_gives_that_widget_alone_a_copy_with_its_values():
    one, two = w.Button(layout=shared_layout(width="auto")), w.Button(layout=shared_layout(width="auto"))
    set_layout(one, display="none")
    assert (one.layout.display, one.layout.width) == ("none", "auto"), "the shared values are kept"
    assert two.layout.display is None and two.layout is shared_layout(width="auto")
    own = one.layout
    set_layout(one, display="")
    assert one.layout is own and one.layout.display == "", "an own layout changes in place"


def test_set_layout_keeps_the_shared_look_when_nothing_changes():
    row = w.HBox([], layout=shared_layout(display="none"))
    set_layout(row, display="none")
    assert row.layout is shared_layout(display="none")


def test_set_style_copies_the_style_of_that_widget_alone():
    one, two = w.Dropdown(options=["a"]), w.Dropdown(options=["a"])
    set_style(one, description_width="44px")
    assert one.style.description_width == "44px" and two.style.description_width == ""


def test_a_closed_shared_look_is_made_again():
    plain = w.HTML().layout
    w.Widget.close_all()
    fresh = w.HTML()
    assert fresh.layout is not plain and fresh.layout.comm is not None


def test_a_table_still_hides_and_shows_its_parts():
    """The table's hint panel opens on its own copy: the widgets that shared its hidden look stay hidden."""
    table = RelogioTable(seed=3)
    hidden = table.hint_panel.layout
    assert hidden is shared_layout(display="none") and table.toolbar.link_notice.layout is hidden
    table.hint_button.click()
    assert table.hint_panel.layout.display == "" and table.hint_panel.layout is not hidden
    assert hidden.display == "none" and table.toolbar.link_notice.layout.display == "none"
    assert table.end_panel.layout.display == "none", "another panel did not change with it"


def test_a_lesson_with_two_tables_sends_half_the_models_it_did():
    """Relógio's page (a Relógio and a Relógio Real table, walkthroughs and checks) held 970 models."""
    page = page_state.measure(ROOT / "lessons" / "relogio.ipynb")
    assert 100 < page["models"] < 485, page
