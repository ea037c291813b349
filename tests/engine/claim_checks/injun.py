"""Injun's claims, re-derived by replaying the real game (docs/rules/injun.md), not through the advisor.

- Counts ("beats them all in 4 of the 50 cases") and chances "if every card you cannot see is equally
  likely" are recounted from the seat's view.
- Chances "if the others bet as the medium bot does, with one move in ten at random" are worked out
  again by dealing the seat every card it might hold, replaying the deal's moves through the engine and
  asking the medium bot itself (``POLICIES["medium"]``) what it would have done from each real view: the
  move it makes has nine chances in ten plus its share of the tenth, every other open move its share of
  the tenth. Bayes' rule over those gives the chance of each card.
- A move's worth in chips and the chance each player answers it by staying in are worked out by playing
  the move in the real game for each card the seat might hold, and every answer in turn with those same
  chances; a raise back means the seat folds (the hint says so); Brag: between the last two, a chip back
  is answered by paying to see (or, with fewer than two chips left, by the seat's last chip); with more
  players, the cards are compared once everyone has answered once (the hint's note says so). The hint leaves out only
  branches that cannot change its figures by more than a hair (in the largest tables, a little more), so
  they may differ from these by half a point of a chance or 0.1 chip of a worth.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Iterator

import engine
from engine.cards import Card, parse_card, standard_52
from engine.claims import Chance, Claim, Count, Figure
from engine.hints import Hint, advisor
from engine.numerals import number

from ..helpers import fork

SLIP = 0.1          # the model's "one move in ten at random"
PRUNE = 1e-6        # branches less likely than this are left out here (the hint: under 1e-4)
STAY_TOLERANCE = 0.005
WORTH_TOLERANCE = 0.1
LOW = 8


def _rank(card: Card) -> int:
    return 14 if card.rank == 1 else card.rank


def _kind(action: str) -> str:
    verb = action.split()[0]
    return "raise" if verb in ("bet", "raise") else verb


# ---- what the seat sees ----

def _unseen(view: dict[str, Any]) -> list[Card]:
    seen = {parse_card(c) for s, c in enumerate(view["cards"]) if c is not None and s != view["seat"]}
    return [c for c in standard_52() if c not in seen]


def _rival_ranks(view: dict[str, Any]) -> list[int]:
    me = view["seat"]
    return [_rank(parse_card(c)) for s, c in enumerate(view["cards"])
            if s != me and c is not None and view["in_deal"][s] and not view["folded"][s]]


def _uniform(view: dict[str, Any]) -> dict[int, float]:
    pool = _unseen(view)
    out: dict[int, float] = {}
    for c in pool:
        out[_rank(c)] = out.get(_rank(c), 0.0) + 1 / len(pool)
    return out


# ---- the real game, forked cheaply and replayed ----

def _fork(game: engine.Game) -> engine.Game:
    """A copy of an Injun game that moves on independently (its lists copied, its deal deep)."""
    g: Any = copy.copy(game)
    for name in ("_history", "_events", "deal_actions"):
        setattr(g, name, list(getattr(game, name)))
    g.deal = copy.deepcopy(game.deal)  # type: ignore[attr-defined]
    return g


def _deal_start(game: engine.Game) -> engine.Game:
    """The same game replayed from its seed to the start of the current deal."""
    history = game._history  # type: ignore[attr-defined]
    g = game.replayed(history[:len(history) - len(game.deal_actions)])  # type: ignore[attr-defined]
    assert g.deal.cards == game.deal.cards and g.deal_number == game.deal_number  # type: ignore[attr-defined]
    return g


def _medium_odds(g: engine.Game, seat: int) -> dict[str, float]:
    """The chance of each kind of move for ``seat`` here: the medium bot's own move nine times in ten
    (plus its share of the tenth), each other open move its share of the tenth."""
    view = g.view(seat)
    chosen = _kind(advisor("injun").POLICIES["medium"](view, random.Random(0)))
    kinds = sorted({_kind(a) for a in view["legal"]})
    return {k: (1 - SLIP) * (k == chosen) + SLIP / len(kinds) for k in kinds}


def _card_of_rank(view: dict[str, Any], rank: int) -> Card:
    return next(c for c in _unseen(view) if _rank(c) == rank)


_CACHE: dict[int, tuple[Any, dict[int, float]]] = {}


def posterior(game: engine.Game, seat: int) -> dict[int, float]:
    """The chance of each rank of the seat's card, given the deal's moves, under the model."""
    key = id(game)
    if key in _CACHE and _CACHE[key][0] is game:
        return _CACHE[key][1]
    view = game.view(seat)
    start = _deal_start(game)
    weight: dict[int, float] = {}
    for rank, share in _uniform(view).items():
        g = _fork(start)
        g.deal.cards[seat] = _card_of_rank(view, rank)  # type: ignore[attr-defined]
        w = share
        for s, action in game.deal_actions:  # type: ignore[attr-defined]
            if s != seat:
                w *= _medium_odds(g, s)[_kind(action)]
            g.apply(action, s)
        weight[rank] = w
    total = sum(weight.values())
    dist = {r: w / total for r, w in weight.items()}
    _CACHE.clear()
    _CACHE[key] = (game, dist)
    return dist


def walk(game: engine.Game, seat: int, move: str, dist: dict[int, float]) -> tuple[float, dict[int, float]]:
    """(expected chips of ``move`` from here, the chance each answering player stays in), by playing it
    in the real game for each card the seat may hold and every answer with the model's chances."""
    view = game.view(seat)
    worth = 0.0
    stays: dict[int, float] = {}
    deal = game.deal_number  # type: ignore[attr-defined]
    for rank, p in dist.items():
        g: Any = _fork(game)
        g.deal.cards[seat] = _card_of_rank(view, rank)
        g._start_deal = g._end_session = lambda *_: None  # stop when this deal is settled: its chips are final
        before = g.deal.chips[seat]
        g.apply(move, seat)
        heads_up = sum(1 for s in g.deal.bettors() if s != seat) == 1
        stack: list[tuple[Any, float, frozenset[int]]] = [(g, p, frozenset())]
        while stack:
            h, q, answered = stack.pop()
            if h.deal_number != deal:
                worth += q * (h.deal.chips[seat] - before)
                continue
            who = h.current_player
            if who == seat or who in answered:  # Brag: every other player has answered once
                nxt = _fork(h)
                if who == seat and heads_up:  # pay to see; with fewer than two chips, the last chip ends it
                    nxt.apply("see" if "see" in [str(a) for a in nxt.legal_actions(seat)] else "chip", seat)
                else:
                    nxt._settle()  # the cards compared now, as the hint's note says
                stack.append((nxt, q, answered))
                continue
            odds = _medium_odds(h, who)
            stays[who] = stays.get(who, 0.0) + q * sum(x for k, x in odds.items() if k not in ("fold", "raise"))
            for kind, x in odds.items():
                if q * x < PRUNE:
                    continue
                if kind == "raise":  # a raise back: the seat folds, and what it put in is lost
                    worth += q * x * (h.deal.chips[seat] - before)
                    continue
                nxt = _fork(h)
                nxt.apply(kind, who)
                stack.append((nxt, q * x, answered | {who}))
    return worth, stays


