"""The review of a deal: every decision one seat made, rated against the hint at that moment.

Why: a learner improves fastest by seeing, after the game, which choices cost them and what was
better. The review stands on the hint engine alone: the game is replayed from its set-up and
history to each decision, and :func:`engine.hint` is asked there, from ``game.view(seat)`` — so a
review never uses a card the seat could not see at the time. Each decision's cost is the hint's
estimate of the better move minus the estimate of the move made, in the game's units
(engine/review_thresholds.py). Where the hint averages imagined deals the cost is an average with
its number of deals, and a move within the noise of the better one (both estimates' 95% intervals,
:func:`engine.claims.indistinct`) is never more than "good"; exact estimates give exact costs.

In a game with a solver (engine/exact.py: Jabberwocky, Klaberjass; issue 37) a small position's better
move and cost come instead from exact search over every deal the view allows, with best play by everyone;
elsewhere the cost's words say they assume the others play as the medium bot does; and a verdict is read
from the cost less its margin, so a move is a mistake only when the better move is better by a mistake's
cost beyond the noise.

Accuracy is the share of decisions rated best or good (within the noise of the better move, or
costing less than an inaccuracy). Moves the rules force (one legal move) are not decisions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

from . import claims, exact
from .hints import Alternative, Hint, score_move
from .hints import hint as ask_hint
from .i18n import N_, say
from .numerals import localize
from .protocol import Game, ParlourError
from .review_claims import Modelled, Solved
from .review_thresholds import Thresholds, thresholds_for
from .words import agreeing

VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")
VERDICT_WORDS = {"best": N_("best"), "good": N_("good"), "inaccuracy": N_("inaccuracy"),
                 "mistake": N_("mistake"), "blunder": N_("blunder")}
#: Why a turn is not rated, for a game that gives no reason of its own (engine/review_thresholds.py, ``unrated``).
UNRATED_WHY = N_("the hint gives no figure to compare your move with there, so it counts neither for nor against "
                 "your accuracy.")
ACCURACY_DEFINITION = N_("Accuracy is the share of your decisions rated best or good: good means the move "
                         "cost less than an inaccuracy, or could not be told apart from the better move.")


@dataclass(frozen=True)
class Entry:
    """One decision: what ``seat`` did at move ``index`` of the history, and how it compares."""

    index: int
    seat: int
    action: str
    best: str
    loss: float
    verdict: str
    #: the hint's own reason for ``best``, in its words (built from its claims)
    reason: str
    #: the hint's one-line note on the better move, and on the move made
    best_note: str
    note: str
    #: the estimates, in the game's units (``score`` of the move made, ``best_score`` of the better one)
    score: float
    best_score: float
    #: imagined deals behind the cost (0: an exact figure) and its noise, in the game's units
    samples: int
    noise: float
    #: the loss as a claim, then every claim the hint's reason states
    claims: tuple[claims.Claim, ...] = ()
    legal: int = 0

    @property
    def within_noise(self) -> bool:
        return self.samples > 0 and self.loss > 0 and claims.indistinct([self.best_score, self.score], self.noise)

    def loss_words(self, lang: str = "en") -> str:
        """The cost in words, with its sample size when it is an average ("" for the better move itself)."""
        return self.claims[0].words(lang) if self.loss > 0 else ""


@dataclass(frozen=True)
class Review:
    game: str
    seat: int
    entries: tuple[Entry, ...]
    #: moves the seat made that the rules forced (one legal move): not decisions, not rated
    forced: int = 0
    #: decisions the hint gives no figure for (see :func:`assess`): (index, move made, hint's move)
    unrated: tuple[tuple[int, str, str], ...] = ()
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def decisions(self) -> int:
        return len(self.entries)

    @property
    def best(self) -> int:
        return self.counts.get("best", 0)

    @property
    def total_loss(self) -> float:
        return round(sum(e.loss for e in self.entries), 2)

    @property
    def accuracy(self) -> float | None:
        """Share of decisions rated best or good (None with no decision): see ACCURACY_DEFINITION."""
        if not self.entries:
            return None
        return (self.counts.get("best", 0) + self.counts.get("good", 0)) / len(self.entries)

    @property
    def summary(self) -> dict[str, Any]:
        return {"decisions": self.decisions, "best": self.best, "counts": dict(self.counts),
                "total_loss": self.total_loss, "accuracy": self.accuracy, "forced": self.forced,
                "unrated": len(self.unrated),
                "accuracy_definition": ACCURACY_DEFINITION}

    def summary_words(self, lang: str = "en") -> str:
        """The review in a sentence or two: decisions, cost, accuracy, and the turns left unrated, if any, with the
        game's reason (accuracy leaves them out, so a learner who never puts a meld down is told so here)."""
        unrated = self.unrated_words(lang)
        if not self.entries:
            if unrated:
                return unrated
            return claims.say(lang, N_("You made no decision in this deal: every move you made was the only one "
                                       "allowed."))
        unit = say(lang, thresholds_for(self.game).unit_for(self.total_loss))  # "1 card short", "2 cards short"
        one, many = N_("{n} decision ({best} best); total cost {cost} {unit}; accuracy {acc}."), \
            N_("{n} decisions, {best} of them best; total cost {cost} {unit}; accuracy {acc}.")
        rated = claims.say(lang, agreeing(self.decisions, one, many), n=self.decisions, best=self.best,
                           cost=claims._number(self.total_loss, lang), unit=unit,
                           acc=localize(f"{round(100 * (self.accuracy or 0))}%", lang))
        return claims.paragraph(lang, rated, unrated) if unrated else rated

    def unrated_words(self, lang: str = "en") -> str:
        """ "2 turns are not rated: …" and why (the game's ``unrated`` reason), or "" when every decision is
        rated."""
        if not self.unrated:
            return ""
        why = thresholds_for(self.game).unrated or UNRATED_WHY
        n = len(self.unrated)
        one, many = N_("{n} turn is not rated: {why}"), N_("{n} turns are not rated: {why}")
        return claims.say(lang, agreeing(n, one, many), n=n, why=say(lang, why))


