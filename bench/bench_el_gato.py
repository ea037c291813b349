"""El Gato benchmarks: games per second per player count (through the protocol and on the lean core), search
rollouts per second on the lean core, hint latency, game lengths, draws.

    python bench/bench_el_gato.py [--seconds 3] [--games 300] [--positions 300]

Lean core (issue 20), ``--seconds 5 --positions 0 --games 0`` on the shared 2-core machine (load average about
3.8), rows alternated, 4 players: whole games through the protocol 59/s, on the lean Deal 207/s (3.5x); search
rollouts to the game's end 222/s.

Prints tables; nothing here is asserted by the tests (speed is measured, not assumed).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from engine.cards import spanish_40  # noqa: E402
from engine.dealing import deal_round_robin  # noqa: E402
from engine.games.el_gato import PACK_SIZE, PLAYER_COUNTS, Deal, unseen  # noqa: E402
from engine.search import random_playout  # noqa: E402
from measure import (game_runner, hint_runner, latency_ms, load_average, percentile, play_rate,  # noqa: E402
                     rollout_rate, speed_table)

#: The search row: positions, worlds per position, and the most moves a rollout makes (a game's length).
ROLLOUT_POSITIONS, ROLLOUT_SAMPLES, ROLLOUT_MOVES = 20, 8, 20_000
OPTIONS = {"ace_high": False, "guerra": "highest", "cycle_draw": True, "trick_limit": 5000}


def lean_game(seed: int, players: int = 4) -> int:
    """One seeded game on the lean core (engine.games.el_gato.Deal: no narration, no checks), from the deal
    to the end; returns its moves."""
    pack = spanish_40()
    random.Random(seed).shuffle(pack)
    packets, _ = deal_round_robin(pack, players, PACK_SIZE // players, first=0)
    return random_playout(Deal(packets, 0, OPTIONS), random.Random(seed), ROLLOUT_MOVES)


def safe_margin(deal: Deal, seat: int) -> float:
    """What a rollout is worth to ``seat``: -1 if it lost, +1 if another seat lost, 0 for a draw or unfinished."""
    return 0.0 if deal.loser is None else -1.0 if deal.loser == seat else 1.0


def rollout_row() -> None:
    """Rollouts per second of the determinized search (engine.search.pimc) on the lean deal's from_view."""
    views = [g.view(s) for g, s in spots_for_hints(ROLLOUT_POSITIONS)]
    rate, done = rollout_rate(views, unseen, Deal.from_view, safe_margin, ROLLOUT_SAMPLES, ROLLOUT_MOVES)
    print(f"search rollouts to the game's end on the lean core: {rate:,.0f} rollouts/s ({done} rollouts; "
          f"load average {load_average()})")


def games_per_second(players: int, seconds: float) -> tuple[float, float]:
    """Whole games played with the only action; returns (games/s, moves/s)."""
    return play_rate(lambda seed: engine.new_game("el_gato", players=players, seed=seed), seconds,
                     lambda game, rng: "play")


def spots_for_hints(count: int) -> list[tuple[engine.Game, int]]:
    """Positions part-way through seeded games (up to ``count``; a game may end first)."""
    spots = []
    for seed in range(count):
        g = engine.new_game("el_gato", players=PLAYER_COUNTS[seed % len(PLAYER_COUNTS)], seed=seed)
        for _ in range(random.Random(seed).randrange(0, 120)):
            if g.is_over:
                break
            g.apply("play")
        if not g.is_over:
            spots.append((g, g.current_player))
    return spots


def hint_latency_ms(count: int) -> tuple[float, float]:
    """engine.hint at positions part-way through seeded games (view + advice)."""
    return latency_ms(partial(engine.hint, g, seat) for g, seat in spots_for_hints(count))


def lengths(players: int, games: int) -> tuple[list[int], int, int]:
    """Tricks per game (tie-breaks included), cycle draws and trick-limit draws over seeded games."""
    out, cycles, capped = [], 0, 0
    for seed in range(games):
        g = engine.new_game("el_gato", players=players, seed=1_000_000 + seed)
        while not g.is_over:
            g.apply("play")
        out.append(g.deal.rounds)
        rule = g.events[-1].rule
        cycles += rule == "el_gato.cycle"
        capped += rule == "el_gato.trick_limit"
    return out, cycles, capped


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=3.0, help="time per player count")
    ap.add_argument("--games", type=int, default=300, help="games per player count for the length table")
    ap.add_argument("--positions", type=int, default=300)
    args = ap.parse_args()

    print("El Gato: whole games (every move is 'play')")
    print(f"{'players':>8} {'games/s':>10} {'moves/s':>10}")
    for players in PLAYER_COUNTS:
        gps, mps = games_per_second(players, args.seconds)
        print(f"{players:>8} {gps:>10.1f} {mps:>10.0f}")

    print()
    speed_table("El Gato, 4 players: random games through the protocol and on the lean core (Deal); the hint "
                "computes its odds exactly, no rollouts",
                {"protocol: whole games": ("games", game_runner(
                    lambda seed: engine.new_game("el_gato", players=4, seed=seed), lambda game, rng: "play")),
                 "lean core: random games": ("games", lean_game),
                 "hint (exact odds, no rollouts)": ("hints", hint_runner(spots_for_hints(40)))},
                args.seconds, base="protocol: whole games", compared=("lean core: random games",))
    rollout_row()

    if args.positions:
        med, p95 = hint_latency_ms(args.positions)
        print(f"\nEl Gato: engine.hint latency over up to {args.positions} positions (ms)")
        print(f"{'median':>8} {'p95':>8}")
        print(f"{med:>8.3f} {p95:>8.3f}")

    if args.games:
        print(f"\nEl Gato: game length in tricks, tie-breaks included ({args.games} seeded games each)")
        print(f"{'players':>8} {'mean':>7} {'median':>7} {'p95':>7} {'max':>7} {'cycle draws':>12} {'capped':>7}")
        for players in PLAYER_COUNTS:
            lens, cycles, capped = lengths(players, args.games)
            print(f"{players:>8} {statistics.mean(lens):>7.0f} {statistics.median(lens):>7.0f} "
                  f"{percentile(lens, 0.95):>7.0f} {max(lens):>7} {cycles / len(lens):>11.1%} "
                  f"{capped / len(lens):>6.1%}")


if __name__ == "__main__":
    main()
