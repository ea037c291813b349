"""How every bench script measures: play rates, latency percentiles, confidence intervals.

Not a benchmark itself (``./run bench`` runs ``bench/bench_*.py``); the scripts import it so
that "games/s", "p95" and "95% CI" mean the same thing in every table.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from functools import partial
from typing import Any, Callable, Iterable

import engine

Chooser = Callable[[engine.Game, random.Random], Any]


def random_move(game: engine.Game, rng: random.Random) -> Any:
    return rng.choice(game.legal_actions())


def play_rate(new_game: Callable[[int], engine.Game], seconds: float,
              choose: Chooser = random_move) -> tuple[float, float]:
    """Seeded games played to the end through the protocol for ``seconds``: (games/s, moves/s)."""
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = new_game(games)
        rng = random.Random(games)
        while not g.is_over:
            g.apply(choose(g, rng))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed


def random_positions(new_game: Callable[[int], engine.Game], count: int,
                     most_moves: int) -> list[tuple[engine.Game, int]]:
    """``count`` decisions with a real choice: seeded games (``new_game(seed)``) after a random
    number (below ``most_moves``) of random legal moves; (game, the seat to decide)."""
    out: list[tuple[engine.Game, int]] = []
    seed = 0
    while len(out) < count:
        g = new_game(seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, most_moves)):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        if not g.is_over and len(g.legal_actions()) > 1:
            out.append((g, g.current_player))
        seed += 1
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def latency_ms(calls: Iterable[Callable[[], Any]]) -> tuple[float, float]:
    """Median and 95th percentile, in milliseconds, of running each call once (NaN for no calls)."""
    times = []
    for call in calls:
        t = time.perf_counter()
        call()
        times.append((time.perf_counter() - t) * 1000)
    if not times:
        return math.nan, math.nan
    return statistics.median(times), percentile(times, 0.95)


def decision_latency(game_id: str, spots: list[tuple[engine.Game, int]],
                     hint_label: str = "engine.hint") -> list[tuple[str, float, float]]:
    """(who, median ms, p95 ms) for each bot level and the hint, deciding at the same positions;
    no rows at all for no positions (``--positions 0`` skips the table)."""
    from engine.hints import LEVELS, Bot
    if not spots:
        return []
    rows = []
    for level in LEVELS:
        bot = Bot(game_id, level, seed=1)
        rows.append((f"bot {level}", *latency_ms(partial(bot.choose, g.view(s)) for g, s in spots)))
    rows.append((hint_label, *latency_ms(partial(engine.hint, g, s) for g, s in spots)))
    return rows


def mean_ci(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def rate_ci(hits: int, trials: int) -> tuple[float, float]:
    """A proportion and the half-width of its 95% confidence interval."""
    p = hits / trials
    return p, 1.96 * math.sqrt(p * (1 - p) / trials)


def paired_hint_rows(run: Callable[[tuple[int, str, str]], float], seeds: int, jobs: int, every: int,
                     unit: str = "seeds", digits: int = 1) -> None:
    """Rows of "hint v medium" (issue 18, part 1) as the pairs finish: ``run((seed, "hint", "medium"))`` is
    the net of the seat following the hint on that seed, ``run((seed, "medium", "medium"))`` the net of a
    medium bot in the same seat on the same seed; the paired difference with its 95% interval."""
    import statistics
    from multiprocessing import Pool

    print(f"{'row':>16} {unit:>8} {'hint net':>9} {'medium net':>11} {'hint - medium':>14} {'95% CI':>18} "
          f"{'time s':>7}", flush=True)
    start = time.perf_counter()
    hint_nets: list[float] = []
    medium_nets: list[float] = []
    with Pool(jobs) as pool:
        # one stream, each seed's two runs side by side, so that rows come while the matches finish
        runs = [(seed, first, "medium") for seed in range(seeds) for first in ("hint", "medium")]
        results = pool.imap(run, runs, chunksize=2)
        for h, m in zip(results, results):
            hint_nets.append(h)
            medium_nets.append(m)
            if len(hint_nets) % every == 0 or len(hint_nets) == seeds:
                diff, ci = mean_ci([x - y for x, y in zip(hint_nets, medium_nets)])
                interval = f"[{diff - ci:+.{digits}f}, {diff + ci:+.{digits}f}]"
                print(f"{'hint v medium':>16} {len(hint_nets):>8} {statistics.fmean(hint_nets):+9.{digits}f} "
                      f"{statistics.fmean(medium_nets):+11.{digits}f} {diff:+14.{digits}f} {interval:>18} "
                      f"{time.perf_counter() - start:7.0f}", flush=True)


# ---- the rummies' lean core (issues 20 and 24): the machine's load, random deals, search rollouts -------

def load_average() -> str:
    """The machine's 1, 5 and 15 minute load averages, printed beside figures that depend on them."""
    import os
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def lean_deal_rate(new_deal: Callable[[int], Any], seconds: float, budget: int = 100_000) -> tuple[float, float]:
    """Seeded deals (``new_deal(i)``: a lean deal) played to their end by random legal moves
    (engine.search.random_playout) for ``seconds``: (deals/s, moves/s)."""
    from engine.search import random_playout
    deals = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        moves += random_playout(new_deal(deals), random.Random(deals), budget)
        deals += 1
    elapsed = time.perf_counter() - start
    return deals / elapsed, moves / elapsed