def verdict_for(loss: float, within_noise: bool, limits: Thresholds, is_best: bool) -> str:
    """The word for a cost: best (the better move, or as good), good (cheap, or within the noise),
    then inaccuracy, mistake, blunder by the game's thresholds."""
    if is_best or loss <= 0:
        return "best"
    if within_noise or loss < limits.inaccuracy:
        return "good"
    if loss < limits.mistake:
        return "inaccuracy"
    if loss < limits.blunder:
        return "mistake"
    return "blunder"


def assess(game: Game, seat: int, action: str, index: int | None = None,
           hint: Hint | None = None) -> Entry | None:
    """Rate ``action`` for ``seat`` in the position ``game`` is in now (before the move is made).

    Only :func:`engine.hint` looks at the position, and it reads ``game.view(seat)`` alone. None
    when the hint has no figure for the move made or for its own (a rule-based advice, such as
    "put this set down", that the move made did not follow): such a move is counted, not rated.
    """
    limits = thresholds_for(game.id)
    action = str(game.parse_action(action))
    if hint is None:
        hint = ask_hint(game, seat)
    if exact.solver_for(game.id) is not None:
        return _assess_strictly(game, seat, action, index, hint, limits)
    return _rated_with(_assess(game, seat, action, index, hint, limits), hint, None)


def _rated_with(entry: Entry | None, hint: Hint, solution: exact.Solution | None) -> Entry | None:
    """``entry`` with the hint and the solver's solution (None: none within its budget, or no solver) it was rated
    by kept beside it, not in its fields (a review's record and the engine's fingerprint are unchanged): a puzzle
    made of it (engine/puzzles.py) asks neither again, which was most of the time a finished deal's puzzles took
    (issue 37: review → puzzles within 1 s)."""
    if entry is not None:
        object.__setattr__(entry, "_rated_by", (hint, solution))
    return entry


