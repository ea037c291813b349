"""Kalooki benchmarks: random nine-deal games per second, hint latency per level, bot strength.

    python bench/bench_kalooki.py [--seconds 20] [--positions 200] [--matches 300]
                                  [--deals full|short] [--duels 100] [--jobs 1]

Strength, two tables, each row a mean margin in points per match (lower totals win, so a
positive margin means the first player scores less) with its 95% interval:

- three-way: hard, medium and easy at one table, seats rotated over the six orders by the
  match number (``--matches`` matches);
- duels: for each of ``--duels`` seeds one player of the first kind against two of the second,
  played three times with the same cards, once from each seat (3 × duels matches); the margin
  per seed is the two others' mean total minus his, averaged over the three seats. "hint" is a
  player who always plays the hint's move (engine.hint's choice from his view).

- hint v medium (issue 18, ``--hint-seeds N [--hint-seeds-full M]``): for each seed the hint-follower
  sits in each of three seats against two medium bots, and his total is compared with the medium
  bot's total in that seat on the same seed (the all-medium match): points saved per match, in
  short matches (deals 1 to 3) and over nine deals.

``--jobs 2`` plays matches on two processes. Prints tables; nothing here is asserted by the
tests (speed and strength are measured, not assumed).

Last run (2026-11-23, shared 2-core machine). Speed, at a load average of about 0.7
(``--seconds 5 --positions 200 --matches 0 --duels 0``)::

    random nine-deal games (3-6 players)        7.388 games/s      8443 moves/s

    decision (200 positions)                  median ms   p95 ms
    easy bot                                       0.02     0.03
    medium bot                                     1.15     7.00
    hard bot                                       5.17    54.46
    hint (hard, with words)                        5.67    57.99

The lean core (issue 20/24; 2026-11-24, ``--seconds 10 --positions 60 --matches 0 --duels 0``, load
average about 3): random deals played on ``engine.games.kalooki.Deal`` with no narration, deal and
shuffle included, and rollouts of the determinized search (``engine.search.pimc`` over worlds from
``Deal.from_view``, 40 random moves each) over the legal moves of 20 positions::

    random nine-deal games (3-6 players)       17.301 games/s     19594 moves/s   (9.8 before the lean core)
    random deals, lean core (3-6 players)       7.585 deals/s      3299 moves/s
    search rollouts (40 random moves)          2210.8 rollouts/s
    hint (hard, with words), median / p95       3.10 / 25.39 ms                   (4.38 / 36.49 before)

Issue 31 (2026-11-27): a hint on a hand of 45 cards built up by calls took 23 s (the 46-card hand of a
random game where one player called every discard: 20.9 and 24.6 s). The solver now sorts cards by rank
when sets matter, treats a card held twice as one card, has a budget of states per question, and a hand of
24 cards or more asks only whether the contract can be laid (shortest melds, first one found). ``--big 6``
times ``advise`` cold on six 45-46 card hands built as tests/engine/test_kalooki_hints.py builds them, three
times each, against the code before (a copy of the tree with the old ``engine/melds.py`` and
``kalooki_ai.py``), one process after the other on a shared machine at a load of 11 to 16
(``--seconds 1 --positions 200 --matches 0 --duels 0 --big 6``)::

                                              median ms   p95 ms
    after:  hint (hard, with words)               11.07    89.43   load 11.1
            hint, 6 hands of 45+ cards by calls   92.41   136.28   58-64 states a hint, load 11.4
    before: hint (hard, with words)               16.19   137.57   load 15.7
            hint, 45+ cards by calls              (the run was stopped after 25 minutes in this row)
    after:  hint (hard, with words)                5.02    35.30   load 12.9
            hint, 6 hands of 45+ cards by calls   40.86    47.20   58-64 states a hint, load 11.9

The old code, one cold hint on the first of those hands (seed 1, deal 6, 45 cards), alone: 241.6 s at a
load of 4.6 to 10 (it counted every least-points arrangement of the whole hand, sets across the four
suits remembered in every state). After: 30-60 ms on that hand in the rows above.

A purely random deal lasts hundreds of moves, its hands swollen by calls: the lay-down solver, run
each turn on a hand of twenty cards and more, is most of its time (hence few deals per second).

Counting outs (below) raised the hard hint's p95 from 42 ms to 58 ms. Before one shared contract
search per hand answered every candidate discard, it was 189 ms at a load of 2 and 675 ms at 10.

Strength, nine-deal matches (the game as the seed plays it), 300 matches per table, about
37 minutes on two cores::

    --skip-speed --matches 300 --duels 100 --deals full --pairs hard:medium,hint:medium --jobs 2

    three-way, 300 full matches                margin           95% CI
    hard v medium                               +62.0   [+30.5, +93.5]
    hard v easy                                +827.3 [+805.0, +849.6]
    medium v easy                              +765.3 [+742.4, +788.2]

    duels, 100 seeds x 3 full matches          margin           95% CI
    hard v 2 medium                             +79.2  [+58.1, +100.3]
    hint v 2 medium                             +79.2  [+58.1, +100.3]

Since then a card another player took face up and still holds also counts as seen; the hard
duel again on that code (commit d3d09b1, ``--duels 100 --deals full --pairs hard:medium``)::

    hard v 2 medium                             +80.6  [+59.8, +101.5]

Hard beats medium with an interval that excludes 0 in both tables. Among the discards that keep
the hand equally near the contract, hard keeps the one after which the most cards it has not
seen would bring it one card nearer (its outs, counted by the solver; every card in the discard
pile counts as seen). Without the outs (``ai.OUTS = False``) the same duels gave +44.8
[+25.0, +64.5]: over nine deals hard's exact discards, shedding and weighed calls already beat
medium (earlier runs measured short matches only), and the outs raise the margin to +79.2 on
the same seeds. In short matches (deals 1 to 3, where calls decide more and the contracts are
small) the same 100 seeds x 3 gave +1.4 [-5.9, +8.6] without the outs and +7.3 [-0.3, +15.0]
with them: better, but not beyond the noise in matches that short. Counting outs up to 3 cards
short instead of 2 measured no stronger in 300 short matches (+6.2 [-1.7, +14.1] against +6.9
[-0.9, +14.8], both before the discard pile counted as seen) and nearly doubled hard's p95
(111 ms against 60 ms).

Hint v medium (2026-11-24, issue 18: the hint now weighs what the next player showed by calls as
well as pick-ups, and sheds the dearest card he shows no use for), heavily shared machine::

    --skip-speed --matches 0 --duels 0 --hint-seeds 40 --hint-seeds-full 8 --jobs 1   (about 40 min wall)

    points saved per match by the hint         margin           95% CI
    hint v medium (40 seeds, short)              -7.8    [-21.1, +5.5]
    hint v medium (8 seeds, full)               +76.4  [+34.4, +118.4]

    --skip-speed --matches 0 --duels 0 --hint-seeds 100 --hint-seeds-full 0 --jobs 1   (about 9 min wall)
    hint v medium (100 seeds, short)             -4.8    [-13.8, +4.2]

    --skip-speed --matches 0 --duels 40 --deals short --pairs hint:medium --jobs 1
    hint v 2 medium                              +2.0   [-11.3, +15.3]

Over nine deals the hint saves points against medium with an interval that excludes 0. In short
matches it lost (300 seeds, ``--hint-seeds 300 --hint-seeds-full 0``: -7.4 [-12.7, -2.2]) while hard
refused every call it could; refusing only in matches of more than three deals (``ai.SHORT_MATCH``),
180 of the same short seeds gave +7.2 [+1.0, +13.3] (nine-deal matches play as before).

Earlier variants of hard, measured in short matches (100 seeds x 3 unless said; one process
each; all before the outs): before the call was weighed (shedding, no
refusing) -2.6 [-11.8, +6.6]; calls weighed, no refusing -3.2 [-12.3, +5.9]; no shedding
-0.8 [-9.6, +8.1]; no shedding with refusing +0.6 [-7.0, +8.2]; calling only to complete the
contract -29.1 [-47.1, -11.1] (25 seeds); calling also, while nobody has laid down, a card that
brings the contract no nearer but goes with 1 or 2 cards in hand -8.2 [-18.3, +1.9] and
-4.5 [-14.6, +5.5] (75 seeds, no refusing). The hint plays hard's moves, so its row is hard's.
An earlier duel run "printed nothing in 15 minutes": seed 70009 never ended. Three bots who had
laid down took K♠ because they read the run Jk 9♠ Jk J♠ afresh (9-Q, where K♠ fits) instead
of as laid (8-J), could not tack it and discarded it again, round the table for ever. Bots now
read table melds as laid, and ``MOVE_LIMIT`` stops such a match with its seed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from itertools import permutations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from engine.games import kalooki_ai as ai  # noqa: E402
from engine.hints import LEVELS, Bot  # noqa: E402
from measure import latency_ms, lean_deal_rate, load_average, mean_ci, rollout_rate  # noqa: E402


class HintFollower:
    """A player who always plays the hint's move."""

    def choose(self, view: dict) -> str:
        return ai.advise(view).action


