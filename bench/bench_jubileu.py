"""Jubileu benchmarks: random deals per second (protocol and lean path), bot and hint latency for
bids and for plays (the auction hint's p95 printed on its own row), the strength of hard against medium
in chips per deal, and "hint v medium": a seat that follows engine.hint against three medium bots,
against a medium bot in that seat on the same seeds (issue 18).

    python bench/bench_jubileu.py [--seconds 5] [--positions 40] [--deals 500] [--hint-deals 300] [--jobs 2]
    python bench/bench_jubileu.py --only-hint --hint-deals 300 --jobs 1   # about 5 minutes on a loaded machine

Prints tables; nothing here is asserted by the tests (speed is measured, not assumed).

Lean core through its protocol (issue 20: ``Deal.to_act/legal/apply`` driven by engine.search.random_playout,
and rollouts of the generic search, view_worlds + ``Deal.from_view``), printed after the speed table; at a
load of about 5: 4,584 random deals/s (238,355 moves/s) and 7,899 rollouts/s.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from engine.games.jubileu import Deal  # noqa: E402
from engine.games import jubileu_ai as ai  # noqa: E402
from engine.hints import Bot  # noqa: E402
from measure import (decision_latency, lean_deal_rate, load_average, mean_ci, percentile, rollout_rate,  # noqa: E402
                     speed_table)


def protocol_deal(seed: int) -> int:
    """A one-deal session of random legal play through apply/legal_actions (auction, trump, call, play);
    returns its moves."""
    g = engine.new_game("jubileu", seed=seed, deals=1)
    rng = random.Random(seed)
    moves = 0
    while not g.is_over:
        legal = g.legal_actions()
        pas = [a for a in legal if a.verb == "pass"]
        g.apply(pas[0] if pas and rng.random() < 0.7 else rng.choice(legal))
        moves += 1
    return moves


def shuffled_play(seed: int, rng: random.Random) -> Deal:
    """A shuffled deal whose play starts at once: seat 0 plays Solo Sete, trump ``seed % 4``, and leads."""
    pack = list(range(52))
    rng.shuffle(pack)
    return Deal([pack[i::4] for i in range(4)], 3, pack[-1]).with_contract("solo-7", [0], seed % 4, None, None, 0)


def lean_deal(seed: int) -> int:
    """The play of a deal on the lean core (``Deal``, what search copies): shuffle, deal, random cards."""
    rng = random.Random(seed)
    d = shuffled_play(seed, rng)
    moves = 0
    while d.phase == "play":
        d.play(rng.choice(d.legal_cards(d.turn)))
        moves += 1
    return moves


def rollout_runner() -> Callable[[int], int]:
    """Search's inner loop: at the first card of a seeded deal (medium bots bid), imagine the other hands
    and play the deal out as search does (``jubileu_ai._playout`` of the first legal move); returns the
    cards played."""
    seed = 0
    while True:
        g = engine.new_game("jubileu", seed=seed, deals=1)
        bots = [Bot("jubileu", "medium", seed=s) for s in range(4)]
        while not g.is_over and g.deal.phase != "play":
            s = g.current_player
            g.apply(bots[s].choose(g.view(s)), s)
        if not g.is_over:
            break
        seed += 1
    view = g.view(g.current_player)
    determinize, playout, move = ai.play_worlds(view), ai._playout(view), view["legal"][0]
    rng = random.Random(1)

    def run(_: int) -> int:
        world = determinize(rng)
        playout(world, move, rng)
        return sum(len(h) for h in world.hands)
    return run


def lean_protocol_rows(seconds: float) -> None:
    """Issue 20: the lean core through the protocol every game's Deal offers (to_act, legal, apply: what
    engine.search.random_playout drives), and rollouts of the generic search (view_worlds + from_view)."""
    from engine.games.jubileu import unseen

    def new_deal(seed: int) -> Deal:
        return shuffled_play(seed, random.Random(seed))

    def value(deal: Deal, seat: int) -> float:
        return float(deal.won[seat])
    print(f"\nJubileu: the lean core through its protocol, random play, load average {load_average()}")
    deals, moves = lean_deal_rate(new_deal, seconds)
    print(f"random deals/s through the lean core (the play): {deals:,.0f} deals/s, {moves:,.0f} moves/s")
    views = [g.view(seat) for g, seat in positions(20, "play")]
    rate, done = rollout_rate(views, unseen, Deal.from_view, value, 8, 1000)
    print(f"rollouts/s (view_worlds + from_view, random play to the deal's end): {rate:,.0f} ({done} rollouts)",
          flush=True)


def positions(count: int, phase: str) -> list[tuple[engine.Game, int]]:
    """Seeded decisions with a real choice: the first bids of a deal, or cards in mid-play."""
    out: list[tuple[engine.Game, int]] = []
    seed = 0
    while len(out) < count:
        g = engine.new_game("jubileu", seed=seed, deals=1)
        rng = random.Random(seed)
        seed += 1
        if phase == "auction":
            for _ in range(rng.randrange(0, 3)):
                g.apply(rng.choice(g.legal_actions()))
        else:
            bots = [Bot("jubileu", "medium", seed=s) for s in range(4)]
            stop = rng.randrange(0, 40)
            while not g.is_over and (g.deal.phase != "play" or stop > 0):
                if g.deal.phase == "play":
                    stop -= 1
                s = g.current_player
                g.apply(bots[s].choose(g.view(s)), s)
        if not g.is_over and g.deal.phase == phase and len(g.legal_actions()) > 1:
            out.append((g, g.current_player))
    return out


def latency_rows(count: int) -> list[tuple[str, str, float, float]]:
    return [(phase, *row) for phase in ("auction", "play")
            for row in decision_latency("jubileu", positions(count, phase))]


def auction_hint_p95(count: int) -> None:
    """Issue 18 item 6: the auction hint's p95 (target under 300 ms), wall clock and this process's CPU time
    (on a loaded machine the two differ: the CPU time is what the hint itself costs)."""
    spots = positions(count, "auction")
    if not spots:
        return
    wall, cpu = [], []
    for g, s in spots:
        w, c = time.perf_counter(), time.process_time()
        engine.hint(g, s)
        wall.append((time.perf_counter() - w) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    print(f"\n| auction hint ({len(spots)} positions) | median ms | p95 ms |\n|---|---|---|")
    print(f"| wall clock | {percentile(wall, 0.5):.1f} | {percentile(wall, 0.95):.1f} |")
    print(f"| CPU time | {percentile(cpu, 0.5):.1f} | {percentile(cpu, 0.95):.1f} |")


def one_deal(seed: int) -> float:
    """Hard in two opposite seats against medium in the other two, seats swapped on odd seeds:
    the hard seats' mean chips this deal minus the medium seats' mean."""
    hard_seats = (0, 2) if seed % 2 == 0 else (1, 3)
    g = engine.new_game("jubileu", seed=seed, deals=1)
    bots = {s: Bot("jubileu", "hard" if s in hard_seats else "medium", seed=seed * 7 + s) for s in range(4)}
    while not g.is_over:
        s = g.current_player
        g.apply(bots[s].choose(g.view(s)), s)
    change = g.results[-1]["change"]
    hard = sum(change[s] for s in hard_seats) / 2
    medium = sum(change[s] for s in range(4) if s not in hard_seats) / 2
    return hard - medium


def follow_deal(seed: int, follower: str) -> float:
    """One seeded deal with three medium bots; the seat ``seed % 4`` either follows ``engine.hint`` or is a
    medium bot itself. Its chips won (or lost) in the deal."""
    seat = seed % 4
    g = engine.new_game("jubileu", seed=seed, deals=1)
    bots = {s: Bot("jubileu", "medium", seed=seed * 7 + s) for s in range(4)}
    while not g.is_over:
        s = g.current_player
        move = engine.hint(g, s).action if s == seat and follower == "hint" else bots[s].choose(g.view(s))
        g.apply(move, s)
    return float(g.results[-1]["change"][seat])


def hint_row(seed: int) -> tuple[float, float]:
    return follow_deal(seed, "hint"), follow_deal(seed, "medium")


def hint_against_medium(deals: int, jobs: int) -> None:
    """Issue 18: following the hint does at least as well as the medium bot in the same seat and deals."""
    with Pool(jobs) as pool:
        rows = pool.map(hint_row, range(deals), chunksize=2)
    hint, medium = [r[0] for r in rows], [r[1] for r in rows]
    print(f"\n## Hint v medium: one seat (rotating) against three medium bots, {deals} seeded deals\n")
    print("| seat plays | chips per deal | 95% interval |\n|---|---|---|")
    for name, values in (("engine.hint", hint), ("medium bot", medium)):
        mean, half = mean_ci(values)
        print(f"| {name} | {mean:+.2f} | {mean - half:+.2f} … {mean + half:+.2f} |")
    mean, half = mean_ci([h - m for h, m in rows])
    print(f"| hint v medium (paired difference) | {mean:+.2f} | {mean - half:+.2f} … {mean + half:+.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--hint-deals", type=int, default=300, help="seeded deals for the hint-v-medium row")
    parser.add_argument("--only-hint", action="store_true", help="print only the auction hint p95 and hint v medium")
    args = parser.parse_args()

    if args.only_hint:
        auction_hint_p95(args.positions)
        hint_against_medium(args.hint_deals, args.jobs)
        return

    print("## Random deals\n")
    rows = {"protocol (apply, legal_actions, events)": ("deals", protocol_deal),
            "lean core (Deal: play only)": ("deals", lean_deal),
            "search: rollouts (imagine, play out)": ("rollouts", rollout_runner())}
    speed_table("Jubileu: random legal play, one deal; rollouts of the determinized search from a deal's "
                "first card", rows, args.seconds)
    lean_protocol_rows(args.seconds)

    if args.positions:
        print(f"\n## Latency ({args.positions} seeded positions per phase)\n")
        print("| phase | who | median ms | p95 ms |\n|---|---|---|---|")
        for phase, who, med, p95 in latency_rows(args.positions):
            print(f"| {phase} | {who} | {med:.1f} | {p95:.1f} |")
        auction_hint_p95(args.positions)

    if args.deals:
        print(f"\n## Strength: hard vs medium over {args.deals} seeded deals\n")
        with Pool(args.jobs) as pool:
            diffs = pool.map(one_deal, range(args.deals), chunksize=4)
        mean, half = mean_ci(diffs)
        print("| match-up | chips per deal (hard − medium, per seat) | 95% interval |\n|---|---|---|")
        print(f"| hard ×2 vs medium ×2 | {mean:+.2f} | {mean - half:+.2f} … {mean + half:+.2f} |")
    if args.hint_deals:
        hint_against_medium(args.hint_deals, args.jobs)


if __name__ == "__main__":
    main()
