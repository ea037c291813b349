"""Rummy benchmarks: solver latency, games per second, hint latency per level, bot strength.

    python bench/bench_rummy.py [--hands 1000] [--seconds 5] [--positions 100] [--games 500] [--jobs 2]
                                [--hint-games 300] [--skip-speed]

Solver rows: 16-card hands from the Kalooki pack (0–4 jokers) and 10-card Basic Rummy hands
(targets: p95 at most 5 ms). Hint latency: the three bots and ``engine.hint`` on positions
from seeded games (target: hard p95 at most 300 ms). Strength: two-player one-deal games, each
seed played twice with the seats swapped; a "match" is one such pair, scored as the points
the first level won minus the points it gave away. "hint v medium": a player who always plays
engine.hint's move against medium, and on the same seeds a medium bot in that seat; the row gives
the difference per seed with its 95% interval. Prints tables; nothing is asserted.

The lean core (issue 20/24; 2026-11-24, ``--hands 50 --seconds 3 --positions 60 --games 0 --hint-games 0``,
load average about 3.9): random one-deal games on ``engine.games.rummy.Deal`` with no narration (the
deal included), and rollouts of the determinized search (``engine.search.pimc`` over worlds from
``Deal.from_view``, each played to the deal's end at random) over the legal moves of 20 positions::

     players   deals/s   moves/s
           2     212.1     51081
           3     339.9     79747
           4     339.0     62758
    search rollouts to the deal's end: 615.2 rollouts/s
    engine.hint (hard), median / p95: 2.17 / 10.79 ms (2.29 / 15.70 before, load 2.4)

Last run of the hint row (2026-11-24, shared 2-core machine at a load average of about 15;
``--skip-speed --games 0 --hint-games 1000 --jobs 1``, about 40 minutes)::

                 row  matches  hint net  medium net  hint - medium             95% CI
       hint v medium     1000     +0.42       +0.00          +0.42     [-0.54, +1.38]

A medium bot against itself nets 0 (it plays the same cards the same way from either seat). Following
the hint does as well as medium within half a point per match (two deals): the interval holds 0, so the
hint is not measurably stronger; 300 seeds gave -0.37 [-2.05, +1.31].
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
from engine.hints import Bot, hint_for_view  # noqa: E402
from bench_melds import print_rows as print_solver_rows  # noqa: E402
from measure import decision_latency, lean_deal_rate, load_average, mean_ci, paired_hint_rows, rollout_rate  # noqa: E402


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
        engine.play(g, bots, max_steps=rng.randrange(0, 60))
        if not g.is_over:
            out.append((g, g.current_player))
        seed += 1
    return out


def latency_rows(count: int) -> list[tuple[str, float, float]]:
    return decision_latency("rummy", positions(count), "engine.hint (hard)")


#: The search rows: positions, worlds per position, and the most random moves a rollout makes.
ROLLOUT_POSITIONS, ROLLOUT_SAMPLES, ROLLOUT_MOVES = 20, 8, 1000


def lean_rows(seconds: float, views: list[dict]) -> None:
    """Issue 20/24 rows: random one-deal games through the lean core (engine.games.rummy.Deal, no
    narration), and rollouts per second of the determinized search over positions' legal moves."""
    from engine.games.rummy import Deal, hand_value, unseen_cards

    def value(deal: Deal, seat: int) -> float:
        if deal.phase == "done":
            return float(deal.points[seat] - max(p for s, p in enumerate(deal.points) if s != seat))
        return -float(hand_value(deal.hands[seat], deal.rules.ace))

    print(f"\nRummy: the lean core, random play, load average {load_average()}")
    print(f"{'players':>8} {'deals/s':>9} {'moves/s':>9}")
    for players in (2, 3, 4):
        deals, moves = lean_deal_rate(
            lambda i, p=players: engine.new_game("rummy", players=p, seed=i, target=1).deal, seconds)
        print(f"{players:>8} {deals:9.1f} {moves:9.0f}", flush=True)
    rate, done = rollout_rate(views[:ROLLOUT_POSITIONS], unseen_cards, Deal.from_view, value, ROLLOUT_SAMPLES,
                              ROLLOUT_MOVES)
    print(f"search rollouts to the deal's end: {rate:.1f} rollouts/s ({done} rollouts)")


