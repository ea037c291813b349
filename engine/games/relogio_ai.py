"""Hints and bots for Relógio and Relógio Real, computed from the view alone.

Relógio's only decision is the King swap. From the view, the cards not yet face up are
spread uniformly over the face-down slots, so the hint plays the game out over those
arrangements — every one of them when there are few enough (exact), otherwise a fixed
sample (Monte Carlo, with its margin) — once for "keep" and once per kind of slot.
Only suits never matter, so arrangements are of ranks.

The outcome of a game with no swap left depends only on the bottom card of each pile
(the classic Clock argument: a pile is finished only if its last card leads on), so
every slot above the bottom of a pile is worth the same: one top slot and one bottom
slot per pile cover them all.

Relógio Real hides nothing and has no choices: its hint looks ahead exactly.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from math import factorial, prod, sqrt
from typing import Any, Callable, Iterator

from ..cards import Card, parse_card
from .. import claims
from ..claims import paragraph, say
from ..hints import Alternative, Hint
from ..i18n import N_
from ..words import agreeing
from .relogio import CENTRE, HOURS, Deal, hour_in, hour_label, slot_in, swap_slot, unseen
from .relogio_real import Deal as RealDeal

#: The languages this advisor writes its reasons in (engine.hints.hint_for_view): Relógio is the book's game.
LANGUAGES = ("en", "pt")

EXACT_LIMIT = 2000   # enumerate every arrangement when there are at most this many
SAMPLES = 2000       # otherwise play out this many random arrangements (the same ones for every move)
Layout = list[list[int]]  # index = hour (0 unused), face-down ranks top first


# ---- Relógio: the lean deal played out with the medium bot's plan ----

def rule_of_thumb_slot(down: Layout | list[list[Card]]) -> int | None:
    """Where the medium bot (and the look-ahead) put the fourth King: under the fullest pile."""
    best, size = None, 0
    for hour in HOURS:
        if len(down[hour]) > size:
            best, size = hour, len(down[hour])
    return best


def finish(deal: Deal) -> bool:
    """Play the lean deal to its end (mutates it) with the plan: keep Kings until the fourth, which goes
    to the bottom of the fullest pile; True when every card ends face up."""
    up_kings = deal.up[CENTRE]
    while deal.result is None:
        if deal.pending is None:
            deal.turn(on=True)
        elif len(up_kings) < 3:
            deal.keep(on=True)
        else:
            hour = rule_of_thumb_slot(deal.down)
            assert hour is not None  # the swap is offered only while a card is face down
            deal.swap(hour, len(deal.down[hour]), on=True)
    return deal.result == "won"


_BY_RANK = {r: Card(r, "S") for r in HOURS}  # a card standing for its rank (suits never matter here)


def play_out(down: Layout, current: int, kings_up: int, swap_left: bool) -> bool:
    """Finish a game of ranks (``down``: face-down ranks per hour, top first) from ``current`` on the lean
    deal, :func:`finish`'s plan for the swap if ``swap_left``; True when every card ends face up. For the
    lesson's live win rates, which deal ranks."""
    deal = Deal([[_BY_RANK[r] for r in pile] for pile in down])
    deal.current, deal.swap_used = current, not swap_left
    deal.up[CENTRE] = [_BY_RANK[CENTRE]] * kings_up
    return finish(deal)


def unseen_ranks(view: dict[str, Any]) -> list[int]:
    """Ranks of the cards this player has not seen face up (the King in hand and a King
    they put face down themselves are seen)."""
    return sorted(c.rank for c in unseen(view))


def arrangements(view: dict[str, Any], seed: str) -> tuple[Iterator[list[int]], int, bool]:
    """(arrangements of the unseen ranks, how many, exact?): all of them, or a fixed sample."""
    ranks = unseen_ranks(view)
    counts = Counter(ranks)
    total = factorial(len(ranks)) // prod(factorial(k) for k in counts.values())
    if total <= EXACT_LIMIT:
        return _multiset_permutations(ranks), total, True
    rng = random.Random(seed)

    def sample() -> Iterator[list[int]]:
        for _ in range(SAMPLES):
            order = list(ranks)
            rng.shuffle(order)
            yield order
    return sample(), SAMPLES, False


