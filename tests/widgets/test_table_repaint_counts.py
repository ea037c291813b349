"""A bot's move changes one line of the log and the position: the table sends that, not everything again.

Counted, not timed: how many times the game is serialised for the browser's save over a deal
played with the bots' pauses running (as on a page), and how many log lines are drawn.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.widgets.test_autosave import FakeBrowser
from tests.widgets.test_turn_driver import settle
from tests.widgets.widget_tree import descendants
from widgets.autosave import TableSave
from widgets.games.jabberwocky_table import JabberwockyTable
from widgets.games.jubilee_table import JubileeTable
from widgets.games.klaberjass_table import KlaberjassTable
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


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[set[str]]]:
    """Every state message a widget sends to the page: the traits it carries, by the widget's comm."""
    import comm

    messages: dict[str, list[set[str]]] = {}

    def publish(self: Any, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None,
                **keys: Any) -> None:
        if msg_type == "comm_msg" and isinstance(data, dict) and data.get("method") == "update":
            messages.setdefault(self.comm_id, []).append(set(data.get("state", {})))
    monkeypatch.setattr(comm.DummyComm, "publish_msg", publish)
    return messages


@pytest.mark.parametrize("game", ["jabberwocky", "klaberjass"])
def test_a_turn_passing_repaints_each_bid_button_in_one_message(game, sent):
    """At a class table every seat's page repaints the bid buttons after every bid: a button whose state and
    reason both change (your turn, or no longer) is one message to the page, not one per trait."""
    table = JabberwockyTable(players=4, seed=3, bot_delay=0) if game == "jabberwocky" \
        else KlaberjassTable(seed=3, bot_delay=0)
    buttons = table.bid_buttons if isinstance(table.bid_buttons, list) else list(table.bid_buttons.values())
    view = table.game.view(table.human)
    assert view["current_player"] == table.human and view["legal"], "the deal opens on your bid"
    sent.clear()
    table._draw_bids({**view, "current_player": (table.human + 1) % table.players})  # another's turn to bid
    shown = [b for b in buttons if b.layout.display != "none"]
    assert all(b.disabled for b in shown)
    per_button = [sent.get(b.comm.comm_id, []) for b in shown]
    assert all(len(messages) == 1 for messages in per_button), per_button
    assert all({"disabled", "tooltip"} <= messages[0] for messages in per_button if messages)


def test_a_new_log_line_is_one_message_to_the_rows_however_many_move_up(sent):
    """Once the log is longer than its rows, every new line moves each row up one: the rows are sent as one
    message, not one per row (twelve to every seat's page after every move at a class table)."""
    from widgets.table_log import LOG_ROWS
    table = JubileeTable(players=3, bot_delay=0)
    log = table.log_panel
    lines = [{"text": f"Line {i} & more.", "rule": ""} for i in range(LOG_ROWS + 8)]
    log.show(lines[:-1])
    scroll = log.children[1]
    older = {id(w) for w in descendants(log.history)}  # the older lines: one block gets the line leaving the rows
    rows = {w.comm.comm_id for w in descendants(scroll) if id(w) not in older and getattr(w, "comm", None)}
    sent.clear()
    log.show(lines)
    to_rows = [m for comm_id in rows for m in sent.get(comm_id, [])]
    assert len(to_rows) == 1, to_rows
    shown = [row.children[1].value for row in table.log_rows]
    assert shown == [f"Line {i} &amp; more." for i in range(8, LOG_ROWS + 8)]


def test_the_face_down_cards_on_a_board_are_not_sent_as_pictures():
    """Each face-down card of the others' hands was its 2.4 kB picture inline in the board's HTML, sent again
    after every move (16-23 kB to every seat's page at a class table): the back is drawn by the page's stylesheet,
    sent once, and a back on the board is a box of its size."""
    from widgets.card_svg import backs_html, card_height
    from widgets.page_style import TABLE_CSS
    table = JabberwockyTable(players=4, seed=3, bot_delay=0)
    board = table.board.value
    assert board.count('title="Face-down card"') >= 9, "the others' hands are face down on the board"
    assert 'data-card="back"' not in board and "<svg" not in backs_html(13, 22)
    assert len(backs_html(13, 22)) < 13 * 250  # was 13 x 2.4 kB
    assert 'class="parlour-card-back" style="width:22px;height:%dpx"' % card_height(22) in backs_html(1, 22)
    rule = TABLE_CSS[TABLE_CSS.index(".parlour-card-back {"):]
    assert 'background: url("data:image/svg+xml,' in rule and "%231d3b6e" in rule.split("}")[0]  # the back's blue


