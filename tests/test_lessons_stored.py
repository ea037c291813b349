"""Lessons are stored clean (no outputs), and every game in the engine has one."""

import json
from pathlib import Path

import pytest

import engine

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
NOTEBOOKS = sorted(LESSONS.glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_stored_without_outputs(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code, "a lesson runs something"
    assert all(not c.get("outputs") and c.get("execution_count") is None for c in code)
    assert nb["metadata"]["kernelspec"]["name"] == "python3"


def test_every_registered_game_has_a_lesson():
    assert {p.stem for p in NOTEBOOKS} >= set(engine.GAMES)