def _multiset_permutations(items: list[int]) -> Iterator[list[int]]:
    """Every distinct ordering of ``items`` once (they are equally likely deals of ranks)."""
    counts = Counter(items)
    keys = sorted(counts)
    n = len(items)
    out: list[int] = []

    def rec() -> Iterator[list[int]]:
        if len(out) == n:
            yield list(out)
            return
        for k in keys:
            if counts[k]:
                counts[k] -= 1
                out.append(k)
                yield from rec()
                out.pop()
                counts[k] += 1
    return rec()


def worlds(view: dict[str, Any]) -> Callable[[list[int]], Deal]:
    """``world(ranks)``: the lean deal of ``view`` with its unseen cards face down in the order of ``ranks``
    (an arrangement of :func:`unseen_ranks`), in :meth:`Deal.from_view`'s order of slots."""
    hidden = unseen(view)
    template = Deal.from_view(view, hidden)
    known = view["known_face_down"]
    slots = [(p["hour"], i) for p in view["piles"] for i in range(p["face_down"])
             if not (known and known["hour"] == p["hour"] and known["position"] == i + 1)]
    by_rank: dict[int, list[Card]] = {}
    for card in hidden:
        by_rank.setdefault(card.rank, []).append(card)

    def world(ranks: list[int]) -> Deal:
        deal = template.copy()
        down, taken = deal.down, dict.fromkeys(by_rank, 0)
        for (hour, i), rank in zip(slots, ranks):
            down[hour][i] = by_rank[rank][taken[rank]]
            taken[rank] += 1
        return deal
    return world


def slot_classes(view: dict[str, Any]) -> list[tuple[int, int]]:
    """One slot per kind: the top and the bottom of each pile with face-down cards."""
    out = []
    for pile in view["piles"]:
        n = pile["face_down"]
        if n >= 2:
            out.append((pile["hour"], 1))
        if n >= 1:
            out.append((pile["hour"], n))
    return out


def class_of(slot: tuple[int, int], counts: dict[int, int]) -> tuple[int, int]:
    hour, position = slot
    return (hour, position if position == counts[hour] else 1)


def _after_keep(deal: Deal) -> bool:
    deal.keep(on=True)
    return finish(deal)


def _after_swap(deal: Deal, hour: int, position: int) -> bool:
    """The King takes the slot's place; the card taken out is played as if just turned."""
    deal.swap(hour, position, on=True)
    return finish(deal)


def _seed(view: dict[str, Any]) -> str:
    """Same position, same sample: a hint never changes its mind on a second click."""
    return json.dumps([view["piles"], view["pending"], view["current"], view["last"]], sort_keys=True)


def win_chances(view: dict[str, Any]) -> tuple[dict[str, float], int, bool]:
    """Chance of winning (0-1) after each decision, the number of arrangements and whether exact.

    Keys: ``"keep"``, ``"swap H:P"`` for each slot kind, or ``"turn"`` when there is no decision.
    """
    source, total, exact = arrangements(view, _seed(view))
    wins: Counter[str] = Counter()
    classes = slot_classes(view) if view["pending"] else []
    world = worlds(view)
    for ranks in source:
        deal = world(ranks)
        if not view["pending"]:
            wins["turn"] += finish(deal)
            continue
        wins["keep"] += _after_keep(deal.copy())
        for hour, position in classes:
            wins[f"swap {hour_label(hour)}:{position}"] += _after_swap(deal.copy(), hour, position)
    keys = [f"swap {hour_label(h)}:{p}" for h, p in classes] + (["keep"] if view["pending"] else ["turn"])
    return {k: wins[k] / total for k in keys}, total, exact


def margin(p: float, n: int) -> float:
    """Half-width of a 95% interval for a sampled chance (0 when counted exactly)."""
    return 1.96 * sqrt(max(p * (1 - p), 0.25 / n) / n)


# ---- the hint's facts, as claims (engine.claims): tests/engine/test_claims.py re-derives each ----

WIN = claims.fact("relogio.win", N_("you win with a chance of {chance}"))
WIN_SHARE = claims.fact("relogio.win_share", N_("you win"))
LOST = claims.fact("relogio.lost", N_("you lose, whatever the face-down cards are"))
KEEP_FOURTH = claims.fact("relogio.keep_fourth", N_("you lose, whatever the face-down cards are: it is the 4th King, "
                                                    "and {down} cards are still face down"))