#: Far more moves than any finished nine-deal match has needed.
MOVE_LIMIT = 20_000


def bot_match(levels: list[str], seed: int, deals: str) -> engine.Game:
    """One match between bots; out of turn each bot is asked once per discard whether it calls."""
    g = engine.new_game("kalooki", players=len(levels), seed=seed, deals=deals)
    bots = [HintFollower() if level == "hint" else Bot("kalooki", level, seed * 7 + i)
            for i, level in enumerate(levels)]

    chosen: list[engine.Turn] = []

    def remember(turn: engine.Turn) -> bool:
        chosen.append(turn)
        return False  # make it

    def check(_game: engine.Game, events: list[engine.Event]) -> bool:
        assert not chosen or chosen[-1].action == "pass" or events, f"{chosen[-1]} said nothing"
        return False

    played = engine.play(g, bots, stop=check, pause_before=remember, max_steps=MOVE_LIMIT)
    if not g.is_over:  # bots that pass one card round the table for ever must not hang the run
        raise RuntimeError(f"{levels} seed {seed}: no end after {len(played.moves)} moves")
    return g


def random_rate(seconds: float) -> tuple[float, float]:
    """Nine-deal games with random calls and greedy-random play (the soak's players, which choose
    most moves without listing every legal move; the engine checks each one), per second."""
    from tests.engine.test_kalooki_soak import choose  # the soak's random players
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = engine.new_game("kalooki", players=3 + games % 4, seed=games)
        rng = random.Random(games)
        while not g.is_over:
            seat, move = choose(g, rng)
            g.apply(move, seat)
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed


