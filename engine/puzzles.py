"""Puzzles from the learner's own mistakes (issue 37): each decision the review rates a mistake or a blunder,
posed again as "what do you play?", only where its answer is clearly and uniquely better.

Why: a review's "mistake: the better move was Bid 1" is read once and gone; a puzzle brings the position back
until the learner plays the better move. A card game's puzzle must be posed honestly: the learner saw only
their view, so a puzzle holds that view and nothing more (the view the review's table shows), and its answer
must beat every other legal move beyond the noise of the figures behind it, or it is not a puzzle.

The separation is re-derived twice: with the review's own figures (the solver's in Jabberwocky and Klaberjass
where the position is within its budget, else the hint's), and with a deeper search (twice the solver's deals
when it samples; a second hint over other imagined deals, with twice the playouts where the advisor takes
them: the review's and as many new ones, pooled). The answer must be the same move both times and beat every
other legal move by more than the margin each time. The puzzle keeps the review's figures as claims
(:func:`claims_of`), which the claims test re-derives (tests/engine/claim_checks/puzzles.py).

A puzzle is a plain JSON-able dict with a version (:data:`VERSION`): the browser keeps it, and the teacher's
page may read the same record.
"""

from __future__ import annotations

import dataclasses
import hashlib
import inspect
import json
import math
from dataclasses import dataclass
from typing import Any

from . import claims, exact
from .hints import Alternative, Hint, advisor, hint_for_view, score_move, state_assumptions_once
from .i18n import N_, say
from .protocol import Game
from .review import Entry, Review, rated_by
from .review_claims import Modelled, Solved
from .review_thresholds import thresholds_for

#: The puzzle record's format: a reader refuses any other.
VERSION = 1
#: The verdicts a puzzle is made of.
SERIOUS = ("mistake", "blunder")
#: How much deeper the second search looks than the review's (deals solved, playouts).
DEEPER = 2
QUESTION = N_("What do you play?")


@dataclass(frozen=True)
class Gap:
    """How far the answer stands above one other legal move: ``gap`` in the game's units, ``margin`` the half
    width of its 95% interval (0: exact), and the claim stating it (the review's cost words)."""

    move: str
    gap: float
    margin: float
    claim: claims.Figure

    @property
    def clear(self) -> bool:
        return self.gap > 0 and self.gap > self.margin


@dataclass(frozen=True)
class Separation:
    """The answer and its gap over every other legal move, from one search (``basis``: solved or hint)."""

    answer: str
    gaps: tuple[Gap, ...]
    basis: str

    @property
    def unique(self) -> bool:
        """The answer beats every other legal move beyond the margin."""
        return bool(self.gaps) and all(g.clear for g in self.gaps)


def separation(game_id: str, view: dict[str, Any], hint: Hint | None, deeper: bool = False,
               known: tuple[exact.Solution | None] | None = None) -> Separation | None:
    """The answer and its gaps over every other legal move of ``view``, or None when some legal move has no
    figure (a rule-based hint) and the question cannot be posed honestly. ``deeper``: the second search.
    ``known``: the solver's solution the review already made of this view, (None,) when it had none within its
    budget (not asked again)."""
    legal = list(view["legal"])
    limits = thresholds_for(game_id)
    scale = limits.scale
    glue = exact.solver_for(game_id)
    solution = None
    if glue is not None:
        solution = known[0] if known is not None else exact.solve_view(game_id, view)
        if solution is not None and deeper and solution.sampled:
            solution = exact.solve_view(game_id, view, seed=1, deals=DEEPER * glue.deals(view))
    if solution is not None:
        best = solution.best
        gaps = []
        for move in legal:
            if move == best:
                continue
            gap = (solution.mean(best) - solution.mean(move)) * scale
            cost = max(0.0, gap)
            solved = Solved(limits.loss_for(cost).name, value=round(cost, 2), move=move, exact=not solution.sampled,
                            samples=solution.solved if solution.sampled else 0, total=solution.total)
            gaps.append(Gap(move, gap, solution.margin(best, move) * scale, solved))
        return Separation(best, tuple(gaps), "solved")
    if deeper:
        hint = _deeper_hint(game_id, view, hint)
        if hint is None:
            return None
    if hint is None:
        hint = hint_for_view(view)
    scored = {a.action: a for a in hint.alternatives}
    best_alt = scored.get(hint.action)
    if best_alt is None or any(m not in scored for m in legal):
        return None
    gaps = []
    for move in legal:
        if move == hint.action:
            continue
        mine = scored[move]
        gap = (best_alt.score - mine.score) * scale
        samples = min((a.samples for a in (best_alt, mine) if a.samples), default=0)
        margin = math.hypot(best_alt.margin, mine.margin) * scale if samples else 0.0
        cost = max(0.0, round(gap, 4))
        name = limits.loss_for(cost).name
        claim: claims.Figure = (Modelled(name, value=round(cost, 2), move=move, exact=False, samples=samples)
                                if samples and glue is not None else
                                claims.Figure(name, value=round(cost, 2), move=move, exact=samples == 0,
                                              samples=samples))
        gaps.append(Gap(move, gap, margin if math.isfinite(margin) else math.inf, claim))
    return Separation(hint.action, tuple(gaps), "hint")


