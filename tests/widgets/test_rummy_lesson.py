"""The Rummy lesson's checks give the engine's answers to docs/rules/rummy.md#examples."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import ipywidgets as w

from engine.games.rummy import Rummy
from widgets.games import rummy_lesson as lesson
from widgets.games.rummy_table import RummyTable

NOTEBOOK = Path(__file__).resolve().parents[2] / "lessons" / "rummy.ipynb"


def quiz_of(box):
    return box.children[1]


def test_meld_checks_follow_the_engine():
    assert quiz_of(lesson.meld_check("QS QH QC QD")).answer_text == "Yes"
    assert quiz_of(lesson.meld_check("AS 2S 3S")).answer_text == "Yes"     # docs/rules/rummy.md: A-2-3 ✓
    ace = quiz_of(lesson.meld_check("QS KS AS"))                          # Q-K-A ✗
    assert ace.answer_text == "No" and "Ace is low" in ace.explanation
    gap = quiz_of(lesson.meld_check("7S 8S 10S"))
    assert gap.answer("No") and "9♠ is missing" in gap.feedback.value
    assert not quiz_of(lesson.meld_check("7S 7H")).answer("Yes")


def test_layoff_check_accepts_both_ends_only():
    quiz = lesson.layoff_check("4S 5S 6S", "3S 7S 6H 8S AS")
    assert sorted(quiz.cards[i] for i in quiz.right) == ["3S", "7S"]
    assert not quiz.pick(quiz.cards.index("8S"))


def test_score_checks_are_the_rules_examples():
    # docs/rules/rummy.md#examples: the loser holds K♠ 7♦ A♣ → 18, 36 if the winner went rummy.
    assert lesson.score_check("KS 7D AC").answer_text == "18"
    assert lesson.score_check("KS 7D AC", rummy=True).answer_text == "36"


def test_the_walkthrough_plays_the_scripted_deal_to_18():
    walk = lesson.walkthrough()
    for _ in range(len(lesson.WALK_MOVES)):
        walk.next()
    game = walk.game_at(walk.step)
    assert game.scores == [18, 0]
    assert "You score 18" in walk.narration.value and "You go out" in walk.narration.value
    assert walk.next_button.disabled
    walk.back()
    assert "Melds on the table" in walk.board.value


def lesson_cells() -> list[dict]:
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def run_lesson() -> list[tuple[int, object]]:
    """Each code cell's shown value (its last expression), run as Voilà runs the lesson."""
    space: dict = {}
    shown = []
    for i, cell in enumerate(lesson_cells()):
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse("".join(cell["source"]))
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, f"cell {i}", "exec"), space)
        if last is not None:
            shown.append((i, eval(compile(ast.Expression(last.value), f"cell {i}", "eval"), space)))
    return shown


def lesson_text(shown: list[tuple[int, object]]) -> str:
    """What a learner reads: the Markdown and the text the lesson's code cells show, tags and stars removed."""
    parts = ["".join(c["source"]) for c in lesson_cells() if c["cell_type"] == "markdown"]
    parts += [value.value for _, value in shown if isinstance(value, w.HTML)]
    return re.sub(r"<[^>]+>|\*", "", "\n".join(parts))


def test_the_lesson_states_the_target_its_table_plays():
    """One source: the engine's option. The lesson said 100 and dealt a table that played to 50."""
    shown = run_lesson()
    table = next(value for _, value in shown if isinstance(value, RummyTable))
    target = table.game.view(0)["target"]
    assert target == Rummy.option_defaults()["target"]
    claims = re.findall(r"plays to (\d+)", lesson_text(shown))
    assert claims and set(claims) == {str(target)}, claims
    assert f"First to {target} points" in table.scoreboard.value


def test_deadwood_is_taught_before_the_table_uses_it():
    """The hint counts "deadwood": the lesson says what it is, in a cell of its own, before the game."""
    cells = lesson_cells()
    first = next(i for i, c in enumerate(cells) if "deadwood" in "".join(c["source"]).lower())
    table = next(i for i, c in enumerate(cells) if "table(" in "".join(c["source"]).lower())
    assert cells[first]["cell_type"] == "markdown" and "**deadwood**" in "".join(cells[first]["source"])
    assert first < table
    t = run_lesson()[-1][1]
    assert isinstance(t, RummyTable)
    said = []
    for _ in range(12):  # a draw or a discard is weighed in deadwood (a meld in points taken out of hand)
        hint = t.show_hint()
        said.append(t.hint_panel.value)
        if hint is None or "deadwood" in said[-1]:
            break
        t.act(hint.action)
    assert "deadwood" in said[-1], said