def positions(count: int) -> list[dict]:
    """Views of the player to move (or a caller) from seeded medium-bot matches."""
    out: list[dict] = []
    seed = 0
    while len(out) < count:
        g = engine.new_game("kalooki", players=3 + seed % 4, seed=seed, deals=[1 + seed % 9])
        bots = [Bot("kalooki", "medium", s) for s in range(g.players)]
        rng = random.Random(seed)
        engine.play(g, bots, max_steps=rng.randrange(0, 60))
        if not g.is_over:
            seats = g.to_act()
            out.append(g.view(seats[-1] if len(seats) > 1 and rng.random() < 0.3 else seats[0]))
        seed += 1
    return out


ORDERS = list(permutations(["hard", "medium", "easy"]))


def _three_way(job: tuple[int, str]) -> list[int]:
    m, deals = job
    return bot_match(list(ORDERS[m % 6]), 50_000 + m, deals).scores


def strength(matches: int, deals: str, jobs: int = 1) -> list[tuple[str, float, float]]:
    """Hard, medium and easy at one table, seats rotated over the six orders."""
    margins: dict[tuple[str, str], list[float]] = {("hard", "medium"): [], ("hard", "easy"): [],
                                                   ("medium", "easy"): []}
    for m, scores in enumerate(_map(_three_way, [(m, deals) for m in range(matches)], jobs)):
        levels = ORDERS[m % 6]
        score = {lvl: scores[levels.index(lvl)] for lvl in levels}
        for (a, b), values in margins.items():
            values.append(score[b] - score[a])
    return [(f"{a} v {b}", *mean_ci(v)) for (a, b), v in margins.items()]