# ---- the checkers ----

def check_beats(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    assert isinstance(claim, Count)
    view = game.view(seat)
    pool, rivals = _unseen(view), _rival_ranks(view)
    best = max(rivals, default=0)
    if claim.fact == "injun.beats":
        n, of = sum(_rank(c) > best for c in pool), len(pool)
        them = "it" if len(rivals) == 1 else "them both" if len(rivals) == 2 else "them all"
        if (claim.n, claim.of, claim.detail["them"]) != (n, of, them):
            return f"{claim.n} of {claim.of} beat {claim.detail['them']} is said; recounted {n} of {of} beat {them}"
    else:
        n = sum(_rank(c) == best for c in pool)
        if claim.n != n:
            return f"{claim.n} cards are said to tie the highest card still in; recounted {n}"
    return None


def check_chance(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    """A low card, or beating every card still in: from the cards alone, or after the others' moves."""
    assert isinstance(claim, Chance)
    view = game.view(seat)
    dist = _uniform(view) if claim.model == "uniform" else posterior(game, seat)
    if claim.fact == "injun.low":
        p = sum(x for r, x in dist.items() if r <= LOW)
    else:
        best = max(_rival_ranks(view), default=0)
        p = sum(x for r, x in dist.items() if r > best)
    if abs(p - claim.p) > 1e-9:
        return f"{claim.fact} is said to be {claim.p} {claim.model}; worked out again it is {p}"
    return None


def check_price(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    assert isinstance(claim, Figure)
    view = game.view(seat)
    call = min(view["to_call"], view["chips"][seat])
    pot = view["pot_total"]
    need = call / (pot + call)
    said = (claim.detail["call"], claim.detail["pot"], claim.detail["need"])
    chips = {"en": f"{call} chip{'s' if call != 1 else ''}", "pt": f"{call} ficha{'s' if call != 1 else ''}"}
    real = (chips[hint.lang], pot, number(need, hint.lang, ".0%"))  # as the table's language writes them
    if said != real or "call" not in view["legal"]:
        return f"a call is said to be {said}; it is {real}"
    return None


_WALKS: dict[tuple[int, str], tuple[Any, tuple[float, dict[int, float]]]] = {}


def _walked(game: engine.Game, seat: int, move: str) -> tuple[float, dict[int, float]]:
    key = (id(game), move)
    if key not in _WALKS or _WALKS[key][0] is not game:
        if len(_WALKS) > 64:
            _WALKS.clear()
        _WALKS[key] = (game, walk(game, seat, move, posterior(game, seat)))
    return _WALKS[key][1]


def check_stays(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    assert isinstance(claim, Chance)
    _, stays = _walked(game, seat, claim.move)
    p = stays.get(claim.detail["seat"], 0.0)
    if abs(p - claim.p) > STAY_TOLERANCE:
        return f"after {claim.move}, {claim.detail['name']} is said to stay in with {claim.p:.4f}; it is {p:.4f}"
    return None


def check_worth(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    assert isinstance(claim, Figure)
    if claim.move == "fold":
        worth = 0.0
    else:
        worth, _ = _walked(game, seat, claim.move)
    if abs(worth - claim.value) > WORTH_TOLERANCE:
        return f"{claim.move} is said to be worth {claim.value} chips; it is {worth:.3f}"
    return None


CHECKS = {
    ("count", "injun.beats"): check_beats,
    ("count", "injun.ties"): check_beats,
    ("chance", "injun.low"): check_chance,
    ("chance", "injun.highest"): check_chance,
    ("figure", "injun.price"): check_price,
    ("chance", "injun.stays"): check_stays,
    ("figure", "injun.worth"): check_worth,
}


def positions(count: int, rng: random.Random) -> Iterator[tuple[engine.Game, int]]:
    """Seeded games under every option, mostly of two to six players (the checks walk every answer of
    every move), now and then up to ten; the betting is the bots' (easy, medium and hard mixed, so the
    moves read are not all the medium bot's), with positions spread over the deals."""
    from engine.hints import Bot
    from . import random_options

    cls = engine.GAMES["injun"]
    found = 0
    while found < count:
        players = rng.choice([2, 2, 3, 3, 4, 4, 5, 6, 7])
        options = random_options(cls, rng)
        game = engine.new_game("injun", players=players, seed=rng.getrandbits(40), **options)
        bots = [Bot("injun", rng.choice(["easy", "medium", "hard"]), seed=s) for s in range(players)]
        for _ in range(60):
            if game.is_over or found >= count:
                break
            seat = game.current_player
            if len(game.legal_actions(seat)) > 1 and rng.random() < 0.3:
                found += 1
                yield fork(game), seat
            game.apply(bots[seat].choose(game.view(seat)), seat)