def rated_by(entry: Entry) -> tuple[Hint, exact.Solution | None] | None:
    """The hint and the solution ``entry`` was rated by (:func:`assess`), or None for an entry made otherwise (read
    from a record, or changed since)."""
    kept = entry.__dict__.get("_rated_by")
    return kept if isinstance(kept, tuple) else None


def _assess(game: Game, seat: int, action: str, index: int | None, hint: Hint, limits: Thresholds) -> Entry | None:
    """:func:`assess` for a game without a solver: the hint's figures."""
    scored = _scored(game, seat, action, hint)
    mine, better = scored.get(action), scored.get(hint.action)
    if action == hint.action and (mine is None or better is None):
        mine = better = Alternative(action, 0.0, hint.reason)  # the hint's rule-based move, followed: no cost
    if mine is None or better is None:
        return None  # the hint gives no figure to compare the two moves: not rated
    scale = limits.scale
    loss = max(0.0, round((better.score - mine.score) * scale, 4))
    samples = _samples(mine, better)
    noise = math.hypot(better.margin, mine.margin) * scale if samples else 0.0
    within = samples > 0 and loss > 0 and claims.indistinct([better.score * scale, mine.score * scale], noise)
    verdict = verdict_for(loss, within, limits, action == hint.action)
    cost = claims.Figure(limits.loss_for(loss).name, value=round(loss, 2), move=action, exact=samples == 0,
                         samples=samples)
    return Entry(index=len(game.history) if index is None else index, seat=seat, action=action, best=hint.action,
                 loss=loss, verdict=verdict, reason=hint.reason, best_note=better.note, note=mine.note,
                 score=round(mine.score * scale, 4), best_score=round(better.score * scale, 4), samples=samples,
                 noise=noise if math.isfinite(noise) else math.inf, claims=(cost, *hint.claims),
                 legal=len(game.legal_actions(seat)))


def _assess_strictly(game: Game, seat: int, action: str, index: int | None, hint: Hint,
                     limits: Thresholds) -> Entry | None:
    """:func:`assess` for a game with a solver (engine/exact.py), issue 37's rule: where the position is small
    enough, the better move and the cost come from exact search over every deal the view allows (a uniform
    sample of them when too many, with its margin); elsewhere from the hint's playouts, and the cost's words
    say they assume the others play as the medium bot does. Either way a verdict is decided by the cost less
    its 95% margin: a move is a mistake only when the better move is better by a mistake's cost beyond it."""
    scored = _scored(game, seat, action, hint)
    view = game.view(seat)
    solution = exact.solve_view(game.id, view) if action in view["legal"] else None
    scale = limits.scale
    if solution is not None:
        best = solution.best
        best_score, score = solution.mean(best) * scale, solution.mean(action) * scale
        margin = solution.margin(best, action) * scale
        samples = solution.solved if solution.sampled else 0
        loss = max(0.0, round(best_score - score, 4))
        cost: claims.Figure = Solved(limits.loss_for(loss).name, value=round(loss, 2), move=action,
                                     exact=not solution.sampled, samples=samples, total=solution.total)
    else:
        mine, better = scored.get(action), scored.get(hint.action)
        if action == hint.action and (mine is None or better is None):
            mine = better = Alternative(action, 0.0, hint.reason)  # the hint's rule-based move, followed: no cost
        if mine is None or better is None:
            return None  # the hint gives no figure to compare the two moves: not rated
        best, best_score, score = hint.action, better.score * scale, mine.score * scale
        samples = _samples(mine, better)
        margin = math.hypot(better.margin, mine.margin) * scale if samples else 0.0
        loss = max(0.0, round(best_score - score, 4))
        name = limits.loss_for(loss).name
        cost = Modelled(name, value=round(loss, 2), move=action, exact=False, samples=samples) if samples else \
            claims.Figure(name, value=round(loss, 2), move=action, exact=True)
    margin = margin if math.isfinite(margin) else math.inf
    within = samples > 0 and loss > 0 and loss <= margin
    if action == best or loss <= 0:
        verdict = "best"
    else:  # rated by the least cost its margin allows: within the margin, good
        verdict = verdict_for(max(0.0, loss - margin), True if loss <= margin else within, limits, False)
    best_alt, mine_alt = scored.get(best), scored.get(action)
    best_note = best_alt.note if best_alt else ""
    reason = hint.reason if best == hint.action else best_note
    entry = Entry(index=len(game.history) if index is None else index, seat=seat, action=action, best=best,
                  loss=loss, verdict=verdict, reason=reason, best_note=best_note,
                  note=mine_alt.note if mine_alt else "", score=round(score, 4), best_score=round(best_score, 4),
                  samples=samples, noise=margin, claims=(cost, *hint.claims), legal=len(game.legal_actions(seat)))
    return _rated_with(entry, hint, solution)


