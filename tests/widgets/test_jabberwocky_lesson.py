"""The Jabberwocky lesson's checks give the engine's answers to docs/rules/jabberwocky.md#examples."""

from __future__ import annotations

from engine.games.jabberwocky import FULL_SCHEDULE
from widgets.games import jabberwocky_lesson as lesson


def right_cards(quiz) -> list[str]:
    return sorted(quiz.cards[i] for i in quiz.right)


def test_the_seed_hook_example_forbids_1():
    """Seed: 4 players, 6 cards, bids 2, 0, 3 → the dealer may not bid 1."""
    quiz = lesson.hook_check(6, (2, 0, 3))
    assert quiz.answer_text == "1"
    assert [b.description for b in quiz.buttons] == ["0", "1", "2", "3", "4", "5", "6", "None: the dealer is free"]
    assert quiz.answer("1") and not quiz.answer("0")
    assert lesson.dealer_bids(lesson.hook_example(6, (2, 0, 3))) == [0, 2, 3, 4, 5, 6]


def test_the_dealer_is_free_when_the_others_overbid():
    """docs/rules/jabberwocky.md#examples: 3 players, 3 cards, bids 3, 1 → the dealer is free."""
    quiz = lesson.hook_check(3, (3, 1))
    assert quiz.answer_text == "None: the dealer is free"
    assert lesson.dealer_bids(lesson.hook_example(3, (3, 1))) == [0, 1, 2, 3]


def test_an_unbroken_trump_may_not_be_led_beside_another_suit():
    """docs/rules/jabberwocky.md#examples: unbroken ♦ trumps, the leader holds ♦ and ♣ → must lead ♣."""
    quiz = lesson.trump_lead_check()
    assert sorted(quiz.cards) == ["4C", "9D", "AD", "KC"]
    assert right_cards(quiz) == ["4C", "KC"]
    assert not quiz.pick(quiz.cards.index("AD")) and "not broken" in quiz.feedback.value


def test_an_all_trump_hand_may_lead_a_trump_which_breaks_trumps():
    """docs/rules/jabberwocky.md: an all-♦ hand may lead ♦, which breaks trumps."""
    game = lesson.all_trumps_lead()
    assert [str(a) for a in game.legal_actions()] == ["play 3D", "play 5D", "play 9D", "play AD"]
    texts = [e.text for e in game.apply("play AD")]
    assert "A♦ is the first trump of the round: trumps are broken." in texts
    assert game.view(0)["trump_broken"]


def test_follow_suit_checks():
    """Seed: "Each player must follow suit … If a player does not have any cards of the lead suit, any other
    suit may be played instead." """
    assert right_cards(lesson.follow_check()) == ["2H", "7H"]
    assert right_cards(lesson.void_check()) == ["2D", "5S", "7C", "QC"]  # the trump 2♦ too


def test_who_wins_a_trick():
    """Seed: the highest trump wins; without one, the highest card of the suit led."""
    trumped = lesson.trick_check(["10H", "AC", "2S", "KH"], "S").children[1]
    plain = lesson.trick_check(["10H", "AC", "2D", "KH"], "S").children[1]
    assert trumped.answer_text == "Cleo" and plain.answer_text == "You"
    assert "cannot win" in plain.explanation


def test_scoring_checks():
    """Seed +1 for an exact bid; classic 10 + bid; table-mode revokes −3 (docs/rules/jabberwocky.md)."""
    assert lesson.score_check(2, 3).answer_text == "0"
    assert lesson.score_check(0, 0).answer_text == "1"
    assert lesson.score_check(2, 2, scoring="classic").answer_text == "12"
    assert lesson.score_check(1, 1, revokes=1).answer_text == "-2"


def test_the_schedule_checks():
    """Seed: 13 rounds of 3 … 9 … 3 cards; 5 × 9 + 1 = 46 cards is the most ever needed."""
    assert lesson.round_size_check(10).answer_text == str(FULL_SCHEDULE[9]) == "6"
    assert lesson.cards_needed_check(5).answer_text == "46"
    assert lesson.schedule_html(6).value.count("background:#ffd54a") == 1


def test_trump_check_names_the_turn_ups_suit():
    game = lesson.demo_deal(4)
    quiz = lesson.trump_check(game)
    assert quiz.answer_text.endswith(lesson.SUIT_NAMES[game.view(0)["trump"]])
    assert game.names[game.view(0)["dealer"]] == "Cleo"


def test_the_walkthrough_round_shows_the_hook_breaking_and_the_scores():
    walk = lesson.walkthrough()
    said: list[str] = []
    while not walk.next_button.disabled:
        walk.next()
        said += [e.text for e in walk._last_events]
    game = walk.game_at(len(walk.moves))
    assert game.is_over and game.scores == [0, 1, 1, 1]
    assert "Cleo bids 1 (the dealer could not bid 0)." in said
    assert "9♠ is the first trump of the round: trumps are broken." in said
    assert "You bid 2 but took 1: no point." in said
    assert "Ada wins the trick" in walk.board.value or "won this trick" in walk.board.value
    walk.back()
    assert walk.step == len(walk.moves) - 1
