"""A bot's move changes one line of the log and the position: the table sends that, not everything again.

Counted, not timed: how many times the game is serialised for the browser's save over a deal
played with the bots' pauses running (as on a page), and how many log lines are drawn.
"""

from __future__ import annotations

import asyncio

import pytest

from tests.widgets.test_autosave import FakeBrowser
from tests.widgets.test_turn_driver import settle
from widgets.autosave import TableSave
from widgets.games.jabberwocky_table import JabberwockyTable
from widgets.games.jubilee_table import JubileeTable
from widgets.table import Table

PAUSE = 0.002  # the bots' pause: every bot move is its own step on the event loop, painted on its own


def play_in_time(table: Table, moves: int) -> int:
    """Make up to ``moves`` of the learner's moves, the bots answering in time; how many were made."""
    made = 0

    async def main() -> None:
        nonlocal made
        await settle(table)
        while made < moves and not table.game.is_over:
            legal = table.game.view(table.human)["legal"]
            assert legal, "at rest, the table waits for the learner"
            assert table.act(str(legal[0]))
            made += 1
            await settle(table)

    asyncio.run(main())
    return made


@pytest.fixture
def saves(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every save serialised for the browser."""
    made: list[str] = []
    original = TableSave.to_text

    def counted(self: TableSave) -> str:
        made.append(self.game_id)
        return original(self)
    monkeypatch.setattr(TableSave, "to_text", counted)
    return made


def test_the_save_is_serialised_when_you_move_and_when_the_bots_stop_not_after_each_bot_move(saves):
    table = JabberwockyTable(players=5, bot_delay=PAUSE, rounds="short")
    browser = FakeBrowser(table)
    table.start(5, 11)
    mine = play_in_time(table, 10)
    moves = len(table.game.history)
    assert mine >= 5 and moves >= 3 * mine, "the bots moved far more often than the learner"
    assert len(saves) <= 2 * mine + 1, f"{len(saves)} saves for {mine} moves of yours among {moves}"
    if not table.game.is_over:  # what the browser keeps is the game as it stands
        assert browser.stored == TableSave("jabberwocky", table.level_box.value, table.game.to_json()).to_text()


def test_repainting_an_unchanged_table_serialises_nothing(saves):
    table = JubileeTable(players=3, bot_delay=0)
    FakeBrowser(table)
    table.start(3, 5)
    table.act(str(table.game.view(0)["legal"][0]))
    before = len(saves)
    for _ in range(5):
        table.refresh()
    assert len(saves) == before


def test_each_log_line_is_drawn_once_as_the_game_goes_on(monkeypatch):
    """Every repaint escaped and joined the whole log again: O(moves²) over a long game."""
    import widgets.table_html as table_html
    import widgets.table_log as table_log
    drawn: list[str] = []
    original = table_html.log_line_html

    def counted(text: str) -> str:
        drawn.append(text)
        return original(text)
    monkeypatch.setattr(table_log, "log_line_html", counted)
    table = JubileeTable(players=4, bot_delay=PAUSE)
    table.start(4, 3)
    play_in_time(table, 20)
    older = len(table.log_lines()) - table_log.LOG_ROWS
    assert older > 40, "the log grew past its rows"
    assert len(drawn) == older, f"{len(drawn)} older lines drawn for {older}"
    assert table.log_history.value == "".join(original(line) for line in table.log_lines()[:older])
    table.undo()  # not a continuation: the log is drawn again, and still reads right
    older = len(table.log_lines()) - table_log.LOG_ROWS
    assert table.log_history.value == "".join(original(line) for line in table.log_lines()[:older])


def test_a_review_looking_back_at_a_decision_sends_no_save():
    """The review switches the save off while it shows a past position: the composed panel must hear it."""
    from tests.widgets.test_review_panel import play_worst
    table = JubileeTable(players=3, bot_delay=0, match="single")
    browser = FakeBrowser(table)
    table.start(3, 5)
    play_worst(table)
    panel = table.review
    review = panel.show_review()
    sent = len(browser.messages)
    panel.rows.value = 3
    entry = review.entries[3]
    assert table.game.current_player == table.human
    table.act(entry.best)  # a move at the decision looked at: played on, never kept as your game
    assert len(browser.messages) == sent, browser.messages[sent:]
    panel.back()
    assert table.autosave is not None and table.game.is_over
