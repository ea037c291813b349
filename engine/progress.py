"""Progress you can see (issue 37): per game, accuracy over the learner's last deals, mistakes by kind, puzzles
solved and a streak, worked out from the records the browser keeps.

Why: after a review the lesson is gone; a learner who sees the accuracy of the last deals rise, and which kind
of decision still costs them, knows what to practise. Everything here is a pure function of plain records
(dicts with a version), so the browser's store, a test and the teacher's page read the same numbers:

- a *deal record* (:func:`deal_record`): one reviewed deal, its accuracy and its mistakes, each with its kind
  (what the decision was: bidding, playing a card, drawing, ...) and the review's reason in the hint's words;
- an *attempt record* (:func:`attempt_record`): one try at a puzzle, solved or not.
"""

from __future__ import annotations

from collections import Counter
from datetime import date, datetime, timedelta
from typing import Any, Iterable

from .i18n import N_
from .review import Review

VERSION = 1
#: how many of the last deals the accuracy plot shows
LAST_DEALS = 20

#: The kind of a decision, from the first word of the move made (the game's own notation).
KINDS = {"bid": N_("bidding"), "pass": N_("bidding"), "take": N_("bidding"), "play": N_("playing a card"),
         "draw": N_("drawing"), "discard": N_("discarding"), "meld": N_("laying down sets"),
         "layoff": N_("laying down sets"), "bet": N_("betting"), "call": N_("betting"), "fold": N_("betting"),
         "raise": N_("betting"), "chip": N_("betting"), "see": N_("betting"), "keep": N_("keeping or swapping"),
         "swap": N_("keeping or swapping"), "turn": N_("keeping or swapping")}
#: Where a word means another kind in one game: Kalooki's "take" takes the discard.
KIND_IN_GAME = {("kalooki", "take"): N_("drawing")}
OTHER = N_("other decisions")


def kind_of(game_id: str, action: str) -> str:
    """The kind of decision ``action`` is, in words to translate ("bidding", "playing a card", ...)."""
    verb = action.split()[0] if action.split() else ""
    return KIND_IN_GAME.get((game_id, verb)) or KINDS.get(verb, OTHER)


def deal_record(review: Review, when: datetime) -> dict[str, Any]:
    """One reviewed deal as the browser keeps it: the game, when, how many decisions were best or good, and
    each mistake or blunder with its kind and the review's reason."""
    counts = review.counts
    return {"v": VERSION, "kind": "parlour-deal", "game": review.game, "when": when.isoformat(),
            "decisions": review.decisions, "good": counts.get("best", 0) + counts.get("good", 0),
            "mistakes": [{"kind": kind_of(review.game, e.action), "verdict": e.verdict, "reason": e.reason}
                         for e in review.entries if e.verdict in ("mistake", "blunder")]}


def attempt_record(puzzle: dict[str, Any], solved: bool, tries: int, when: datetime) -> dict[str, Any]:
    return {"v": VERSION, "kind": "parlour-attempt", "puzzle": puzzle["id"], "game": puzzle["game"],
            "solved": solved, "tries": tries, "when": when.isoformat()}


def _mine(records: Iterable[Any], kind: str, game_id: str | None) -> list[dict[str, Any]]:
    """The records of one kind (and one game, unless None) this version reads, oldest first."""
    out = [r for r in records if isinstance(r, dict) and r.get("v") == VERSION and r.get("kind") == kind
           and (game_id is None or r.get("game") == game_id) and isinstance(r.get("when"), str)]
    return sorted(out, key=lambda r: r["when"])


def accuracy_series(deals: Iterable[Any], game_id: str, last: int = LAST_DEALS) -> list[float]:
    """The accuracy of each of the last ``last`` deals with decisions (oldest first), as shares 0-1."""
    rated = [r for r in _mine(deals, "parlour-deal", game_id) if r.get("decisions")]
    return [r["good"] / r["decisions"] for r in rated[-last:]]


def overall_accuracy(deals: Iterable[Any], game_id: str, last: int = LAST_DEALS) -> float | None:
    """Best-or-good decisions over all decisions of the last ``last`` deals (None before any)."""
    rated = [r for r in _mine(deals, "parlour-deal", game_id) if r.get("decisions")][-last:]
    total = sum(r["decisions"] for r in rated)
    return sum(r["good"] for r in rated) / total if total else None


def mistakes_by_kind(deals: Iterable[Any], game_id: str, last: int = LAST_DEALS) -> list[tuple[str, int, str]]:
    """(kind, how many, the latest reason) for the mistakes and blunders of the last ``last`` deals, the most
    frequent kind first (ties: the kind named first)."""
    counts: Counter[str] = Counter()
    latest: dict[str, str] = {}
    for record in _mine(deals, "parlour-deal", game_id)[-last:]:
        for m in record.get("mistakes", []):
            counts[m["kind"]] += 1
            latest[m["kind"]] = m.get("reason", "")
    return [(k, n, latest[k]) for k, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]


def puzzles_solved(attempts: Iterable[Any], game_id: str | None = None) -> int:
    """How many different puzzles the learner has solved at least once."""
    return len({a["puzzle"] for a in _mine(attempts, "parlour-attempt", game_id) if a.get("solved")})


def failed_puzzles(attempts: Iterable[Any]) -> list[str]:
    """The puzzles whose latest attempt failed, most recent first: "Replay all my failed puzzles"."""
    last: dict[str, dict[str, Any]] = {}
    for a in _mine(attempts, "parlour-attempt", None):
        last[a["puzzle"]] = a
    return [p for p, a in sorted(last.items(), key=lambda pa: pa[1]["when"], reverse=True) if not a["solved"]]


def streak(attempts: Iterable[Any], deals: Iterable[Any], today: date) -> int:
    """Days in a row, up to today (or yesterday, when today has nothing yet), on which the learner solved a puzzle
    or played a reviewed deal."""
    days = {datetime.fromisoformat(r["when"]).date() for r in _mine(attempts, "parlour-attempt", None)
            if r.get("solved")}
    days |= {datetime.fromisoformat(r["when"]).date() for r in _mine(deals, "parlour-deal", None)}
    day = today if today in days else today - timedelta(days=1)
    n = 0
    while day in days:
        n += 1
        day -= timedelta(days=1)
    return n


def progress(game_id: str, deals: Iterable[Any], attempts: Iterable[Any], today: date) -> dict[str, Any]:
    """Everything the progress panel shows for one game (and the streak, across games)."""
    deals, attempts = list(deals), list(attempts)
    return {"game": game_id, "accuracy": accuracy_series(deals, game_id),
            "overall": overall_accuracy(deals, game_id), "mistakes": mistakes_by_kind(deals, game_id),
            "solved": puzzles_solved(attempts, game_id), "streak": streak(attempts, deals, today)}


__all__ = ["KINDS", "LAST_DEALS", "VERSION", "accuracy_series", "attempt_record", "deal_record", "failed_puzzles",
           "kind_of", "mistakes_by_kind", "overall_accuracy", "progress", "puzzles_solved", "streak"]