def _scored(game: Game, seat: int, action: str, hint: Hint) -> dict[str, Alternative]:
    """The hint's figures by move, with the move made scored by the advisor when the hint did not list it."""
    scored = {a.action: a for a in hint.alternatives}
    if action not in scored and scored:
        extra = score_move(game.view(seat), action)
        if extra is not None:
            scored[action] = extra
    return scored


def _samples(*alternatives: Alternative) -> int:
    """The deals a cost averages: the fewest behind either estimate (0 when both are exact)."""
    sampled = [a.samples for a in alternatives if a.samples]
    return min(sampled) if sampled else 0


def is_decision(game: Game, seat: int) -> bool:
    """``seat`` is to move now and has more than one legal move."""
    return seat in game.to_act() and len(game.legal_actions(seat)) > 1


def review(game: Game, seat: int, start: int = 0, stop: int | None = None,
           progress: Callable[[int, int], None] | None = None) -> Review:
    """Every decision ``seat`` made in ``game``'s history, rated (see the module's docstring).

    The game is replayed from its seed, options and history; ``game`` itself is not touched. Only
    the moves ``start`` to ``stop`` of the history are rated (one deal of a match, say).
    ``progress(done, total)`` is called after each move replayed, for a table's progress line.
    """
    if not type(game).has_choices:
        raise ParlourError(f"{game.name} has no decisions to review: every move is forced")
    game._check_seat(seat)
    history = game.history[:stop]
    replay = type(game)(**game.setup_args())
    entries: list[Entry] = []
    unrated: list[tuple[int, str, str]] = []
    forced = 0
    for i, (who, action) in enumerate(history):
        if who == seat and i >= start:
            if is_decision(replay, seat):
                hint = ask_hint(replay, seat)
                entry = assess(replay, seat, action, i, hint)
                if entry is None:
                    unrated.append((i, action, hint.action))
                else:
                    entries.append(entry)
            else:
                forced += 1
        replay.apply(action, who)
        if progress is not None:
            progress(i + 1, len(history))
    return reviewed(game.id, seat, entries, forced, unrated)


def reviewed(game_id: str, seat: int, entries: list[Entry], forced: int = 0,
             unrated: list[tuple[int, str, str]] | None = None) -> Review:
    """A review from entries already assessed (a table assesses each decision as it is made)."""
    counts = {v: sum(e.verdict == v for e in entries) for v in VERDICTS}
    return Review(game_id, seat, tuple(sorted(entries, key=lambda e: e.index)), forced,
                  tuple(sorted(unrated or ())), counts)


__all__ = ["ACCURACY_DEFINITION", "Entry", "Review", "VERDICTS", "VERDICT_WORDS", "assess", "is_decision", "rated_by",
           "review", "reviewed", "verdict_for"]
