"""The Kalooki lesson's checks give the engine's answers to docs/rules/kalooki.md#examples."""

from __future__ import annotations

import pytest

from widgets.games import kalooki_lesson as lesson


@pytest.mark.parametrize("cards, answer", [
    ("7S 7S 7H", "Yes"), ("QD JK JK", "No"), ("5H JK 7H JK", "Yes"), ("5H JK JK 8H", "No"),
    ("KC AC 2C 3C", "No"), ("JS QS KS AS", "Yes"),
])
def test_the_meld_checks_follow_the_rules_test_lines(cards, answer):
    quiz = lesson.meld_check(cards)
    assert quiz.answer_text == answer
    assert quiz.answer(answer) and not quiz.answer("No" if answer == "Yes" else "Yes")


def test_the_contract_table_and_its_check():
    table = lesson.contracts_html(current=3).value
    assert table.count("<tr") == 10 and "two fours and a three" in table
    quiz = lesson.contract_size_check(7)
    assert quiz.answer_text == "14" and quiz.answer("14")


def test_the_83_point_hand():
    quiz = lesson.score_check()
    assert quiz.answer_text == "83" and "50 + 15 + 1 + 10 + 7 = 83" in quiz.explanation


def test_the_nearest_caller_gets_the_card_and_the_demo_narrates_a_call():
    assert lesson.call_check().answer_text == "Ben"
    demo = lesson.call_demo().value
    assert "Ben calls 8♥" in demo and "penalty card" in demo


def test_the_walkthrough_lays_down_the_contract_and_goes_out():
    walk = lesson.walkthrough()
    for _ in lesson.WALK_MOVES:
        walk.next()
    assert walk.next_button.disabled and "You go out" in walk.narration.value
    game = walk.game_at(len(lesson.WALK_MOVES))
    assert game.is_over and game.scores[0] == 0


def test_the_match_is_a_short_one():
    table = lesson.match_table(players=3, seed=4, bot_delay=0)
    assert table.game.schedule == (1, 2, 3) and "Deal 1 of 9" in table.banner.value
