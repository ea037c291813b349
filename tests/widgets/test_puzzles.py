"""The puzzles on the page (widgets/puzzles.py, widgets/puzzle_store.py), driven in plain pytest: the store kept
in the browser (versioned; a damaged or foreign one set aside with one line; 1,000 puzzles under 1 MB; a reload
keeps the schedule and the progress), puzzles added when a deal of yours ends, "Puzzles due: N", solving (right,
wrong then one more try, wrong twice), "More", "Replay all my failed puzzles", and "Play it out" on the table."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest

import engine
from engine import puzzles, srs
from tests.engine import jabberwocky_helpers as jh
from widgets.games.jubilee_table import JubileeTable
from widgets.puzzle_store import DROPPED, FORMAT, MOST_DEALS, Store, read_store
from widgets.puzzles import PuzzlePanel, move_label, position_html

NOW = datetime(2026, 11, 28, 8, 0, tzinfo=timezone.utc)
HANDS = ["6C KC 3S 4H", "AD KD AS AH", "QS JH 9C 8D", "7S 7H 2C 4D"]


def bid_puzzle() -> dict[str, Any]:
    """Seat 1's bid on three Aces and the King of trumps, where bidding nothing was a blunder."""
    game = jh.stacked_round(HANDS, "3D", dealer=3)
    jh.play_all(game, "b0")
    puzzle = puzzles.puzzle_for_view("jabberwocky", game.view(1), "bid 0", "blunder")
    assert puzzle is not None
    return puzzle


@pytest.fixture(scope="module")
def puzzle() -> dict[str, Any]:
    return bid_puzzle()


class Browser:
    """The browser's side of the keeper: what localStorage holds, and the reports a page load makes."""

    def __init__(self, text: str | None = None) -> None:
        self.text = text

    def load(self, panel: PuzzlePanel) -> PuzzlePanel:
        panel.keeper.send = self.keep  # type: ignore[method-assign]
        panel.keeper._from_browser(None, {"event": "stored", "storage": True, "text": self.text}, None)
        return panel

    def keep(self, content: dict[str, Any], buffers: Any = None) -> None:
        assert content["event"] == "keep"
        self.text = content["text"]


def record() -> dict[str, Any]:
    return {"v": 1, "kind": "parlour-deal", "game": "jabberwocky", "when": NOW.isoformat(), "decisions": 4,
            "good": 3, "mistakes": [{"kind": "bidding", "verdict": "blunder", "reason": "why"}]}


def test_the_store_round_trip_and_what_it_sets_aside(puzzle: dict[str, Any]) -> None:
    store = Store()
    assert store.add([puzzle, puzzle], NOW) == 1
    again, problem = read_store(store.text())
    assert problem is None and again.entries[puzzle["id"]].puzzle == puzzle
    assert json.loads(store.text())["format"] == FORMAT and json.loads(store.text())["v"] == 1
    for bad in ("{not json", json.dumps({"format": "other", "v": 1, "chunks": [], "state": ""}),
                json.dumps({"format": FORMAT, "v": 2, "chunks": [], "state": ""}), json.dumps([1, 2]),
                json.dumps({"format": FORMAT, "v": 1, "chunks": [], "state": "damaged"})):
        empty, problem = read_store(bad)
        assert problem == DROPPED and not empty.entries
    # a damaged chunk loses its puzzles alone
    data = json.loads(store.text())
    data["chunks"].insert(0, "!!not packed")
    kept, problem = read_store(json.dumps(data))
    assert problem is None and list(kept.entries) == [puzzle["id"]]


def positions(count: int) -> list[dict[str, Any]]:
    """``count`` different views of a seat to choose, from seeded games of every game with decisions played at
    random (Jubileu's, with its bid ladder, the biggest)."""
    views: list[dict[str, Any]] = []
    games = [g for g, cls in engine.GAMES.items() if cls.has_choices]
    rng = random.Random("puzzle store size")
    while len(views) < count:
        game_id = games[len(views) % len(games)]
        game = engine.new_game(game_id, seed=rng.getrandbits(32), **engine.GAMES[game_id].short_match)
        for _ in range(rng.randint(3, 40)):
            if game.is_over:
                break
            game.apply(str(rng.choice(game.legal_actions(game.current_player))), game.current_player)
        if not game.is_over:
            views.append(game.view(game.current_player))
    return views


