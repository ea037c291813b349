"""Random legal play over seeded nine-deal Kalooki games with random calls (issue 12; docs/rules/kalooki.md).

At every step all 108 cards are somewhere (hands, stock, discard pile, melds); no player who must
discard holds only jokers (a joker is never discarded); every meld on the table is a valid three or
four; every lay-down is exactly the deal's contract; each deal's scores are the penalty values of
the hands left; no view shows another seat's hand; every game ends.

The players are random but not aimless (a purely random Kalooki deal can last thousands of moves).
One move in twenty is drawn uniformly from ``legal_actions`` (so the full list is soaked too,
challenges and passes included). The others are chosen from the state without listing every
move: call at random, take the discard when it helps the contract, lay down the engine's best
lay-down whenever there is one, tack whatever ``legal_actions`` offers, and discard a card that
does least for the contract. Every move goes through ``apply`` and the engine's rule checks.

Size: 500 nine-deal games (2,000 with PARLOUR_SOAK=full, tests/engine/soak.py) over 3-6 players with the
default rules (about 1,250 moves each), then 164 short matches: 128 two-deal matches over every pair of deals
with each Trinidad toggle, 32 short matches (deals 1 to 3) with the rebuild limit at 10, 3, 1 and 0, and 4
with a scripted opening that makes an upheld challenge certain. Each test counts the events it saw and asserts
that every rare case (several callers, a joker sliding, a swap, a stock rebuilt, a blocked deal, challenges
upheld and not) occurred. The games run on every core (tests/engine/parallel.py). Measured with 2 workers: 493
s of CPU in all (about 0.25 s a nine-deal game, a third of it these checks), so about 250 s of wall time on
two idle cores; 30 min on this machine shared with 10 other jobs. That is more than a quick run's share, so
./run test plays a quarter of them and CI (.ci/run) all 2,000.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from itertools import chain

import engine
from engine.cards import JOKER, double_52_with_jokers
from engine.games.kalooki import DEALS, hand_points
from engine.melds import run_layouts, why_not_meld

from .parallel import run_seeds
from . import soak

PACK = Counter(double_52_with_jokers())
FULL_GAMES = soak.size(250, 2_000)  # nine-deal games; quick: an eighth (a blocked deal, its rarest case, 63 times)
SHORT_GAMES = 128
SHORT_MATCHES = 32
MOVE_CAP = 40_000
UNIFORM = 0.05  # the share of moves drawn uniformly from legal_actions


@lru_cache(maxsize=None)
def best_window(bits: int) -> tuple[int, int]:
    """The four consecutive ranks (lowest rank, from 1 to 11; bit 14 is the high Ace) holding the
    most of a suit's ranks ``bits``, and how many they hold."""
    held, lo = max(((bits >> lo & 0b1111).bit_count(), -lo) for lo in range(1, 12))
    return -lo, held


def worth(hand: list, threes: int, fours: int) -> dict:
    """How much each real card does for this contract: the others of its rank when it asks for
    threes (more in the ranks it has most of); when it asks for fours, whether the card is in its
    suit's best four-rank window, and how full that window is (a second copy does nothing there)."""
    copies: dict = {}
    for c in hand:
        copies[c] = copies.get(c, 0) + 1
    copies.pop(JOKER, None)
    ranks: dict[int, int] = {}
    suits: dict[str, int] = {}
    for (rank, suit), n in copies.items():
        ranks[rank] = ranks.get(rank, 0) + n
        suits[suit] = suits.get(suit, 0) | 1 << rank | (16384 if rank == 1 else 0)
    out = {}
    if threes:
        wanted = sorted(ranks, key=ranks.__getitem__, reverse=True)[:threes]  # ranks worth making threes of
        for c in copies:
            out[c] = (3 if c[0] in wanted else 1) * (ranks[c[0]] - 1)
    if fours:
        windows = {suit: best_window(bits) for suit, bits in suits.items()}
        for c, n in copies.items():
            rank = c[0]
            lo, held = windows[c[1]]
            if (threes or n == 1) and (lo <= rank <= lo + 3 or rank == 1 and lo == 11):
                out[c] = max(out.get(c, -1), 2 + held)
            elif not threes:
                out[c] = -1
    return out


def spare_cards(hand: list, threes: int, fours: int) -> list:
    """The real cards that do least for the contract."""
    value = worth(hand, threes, fours)
    least = min(value.values(), default=0)
    return [c for c, w in value.items() if w == least]


