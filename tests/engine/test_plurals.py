"""Plurals and lists are made in one place: engine.words (count, noun_for, agreeing, join), and through
the catalog's two forms for a translated sentence (``Table.t_count``, ``Jubileu.counted``), never by hand.

A hand-made ``card{'s' if n > 1 else ''}`` said "0 card"; ``words.count`` says "0 cards".
"""

from __future__ import annotations

import re
from pathlib import Path

import engine
from engine.words import agreeing, count

ROOT = Path(__file__).resolve().parents[2]
HAND_MADE = re.compile(r"""\{['"]s?['"] if [^}]*else ['"]s?['"]\}|\{['"]s [a-z]+['"] if|join\([a-z_.]+\[:-1\]\) \+""")
ONE_PLACE = "engine/words.py"


def test_no_plural_is_made_by_hand_in_the_engine_or_the_widgets():
    found = []
    for path in sorted([*ROOT.glob("engine/**/*.py"), *ROOT.glob("widgets/**/*.py")]):
        name = path.relative_to(ROOT).as_posix()
        if name == ONE_PLACE:
            continue
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if HAND_MADE.search(line):
                found.append(f"{name}:{i}: {line.strip()}")
    assert not found, "use engine.words.count / agreeing / join:\n" + "\n".join(found)


def test_the_one_helper_agrees_with_zero_one_and_many():
    assert [count(n, "card") for n in (0, 1, 2, -1)] == ["0 cards", "1 card", "2 cards", "-1 card"]
    assert [agreeing(n, "The odd chip stays", "The odd chips stay") for n in (1, 2)] == [
        "The odd chip stays", "The odd chips stay"]


def test_a_game_sentence_agrees_with_its_number():
    g = engine.new_game("injun", players=3, seed=1, ante=1)
    assert "Everyone in antes 1 chip:" in " ".join(e.text for e in g.events)
    g = engine.new_game("injun", players=3, seed=1, ante=2)
    assert "Everyone in antes 2 chips:" in " ".join(e.text for e in g.events)


def test_the_rummies_say_their_counts_through_the_helper():
    """Kalooki's contract and a lay-down that misses it, Rummy's rebuilds left: one form for one, another
    for many (and "0 threes", never "0 three")."""
    from engine.games.kalooki import contract_problem, contract_words
    assert [contract_words(t, f) for t, f in ((2, 0), (1, 1), (0, 2), (2, 1), (1, 2), (0, 3))] == [
        "two threes", "a three and a four", "two fours", "two threes and a four", "two fours and a three",
        "three fours"]
    assert contract_problem([], 1, 1) == "The contract is a three and a four, exactly; this lay-down has 0 threes " \
        "and 0 fours."
    g = engine.new_game("rummy", players=2, seed=1, rebuilds=2)
    g.deal.rebuilds = 0
    g._tell_rebuild()
    assert g.events[-1].text.endswith("(it may be rebuilt 2 more times).")
    g.deal.rebuilds = 1
    g._tell_rebuild()
    assert g.events[-1].text.endswith("(it may be rebuilt 1 more time).")
