"""The Jubilee lesson's checks and walkthrough, driven as a learner would (docs/rules/jubilee.md)."""

import pytest

from widgets.games import jubilee_lesson as lesson
from widgets.quiz import ChoiceQuiz


def test_choice_quiz_judges_and_explains():
    q = ChoiceQuiz("2 + 2?", ["3", "4"], "4", "Two and two make four.")
    q.buttons[0].click()
    assert q.correct is False and "the answer is <b>4</b>" in q.feedback.value
    q.buttons[1].click()
    assert q.correct is True and "Right" in q.feedback.value
    with pytest.raises(ValueError):
        ChoiceQuiz("?", ["a"], "b", "")


def test_value_check_uses_the_seed_chart():
    q = lesson.value_check("8H")
    assert q.answer("-8") and not q.answer("+8")
    assert lesson.value_check("AC").answer("+15")
    assert lesson.value_check("JK").answer("+0")


def test_playable_check_knows_the_no_negative_rule():
    q = lesson.playable_check(count=6, cards=("7H", "5H", "9S", "JK", "AH"))
    assert q.right == {1, 2, 3}
    q.row.play(0)
    assert "below 0" in q.feedback.value
    for i in (1, 2, 3):
        q.row.play(i)
    assert "found them all" in q.feedback.value


@pytest.mark.parametrize("before, card, count, score", [
    (43, "7S", 50, "+10"), (90, "QS", 100, "+20"), (95, "8S", 103, "−5"), (110, "JH", 100, "+20"),
    (24, "2S", 26, "−5"), (25, "JK", 25, "no score"), (25, "7H", 18, "no score"), (101, "2H", 99, "−5"),
])
def test_count_check_follows_the_worked_examples(before, card, count, score):
    """docs/rules/jubilee.md#examples: 90+Q♠ → 100 (+20) … 25+Joker → 0 points."""
    check = lesson.CountCheck()
    check.before, check.card = before, card
    check.count_box.value, check.score_box.value = count, score
    assert check.check() and "Right" in check.feedback.value
    check.score_box.value = "+10" if score != "+10" else "no score"
    assert not check.check() and "the score" in check.feedback.value


def test_count_check_keeps_asking_legal_questions():
    check = lesson.CountCheck(seed=3)
    for _ in range(40):
        check.again_button.click()
        after = check.before + lesson.card_value(lesson.parse_card(check.card))
        assert after >= 0


def test_walkthrough_steps_forward_and_back_with_narration():
    wt = lesson.walkthrough()
    assert wt.back_button.disabled and "Cleo has dealt" in wt.narration.value
    wt.next_button.click()
    assert "You play 10♠" in wt.narration.value and "Move 1 of 10" in wt.progress.value
    for _ in range(4):
        wt.next_button.click()
    assert "Jubilee! 25 is a multiple of 25: Ada scores +10." in wt.narration.value
    wt.back_button.click()
    assert wt.step == 4 and "You play Q♠" in wt.narration.value
    while not wt.next_button.disabled:
        wt.next_button.click()
    final = wt.game_at(wt.step)
    assert final.deal.count == 25 and final.scores == [10, 5, -5]


def test_the_final_count_check_answers_217():
    """docs/rules/jubilee.md: the final count is 217, not 189."""
    q = lesson.final_count_check()
    assert q.answer("217") and not q.answer("189")
    assert sum(lesson.pack_total_by_suit().values()) == 217


def test_show_cards_draws_each_card_with_its_caption():
    from widgets.lesson import show_cards
    html = show_cards(["QS", "JK", None], "Three cards").value
    assert html.count("<svg") == 3 and "Queen of spades" in html and "Joker" in html
    assert "Three cards" in html


def test_safe_play_check_uses_the_cards_that_exist():
    """From 34: 2♣ → 36 and A♠ → 49 are safe (no card is worth 14 or 11, or 1);
    J♠ → 44 (+6 lands), 7♥ → 27 (−2 lands), 9♠ → 43 (+7), joker stays on 34 (−9)."""
    q = lesson.safe_play_check(count=34, cards=("2C", "JS", "7H", "AS", "9S", "JK"))
    assert q.right == {0, 3}
    q.row.play(1)
    assert "+6" in q.feedback.value and "Jubilee" in q.feedback.value
