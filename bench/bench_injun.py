"""Injun benchmarks: deals per second by style and table size, hint latency, bot strength.

    python bench/bench_injun.py [--seconds 2] [--positions 300] [--sessions 150] [--hint-sessions 200] [--only-hint]

Prints tables; nothing here is asserted by the tests (speed is measured, not assumed).
The hint: one seat always plays the hint's move against three medium bots, over seeded
sessions of 10 deals; the same seats and seeds with a medium bot in that seat are the
comparison. Wins count a tie for the most chips as a share; 25% is chance.
Strength: chips won per deal by the stronger level, at 4-player tables where the two
levels sit in alternate seats, over seeded sessions of 10 deals (95% interval).

The lean core (issue 20; 2026-11-24, ``--hint-sessions 0 --sessions 0 --positions 200 --seconds 2``, load
average about 3.4 on the shared 2-core machine): one seeded 4-player poker deal through
``engine.games.injun.Deal`` (no events, no checks; the hint walks its answers on it) runs 6,287 deals/s
against 2,293 through the protocol (2.74x, alternated); random play to the deal's end on the lean core,
4 players: 8,290 deals/s poker, 12,232 brag (15 players: 4,746 and 4,443); search rollouts (worlds from
``Deal.from_view``) 14,539/s. The protocol's own rows did not slow down with the lean core under them
(CPU time, alternated with the code before it: 4 players 2,862-2,948 deals/s against 2,768-2,840 poker).

Hint v medium (issue 18), measured with ``--only-hint --hint-sessions 150``: the seat that follows the
hint wins +10.4% [+4.4, +16.5] more sessions and +6.01 [+4.38, +7.65] more chips than a medium bot in the
same seat (poker style); Brag +9.0% [+3.8, +14.2] and +6.93 [+3.68, +10.19] chips.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path
from typing import Callable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from engine.cards import standard_52  # noqa: E402
from engine.games.injun import Deal, unseen  # noqa: E402
from engine.hints import Bot  # noqa: E402
from engine.search import random_playout, view_worlds  # noqa: E402
from engine.shuffle import shuffled  # noqa: E402
from measure import (decision_latency, game_runner, hint_runner, lean_deal_rate, load_average, mean_ci,  # noqa: E402
                     play_rate, rate_ci, rollout_rate, speed_table)

STYLES = ("poker", "brag")
TABLE_SIZES = (2, 4, 8, 15)


def pick(legal: Sequence[engine.Action], rng: random.Random) -> engine.Action:
    """A random legal move, mostly among the first six (raise amounts would crowd out fold and call)."""
    return legal[0] if len(legal) > 6 and rng.random() < 0.5 else rng.choice(legal[:6])


def random_bet(game: engine.Game, rng: random.Random) -> engine.Action:
    return pick(game.legal_actions(), rng)


def new_lean_deal(seed: int, style: str = "poker", players: int = 4) -> Deal:
    """A seeded deal on the lean core, as the narrated game's first deal would be (20 chips each)."""
    options = engine.GAMES["injun"].option_defaults() | {"style": style}
    return Deal.dealt(options, [20] * players, seed % players, shuffled(standard_52(), seed, "injun-deal", 0))


def lean_runner(style: str, players: int) -> Callable[[int], int]:
    """``run(seed)``: one seeded deal through the lean core (no events, no checks), the moves chosen as the
    protocol row chooses them; returns its moves."""
    def run(seed: int) -> int:
        d = new_lean_deal(seed, style, players)
        rng = random.Random(seed)
        moves = 0
        while d.turn is not None:
            d.apply(d.turn, pick(d.legal(d.turn), rng))
            moves += 1
        return moves
    return run


def rollout_runner(views: list[dict]) -> Callable[[int], int]:
    """``run(i)``: one rollout of the determinized search from the ``i``-th view (cycling): a world from
    ``Deal.from_view`` with the seat's card drawn from the cards it cannot see, a random legal move of
    the seat, then random play to the deal's end; returns the moves made."""
    worlds = [(v["seat"], view_worlds(v, unseen, Deal.from_view)) for v in views]

    def run(i: int) -> int:
        seat, world_of = worlds[i % len(worlds)]
        rng = random.Random(i)
        world = world_of(rng)
        world.apply(seat, rng.choice(world.legal(seat)))
        return 1 + random_playout(world, rng)
    return run


