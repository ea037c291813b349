"""A puzzle's figures (engine/puzzles.py), re-derived: each is the review's cost of one other legal move against
the answer, so a solved one is checked by the tests' own exhaustive solver (review_costs.check_solved) and one
read from the hint (modelled or exact) against the hint's own figures, recomputed here from its alternatives (and
the advisor's figure for a move the hint did not list)."""

from __future__ import annotations

import dataclasses

import engine
from engine import puzzles
from engine.claims import Claim, Figure
from engine.hints import Hint, score_move
from engine.review_claims import Modelled, Solved

from .review_costs import check_modelled, check_solved, hint_cost


def check_hint_figure(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    """An exact or sampled figure of a game without a solver: the hint's estimate of its move less the move's,
    over the fewer deals of the two."""
    assert isinstance(claim, Figure)
    cost = hint_cost(game, claim.move, hint)
    if cost is None:
        return f"{claim.move}'s figure has no figure of the hint behind it"
    loss, samples = cost
    if abs(loss - claim.value) > 0.01 or claim.samples != samples or claim.exact != (samples == 0):
        return f"{claim.move} is said to cost {claim.value} over {claim.samples} deals; the hint gives {loss:.2f} " \
               f"over {samples}"
    return None


def check_puzzle(game: engine.Game, seat: int, puzzle: dict) -> list[str]:
    """Every figure of ``puzzle``, posed at ``game`` (the position before the move) for ``seat``: re-derived, and
    the answer's gap over each other legal move beyond its margin, for every legal move but the answer."""
    problems = []
    view = game.view(seat)
    if puzzle["view"] != view or puzzle["moves"] != view["legal"]:
        problems.append("the puzzle is not the seat's view of the position")
    hint = engine.hint(game, seat)
    listed = {a.action for a in hint.alternatives}
    extra = [score_move(view, m) for m in view["legal"] if m not in listed]  # scored by the advisor, as the review does
    hint = dataclasses.replace(hint, alternatives=[*hint.alternatives, *(a for a in extra if a is not None)])
    said = puzzles.claims_of(puzzle)
    if sorted(c.move for c in said) != sorted(m for m in view["legal"] if m != puzzle["answer"]):
        problems.append(f"figures for {[c.move for c in said]}, not for every other legal move")
    for claim, figure in zip(said, puzzle["figures"]):
        if claim.move != figure["move"] or abs(claim.value - max(0.0, figure["gap"])) > 0.01:
            problems.append(f"{figure['move']}: the claim {claim!r} does not state the figure {figure}")
        check = check_solved if isinstance(claim, Solved) else check_modelled if isinstance(claim, Modelled) \
            else check_hint_figure
        problem = check(game, seat, claim, hint)
        if problem:
            problems.append(problem)
        margin = figure["margin"]
        if margin is None or not figure["gap"] > margin:
            problems.append(f"{claim.move} is within the margin of the answer: {figure['gap']} ± {margin}")
    return problems