def scored_moves(view: dict[str, Any], hint: Hint) -> Hint:
    """``hint`` with a figure for every legal move its advisor can score: the hint lists a few (Injun's weighs three
    raise sizes of the many allowed, Rummy's some discards), and the advisor scores any other with the same model
    and view (engine.hints.score_move, as the review rates a move the hint did not list). A move it cannot score
    stays without a figure, and the question over every legal move is then not posed."""
    listed = {a.action for a in hint.alternatives}
    extra: list[Alternative] = []
    if listed:
        for move in view["legal"]:
            if move not in listed and (alt := score_move(view, move)) is not None:
                extra.append(alt)
    return dataclasses.replace(hint, alternatives=[*hint.alternatives, *extra]) if extra else hint


def _deeper_hint(game_id: str, view: dict[str, Any], review_hint: Hint | None = None) -> Hint | None:
    """The hint again over other imagined deals (another seed), twice as deep where the advisor takes a number of
    playouts; None when the advisor draws nothing at random (its figures are already all it can say).

    Twice as deep costs only as much again when ``review_hint`` (the review's own, at the advisor's depth) is
    given: the new playouts are as many as the review's, and each move's figure pools the two (:func:`pooled`).
    Asking for twice the playouts afresh was nearly all the time a finished deal's puzzles took (issue 37: within
    1 s in the background; Jabberwocky, 3,200 playouts a mistake)."""
    ai = advisor(game_id)
    params = inspect.signature(ai.advise).parameters
    if "seed" not in params:
        return None
    kwargs: dict[str, Any] = {"seed": 1}
    pool = review_hint is not None and any(a.samples for a in review_hint.alternatives)
    deep = "playouts" in params and hasattr(ai, "HINT_PLAYOUTS")
    if deep:
        kwargs["playouts"] = (DEEPER - 1 if pool else DEEPER) * getattr(ai, "HINT_PLAYOUTS")
    hint = scored_moves(view, state_assumptions_once(ai.advise(view, **kwargs)))  # type: ignore[call-arg]
    return pooled(review_hint, hint) if deep and pool and review_hint is not None else hint


def pooled(first: Hint, second: Hint) -> Hint:
    """``second`` with each move's figure pooled with ``first``'s over both sets of imagined deals (the mean over
    all the playouts, its 95% margin from their spread), as one search of both sizes would give; the answer is
    the move best pooled. A move either hint has no sampled figure for keeps ``second``'s."""
    theirs = {a.action: a for a in first.alternatives}
    alternatives = []
    for mine in second.alternatives:
        other = theirs.get(mine.action)
        if other is None or not other.samples or not mine.samples:
            alternatives.append(mine)
            continue
        n = other.samples + mine.samples
        mean = (other.samples * other.score + mine.samples * mine.score) / n
        squares = sum((a.samples - 1) * (a.margin / 1.96) ** 2 * a.samples + a.samples * (a.score - mean) ** 2
                      for a in (other, mine))
        margin = 1.96 * math.sqrt(squares / (n - 1) / n) if math.isfinite(squares) else math.inf
        alternatives.append(dataclasses.replace(mine, score=mean, samples=n, margin=margin))
    best = max(alternatives, key=lambda a: a.score).action if alternatives else second.action
    return dataclasses.replace(second, action=best, alternatives=alternatives)


