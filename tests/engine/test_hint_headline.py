"""Hints at a glance (issue 31): every hint of every game opens with one short sentence, and says each
assumption once.

A beginner reads the headline ("Bet 1: worth +0.1 chips on average from here.") and opens the rest
("More") only when curious. The headline is a claim like every sentence of a hint: its fact
(``Hint.gist``) is re-derived with the others by tests/engine/test_claims.py; here, over seeded
positions of every game (forced moves included), each hint must have one, in one sentence short
enough to read at a glance, and no assumption ("if the others play as the medium bot does") may be
said twice in one hint: it is stated once, not in every line.
"""

from __future__ import annotations

import random
import re
from typing import Iterator

import pytest

import engine
from engine.claims import ASSUMPTIONS, MODELS
from engine.hints import advisor
from engine.i18n import say

from . import claim_checks as cc
from .helpers import fork

POSITIONS = 40
#: A headline a beginner reads at a glance: the move and one fact, in one sentence.
LONGEST = 100


def positions(game_id: str, count: int, rng: random.Random) -> Iterator[tuple[engine.Game, int]]:
    """Seeded deals under random options played at random; a hint is asked at about one turn in four,
    forced moves included (they have a headline too)."""
    cls = engine.GAMES[game_id]
    found = 0
    while found < count:
        players = rng.randint(cls.min_players, cls.max_players)
        game = engine.new_game(game_id, players=players, seed=rng.getrandbits(40), **cc.random_options(cls, rng))
        while not game.is_over and found < count:
            seat = game.current_player
            legal = game.legal_actions(seat)
            if rng.random() < 0.25:
                found += 1
                yield fork(game), seat
            game.apply(rng.choice(legal), seat)


def one_sentence(text: str) -> bool:
    """A single sentence: it ends with a full stop and none ends inside it (decimals and "3.5" allowed)."""
    return text.endswith(".") and not re.search(r"[.!?]\s", text[:-1])


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_every_hint_opens_with_one_short_sentence_and_says_each_assumption_once(
        game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    ai = advisor(game_id)
    for name, value in getattr(cc.game_checks(game_id), "FAST", {}).items():
        monkeypatch.setattr(ai, name, value)
    problems: list[str] = []
    for game, seat in positions(game_id, POSITIONS, random.Random(f"headline/{game_id}")):
        hint = engine.hint(game, seat)
        lang = game.options.get("lang", "en")
        where = f"{game!r} after {len(game.history)} moves"
        headline = hint.headline()
        if hint.gist is None:
            problems.append(f"{where}: the headline {headline!r} states no fact")
        if not one_sentence(headline) or len(headline) > LONGEST:
            problems.append(f"{where}: the headline is not one short sentence: {headline!r}")
        own = ([c for a in hint.alternatives if a.action == hint.action for c in a.claims]
               + [c for c in hint.claims if getattr(c, "move", "") == hint.action])
        others = [c for a in hint.alternatives if a.action != hint.action for c in a.claims if c not in own]
        if own and hint.gist in others:  # a figure of another move read as this move's (Bid 0: "1 trick in 35%")
            problems.append(f"{where}: the headline {headline!r} states a fact of another move, not of "
                            f"{hint.action!r}, which has its own")
        whole = cc.whole_text(hint)
        for premise in {say(lang, p) for p in [*ASSUMPTIONS.values(), *MODELS.values()]}:
            if whole.count(premise) > 1:
                problems.append(f"{where}: {premise!r} is said {whole.count(premise)} times in {whole!r}")
    assert not problems, f"{game_id}: {len(problems)} problems; first ones:\n" + "\n".join(problems[:8])
