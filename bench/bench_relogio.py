"""Relógio and Relógio Real benchmarks: games per second (through the protocol and on the lean cores), search
rollouts per second, hint latency, measured win rates.

    python bench/bench_relogio.py [--seconds 3] [--positions 100] [--games 2000] [--hard-games 60]
                                  [--hint-games 200] [--only-hint]

Prints tables; nothing here is asserted by the tests (speed is measured, not assumed).
Win rates are played through the engine itself, deal by deal, with a 95% interval.

Hint v medium (issue 18), measured with ``--only-hint --hint-games 400`` (the same deals, paired)::

                 row  hint won  medium won  difference       95% interval
       hint v medium     33.8%       33.5%       +0.2  [-1.5, +2.0]

The medium bot's rule (keep Kings, the fourth to the bottom of the fullest pile) is close to the best
the hint can find, so following the hint does as well, not measurably better.

Lean cores (issue 20), ``--seconds 6 --positions 0 --games 0 --hard-games 0 --hint-games 0`` on the shared
2-core machine (load average about 3.9-4.9), rows alternated: whole games through the protocol 1,036/s, random
deals on the lean Deal 6,274/s (6.1x), deals played with the hint's plan (``relogio_ai.finish``) 11,895/s, the
hint's rollouts 23,098/s; Relógio Real through the protocol 222/s, on its lean Deal 681/s; engine.search
rollouts from King positions 33,745/s.
"""

from __future__ import annotations

import argparse
import random
import sys
from functools import partial
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from engine.hints import Bot  # noqa: E402
from engine.games import relogio_ai  # noqa: E402
from engine.cards import standard_52  # noqa: E402
from engine.games import relogio_real  # noqa: E402
from engine.games.relogio import HOURS, Deal, deal_piles, unseen  # noqa: E402
from engine.search import random_playout  # noqa: E402
from measure import (game_runner, latency_ms, load_average, mean_ci, play_rate, rate_ci, rollout_rate,  # noqa: E402
                     speed_table)

#: The search row: King positions, worlds per position, and the most moves a rollout makes.
ROLLOUT_POSITIONS, ROLLOUT_SAMPLES, ROLLOUT_MOVES = 20, 8, 1000


def games_per_second(game_id: str, seconds: float, **options: object) -> tuple[float, float]:
    """Whole games of random legal play; returns (games/s, moves/s)."""
    return play_rate(lambda seed: engine.new_game(game_id, seed=seed, **options), seconds)


def new_deal(seed: int) -> Deal:
    """A seeded Relógio deal on the lean core (engine.games.relogio.Deal: no narration, no checks)."""
    pack = standard_52()
    random.Random(seed).shuffle(pack)
    piles = deal_piles(pack)
    return Deal([[]] + [piles[h] for h in HOURS])


def lean_random(seed: int) -> int:
    """A whole deal of random legal moves (keep or swap anywhere) on the lean core; returns its moves."""
    return random_playout(new_deal(seed), random.Random(seed))


def lean_game(seed: int) -> int:
    """A whole deal played as the hint plays out (``relogio_ai.finish``: Kings kept, the fourth to the bottom
    of the fullest pile) on the lean core; returns the cards turned up."""
    deal = new_deal(seed)
    relogio_ai.finish(deal)
    return deal.face_up_count()


def real_lean(seed: int) -> int:
    """A whole Relógio Real deal on its lean core (engine.games.relogio_real.Deal); returns its steps."""
    pack = standard_52()
    random.Random(seed).shuffle(pack)
    piles = deal_piles(pack)
    return relogio_ai.real_finish(relogio_real.Deal([[]] + [piles[h] for h in HOURS]))[1]


def rollout_runner() -> Callable[[int], int]:
    """The hint's inner loop: from a fresh deal's view, one arrangement of the unseen cards (a fixed
    sample, as the hint draws them), filled in and played out (returns the cards turned up)."""
    view = engine.new_game("relogio", seed=5).view(0)
    ranks = relogio_ai.unseen_ranks(view)
    world = relogio_ai.worlds(view)
    rng = random.Random(1)

    def run(_: int) -> int:
        order = list(ranks)
        rng.shuffle(order)
        deal = world(order)
        relogio_ai.finish(deal)
        return deal.face_up_count()
    return run


