"""The Klaberjass lesson's checks give the engine's answers to seed 004 and docs/rules/klaberjass.md#examples."""

from __future__ import annotations

from widgets.games import klaberjass_lesson as lesson


def right_cards(quiz) -> list[str]:
    return sorted(quiz.cards[i] for i in quiz.right)


def test_the_pack_and_its_points():
    # docs/rules/klaberjass.md#examples: "All 32 cards' points = 152; card points of the 18 cards of one deal + 10 ≤
    # 156".
    quiz = lesson.pack_points_check()
    assert quiz.answer_text == "152" and quiz.answer("152") and not quiz.answer("162")
    assert "at most 156" in quiz.explanation and "18 cards" in quiz.explanation and "162" not in quiz.explanation
    assert lesson.pack_html().value.count("class=\"parlour-card-img\"") == 32


def test_the_two_rank_orders_are_drawn_with_their_points():
    html = lesson.rank_orders_html(trump="H", plain="S").value
    assert html.index("Jack of hearts") < html.index("9 of hearts") < html.index("Ace of hearts")
    assert html.index("Ace of spades") < html.index("10 of spades") < html.index("King of spades")
    assert "<b>20</b>" in html and "<b>14</b>" in html


def test_trick_points_and_winners():
    check = lesson.trick_points_check(("AH", "JH"), "H").children[1]
    assert check.answer_text == "31"  # 11 + 20
    assert lesson.trick_points_check(("10S", "KS"), "H").children[1].answer_text == "14"
    assert lesson.trick_winner_check(("AS", "7H"), "H").answer_text == "You (7♥)"
    assert lesson.trick_winner_check(("KS", "10S"), "H").answer_text == "You (10♠)"  # plain 10 beats K


def test_the_second_round_forbids_the_turned_up_suit():
    quiz = lesson.second_round_check("QH")
    assert quiz.answer_text == "♥ hearts"


def test_following_rules_are_the_engines():
    # docs/rules/klaberjass.md#examples: J♥ and 7♥ against 9♥ → only J♥; A♥ and 7♥ → either; void in ♠ → the 7♥.
    assert right_cards(lesson.follow_check()) == ["JH"]
    assert right_cards(lesson.follow_either_check()) == ["7H", "AH"]
    quiz = lesson.must_trump_check()
    assert right_cards(quiz) == ["7H"]
    assert not quiz.pick(quiz.cards.index("AD")) and "must trump" in quiz.feedback.value


def test_sequences_checks():
    assert lesson.sequence_points_check().children[1].answer_text == "70"
    assert lesson.longer_sequence_check().answer_text == "You"
    # docs/rules/klaberjass.md#examples: equal 9-10-J, ♣ trumps: the non-dealer (you) by the seed; the dealer by the
    # option.
    assert lesson.sequence_compare_check("seed").answer_text == "You"
    assert lesson.sequence_compare_check("trump").answer_text == "Ada"
    assert "Tertz: 9♥ 8♥ 7♥ = 20" in lesson.sequences_html("7H 8H 9H AS").value


def test_bella_and_the_makers_risk():
    assert lesson.bella_check().answer_text.startswith("20 points when you play the second")
    # docs/rules/klaberjass.md#examples: maker 70 vs 92 → opponent +162, maker 0; 81 vs 81 → opponent +162.
    assert lesson.maker_check(70, 92).answer_text == "You 0, Ada 162"
    tie = lesson.maker_check(81, 81)
    assert tie.answer_text == "You 0, Ada 162" and "A tie is not more" in tie.explanation


def test_the_walkthrough_plays_a_whole_deal_with_narration():
    walk = lesson.walkthrough()
    assert walk.back_button.disabled and "7♥" in walk.narration.value
    walk.next()
    assert "You pass." in walk.narration.value
    walk.next()
    assert "hearts are trumps" in walk.narration.value and "fifty" in walk.narration.value
    for _ in range(len(lesson.WALK_MOVES)):
        walk.next()
    assert walk.next_button.disabled
    assert "Ada (maker) 90, You 91" in walk.narration.value and "she failed" in walk.board.value
    walk.back()
    assert "Trick:" in walk.board.value
