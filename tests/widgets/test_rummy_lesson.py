"""The Rummy lesson's checks give the engine's answers to RULES.md §6's examples."""

from __future__ import annotations

from widgets.games import rummy_lesson as lesson


def quiz_of(box):
    return box.children[1]


def test_meld_checks_follow_the_engine():
    assert quiz_of(lesson.meld_check("QS QH QC QD")).answer_text == "Yes"
    assert quiz_of(lesson.meld_check("AS 2S 3S")).answer_text == "Yes"     # RULES §6: A-2-3 ✓
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
    # RULES §6 test: the loser holds K♠ 7♦ A♣ → 18, 36 if the winner went rummy.
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
