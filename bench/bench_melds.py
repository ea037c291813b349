"""The meld solver's latency: least-deadwood splits and Kalooki contracts.

    python bench/bench_melds.py [--hands 1000]

Hands: 16 cards from the Kalooki pack (108 cards) with 0–4 jokers, 10-card Basic Rummy hands, and
the hands the lay-down solver meets in random Kalooki deals (the last row). Target (issue 9): p95 at most 5 ms
for the least-deadwood split. Prints a table, with the machine's load average; nothing is asserted.

"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.cards import JOKER, Card, double_52_with_jokers, standard_52  # noqa: E402
from engine.melds import BASIC_RUMMY, KALOOKI, contract_arrangement, least_deadwood  # noqa: E402
from measure import latency_ms, load_average, percentile  # noqa: E402


def kalooki_value(card: Card) -> int:
    if card.is_joker:
        return 50
    if card.rank == 1:
        return 1 if card.is_red else 15
    return min(card.rank, 10)


def kalooki_hands(count: int, size: int = 16, seed: int = 1) -> list[list[Card]]:
    """Random hands from the shuffled 108-card pack, jokers forced to 0–4 in turn so every count is timed."""
    rng = random.Random(seed)
    naturals = [c for c in double_52_with_jokers() if not c.is_joker]
    return [rng.sample(naturals, size - i % 5) + [JOKER] * (i % 5) for i in range(count)]


def played_hands(count: int) -> list[tuple[list[Card], int, int]]:
    """(hand, threes, fours) each time a player who has not laid down may lay one in seeded random
    Kalooki deals played on the lean core (hands grow to twenty cards and more with calls), as
    many as asked; the solver is only run when :func:`engine.games.kalooki.could_lay` lets it."""
    import engine
    from engine.games.kalooki import could_lay
    out: list[tuple[list[Card], int, int]] = []
    seed = 0
    while len(out) < count:
        deal = engine.new_game("kalooki", players=3 + seed % 4, seed=seed, deals=[1 + seed % 9]).deal
        rng = random.Random(seed)
        for _ in range(3000):
            seats = deal.to_act()
            if not seats or len(out) >= count:
                break
            seat = rng.choice(seats)
            hand = deal.hands[seat]
            if seat == deal.turn and deal.phase == "play" and not deal.laid[seat] \
                    and could_lay(hand, deal.threes, deal.fours):
                out.append((list(hand), deal.threes, deal.fours))
            deal.apply(seat, rng.choice(deal.legal(seat)))
        seed += 1
    return out


def rummy_hands(count: int, seed: int = 2) -> list[list[Card]]:
    rng = random.Random(seed)
    return [rng.sample(standard_52(), 10) for _ in range(count)]


def best_of(calls: list, repeats: int = 3) -> tuple[float, float]:
    """Median and p95 (ms) of each call's fastest of ``repeats`` runs: the solver's own cost, with
    the pauses a busy machine adds to single runs taken out."""
    times = []
    for call in calls:
        fastest = float("inf")
        for _ in range(repeats):
            t = time.perf_counter()
            call()
            fastest = min(fastest, time.perf_counter() - t)
        times.append(fastest * 1000)
    return statistics.median(times), percentile(times, 0.95)


def rows(count: int) -> list[tuple[str, float, float, float, float]]:
    kal = kalooki_hands(count)
    rum = rummy_hands(count)
    played = played_hands(count)
    jobs = [
        ("least deadwood, 16-card Kalooki hand, 0-4 jokers",
         [partial(least_deadwood, h, KALOOKI, kalooki_value) for h in kal]),
        ("least deadwood, 10-card Basic Rummy hand", [partial(least_deadwood, h, BASIC_RUMMY) for h in rum]),
        ("contract 1x3 + 3x4, 16-card Kalooki hand",
         [partial(contract_arrangement, h, 1, 3, KALOOKI, kalooki_value) for h in kal]),
        ("contract 4x4, 16-card Kalooki hand",
         [partial(contract_arrangement, h, 0, 4, KALOOKI, kalooki_value) for h in kal]),
        ("contract, hands from random Kalooki deals",  # what the lay-down solver meets in play
         [partial(contract_arrangement, h, threes, fours, KALOOKI, kalooki_value) for h, threes, fours in played]),
    ]
    return [(name, *latency_ms(calls), *best_of(calls)) for name, calls in jobs]


def print_rows(count: int) -> None:
    print(f"load average {load_average()}")
    print(f"{'solver call':<52} {'median ms':>10} {'p95 ms':>8} {'best-of-3 median':>17} {'p95':>6}")
    for name, median, p95, best_median, best_p95 in rows(count):
        print(f"{name:<52} {median:>10.2f} {p95:>8.2f} {best_median:>17.2f} {best_p95:>6.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    args = parser.parse_args()
    print_rows(args.hands)


if __name__ == "__main__":
    main()
