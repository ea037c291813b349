"""The hints and the review of the other games read in Portuguese on a Portuguese table (issue 36, item 5).

Jubilee, Jabberwocky, Klaberjass, Basic Rummy and Kalooki are not the Brazilian book's games, but a class that
speaks Portuguese plays them at a Portuguese table: their advisors write every sentence of a hint from catalog
templates (``engine.claims.say``), as the book's games do. Seeded ``lang="pt"`` games are played at random and
every hint's reason, note, headline fact and claim, and every line of the review of seat 0, is checked as
tests/engine/test_portuguese_hints.py checks the book's games: each part a catalog sentence, every field
filled, no English word. The English of these hints is pinned by the fingerprint (tests/engine/fingerprint.py).
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

import engine
from engine import i18n
from engine.hints import Bot, advisor

from . import claim_checks as cc
from .test_portuguese_hints import NAMES, _check_hint, _check_review, play_checking_hints
from .test_portuguese_sentences import ENGLISH, _words

ROOT = Path(__file__).resolve().parents[2]

#: (game id, players, options, seeds): seeded Portuguese tables, random legal play, a hint at every decision.
HINT_GAMES: list[tuple[str, int, dict[str, Any], tuple[int, ...]]] = [
    ("jubilee", 3, {}, (1, 2)),
    ("jubilee", 4, {"first_play": "black"}, (3,)),
    ("jabberwocky", 4, {"rounds": [1, 2, 3]}, (1, 2)),
    ("jabberwocky", 3, {"rounds": [2, 1], "revoke": "table"}, (3,)),
    ("klaberjass", 2, {"target": 150}, (1,)),
    ("klaberjass", 2, {"target": 150, "schmeiss": True, "dix": True, "turn_up": "out_of_play"}, (2,)),
    ("rummy", 3, {"target": 40}, (1,)),
    ("rummy", 2, {"target": 40, "jokers": True, "ace": "high_or_low"}, (2,)),
    ("kalooki", 3, {"deals": [1]}, (1,)),
    ("kalooki", 4, {"deals": [6], "trinidad_jokers": True, "trinidad_calls": True, "challenge": True}, (2,)),
]



@pytest.fixture
def fast(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fewer imagined deals (the claims test's FAST settings): the words do not depend on how many."""
    for game_id in {g for g, _, _, _ in HINT_GAMES}:
        for name, value in getattr(cc.game_checks(game_id), "FAST", {}).items():
            monkeypatch.setattr(advisor(game_id), name, value)


@pytest.mark.parametrize("game_id, players, options, seeds", HINT_GAMES,
                         ids=[f"{g}-{p}p-{'-'.join(map(str, o.values())) or 'default'}" for g, p, o, _ in HINT_GAMES])
def test_every_hint_and_review_sentence_reads_in_portuguese(game_id: str, players: int, options: dict[str, Any],
                                                             seeds: tuple[int, ...], fast: None) -> None:
    checked = decisions = 0
    for seed in seeds:
        game, hints = play_checking_hints(game_id, players, options, seed, max_moves=300)
        checked += hints
        if game.history:
            decisions += _check_review(game, f"{game_id} seed {seed}, review")
    assert checked > 10 and decisions > 0


@pytest.mark.parametrize("game_id", sorted({g for g, _, _, _ in HINT_GAMES}))
def test_the_catalog_translates_every_hint_sentence_of_the_game(game_id: str) -> None:
    messages = i18n.extract_messages(ROOT / "engine/games" / f"{game_id}_ai.py")
    pt = i18n.catalog("pt")
    english = [m for m in messages if pt.gettext(m) == m and _words(re.sub(r"\{\w*\}", " ", m)) & ENGLISH]
    assert english == []  # a template of fields alone ("{only}.") needs no Portuguese
    assert getattr(advisor(game_id), "LANGUAGES", ()) == ("en", "pt")



def test_kalooki_hints_of_players_who_lay_down_tack_and_call_read_in_portuguese(fast: None) -> None:
    """Random play seldom lays a Kalooki contract down: medium bots do, and some calls make a hand that is still
    held after the lay-down, so the hints of a laid-down hand (tack, swap, draw, take, discard, Trinidad calls),
    of the lay-down itself, of a challenge and of every seat that may call (out of turn) are checked here, with
    the review of seat 0."""
    kinds: set[str] = set()
    checked = decisions = 0
    for seed, deal in ((1, 2), (3, 6)):
        game = engine.new_game("kalooki", players=3, seed=seed, names=NAMES[:3], lang="pt", deals=[deal],
                               trinidad_jokers=True, joker_swaps=True, trinidad_calls=True, challenge=True)
        bots = [Bot("kalooki", "medium", seed=seat) for seat in range(3)]
        chooser = random.Random(seed)
        for _ in range(400):
            if game.is_over:
                break
            seats = game.to_act()
            for seat in seats:
                if len(game.legal_actions(seat)) > 1:
                    hint = engine.hint(game, seat)
                    kinds.add(hint.action.split()[0] + (" laid" if game.view(seat)["laid_down"][seat] else ""))
                    checked += _check_hint(hint, f"kalooki seed {seed} move {len(game.history)} seat {seat}")
            callers = [s for s in seats[1:] if "call" in map(str, game.legal_actions(s)) and chooser.random() < 0.3]
            seat = callers[0] if callers else seats[0]
            game.apply("call" if callers else bots[seat].choose(game.view(seat)), seat)
        decisions += _check_review(game, f"kalooki seed {seed}, review")
    assert {"lay", "call", "refuse", "challenge", "pass laid", "allow laid", "draw laid", "take laid", "tack laid",
            "swap laid", "discard laid"} <= kinds, kinds
    assert checked > 100 and decisions > 0
