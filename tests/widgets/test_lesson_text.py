"""A lesson's text is for people who cannot type Python: no code, no option names, no notes to ourselves."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import engine

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
GAMES_WITH_LESSONS = [g for g in engine.GAMES if (LESSONS / f"{g}.ipynb").exists()]
CODE = [re.compile(p) for p in (r"`[^`]*[=(][^`]*`", r"\w+Table\(", r"\b\w+_\w+=", r"\bTrue\b|\bFalse\b")]
NOTES = [re.compile(p, re.I) for p in (r"seed text", r"RULES\.md", r"\[T\]", r"\bTODO\b", r"the seed says")]


def markdown(game_id: str) -> list[str]:
    cells = json.loads((LESSONS / f"{game_id}.ipynb").read_text())["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


@pytest.mark.parametrize("game_id", GAMES_WITH_LESSONS)
def test_no_lesson_tells_an_app_user_to_type_code(game_id):
    found = [(p.pattern, m.group(0)) for text in markdown(game_id) for p in CODE + NOTES for m in p.finditer(text)]
    assert not found, found


@pytest.mark.parametrize("game_id", GAMES_WITH_LESSONS)
def test_a_lesson_that_names_a_variant_points_to_the_settings(game_id):
    text = "\n".join(markdown(game_id))
    assert "**Settings**" in text


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_the_rules_behind_why_carry_no_notes_to_ourselves(game_id):
    """The Why? panel shows each rule's text to the learner."""
    found = [(r.id, r.text) for r in engine.GAMES[game_id].rules.values()
             for p in NOTES + [re.compile(r"\bthe seed\b|\bseed's\b", re.I)] if p.search(r.text)]
    assert not found, found
