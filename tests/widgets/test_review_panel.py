"""The review panel at the table, driven in plain pytest: the button at the deal's end, the rows, a
look back at a decision (your view only), Try the better move, Back; evaluation in the background."""

from __future__ import annotations

import re

import pytest

import engine
from engine.review_thresholds import reviewed_games, thresholds_for
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
    limits = thresholds_for("jubilee")
    assert f"a mistake {limits.mistake:g} or more, a blunder {limits.blunder:g} or more" in summary
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
    while not table.game.is_over:  # the hint at each King's decision; a forced turn needs no hint (4 of 55 moves)
        legal = table.game.view(0)["legal"]
        table.act(engine.hint(table.game, 0).action if len(legal) > 1 else str(legal[0]))
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
                                     root / "widgets/review_panel.py", root / "engine/review_link.py")
    for limits in reviewed_games().values():  # each game's ladder, declared on its rules class
        messages += [f.yes for f in (limits.loss, limits.loss_one) if f is not None] \
            + [m for m in (limits.unit, limits.unit_one, limits.no_inaccuracy) if m]
    pt = i18n.catalog("pt")
    assert [m for m in messages if pt.gettext(m) == m] == []
    for m in messages:
        assert set(re.findall(r"\{[^{}]*\}", pt.gettext(m))) == set(re.findall(r"\{[^{}]*\}", m)), m


#: a lesson's words for the verdicts, and its decimal comma or point
LESSON_WORDS = {"en": (("good", "inaccuracy", "mistake", "blunder"), "How to read the review",
                       "**Accuracy** is the share of your decisions rated best or good", ".", "**Copy review link**"),
                "pt": (("boa", "imprecisão", "erro", "erro grave"), "Como ler a revisão",
                       "A **precisão** é a parte das suas decisões avaliadas como a melhor ou boa", ",",
                       "**Copiar link da revisão**")}
REVIEW_LESSONS = [(g, "en", f"lessons/{g}.ipynb") for g in sorted(reviewed_games())] \
    + [("jubileu", "pt", "lessons/pt/jubileu.ipynb")]


