"""engine/srs.py: FSRS scheduling of puzzles, against FSRS's published examples (py-fsrs 6.3's own tests), and the
grading of an attempt: solved easily comes back later, failed comes back soon."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from engine import srs
from engine.srs import Rating

START = datetime(2022, 11, 29, 12, 30, 0, 0, timezone.utc)


def test_published_example_intervals() -> None:
    """py-fsrs's test_review_card: six Good, two Again, five Good, each at the due time, no fuzzing."""
    schedule = srs.new_schedule(START)
    when, days = START, []
    for letter in "GGGGGGAAGGGGG":
        schedule = srs.answered(schedule, Rating.Good if letter == "G" else Rating.Again, when)
        due, last = srs.due_at(schedule), datetime.fromisoformat(schedule["last_review"])
        days.append((due - last).days)
        when = due
    assert days == [0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21]


def test_published_example_memory_state() -> None:
    """py-fsrs's test_memo_state: Again then five Good at 0, 0, 1, 3, 8, 21 days."""
    schedule, when = srs.new_schedule(START), START
    for rating, wait in zip([Rating.Again] + [Rating.Good] * 5, [0, 0, 1, 3, 8, 21]):
        when += timedelta(days=wait)
        schedule = srs.answered(schedule, rating, when)
    assert schedule["stability"] == pytest.approx(53.62691, abs=1e-4)
    assert schedule["difficulty"] == pytest.approx(6.3574867, abs=1e-4)


def test_a_schedule_is_plain_json_and_new_puzzles_are_due() -> None:
    schedule = srs.new_schedule(START)
    assert json.loads(json.dumps(schedule)) == schedule and srs.is_schedule(schedule)
    assert srs.is_due(schedule, START) and not srs.is_due(srs.answered(schedule, Rating.Good, START), START)
    assert not srs.is_schedule({"due": "soon"}) and not srs.is_schedule("x")


def test_grading_an_attempt() -> None:
    assert srs.grade(False, 2) == Rating.Again
    assert srs.grade(True, 2) == Rating.Hard
    assert srs.grade(True, 1) == Rating.Good and srs.grade(True, 1, 60.0) == Rating.Good
    assert srs.grade(True, 1, 5.0) == Rating.Easy


def test_solved_easily_later_failed_soon() -> None:
    """After two good answers (the puzzle learned), the third decides: easily solved is due latest, failed within
    the hour."""
    schedule = srs.new_schedule(START)
    for _ in range(2):
        schedule = srs.answered(schedule, Rating.Good, srs.due_at(schedule))
    at = srs.due_at(schedule)
    due = {r: srs.due_at(srs.answered(schedule, srs.grade(*attempt), at)) - at
           for r, attempt in {"easy": (True, 1, 5.0), "good": (True, 1, 60.0), "hard": (True, 2, None),
                              "failed": (False, 2, None)}.items()}
    assert due["easy"] > due["good"] > due["hard"] > due["failed"]
    assert due["failed"] <= timedelta(hours=1) and due["good"] >= timedelta(days=2)
