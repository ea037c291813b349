"""Bench: puzzles from your mistakes (engine/puzzles.py, widgets/puzzles.py, widgets/puzzle_store.py; issue 37).

Prints, per game with decisions (the advisor at its real depth, not the tests' cheap one):

- review → puzzles: seconds to turn one finished deal's review into puzzles (wall clock, and the CPU seconds of
  this process, which a busy machine changes less) (the table's evaluations already made
  in the background, as at a table: the review of the deal, then each mistake's puzzle with its deeper search),
  median and worst over seeded deals in which seat 0 plays the hint's lowest-scored move at its decisions;
- the puzzles those deals gave;
- Next → puzzle on screen: milliseconds for the panel to put the next puzzle up (question, position, a button a
  move), p50 and p95 over the puzzles found;

and, for all games, the store's size in the browser for 1,000 of the puzzles found (repeated with distinct ids,
each with its schedule, an attempt and a replay) and the seconds to write it.

    .venv/bin/python bench/bench_puzzles.py --deals 2
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' planted deals, run from anywhere

import engine  # noqa: E402
from measure import load_average, percentile  # noqa: E402
from tests.engine.test_puzzles import planted  # noqa: E402
from widgets.puzzle_store import Store  # noqa: E402
from widgets.puzzles import PuzzlePanel, harvest  # noqa: E402

NOW = datetime(2026, 11, 28, 8, 0, tzinfo=timezone.utc)


def planted_deal(game_id: str, seed: int) -> engine.Game | None:
    """A short match in which seat 0 plays the hint's lowest-scored move at every decision (medium bots), as the
    tests plant mistakes (tests/engine/test_puzzles.py), played out (None: no decision to plant one at)."""
    played = [game for game, _index in planted(game_id, seed, skip=0)]
    return played[-1] if played else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2, help="seeded deals per game")
    parser.add_argument("--games", nargs="*", default=[g for g, c in engine.GAMES.items() if c.has_choices])
    args = parser.parse_args()
    print(f"load average: {load_average()}")
    print(f"{'game':<12} {'deals':>5} {'puzzles':>7} {'review→puzzles s p50':>20} {'max':>6} {'cpu s p50':>9} "
          f"{'Next ms p50':>11} {'p95':>6}")
    found: list[dict[str, Any]] = []
    for game_id in args.games:
        costs, cpu, mine = [], [], []
        for seed in range(1, args.deals + 1):
            game = planted_deal(game_id, seed)
            if game is None:
                continue
            review = engine.review(game, 0)  # what the table's background evaluation holds at the deal's end
            start, start_cpu = time.perf_counter(), time.process_time()
            made, _replays, _record = harvest(type(game), game.setup_args(), list(game.history), 0, 0,
                                              len(game.history), lambda a, b, r=review: r)
            costs.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            mine += made
        panel = PuzzlePanel()
        panel.add(mine, {}, {"v": 1, "kind": "parlour-deal", "game": game_id, "when": NOW.isoformat(),
                             "decisions": 0, "good": 0, "mistakes": []})
        shown = []
        for entry in list(panel.store.entries.values()):
            panel.queue = [entry.puzzle["id"]]
            start = time.perf_counter()
            panel.next()
            shown.append(1000 * (time.perf_counter() - start))
        found += mine
        p50 = statistics.median(shown) if shown else 0.0
        print(f"{game_id:<12} {args.deals:>5} {len(mine):>7} {statistics.median(costs):>20.2f} {max(costs):>6.2f} "
              f"{statistics.median(cpu):>9.2f} {p50:>11.1f} {percentile(shown, 0.95) if shown else 0.0:>6.1f}")
    if not found:
        return
    store = Store()
    for i in range(1000):
        puzzle = {**found[i % len(found)], "id": f"p{i:04d}"}
        store.add([puzzle], NOW, {puzzle["id"]: {"setup": {"players": 4, "seed": i, "names": ["You", "A", "B", "C"]},
                                                 "moves": "9." + "x" * 60}})
        store.answered(puzzle["id"], i % 3 != 0, 1 + i % 2, NOW + timedelta(days=1), 12.0)
    start = time.perf_counter()
    text = store.text()
    first = time.perf_counter() - start
    start = time.perf_counter()
    store.text()
    again = time.perf_counter() - start
    print(f"store of 1,000 puzzles ({len(found)} different, mixed games): {len(text.encode()):,} bytes; "
          f"written in {first:.2f} s the first time, {again:.3f} s after (chunks already packed)")


if __name__ == "__main__":
    main()
