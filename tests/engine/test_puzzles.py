"""engine/puzzles.py: a mistake becomes a puzzle only when its answer is clearly and uniquely better (issue 37).

- every game with decisions yields puzzles from seeded deals in which seat 0 follows the hint but, at a chosen
  decision, plays the move the hint scores lowest (a planted mistake); each puzzle's answer beats every other
  legal move beyond the stated margin, its figures re-derived by the claim checks;
- a decision whose better move stands within the margin of another yields none (Rummy's sampled figures, Injun's
  exact ones);
- Injun's hint weighs a few raise sizes: every other legal move is scored by the advisor (score_move);
- a puzzle holds the seat's view only: the same position with the hidden cards swapped gives the same puzzle.

Hints are cheap (each game's FAST constants): a puzzle's separation is re-derived at that depth and deeper.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Iterator

import pytest

import engine
from engine import puzzles
from engine.hints import Bot
from engine.review import is_decision
from tests.engine import jabberwocky_helpers as jh
from tests.engine.claim_checks.puzzles import check_puzzle

REVIEWED = [g for g, cls in engine.GAMES.items() if cls.has_choices]


def planted(game_id: str, seed: int, skip: int) -> Iterator[tuple[engine.Game, int]]:
    """Seat 0 follows the hint, except that from its ``skip``-th decision on, at each decision where the hint
    scores moves, it plays the lowest-scored one (a planted mistake); yields (game just after it, its index).
    The others are medium bots."""
    game = engine.new_game(game_id, seed=seed, **engine.GAMES[game_id].short_match)
    bots = {s: Bot(game_id, "medium", seed=seed * 31 + s) for s in range(game.players)}
    seen = 0
    for _ in range(260):
        if game.is_over:
            return
        who = game.current_player
        assert who is not None
        if who == 0 and is_decision(game, 0):
            hint = engine.hint(game, 0)
            worst = min(hint.alternatives, key=lambda a: a.score).action if hint.alternatives else hint.action
            seen += 1
            if seen > skip and worst != hint.action:
                index = len(game.history)
                game.apply(worst, 0)
                yield game, index
                continue
            game.apply(hint.action, 0)
        else:
            game.apply(bots[who].choose(game.view(who)) if who else str(game.legal_actions(0)[0]), who)


def first_puzzles(game_id: str, tries: int = 40) -> list[tuple[engine.Game, dict]]:
    """Puzzles from planted mistakes over seeded deals, reviewed one decision at a time (until one is found)."""
    found: list[tuple[engine.Game, dict]] = []
    made = 0
    for seed in range(1, 40):
        for game, index in planted(game_id, seed, skip=seed % 3):
            made += 1
            review = engine.review(game, 0, start=index, stop=index + 1)
            for p in puzzles.puzzles_from_review(game, review):
                found.append((game.replayed(game.history[:index]), p))
            if found or made >= tries:
                return found
    return found


@pytest.mark.parametrize("game_id", REVIEWED)
def test_planted_mistakes_become_puzzles_with_a_unique_answer(game_id: str, fast: None) -> None:
    found = first_puzzles(game_id)
    assert found, f"{game_id}: no planted mistake became a puzzle"
    for position, puzzle in found:
        assert puzzles.is_puzzle(puzzle) and json.loads(json.dumps(puzzle)) == puzzle, "a plain JSON record"
        assert puzzle["answer"] != puzzle["played"] and puzzle["verdict"] in puzzles.SERIOUS
        assert set(puzzle["reasons"]) == set(puzzle["moves"]) and all(puzzle["reasons"].values())
        problems = check_puzzle(position, 0, puzzle)
        assert not problems, f"{game_id}: {problems}"


def injun_puzzle() -> tuple[engine.Game, dict]:
    """An Injun puzzle from a planted mistake (a raise of a size the hint did not weigh: it is scored by the
    advisor's own model, engine.hints.score_move)."""
    for seed in range(1, 20):
        for game, index in planted("injun", seed, skip=0):
            position = game.replayed(game.history[:index])
            unlisted = set(position.view(0)["legal"]) - {a.action for a in engine.hint(position, 0).alternatives}
            review = engine.review(game, 0, start=index, stop=index + 1)
            for puzzle in puzzles.puzzles_from_review(game, review):
                if unlisted:
                    return position, puzzle
    raise AssertionError("no planted Injun mistake became a puzzle")


def test_injun_mistakes_become_puzzles_over_every_raise_size() -> None:
    """Injun's hint weighs three raise sizes of the many allowed: the others are scored by the advisor's model, so
    the question is posed over every legal move, each other move's figure re-derived and below the answer."""
    position, puzzle = injun_puzzle()
    view = position.view(0)
    assert puzzle["moves"] == view["legal"] and len(puzzle["moves"]) > 5
    assert {f["move"] for f in puzzle["figures"]} == set(view["legal"]) - {puzzle["answer"]}
    assert all(puzzle["reasons"].values())
    assert not check_puzzle(position, 0, puzzle)


def test_an_injun_decision_within_the_margin_yields_none() -> None:
    """Injun's figures are exact under its model (no margin): a move scored level with the answer makes the answer
    no longer unique, and the same move a little below it leaves the puzzle as it was."""
    position, puzzle = injun_puzzle()
    view = position.view(0)
    hint = puzzles.scored_moves(view, engine.hint(position, 0))
    best = next(a for a in hint.alternatives if a.action == hint.action)
    other = next(m for m in view["legal"] if m not in (hint.action, puzzle["played"]))

    def with_other_at(score: float) -> dict | None:
        moved = [dataclasses.replace(a, score=score) if a.action == other else a for a in hint.alternatives]
        return puzzles.puzzle_for_view("injun", view, puzzle["played"], puzzle["verdict"],
                                       dataclasses.replace(hint, alternatives=moved))

    assert with_other_at(best.score) is None, "two best moves: no unique answer"
    assert with_other_at(best.score - 0.5) is not None


def rummy_position() -> tuple[engine.Game, str]:
    """A Rummy decision whose hint scores every legal move (its figures are exact: no margin)."""
    for game, index in planted("rummy", 2, skip=0):
        position = game.replayed(game.history[:index])
        hint = engine.hint(position, 0)
        if set(position.view(0)["legal"]) <= {a.action for a in hint.alternatives}:
            return position, game.history[index][1]
    raise AssertionError("no Rummy decision with every move scored")


def test_a_decision_within_the_margin_yields_none(monkeypatch: pytest.MonkeyPatch) -> None:
    position, played = rummy_position()
    view = position.view(0)
    hint = engine.hint(position, 0)
    assert puzzles.puzzle_for_view("rummy", view, played, "mistake", hint) is not None, "clear as it stands"
    best = next(a for a in hint.alternatives if a.action == hint.action)
    # the runner-up moved up to 1 unit below the answer, both estimates now ±2 (60 imagined deals)
    runner = max((a for a in hint.alternatives if a.action != hint.action), key=lambda a: a.score)
    close = [dataclasses.replace(a, score=best.score - 1.0, samples=60, margin=2.0) if a is runner else
             dataclasses.replace(a, samples=60, margin=0.1) for a in hint.alternatives]
    within = dataclasses.replace(hint, alternatives=close)
    assert puzzles.puzzle_for_view("rummy", view, played, "mistake", within) is None
    # the same gap with margins smaller than it is a puzzle again (the test can tell the two apart)
    narrow = [dataclasses.replace(a, margin=0.3) if a.action == runner.action else a for a in close]
    if played != hint.action:
        assert puzzles.puzzle_for_view("rummy", view, played, "mistake",
                                       dataclasses.replace(hint, alternatives=narrow)) is not None
    # a move with no figure at all: the question cannot be posed
    missing = dataclasses.replace(hint, alternatives=[a for a in hint.alternatives if a is not runner])
    monkeypatch.setattr(puzzles, "score_move", lambda _view, _move: None)  # an advisor with no figure for it
    assert puzzles.puzzle_for_view("rummy", view, played, "mistake", missing) is None


def test_the_answer_played_is_no_puzzle() -> None:
    position, _ = rummy_position()
    hint = engine.hint(position, 0)
    assert puzzles.puzzle_for_view("rummy", position.view(0), hint.action, "mistake", hint) is None


HANDS = ["6C KC 3S 4H", "AD KD AS AH", "QS JH 9C 8D", "7S 7H 2C 4D"]


def test_a_puzzle_holds_no_card_hidden_from_its_seat() -> None:
    """Seat 1's bid with the other three hands dealt two ways (the hidden cards swapped between seats): the
    same puzzle, and none of the hidden cards in it."""
    made = []
    for hands in (HANDS, [HANDS[2], HANDS[1], HANDS[3], HANDS[0]]):
        game = jh.stacked_round(hands, "3D", dealer=3)
        jh.play_all(game, "b0")
        view = game.view(1)
        assert view["current_player"] == 1 and view["phase"] == "bid"
        made.append(puzzles.puzzle_for_view("jabberwocky", view, "bid 0", "blunder"))
    assert made[0] is not None, "bidding nothing on three Aces and the King of trumps is a clear puzzle"
    assert made[0] == made[1]
    text = json.dumps(made[0])
    hidden = {c for seat in (0, 2, 3) for c in HANDS[seat].split()}
    assert not [c for c in hidden if f'"{c}"' in text or f"play {c}" in text]


def test_a_reviews_puzzles_reuse_its_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """A finished deal's puzzles are made from the hints (and solutions) its review was rated by, not asked again:
    asking again was most of the time a deal's puzzles took (bench/bench_puzzles.py). The same puzzles either way."""
    for seed in range(1, 10):
        for game, index in planted("jubilee", seed, skip=0):
            review = engine.review(game, 0, start=index, stop=index + 1)
            made = puzzles.puzzles_from_review(game, review)
            if made:
                again = dataclasses.replace(review, entries=[dataclasses.replace(e) for e in review.entries])
                assert puzzles.puzzles_from_review(game, again) == made, "an entry made otherwise: asked again"

                def asked(*_args: object) -> None:
                    raise AssertionError("the review's hint was asked for again")
                monkeypatch.setattr(puzzles, "hint_for_view", asked)
                assert puzzles.puzzles_from_review(game, review) == made
                return
    raise AssertionError("no planted Jubilee mistake became a puzzle")


def test_the_deeper_search_adds_as_many_playouts_as_the_review_had_and_pools_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The deeper search looks at twice the review's playouts, but plays only as many again: the review's own are
    pooled with the new ones. Asking for twice the playouts afresh was nearly all the CPU a Jabberwocky deal's
    puzzles took (bench/bench_puzzles.py; 12 s of wall time at load 21 was that CPU waiting for a core)."""
    from engine.games import jabberwocky_ai as ai
    from engine.hints import hint_for_view
    game_id = "jabberwocky"
    game = jh.stacked_round(HANDS, "3D", dealer=3)
    jh.play_all(game, "b0")
    view = game.view(1)
    review_hint = hint_for_view(view)  # what the review rated the bid by
    played: list[int] = []
    search = ai.search
    monkeypatch.setattr(ai, "search", lambda v, playouts, rng: played.append(playouts) or search(v, playouts, rng))
    puzzle = puzzles.puzzle_for_view(game_id, view, "bid 0", "blunder", review_hint)
    assert puzzle is not None and puzzle["deeper"], "bidding nothing on three Aces and the King of trumps"
    assert played == [ai.HINT_PLAYOUTS], "the deeper search played twice the review's playouts afresh"
    deeper = puzzles._deeper_hint(game_id, view, review_hint)
    assert deeper is not None
    assert {a.action: a.samples for a in deeper.alternatives} == \
        {a.action: 2 * a.samples for a in review_hint.alternatives}, "each move's figure over both sets of deals"


def test_pooled_figures_are_those_of_one_search_over_both_sets_of_deals() -> None:
    """Each move's pooled mean and margin equal one tally's over all the playouts of both searches."""
    import random
    from engine.hints import Alternative, Hint
    from engine.search import Tally
    rng = random.Random(5)
    values = {move: [rng.gauss(mu, 3.0) for _ in range(70)] for move, mu in (("bid 1", 10.0), ("bid 2", 7.5))}

    def hint_over(part: slice) -> Hint:
        alternatives = []
        for move, drawn in values.items():
            tally: Tally[str] = Tally(move)
            for value in drawn[part]:
                tally.add(value, {})
            alternatives.append(Alternative(move, tally.mean, move, samples=tally.samples, margin=tally.margin))
        return Hint(0, max(alternatives, key=lambda a: a.score).action, "", alternatives)

    both = puzzles.pooled(hint_over(slice(0, 30)), hint_over(slice(30, 70)))
    whole = {a.action: a for a in hint_over(slice(0, 70)).alternatives}
    for alt in both.alternatives:
        assert alt.samples == 70
        assert alt.score == pytest.approx(whole[alt.action].score, abs=1e-9)
        assert alt.margin == pytest.approx(whole[alt.action].margin, rel=1e-9)
    assert both.action == "bid 1"