@pytest.mark.parametrize("game_id, lang, path", REVIEW_LESSONS)
def test_the_lesson_explains_the_review_with_the_games_thresholds(game_id: str, lang: str, path: str) -> None:
    import json
    from pathlib import Path
    cells = json.loads((Path(__file__).resolve().parents[2] / path).read_text())["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    words, heading, accuracy, point, share = LESSON_WORDS[lang]
    section = text[text.index(heading):]
    section = section[:section.index("\n#")] if "\n#" in section else section
    limits = thresholds_for(game_id)

    def said(value: float) -> str:
        return format(value, "g").replace(".", point)
    good, *rest = words
    assert re.search(rf"\*\*{good}\*\*: [^*]* {re.escape(said(limits.inaccuracy))} ", section), good
    for word, value in zip(rest, (limits.inaccuracy, limits.mistake, limits.blunder)):
        assert f"**{word}**: {said(value)} " in section, word
    if limits.no_inaccuracy:  # the lesson, like the review's page, says no move is called an inaccuracy
        assert re.search(rf"\*\*{rest[0]}\*\*: [^*]*always called a \*\*{rest[1]}\*\*", section)
    assert accuracy in section and share in section


@pytest.mark.parametrize("game_id", sorted(reviewed_games()))
def test_the_pages_ladder_names_only_steps_a_cost_can_reach(game_id: str) -> None:
    """Issue 31: Kalooki's page read "an inaccuracy costs 1 or more cards short, a mistake 1 or more". Each
    step the page names has its own figure, rising; a game without an inaccuracy step says so plainly."""
    table = table_class(game_id)(seed=3, **({} if game_id == "relogio" else {"bot_delay": 0}))
    words = table.review.thresholds_words()
    limits = thresholds_for(game_id)
    figures = [float(x) for x in re.findall(r"(\d+(?:\.\d+)?) or more", words)]
    if limits.no_inaccuracy:
        assert "no move is called an inaccuracy" in words and "an inaccuracy costs" not in words
        assert figures == [limits.mistake, limits.blunder]
    else:
        assert "an inaccuracy costs" in words
        assert figures == [limits.inaccuracy, limits.mistake, limits.blunder]
    assert figures == sorted(set(figures)), words


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
    # after the match every deal stays offered on its own (issue 31), beside the end panel's review of the match
    assert deal_button.layout.display == "" and [k for _, k in panel.deal_picker.options] == [1, 2, 3]
    match = panel.show_review()
    assert "Review of the match" in panel.summary_html.value
    assert match.decisions > first.decisions
    assert {label.split(" · ")[0] for label, _ in panel.rows.options} == {"Deal 1", "Deal 2", "Deal 3"}


def fast_hints(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's advisor with its FAST constants (fewer imagined deals): a review's figures, sooner."""
    from tests.engine.claim_checks import game_checks
    ai = engine.hints.advisor(game_id)
    for name, value in getattr(game_checks(game_id), "FAST", {}).items():
        monkeypatch.setattr(ai, name, value)


def play_on(table, until) -> None:
    """Seat 0 moves as a medium bot would (a Kalooki call out of turn too) until ``until()`` or the game's end."""
    from engine.hints import Bot
    me = Bot(table.game_id, "medium", seed=1)
    for _ in range(2000):
        if table.game.is_over or until():
            return
        assert 0 in table.game.to_act(), table.status.value
        move = me.choose(table.game.view(0))
        if table.game.current_player != 0:  # Kalooki's call, out of turn
            table.call() if move == "call" else table.no_call()
        else:
            assert table.act(move), table.status.value
    raise AssertionError("the match went on for 2000 moves of yours")


def test_every_finished_deal_stays_reviewable_during_the_match_and_after(monkeypatch) -> None:
    """Issue 31: in Injun, once deal 2 had ended "Review deal 1" was gone until the match was over. Each
    finished deal is offered (the newest picked as it ends), mid-match and after the match."""
    from widgets.games.injun_table import InjunTable
    fast_hints("injun", monkeypatch)
    table = InjunTable(players=3, seed=3, bot_delay=0, max_deals=3)
    panel, picker = table.review, table.review.deal_picker
    play_on(table, lambda: table.game.progress()["deal"] == 3)
    assert not table.game.is_over and panel.deal_button.layout.display == "" and picker.layout.display == ""
    assert picker.options == (("Deal 1", 1), ("Deal 2", 2)) and panel.deal_button.description == "Review deal 2"
    picker.value = 1
    assert panel.deal_button.description == "Review deal 1"
    panel.deal_button.click()
    first = panel.review
    assert "Review of deal 1" in panel.summary_html.value and first is not None and first.decisions > 0
    second_deal = next(i for i in range(len(table.game.history))
                       if table.game.replayed(table.game.history[:i + 1]).progress()["deal"] == 2)
    assert all(e.index <= second_deal for e in first.entries), "only deal 1's decisions"
    panel.hide_review()
    play_on(table, lambda: False)
    assert table.game.is_over and picker.options == (("Deal 1", 1), ("Deal 2", 2), ("Deal 3", 3))
    assert picker.value == 3 and panel.deal_button.layout.display == ""
    picker.value = 1
    panel.deal_button.click()
    assert "Review of deal 1" in panel.summary_html.value and panel.review == first


def test_a_game_of_one_deal_offers_no_deal_to_pick() -> None:
    table = JubileeTable(players=3, seed=5, bot_delay=0, match="single")
    play_on(table, lambda: False)
    assert table.review.button.layout.display == ""  # the end panel's "Review this deal"
    assert table.review.deal_button.layout.display == "none" and table.review.deal_picker.layout.display == "none"


#: a match of more than one deal in each game that has one (Relógio is one deal: its review names none)
MATCHES = {"jubilee": {}, "jubileu": {"deals": 2}, "injun": {"max_deals": 2}, "kalooki": {"deals": [1, 2]},
           "rummy": {}, "jabberwocky": {"rounds": [3, 4]}, "klaberjass": {}}


@pytest.mark.parametrize("game_id", sorted(MATCHES))
def test_the_review_names_a_deal_with_the_word_the_table_uses(game_id: str, monkeypatch) -> None:
    """Issue 31: Jabberwocky's review said "Deal 1" where its table, log and lesson say "Round 1 of 2"."""
    fast_hints(game_id, monkeypatch)
    table = table_class(game_id)(seed=3, bot_delay=0, **MATCHES[game_id])
    play_on(table, lambda: table.game.progress()["deal"] >= 2)
    word = table.progress_words(table.game.view(0)).split()[0]  # "round 2 of 2": the table's own word
    assert word == table.rules_class.deal_word
    panel = table.review
    assert panel.deal_button.description == f"Review {word} 1"
    assert panel.deal_picker.options[0] == (f"{word.capitalize()} 1", 1)
    panel.deal_button.click()
    assert f"Review of {word} 1" in panel.summary_html.value
    if game_id == "jabberwocky":
        assert any(line.startswith("Round 1 of 2") for line in table.log_lines())




def table_class(game_id: str):
    import importlib
    from widgets.table import Table
    module = importlib.import_module(f"widgets.games.{game_id}_table")
    return next(c for c in vars(module).values()
                if isinstance(c, type) and issubclass(c, Table) and getattr(c, "game_id", "") == game_id)


@pytest.mark.parametrize("game_id", sorted(reviewed_games()))
def test_every_game_reviews_at_its_table(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A short match played by the worst move the hint scores, its review, a look back, the better
    move tried and Back, at each game's own table: every move named in the table's words."""
    from engine.hints import Bot
    from tests.engine.claim_checks import game_checks
    ai = engine.hints.advisor(game_id)
    for name, value in getattr(game_checks(game_id), "FAST", {}).items():
        monkeypatch.setattr(ai, name, value)
    options = dict(engine.GAMES[game_id].short_match, **({} if game_id == "relogio" else {"bot_delay": 0}))
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
    # the review link opens the same review at another table of the game (another browser's page), or, where
    # the table's settings were given from Python and no menu offers them (the short matches here), it is not
    # offered: the code cannot carry those settings, and the link would be refused as another deal's
    from widgets import deal_link
    monkeypatch.setenv("QUERY_STRING", panel.copy_link.query)
    deal_link.forget_page_link()
    try:
        board = table_class(game_id)(**options)
    finally:
        deal_link.forget_page_link()
    if panel.copy_link.layout.display == "none":
        assert "do not belong to this deal" in board.link_notice.value
        assert board.review.body.layout.display == "none"
    else:
        assert board.link_notice.layout.display == "none", board.link_notice.value
        assert board.game.history == finished.history and board.review.review == review


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


@pytest.fixture
def open_page(monkeypatch: pytest.MonkeyPatch):
    """``open_page(query)``: the next tables are built in a Voilà kernel whose request asked for ``query``."""
    from widgets import deal_link

    def opened(query: str) -> None:
        monkeypatch.setenv("QUERY_STRING", query)
        deal_link.forget_page_link()
    yield opened
    deal_link.forget_page_link()


def test_a_review_link_opens_the_same_review_in_another_browser(played: JubileeTable, open_page) -> None:
    from urllib.parse import parse_qs
    played.level_box.value = "hard"
    review = played.review.show_review()
    asked = parse_qs(played.review.copy_link.query)
    assert asked["deal"] == [played.code] and asked["level"] == ["hard"] and asked["game"] == ["jubilee"]
    assert played.review.copy_link.words["button"] == "Copy review link"
    open_page(played.review.copy_link.query)
    board = JubileeTable(players=3, bot_delay=0, match="single")  # the teacher's page: a play table
    assert board.link_notice.layout.display == "none", board.link_notice.value
    assert board.game.history == played.game.history and board.code == played.code
    assert board.level_box.value == "hard"
    assert board.review.body.layout.display == "" and board.review.review == review
    assert board.review.rows.options == played.review.rows.options
    board.review.rows.value = 2  # the teacher looks at a decision, as the student could
    assert board.game.history == played.game.history[:review.entries[2].index]


def test_a_review_link_of_one_deal_of_a_match_opens_that_deals_review(open_page) -> None:
    table = JubileeTable(players=3, seed=5, bot_delay=0)  # a match of three deals
    while not any(e.kind == "deal_end" for e in table.game.events):
        table.act(engine.hint(table.game, 0).action)
    first = table.review.show_review(deal=1)
    open_page(table.review.copy_link.query)
    board = JubileeTable(players=3, bot_delay=0)
    assert board.link_notice.layout.display == "none", board.link_notice.value
    assert board.review.review == first and "Review of deal 1" in board.review.summary_html.value
    assert not board.game.is_over and board.game.current_player == 0, "the match goes on, your turn"


def test_a_changed_or_foreign_review_link_is_refused_and_the_table_deals_as_set_up(played: JubileeTable,
                                                                                  open_page) -> None:
    from urllib.parse import parse_qs, urlencode
    played.review.show_review()
    asked = {k: v[0] for k, v in parse_qs(played.review.copy_link.query).items()}
    other = JubileeTable(players=3, seed=6, bot_delay=0, match="single")
    play_worst(other)
    other.review.show_review()
    foreign = {k: v[0] for k, v in parse_qs(other.review.copy_link.query).items()}
    count, check, number = asked["moves"].split(".", 2)
    for moves in (asked["moves"][:-4], f"{count}.{check}.{number[::-1]}", foreign["moves"], "hello"):
        open_page(urlencode({**asked, "moves": moves}))
        board = JubileeTable(players=3, seed=None, bot_delay=0, match="single")
        notice = board.link_notice.value
        assert board.link_notice.layout.display == "" and "review link" in notice and "⚠" in notice, notice
        assert "Traceback" not in notice and "Error" not in notice
        assert board.code != played.code and f"deal {board.code}" in notice, "the lesson's own deal"
        assert board.review.body.layout.display == "none" and not board.game.is_over
    open_page(urlencode({"moves": asked["moves"]}))
    board = JubileeTable(players=3, bot_delay=0, match="single")
    assert "moves but no deal" in board.link_notice.value


def test_a_page_address_carries_a_review_links_moves_and_still_refuses_a_long_deal() -> None:
    from widgets.deal_link import DealLink, DealLinkError, read_deal_link
    moves = "900." + "x" * 6 + "." + "A" * 3000  # a long match's moves: longer than any other part may be
    assert read_deal_link(f"deal=4-K7QM3P&moves={moves}") == DealLink("4-K7QM3P", moves=moves)
    with pytest.raises(DealLinkError, match="too long"):
        read_deal_link("deal=" + "9" * 500 + f"&moves={moves}")
    from engine.review_link import MAX_LENGTH
    with pytest.raises(DealLinkError, match="too long"):  # past the moves the engine's reader takes, and the rest
        read_deal_link("deal=4-K7QM3P&moves=" + "A" * (MAX_LENGTH + 400))


LESSON_TABLES = {  # each lesson's play table, as the lesson builds it (settings the menus offer)
    "kalooki": lambda: __import__("widgets.games.kalooki_lesson", fromlist=["x"]).match_table(players=3, bot_delay=0),
    "jabberwocky": lambda: table_class("jabberwocky")(players=4, rounds="short", level="medium", bot_delay=0),
    "injun": lambda: table_class("injun")(players=4, level="medium", bot_delay=0),
    "klaberjass": lambda: table_class("klaberjass")(level="medium", bot_delay=0),
}


@pytest.mark.parametrize("game_id", sorted(LESSON_TABLES))
def test_a_lesson_tables_review_link_of_its_first_deal_opens_the_same_review(game_id: str, open_page,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """At the lesson's own table (a match), the first deal played by the hint, its review's link opened at a
    fresh table of the lesson: the same deal, the same review, the match going on."""
    from tests.engine.claim_checks import game_checks
    ai = engine.hints.advisor(game_id)
    for name, value in getattr(game_checks(game_id), "FAST", {}).items():
        monkeypatch.setattr(ai, name, value)
    open_page("")
    table = LESSON_TABLES[game_id]()
    table.start(table.players, 12)  # the same cards every run, the lesson's settings kept
    for _ in range(400):
        if any(e.kind in ("deal_end", "round_end") for e in table.game.events):
            break
        move = engine.hint(table.game, 0).action
        if table.game.current_player != 0 and move in ("call", "pass"):  # Kalooki's call, out of turn
            table.call() if move == "call" else table.no_call()
        else:
            assert table.act(move), table.status.value
    assert any(e.kind in ("deal_end", "round_end") for e in table.game.events), "the first deal ended"
    first = table.review.show_review(deal=1)
    assert first.decisions > 0 and table.review.copy_link.layout.display == ""
    open_page(table.review.copy_link.query)
    board = LESSON_TABLES[game_id]()
    assert board.link_notice.layout.display == "none", board.link_notice.value
    assert board.review.review == first and board.code == table.code
    assert f"Review of {table.rules_class.deal_word} 1" in board.review.summary_html.value  # Round 1: Jabberwocky
    assert not board.game.is_over
