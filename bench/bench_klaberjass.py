"""Klaberjass benchmarks: deals per second (protocol and lean path), decision and hint latency per level,
and the strength of the bots over seeded two-player matches to 501.

    python bench/bench_klaberjass.py [--seconds 5] [--positions 200] [--matches 500] [--jobs 2]
                                     [--parts speed,latency,strength,hint] [--hint-deals 200]

"hint v medium": a player who always plays engine.hint's move against medium, one seeded deal at a time
from both seats, and on the same deals a medium bot in that seat; the row gives the difference per seed
with its 95% interval.

Last run (2026-11-24, shared 2-core machine at a load average of about 14;
``--parts hint --hint-deals 200 --jobs 1``, 312 s)::

                 row    seeds  hint net  medium net  hint - medium             95% CI
       hint v medium      200     +61.4        +0.0          +61.4     [+48.9, +74.0]

Points per seed are what the hint's player scored (after the maker's rule) minus what medium scored, summed
over the two seats (a medium bot
against itself nets 0: it plays the same cards the same way from either seat). Following the hint beats the
medium bot by about 30 points a deal, with an interval well clear of 0.

Prints tables; nothing here is asserted by the tests (speed is measured, not assumed).

Lean core through its protocol (issue 20: ``Deal.to_act/legal/apply`` driven by engine.search.random_playout,
and rollouts of the generic search, view_worlds + ``Deal.from_view``), printed after the speed table; at a
load of about 5: 7,633 random deals/s (137,386 moves/s) and 16,794 rollouts/s.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from functools import partial
from multiprocessing import Pool
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from engine.games.klaberjass import PACK, Deal  # noqa: E402
from engine.games import klaberjass_ai as ai  # noqa: E402
from engine.hints import LEVELS, Bot, hint_for_view  # noqa: E402
from measure import (lean_deal_rate, load_average, paired_hint_rows, latency_ms, mean_ci, random_positions,  # noqa: E402
                     rate_ci, rollout_rate, speed_table)


def protocol_deal(seed: int) -> int:
    """One deal of random legal play through the public protocol (bidding, apply, legal_actions, events);
    returns its moves."""
    g = engine.new_game("klaberjass", seed=seed, target=10_000)
    rng = random.Random(seed)
    moves = 0
    while True:
        events = g.apply(rng.choice(g.legal_actions()))
        moves += 1
        if any(e.kind == "deal_end" for e in events):
            return moves


def lean_deal(seed: int) -> int:
    """The same on the lean core (``Deal``, what search plays): shuffle, nine cards each, a random trump and
    maker, random legal cards, the deal's totals; no bidding and no narration."""
    rng = random.Random(seed)
    pack = list(PACK)
    rng.shuffle(pack)
    d = Deal.trumps_made([pack[0:9], pack[9:18]], seed % 2, rng.randrange(4), rng.randrange(2))
    moves = 0
    while d.phase == "play":
        d.play(rng.choice(d.legal()))
        moves += 1
    d.totals()
    return moves


def rollout_runner() -> Callable[[int], int]:
    """Search's inner loop: from the first card of a seeded deal (medium bots bid), imagine the
    opponent's hand and play the deal out as search does (``klaberjass_ai._value``'s playout of the
    first legal card); returns the cards played."""
    g = engine.new_game("klaberjass", seed=7)
    bots = [Bot("klaberjass", "medium", seed=s) for s in range(2)]
    while g.deal.phase != "play":
        s = g.current_player
        g.apply(bots[s].choose(g.view(s)), s)
    view = g.view(g.current_player)
    determinize, playout, move = ai.determinizer(view), ai._value(view), view["legal"][0]
    rng = random.Random(1)

    def run(_: int) -> int:
        world = determinize(rng)
        playout(world, move, rng)
        return len(world.hands[0]) + len(world.hands[1])
    return run


