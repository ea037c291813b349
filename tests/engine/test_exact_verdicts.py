"""Issue 37, "a mistake must be a mistake", for Jabberwocky and Klaberjass: the review's verdicts against an
exhaustive solver kept here (tests/engine/exact_reference.py), independent of the engine's (engine/exact.py).

- over seeded small positions, every mistake or blunder names a better move that is truly better, by at
  least the mistake's threshold (Klaberjass with 3 cards a hand: every hand the opponent may hold, exactly;
  Jabberwocky: the reference's own uniform sample, within its margin);
- the engine's solver and the reference agree exactly where both solve every deal;
- the issue's two examples, dealt on purpose: the review no longer calls J♥ a blunder below 10♦, nor 10♦
  a mistake against A♦;
- the cost's words say what they rest on (best play over the deals the view allows, or the medium bot), and
  the claim checkers re-derive them.
"""

from __future__ import annotations

import random
from typing import Iterator

import pytest

import engine
from engine import exact
from engine.review import assess
from engine.review_claims import Modelled, Solved
from engine.review_thresholds import thresholds_for
from tests.engine import jabberwocky_helpers as jh
from tests.engine import klaberjass_helpers as kh
from tests.engine.claim_checks import checker, game_checks
from tests.engine.exact_reference import jabberwocky_truth, klaberjass_hands, klaberjass_truth, truth
from tests.engine.helpers import fork

GAMES = ("jabberwocky", "klaberjass")


