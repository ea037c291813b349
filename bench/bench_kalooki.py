"""Kalooki benchmarks: random nine-deal games per second, hint latency per level, bot strength.

    python bench/bench_kalooki.py [--seconds 20] [--positions 200] [--matches 300] [--deals full|short]

Strength: three bots at one table (hard, medium, easy), seats rotated over the six orders by
the match number; each row is the mean margin in points per match (lower totals win, so a
positive margin means the first level scores less) with its 95% interval. Prints tables;
nothing here is asserted by the tests (speed is measured, not assumed).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from itertools import permutations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from engine.games import kalooki_ai as ai  # noqa: E402
from engine.hints import LEVELS, Bot  # noqa: E402
from measure import latency_ms, mean_ci  # noqa: E402


def bot_match(levels: list[str], seed: int, deals: str) -> engine.Game:
    """One match between bots; out of turn each bot is asked once per discard whether it calls."""
    g = engine.new_game("kalooki", players=len(levels), seed=seed, deals=deals)
    bots = [Bot("kalooki", level, seed * 7 + i) for i, level in enumerate(levels)]
    while not g.is_over:
        window = len(g.events)
        callers = g.to_act()[1:]  # nearest first; each answers "call" or "pass", both legal moves
        seat = callers[0] if callers else g.current_player
        move = bots[seat].choose(g.view(seat))
        g.apply(move, seat)
        assert move == "pass" or len(g.events) > window
    return g


def random_rate(seconds: float) -> tuple[float, float]:
    """Nine-deal games with random calls and greedy-random play (the soak's players, which choose
    most moves without listing every legal move; the engine checks each one), per second."""
    from tests.engine.test_kalooki_soak import choose  # the soak's random players
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = engine.new_game("kalooki", players=3 + games % 4, seed=games)
        rng = random.Random(games)
        while not g.is_over:
            seat, move = choose(g, rng)
            g.apply(move, seat)
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed


def positions(count: int) -> list[dict]:
    """Views of the player to move (or a caller) from seeded medium-bot matches."""
    out: list[dict] = []
    seed = 0
    while len(out) < count:
        g = engine.new_game("kalooki", players=3 + seed % 4, seed=seed, deals=[1 + seed % 9])
        bots = [Bot("kalooki", "medium", s) for s in range(g.players)]
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 60)):
            if g.is_over:
                break
            seat = g.current_player
            g.apply(bots[seat].choose(g.view(seat)), seat)
        if not g.is_over:
            seats = g.to_act()
            out.append(g.view(seats[-1] if len(seats) > 1 and rng.random() < 0.3 else seats[0]))
        seed += 1
    return out


def strength(matches: int, deals: str) -> list[tuple[str, float, float]]:
    orders = list(permutations(["hard", "medium", "easy"]))
    margins: dict[tuple[str, str], list[float]] = {("hard", "medium"): [], ("hard", "easy"): [],
                                                   ("medium", "easy"): []}
    for m in range(matches):
        levels = list(orders[m % 6])
        g = bot_match(levels, 50_000 + m, deals)
        score = {lvl: g.scores[levels.index(lvl)] for lvl in levels}
        for (a, b), values in margins.items():
            values.append(score[b] - score[a])
    return [(f"{a} v {b}", *mean_ci(v)) for (a, b), v in margins.items()]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--matches", type=int, default=300)
    ap.add_argument("--deals", default="full", choices=("full", "short"))
    args = ap.parse_args()

    games, moves = random_rate(args.seconds)
    print(f"{'random nine-deal games (3-6 players)':<40} {games:>8.3f} games/s {moves:>9.0f} moves/s")

    views = positions(args.positions)
    print(f"\n{'decision (' + str(len(views)) + ' positions)':<40} {'median ms':>10} {'p95 ms':>8}")
    for level in LEVELS:
        ai.clear_cache()  # each level measured cold: no arrangement remembered from the last
        policy = ai.POLICIES[level]
        med, p95 = latency_ms(lambda v=v, p=policy: p(v, random.Random(0)) for v in views)
        print(f"{level + ' bot':<40} {med:>10.2f} {p95:>8.2f}")
    ai.clear_cache()
    med, p95 = latency_ms(lambda v=v: ai.advise(v) for v in views)
    print(f"{'hint (hard, with words)':<40} {med:>10.2f} {p95:>8.2f}")

    print(f"\n{'strength, ' + str(args.matches) + ' ' + args.deals + ' matches':<40} {'margin':>8} {'95% CI':>16}")
    for name, mean, half in strength(args.matches, args.deals):
        print(f"{name:<40} {mean:>+8.1f} {f'[{mean - half:+.1f}, {mean + half:+.1f}]':>16}")


if __name__ == "__main__":
    main()