def won(deal: Deal, seat: int) -> float:
    return 1.0 if deal.result == "won" else 0.0


def search_row() -> None:
    """Rollouts per second of the generic determinized search (engine.search.pimc, random play-outs) on the
    lean deal's from_view, at King positions (keep or a swap)."""
    views = [g.view(0) for g in king_positions(ROLLOUT_POSITIONS)]
    rate, done = rollout_rate(views, unseen, Deal.from_view, won, ROLLOUT_SAMPLES, ROLLOUT_MOVES)
    print(f"search rollouts to the end on the lean core (engine.search.pimc, random play-outs from King "
          f"positions): {rate:,.0f} rollouts/s ({done} rollouts; load average {load_average()})")


def king_positions(count: int) -> list[engine.Game]:
    """Positions where a King waits for keep-or-swap (Kings kept until then), from seeded deals."""
    out: list[engine.Game] = []
    seed = 0
    while len(out) < count:
        g = engine.new_game("relogio", seed=seed)
        stop = random.Random(seed).randrange(1, 5)  # the 1st … 4th King
        while not g.is_over:
            view = g.view(0)
            if view["pending"]:
                if view["kings_up"] + 1 == stop:
                    out.append(g)
                    break
                g.apply("keep")
            else:
                g.apply("turn")
        seed += 1
    return out


def turn_positions(game_id: str, count: int) -> list[engine.Game]:
    out: list[engine.Game] = []
    seed = 0
    while len(out) < count:
        g = engine.new_game(game_id, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 40)):
            if g.is_over:
                break
            g.apply("keep" if game_id == "relogio" and g.view(0)["pending"] else g.legal_actions()[0])
        if not g.is_over:
            out.append(g)
        seed += 1
    return out


def hint_latency_ms(spots: list[engine.Game]) -> tuple[float, float]:
    return latency_ms(partial(engine.hint, g, 0) for g in spots)


def win_rate(games: int, play: Callable[[int], bool]) -> tuple[float, float]:
    return rate_ci(sum(play(seed) for seed in range(games)), games)


def relogio_with(choose: Callable[[dict, random.Random], str], king_swap: str = "any_king") -> Callable[[int], bool]:
    def play(seed: int) -> bool:
        g = engine.new_game("relogio", seed=100_000 + seed, king_swap=king_swap)
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(choose(g.view(0), rng))
        return g.deal.result == "won"
    return play


def random_slot_on_fourth(view: dict, rng: random.Random) -> str:
    """The measurement of docs/rules/relogio.md#examples: the swap on the 4th King into a random face-down slot."""
    swaps = [a for a in view["legal"] if a.startswith("swap ")]
    return rng.choice(swaps) if view["pending"] else "turn"


def bot(level: str) -> Callable[[dict, random.Random], str]:
    player = Bot("relogio", level, seed=1)
    return lambda view, _rng: player.choose(view)


def hint_choice(view: dict, _rng: random.Random) -> str:
    """The move engine.hint advises (asked only when there is a choice: otherwise "turn")."""
    if len(view["legal"]) == 1:
        return view["legal"][0]
    from engine.hints import hint_for_view
    return hint_for_view(view).action


def hint_v_medium(games: int) -> tuple[float, float, float, float]:
    """Issue 18: the same deals played by following the hint and by the medium bot: (hint's win rate,
    medium's, the paired difference, its 95% half-width)."""
    hint, medium = relogio_with(hint_choice), relogio_with(bot("medium"))
    pairs = [(hint(seed), medium(seed)) for seed in range(games)]
    diff, half = mean_ci([float(h) - float(m) for h, m in pairs])
    return (sum(h for h, _ in pairs) / games, sum(m for _, m in pairs) / games, diff, half)


def real_play(seed: int) -> bool:
    g = engine.new_game("relogio_real", seed=100_000 + seed)
    while not g.is_over:
        g.apply("move")
    return g.deal.result == "won"


