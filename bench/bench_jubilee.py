"""Jubilee benchmarks: random games per second (through the protocol and on the lean core), search rollouts
per second on the lean core, hint latency per bot level, bot strength, and following the hint against medium
bots.

    python bench/bench_jubilee.py [--seconds 5] [--positions 300] [--matches 200] [--hint-matches 400]
                                  [--only-hint]

Lean core (issue 20), ``--seconds 5 --positions 0 --matches 0 --hint-matches 0`` on the shared 2-core machine
(load average about 2.3-2.9), rows alternated: one deal through the protocol 497/s, random deals on the lean
Deal 2,201/s (4.4x); search rollouts to the deal's end 5,041/s.

Prints tables; nothing here is asserted by the tests (speed is measured, not assumed).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from engine.hints import Bot  # noqa: E402
from engine.cards import jubilee_61  # noqa: E402
from engine.dealing import deal_round_robin  # noqa: E402
from engine.games.jubilee import HAND_SIZE, Deal, unseen  # noqa: E402
from engine.search import random_playout  # noqa: E402
from measure import (decision_latency, game_runner, hint_runner, load_average, mean_ci, play_rate,  # noqa: E402
                     random_positions, rollout_rate, speed_table)

#: The search row: positions, worlds per position, and the most random moves a rollout makes.
ROLLOUT_POSITIONS, ROLLOUT_SAMPLES, ROLLOUT_MOVES = 20, 8, 1000


def lean_deal(seed: int, players: int = 4) -> int:
    """One seeded deal of random legal moves on the lean core (engine.games.jubilee.Deal: no narration, no
    checks), from the shuffle to the last card; returns its moves."""
    rng = random.Random(seed)
    pack = jubilee_61()
    rng.shuffle(pack)
    hands, stock = deal_round_robin(pack, players, HAND_SIZE, first=1)
    return random_playout(Deal(hands, stock, 1), rng)


def points_margin(deal: Deal, seat: int) -> float:
    """What a rollout is worth to ``seat``: its points in the deal less the best of the others'."""
    return float(deal.points[seat] - max(p for s, p in enumerate(deal.points) if s != seat))


def rollout_row() -> None:
    """Rollouts per second of the determinized search (engine.search.pimc) on the lean deal's from_view."""
    views = [g.view(s) for g, s in positions(ROLLOUT_POSITIONS)]
    rate, done = rollout_rate(views, unseen, Deal.from_view, points_margin, ROLLOUT_SAMPLES, ROLLOUT_MOVES)
    print(f"search rollouts to the deal's end on the lean core: {rate:,.0f} rollouts/s ({done} rollouts; "
          f"load average {load_average()})")


def positions(count: int) -> list[tuple[engine.Game, int]]:
    """Positions where the player to move has a real choice, from seeded random games."""
    return random_positions(lambda seed: engine.new_game("jubilee", players=2 + seed % 6, seed=seed, match="single"),
                            count, 55)


def margin(strong: str, weak: str, matches: int) -> tuple[float, float]:
    """Mean points per 2-player match of ``strong`` over ``weak``, with a 95% interval half-width."""
    diffs = []
    for seed in range(matches):
        order = [strong, weak] if seed % 2 == 0 else [weak, strong]
        bots = [Bot("jubilee", lvl, seed * 2 + i) for i, lvl in enumerate(order)]
        g = engine.new_game("jubilee", players=2, seed=10_000 + seed)
        while not g.is_over:
            s = g.current_player
            g.apply(bots[s].choose(g.view(s)), s)
        me = order.index(strong)
        diffs.append(g.scores[me] - g.scores[1 - me])
    return mean_ci(diffs)


