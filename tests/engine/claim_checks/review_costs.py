"""The review's costs in Jabberwocky and Klaberjass (engine/review_claims.py), re-derived: a solved cost by the
tests' own exhaustive solver (tests/engine/exact_reference.py), a modelled one from the hint's figures."""

from __future__ import annotations

import engine
from engine.claims import Claim
from engine.hints import Hint
from engine.review_claims import Modelled, Solved
from engine.review_thresholds import thresholds_for

from ..exact_reference import klaberjass_hands, truth


def check_solved(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    """The cost is the best move's average less the move's over the deals the view allows, best play by all:
    exactly when every deal was solved (and as many deals as the view allows), else within the margins."""
    assert isinstance(claim, Solved)
    view = game.view(seat)
    limits = thresholds_for(game.id)
    real = truth(game.id, view)
    if claim.move not in real.values:
        return f"{claim.move} is not a legal move here"
    gap = (real.mean(real.best) - real.mean(claim.move)) * limits.scale
    if game.id == "klaberjass" and claim.total != len(klaberjass_hands(view)):
        return f"the view is said to allow {claim.total} deals; it allows {len(klaberjass_hands(view))}"
    if claim.exact:
        if not real.every_deal or abs(gap - claim.value) > 0.01:
            return f"{claim.move} is said to cost exactly {claim.value}; solved, it costs {gap:.2f}"
        return None
    slack = 3 * real.margin(real.best, claim.move) * limits.scale + 0.05 * limits.mistake
    if abs(gap - claim.value) > slack:
        return f"{claim.move} is said to cost {claim.value} over {claim.samples} deals; solved, {gap:.2f} ± {slack:.2f}"
    return None


def hint_cost(game: engine.Game, move: str, hint: Hint) -> tuple[float, int] | None:
    """The hint's estimate of its own move less ``move``'s, in the game's units (never below 0), and the deals the
    fewer of the two averaged (0: both exact); None when the hint gives either no figure."""
    scored = {a.action: a for a in hint.alternatives}
    better, mine = scored.get(hint.action), scored.get(move)
    if better is None or mine is None:
        return None
    samples = min((a.samples for a in (better, mine) if a.samples), default=0)
    return max(0.0, (better.score - mine.score) * thresholds_for(game.id).scale), samples


def check_modelled(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    """The cost is the hint's estimate of its move less the move's (medium-bot playouts), with the deals the
    fewer of the two averaged, and says the medium bot's model."""
    assert isinstance(claim, Modelled)
    cost = hint_cost(game, claim.move, hint)
    if cost is None:
        return f"{claim.move}'s cost has no figure of the hint behind it"
    loss, samples = cost
    if abs(loss - claim.value) > 0.01 or claim.samples != samples or claim.assumption != "medium":
        return f"{claim.move} is said to cost {claim.value} over {claim.samples} deals ({claim.assumption}); " \
               f"the hint's figures give {loss:.2f} over {samples} (medium)"
    return None


def checks(game_id: str) -> dict[tuple[str, str], object]:
    """The checkers of the game's loss facts (both the plural and the singular words)."""
    names = (f"review.loss.{game_id}", f"review.loss.{game_id}.one")
    return {**{("solved", n): check_solved for n in names}, **{("modelled", n): check_modelled for n in names}}
