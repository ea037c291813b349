"""The README and docs name every game the engine has, and count them right."""

from __future__ import annotations

import re
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve"]


def section(text: str, heading: str) -> str:
    start = text.index(heading)
    end = text.find("\n## ", start + len(heading))
    return text[start:] if end < 0 else text[start:end]


def test_the_readme_games_table_has_a_row_for_every_game():
    games = section(README, "## Games")
    for game_id, cls in engine.GAMES.items():
        assert f"`engine/games/{game_id}.py`" in games, game_id
        assert re.search(rf"^\| {re.escape(cls.name)} \(", games, re.M), cls.name


def test_the_readme_lists_every_id_and_says_how_many():
    games = section(README, "## Games")
    listed = re.search(r"The (\w+) ids are\s+(.*?);", games, re.S)
    assert listed, "the README says how many ids there are, then lists them"
    count, ids = listed.group(1), re.findall(r"`(\w+)`", listed.group(2))
    assert ids == list(engine.GAMES)
    assert count == NUMBER_WORDS[len(engine.GAMES)]


def test_no_doc_counts_the_games_wrong():
    """"the nine games" outlived the tenth (Kalooki)."""
    right = NUMBER_WORDS[len(engine.GAMES)]
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for m in re.finditer(rf"\b(?:the|all|our) ({'|'.join(NUMBER_WORDS)}) games\b", path.read_text(), re.I):
            assert m.group(1).lower() == right, (path.name, m.group(0))