def _duel(job: tuple[str, str, int, str]) -> float:
    """One seed, three matches: ``a`` from each seat against two ``b``; the others' mean minus his."""
    a, b, seed, deals = job
    margins = []
    for seat in range(3):
        levels = [b, b, b]
        levels[seat] = a
        scores = bot_match(levels, seed, deals).scores
        margins.append(sum(scores[s] for s in range(3) if s != seat) / 2 - scores[seat])
    return sum(margins) / 3


def duels(pairs: list[tuple[str, str]], seeds: int, deals: str, jobs: int = 1) -> list[tuple[str, float, float]]:
    rows = []
    for a, b in pairs:
        values = _map(_duel, [(a, b, 70_000 + s, deals) for s in range(seeds)], jobs)
        rows.append((f"{a} v 2 {b}", *mean_ci(values)))
    return rows


def _hint_v_medium(job: tuple[int, str]) -> float:
    """One seed: the hint-follower in each of three seats against two medium bots, against a medium bot in
    that seat on the same seed (the all-medium match); his points saved, averaged over the seats
    (positive: the hint does better than medium would have there)."""
    seed, deals = job
    medium = bot_match(["medium"] * 3, seed, deals).scores
    saved = []
    for seat in range(3):
        levels = ["medium"] * 3
        levels[seat] = "hint"
        saved.append(medium[seat] - bot_match(levels, seed, deals).scores[seat])
    return sum(saved) / 3


def hint_v_medium(seeds: int, deals: str, jobs: int = 1) -> tuple[str, float, float]:
    values = _map(_hint_v_medium, [(90_000 + s, deals) for s in range(seeds)], jobs)
    return (f"hint v medium ({seeds} seeds, {deals})", *mean_ci(values))


def _map(fn, jobs_in: list, jobs: int) -> list:
    if jobs <= 1:
        return [fn(j) for j in jobs_in]
    from multiprocessing import Pool
    out = []
    with Pool(jobs) as pool:
        for done, result in enumerate(pool.imap(fn, jobs_in, chunksize=1), 1):
            out.append(result)
            print(f"\r  {done}/{len(jobs_in)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--matches", type=int, default=300)
    ap.add_argument("--deals", default="full", choices=("full", "short"))
    ap.add_argument("--duels", type=int, default=100, help="seeds per duel (three matches each)")
    ap.add_argument("--jobs", type=int, default=1, help="processes for the strength tables")
    ap.add_argument("--pairs", default="hard:medium,hint:medium,hard:easy,medium:easy",
                    help="the duels to play, first:second, comma separated")
    ap.add_argument("--skip-speed", action="store_true", help="strength tables only")
    ap.add_argument("--big", type=int, default=6,
                    help="hands built up by calls to 45 cards for the big-hand hint row (0: none)")
    ap.add_argument("--hint-seeds", type=int, default=0,
                    help="seeds for the 'hint v medium' rows (short matches and nine deals; issue 18)")
    ap.add_argument("--hint-seeds-full", type=int, default=None, help="seeds for the nine-deal row (default: as above)")
    args = ap.parse_args()

    if not args.skip_speed:
        speed(args)
    if args.matches:
        print(f"\n{'three-way, ' + str(args.matches) + ' ' + args.deals + ' matches':<40} {'margin':>8} "
              f"{'95% CI':>16}")
        for name, mean, half in strength(args.matches, args.deals, args.jobs):
            print(f"{name:<40} {mean:>+8.1f} {f'[{mean - half:+.1f}, {mean + half:+.1f}]':>16}")
    if args.hint_seeds:
        print(f"\n{'points saved per match by the hint':<40} {'margin':>8} {'95% CI':>16}")
        full = args.hint_seeds if args.hint_seeds_full is None else args.hint_seeds_full
        for seeds, deals in ((args.hint_seeds, "short"), (full, "full")):
            if seeds:
                name, mean, half = hint_v_medium(seeds, deals, args.jobs)
                print(f"{name:<40} {mean:>+8.1f} {f'[{mean - half:+.1f}, {mean + half:+.1f}]':>16}", flush=True)
    if args.duels:
        title = f"duels, {args.duels} seeds x 3 {args.deals} matches"
        print(f"\n{title:<40} {'margin':>8} {'95% CI':>16}")
        pairs = [(p.split(":")[0], p.split(":")[1]) for p in args.pairs.split(",") if p]
        for pair in pairs:  # one row at a time: a long run shows its first rows early
            for name, mean, half in duels([pair], args.duels, args.deals, args.jobs):
                print(f"{name:<40} {mean:>+8.1f} {f'[{mean - half:+.1f}, {mean + half:+.1f}]':>16}", flush=True)