def lean_rows(seconds: float, views: list[dict]) -> None:
    """Issue 20 rows: random deals through the lean core by style and table size (engine.search's random
    playout: any legal move, raise amounts included), and the determinized search's rollouts per second."""
    print(f"\nInjun: the lean core (Deal), random play to the deal's end, load average {load_average()}")
    print(f"{'style':>6} {'players':>8} {'deals/s':>10} {'moves/s':>10}")
    for style in STYLES:
        for players in TABLE_SIZES:
            deals, moves = lean_deal_rate(lambda i, s=style, p=players: new_lean_deal(i, s, p), seconds)
            print(f"{style:>6} {players:>8} {deals:>10.1f} {moves:>10.0f}", flush=True)
    rate, done = rollout_rate(views, unseen, Deal.from_view, lambda d, seat: float(d.points()[seat]), 8, 10_000)
    print(f"search rollouts (pimc over each position's moves, played to the deal's end): {rate:.1f} rollouts/s "
          f"({done} rollouts, load average {load_average()})")


def random_deals_per_second(style: str, players: int, seconds: float) -> tuple[float, float]:
    """Deals of random legal play (one deal per game); returns (deals/s, moves/s)."""
    return play_rate(lambda seed: engine.new_game("injun", players=players, seed=seed, style=style, max_deals=1),
                     seconds, random_bet)


def positions(count: int) -> list[tuple[engine.Game, int]]:
    """Positions with a real choice, from seeded games played by medium bots, both styles."""
    out: list[tuple[engine.Game, int]] = []
    seed = 0
    while len(out) < count:
        g = engine.new_game("injun", players=2 + seed % 8, seed=seed, style=STYLES[seed % 2], max_deals=3)
        bot = Bot("injun", "medium", seed)
        stop = random.Random(seed).randrange(0, 12)
        for _ in range(stop):
            if g.is_over:
                break
            g.apply(bot.choose(g.view(g.current_player)))
        if not g.is_over and len(g.legal_actions()) > 1:
            out.append((g, g.current_player))
        seed += 1
    return out


def margin(strong: str, weak: str, style: str, sessions: int, players: int = 4) -> tuple[float, float]:
    """Mean chips won per deal by a ``strong`` seat (averaged over its seats), with a 95% half-width."""
    per_deal = []
    for i in range(sessions):
        levels = [strong if (s + i) % 2 == 0 else weak for s in range(players)]
        bots = [Bot("injun", level, i * 16 + s) for s, level in enumerate(levels)]
        g = engine.new_game("injun", players=players, seed=20_000 + i, style=style, max_deals=10)
        start = g.options["starting_chips"]
        while not g.is_over:
            s = g.current_player
            g.apply(bots[s].choose(g.view(s)), s)
        won = [g.deal.chips[s] - start for s in range(players) if levels[s] == strong]
        per_deal.append(statistics.mean(won) / g.deal_number)
    return mean_ci(per_deal)


def follow_session(follower: str, index: int, style: str, players: int = 4) -> tuple[float, bool, int]:
    """One seeded session: seat ``index % players`` plays by ``follower`` ("hint": always the hint's move,
    or a bot level), every other seat is a medium bot. Returns (share of the win: 1, 1/k for a k-way tie
    for the most chips, or 0; went bust; chips won)."""
    seat = index % players
    bots = [Bot("injun", "medium", index * 16 + s) for s in range(players)]
    mine = None if follower == "hint" else Bot("injun", follower, index * 16 + seat)
    g = engine.new_game("injun", players=players, seed=30_000 + index, style=style, max_deals=10)
    start = g.options["starting_chips"]
    while not g.is_over:
        s = g.current_player
        if s == seat:
            move = engine.hint(g, s).action if mine is None else mine.choose(g.view(s))
        else:
            move = bots[s].choose(g.view(s))
        g.apply(move, s)
    top = max(g.deal.chips)
    leaders = [s for s in range(players) if g.deal.chips[s] == top]
    return (1 / len(leaders) if seat in leaders else 0.0), g.deal.chips[seat] < g.deal.ante, g.deal.chips[seat] - start


