"""Rummy benchmarks: solver latency, games per second, hint latency per level, bot strength.

    python bench/bench_rummy.py [--hands 1000] [--seconds 5] [--positions 100] [--games 500] [--jobs 2]

Solver rows: 16-card hands from the Kalooki pack (0–4 jokers) and 10-card Basic Rummy hands
(targets: p95 at most 5 ms). Hint latency: the three bots and ``engine.hint`` on positions
from seeded games (target: hard p95 at most 300 ms). Strength: two-player one-deal games, each
seed played twice with the seats swapped; a "match" is one such pair, scored as the points
the first level won minus the points it gave away. Prints tables; nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from engine.hints import Bot  # noqa: E402
from bench_melds import print_rows as print_solver_rows  # noqa: E402
from measure import decision_latency, mean_ci  # noqa: E402


def random_games(seconds: float, players: int, purposeful: bool) -> tuple[float, float]:
    """Seeded one-deal games through the protocol: (games/s, moves/s)."""
    from tests.engine.test_rummy_soak import choose
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = engine.new_game("rummy", players=players, seed=games, target=1)
        rng = random.Random(games)
        while not g.is_over:
            g.apply(choose(g, rng) if purposeful else rng.choice(g.legal_actions()))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed


def positions(count: int) -> list[tuple[engine.Game, int]]:
    """Decisions from seeded 2- to 4-player games played by medium bots, draws and discards alike."""
    out: list[tuple[engine.Game, int]] = []
    seed = 0
    while len(out) < count:
        players = 2 + seed % 3
        g = engine.new_game("rummy", players=players, seed=seed, target=1)
        bots = [Bot("rummy", "medium", seed=s) for s in range(players)]
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 60)):
            if g.is_over:
                break
            s = g.current_player
            g.apply(bots[s].choose(g.view(s)), s)
        if not g.is_over:
            out.append((g, g.current_player))
        seed += 1
    return out


def latency_rows(count: int) -> list[tuple[str, float, float]]:
    return decision_latency("rummy", positions(count), "engine.hint (hard)")


PAIRINGS = (("medium", "easy"), ("hard", "medium"), ("hard", "easy"))


def one_match(job: tuple[int, str, str]) -> float:
    """Points ``a`` won minus points it gave away over one seed played from both seats."""
    seed, a, b = job
    net = 0.0
    for first in (a, b):
        levels = (first, b if first == a else a)
        g = engine.new_game("rummy", players=2, seed=50_000 + seed, target=1, first_dealer=seed % 2)
        bots = [Bot("rummy", lv, seed=seed * 2 + s) for s, lv in enumerate(levels)]
        while not g.is_over:
            s = g.current_player
            g.apply(bots[s].choose(g.view(s)), s)
        seat_a = levels.index(a)
        net += g.scores[seat_a] - g.scores[1 - seat_a]
    return net


def strength(games: int, jobs: int, pairings: list[tuple[str, str]], every: int = 100) -> None:
    print(f"\nRummy: strength, {games} seeded matches per pairing (2 players, one deal from each seat)")
    print(f"{'pairing':>16} {'matches':>8} {'net points/match':>17} {'95% CI ±':>9}")
    with Pool(jobs) as pool:
        for a, b in pairings:
            nets: list[float] = []
            for net in pool.imap(one_match, [(seed, a, b) for seed in range(games)], chunksize=2):
                nets.append(net)
                if len(nets) % every == 0 or len(nets) == games:  # a row as matches finish: a long run reports early
                    m, ci = mean_ci(nets)
                    print(f"{a + ' v ' + b:>16} {len(nets):>8} {m:+17.2f} {ci:9.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands per solver row")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per throughput row")
    parser.add_argument("--positions", type=int, default=100, help="positions for the latency table")
    parser.add_argument("--games", type=int, default=500, help="matches per pairing (0 skips strength)")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the strength matches")
    parser.add_argument("--pairings", nargs="*", default=[f"{a}-{b}" for a, b in PAIRINGS],
                        help="which strength pairings to play, e.g. hard-medium")
    args = parser.parse_args()

    print(f"Meld solver, {args.hands} hands per row")
    print_solver_rows(args.hands)

    print("\nRummy: one-deal games through the protocol")
    print(f"{'players':>8} {'play':>12} {'games/s':>9} {'moves/s':>9}")
    for players in (2, 3, 4):
        for purposeful in (False, True):
            gps, mps = random_games(args.seconds, players, purposeful)
            kind = "soak policy" if purposeful else "random"
            print(f"{players:>8} {kind:>12} {gps:9.1f} {mps:9.0f}", flush=True)

    print(f"\nRummy: decision latency, {args.positions} positions")
    print(f"{'who':<20} {'median ms':>10} {'p95 ms':>8}")
    for name, median, p95 in latency_rows(args.positions):
        print(f"{name:<20} {median:>10.2f} {p95:>8.2f}", flush=True)

    if args.games:
        pairings = [tuple(p.split("-", 1)) for p in args.pairings]
        strength(args.games, args.jobs, [(a, b) for a, b in pairings])


if __name__ == "__main__":
    main()
