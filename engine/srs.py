"""When a puzzle is due again: FSRS spaced repetition (the ``fsrs`` package, pure Python: it runs on the static
site's Pyodide too).

Why: a lesson learned once is forgotten; asked again just before it would be, it stays (issue 37, "due again").
FSRS models each puzzle's memory (stability, difficulty) from the answers given so far and schedules the next
ask where the learner would still recall it nine times in ten. A puzzle's schedule is a plain JSON-able dict
(``fsrs.Card.to_dict``), kept with the puzzle in the browser.

How an attempt is graded: solved at the first try quickly is Easy, at the first try Good, at the second try
Hard, not solved Again; so a puzzle solved easily comes back later, and one failed comes back soon (minutes).
Fuzzing is off: the same answers at the same times give the same schedule (a learner's two computers agree).
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from fsrs import Card, Rating, Scheduler

#: Solved at the first try within this many seconds: easily.
EASY_SECONDS = 20.0

SCHEDULER = Scheduler(enable_fuzzing=False)


def now() -> datetime:
    return datetime.now(timezone.utc)


def new_schedule(when: datetime | None = None) -> dict[str, Any]:
    """A new puzzle's schedule: due at once."""
    when = when or now()
    return dict(Card(card_id=int(when.timestamp() * 1000), due=when).to_dict())


def grade(solved: bool, tries: int, seconds: float | None = None) -> Rating:
    """The FSRS rating of one attempt: Again when not solved, Hard at the second try, Good at the first, Easy at
    the first within :data:`EASY_SECONDS`."""
    if not solved:
        return Rating.Again
    if tries > 1:
        return Rating.Hard
    return Rating.Easy if seconds is not None and seconds <= EASY_SECONDS else Rating.Good


def answered(schedule: dict[str, Any], rating: Rating, when: datetime | None = None) -> dict[str, Any]:
    """The schedule after one attempt rated ``rating`` at ``when``."""
    card, _ = SCHEDULER.review_card(Card.from_dict(schedule), rating, when or now())  # type: ignore[arg-type]
    return dict(card.to_dict())


def due_at(schedule: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(schedule["due"])


def is_due(schedule: dict[str, Any], when: datetime | None = None) -> bool:
    return due_at(schedule) <= (when or now())


def is_schedule(record: Any) -> bool:
    """A schedule this module reads back (a store from elsewhere may hold anything)."""
    try:
        Card.from_dict(record)
        due_at(record)
    except (KeyError, TypeError, ValueError, AttributeError):
        return False
    return True


__all__ = ["EASY_SECONDS", "Rating", "SCHEDULER", "answered", "due_at", "grade", "is_due", "is_schedule",
           "new_schedule", "now"]