@pytest.fixture(autouse=True)
def fast(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cheap hints (the FAST constants of the claim checks): the verdicts of solved positions do not use them."""
    for game_id in GAMES:
        ai = engine.hints.advisor(game_id)
        for name, value in game_checks(game_id).FAST.items():
            monkeypatch.setattr(ai, name, value)


def small_positions(game_id: str, count: int, seed: int, cards: int, solved: bool = True
                    ) -> Iterator[tuple[engine.Game, int]]:
    """Seeded games played at random up to a decision in the play with at most ``cards`` cards in hand (and
    within the solver's budget, if ``solved``; beyond it if not)."""
    glue = exact.solver_for(game_id)
    assert glue is not None
    rng = random.Random(f"small/{game_id}/{seed}")
    found = 0
    while found < count:
        options: dict[str, object] = {}
        if game_id == "jabberwocky":
            # every schedule's first round deals 3 cards, within the budget: a position beyond it needs more
            options = {"players": rng.choice((3, 4))} if solved else {"players": rng.choice((3, 4)), "rounds": [6]}
        game = engine.new_game(game_id, seed=rng.getrandbits(32), **options)
        start_deal = len(game.deal_results())
        while not game.is_over and len(game.deal_results()) == start_deal:
            seat = game.current_player
            assert seat is not None
            view = game.view(seat)
            if view["phase"] == "play" and len(view["hand"]) <= cards and len(view["legal"]) > 1 \
                    and glue.small_enough(view) == solved:
                found += 1
                yield fork(game), seat
                break
            game.apply(rng.choice(game.legal_actions(seat)), seat)


def entries(game: engine.Game, seat: int) -> list:
    hint = engine.hint(game, seat)
    return [assess(game, seat, str(a), hint=hint) for a in game.legal_actions(seat)]


@pytest.mark.parametrize("game_id,cards,count", [("klaberjass", 3, 10), ("jabberwocky", 3, 16)])
def test_every_mistake_is_truly_worse_by_its_threshold(game_id: str, cards: int, count: int) -> None:
    limits = thresholds_for(game_id)
    serious = 0
    for game, seat in small_positions(game_id, count, 1, cards):
        view = game.view(seat)
        assert exact.solve_view(game_id, view) is not None, "positions this small are solved"
        real = truth(game_id, view)
        for e in entries(game, seat):
            assert isinstance(e.claims[0], Solved)
            if e.verdict not in ("mistake", "blunder"):
                continue
            serious += 1
            gap = (real.mean(e.best) - real.mean(e.action)) * limits.scale
            slack = real.margin(e.best, e.action) * limits.scale
            assert gap > 0, f"{e.action} is called a {e.verdict}, but {e.best} is not better: {gap:.2f}"
            assert gap + slack >= limits.mistake, \
                f"{e.action} is called a {e.verdict}, {e.best} is only {gap:.2f} better (± {slack:.2f})"
    assert serious > 0, "the positions include mistakes to check"


def test_the_engines_solver_agrees_with_the_reference_where_both_solve_every_deal() -> None:
    for game, seat in small_positions("klaberjass", 6, 2, 3):
        view = game.view(seat)
        mine, real = exact.solve_view("klaberjass", view), klaberjass_truth(view)
        assert mine is not None and not mine.sampled and real.every_deal
        assert mine.total == len(real.values[view["legal"][0]])
        for move in view["legal"]:
            assert mine.mean(move) == pytest.approx(real.mean(move))


def klaberjass_example() -> engine.Game:
    """Issue 37: the defender, ♥ trumps, holding J♥ J♠ 10♦ 8♦ with 4 tricks left, to lead. (The maker's hand
    is stacked so that the review before the solver called J♥ a mistake, 31.7 points below 8♦.)"""
    game = kh.stacked_game("10H 9H 8S 10S AS 7S 7C 8C 9C", "JH JS 10D 8D AC 10C KC QS 9S", "KH", dealer_seat=0)
    kh.play_all(game, "take 7C AC 10C 8C KC 9C QS AS 7S 9S")
    view = game.view(0)
    assert (view["maker"], view["trump"], view["current_player"], sorted(view["hand"])) == \
        (1, "H", 0, sorted(["JH", "JS", "10D", "8D"])) and not view["trick"]
    return game


def test_klaberjass_example_the_jack_of_trumps_is_no_mistake() -> None:
    game = klaberjass_example()
    jack = assess(game, 0, "play JH")
    assert jack is not None and isinstance(jack.claims[0], Solved)
    assert jack.verdict not in ("mistake", "blunder"), jack
    view = game.view(0)
    assert jack.claims[0].total == len(klaberjass_hands(view))
    real = klaberjass_truth(view, most=300)
    gap = real.mean(real.best) - real.mean("play JH")
    assert gap + real.margin(real.best, "play JH") < thresholds_for("klaberjass").mistake


def jabberwocky_example() -> engine.Game:
    """Issue 37: bid 2, no tricks yet, holding 2♥ A♦ 10♦ 5♦, ♦ trumps not broken, 6♣ led (four players; the
    review before the solver called 10♦ a mistake, 30.1 points below A♦)."""
    game = jh.stacked_round(["6C KC 3S 4H", "2H AD 10D 5D", "QS JH 9C 8D", "7S 7H 2C 4D"], "3D", dealer=3)
    jh.play_all(game, "b0 b2 b0 b0 6C")
    view = game.view(1)
    assert (view["bids"][1], view["trump"], view["trump_broken"], view["current_player"]) == (2, "D", False, 1)
    return game


def test_jabberwocky_example_the_ten_of_trumps_is_no_mistake_against_the_ace() -> None:
    game = jabberwocky_example()
    entry = assess(game, 1, "play 10D")
    assert entry is not None
    assert entry.verdict not in ("mistake", "blunder"), entry
    # four cards a hand with three players is beyond the solver's budget: the cost says its model
    assert isinstance(entry.claims[0], Modelled)
    assert "if the others play as the medium bot does" in entry.loss_words() or entry.loss == 0


def test_jabberwocky_example_by_the_reference_ten_is_not_a_mistake() -> None:
    """What the issue's audit found, re-derived: 10♦ is not a mistake's cost below A♦ with best play."""
    real = jabberwocky_truth(jabberwocky_example().view(1), deals=20)
    limits = thresholds_for("jabberwocky")
    gap = real.mean("play AD") - real.mean("play 10D")
    assert (gap - real.margin("play AD", "play 10D")) * limits.scale < limits.mistake


@pytest.mark.parametrize("game_id,cards", [("klaberjass", 3), ("jabberwocky", 3)])
def test_the_cost_says_what_it_rests_on_and_the_checker_rederives_it(game_id: str, cards: int) -> None:
    seen = set()
    for game, seat in small_positions(game_id, 3, 3, cards):
        hint = engine.hint(game, seat)
        for a in game.legal_actions(seat):
            e = assess(game, seat, str(a), hint=hint)
            cost = e.claims[0]
            seen.add(type(cost).__name__)
            assert "best play by everyone" in cost.words() and "your view allows" in cost.words()
            check = checker(game_id, cost)
            assert check is not None, f"no checker for the {cost.kind} claim {cost.fact}"
            assert check(game, seat, cost, hint) is None
    assert seen == {"Solved"}
    # beyond the budget: the medium bot's model, said
    modelled = 0
    for game, seat in small_positions(game_id, 8, 4, 6, solved=False):
        if modelled:
            break
        hint = engine.hint(game, seat)
        for a in game.legal_actions(seat):
            e = assess(game, seat, str(a), hint=hint)
            cost = e.claims[0]
            if isinstance(cost, Modelled) and e.loss > 0:
                modelled += 1
                assert "if the others play as the medium bot does" in e.loss_words()
                check = checker(game_id, cost)
                assert check is not None and check(game, seat, cost, hint) is None
    assert modelled > 0


def test_a_planted_false_cost_is_caught() -> None:
    game, seat = next(small_positions("klaberjass", 1, 5, 3))
    hint = engine.hint(game, seat)
    e = assess(game, seat, str(game.legal_actions(seat)[-1]), hint=hint)
    cost = e.claims[0]
    assert isinstance(cost, Solved)
    wrong = Solved(cost.fact, value=cost.value + 20, move=cost.move, exact=cost.exact, samples=cost.samples,
                   total=cost.total)
    check = checker("klaberjass", wrong)
    assert check is not None and check(game, seat, wrong, hint) is not None
    miscounted = Solved(cost.fact, value=cost.value, move=cost.move, exact=cost.exact, samples=cost.samples,
                        total=cost.total + 1)
    assert check(game, seat, miscounted, hint) is not None
