"""The Injun lesson's checks and walkthroughs, driven as a learner would (docs/rules/injun.md)."""

from __future__ import annotations

from widgets.games import injun_lesson as lesson


def test_rank_and_suit_checks_follow_the_seed():
    """Seed: Ace high to 2, suits equal."""
    assert lesson.rank_check().answer("A♥") and not lesson.rank_check().answer("they tie")
    assert lesson.suit_check().answer("they share the pot")


def test_chance_check_counts_the_cards_you_cannot_see():
    """Your card is uniform over the 50 you cannot see: 4 Aces beat K♠ and 9♥."""
    q = lesson.chance_check(("KS", "9H"))
    assert q.answer_text == "4 in 50" and q.answer("4 in 50")
    assert "about 8%" in q.feedback.value
    assert not q.answer("1 in 50")
    assert lesson.chance_check(("5S", "2H", "4D")).answer_text == "36 in 49"  # 6 to A: 9 ranks × 4


def test_beats_all_pick_knows_a_tie_is_not_a_win():
    q = lesson.beats_all_pick(("10C", "7D", "QH"), ("JS", "KD", "QS", "AH", "9C", "2S"))
    assert q.right == {1, 3}
    q.row.play(2)
    assert "only ties" in q.feedback.value
    q.row.play(1)
    q.row.play(3)
    assert "found them all" in q.feedback.value


def test_betting_checks_use_the_seeds_example_and_pot_odds():
    """Seed: 20, then 20 + 2, then 22 + 5; the brief: a call of 2 into 7 needs 22%."""
    assert lesson.call_check().answer("7")
    q = lesson.pot_odds_check(call=2, pot=7)
    assert q.answer_text == "22%" and q.answer("22%")


def test_brag_checks_match_rules_md():
    """docs/rules/injun.md#examples (pot 8 split 4/4) and the capped player's second pot."""
    assert lesson.brag_split_check().answer("4 each")
    assert lesson.second_pot_check().answer("Ada and Cleo")


def test_the_brag_walkthrough_shows_the_second_pot_and_its_narration_matches():
    wt = lesson.brag_walkthrough()
    assert wt.back_button.disabled and "Ada has only 3 chips" in wt.narration.value
    for _ in range(5):
        wt.next()
    assert "lays it on the pot" in wt.narration.value and "second pot" in wt.narration.value
    for _ in range(3):
        wt.next()
    assert wt.next_button.disabled
    assert "Ada wins the first pot of 9" in wt.narration.value.replace("&#x27;", "'")
    assert "Ben wins the second pot of 3" in wt.narration.value.replace("&#x27;", "'")
    wt.back()
    assert "first pot 9 · second pot 1" in wt.board.value  # before the see: 3 from each, then your 1 more


def test_the_poker_walkthrough_plays_the_seeds_example():
    wt = lesson.poker_walkthrough()
    for _ in range(len(wt.moves)):
        wt.next()
    text = wt.narration.value.replace("&#x27;", "'")
    assert "Ada's K♦ is the highest card: Ada wins the pot of 84." in text


def test_the_forehead_picture_hides_only_your_card():
    html = lesson.forehead_picture().value
    assert "on your forehead" in html
    assert "Queen of diamonds" not in html  # your Q♦
    assert all(name in html for name in ("9 of spades", "4 of hearts", "Jack of clubs"))