PAIRINGS = (("medium", "easy"), ("hard", "medium"), ("hard", "easy"))


class HintFollower:
    """A player who always plays the hint's move (engine.hint's choice from his view)."""

    def choose(self, view: dict) -> str:
        return hint_for_view(view).action


def player(level: str, seed: int) -> Bot | HintFollower:
    return HintFollower() if level == "hint" else Bot("rummy", level, seed=seed)


def one_match(job: tuple[int, str, str]) -> float:
    """Points ``a`` won minus points it gave away over one seed played from both seats."""
    seed, a, b = job
    net = 0.0
    for seat_a in (0, 1):  # ``a`` in seat 0, then in seat 1 (also when a == b: a bot against itself nets 0)
        levels = (a, b) if seat_a == 0 else (b, a)
        g = engine.new_game("rummy", players=2, seed=50_000 + seed, target=1, first_dealer=seed % 2)
        bots = [player(lv, seed * 2 + s) for s, lv in enumerate(levels)]
        while not g.is_over:
            s = g.current_player
            g.apply(bots[s].choose(g.view(s)), s)
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


def hint_v_medium(games: int, jobs: int, every: int = 50) -> None:
    """The hint's player against medium, and a medium bot in the same seat on the same seeds (issue 18, part 1):
    the net points per match of each, and the difference per seed with its 95% interval."""
    print(f"\nRummy: hint v medium, {games} seeded matches (2 players, one deal from each seat); the same seeds "
          "with a medium bot in the hint's seat")
    paired_hint_rows(one_match, games, jobs, every, unit="matches", digits=2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands per solver row")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per throughput row")
    parser.add_argument("--positions", type=int, default=100, help="positions for the latency table")
    parser.add_argument("--games", type=int, default=500, help="matches per pairing (0 skips strength)")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the strength matches")
    parser.add_argument("--pairings", nargs="*", default=[f"{a}-{b}" for a, b in PAIRINGS],
                        help="which strength pairings to play, e.g. hard-medium")
    parser.add_argument("--hint-games", type=int, default=300, help="matches for the hint v medium row (0 skips)")
    parser.add_argument("--skip-speed", action="store_true", help="skip the solver, throughput and latency tables")
    args = parser.parse_args()
    if args.skip_speed:
        if args.games:
            strength(args.games, args.jobs, [tuple(p.split("-", 1)) for p in args.pairings])  # type: ignore[misc]
        if args.hint_games:
            hint_v_medium(args.hint_games, args.jobs)
        return

    print(f"Meld solver, {args.hands} hands per row; load average {load_average()}")
    print_solver_rows(args.hands)

    print("\nRummy: one-deal games through the protocol")
    print(f"{'players':>8} {'play':>12} {'games/s':>9} {'moves/s':>9}")
    for players in (2, 3, 4):
        for purposeful in (False, True):
            gps, mps = random_games(args.seconds, players, purposeful)
            kind = "soak policy" if purposeful else "random"
            print(f"{players:>8} {kind:>12} {gps:9.1f} {mps:9.0f}", flush=True)

    spots = positions(args.positions)
    lean_rows(args.seconds, [g.view(s) for g, s in spots])

    print(f"\nRummy: decision latency, {len(spots)} positions, load average {load_average()}")
    print(f"{'who':<20} {'median ms':>10} {'p95 ms':>8}")
    for name, median, p95 in decision_latency("rummy", spots, "engine.hint (hard)"):
        print(f"{name:<20} {median:>10.2f} {p95:>8.2f}", flush=True)
    print(f"load average {load_average()}")

    if args.games:
        pairings = [tuple(p.split("-", 1)) for p in args.pairings]
        strength(args.games, args.jobs, [(a, b) for a, b in pairings])
    if args.hint_games:
        hint_v_medium(args.hint_games, args.jobs)


if __name__ == "__main__":
    main()
