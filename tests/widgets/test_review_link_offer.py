"""The review panel offers only a link that opens (issue 32, item 8): a match whose moves are more than a page's
address carries gets no "Copy review link", and the review says why, in the table's language."""

from __future__ import annotations

import pytest

import engine.review_link
from widgets.games.jubilee_table import JubileeTable
from widgets.games.jubileu_table import JubileuTable
from widgets.table import Table

from .test_review_panel import play_worst


def finished(lang: str) -> Table:
    table: Table = JubileeTable(players=3, seed=5, bot_delay=0, match="single") if lang == "en" else \
        JubileuTable(seed=4, bot_delay=0, lang=lang, deals=1)
    play_worst(table)
    return table


@pytest.mark.parametrize("lang, words", [("en", "This review has no link"), ("pt", "Esta revisão não tem link")])
def test_a_review_too_long_for_a_link_hides_the_button_and_says_why(monkeypatch: pytest.MonkeyPatch, lang: str,
                                                                    words: str) -> None:
    table = finished(lang)
    table.review.show_review()
    assert table.review.copy_link.layout.display == "" and table.review.copy_link.query
    assert words not in table.review.summary_html.value
    monkeypatch.setattr(engine.review_link, "MAX_LENGTH", 10)  # this match's moves take more than that
    table = finished(lang)
    table.review.show_review()
    assert table.review.copy_link.layout.display == "none" and table.review.copy_link.query == ""
    assert words in table.review.summary_html.value