ABOVE = claims.fact("relogio.above_bottom", N_("Put anywhere above the bottom of a pile, it loses whatever the "
                                               "face-down cards are, because the King would come out again before "
                                               "that pile's last card"))
WAYS = claims.fact("relogio.ways", N_("all {n} ways the {hidden} cards you cannot see may lie (suits do not matter)"),
                   N_("the one way the {hidden} cards you cannot see may lie"))
MARGIN = claims.fact("relogio.margin", N_("give or take {points}, a 95% margin"))

#: The plan a chance assumes for the rest of the game while the swap is still to come (the medium bot's).
PLAN = N_("keeping Kings until the fourth, then putting it at the bottom of the fullest pile")


def _lang(view: dict[str, Any]) -> str:
    return str(view["options"].get("lang", "en"))


def _hour(view: dict[str, Any], hour: int) -> str:
    """An hour's pile in the table's language: "7 o'clock", "monte das 7 horas"."""
    lang = _lang(view)
    return hour_in(lambda message, **fields: say(lang, message, **fields), hour)


def _hopeless(view: dict[str, Any], action: str) -> bool:
    """Lost by the rules whatever the face-down cards are: keeping the 4th King while cards are face down
    (docs/rules/relogio.md#relogio.fourth_king), or putting it above the bottom of a pile, where it is turned before
    that pile's last card."""
    if not view["pending"] or view["kings_up"] != 3:
        return False
    if action == "keep":
        return view["face_down"] > 0
    return action.startswith("swap ") and _above_bottom(action, view)


def chance_claims(view: dict[str, Any], action: str, p: float, total: int, exact: bool) -> tuple[claims.Claim, ...]:
    """What a move's chance is, as claims: lost by the rules (certain), counted over every arrangement
    (an exact chance), or a share of random arrangements (with its margin)."""
    if _hopeless(view, action):
        if action == "keep":
            return (claims.Certain(KEEP_FOURTH.name, move=action, over_replies=False,
                                   detail={"down": view["face_down"]}),)
        return (claims.Certain(LOST.name, move=action, over_replies=False),)
    if exact:
        return (claims.Chance(WIN.name, p=p, model="uniform", move=action),)
    hits = round(p * total)
    points = round(100 * margin(hits / total, total))
    said = say(_lang(view), agreeing(points, N_("{n} percentage point"), N_("{n} percentage points")), n=points)
    return (claims.Sampled(WIN_SHARE.name, move=action, hits=hits, samples=total, assumption="as_dealt"),
            claims.Figure(MARGIN.name, value=points, move=action, detail={"points": said}))


def _said(stated: tuple[claims.Claim, ...], lang: str) -> str:
    """A move's chance in words, and its margin in brackets when it is sampled."""
    if len(stated) == 1:
        return stated[0].words(lang)
    return say(lang, "{share} ({margin})", share=stated[0].words(lang), margin=stated[1].words(lang))


def _pile(view: dict[str, Any], hour: int) -> dict[str, Any]:
    return next(p for p in view["piles"] if p["hour"] == hour)


def slot_of(action: str, view: dict[str, Any]) -> str:
    """"the bottom card of 7 o'clock": a swap's slot in words (never its notation)."""
    hour, position = swap_slot(action[5:])
    lang = _lang(view)
    return slot_in(lambda message, **fields: say(lang, message, **fields), hour, position,
                   _pile(view, hour)["face_down"])


def evaluate(view: dict[str, Any]) -> tuple[list[Alternative], int, bool]:
    chances, total, exact = win_chances(view)
    counts = {p["hour"]: p["face_down"] for p in view["piles"]}
    lang = _lang(view)
    out = []
    for action in view["legal"]:
        stated: tuple[claims.Claim, ...]
        if action.startswith("swap "):
            hour, position = swap_slot(action[5:])
            kind = class_of((hour, position), counts)
            p = chances[f"swap {hour_label(kind[0])}:{kind[1]}"]
            stated = chance_claims(view, action, p, total, exact)
            note = say(lang, N_("King as {slot}: {chance}"), slot=slot_of(action, view), chance=_said(stated, lang))
        else:
            p = chances[action]
            stated = chance_claims(view, action, p, total, exact)
            note = say(lang, N_("keep the King: it goes to the centre; {chance}") if action == "keep" else
                       N_("turn the next card: {chance}"), chance=_said(stated, lang))
        out.append(Alternative(action, round(100 * p, 1), note, claims=stated,
                               samples=0 if exact else total, margin=0.0 if exact else 100 * margin(p, total)))
    out.sort(key=lambda a: (-a.score, a.action != "keep", a.action))
    return out, total, exact