def lean_protocol_rows(seconds: float) -> None:
    """Issue 20: the lean core through the protocol every game's Deal offers (to_act, legal, apply: what
    engine.search.random_playout drives), and rollouts of the generic search (view_worlds + from_view)."""
    from engine.games.klaberjass import unseen

    def new_deal(seed: int) -> Deal:
        rng = random.Random(seed)
        pack = list(PACK)
        rng.shuffle(pack)
        return Deal.trumps_made([pack[0:9], pack[9:18]], seed % 2, rng.randrange(4), rng.randrange(2))

    def value(deal: Deal, seat: int) -> float:
        totals = deal.totals()
        return float(totals[seat] - totals[1 - seat])
    print(f"\nKlaberjass: the lean core through its protocol, random play, load average {load_average()}")
    deals, moves = lean_deal_rate(new_deal, seconds)
    print(f"random deals/s through the lean core (the play): {deals:,.0f} deals/s, {moves:,.0f} moves/s")
    views = [g.view(seat) for g, seat in positions(60) if g.deal.phase == "play"][:20]
    rate, done = rollout_rate(views, unseen, Deal.from_view, value, 8, 1000)
    print(f"rollouts/s (view_worlds + from_view, random play to the deal's end): {rate:,.0f} ({done} rollouts)",
          flush=True)


def positions(count: int) -> list[tuple[engine.Game, int]]:
    """Decisions with a real choice from seeded games of random play: bids and cards, in proportion."""
    return random_positions(lambda seed: engine.new_game("klaberjass", seed=seed), count, 60)


def latency_rows(count: int) -> list[tuple[str, str, float, float, int]]:
    spots = positions(count)
    rows = []
    for kind in ("bid", "play"):
        chosen = [(g, s) for g, s in spots if (g.view(s)["phase"] == "play") == (kind == "play")]
        for level in LEVELS:
            bot = Bot("klaberjass", level, seed=1)
            rows.append((f"bot {level}", kind, *latency_ms(partial(bot.choose, g.view(s)) for g, s in chosen),
                         len(chosen)))
        rows.append(("engine.hint", kind, *latency_ms(partial(engine.hint, g, s) for g, s in chosen), len(chosen)))
    return rows