def hint_latency_table(positions: int) -> None:
    print(f"\nHint latency over {positions} positions each (ms)")
    print(f"{'position':>28} {'median':>8} {'p95':>8}")
    for label, spots in (("relogio: King keep/swap", king_positions(positions)),
                         ("relogio: plain turn", turn_positions("relogio", positions)),
                         ("relogio_real: look-ahead", turn_positions("relogio_real", positions))):
        med, p95 = hint_latency_ms(spots)
        print(f"{label:>28} {med:>8.1f} {p95:>8.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=3.0, help="time per throughput row")
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--games", type=int, default=2000, help="deals per win-rate row")
    ap.add_argument("--hard-games", type=int, default=60, help="deals for the hard bot (it computes at every King)")
    ap.add_argument("--hint-games", type=int, default=200, help="deals for hint v medium (0 skips it)")
    ap.add_argument("--only-hint", action="store_true", help="print only the hint v medium table")
    args = ap.parse_args()
    if args.only_hint:
        hint_table(args.hint_games)
        return

    print("Relógio / Relógio Real: random legal play, whole games")
    print(f"{'game':>28} {'games/s':>10} {'moves/s':>10}")
    for label, game_id, options in (("relogio (swap: any King)", "relogio", {}),
                                    ("relogio (no swap)", "relogio", {"king_swap": "off"}),
                                    ("relogio_real", "relogio_real", {})):
        gps, mps = games_per_second(game_id, args.seconds, **options)
        print(f"{label:>28} {gps:>10.1f} {mps:>10.0f}")

    print()
    speed_table("Relógio: one deal through the protocol and on the lean core (Deal); rollouts of the hint's "
                "play-outs from a fresh deal", {
                    "protocol: whole games": ("games", game_runner(lambda seed: engine.new_game("relogio", seed=seed))),
                    "lean core: random deals": ("deals", lean_random),
                    "lean core: the hint's plan (finish)": ("deals", lean_game),
                    "hint: rollouts (arrange, play out)": ("rollouts", rollout_runner()),
                    "protocol: relogio_real games": ("games", game_runner(
                        lambda seed: engine.new_game("relogio_real", seed=seed))),
                    "lean core: relogio_real deals": ("deals", real_lean)},
                args.seconds, base="protocol: whole games",
                compared=("lean core: random deals", "lean core: the hint's plan (finish)"))
    search_row()

    if args.positions:
        hint_latency_table(args.positions)

    print("\nWin rates, played through the engine (95% interval)")
    print(f"{'who / how':>50} {'deals':>6} {'won':>7} {'± 95%':>7}")
    rows = [
        ("relogio, no swap (RULES: 1/13 = 7.7%)", args.games, relogio_with(bot("medium"), "off")),
        ("relogio, 4th King to a random slot (RULES: 28%)", args.games,
         relogio_with(random_slot_on_fourth, "fourth_king")),
        ("relogio, easy bot (random keep/swap)", args.games, relogio_with(bot("easy"))),
        ("relogio, medium bot (4th King to fullest bottom)", args.games, relogio_with(bot("medium"))),
        ("relogio, hard bot (the hint's choice)", args.hard_games, relogio_with(bot("hard"))),
        ("relogio_real (RULES: about 1.2%)", args.games, real_play),
    ]
    for label, games, play in rows:
        if not games:
            continue
        p, ci = win_rate(games, play)
        print(f"{label:>50} {games:>6} {100 * p:>6.1f}% {100 * ci:>6.1f}")

    if args.hint_games:
        hint_table(args.hint_games)


def hint_table(games: int) -> None:
    h, m, diff, half = hint_v_medium(games)
    print(f"\nRelógio: following the hint against the medium bot, the same {games} deals (paired; 95% interval)")
    print(f"{'row':>16} {'hint won':>9} {'medium won':>11} {'difference':>11} {'95% interval':>18}")
    print(f"{'hint v medium':>16} {100 * h:>8.1f}% {100 * m:>10.1f}% {100 * diff:>+10.1f}  "
          f"[{100 * (diff - half):+.1f}, {100 * (diff + half):+.1f}]")


if __name__ == "__main__":
    main()
