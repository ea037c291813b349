"""The review panel at the table, driven in plain pytest: the button at the deal's end, the rows, a
look back at a decision (your view only), Try the better move, Back; evaluation in the background."""

from __future__ import annotations

import re

import pytest

import engine
from widgets.games.jubilee_table import JubileeTable
from widgets.games.relogio_table import RelogioTable
from widgets.games.el_gato_table import ElGatoTable

NOTATION = [re.compile(p) for p in (r"\b(10|[2-9JQKA])[SHDC]\b", r"\b\d+:\d+\b", r"\bswap [0-9K]")]


def play_worst(table) -> None:
    """Seat 0 plays the hint's lowest-scored move each time, to the end of the match."""
    while not table.game.is_over:
        hint = engine.hint(table.game, 0)
        assert table.act(min(hint.alternatives, key=lambda a: a.score).action)


@pytest.fixture
def played() -> JubileeTable:
    table = JubileeTable(players=3, seed=5, bot_delay=0, match="single")
    play_worst(table)
    return table


def test_the_button_shows_only_at_the_end() -> None:
    table = JubileeTable(players=3, seed=5, bot_delay=0, match="single")
    assert table.review.button.layout.display == "none"
    play_worst(table)
    assert table.review.button.layout.display == ""
    assert table.review.body.layout.display == "none"


def test_the_review_lists_every_decision(played: JubileeTable) -> None:
    review = played.review.show_review()
    assert played.review.body.layout.display == ""
    mine = [i for i, (seat, _) in enumerate(played.game.history) if seat == 0]
    assert [e.index for e in review.entries] == mine[:review.decisions]
    assert review.decisions + review.forced + len(review.unrated) == len(mine)
    assert review == engine.review(played.game, 0), "the background evaluation is the engine's review"
    assert len(played.review.rows.options) == review.decisions
    summary = played.review.summary_html.value
    assert f"{review.decisions} decisions" in summary and "Accuracy is the share" in summary
    assert "a mistake 3 or more" in summary
    for label, _ in played.review.rows.options:
        assert not any(p.search(label) for p in NOTATION), label
    assert any("mistake" in label or "blunder" in label for label, _ in played.review.rows.options)


def test_a_row_shows_the_table_as_it_was_then_and_back_returns(played: JubileeTable) -> None:
    panel = played.review
    review = panel.show_review()
    finished = played.game
    entry = review.entries[3]
    panel.rows.value = 3
    assert played.game is not finished
    assert played.game.history == finished.history[:entry.index]
    assert played.game.current_player == 0
    hand = played.game.view(0)["hand"]
    assert [item["card"] for item in played.hand.items] == hand, "your hand as it was"
    assert "as it was at your decision 4" in played.status.value
    assert "Better:" in panel.detail_html.value and "Cost:" in panel.detail_html.value
    assert not any(p.search(panel.detail_html.value) for p in NOTATION)
    assert played.autosave is None, "a look back is never kept as your game"
    panel.back()
    assert played.game is finished and played.game.is_over
    assert played.end_panel.layout.display == ""


def test_try_the_better_move_plays_on_against_the_bots(played: JubileeTable) -> None:
    panel = played.review
    review = panel.show_review()
    k = next(i for i, e in enumerate(review.entries) if e.action != e.best)
    entry = review.entries[k]
    panel.rows.value = k
    assert not panel.try_button.disabled
    assert panel.try_better()
    tried = played.game
    assert tried.history[entry.index] == (0, entry.best)
    assert len(tried.history) > entry.index + 1, "the bots answered"
    assert panel.try_button.disabled
    original = panel._game
    while not played.game.is_over:  # play the try out: the review of the deal you played stays
        played.act(engine.hint(played.game, 0).action)
    assert panel._game is original and panel.review == review
    panel.back()
    assert played.game is original


def test_decisions_are_evaluated_in_the_background_as_they_are_made() -> None:
    table = JubileeTable(players=3, seed=5, bot_delay=0, match="single")
    table.review.background = True  # as on a page, where an event loop runs
    table.act(engine.hint(table.game, 0).action)
    (action, job, _), = table.review._jobs.values()
    assert job is not None and job.result().action == action  # done in the panel's thread
    play_worst(table)
    table.review.show_review()
    assert table.review.pending == 0