def _basis(view: dict[str, Any], total: int, exact: bool) -> tuple[str, tuple[claims.Claim, ...]]:
    hidden = view["face_down"] - (1 if view["known_face_down"] else 0)
    lang = _lang(view)
    if exact:
        ways = claims.Count(WAYS.name, n=total, detail={"hidden": hidden})
        return say(lang, N_("Counted exactly over {ways}."), ways=ways.words(lang)), (ways,)
    return say(lang, N_("Estimated by playing out random arrangements of the cards you cannot see (suits do not "
                        "matter).")), ()


def _above_bottom(action: str, view: dict[str, Any]) -> bool:
    hour, position = swap_slot(action[5:])
    return position < _pile(view, hour)["face_down"]


def _advise_relogio(view: dict[str, Any]) -> Hint:
    alternatives, total, exact = evaluate(view)
    best = alternatives[0]
    basis, basis_claims = _basis(view, total, exact)
    lang = _lang(view)
    if not view["pending"]:
        fields = {"hour": _hour(view, view["current"]), "chance": _said(best.claims, lang)}
        turn = say(lang, N_("There is nothing to decide: turn the top card of {hour}. From here, {plan}, {chance}."),
                   plan=say(lang, PLAN), **fields) if view["swap_available"] else \
            say(lang, N_("There is nothing to decide: turn the top card of {hour}. From here, {chance}."), **fields)
        return Hint(view["seat"], "turn", paragraph(lang, turn, basis), alternatives,
                    claims=best.claims + basis_claims)
    king = parse_card(view["pending"]).symbol
    keep = next(a for a in alternatives if a.action == "keep")
    nth = view["kings_up"] + 1
    if nth == 4:
        first = say(lang, N_("Keeping the {king}: {chance}."), king=king, chance=_said(keep.claims, lang))
    else:
        first = say(lang, N_("Keeping the {king} (King number {nth}) and saving the swap for the fourth King, which "
                             "then goes to the bottom of the fullest pile: {chance}."),
                    king=king, nth=nth, chance=_said(keep.claims, lang))
    said = list(keep.claims)
    swaps = [a for a in alternatives if a.action.startswith("swap ")]
    top_swap = swaps[0]
    said += top_swap.claims
    # Moves the numbers cannot tell apart (within the sample's margin, or exactly equal) are not ranked.
    tolerance = 0.0 if exact else 100 * margin(best.score / 100, total)
    tied = [a for a in alternatives[1:] if claims.indistinct([best.score, a.score], tolerance)]
    second = say(lang, N_("Swapping it for {slot}: {chance} — the best choice.") if top_swap is best and not tied
                 else N_("Swapping it for {slot}: {chance}."),
                 slot=slot_of(top_swap.action, view), chance=_said(top_swap.claims, lang))
    if nth == 4 and any(_above_bottom(a.action, view) for a in swaps):
        above = claims.Certain(ABOVE.name, over_replies=False)
        said.append(above)
        second = paragraph(lang, second, say(lang, "{fact}.", fact=above.words(lang)))
    advice = say(lang, N_("Keep it.")) if best.action == "keep" else \
        say(lang, N_("Swap it for {slot}."), slot=slot_of(best.action, view))
    if tied:
        other = tied[0]
        if other.action == "keep":
            but = say(lang, N_("But keeping it does as well, as far as the count can tell.") if exact else
                      N_("But keeping it does as well, as far as a sample of this size can tell."))
        else:
            but = say(lang, N_("But swapping it for {slot} does as well, as far as the count can tell.") if exact else
                      N_("But swapping it for {slot} does as well, as far as a sample of this size can tell."),
                      slot=slot_of(other.action, view))
        advice = paragraph(lang, advice, but)
    return Hint(view["seat"], best.action, paragraph(lang, advice, first, second, basis),
                alternatives, claims=tuple(said) + basis_claims)


