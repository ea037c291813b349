"""Jabberwocky benchmarks: throughput (ours and OpenSpiel's oh_hell), search speed, hint
latency per level, and the strength of the three bots.

    python bench/bench_jabberwocky.py [--seconds 5] [--positions 200] [--games 500] [--jobs 2]
                                      [--hint-games 60] [--hint-playouts 1600] [--only-hint]

OpenSpiel is optional (``pip install -e ".[bench]"``); without it that row is skipped.
Prints tables; nothing here is asserted by the tests (speed is measured, not assumed).

Speed (issue 24), ``--seconds 5 --positions 0 --games 0 --hint-games 0`` on the shared 2-core machine, rows
measured in alternating slices (so read the ratios; the load average is printed with them)::

       load 7.05 -> 6.51                      per second    moves/s vs OpenSpiel oh_hell
       lean core (Deal, what search plays)     9,152 games       366,081          1.99x
                 protocol (events, checks)       782 games        31,294          0.17x
            OpenSpiel oh_hell, from Python     4,595 games       363,004          1.00x
      search: rollouts (imagine, play out)     6,718 rollouts    268,708

Before issue 24 (main at 1d500ea), the same command in runs alternated with these at a load of about 9:
the lean core 1.80x and 1.95x (after: 1.99x and 2.10x); the fastest of 40 alternated batches of 100
rounds in one process, before 2.07x, after 2.33x; rollouts about 3x as many (3.3k -> 13k/s, fastest batch).

Lean core through its protocol (issue 20: ``Deal.to_act/legal/apply`` driven by engine.search.random_playout,
and rollouts of the generic search, view_worlds + ``Deal.from_view``), printed after the speed table; at a load
of about 5: 6,919 random deals/s (276,751 moves/s) and 9,643 rollouts/s.

Hint v medium (issue 18), measured with ``--only-hint --hint-games 40 --jobs 1`` (the hint's own 1600
imagined deals a decision; points of one seat over a 3-5-7-5-3 game, paired on the same seeds)::

                 row  hint pts  medium pts  difference       95% interval
       hint v medium      3.27        2.38       +0.90  [+0.55, +1.25]
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from engine.games import jabberwocky_ai as ai  # noqa: E402
from engine.hints import LEVELS, Bot  # noqa: E402
from engine.games.jabberwocky import Deal  # noqa: E402
from measure import (alternated, decision_latency, lean_deal_rate, load_average, mean_ci, random_positions,  # noqa: E402
                     rollout_rate, speed_table)


def ours_game(players: int, rounds: object) -> Callable[[int], int]:
    """One game of random legal play through the public protocol (apply, legal_actions, events)."""
    def run(seed: int) -> int:
        g = engine.new_game("jabberwocky", players=players, seed=seed, rounds=rounds)
        rng = random.Random(seed)
        moves = 0
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            moves += 1
        return moves
    return run


def lean_game(seed: int) -> int:
    """The same job on the engine's lean path (``Deal``, what search plays): shuffle, deal,
    random bids and cards, no narration."""
    rng = random.Random(seed)
    pack = list(range(52))
    rng.shuffle(pack)
    d = Deal([pack[i:36:4] for i in range(4)], seed % 4, pack[36])
    moves = 0
    while d.phase == "bid":
        d.bid(rng.choice(d.legal_bids()))
        moves += 1
    while d.phase == "play":
        d.play(rng.choice(d.legal_cards(d.turn)))
        moves += 1
    return moves


def openspiel_game() -> Callable[[int], int] | None:
    """OpenSpiel's oh_hell, 4 players, 9 tricks, random play driven from Python, chance included."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 9})

    def run(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        return moves
    return run


def rollout_runner() -> Callable[[int], int]:
    """Search's inner loop: imagine a deal from one seat's view of a fresh 4-player 9-card round,
    then bid and play it out to the end with the medium habits (returns the moves played)."""
    g = engine.new_game("jabberwocky", players=4, seed=99, rounds=[9])
    determinize = ai.determinizer(g.view(g.current_player))
    rng = random.Random(1)

    def run(_: int) -> int:
        world = determinize(rng)
        moves = sum(len(h) for h in world.hands) + sum(b is None for b in world.bids)
        ai.finish_round(world)
        return moves
    return run


def lean_protocol_rows(seconds: float) -> None:
    """Issue 20: the lean core through the protocol every game's Deal offers (to_act, legal, apply: what
    engine.search.random_playout drives), and rollouts of the generic search (view_worlds + from_view)."""
    from engine.games.jabberwocky import unseen

    def new_deal(seed: int) -> Deal:
        rng = random.Random(seed)
        pack = list(range(52))
        rng.shuffle(pack)
        return Deal([pack[i:36:4] for i in range(4)], seed % 4, pack[36])

    def value(deal: Deal, seat: int) -> float:
        return float(deal.points("seed")[seat])
    print(f"\nJabberwocky: the lean core through its protocol, random play, load average {load_average()}")
    deals, moves = lean_deal_rate(new_deal, seconds)
    print(f"random deals/s through the lean core (4 players, 9 cards): {deals:,.0f} deals/s, {moves:,.0f} moves/s")
    views = [g.view(seat) for g, seat in positions(20)]
    rate, done = rollout_rate(views, unseen, Deal.from_view, value, 8, 1000)
    print(f"rollouts/s (view_worlds + from_view, random play to the round's end): {rate:,.0f} ({done} rollouts)",
          flush=True)


def positions(count: int) -> list[tuple[engine.Game, int]]:
    """Decisions with a real choice, from seeded 4-player games of random play, bids and cards."""
    return random_positions(lambda seed: engine.new_game("jabberwocky", players=4, seed=seed), count, 320)


def latency_rows(count: int) -> list[tuple[str, float, float]]:
    return decision_latency("jabberwocky", positions(count))


# ---- strength: one bot of each level at a 3-player table, seats rotated ----

ORDERS = list(itertools.permutations(LEVELS))


def one_game(seed: int) -> list[tuple[str, int, int, int]]:
    """(level, points, exact bids, rounds) for each seat of one seeded full game."""
    levels = ORDERS[seed % len(ORDERS)]
    g = engine.new_game("jabberwocky", players=3, seed=10_000 + seed)
    bots = [Bot("jabberwocky", lv, seed=seed * 3 + s) for s, lv in enumerate(levels)]
    while not g.is_over:
        s = g.current_player
        g.apply(bots[s].choose(g.view(s)), s)
    return [(levels[s], g.scores[s], sum(r["bids"][s] == r["won"][s] for r in g.results), len(g.results))
            for s in range(3)]


def strength(games: int, jobs: int) -> None:
    with Pool(jobs) as pool:
        results = pool.map(one_game, range(games), chunksize=4)
    points: dict[str, list[float]] = {lv: [] for lv in LEVELS}
    exact: dict[str, list[float]] = {lv: [] for lv in LEVELS}
    per_game: dict[str, list[int]] = {lv: [] for lv in LEVELS}
    for rows in results:
        scores = {lv: pts for lv, pts, _, _ in rows}
        for lv, pts, made, rounds in rows:
            points[lv].append(pts)
            exact[lv].append(made / rounds)
            per_game[lv].append(pts)
        del scores
    print(f"\nJabberwocky: strength, {games} seeded 3-player full games (one bot of each level, seats rotated)")
    print(f"{'level':>8} {'points/game':>12} {'95% CI ±':>9} {'exact-bid rate':>15} {'95% CI ±':>9}")
    for lv in LEVELS:
        pm, pc = mean_ci(points[lv])
        em, ec = mean_ci(exact[lv])
        print(f"{lv:>8} {pm:12.2f} {pc:9.2f} {100 * em:14.1f}% {100 * ec:8.1f}%")
    print(f"{'pairing':>16} {'points/game':>12} {'95% CI ±':>9}")
    for a, b in (("medium", "easy"), ("hard", "medium"), ("hard", "easy")):
        diff = [x - y for x, y in zip(per_game[a], per_game[b])]
        dm, dc = mean_ci(diff)
        print(f"{a + ' v ' + b:>16} {dm:+12.2f} {dc:9.2f}")


# ---- the hint against medium: one seat follows engine.hint, the same seeds with a medium bot there ----

def hint_game(job: tuple[int, str, int]) -> int:
    """Points of the seat ``seed % 3`` in one seeded 3-player short game against two medium bots, that seat
    following the hint (``who == "hint"``, with ``playouts`` imagined deals a decision) or a medium bot."""
    seed, who, playouts = job
    seat = seed % 3
    g = engine.new_game("jabberwocky", players=3, seed=20_000 + seed, rounds="short")
    bots = [Bot("jabberwocky", "medium", seed=seed * 3 + s) for s in range(3)]
    while not g.is_over:
        s = g.current_player
        view = g.view(s)
        if s == seat and who == "hint":
            move = view["legal"][0] if len(view["legal"]) == 1 else ai.advise(view, playouts=playouts).action
        else:
            move = bots[s].choose(view)
        g.apply(move, s)
    return g.scores[seat]


def hint_against_medium(games: int, playouts: int, jobs: int) -> None:
    """Issue 18: following the hint does at least as well as the medium bot in the same seat (paired)."""
    jobs_in = [(seed, who, playouts) for seed in range(games) for who in ("hint", "medium")]
    if jobs > 1:
        with Pool(jobs) as pool:
            points = pool.map(hint_game, jobs_in, chunksize=1)
    else:
        points = [hint_game(j) for j in jobs_in]
    hint, medium = points[0::2], points[1::2]
    diff, half = mean_ci([float(h - m) for h, m in zip(hint, medium)])
    print(f"\nJabberwocky: one seat against two medium bots, {games} seeded 3-player short games (3-5-7-5-3 "
          f"cards), the hint with {playouts} imagined deals a decision; the same seeds and seat with a medium bot")
    print(f"{'row':>16} {'hint pts':>9} {'medium pts':>11} {'difference':>11} {'95% interval':>18}")
    print(f"{'hint v medium':>16} {sum(hint) / games:>9.2f} {sum(medium) / games:>11.2f} {diff:>+11.2f}  "
          f"[{diff - half:+.2f}, {diff + half:+.2f}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per throughput row")
    parser.add_argument("--positions", type=int, default=200, help="positions for the latency table")
    parser.add_argument("--games", type=int, default=500, help="games for the strength table (0 skips it)")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the strength games")
    parser.add_argument("--hint-games", type=int, default=60, help="seeds for hint v medium (0 skips it)")
    parser.add_argument("--hint-playouts", type=int, default=ai.HINT_PLAYOUTS,
                        help="imagined deals per hint decision (the hint's own default unless lowered)")
    parser.add_argument("--only-hint", action="store_true", help="print only the hint v medium table")
    args = parser.parse_args()
    if args.only_hint:
        hint_against_medium(args.hint_games, args.hint_playouts, args.jobs)
        return

    print("Jabberwocky: random legal play through the protocol, whole 13-round games")
    print(f"{'players':>8} {'games/s':>10} {'moves/s':>10}")
    full = alternated({str(p): ours_game(p, "full") for p in (3, 4, 5)}, args.seconds)
    for players, (gps, mps) in full.items():
        print(f"{players:>8} {gps:10.1f} {mps:10.0f}")

    openspiel = "OpenSpiel oh_hell, from Python"
    rows: dict[str, tuple[str, Callable[[int], int]]] = {
        "lean core (Deal, what search plays)": ("games", lean_game),
        "protocol (events, checks)": ("games", ours_game(4, [9]))}
    theirs = openspiel_game()
    if theirs is not None:
        rows[openspiel] = ("games", theirs)
    rows["search: rollouts (imagine, play out)"] = ("rollouts", rollout_runner())
    print()
    speed_table("Jabberwocky: one 4-player round of 9 tricks, random play, the deal included; rollouts of "
                "the determinized search from a dealt round" + ("" if theirs else " (OpenSpiel not installed)"),
                rows, args.seconds, base=openspiel,
                compared=("lean core (Deal, what search plays)", "protocol (events, checks)", openspiel))

    lean_protocol_rows(args.seconds)

    if args.positions:
        print(f"\nJabberwocky: decision latency over {args.positions} positions of 4-player games (ms)")
        print(f"{'who':>16} {'median':>8} {'p95':>8}")
        for who, med, p95 in latency_rows(args.positions):
            print(f"{who:>16} {med:8.2f} {p95:8.2f}")

    if args.games:
        strength(args.games, args.jobs)
    if args.hint_games:
        hint_against_medium(args.hint_games, args.hint_playouts, args.jobs)


if __name__ == "__main__":
    main()