def test_without_an_event_loop_nothing_runs_until_the_review_opens() -> None:
    table = JubileeTable(players=3, seed=5, bot_delay=0, match="single")
    table.act(engine.hint(table.game, 0).action)
    assert all(job is None for _, job, _ in table.review._jobs.values())


def test_undo_drops_the_evaluation_of_a_move_taken_back() -> None:
    table = JubileeTable(players=3, seed=5, bot_delay=0, match="single")
    first = engine.hint(table.game, 0).alternatives[-1].action
    table.act(first)
    index = next(i for i, (s, a) in enumerate(table.game.history) if s == 0)
    assert table.review._jobs[index][0] == first
    table.undo()
    assert index not in table.review._jobs
    table.act(engine.hint(table.game, 0).action)
    assert table.review._jobs[index][0] == engine.hint(
        table.game.replayed(table.game.history[:index]), 0).action


def test_a_new_deal_starts_a_new_review(played: JubileeTable) -> None:
    played.review.show_review()
    played.review.rows.value = 0
    played.new_deal()
    assert not played.review.looking and played.review.body.layout.display == "none"
    assert played.review._game is played.game and played.review._jobs == {} or \
        all(played.game.history[i][0] == 0 for i in played.review._jobs)


def test_relogio_reviews_its_king_decisions() -> None:
    table = RelogioTable(seed=3)
    while not table.game.is_over:
        table.act(engine.hint(table.game, 0).action)
    review = table.review.show_review()
    assert review.decisions >= 1 and review.counts["best"] == review.decisions
    for label, _ in table.review.rows.options:
        assert not any(p.search(label) for p in NOTATION), label


def test_el_gato_has_no_review() -> None:
    table = ElGatoTable(seed=2, bot_delay=0)
    assert table.review.button.layout.display == "none"


def test_the_review_speaks_portuguese() -> None:
    from widgets.games.jubileu_table import JubileuTable
    table = JubileuTable(seed=4, bot_delay=0, lang="pt", deals=1)
    assert table.review.button.description == "Rever esta mão"


def test_every_sentence_of_the_review_has_a_portuguese_translation_with_the_same_fields() -> None:
    from pathlib import Path
    from engine import i18n
    root = Path(__file__).resolve().parents[2]
    messages = i18n.extract_messages(root / "engine/review.py", root / "engine/review_thresholds.py",
                                     root / "widgets/review_panel.py")
    pt = i18n.catalog("pt")
    assert [m for m in messages if pt.gettext(m) == m] == []
    for m in messages:
        assert set(re.findall(r"\{[^{}]*\}", pt.gettext(m))) == set(re.findall(r"\{[^{}]*\}", m)), m


