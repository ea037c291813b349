"""Every citation of the rules points into the repository's own rules reference (docs/rules/, README there).

A citation is ``docs/rules/<page>.md`` with an optional ``#anchor`` (a rule id, or a page's ``examples``,
``variants``, ``sources``), or any other ``docs/…md``. The test walks the repository's .py, .md and .ipynb
files and fails on a page or anchor that does not exist, and on a citation of a rules document that is not in
the repository (the old working brief and its lean-deal note, cited by name or by section). It also fails
when a rule id of a game's rulebook, or of an event a seeded game emits, is missing from the game's page, or a
variant is missing from the page's table.
"""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import pytest

import engine
from engine.protocol import GENERAL_RULES

ROOT = Path(__file__).resolve().parents[1]
RULES_DIR = ROOT / "docs" / "rules"
SKIP_DIRS = {".git", ".venv", "node_modules", "build", ".cache", "parlour.egg-info", "__pycache__",
             ".ipynb_checkpoints"}
SUFFIXES = {".py", ".md", ".ipynb"}

#: docs/rules/<page>.md, optionally with #anchor (a trailing full stop ends the sentence, not the anchor)
RULES_CITATION = re.compile(r"docs/rules/([\w.-]+?\.md)(?:#([\w.-]*[\w-]))?")
DOC_CITATION = re.compile(r"\bdocs/[\w/.-]*?\.md\b")
#: rules documents that are not in the repository, cited by file name or by "§" section
STALE = re.compile("|".join([r"\bRULES\.md\b", r"\bLEAN\.md\b", r"\bRULES(?:\.md)?\s*§", r"\bRULES [a-z_]+\.[a-z_]+"]))
ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
LINK = re.compile(r"\]\(([^)\s]+)\)")


def repo_files() -> list[Path]:
    found = []
    for path in ROOT.rglob("*"):
        rel = path.relative_to(ROOT)
        if path.suffix in SUFFIXES and path.is_file() and not SKIP_DIRS & set(rel.parts[:-1]):
            found.append(path)
    return sorted(found)


@cache
def anchors(page: Path) -> frozenset[str]:
    ids = ANCHOR.findall(page.read_text())
    assert len(ids) == len(set(ids)), f"{page.name} has an anchor twice"
    return frozenset(ids)


def citation_problems(path: Path, text: str) -> list[str]:
    """What is wrong with the citations in one file's text (empty: nothing)."""
    rel = path.relative_to(ROOT)
    problems = []
    for number, line in enumerate(text.splitlines(), 1):
        where = f"{rel}:{number}"
        for match in STALE.finditer(line):
            problems.append(f"{where}: cites {match.group(0)!r}, which is not in the repository (use docs/rules/)")
        for match in RULES_CITATION.finditer(line):
            page, anchor = RULES_DIR / match.group(1), match.group(2)
            if not page.exists():
                problems.append(f"{where}: {match.group(0)} does not exist")
            elif anchor and anchor not in anchors(page):
                problems.append(f"{where}: {match.group(1)} has no anchor #{anchor}")
        for match in DOC_CITATION.finditer(line):
            if not match.group(0).startswith("docs/rules/") and not (ROOT / match.group(0)).exists():
                problems.append(f"{where}: {match.group(0)} does not exist")
    return problems


def link_problems(page: Path) -> list[str]:
    """The relative links of a rules page: each file exists, each #anchor is on its page."""
    problems = []
    for target in LINK.findall(page.read_text()):
        if "://" in target:
            continue
        file, _, anchor = target.partition("#")
        linked = (page.parent / file).resolve() if file else page
        if not linked.exists():
            problems.append(f"{page.name}: link to {target} (no such file)")
        elif anchor and anchor not in anchors(linked):
            problems.append(f"{page.name}: link to {target} (no such anchor)")
    return problems


def page_of(game_id: str) -> Path:
    return RULES_DIR / f"{game_id}.md"


def test_every_citation_in_the_repository_points_at_a_page_and_anchor_that_exist():
    problems = []
    for path in repo_files():
        if path != Path(__file__).resolve():
            problems += citation_problems(path, path.read_text(errors="replace"))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("bad", ["see RULES.md §4", "(LEAN.md)", "RULES §3 [T]", "(RULES injun.sit_out)",
                                 "docs/rules/nope.md", "docs/rules/jubilee.md#jubilee.nope", "docs/nope.md"])
def test_a_bad_citation_is_found(bad):
    assert citation_problems(ROOT / "engine" / "x.py", f"# {bad}\n")


def test_good_citations_pass():
    text = ("# docs/rules/jubilee.md#jubilee.hundred. docs/rules/kalooki.md and docs/rules/rummy.md#examples;\n"
            "# docs/rules/README.md#turn.order, docs/lean-deal.md\n")
    assert citation_problems(ROOT / "engine" / "x.py", text) == []


def test_every_page_links_only_to_what_exists():
    problems = [p for page in sorted(RULES_DIR.glob("*.md")) for p in link_problems(page)]
    assert not problems, "\n".join(problems)


def test_there_is_one_page_per_game_and_an_index():
    assert {p.stem for p in RULES_DIR.glob("*.md")} == {*engine.GAMES, "README"}
    index = (RULES_DIR / "README.md").read_text()
    assert all(f"]({game_id}.md)" in index for game_id in engine.GAMES)


@pytest.mark.parametrize("game_id", list(engine.GAMES))
def test_every_rule_of_the_rulebook_is_on_its_page(game_id):
    missing = set(engine.GAMES[game_id].rules) - anchors(page_of(game_id))
    assert not missing, f"docs/rules/{game_id}.md lacks {sorted(missing)}"


def test_the_general_rules_are_in_the_index():
    assert set(GENERAL_RULES) <= anchors(RULES_DIR / "README.md")


@pytest.mark.parametrize("game_id", list(engine.GAMES))
def test_every_variant_is_on_its_page_with_its_default(game_id):
    text = page_of(game_id).read_text()
    for option in engine.GAMES[game_id].variants:
        assert f"| `{option.name}` | `{option.default!r}` |" in text, option.name


def seeded_event_rules(game_id: str, seed: int, steps: int = 1500) -> set[str]:
    """The rule ids the events of one seeded game of random legal moves carry."""
    rng = random.Random(seed)
    game = engine.new_game(game_id, seed=seed)
    for _ in range(steps):
        if game.current_player is None:
            break
        seat = rng.choice(game.to_act())
        game.apply(rng.choice(game.legal_actions(seat)), seat)
    return {event.rule for event in game.events}


@pytest.mark.parametrize("game_id", list(engine.GAMES))
def test_every_rule_an_event_cites_is_on_its_page(game_id):
    cited = seeded_event_rules(game_id, 1) | seeded_event_rules(game_id, 2)
    assert cited, "a game emits events"
    missing = cited - anchors(page_of(game_id)) - anchors(RULES_DIR / "README.md")
    assert not missing, f"events cite {sorted(missing)}, which docs/rules/{game_id}.md does not have"