# ---- Relógio Real: forced moves, exact look-ahead ----

def card_code(card: Card) -> int:
    """A card as one small int, rank first (``code >> 2`` is the rank): how the lesson's win rates deal."""
    return card.rank * 4 + "SHDC".index(card.suit)


def real_finish(deal: RealDeal) -> tuple[bool, int]:
    """(won?, steps): play the lean Relógio Real deal on to its end (mutates it). A position met twice
    after the start means a loss; suits count, as they do in the rules."""
    start = deal.steps
    while deal.result is None:
        deal.move()
    return deal.result == "won", deal.steps - start


def real_outcome(piles: list[list[int]], carried: int | None, position: int | None, removed: int,
                 rounds: int = 3) -> tuple[bool, int]:
    """:func:`real_finish` for a position given in card codes (``piles`` index = hour, 0 unused, top
    first; ``removed`` rounds already taken off), as the lesson's win rates deal."""
    def card(code: int) -> Card:
        return Card(code >> 2, "SHDC"[code & 3])
    deal = RealDeal([[card(c) for c in pile] for pile in piles], rounds - removed)
    if deal.result is None and carried is not None:
        deal.carried, deal.position = card(carried), position
    return real_finish(deal)


def real_outcome_of_view(view: dict[str, Any]) -> tuple[bool, int]:
    return real_finish(RealDeal.from_view(view, []))


REAL_WON = claims.fact("relogio_real.won", N_("Played out from here, this deal is won in {steps}"))
REAL_LOST = claims.fact("relogio_real.lost", N_("Played out from here, this deal is lost: within {steps} a position "
                                                "comes back, and play would go round for ever"))


def _advise_real(view: dict[str, Any]) -> Hint:
    """Every step is forced and nothing is hidden, so the outcome is worked out exactly: a certainty."""
    won, steps = real_outcome_of_view(view)
    target = view["target"]
    lang = _lang(view)
    if view["carried"] is None:
        move = say(lang, N_("pick up the top card of {hour}"), hour=_hour(view, target))
    else:
        move = say(lang, N_("put {card} under {hour}, the next wrong pile"), card=parse_card(view["carried"]).symbol,
                   hour=_hour(view, target))
    many = agreeing(steps, N_("{n} more step"), N_("{n} more steps")) if won else \
        agreeing(steps, N_("{n} step"), N_("{n} steps"))
    outcome = claims.Certain(REAL_WON.name if won else REAL_LOST.name, move="move", over_replies=False,
                             detail={"steps": say(lang, many, n=steps), "n": steps})
    reason = say(lang, N_("Every step of Relógio Real is forced: {move}. {outcome}."), move=move,
                 outcome=outcome.words(lang))
    only = say(lang, N_("the only move; wins") if won else N_("the only move; loses"))
    return Hint(view["seat"], "move", reason, [Alternative("move", 100.0 if won else 0.0, only)],
                claims=(outcome,), gist=claims.Certain(claims.ONLY_MOVE.name, move="move", over_replies=False))


def advise(view: dict[str, Any]) -> Hint:
    if view["game"] == "relogio_real":
        return _advise_real(view)
    return _advise_relogio(view)


# ---- the three bots ----

def easy(view: dict[str, Any], rng: random.Random) -> str:
    """Plausible but weak: keep or swap anywhere, at random."""
    return rng.choice(view["legal"])


def medium(view: dict[str, Any], rng: random.Random) -> str:
    """Rule of thumb: keep Kings until the fourth, then put it at the bottom of the fullest pile."""
    if not view.get("pending"):
        return view["legal"][0]
    if view["kings_up"] < 3:
        return "keep"
    sizes = {p["hour"]: p["face_down"] for p in view["piles"]}
    hour = max(HOURS, key=lambda h: (sizes[h], -h))
    return f"swap {hour_label(hour)}:{sizes[hour]}"


def hard(view: dict[str, Any], rng: random.Random) -> str:
    """The hint's choice: the move with the best computed chance of winning."""
    if not view.get("pending"):
        return view["legal"][0]
    return evaluate(view)[0][0].action


POLICIES = {"easy": easy, "medium": medium, "hard": hard}