@pytest.mark.parametrize("game_id", ["jubilee", "jabberwocky"])
def test_the_lesson_explains_the_review_with_the_games_thresholds(game_id: str) -> None:
    import json
    from pathlib import Path
    from engine.review_thresholds import REVIEW_THRESHOLDS
    cells = json.loads((Path(__file__).resolve().parents[2] / f"lessons/{game_id}.ipynb").read_text())["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    section = text[text.index("How to read the review"):]
    limits = REVIEW_THRESHOLDS[game_id]
    for word, value in (("inaccuracy", limits.inaccuracy), ("mistake", limits.mistake),
                        ("blunder", limits.blunder)):
        assert f"**{word}**: {value:g} " in section, word
    assert "**Accuracy** is the share of your decisions rated best or good" in section


def test_each_deal_of_a_match_is_reviewed_when_it_ends_and_the_match_at_its_end() -> None:
    table = JubileeTable(players=3, seed=5, bot_delay=0)  # a match of three deals
    panel = table.review
    deal_button = panel.deal_button
    while not any(e.kind == "deal_end" for e in table.game.events):
        assert deal_button.layout.display == "none"
        table.act(engine.hint(table.game, 0).action)
    assert deal_button.layout.display == "" and deal_button.description == "Review deal 1"
    live = table.game
    moves = len(live.history)
    first = panel.show_review(deal=1)
    assert "Review of deal 1" in panel.summary_html.value
    end_of_first = next(i + 1 for i in range(len(live.history))
                        if any(e.kind == "deal_end" for e in live.replayed(live.history[:i + 1]).events))
    assert first.decisions > 0 and all(e.index < end_of_first for e in first.entries)
    panel.rows.value = 0
    assert table.game is not live and panel.back_button.description == "Back to your game"
    panel.back()
    assert table.game is live and len(live.history) >= moves and live.current_player == 0
    while not table.game.is_over:
        table.act(engine.hint(table.game, 0).action)
    assert deal_button.layout.display == "none"
    match = panel.show_review()
    assert "Review of the match" in panel.summary_html.value
    assert match.decisions > first.decisions
    assert {label.split(" · ")[0] for label, _ in panel.rows.options} == {"Deal 1", "Deal 2", "Deal 3"}


SHORT = {"jubilee": {"match": "single"}, "jubileu": {"deals": 1}, "injun": {"max_deals": 2},
         "kalooki": {"deals": [1]}, "rummy": {"target": 1}, "jabberwocky": {"rounds": [3, 4]},
         "klaberjass": {"target": 1}, "relogio": {}}


def table_class(game_id: str):
    import importlib
    from widgets.table import Table
    module = importlib.import_module(f"widgets.games.{game_id}_table")
    return next(c for c in vars(module).values()
                if isinstance(c, type) and issubclass(c, Table) and getattr(c, "game_id", "") == game_id)


@pytest.mark.parametrize("game_id", sorted(SHORT))
def test_every_game_reviews_at_its_table(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A short match played by the worst move the hint scores, its review, a look back, the better
    move tried and Back, at each game's own table: every move named in the table's words."""
    from engine.hints import Bot
    from tests.engine.claim_checks import game_checks
    ai = engine.hints.advisor(game_id)
    for name, value in getattr(game_checks(game_id), "FAST", {}).items():
        monkeypatch.setattr(ai, name, value)
    options = dict(SHORT[game_id], **({} if game_id == "relogio" else {"bot_delay": 0}))
    table = table_class(game_id)(seed=3, **options)
    me = Bot(game_id, "medium", seed=1)
    for _ in range(300):
        if table.game.is_over:
            break
        view = table.game.view(0)
        hint = engine.hint(table.game, 0) if len(view["legal"]) > 1 else None
        move = min(hint.alternatives, key=lambda a: a.score).action if hint and hint.alternatives \
            else me.choose(view)
        if table.game.current_player != 0 and move in ("call", "pass"):  # Kalooki's call, out of turn
            table.call() if move == "call" else table.no_call()
        else:
            assert table.act(move), table.status.value
    if not table.game.is_over:
        pytest.skip(f"{game_id}: the match did not end in 300 moves of yours")
    panel = table.review
    review = panel.show_review()
    assert review == engine.review(table.game, 0)
    assert len(panel.rows.options) == review.decisions > 0
    for label, _ in panel.rows.options:
        assert not any(p.search(label) for p in NOTATION), label
    costly = [i for i, e in enumerate(review.entries) if e.action != e.best]
    assert costly, "the worst moves differ from the better ones somewhere"
    finished = table.game
    entry = review.entries[costly[0]]
    panel.rows.value = costly[0]
    assert table.game.history == finished.history[:entry.index]
    assert not any(p.search(panel.detail_html.value) for p in NOTATION), panel.detail_html.value
    assert panel.try_better(), table.status.value
    assert table.game.history[entry.index] == (0, entry.best)
    panel.back()
    assert table.game is finished


def test_on_a_page_an_event_loop_runs_and_evaluation_goes_to_the_background() -> None:
    import asyncio

    async def on_a_page() -> list:
        table = JubileeTable(players=3, seed=5, bot_delay=0, match="single")
        table.act(engine.hint(table.game, 0).action)
        return [job for _, job, _ in table.review._jobs.values()]
    jobs = asyncio.run(on_a_page())
    assert jobs and all(job is not None for job in jobs)
    assert all(job.result() is not None for job in jobs)


def test_python_in_the_browser_has_no_threads_so_evaluation_waits_for_the_review(monkeypatch) -> None:
    """The static site (Pyodide) cannot start a thread: a table that submitted one would stop at its first move."""
    import asyncio
    import sys

    monkeypatch.setattr(sys, "platform", "emscripten")

    async def on_a_page() -> tuple[list, JubileeTable]:
        table = JubileeTable(players=3, seed=5, bot_delay=0, match="single")
        table.act(engine.hint(table.game, 0).action)
        return [job for _, job, _ in table.review._jobs.values()], table
    jobs, table = asyncio.run(on_a_page())
    assert jobs and all(job is None for job in jobs)
    assert table.review.pending == len(jobs)