def lean_rows(seconds: float, views: list[dict]) -> None:
    """Issue 20/24 rows: random deals through the lean core (engine.games.kalooki.Deal, no narration)
    and rollouts per second of the determinized search over the hint positions' legal moves."""
    from engine.games.kalooki import Deal, hand_points, unseen_cards

    def new_deal(i: int) -> Deal:  # the deal and its shuffle included
        return engine.new_game("kalooki", players=3 + i % 4, seed=i, deals=[1 + i % 9]).deal

    def value(deal: Deal, seat: int) -> float:
        return -float(deal.points()[seat] if deal.phase == "done" else hand_points(deal.hands[seat]))

    print(f"\nlean core, load average {load_average()}")
    deals, moves = lean_deal_rate(new_deal, seconds)
    print(f"{'random deals, lean core (3-6 players)':<40} {deals:>8.3f} deals/s {moves:>9.0f} moves/s", flush=True)
    rate, done = rollout_rate(views[:ROLLOUT_POSITIONS], unseen_cards, Deal.from_view, value, ROLLOUT_SAMPLES,
                              ROLLOUT_MOVES)
    print(f"{f'search rollouts ({ROLLOUT_MOVES} random moves)':<40} {rate:>8.1f} rollouts/s ({done})")


#: The search rows: positions, worlds per position, random moves per rollout (a random deal to its end
#: takes hundreds of moves, each listing the legal moves with the lay-down solver).
ROLLOUT_POSITIONS, ROLLOUT_SAMPLES, ROLLOUT_MOVES = 20, 4, 40


def speed(args: argparse.Namespace) -> None:
    print(f"load average {load_average()}")
    games, moves = random_rate(args.seconds)
    print(f"{'random nine-deal games (3-6 players)':<40} {games:>8.3f} games/s {moves:>9.0f} moves/s")

    views = positions(args.positions)
    lean_rows(args.seconds, views)
    print(f"\n{'decision (' + str(len(views)) + ' positions)':<40} {'median ms':>10} {'p95 ms':>8}")
    for level in LEVELS:
        ai.clear_cache()  # each level measured cold: no arrangement remembered from the last
        policy = ai.POLICIES[level]
        med, p95 = latency_ms(lambda v=v, p=policy: p(v, random.Random(0)) for v in views)
        print(f"{level + ' bot':<40} {med:>10.2f} {p95:>8.2f}", flush=True)
    ai.clear_cache()
    med, p95 = latency_ms(lambda v=v: ai.advise(v) for v in views)
    print(f"{'hint (hard, with words)':<40} {med:>10.2f} {p95:>8.2f}")
    print(f"load average {load_average()}")
    if args.big:
        big_hands(args.big)


def big_hands(count: int, runs: int = 3) -> None:
    """Issue 31: the hint (cold: nothing remembered) on 45-card hands built up by calls, deals 2, 6 and 7
    for seeds 1 on, each timed ``runs`` times; the states the solver made per hint beside (its work). The
    hands are built as tests/engine/test_kalooki_hints.py builds them (one builder, imported)."""
    from engine import melds
    from tests.engine.test_kalooki_hints import called_up
    views = [called_up(1 + i // 3, (2, 6, 7)[i % 3]).view(2) for i in range(count)]
    states = []

    def cold(view: dict) -> None:
        ai.clear_cache()
        before = melds.states_searched()
        ai.advise(view)
        states.append(melds.states_searched() - before)

    med, p95 = latency_ms(lambda v=v: cold(v) for v in views * runs)
    print(f"{f'hint, {len(views)} hands of 45+ cards by calls':<40} {med:>10.2f} {p95:>8.2f}   "
          f"states {min(states)}-{max(states)}   load average {load_average()}")


if __name__ == "__main__":
    main()
