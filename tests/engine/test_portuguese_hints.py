"""The hints and the review of the book's games read in Portuguese on a Portuguese table (issue 36, items 1 and 3).

Relógio, Relógio Real, El Gato and Injun come from a Brazilian book; their advisors write every sentence of a
hint from catalog templates (``engine.claims.say``), so on a ``lang="pt"`` table every hint's reason, every
move's note, the headline's fact and every claim, and every line of the review (the summary, each decision's
cost, reason and notes) is a :class:`engine.i18n.Sentence` whose every part comes from the catalog, fills its
fields and holds no English word (the check of tests/engine/test_portuguese_sentences.py, applied to each
part). The English of these hints is pinned by the fingerprint (tests/engine/fingerprint.py).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import engine
from engine import i18n
from engine.hints import advisor
from engine.i18n import Sentence
from engine.review import VERDICT_WORDS

from . import claim_checks as cc
from .test_portuguese_sentences import ENGLISH, PO, _words

#: (game id, players, options, seeds): seeded Portuguese tables, random legal play, a hint at every decision.
HINT_GAMES: list[tuple[str, int, dict[str, Any], tuple[int, ...]]] = [
    ("relogio", 1, {}, (1, 2, 3, 4)),
    ("relogio", 1, {"king_swap": "fourth_king"}, (5, 6, 7)),
    ("relogio_real", 1, {}, (1, 2)),
    ("el_gato", 4, {}, (1, 2)),
    ("el_gato", 2, {"guerra": "any_pair", "ace_high": True}, (3,)),
    ("injun", 4, {}, (1, 2)),
    ("injun", 3, {"style": "brag"}, (3, 4)),
    ("injun", 2, {"betting": "seed"}, (5,)),
]

#: The catalog's blocks of these hints ("# ---- <header> ----" in the .po), and the sources that use them.
BLOCKS = ("hints and reviews: shared words", "Relógio hints", "Relógio Real hints", "El Gato hints", "Injun hints")
SOURCES = ("engine/claims.py", "engine/hints.py", "engine/review.py", "engine/review_claims.py",
           "engine/games/relogio_ai.py", "engine/games/relogio.py", "engine/games/el_gato_ai.py",
           "engine/games/injun_ai.py")

NAMES = ["Você", "Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo"]


def _check(text: object, where: str) -> None:
    """One sentence and every sentence inside it: from the catalog (a template with English words has its
    Portuguese; a template of fields alone, "{share} ({margin})", needs none), every field filled, no English
    word. As tests/engine/test_portuguese_sentences.py checks an event, with a template's field names
    ("{what}") not counted as words: no reader sees them."""
    assert isinstance(text, Sentence), f"{where}: not a catalog sentence: {text!r}"
    assert text.lang == "pt", f"{where}: said in {text.lang!r}: {text!r}"
    template = re.sub(r"\{\w*\}", " ", text.message)
    assert i18n.catalog("pt").gettext(text.message) != text.message or not _words(template) & ENGLISH, \
        f"{where}: no Portuguese for {text.message!r}"
    assert not re.search(r"\{[^{}]*\}", str(text)), f"{where}: a field left unfilled: {text!r}"
    english = _words(str(text)) & ENGLISH
    assert not english, f"{where}: English words {sorted(english)} in {str(text)!r}"
    for value in text.fields.values():
        if isinstance(value, Sentence):
            _check(value, where)


@pytest.fixture
def fast(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fewer imagined deals (the claims test's FAST settings): the words do not depend on how many."""
    for game_id in ("relogio", "injun"):
        module = cc.game_checks(game_id)
        for name, value in getattr(module, "FAST", {}).items():
            monkeypatch.setattr(advisor(game_id), name, value)


def _check_hint(hint: engine.Hint, where: str) -> int:
    """Every sentence of one hint: reason, notes, the headline's fact, every claim. Returns how many."""
    assert hint.lang == "pt", f"{where}: the hint is in {hint.lang!r}"
    texts: list[tuple[object, str]] = [(hint.reason, "reason")]
    texts += [(a.note, f"note of {a.action!r}") for a in hint.alternatives]
    if hint.gist is not None:
        texts.append((hint.gist.bare("pt"), "headline's fact"))
    for claim, _ in cc.claims_of(hint):
        texts.append((claim.words("pt"), f"claim {claim.fact}"))
    for text, what in texts:
        _check(text, f"{where}, {what}")
    return len(texts)