def one_match(pairing: tuple[str, str], seed: int) -> tuple[int, int]:
    """A seeded match to 501; the first level sits in seat ``seed % 2`` (seats alternate). Returns
    (1 if the first level won else 0, its final score minus the other's)."""
    a, b = pairing
    seat_a = seed % 2
    levels = [a, b] if seat_a == 0 else [b, a]
    g = engine.new_game("klaberjass", seed=20_000 + seed // 2)  # both seatings of each deal sequence
    bots = [Bot("klaberjass", levels[s], seed=seed * 2 + s) for s in (0, 1)]
    while not g.is_over:
        s = g.current_player
        g.apply(bots[s].choose(g.view(s)), s)
    return int(g.winner == seat_a), g.scores[seat_a] - g.scores[1 - seat_a]


class HintFollower:
    """A player who always plays the hint's move (engine.hint's choice from his view)."""

    def choose(self, view: dict) -> str:
        return hint_for_view(view).action


def one_deal(job: tuple[int, str, str]) -> float:
    """Points ``a`` scored minus the other's in one seeded deal (played until someone scores: a hand thrown in
    is dealt again), played twice with the same cards, ``a`` in seat 0 and then in seat 1."""
    seed, a, b = job
    net = 0.0
    for seat_a in (0, 1):
        levels = (a, b) if seat_a == 0 else (b, a)
        g = engine.new_game("klaberjass", seed=40_000 + seed, target=1, first_dealer=seed % 2)
        players = [HintFollower() if lv == "hint" else Bot("klaberjass", lv, seed=seed * 2 + s)
                   for s, lv in enumerate(levels)]
        while not g.is_over:
            s = g.current_player
            g.apply(players[s].choose(g.view(s)), s)
        net += g.scores[seat_a] - g.scores[1 - seat_a]
    return net


def hint_v_medium(deals: int, jobs: int, every: int = 25) -> None:
    """The hint's player against medium, and a medium bot in the same seat on the same seeds (issue 18, part 1):
    the net points per seed of each, and the difference per seed with its 95% interval."""
    print(f"\nKlaberjass: hint v medium, {deals} seeded deals, each played from both seats; the same deals with a "
          "medium bot in the hint's seat (points per seed)")
    paired_hint_rows(one_deal, deals, jobs, every, unit="seeds", digits=1)


def _row(pairing: tuple[str, str], results: list[tuple[int, int]], seconds: float, note: str = "") -> str:
    wins = sum(w for w, _ in results)
    rate, rate_pm = rate_ci(wins, len(results))
    margin, margin_pm = mean_ci([float(m) for _, m in results])
    return (f"{note + pairing[0] + ' v ' + pairing[1]:>24} {len(results):>8} {100 * rate:8.1f}% {100 * rate_pm:8.1f}% "
            f"{margin:+13.1f} {margin_pm:9.1f} {seconds:7.0f}")


def strength(matches: int, jobs: int, pairings: list[tuple[str, str]], every: int = 50) -> None:
    """Matches in seeded pairs; a progress row every ``every`` matches (so a busy machine still reports)."""
    print("\nKlaberjass: strength over seeded matches to 501 (seats alternated: each deal sequence is played "
          "from both seats); win rate and margin of the first level")
    print(f"{'pairing':>24} {'matches':>8} {'win rate':>9} {'95% CI ±':>9} {'margin/match':>13} {'95% CI ±':>9} "
          f"{'time s':>7}", flush=True)
    for pairing in pairings:
        start = time.perf_counter()
        results: list[tuple[int, int]] = []
        with Pool(jobs) as pool:
            for result in pool.imap(partial(one_match, pairing), range(matches), chunksize=2):
                results.append(result)
                if len(results) % every == 0 and len(results) < matches:
                    print(_row(pairing, results, time.perf_counter() - start, "(so far) "), flush=True)
        print(_row(pairing, results, time.perf_counter() - start), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per throughput row")
    parser.add_argument("--positions", type=int, default=200, help="positions for the latency table")
    parser.add_argument("--matches", type=int, default=500, help="matches per pairing for the strength table")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the strength matches")
    parser.add_argument("--parts", default="speed,latency,strength,hint", help="which tables to print")
    parser.add_argument("--pairings", default="hard:medium,medium:easy", help="strength pairings, first:second")
    parser.add_argument("--hint-deals", type=int, default=200, help="seeded deals for the hint v medium row")
    args = parser.parse_args()
    parts = set(args.parts.split(","))

    if "speed" in parts:
        rows = {"protocol (bidding, events, checks)": ("deals", protocol_deal),
                "lean core (Deal: play only)": ("deals", lean_deal),
                "search: rollouts (imagine, play out)": ("rollouts", rollout_runner())}
        speed_table("Klaberjass: random legal play, one deal; rollouts of the determinized search from a "
                    "deal's first card", rows, args.seconds)
        lean_protocol_rows(args.seconds)

    if "latency" in parts and args.positions:
        print(f"\nKlaberjass: decision latency over {args.positions} positions of random games (ms)")
        print(f"{'who':>12} {'phase':>6} {'median':>8} {'p95':>8} {'positions':>10}")
        for who, kind, med, p95, n in latency_rows(args.positions):
            print(f"{who:>12} {kind:>6} {med:8.2f} {p95:8.2f} {n:10d}", flush=True)

    if "strength" in parts and args.matches:
        pairs = [tuple(p.split(":")) for p in args.pairings.split(",")]
        strength(args.matches, args.jobs, [(a, b) for a, b in pairs])

    if "hint" in parts and args.hint_deals:
        hint_v_medium(args.hint_deals, args.jobs)


if __name__ == "__main__":
    main()
