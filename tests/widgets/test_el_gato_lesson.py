"""The El Gato lesson's checks give the answers docs/rules/el_gato.md gives, and its luck report adds up."""

from widgets.games.el_gato_lesson import (WALK_MOVES, guerra_check, gato_check, luck_report, safe_check, trick_check,
                                    walkthrough, winner_of)


def test_the_trick_check_accepts_only_the_sota():
    """docs/rules/el_gato.md [T]: face value, Sota(10) highest, suits equal."""
    quiz = trick_check(("9Or", "10Es", "1Co", "5Ba"))
    assert quiz.right == {1}
    assert not quiz.pick(0) and "suits do not matter" in quiz.feedback.value
    assert quiz.pick(1) and "You found them all" in quiz.feedback.value


def test_winner_of_knows_the_gato_ties_and_the_ace_high_variant():
    assert winner_of(["10Es", "5Or"]) == "5Or"  # docs/rules/el_gato.md#examples: the gato beats a Sota
    assert winner_of(["7Co", "7Ba"]) is None  # docs/rules/el_gato.md#examples: 7 vs 7 is a guerra
    assert winner_of(["1Co", "10Ba"]) == "10Ba" and winner_of(["1Co", "10Ba"], ace_high=True) == "1Co"


def test_the_choice_checks_have_the_rules_answers():
    assert gato_check().answer("The 5 de oros") and not gato_check().answer("The Sota")
    assert guerra_check().answer("7, 7, 3, 9")  # docs/rules/el_gato.md#examples: [7(P1), 7(P2), 3, 9]
    assert safe_check().answer("She is out and safe")


def test_the_walkthrough_narrates_a_guerra_and_the_gato():
    wt = walkthrough()
    for _ in WALK_MOVES:
        wt.next()
    assert wt.next_button.disabled
    game = wt.game_at(len(WALK_MOVES))
    kinds = [e.kind for e in game.events]
    assert kinds.count("guerra") == 1 and kinds.count("trick") == 4
    assert game.events[-1].rule == "el_gato.gato" and game.events[-1].data["winner"] == 0
    guerra_won = [e for e in game.events if e.kind == "trick" and e.data["guerra"]][0]
    assert guerra_won.data["cards"] == ["7Co", "7Ba", "3Es", "9Or"]


def test_the_luck_report_counts_every_game_once():
    report = luck_report(games=30, players=4)
    assert len(report["lengths"]) == 30
    assert sum(report["losers"].values()) + report["draws"] == 30
    assert set(report["losers"]) <= {0, 1, 2, 3}