def play_checking_hints(game_id: str, players: int, options: dict[str, Any], seed: int,
                        max_moves: int = 400) -> tuple[engine.Game, int]:
    """One seeded Portuguese game played at random, every hint of a seat that moves checked on the way (the
    other games' test, tests/engine/test_portuguese_hints_more.py, plays its games with it too)."""
    game = engine.new_game(game_id, players=players, seed=seed, names=NAMES[:players], lang="pt", **options)
    chooser = random.Random(seed)
    checked = 0
    for move in range(max_moves):
        if game.is_over:
            break
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        if len(legal) > 1 or move % 5 == 0:  # every decision, and now and then a forced move
            checked += _check_hint(engine.hint(game, seat), f"{game_id} seed {seed} move {move} seat {seat}")
        game.apply(legal[chooser.randrange(len(legal))], seat)
    return game, checked


def _check_review(game: engine.Game, where: str) -> int:
    """Every sentence of the review of seat 0: the summary, and each decision's cost, reason and notes."""
    review = engine.review(game, 0)
    _check(review.summary_words("pt"), f"{where}: summary")
    for entry in review.entries:
        here = f"{where}: decision at move {entry.index}"
        if entry.loss > 0:
            _check(entry.loss_words("pt"), f"{here}, cost")
        for text, what in ((entry.reason, "reason"), (entry.best_note, "better move's note"), (entry.note, "note")):
            if text:
                _check(text, f"{here}, {what}")
        verdict = i18n.say("pt", VERDICT_WORDS[entry.verdict])
        assert not _words(verdict) & ENGLISH, f"{here}: verdict {verdict!r}"
    return review.decisions


@pytest.mark.parametrize("game_id, players, options, seeds", HINT_GAMES,
                         ids=[f"{g}-{p}p-{'-'.join(map(str, o.values())) or 'default'}" for g, p, o, _ in HINT_GAMES])
def test_every_hint_and_review_sentence_reads_in_portuguese(game_id: str, players: int, options: dict[str, Any],
                                                             seeds: tuple[int, ...], fast: None) -> None:
    checked = decisions = 0
    for seed in seeds:
        game, n = play_checking_hints(game_id, players, options, seed)
        checked += n
        if type(game).has_choices and game.history:
            decisions += _check_review(game, f"{game_id} seed {seed}, review")
    assert checked > 10
    assert decisions > 0 or not engine.GAMES[game_id].has_choices


def test_the_learner_is_voce_inside_a_hint() -> None:
    """A name inside a hint's sentence is the table's: "Você" at the start, "você" inside (engine.words.agree)."""
    said = engine.claims.say("pt", "{name} stays in with a chance of {chance}", name="Você", chance="40%")
    assert said == "Você continua na mão com uma chance de 40%"
    assert engine.claims.say("en", "{name} stays in with a chance of {chance}", name="You", chance="40%") == \
        "You stays in with a chance of 40%"  # English as the hints have always printed it (no agreement added)


def test_a_shortened_assumption_keeps_the_sentence_whole() -> None:
    """state_assumptions_once takes a repeated assumption out of each claim's words: the reason stays a Sentence
    built from the catalog (it was a plain str, whose parts no test could trace back to the catalog)."""
    said = engine.claims.say("pt", "{share} ({margin})", share=engine.claims.say("pt", "you win"), margin="2")
    assert isinstance(said, Sentence) and said == "você vence (2)"
    shorter = engine.claims.replaced(engine.claims.paragraph("pt", said, engine.claims.say("pt", "Keep it.")),
                                     "você vence", "você ganha")
    assert isinstance(shorter, Sentence) and shorter == "você ganha (2) Fique com ele."
    assert shorter.fields["p1"] == "Fique com ele."


def _block_entries() -> list[str]:
    """The msgids under this work's headers in the .po."""
    entries: list[str] = []
    current = False
    for line in PO.read_text(encoding="utf-8").splitlines():
        if line.startswith("# ---- "):
            current = any(line[7:].startswith(b) for b in BLOCKS)
        elif current and line.startswith('msgid "'):
            entries.append(line[7:-1].encode().decode("unicode_escape").encode("latin-1").decode("utf-8"))
    return entries


def test_the_catalog_translates_every_hint_sentence_and_keeps_none_unused() -> None:
    root = PO.parents[4]
    messages = i18n.extract_messages(*(root / s for s in SOURCES))
    pt = i18n.catalog("pt")
    assert [m for m in messages if pt.gettext(m) == m and _words(re.sub(r"\{\w*\}", " ", m)) & ENGLISH] == []
    entries = _block_entries()
    assert len(entries) > 100
    assert [m for m in entries if m not in messages] == []