def test_a_thousand_puzzles_with_their_records_stay_under_a_megabyte(puzzle: dict[str, Any]) -> None:
    """200 different positions of every game, each in five puzzles (never twice in one packed chunk)."""
    store = Store()
    views = positions(200)
    for i in range(1000):
        view = views[i % len(views)]
        store.add([{**puzzle, "id": f"p{i:04d}", "game": view["game"], "view": view}], NOW + timedelta(seconds=i),
                  {f"p{i:04d}": {"setup": {"players": 3, "seed": i, "names": ["You", "Ada", "Bo"]}, "moves": "x" * 40}})
    for i in range(1000):
        store.answered(f"p{i:04d}", i % 3 != 0, 1 + i % 2, NOW + timedelta(days=1, seconds=i), 12.0)
    for i in range(MOST_DEALS):
        store.deal_played({**record(), "when": (NOW + timedelta(hours=i)).isoformat()})
    text = store.text()
    assert len(text.encode()) < 1_000_000, len(text.encode())
    again, problem = read_store(text)
    assert problem is None and len(again.entries) == 1000 and len(again.attempts) == 1000
    assert again.entries["p0999"] == store.entries["p0999"]


def test_due_count_solving_and_a_reload(puzzle: dict[str, Any]) -> None:
    browser = Browser()
    panel = browser.load(PuzzlePanel())
    assert "Puzzles due: 0" in panel.due_html.value and panel.due_button.disabled
    assert panel.add([puzzle], {}, record()) == 1
    assert "Puzzles due: 1" in panel.due_html.value and browser.text is not None
    panel.start_due()
    assert panel.solving.layout.display == "" and "What do you play?" in panel.question_html.value
    assert [b.description for b in panel.moves_box.children] == [move_label(m) for m in puzzle["moves"]]
    assert "Your hand" in panel.position_html.value
    wrong = next(m for m in puzzle["moves"] if m != puzzle["answer"])
    assert panel.choose(wrong) == "again"
    assert "Not the best" in panel.verdict_html.value and "One more try" in panel.verdict_html.value
    assert puzzle["reasons"][wrong] and puzzle["reasons"][wrong] in panel.verdict_html.value
    assert panel.more_button.layout.display == "none", "the figures only once the puzzle is answered"
    assert panel.choose(puzzle["answer"]) == "solved"
    assert "Yes" in panel.verdict_html.value
    panel.toggle_more()
    assert all(words in panel.more_html.value for _, words in puzzles.figure_words(puzzle))
    schedule = panel.store.entries[puzzle["id"]].schedule
    assert not srs.is_due(schedule)
    # a reload: a new page hears what the browser kept
    again = Browser(browser.text).load(PuzzlePanel())
    assert again.store.entries[puzzle["id"]].schedule == schedule
    assert again.store.attempts == panel.store.attempts and again.store.deals == [record()]
    again.toggle_progress()
    assert "Jabberwocky" in again.progress_html.value and "75%" in again.progress_html.value
    assert "bidding: 1" in again.progress_html.value and "puzzles solved: 1" in again.progress_html.value


def test_failed_twice_shows_the_answer_comes_back_soon_and_is_replayed(puzzle: dict[str, Any]) -> None:
    browser = Browser()
    panel = browser.load(PuzzlePanel())
    panel.add([puzzle], {}, record())
    panel.start_due()
    wrong = [m for m in puzzle["moves"] if m != puzzle["answer"]]
    assert panel.choose(wrong[0]) == "again" and panel.choose(wrong[1]) == "failed"
    assert "The answer: " + move_label(puzzle["answer"]) in panel.verdict_html.value
    due = srs.due_at(panel.store.entries[puzzle["id"]].schedule)
    assert due - datetime.now(timezone.utc) <= timedelta(hours=1), "failed: soon"
    assert panel.failed_button.layout.display == ""
    panel.stop()
    panel.start_failed()
    assert panel.current is not None and panel.current.puzzle["id"] == puzzle["id"]
    assert panel.choose(puzzle["answer"]) == "solved"
    assert not panel.store.failed()