def choose(g, rng: random.Random) -> tuple[int, str]:
    """A move for one of the seats that may act. One move in twenty is drawn uniformly from that
    seat's ``legal_actions`` (so the list itself is soaked, challenges and passes included);
    the others are chosen from the state as a player would, without listing every move, and
    the engine checks each against the rules when it is applied."""
    seats = g.to_act()
    if rng.random() < UNIFORM:
        seat = rng.choice(seats)
        return seat, str(rng.choice(g.legal_actions(seat)))
    callers = seats[1:]
    if callers and rng.random() < 0.05:
        return rng.choice(callers), "call"
    seat = seats[0]
    if g.deal.phase == "draw":
        if g.deal.pending is not None:
            return seat, rng.choice(["allow", "refuse"])
        if not g.deal.discards or g.deal.allowed:
            return seat, "draw"
        top = g.deal.discards[-1]
        useful = top.is_joker or top not in spare_cards(g.deal.hands[seat] + [top], g.deal.threes, g.deal.fours)
        if not g.deal.drawable() or useful and rng.random() < 0.8 or rng.random() < 0.1:
            return seat, "take"
        return seat, "draw"
    hand = g.deal.hands[seat]
    if not g.deal.laid[seat]:
        best = g.deal.best_lay(seat)
        if best is not None:
            return seat, "lay " + " | ".join(" ".join(str(c) for c in m.cards) for m in best)
    elif not g.deal.laid_now:
        tacks = [str(a) for a in g.legal_actions(seat) if a.verb in ("tack", "swap")]
        if tacks:
            return seat, rng.choice(tacks)
    spare = sorted(spare_cards(hand, g.deal.threes, g.deal.fours))
    return seat, f"discard {rng.choice(spare) if spare else 'JK'}"


def upheld_challenge(g):
    """An opening (three players) that makes a rare case certain: seat c calls twice (allowed both times) and holds
    20 cards, more than 18, when seat a challenges him at the start of a turn."""
    a = g.deal.turn
    b, c = (a + 1) % g.players, (a + 2) % g.players

    def discard(seat: int) -> str:
        return f"discard {min(x for x in g.deal.hands[seat] if not x.is_joker)}"

    for step in ((a, "draw"), (a, None), (c, "call"), (b, "allow"), (b, "draw"), (b, None),
                 (c, "draw"), (c, None), (a, "draw"), (a, None), (c, "call"), (b, "allow"), (b, "draw"),
                 (b, None), (c, "draw"), (c, None)):
        yield step[0], step[1] or discard(step[0])
    assert len(g.deal.hands[c]) == 20 and g.deal.turn == a
    yield a, f"challenge {c}"


OPENINGS = {"upheld challenge": upheld_challenge}


def check_cards(g) -> None:
    where = Counter(chain(g.deal.stock, g.deal.discards, *g.deal.hands, *(tm.meld.cards for tm in g.deal.melds)))
    assert dict.__eq__(where, PACK), "the 108 cards are all somewhere, once"  # dict's == is the fast one


def check_meld(g, data: dict) -> tuple[str, int | str]:
    """A meld as an event reports it is valid as the kind it claims; returns (kind, its rank or suit)."""
    cards = engine.parse_cards(data["cards"])
    assert why_not_meld(cards, g.deal.rules) is None
    naturals = [c for c in cards if not c.is_joker]
    if data["kind"] == "four":
        assert any(list(m.cards) == cards for m in run_layouts(cards, g.deal.rules)), "jokers stand where a run allows"
        return "four", naturals[0].suit
    assert len({c.rank for c in naturals}) == 1 and len(naturals) >= g.deal.rules.set_naturals
    return "three", naturals[0].rank


def check_a_discard_is_left(g) -> None:
    """§6.4: no move leaves a player who must discard holding only jokers: "discard JK" is never offered
    (a hand of jokers alone, drawn to, is tacked away). Listed only for such a hand: the list is slow."""
    if g.is_over or g.deal.phase != "play" or not all(c.is_joker for c in g.deal.hands[g.deal.turn]):
        return
    legal = [str(a) for a in g.legal_actions(g.deal.turn)]
    assert "discard JK" not in legal and legal, "a player who must discard holds only jokers"


def check_views(g) -> None:
    """Two seats' views differ only in what is theirs: the hand, the seat, the moves."""
    own = ("seat", "hand", "legal", "can_call")
    views = [g.view(s) for s in range(g.players)]
    shared = [{k: v for k, v in view.items() if k not in own} for view in views]
    assert all(s == shared[0] for s in shared)
    for s, view in enumerate(views):
        assert Counter(view["hand"]) == Counter(str(c) for c in g.deal.hands[s])
        assert not Counter(view["known_held"][s]) - Counter(view["hand"]), "seen going in, and still held"