def seat_score(seat0: str, seed: int, players: int = 3) -> float:
    """Seat 0's margin in one seeded match against medium bots (its points less the others' mean: the
    highest total wins), seat 0 following ``seat0`` ("hint": whatever engine.hint advises; a level: that bot)."""
    g = engine.new_game("jubilee", players=players, seed=20_000 + seed)
    bots = [Bot("jubilee", "medium" if s else ("medium" if seat0 == "hint" else seat0), seed * 7 + s)
            for s in range(players)]
    while not g.is_over:
        s = g.current_player
        move = engine.hint(g, s).action if s == 0 and seat0 == "hint" else bots[s].choose(g.view(s))
        g.apply(move, s)
    return g.scores[0] - sum(g.scores[1:]) / (players - 1)


def hint_vs_medium(matches: int) -> tuple[float, float, float, float]:
    """(hint's margin, its 95% half-width, the paired difference from a medium bot in the same seat on
    the same deal, its half-width): seat 0 of a 3-player match against two medium bots."""
    hint = [seat_score("hint", seed) for seed in range(matches)]
    medium = [seat_score("medium", seed) for seed in range(matches)]
    h, hc = mean_ci([float(x) for x in hint])
    d, dc = mean_ci([float(a - b) for a, b in zip(hint, medium)])
    return h, hc, d, dc


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=3.0, help="time per player count")
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--matches", type=int, default=200)
    ap.add_argument("--hint-matches", type=int, default=400, help="matches for the hint v medium row (0 skips)")
    ap.add_argument("--only-hint", action="store_true", help="print only the hint v medium table")
    args = ap.parse_args()

    if args.hint_matches:
        h, hc, d, dc = hint_vs_medium(args.hint_matches)
        print(f"Jubilee: following the hint v a medium bot in the same seat, {args.hint_matches} seeded "
              "3-player matches against two medium bots (paired on the deal)")
        print(f"{'seat plays':>16} {'margin/match':>13} {'95% interval':>20}   (its points less the others' mean)")
        print(f"{'engine.hint':>16} {h:>+13.2f} {f'[{h - hc:+.2f}, {h + hc:+.2f}]':>20}")
        print(f"{'hint − medium':>16} {d:>+13.2f} {f'[{d - dc:+.2f}, {d + dc:+.2f}]':>20}")
        if args.only_hint:
            return
        print()

    print("Jubilee: random legal play, one deal per game")
    print(f"{'players':>8} {'games/s':>10} {'moves/s':>10}")
    for players in range(2, 8):
        gps, mps = play_rate(lambda seed: engine.new_game("jubilee", players=players, seed=seed, match="single"),
                             args.seconds)
        print(f"{players:>8} {gps:>10.1f} {mps:>10.0f}")

    print()
    speed_table("Jubilee, 4 players: random deals through the protocol and on the lean core (Deal); the hint "
                "computes its odds exactly, no rollouts",
                {"protocol: one deal": ("games", game_runner(
                    lambda seed: engine.new_game("jubilee", players=4, seed=seed, match="single"))),
                 "lean core: random deals": ("deals", lean_deal),
                 "hint (exact odds, no rollouts)": ("hints", hint_runner(positions(40)))},
                args.seconds, base="protocol: one deal", compared=("lean core: random deals",))
    rollout_row()

    if args.positions:
        spots = positions(args.positions)
        print(f"\nJubilee: decision latency over {len(spots)} positions (ms)")
        print(f"{'who':>16} {'median':>8} {'p95':>8}")
        for who, med, p95 in decision_latency("jubilee", spots):
            print(f"{who:>16} {med:>8.3f} {p95:>8.3f}")

    if args.matches:
        print(f"\nJubilee: strength, 2-player matches ({args.matches} seeded, seats alternated)")
        print(f"{'pairing':>16} {'points/match':>13} {'95% CI ±':>9}")
        for strong, weak in (("medium", "easy"), ("hard", "medium"), ("hard", "easy")):
            mean, ci = margin(strong, weak, args.matches)
            print(f"{strong + ' v ' + weak:>16} {mean:>+13.1f} {ci:>9.1f}")


if __name__ == "__main__":
    main()