def hint_against_medium(style: str, sessions: int, players: int = 4) -> None:
    """Issue 8: a player following the hint against medium bots, and the medium bot in the same seat."""
    print(f"\nInjun, {style} style: one seat against {players - 1} medium bots, {sessions} seeded sessions of "
          f"10 deals (chance of winning: {1 / players:.0%})")
    print(f"{'seat plays':>12} {'wins':>7} {'95% CI ±':>9} {'bust':>7} {'95% CI ±':>9} {'chips':>8} {'95% CI ±':>9}")
    runs = {}
    for follower in ("hint", "medium"):
        runs[follower] = [follow_session(follower, i, style, players) for i in range(sessions)]
        win, win_ci = mean_ci([r[0] for r in runs[follower]])
        bust, bust_ci = rate_ci(sum(r[1] for r in runs[follower]), sessions)
        chips, chips_ci = mean_ci([float(r[2]) for r in runs[follower]])
        print(f"{follower:>12} {win:>7.1%} {win_ci:>9.1%} {bust:>7.1%} {bust_ci:>9.1%} {chips:>+8.2f} {chips_ci:>9.2f}")
    pairs = list(zip(runs["hint"], runs["medium"]))  # the same seed and seat: a paired difference
    win, win_ci = mean_ci([h[0] - m[0] for h, m in pairs])
    chips, chips_ci = mean_ci([float(h[2] - m[2]) for h, m in pairs])
    print(f"{'hint v medium':>12} {win:>+7.1%} {win_ci:>9.1%} {'':>7} {'':>9} {chips:>+8.2f} {chips_ci:>9.2f}"
          f"   95% interval: wins [{win - win_ci:+.1%}, {win + win_ci:+.1%}], "
          f"chips [{chips - chips_ci:+.2f}, {chips + chips_ci:+.2f}]")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=1.5, help="time per style and table size")
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--sessions", type=int, default=150)
    ap.add_argument("--hint-sessions", type=int, default=200, help="sessions for the hint-against-medium table")
    ap.add_argument("--only-hint", action="store_true", help="print only the hint-against-medium tables")
    args = ap.parse_args()

    if args.hint_sessions:
        for style in STYLES:
            hint_against_medium(style, args.hint_sessions)
    if args.only_hint:
        return

    print("Injun: random legal play, one deal per game")
    print(f"{'style':>6} {'players':>8} {'deals/s':>10} {'moves/s':>10}")
    for style in STYLES:
        for players in TABLE_SIZES:
            dps, mps = random_deals_per_second(style, players, args.seconds)
            print(f"{style:>6} {players:>8} {dps:>10.1f} {mps:>10.0f}")

    print()
    spots = positions(40)
    speed_table("Injun, poker style, 4 players: one deal through the protocol and through the lean core "
                "(engine.games.injun.Deal, what the hint plays its answers on); search rollouts; the hint "
                "(exact odds over the answers, no rollouts)",
                {"protocol: one deal": ("deals", game_runner(
                    lambda seed: engine.new_game("injun", players=4, seed=seed, style="poker", max_deals=1),
                    random_bet)),
                 "lean core: one deal": ("deals", lean_runner("poker", 4)),
                 "search: rollouts (imagine, play out)": ("rollouts", rollout_runner([g.view(s) for g, s in spots])),
                 "hint (exact odds, no rollouts)": ("hints", hint_runner(spots))},
                args.seconds, base="protocol: one deal", compared=("lean core: one deal",))
    lean_rows(args.seconds, [g.view(s) for g, s in spots[:10]])

    if args.positions:
        spots = positions(args.positions)
        print(f"\nInjun: decision latency over {len(spots)} positions (ms)")
        print(f"{'who':>16} {'median':>8} {'p95':>8}")
        for who, med, p95 in decision_latency("injun", spots):
            print(f"{who:>16} {med:>8.3f} {p95:>8.3f}")

    if args.sessions:
        print(f"\nInjun: strength, chips won per deal by the first level ({args.sessions} seeded 4-player "
              "sessions of 10 deals, levels in alternate seats)")
        print(f"{'style':>6} {'pairing':>16} {'chips/deal':>11} {'95% CI ±':>9}")
        for style in STYLES:
            for strong, weak in (("medium", "easy"), ("hard", "medium"), ("hard", "easy")):
                mean, ci = margin(strong, weak, style, args.sessions)
                print(f"{style:>6} {strong + ' v ' + weak:>16} {mean:>+11.2f} {ci:>9.2f}")


if __name__ == "__main__":
    main()
