"""Bench: the review of a deal (engine/review.py), per game.

Prints, for every game with decisions: how many decisions the seeded short matches gave, the
seconds of evaluation per decision (median, p95: what the table spends in the background after
each of your moves), the seconds from the deal's end to the review drawn at a table (your decisions
already evaluated in the background; the slowest of the deals), and how often the verdicts agree
with a deeper search (every sampling constant of the game's advisor times ``--deeper``): the same
verdict, and the same answer to "mistake or worse?". Games whose hint is exact (no imagined deals)
agree by construction: "exact".

    PYTHONPATH=$PWD:$PWD/bench python bench/bench_review.py --deals 3 --agree 30

``--losses`` prints instead, per game, the distribution of the review's loss over the decisions of
medium-bot play (seat 0 a medium bot too): the quantiles, in the game's units, that the thresholds
in engine/review_thresholds.py are set from, and the share of decisions each verdict would get.

    PYTHONPATH=$PWD:$PWD/bench python bench/bench_review.py --losses --deals 25

Last run of ``--losses --deals 25`` (2026-11-24, with the thresholds set from it; 2 cores shared):

    game          rated  loss>0    q0.5   q0.75    q0.9   q0.95   q0.99     max   inacc mistake blunder
    jubilee         478     11%    0.00    0.00    1.78    5.71   10.38   19.30      5%      3%      1%
    jubileu         275     36%    0.00    0.09    0.52    0.80    1.50   12.37      3%      1%      1%
    relogio          97      4%    0.00    0.00    0.00    0.00    1.00    1.30      0%      0%      0%
    injun            51     63%    0.06    0.69    4.30    6.41    7.50    7.50      0%     12%      2%
    kalooki         276      2%    0.00    0.00    0.00    0.00    1.00    1.00      0%      2%      0%
    rummy           493     10%    0.00    0.00    0.25    1.76    5.95    8.56      3%      4%      1%
    jabberwocky     291     40%    0.00    3.90   14.50   22.80   48.40   73.50      6%      3%      1%
    klaberjass      306     36%    0.00    3.80   15.00   29.60   64.60   80.90      3%      4%      1%

(``--deals 120``: injun 238 decisions, q0.9 0.97, q0.95 4.15, q0.99 6.61; relogio 469, q0.99 1.30, max 2.50.)

A short match is each rules class's ``short_match`` (the one the tests play). That run's Jabberwocky
matches were rounds 3, 5 and 7; its ``short_match`` is rounds 3 and 4, so a new run's rows differ there.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import time
from typing import Any

import engine
from engine.hints import Bot
from engine.review import Entry, assess, is_decision

from measure import percentile

#: the constants that set how many deals a game's hint imagines
SAMPLING = {"jabberwocky": ("HINT_PLAYOUTS", "MIN_SAMPLES"),
            "jubileu": ("HINT_PLAYOUTS", "MIN_SAMPLES", "BID_HINT_DEALS", "BID_HINT_LEAST", "CHOICE_HINT_DEALS"),
            "klaberjass": ("HINT_BID_DEALS", "HINT_PLAYOUTS", "MIN_SAMPLES"),
            "relogio": ("EXACT_LIMIT", "SAMPLES")}
MAX_MOVES = 600


def positions(game_id: str, seed: int) -> list[tuple[engine.Game, str]]:
    """(position, move made) at each of seat 0's decisions in a short match, everyone a medium bot."""
    game = engine.new_game(game_id, seed=seed, **engine.GAMES[game_id].short_match)
    bots = {s: Bot(game_id, "medium", seed=seed * 31 + s) for s in range(game.players)}
    out = []
    for _ in range(MAX_MOVES):
        if game.is_over:
            break
        who = game.current_player
        assert who is not None
        action = bots[who].choose(game.view(who))
        if who == 0 and is_decision(game, 0):
            out.append((game.clone(), action))
        game.apply(action, who)
    return out


def timed(position: engine.Game, action: str) -> tuple[float, Entry | None]:
    start = time.perf_counter()
    entry = assess(position, 0, action)
    return time.perf_counter() - start, entry


def with_constants(game_id: str, factor: int) -> dict[str, Any]:
    ai = importlib.import_module(engine.hints.advisor(game_id).__name__)
    old = {k: getattr(ai, k) for k in SAMPLING.get(game_id, ())}
    for k, v in old.items():
        setattr(ai, k, v * factor)
    return old


def restore(game_id: str, old: dict[str, Any]) -> None:
    ai = importlib.import_module(engine.hints.advisor(game_id).__name__)
    for k, v in old.items():
        setattr(ai, k, v)


