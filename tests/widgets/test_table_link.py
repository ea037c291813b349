"""The Python side of "Go to the table" and "Play now" (widgets/lesson.py, widgets/gallery.py).

The browser side (static/table_link.js) is proven in Chromium by tests/browser/test_table_link.py; here: the
link's words and address, and which table it goes to: the play table, the one deal links go to (a table
that deals at random), never a set practice deal.
"""

from __future__ import annotations

from widgets.gallery import TABLE_FRAGMENT
from widgets.games.jubilee_table import JubileeTable
from widgets.games.relogio_table import RelogioRealTable, RelogioTable
from widgets.lesson import TABLE_LINK_WORDS, TableLink, table_link


def test_the_link_speaks_the_lessons_language_and_goes_to_the_tables_fragment():
    assert table_link().label == "Go to the table" and table_link("pt").label == "Ir para a mesa"
    assert set(TABLE_LINK_WORDS) == {"en", "pt"}
    link = TableLink()
    assert link.fragment == TABLE_FRAGMENT == "#table"


def test_only_a_table_that_deals_at_random_is_the_one_to_go_to():
    assert "parlour-play-table" in JubileeTable(players=3, bot_delay=0)._dom_classes
    assert "parlour-play-table" not in JubileeTable(players=3, seed=5, bot_delay=0)._dom_classes  # a practice deal
    for clock in (RelogioTable(), RelogioRealTable()):  # Relógio's lesson has one of each: the first is gone to
        assert "parlour-play-table" in clock._dom_classes