@pytest.mark.parametrize("game", ["jabberwocky", "klaberjass"])
def test_a_hidden_bid_button_is_sent_nothing(game, sent):
    """The bid buttons a round does not offer are hidden: their tooltips still changed with every turn, a message
    for each to every seat's page at a class table. A hidden button is repainted when it is shown again."""
    table = JabberwockyTable(players=4, seed=3, bot_delay=0) if game == "jabberwocky" \
        else KlaberjassTable(seed=3, bot_delay=0)
    buttons = table.bid_buttons if isinstance(table.bid_buttons, list) else list(table.bid_buttons.values())
    view = table.game.view(table.human)
    hidden = [b for b in buttons if b.layout.display == "none"]
    assert hidden and view["current_player"] == table.human, "the deal opens on your bid, some buttons unused"
    sent.clear()
    table._draw_bids({**view, "current_player": (table.human + 1) % table.players})  # another's turn to bid
    assert not [sent[b.comm.comm_id] for b in hidden if b.comm.comm_id in sent]
    assert all(b.disabled for b in buttons if b.layout.display != "none")


def test_a_new_log_line_is_one_message_to_the_live_region(sent):
    """The reader's live region was emptied, then given the new lines: two messages to every page per move."""
    table = JubileeTable(players=3, bot_delay=0)
    log = table.log_panel
    log.show([{"text": "Deal 1.", "rule": ""}])
    sent.clear()
    log.show([{"text": "Deal 1.", "rule": ""}, {"text": "Ada passes.", "rule": ""}])
    assert len(sent.get(log.news.comm.comm_id, [])) == 1


@pytest.fixture
def custom(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """Every custom message a widget sends to the page (anywidget's ``send``), by the widget's comm."""
    import comm

    messages: dict[str, list[Any]] = {}
    original = comm.DummyComm.publish_msg

    def publish(self: Any, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None,
                **keys: Any) -> None:
        if msg_type == "comm_msg" and isinstance(data, dict) and data.get("method") == "custom":
            messages.setdefault(self.comm_id, []).append(data.get("content"))
        return original(self, msg_type, data, metadata, buffers, **keys)
    monkeypatch.setattr(comm.DummyComm, "publish_msg", publish)
    return messages


def test_the_face_up_cards_on_a_board_are_sent_once_each_not_with_every_repaint(custom, monkeypatch):
    """Each face-up card on the board (the trick, the turn-up) was its 2.5-3 kB SVG inline in the board's HTML, sent
    again after every move (a trick of four ~12 kB to every seat's page at a class table), and parsed again by the
    browser. The board names each card by a box; the page's card-face sheet gets each card's drawing once."""
    import re

    import widgets.card_faces
    from widgets.card_svg import card_name, face_svg
    monkeypatch.setattr(widgets.card_faces, "_shared", None)  # a new kernel's: it has sent the page nothing
    table = JabberwockyTable(players=4, seed=3, bot_delay=PAUSE)
    table.start(4, 3)
    boards = [table.board.value]
    for _ in range(6):
        if play_in_time(table, 1) == 0:
            break
        boards.append(table.board.value)
    faces = [key for board in boards for key in re.findall(r'class="parlour-card-face"[^>]*data-card="(\w+)"', board)]
    assert len(set(faces)) >= 6, "the trump and the tricks' cards were on the board"
    assert not any("<svg" in board for board in boards)
    sent = [key for content in custom.get(table.faces.comm.comm_id, []) for key in content["faces"]]
    assert len(sent) == len(set(sent)) and set(faces) <= set(sent), "each card shown was drawn for the page once"
    assert all(content["faces"][key] == face_svg(key) for content in custom[table.faces.comm.comm_id]
               for key in content["faces"])
    key = faces[-1]
    box = re.search(rf'<span class="parlour-card-img" title="([^"]*)"[^>]*><span class="parlour-card-face" '
                    rf'role="img" aria-label="([^"]*)" data-card="{key}"', boards[-1])
    assert box and box.group(1) == box.group(2) == card_name(key), "seen and heard as before: an image named by it"
    assert len(boards[-1].encode()) < 6000, "a board of a trick and the others' backs"


def test_a_page_that_starts_listening_is_sent_every_face_drawn_before(custom):
    """A page's card-face sheet starts after the kernel may have drawn cards (the kernel runs the lesson before the
    page listens): the page asks, and is sent them all."""
    from widgets.card_faces import CardFaces
    faces = CardFaces()
    faces.need("QS")
    faces.need("7D")
    faces.need("QS")
    assert [list(c["faces"]) for c in custom[faces.comm.comm_id]] == [["QS"], ["7D"]]
    faces._from_browser(faces, {"want": "all"}, [])
    assert sorted(custom[faces.comm.comm_id][-1]["faces"]) == ["7D", "QS"]