def puzzle_for_view(game_id: str, view: dict[str, Any], played: str, verdict: str,
                    hint: Hint | None = None, solved: tuple[exact.Solution | None] | None = None
                    ) -> dict[str, Any] | None:
    """The puzzle of one decision, from the seat's view alone; None unless its answer is clearly and uniquely
    better than every other legal move by both searches, and the move played is not the answer. ``hint`` and
    ``solved``: the review's own, when it made them (``known`` in :func:`separation`)."""
    if len(view["legal"]) < 2 or played not in view["legal"]:
        return None
    hint = scored_moves(view, hint if hint is not None else hint_for_view(view))
    first = separation(game_id, view, hint, known=solved)
    if first is None or not first.unique or first.answer == played:
        return None
    second = separation(game_id, view, hint, deeper=True, known=solved)
    if second is not None and (second.answer != first.answer or not second.unique):
        return None
    lang = view.get("options", {}).get("lang", "en")
    notes = {a.action: a.note for a in hint.alternatives}
    answer = first.answer
    reasons = {answer: hint.reason if answer == hint.action else notes.get(answer, "")}
    for gap in first.gaps:
        reasons[gap.move] = notes.get(gap.move, "")
    body = {"game": game_id, "seat": view["seat"], "view": view, "moves": list(view["legal"])}
    return {
        "v": VERSION, "kind": "parlour-puzzle",
        "id": hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()[:16],
        **body,
        "lang": lang,
        "question": say(lang, QUESTION),
        "answer": answer,
        "played": played,
        "verdict": verdict,
        "reasons": reasons,
        "basis": first.basis,
        "deeper": second is not None,
        "figures": [{"move": g.move, "gap": round(g.gap, 4), "margin": round(g.margin, 4) if math.isfinite(g.margin)
                     else None, "claim": _claim_record(g.claim)} for g in first.gaps],
    }


def puzzle_at(position: Game, seat: int, entry: Entry, hint: Hint | None = None) -> dict[str, Any] | None:
    """The puzzle of a review's entry, ``position`` being the game as it was before the move (only
    ``position.view(seat)`` is read). The hint and the solution the review rated the entry by are used again,
    not asked again (engine.review.rated_by)."""
    if entry.verdict not in SERIOUS:
        return None
    kept = rated_by(entry)
    solved: tuple[exact.Solution | None] | None = None
    if hint is None and kept is not None:
        hint, solved = kept[0], (kept[1],)
    return puzzle_for_view(position.id, position.view(seat), entry.action, entry.verdict, hint, solved)


def puzzles_from_review(game: Game, review: Review) -> list[dict[str, Any]]:
    """Every puzzle a finished deal's review yields: one per mistake or blunder whose answer is clearly and
    uniquely better (the others yield none)."""
    out = []
    for entry in review.entries:
        if entry.verdict in SERIOUS:
            puzzle = puzzle_at(game.replayed(game.history[:entry.index]), review.seat, entry)
            if puzzle is not None:
                out.append(puzzle)
    return out


def _claim_record(claim: claims.Figure) -> dict[str, Any]:
    record: dict[str, Any] = {"type": type(claim).__name__, "fact": claim.fact, "value": claim.value,
                              "move": claim.move, "exact": claim.exact, "samples": claim.samples}
    if isinstance(claim, Solved):
        record["total"] = claim.total
    if isinstance(claim, Modelled):
        record["assumption"] = claim.assumption
    return record


def claims_of(puzzle: dict[str, Any]) -> list[claims.Figure]:
    """The puzzle's figures as claims again (from the stored record: what the learner is told)."""
    out: list[claims.Figure] = []
    for figure in puzzle["figures"]:
        c = dict(figure["claim"])
        kind = c.pop("type")
        if kind == "Solved":
            out.append(Solved(**c))
        elif kind == "Modelled":
            out.append(Modelled(**c))
        else:
            out.append(claims.Figure(**c))
    return out


def figure_words(puzzle: dict[str, Any]) -> list[tuple[str, str]]:
    """(move, the words of its cost against the answer) for every other legal move, in the puzzle's language."""
    return [(c.move, c.words(puzzle.get("lang", "en"))) for c in claims_of(puzzle)]


def is_puzzle(record: Any) -> bool:
    """A record this version reads: the right version and kind, and the fields a puzzle is asked with."""
    return (isinstance(record, dict) and record.get("v") == VERSION and record.get("kind") == "parlour-puzzle"
            and isinstance(record.get("view"), dict) and isinstance(record.get("moves"), list)
            and record.get("answer") in record["moves"] and isinstance(record.get("reasons"), dict))


__all__ = ["DEEPER", "Gap", "QUESTION", "SERIOUS", "Separation", "VERSION", "claims_of", "figure_words", "is_puzzle",
           "puzzle_at", "puzzle_for_view", "puzzles_from_review", "scored_moves", "separation"]