def table_class(game_id: str) -> Any:
    from widgets.table import Table
    module = importlib.import_module(f"widgets.games.{game_id}_table")
    return next(c for c in vars(module).values()
                if isinstance(c, type) and issubclass(c, Table) and getattr(c, "game_id", "") == game_id)


def end_to_review(game_id: str, seed: int) -> float:
    """Seconds from the deal's end to the review drawn at a table (the panel's thread evaluated your
    decisions while the deal was played; you played as the medium bot)."""
    options = dict(engine.GAMES[game_id].short_match)
    if game_id != "relogio":
        options["bot_delay"] = 0
    table = table_class(game_id)(seed=seed, **options)
    table.review.background = True
    me = Bot(game_id, "medium", seed=seed)
    for _ in range(MAX_MOVES):
        if table.game.is_over:
            break
        table.act(me.choose(table.game.view(0)))
    for _, job, _ in list(table.review._jobs.values()):
        if job is not None:
            job.result()  # the deal's end: the background work of the last moves is done by now
    start = time.perf_counter()
    table.review.show_review()
    return time.perf_counter() - start


LOSS_QUANTILES = (0.5, 0.75, 0.9, 0.95, 0.99)


def loss_rows(games: list[str], deals: int) -> None:
    """Per game: decisions rated, the share of costly ones, the loss's quantiles and each verdict's share."""
    from engine.review_thresholds import thresholds_for
    print(f"{'game':<12} {'rated':>6} {'loss>0':>7} " + " ".join(f"{'q' + format(q, 'g'):>7}" for q in LOSS_QUANTILES)
          + f" {'max':>7}  {'inacc':>6} {'mistake':>7} {'blunder':>7}  thresholds")
    for game_id in games:
        entries = [e for seed in range(deals) for position, action in positions(game_id, 200 + seed)
                   if (e := assess(position, 0, action)) is not None]
        losses = sorted(e.loss for e in entries)
        if not losses:
            print(f"{game_id:<12} {0:>6}", flush=True)
            continue
        share = {v: sum(e.verdict == v for e in entries) / len(entries) for v in ("inaccuracy", "mistake", "blunder")}
        limits = thresholds_for(game_id)
        print(f"{game_id:<12} {len(losses):>6} {sum(x > 0 for x in losses) / len(losses):>7.0%} "
              + " ".join(f"{percentile(losses, q):>7.2f}" for q in LOSS_QUANTILES)
              + f" {losses[-1]:>7.2f}  {share['inaccuracy']:>6.0%} {share['mistake']:>7.0%} {share['blunder']:>7.0%}"
              f"  {limits.inaccuracy:g}/{limits.mistake:g}/{limits.blunder:g} {limits.unit}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=3, help="seeded short matches per game")
    ap.add_argument("--agree", type=int, default=30, help="decisions per game compared with the deeper search")
    ap.add_argument("--deeper", type=int, default=4, help="the deeper search imagines this many times more deals")
    ap.add_argument("--games", nargs="*", default=None)
    ap.add_argument("--losses", action="store_true", help="the loss's distribution under medium-bot play instead")
    args = ap.parse_args()
    games = args.games or [g for g, c in engine.GAMES.items() if c.has_choices]
    if args.losses:
        loss_rows(games, args.deals)
        return
    print(f"{'game':<12} {'decisions':>9} {'eval median s':>14} {'eval p95 s':>11} {'end→review s':>13} "
          f"{'same verdict':>13} {'same mistake?':>14}")
    for game_id in games:
        spots = [p for seed in range(args.deals) for p in positions(game_id, 100 + seed)]
        times, entries = [], []
        for position, action in spots:
            seconds, entry = timed(position, action)
            times.append(seconds)
            if entry is not None:
                entries.append(entry)
        end = max(end_to_review(game_id, 100 + seed) for seed in range(args.deals))
        if game_id in SAMPLING:
            same = same_serious = n = 0
            for (position, action), fast in zip(spots[:args.agree], [timed(p, a)[1] for p, a in spots[:args.agree]]):
                old = with_constants(game_id, args.deeper)
                try:
                    deep = assess(position, 0, action)
                finally:
                    restore(game_id, old)
                if fast is None or deep is None:
                    continue
                n += 1
                same += fast.verdict == deep.verdict
                same_serious += (fast.verdict in ("mistake", "blunder")) == (deep.verdict in ("mistake", "blunder"))
            agree = f"{same}/{n}", f"{same_serious}/{n}"
        else:
            agree = "exact", "exact"
        med = statistics.median(times) if times else float("nan")
        p95 = percentile(times, 0.95) if times else float("nan")
        print(f"{game_id:<12} {len(spots):>9} {med:>14.3f} {p95:>11.3f} {end:>13.3f} {agree[0]:>13} {agree[1]:>14}",
              flush=True)


if __name__ == "__main__":
    main()
