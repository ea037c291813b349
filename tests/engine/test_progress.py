"""engine/progress.py: accuracy over the last deals, mistakes by kind, puzzles solved and the streak, from the
records the browser keeps (a real review's record, and hand-made records for the arithmetic)."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta, timezone

import engine
from engine import progress
from engine.review import Entry, reviewed

T0 = datetime(2026, 11, 1, 9, 0, tzinfo=timezone.utc)


def entry(index: int, action: str, verdict: str, reason: str = "why") -> Entry:
    return Entry(index=index, seat=0, action=action, best="x", loss=0.0, verdict=verdict, reason=reason,
                 best_note="", note="", score=0.0, best_score=0.0, samples=0, noise=0.0)


def deal(game: str, day: int, verdicts: list[tuple[str, str]]) -> dict:
    review = reviewed(game, 0, [entry(i, a, v, f"reason {i}") for i, (a, v) in enumerate(verdicts)])
    return progress.deal_record(review, T0 + timedelta(days=day))


def test_a_deal_record_from_a_real_review_is_plain_json() -> None:
    game = engine.new_game("jubilee", seed=3, **engine.GAMES["jubilee"].short_match)
    while not game.is_over:
        game.apply(str(game.legal_actions(game.current_player)[-1]), game.current_player)
    review = engine.review(game, 0)
    record = progress.deal_record(review, T0)
    assert json.loads(json.dumps(record)) == record
    assert record["decisions"] == review.decisions and record["good"] / record["decisions"] == review.accuracy
    assert len(record["mistakes"]) == review.counts["mistake"] + review.counts["blunder"]


def test_accuracy_over_the_last_deals_of_one_game() -> None:
    deals = [deal("jabberwocky", d, [("bid 1", "best"), ("play 2H", "mistake")]) for d in range(25)]
    deals += [deal("jabberwocky", 30, [("bid 1", "good"), ("play 3H", "best")]),
              deal("rummy", 31, [("draw stock", "blunder")])]
    deals.append(deal("jabberwocky", 32, []))  # a deal with no decision: not a point of the plot
    series = progress.accuracy_series(deals, "jabberwocky")
    assert len(series) == progress.LAST_DEALS and series[-1] == 1.0 and series[0] == 0.5
    assert progress.overall_accuracy(deals, "jabberwocky") == (19 * 1 + 2) / (20 * 2)
    assert progress.accuracy_series(deals, "rummy") == [0.0] and progress.overall_accuracy(deals, "injun") is None
    # the stored order does not matter: the newest deals are the last ones
    assert progress.accuracy_series(list(reversed(deals)), "jabberwocky") == series


def test_mistakes_grouped_by_kind_with_the_latest_reason() -> None:
    deals = [deal("kalooki", 0, [("take", "mistake"), ("discard 5H", "blunder"), ("draw", "best")]),
             deal("kalooki", 1, [("draw", "mistake"), ("discard 7C", "good")])]
    assert progress.mistakes_by_kind(deals, "kalooki") == [("drawing", 2, "reason 0"), ("discarding", 1, "reason 1")]
    assert progress.kind_of("klaberjass", "take") == "bidding" and progress.kind_of("kalooki", "take") == "drawing"
    assert progress.kind_of("rummy", "shuffle") == progress.OTHER


def attempt(pid: str, solved: bool, day: float, game: str = "rummy") -> dict:
    return progress.attempt_record({"id": pid, "game": game}, solved, 1, T0 + timedelta(days=day))


def test_puzzles_solved_failed_and_the_streak() -> None:
    attempts = [attempt("a", False, 0), attempt("a", True, 1), attempt("b", True, 2, "jubilee"),
                attempt("b", True, 3, "jubilee"), attempt("c", True, 3.1), attempt("c", False, 4),
                attempt("d", False, 4.5)]
    assert progress.puzzles_solved(attempts) == 3 and progress.puzzles_solved(attempts, "jubilee") == 1
    assert progress.failed_puzzles(attempts) == ["d", "c"]
    deals = [deal("rummy", 4, [("draw stock", "best")])]
    today = (T0 + timedelta(days=4)).date()
    assert progress.streak(attempts, deals, today) == 4  # days 1-4 (day 0 only a failure)
    assert progress.streak(attempts, deals, today + timedelta(days=1)) == 4  # nothing yet today: up to yesterday
    assert progress.streak(attempts, deals, today + timedelta(days=2)) == 0
    assert progress.streak([], [], date(2026, 1, 1)) == 0
    shown = progress.progress("rummy", deals + [{"v": 99, "kind": "parlour-deal"}, "junk"], attempts, today)
    assert shown["solved"] == 2 and shown["accuracy"] == [1.0] and shown["streak"] == 4