def test_a_damaged_store_is_set_aside_with_one_line(puzzle: dict[str, Any]) -> None:
    browser = Browser("{damaged")
    panel = browser.load(PuzzlePanel())
    assert panel.due_html.value.count("set aside") == 1 and not panel.store.entries
    assert read_store(browser.text)[1] is None, "the damaged text is replaced by an empty store"


def test_position_shows_only_the_view(puzzle: dict[str, Any]) -> None:
    text = position_html(puzzle["view"], "en")
    for card in HANDS[1].split():
        assert engine.parse_card(card).symbol in text or card in text
    assert "Trumps: ♦" in text


def play_worst(table: JubileeTable) -> None:
    while not table.game.is_over:
        hint = engine.hint(table.game, 0)
        assert table.act(min(hint.alternatives, key=lambda a: a.score).action)


def test_a_finished_deal_becomes_puzzles_asked_and_played_out_on_the_table() -> None:
    table = JubileeTable(players=3, seed=5, bot_delay=0, match="single")
    panel = table.review.puzzles
    browser = Browser()
    browser.load(panel)
    play_worst(table)
    finished = table.game
    assert panel.flush() > 0, "the deal's mistakes became puzzles"
    assert panel.store.deals and panel.store.deals[-1]["game"] == "jubilee"
    assert f"Puzzles due: {len(panel.store.entries)}" in panel.due_html.value
    panel.start_due()
    entry = panel.current
    assert entry is not None and entry.replay is not None
    assert table.game is not finished and table.game.view(0) == entry.puzzle["view"], "the puzzle on the table"
    assert table.review.looking and panel.position_html.value == ""
    label = str(table.label_at(table.game, entry.puzzle["played"]))
    assert f"you chose “{label}” here" in panel.question_html.value, "the move named as the table's button names it"
    assert table.hint_button.disabled and "give the answer away" in table.hint_button.tooltip
    assert table.show_hint() is None and "Hint is off" in table.status.value, "no hint while the puzzle is asked"
    assert panel.choose(entry.puzzle["answer"]) == "solved"
    assert not table.hint_button.disabled and table.hint_off is None, "the hint is back once it is answered"
    before = len(table.game.history)
    assert panel.play_it_out()
    assert len(table.game.history) > before and table.game.history[before] == (0, entry.puzzle["answer"])
    panel.stop()
    assert table.game is finished, "your own game back on the table"
    assert panel.flush() == 0, "a play-out is never made into puzzles"


def test_the_static_sites_gallery_counts_the_due_puzzles(puzzle: dict[str, Any], tmp_path: Any) -> None:
    """The static site's gallery has no kernel: its script counts the store's due puzzles (one due now, one not)."""
    from deploy.site.build import PUZZLES_DUE

    store = Store()
    store.add([puzzle, {**puzzle, "id": "later"}], datetime.now(timezone.utc) - timedelta(minutes=1))
    store.answered("later", True, 1, datetime.now(timezone.utc), 5.0)
    script = PUZZLES_DUE.split("<script>", 1)[1].rsplit("</script>", 1)[0]
    runner = tmp_path / "run.js"
    kept = json.dumps(store.text())
    runner.write_text(
        "const p = { hidden: true, textContent: '' };\n"
        "globalThis.document = { getElementById: () => p };\n"
        f"globalThis.localStorage = {{ getItem: (k) => k === 'parlour:puzzles:v1' ? {kept} : null }};\n"
        f"{script}\nconsole.log(JSON.stringify(p));\n")
    node = shutil.which("node")
    assert node, "Node.js runs the gallery's script"
    out = subprocess.run([node, str(runner)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    shown = json.loads(out.stdout)
    assert shown["hidden"] is False and shown["textContent"].startswith("Puzzles due: 1.")