def play_game(seed: int, players: int, deals, options: dict, opening: str = "") -> Counter:
    """One seeded game checked at every step, after a scripted ``opening`` if one is named; returns
    how often each kind of event happened (plus "overcall": a call made while another was pending,
    and "challenge_upheld")."""
    rng = random.Random(seed)
    g = engine.new_game("kalooki", players=players, seed=seed, deals=deals, **options)
    script = OPENINGS[opening](g) if opening else iter(())
    moves = 0
    seen: Counter = Counter()
    hands_at_end: dict[int, int] = {}
    while not g.is_over:
        seat, move = next(script, None) or choose(g, rng)
        pending, contract = g.deal.pending, DEALS[g.deal_number][1:]
        events = g.apply(move, seat)
        moves += 1
        assert moves < MOVE_CAP, "every game ends"
        check_cards(g)
        check_a_discard_is_left(g)
        for e in events:
            seen[e.kind] += 1
            if e.kind == "call" and pending is not None:
                seen["overcall"] += 1
            if e.kind == "challenge" and e.data["size"] > 18:
                seen["challenge_upheld"] += 1
            if e.kind == "lay":
                threes, fours = e.data["contract"]
                assert (threes, fours) == contract, "the contract of the deal being played"
                keys = [check_meld(g, m) for m in e.data["melds"]]
                assert sorted(k for k, _ in keys) == ["four"] * fours + ["three"] * threes, "exactly the contract"
                assert len(set(keys)) == len(keys), "threes of different ranks, fours of different suits"
            elif e.kind in ("tack", "slide", "swap"):
                check_meld(g, e.data["result"])
            elif e.kind == "score" and "hand" in e.data:
                hands_at_end[e.seat] = hand_points(engine.parse_cards(e.data["hand"]))
                assert e.points == hands_at_end[e.seat]
            elif e.kind == "deal_end":
                points = e.data["deal_points"]
                assert all(points[s] == p for s, p in hands_at_end.items())
                blocked = any(x.kind == "blocked" for x in events)
                assert blocked or points.count(0) >= 1, "somebody went out or was last in play"
                hands_at_end = {}
        if moves % 97 == 0 and not g.is_over:
            check_views(g)
    assert g.scores == [sum(d[s] for d in g.deal_scores) for s in range(players)]
    assert len(g.deal_scores) == len(g.schedule)
    end = g.events[-1]
    assert end.kind == "game_end" and end.data["winners"] == [s for s in range(players)
                                                             if g.scores[s] == min(g.scores)]
    seen["moves"] = moves
    return seen


def nine_deal_games() -> list[tuple]:
    return [(10_000 + i, 3 + i % 4, "full", {}) for i in range(FULL_GAMES)]


def short_matches() -> list[tuple]:
    """Two-deal matches over every pair of deals with each Trinidad toggle, and the short match
    (deals 1 to 3) with every rebuild limit down to none (so blocked deals come often)."""
    games = []
    for i in range(SHORT_GAMES):
        options = {"trinidad_jokers": i % 2 == 0, "joker_swaps": i % 3 == 0, "trinidad_calls": i % 4 < 2,
                   "challenge": i % 5 == 0}
        games.append((20_000 + i, 3 + i % 4, [1 + i % 9, 1 + (i + 4) % 9], options))
    for i in range(SHORT_MATCHES):
        games.append((30_000 + i, 3 + i % 4, "short", {"max_rebuilds": (10, 3, 1, 0)[i % 4]}))
    for i in range(4):
        games.append((40_000 + i, 3, [9, 1 + i], {"challenge": True}, "upheld challenge"))
    return games


def test_random_nine_deal_games_hold_every_invariant():
    seen = sum(run_seeds(play_game, nine_deal_games()), Counter())
    assert seen["game_end"] == FULL_GAMES
    for kind in ("call", "overcall", "allow", "refuse", "take", "lay", "tack", "slide", "rebuild", "blocked", "out"):
        assert seen[kind] > 0, f"no {kind} in {FULL_GAMES} nine-deal games"


def test_random_short_matches_with_the_trinidad_toggles():
    seen = sum(run_seeds(play_game, short_matches()), Counter())
    for kind in ("overcall", "slide", "swap", "challenge", "challenge_upheld", "drop", "rebuild", "blocked"):
        assert seen[kind] > 0, f"no {kind} in the short matches"