def rollout_rate(views: list[dict], unseen: Callable[[Any], list[Any]], from_view: Callable[..., Any],
                 value: Callable[[Any, int], float], samples: int, budget: int) -> tuple[float, int]:
    """The determinized search (engine.search.pimc) over each view's legal moves: worlds from the lean
    deal's ``from_view``, each move played out at random for at most ``budget`` moves and valued by
    ``value(deal, seat)``. Returns (rollouts/s, rollouts)."""
    from engine.search import pimc, random_playout, view_worlds
    done = 0
    start = time.perf_counter()
    for view in views:
        seat = view["seat"]

        def playout(world: Any, move: Any, rng: random.Random, seat: int = seat) -> tuple[float, dict]:
            deal = world.copy()
            deal.apply(seat, move)
            random_playout(deal, rng, budget)
            return value(deal, seat), {}
        moves = view_worlds(view, unseen, from_view)(random.Random(0)).legal(seat)
        pimc(list(moves), view_worlds(view, unseen, from_view), playout, samples, random.Random(1))
        done += samples * len(moves)
    elapsed = time.perf_counter() - start
    return (done / elapsed if elapsed else math.nan), done


# ---- issue 24: the lean core's speed and the search's, per game ----

def alternated(runners: dict[str, Callable[[int], int]], seconds: float,
               slices: int = 20) -> dict[str, tuple[float, float]]:
    """(runs/s, moves/s) for each runner (``run(i)`` plays its ``i``-th game or rollout and returns its
    moves), measured in alternating slices: a machine busy elsewhere slows every row alike, so the
    ratios between rows stay fair even when the absolute rates do not."""
    totals = {name: [0, 0, 0.0] for name in runners}
    for _ in range(slices):
        for name, run in runners.items():
            t = totals[name]
            runs = moves = 0
            start = time.perf_counter()
            while time.perf_counter() - start < seconds / slices:
                moves += run(int(t[0]) + runs)
                runs += 1
            t[0] += runs
            t[1] += moves
            t[2] += time.perf_counter() - start
    return {name: (r / t, m / t) for name, (r, m, t) in totals.items()}


def speed_table(title: str, rows: dict[str, tuple[str, Callable[[int], int]]], seconds: float,
                base: str | None = None, compared: tuple[str, ...] = ()) -> dict[str, tuple[float, float]]:
    """Print one table of rates: ``rows[label] = (unit, run)``, e.g. ``("games", play_one)`` or
    ``("rollouts", roll_one)``, measured together by :func:`alternated` (``seconds`` for each row); the
    rows named in ``compared`` also get their ratio to the row ``base``. The load average is printed
    beside the rates (the machine is shared: read the ratios, not the absolute numbers, when loaded)."""
    import os

    before = os.getloadavg()[0]
    rates = alternated({label: run for label, (_, run) in rows.items()}, seconds)
    after = os.getloadavg()[0]
    print(f"{title} (load average {before:.2f} before, {after:.2f} after)")
    ratio = base is not None and base in rates
    print(f"{'row':>42} {'per second':>18} {'moves/s':>10}" + (f" {'vs ' + base.split(',')[0]:>14}" if ratio else ""))
    for label, (unit, _) in rows.items():
        per_s, moves = rates[label]
        line = f"{label:>42} {per_s:>9,.0f} {unit:<8} {f'{moves:,.0f}' if moves else '-':>10}"
        if ratio and label in compared:
            line += f" {per_s / rates[base][0]:>13.2f}x"  # type: ignore[index]
        print(line, flush=True)
    return rates


def game_runner(new_game: Callable[[int], engine.Game], choose: Chooser = random_move) -> Callable[[int], int]:
    """``run(seed)`` for :func:`speed_table`: one seeded game of ``choose``'s play through the protocol
    (events, checks), returning its moves."""
    def run(seed: int) -> int:
        g = new_game(seed)
        rng = random.Random(seed)
        moves = 0
        while not g.is_over:
            g.apply(choose(g, rng))
            moves += 1
        return moves
    return run


def hint_runner(spots: list[tuple[engine.Game, int]]) -> Callable[[int], int]:
    """``run(i)`` for :func:`speed_table`: ``engine.hint`` at the ``i``-th position (round the list), for
    games whose hint computes its odds exactly instead of playing rollouts (returns 0 moves)."""
    def run(i: int) -> int:
        g, seat = spots[i % len(spots)]
        engine.hint(g, seat)
        return 0
    return run
