"""The players a lesson talks about are the players its table seats: You, Ada, Ben, Cleo …

Issue 31: Jubilee's section 6 said "Ann has played the 4♠" while the table's players are Ada, Ben and Cleo;
a learner who meets a name the table never shows wonders who that is. Every lesson's text (its Markdown, the
strings of its code and of the lesson module it imports: quizzes, walkthroughs) and every example game it
builds (``names=``) names players as :meth:`widgets.table.Table.seat_names` does.
"""

from __future__ import annotations

import ast
import functools
import json
import re
from pathlib import Path

import pytest

import engine
from engine.cards import SUIT_NAMES
from widgets.table import BOT_NAMES

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(p for p in (ROOT / "lessons").rglob("*.ipynb") if p.name != "index.ipynb")
TABLE_PLAYERS = {"You", "Você", *BOT_NAMES}
#: what a player does in a lesson's sentences: "Ada has played", "Ben holds", "Cleo's turn"
ACTS = ("'s hand", "’s hand", "'s turn", "’s turn", " has played", " holds", " held", " plays", " played", " deals",
        " dealt", " bets", " raises", " passes", " passed", " leads", " led", " opens with", " bids", " draws",
        " drew", " discards", " melds", " folds", " turns", " sits")
NAMED = re.compile(r"\b([A-Z][a-z]+)(?=" + "|".join(map(re.escape, ACTS)) + r")\b")
#: capitalised words that are not people: the games, the cards, a button ("Autoplay plays on")
NOT_PEOPLE = ({cls.name for cls in engine.GAMES.values()} | {"Parlour", "Autoplay", "Ace", "King", "Queen", "Jack"}
              | {name.capitalize() for name in SUIT_NAMES.values()})


def lesson_modules(cells: list[dict]) -> list[Path]:
    """The lesson modules (widgets/games/*_lesson.py) a notebook's code imports."""
    found = []
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        for node in ast.walk(ast.parse("".join(cell["source"]))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("widgets.games."):
                found.append(ROOT.joinpath(*node.module.split(".")).with_suffix(".py"))
    return found


def sources(path: Path) -> tuple[list[str], list[ast.AST]]:
    """A lesson's Markdown, and the syntax trees of its code and of the lesson modules it imports."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    markdown = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
    trees = [ast.parse("".join(c["source"])) for c in cells if c["cell_type"] == "code"]
    trees += [ast.parse(module.read_text(encoding="utf-8")) for module in lesson_modules(cells)]
    return markdown, trees


def strings(tree: ast.AST) -> list[str]:
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def texts_of(path: Path) -> list[str]:
    """Every text of a lesson: its Markdown and the strings of its code and of its lesson modules."""
    markdown, trees = sources(path)
    return markdown + [s for tree in trees for s in strings(tree)]


def people_named(texts: list[str], everyday: set[str] = frozenset()) -> set[str]:
    """The capitalised words the texts use as a player's name; a word the lessons also write in lower case
    (``everyday``: "Later", "Whoever") is not one."""
    everyday = set(everyday) | {word for text in texts for word in re.findall(r"\b[a-z]+\b", text)}
    return {m.group(1) for text in texts for m in NAMED.finditer(text)
            if m.group(1).lower() not in everyday and m.group(1) not in NOT_PEOPLE}


@functools.cache
def everyday_words() -> frozenset[str]:
    return frozenset(word for path in LESSONS for text in texts_of(path) for word in re.findall(r"\b[a-z]+\b", text))


def game_names(tree: ast.AST) -> set[str]:
    """The players' names an example game is given: ``names=[...]`` and a module's ``NAMES = [...]``."""
    lists = [k.value for node in ast.walk(tree) if isinstance(node, ast.Call) for k in node.keywords
             if k.arg == "names"]
    lists += [node.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
              and any(isinstance(t, ast.Name) and t.id == "NAMES" for t in node.targets)]
    return {e.value for seq in lists if isinstance(seq, (ast.List, ast.Tuple)) for e in seq.elts
            if isinstance(e, ast.Constant) and isinstance(e.value, str)}


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: str(p.relative_to(ROOT / "lessons")))
def test_a_lesson_names_only_the_players_its_table_seats(path):
    strangers = people_named(texts_of(path), everyday_words()) - TABLE_PLAYERS
    assert not strangers, f"{path.name} names players its table never seats: {sorted(strangers)}"
    strangers = {name for tree in sources(path)[1] for name in game_names(tree)} - TABLE_PLAYERS
    assert not strangers, f"{path.name} builds an example game with players {sorted(strangers)}"


def test_the_check_finds_a_stranger():
    """What Jubilee's section 6 said before: "Ann" is found, the table's players and the cards are not."""
    text = "Here Ann has played the 4♠, so the count is 4, and Ben holds only hearts. King plays no part."
    assert people_named([text, "a king"]) - TABLE_PLAYERS == {"Ann"}
    assert game_names(ast.parse('new_game("jubilee", names=["Ann", "Ben"])')) == {"Ann", "Ben"}


def test_jubilees_stuck_player_is_seated_at_the_table():
    """Section 6's example game: the player who has played and the one who must pass are table players."""
    from widgets.games.jubilee_lesson import cannot_play_example

    game = cannot_play_example()
    assert set(game.names) <= TABLE_PLAYERS
    cells = json.loads((ROOT / "lessons" / "jubilee.ipynb").read_text(encoding="utf-8"))["cells"]
    section = next("".join(c["source"]) for c in cells if "".join(c["source"]).startswith("## 6."))
    assert f"{game.names[0]} has played the 4♠" in section and f"{game.names[1]} holds only hearts" in section
