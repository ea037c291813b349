"""Relógio Real's claim (its outcome), re-derived by playing the real engine on (docs/rules/relogio_real.md).

Every step is forced, so "won in 12 more steps" or "lost: within 40 steps a position comes back" is a
certainty; the checker plays a copy of the real game to its end and counts. Relógio Real has no choices,
so ``test_claims`` does not ask it for hints; ``test_relogio_hints`` runs this checker instead.
"""

from __future__ import annotations

import engine
from engine.claims import Certain, Claim
from engine.hints import Hint

from ..helpers import fork


def check_outcome(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    assert isinstance(claim, Certain)
    trial = fork(game)
    steps = 0
    while not trial.is_over:
        trial.apply("move")
        steps += 1
    won = trial.deal.result == "won"  # type: ignore[attr-defined]
    said_won = claim.fact == "relogio_real.won"
    if won != said_won or claim.detail["n"] != steps:
        return f"the deal is said to be {'won' if said_won else 'lost'} within {claim.detail['n']} steps; " \
               f"played out it is {'won' if won else 'lost'} after {steps}"
    return None


CHECKS = {("certain", "relogio_real.won"): check_outcome, ("certain", "relogio_real.lost"): check_outcome}
