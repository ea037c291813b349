"""What a screen reader is given at a table (issue 38), in plain pytest: the log's new lines each put once in a
live region, the review's rows named as a list, the status line's text in a box the browser keeps as the live
region, and Escape closing the open panels. The browser side (static/focus_keeper.js marks the regions) is
checked in Chromium by tests/browser/test_accessibility.py."""

from __future__ import annotations

import re

import engine
from widgets.focus_keeper import FocusKeeper
from widgets.games.jubilee_table import JubileeTable
from widgets.games.jubileu_table import JubileuTable
from widgets.table_html import status_html
from widgets.table_log import NEWS


def table() -> JubileeTable:
    return JubileeTable(players=3, seed=5, bot_delay=0, match="single")


def test_each_new_log_line_goes_to_the_live_region_once():
    t = table()
    news = t.log_panel.news
    assert "parlour-log-news" in news._dom_classes and "parlour-sr-only" in news._dom_classes
    said: list[str] = []
    news.observe(lambda change: said.append(change["new"]), "value")
    before = len(t.log_lines())
    hint = engine.hint(t.game, 0)
    assert t.act(hint.action)  # your move, then the bots' moves, painted
    new_lines = t.log_lines()[before:]
    # each painting (your move, each bot's) put its own new lines there: every line once, in order
    told = "".join(re.sub(r'^<p data-said="\d+">', "<p>", value) for value in said)
    assert len(new_lines) > 1 and told == "".join(f"<p>{line}</p>" for line in new_lines)
    assert all(said) and len(set(said)) == len(said)  # never emptied: each painting is one new text
    assert all(said[i].count("<p>") <= NEWS for i in range(len(said)))
    heard = len(said)
    t.refresh()  # a repaint that adds no line says nothing
    assert len(said) == heard


def test_the_same_words_again_are_new_words_for_the_live_region():
    """ "Ada passes." after "Ada passes.": the region's text changes (a reader says it again) in one message, not
    by emptying the region first (two messages to every page)."""
    log = table().log_panel
    said: list[str] = []
    log.news.observe(lambda change: said.append(change["new"]), "value")
    events = [{"text": "Deal 1.", "rule": ""}, {"text": "Ada passes.", "rule": ""}, {"text": "Ada passes.", "rule": ""}]
    log.show(events[:1])
    log.show(events[:2])
    log.show(events)
    assert len(said) == 3 and len(set(said)) == 3 and said[1].endswith(">Ada passes.</p>") and said[2] != said[1]
    assert [re.sub(r"<[^>]+>", "", value) for value in said] == ["Deal 1.", "Ada passes.", "Ada passes."]


def test_the_status_line_is_plain_text_in_its_live_box():
    """The widget's box is the live region (marked in the browser); a region made anew with each text, as the
    old ``role='status'`` div was, is not read out by every screen reader."""
    assert status_html("<b>Your turn.</b>") == "<div><b>Your turn.</b></div>"
    assert "parlour-status" in table().status._dom_classes


def test_the_review_rows_are_a_named_list_in_the_tables_language():
    assert table().review.rows.description == "Your decisions"
    assert JubileuTable(players=4, seed=5, bot_delay=0, lang="pt").review.rows.description == "As suas decisões"


def test_escape_closes_the_open_panels_and_changes_no_game():
    t = table()
    t.settings_button.value = True
    t.show_hint()
    t.log_panel.rows[0].children[0].click()  # Why? on the first line
    assert t.hint_panel.layout.display == "" and t.log_panel.why_panel.value
    history = list(t.game.history)
    t.focus_keeper.escape()
    assert t.settings_panel.layout.display == "none" and not t.settings_button.value
    assert t.hint_panel.layout.display == "none" and t.hint_panel.value == ""
    assert not any(t.hand.items[i]["selected"] for i in range(len(t.hand.items)))  # the hinted card sits down
    assert t.log_panel.why_panel.value == "" and t.game.history == history
    t.show_hint()  # Hint opens it again
    assert t.hint_panel.layout.display == ""


def test_escape_closes_the_review():
    t = table()
    while not t.game.is_over:
        assert t.act(engine.hint(t.game, 0).action)
    t.review.show_review()
    assert t.review.body.layout.display == ""
    t.focus_keeper.escape()
    assert t.review.body.layout.display == "none"


def test_a_keeper_alone_ignores_other_messages():
    keeper = FocusKeeper()
    closed: list[int] = []
    keeper.on_escape = lambda: closed.append(1)
    keeper._handle_custom_msg({"type": "other"}, [])
    keeper._handle_custom_msg("escape", [])
    assert closed == []
    keeper.escape()
    assert closed == [1]
