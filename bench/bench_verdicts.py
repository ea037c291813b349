"""Bench: are the review's verdicts true? Jabberwocky and Klaberjass against exhaustive search (issue 37).

N seeded positions per game, each a decision in the play reached by random moves, with at most ``--cards``
cards in hand; at each, every legal move is rated by the review (engine.review.assess, the hint at its
full strength) and the truth is worked out by the tests' own solver (tests/engine/exact_reference.py:
Klaberjass every hand the opponent may hold, up to 3,000 of them; Jabberwocky 300 deals drawn uniformly),
best play by everyone. Printed per game, with Wilson 95% intervals:

- of the mistake/blunder verdicts, how often the better move is truly better (goal ≥ 97%) and better by the
  mistake's threshold at least (goal ≥ 90%);
- of the best/good verdicts, how often the move is truly a mistake's cost or more below the best (≤ 1%).

``--before`` rates with the review as it was before the solver (the hint's figures alone, no margin rule),
on the same seeds. ``--budget`` instead times one deal's solve by cards in hand and players (the budget in
engine/games/*_exact.py).

    .venv/bin/python bench/bench_verdicts.py --positions 60
    .venv/bin/python bench/bench_verdicts.py --positions 60 --before
    .venv/bin/python bench/bench_verdicts.py --budget
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path
from typing import Iterator

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' exhaustive solver, run from anywhere

import engine  # noqa: E402
from engine import exact  # noqa: E402
from engine.review import assess  # noqa: E402
from engine.review_thresholds import thresholds_for  # noqa: E402
from tests.engine.exact_reference import truth  # noqa: E402

GAMES = ("klaberjass", "jabberwocky")


def wilson(hits: int, n: int) -> str:
    """``hits``/``n`` as a percentage with its Wilson 95% interval."""
    if n == 0:
        return "   n/a"
    z = 1.96
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{100 * p:5.1f}% [{100 * max(0, centre - half):.1f}, {100 * min(1, centre + half):.1f}] ({hits}/{n})"


def positions(game_id: str, count: int, cards: int, seed: int) -> Iterator[tuple[engine.Game, int]]:
    """Seeded games played at random to a decision in the play with at most ``cards`` cards in hand
    (Jabberwocky with 3 or 4 players)."""
    rng = random.Random(f"bench_verdicts/{game_id}/{seed}")
    found = 0
    while found < count:
        players = {"players": rng.choice((3, 4))} if game_id == "jabberwocky" else {}
        game = engine.new_game(game_id, seed=rng.getrandbits(32), **players)
        stop = rng.randint(1, cards)  # positions of 1 .. cards cards in hand
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            view = game.view(seat)
            if view["phase"] == "play" and len(view["hand"]) <= stop and len(view["legal"]) > 1:
                found += 1
                yield game.clone(), seat
                break
            game.apply(rng.choice(game.legal_actions(seat)), seat)


def bench(game_id: str, count: int, cards: int, seed: int) -> dict[str, int]:
    limits = thresholds_for(game_id)
    tally = dict(serious=0, worse=0, by_threshold=0, fine=0, hides=0, solved=0, positions=0)
    started = time.perf_counter()
    for game, seat in positions(game_id, count, cards, seed):
        view = game.view(seat)
        tally["positions"] += 1
        tally["solved"] += exact.solve_view(game_id, view) is not None
        real = truth(game_id, view)
        top = real.mean(real.best)
        hint = engine.hint(game, seat)
        for move in view["legal"]:
            e = assess(game, seat, move, hint=hint)
            if e is None:
                continue
            if e.verdict in ("mistake", "blunder"):
                gap = (real.mean(e.best) - real.mean(move)) * limits.scale
                tally["serious"] += 1
                tally["worse"] += gap > 0
                tally["by_threshold"] += gap >= limits.mistake
            elif e.verdict in ("best", "good"):
                tally["fine"] += 1
                tally["hides"] += (top - real.mean(move)) * limits.scale >= limits.mistake
    tally["seconds"] = round(time.perf_counter() - started)
    return tally


def budget() -> None:
    """Milliseconds to solve one deal with everyone playing perfectly, by cards in hand (and players)."""
    cases = [("klaberjass", None, c) for c in (2, 3, 4, 5)] + \
        [("jabberwocky", p, c) for p in (3, 4, 5) for c in (2, 3, 4)]
    for game_id, players, cards in cases:
        glue = exact.solver_for(game_id)
        assert glue is not None
        times = []
        rng = random.Random(f"budget/{game_id}/{players}/{cards}")
        while len(times) < 5:
            game = engine.new_game(game_id, seed=rng.getrandbits(32), **({"players": players} if players else {}))
            while not game.is_over:
                seat = game.current_player
                assert seat is not None
                view = game.view(seat)
                if view["phase"] == "play" and len(view["hand"]) == cards and len(view["legal"]) > 1:
                    deals = 20
                    _, worlds = glue.worlds(view, deals, rng)
                    codes = [glue.move_code(view, m) for m in view["legal"]]
                    t = time.perf_counter()
                    for w in worlds:
                        exact.move_values(w, seat, codes, glue.payoff(view), glue.key)
                    times.append(1000 * (time.perf_counter() - t) / deals)
                    break
                game.apply(rng.choice(game.legal_actions(seat)), seat)
        label = f"{game_id} {players or 2} players, {cards} cards"
        print(f"{label:34} ms per deal: " + ", ".join(f"{t:.1f}" for t in sorted(times)), flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--cards", type=int, default=0,
                        help="cards in hand at most (default: Klaberjass 4, as the audit; Jabberwocky 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--before", action="store_true", help="the review before the solver (the hint alone)")
    parser.add_argument("--budget", action="store_true")
    args = parser.parse_args(argv)
    if args.budget:
        budget()
        return 0
    if args.before:
        exact.SOLVERS.clear()  # no game has a solver: the review rates by the hint's figures, as before
    print(f"$ {' '.join(sys.argv)}")
    print(f"{args.positions} positions per game, at most {args.cards or 'K 4, J 3'} cards in hand, seed {args.seed}, "
          f"review {'before (hint alone)' if args.before else 'with the solver'}")
    for game_id in args.games.split(","):
        t = bench(game_id, args.positions, args.cards or {"klaberjass": 4, "jabberwocky": 3}[game_id], args.seed)
        print(f"{game_id}: {t['positions']} positions ({t['solved']} within the solver's budget), {t['seconds']} s")
        print(f"  mistake/blunder truly worse          {wilson(t['worse'], t['serious'])}   goal >= 97%")
        print(f"  mistake/blunder worse by threshold   {wilson(t['by_threshold'], t['serious'])}   goal >= 90%")
        print(f"  best/good hiding a mistake           {wilson(t['hides'], t['fine'])}   goal <= 1%", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
