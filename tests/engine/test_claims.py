"""Every claim a hint makes is true of the real game, in every game (issue 18, part 1; DESIGN.md
"Claims and the review").

For each game in ``engine.GAMES`` whose players choose, seeded deals under random options are played
at random, and at many positions the seat to act asks for a hint. Each claim the hint carries
(``Hint.claims`` and each alternative's ``claims``) is re-derived by ``claim_checks`` from the real
game, independently of the advisor: a certainty against every legal reply, a count or a comparison
recounted from the view, a share by its bookkeeping. The hint's words are then checked to come from
its claims: each claim's words stand in the text (or its words without their assumption, when the
hint states that assumption elsewhere: once, not in every line), and outside them the text states no
share and no certainty. The headline's fact (``Hint.gist``) is re-derived the same way (issue 31). A
new game is checked by being registered; a fact nobody can check fails.

Positions per game: 120 in ``./run test``, 300 in CI (``PARLOUR_SOAK=full``, as the soaks;
tests/engine/soak.py). Of the faults this test found, the rare ones needed 2,000 positions (d5373cf,
11c43b3) and the one found at 300 showed in six games at once (5a70546): volume is CI's job.
``PARLOUR_CLAIM_POSITIONS`` sets the positions per game (thousands for a thorough local run).
"""

from __future__ import annotations

import os
import random

import pytest

import engine
from engine.hints import advisor

from . import claim_checks as cc
from . import soak

POSITIONS = int(os.environ.get("PARLOUR_CLAIM_POSITIONS") or soak.size(120, 300))
GAMES_WITH_HINTS = sorted(g for g, cls in engine.GAMES.items() if cls.has_choices)


@pytest.mark.parametrize("game_id", GAMES_WITH_HINTS)
def test_every_claim_of_every_hint_holds(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    module = cc.game_checks(game_id)
    ai = advisor(game_id)
    for name, value in getattr(module, "FAST", {}).items():
        assert hasattr(ai, name), f"{game_id}: FAST names {name}, which its advisor does not have"
        monkeypatch.setattr(ai, name, value)
    rng = random.Random(f"claims/{game_id}")
    make = getattr(module, "positions", None)
    positions = make(POSITIONS, rng) if make else cc.random_positions(game_id, POSITIONS, rng)
    problems: list[str] = []
    asked = stated = 0
    for game, seat in positions:
        hint = engine.hint(game, seat)
        asked += 1
        lang = hint.lang  # the table's language where the advisor speaks it, else English
        where = f"{game!r} after {len(game.history)} moves, seat {seat}"
        said = cc.claims_of(hint)
        stated += len(said)
        whole = cc.whole_text(hint)
        for claim, text in said:
            if not cc.states(claim, text, whole, lang):
                problems.append(f"{where}: the claim {claim!r} is not in its text {text!r}")
            check = cc.checker(game_id, claim)
            if check is None:
                problems.append(f"{where}: no checker for a {claim.kind} claim of {claim.fact!r}")
                continue
            for run in {check, cc.check_share} if claim.kind == "sampled" else {check}:
                problem = run(game, seat, claim, hint)
                if problem:
                    problems.append(f"{where}: {problem} (hint: {hint.reason!r})")
        # the headline is a claim like any other: its gist re-derived, its words the gist's, nothing else said
        headline = hint.headline()
        if hint.gist is None:
            problems.append(f"{where}: the headline {headline!r} states no fact")
        else:
            if hint.gist.bare(lang) not in headline:
                problems.append(f"{where}: the gist {hint.gist!r} is not in the headline {headline!r}")
            if hint.gist.premise(lang) and hint.gist.premise(lang) not in whole:
                problems.append(f"{where}: the headline's assumption is stated nowhere in the hint")
            check = cc.checker(game_id, hint.gist)
            problem = check(game, seat, hint.gist, hint) if check else f"no checker for the gist {hint.gist.fact!r}"
            if problem:
                problems.append(f"{where}: headline {headline!r}: {problem}")
        for text, claims in ([(hint.reason, hint.claims), (headline, (hint.gist,) if hint.gist else ())]
                             + [(a.note, a.claims) for a in hint.alternatives]):
            extra = cc.residue(text, list(claims), lang)
            if extra:
                problems.append(f"{where}: {extra} said outside a claim in {text!r}")
        if len(problems) > 20:
            break
    assert not problems, (f"{game_id}: {len(problems)} problems in {asked} hints; first ones:\n"
                          + "\n".join(problems[:20]))
    assert asked == POSITIONS, f"{game_id}: only {asked} of {POSITIONS} positions reached"
    # a game whose hints state no claim at all would pass vacuously: its facts must go through claims
    assert stated >= asked // 2, f"{game_id}: only {stated} claims in {asked} hints"
