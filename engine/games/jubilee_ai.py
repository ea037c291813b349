"""Jubilee's advisor: what to play, why, and what each alternative risks.

A play is worth its points now minus what it hands the next player: the chance that
they hold a card landing the count on a multiple of 25 from where we leave it. That
chance is computed exactly from the cards this seat has not seen (hypergeometric,
not sampled), so the percentages in a hint are honest for what the seat knows.
"""

from __future__ import annotations

import random
from collections import Counter
from math import comb

from ..cards import Card, jubilee_61, parse_card
from ..claims import ONLY_MOVE, Certain, Chance, Claim, Figure, fact, paragraph, say
from ..hints import Alternative, Hint
from ..i18n import N_
from .jubilee import JubileeView, card_value, multiple_passed, score_for, unseen

#: The languages this advisor writes its reasons in (engine.hints.hint_for_view): a Portuguese table reads
#: its hints in Portuguese, every sentence a catalog template (issue 36).
LANGUAGES = ("en", "pt")

# The facts a Jubilee hint states (engine.claims): each is re-derived by tests/engine/claim_checks/jubilee.py.
fact("jubilee.scores", "{signed}")
fact("jubilee.next_lands", N_("next player can land a Jubilee {chance} of the time"))
fact("jubilee.points_now", N_("{signed} points for you now"))
fact("jubilee.next_holds_one", N_("they hold one {chance} of the time"))
fact("jubilee.next_cannot_score", N_("the next player cannot score"))
fact("jubilee.next_showed", N_("they showed {card} when they passed"))
fact("jubilee.only_legal", N_("It is your only legal card"))

_VALUES = {card_value(c) for c in jubilee_61()} - {0}  # ±2…10 and ±15: no card is worth 1 or 11–14


def _lang(view: JubileeView) -> str:
    """The table's language (the view's ``lang`` option): the hint's sentences are said in it."""
    return str(view["options"].get("lang", "en"))


def unseen_cards(view: JubileeView) -> Counter[Card]:
    """Cards this seat cannot place (the lean deal's :func:`~engine.games.jubilee.unseen`), counted."""
    return Counter(unseen(view))


def next_seat(view: JubileeView) -> int | None:
    n, me, sizes = view["players"], view["seat"], view["hand_sizes"]
    for step in range(1, n):
        seat = (me + step) % n
        if sizes[seat]:
            return seat
    return None  # everyone else is out of cards: nobody can profit from the count we leave


def landing_cards(count: int) -> tuple[set[int], int]:
    """Card values that land ``count`` on a multiple of 25, and the best points for it."""
    values: set[int] = set()
    best = 0
    for target in ((count // 25 + 1) * 25, (count - 1) // 25 * 25):
        v = target - count
        if target > 0 and v in _VALUES:
            values.add(v)
            best = max(best, 20 if target % 100 == 0 else 10)
    return values, best


def threat(view: JubileeView, count: int, pool: Counter[Card]) -> tuple[float, float]:
    """(chance, expected points) that the next player can land a Jubilee from ``count``."""
    seat = next_seat(view)
    if seat is None:
        return 0.0, 0.0
    values, points = landing_cards(count)
    if not values:
        return 0.0, 0.0
    size = view["hand_sizes"][seat]
    shown = view["revealed"][seat] or []
    known = [parse_card(c) for c in shown]
    if any(card_value(c) in values for c in known):
        return 1.0, float(points)
    unknown_slots = max(0, size - len(known))
    total = sum(pool.values())
    good = sum(k for c, k in pool.items() if card_value(c) in values)
    if unknown_slots == 0 or total == 0 or good == 0:
        return 0.0, 0.0
    miss = comb(total - good, unknown_slots) / comb(total, unknown_slots) if total - good >= unknown_slots else 0.0
    chance = 1.0 - miss
    return chance, chance * points


def _playable(view: JubileeView) -> list[Card]:
    return [parse_card(a.split()[1]) for a in view["legal"] if a.startswith("play ")]


def evaluate(view: JubileeView) -> list[Alternative]:
    """Every legal move scored: points now minus the next player's expected Jubilee."""
    count = view["count"]
    pool = unseen_cards(view)
    lang = _lang(view)
    out = []
    for card in _playable(view):
        points, _ = score_for(count, card)
        after = count + card_value(card)
        chance, risk = threat(view, after, pool)
        score = points - risk
        move = f"play {card}"
        note, said = _note(count, card, points, chance, after, move, lang)
        out.append(Alternative(move, round(score, 2), note, said))
    if not out:
        why = say(lang, N_("the first card must be black and you hold none") if _black_first_blocks(view)
                  else N_("no card keeps the count at 0 or more"))
        out.append(Alternative("pass", 0.0, why))
    # between moves worth the same now, the highest card first: small cards and hearts are what lands
    # the count later (following the hint, seat 0 of 3-player matches against medium bots: +31.7 points
    # of margin over a medium bot in that seat, against -0.3 with ties in card order; bench_jubilee.py)
    out.sort(key=lambda a: (-a.score, -_value(a.action), a.action))
    return out


def _value(action: str) -> int:
    return card_value(parse_card(action.split()[1])) if action.startswith("play ") else 0


def _note(count: int, card: Card, points: int, chance: float, after: int,
          move: str, lang: str = "en") -> tuple[str, tuple[Claim, ...]]:
    said: list[Claim] = []
    if points:
        gain = Figure("jubilee.scores", value=points, move=move)
        said.append(gain)
        now = (say(lang, N_("lands on {after}: {gain}"), after=after, gain=gain.words(lang)) if points > 0
               else say(lang, N_("jumps over {multiple}: {gain}"), multiple=multiple_passed(count, after),
                        gain=gain.words(lang)))
    elif card.is_joker:
        now = say(lang, N_("joker: the count stays at {count}"), count=count)
    else:
        now = say(lang, N_("count {after}, no score"), after=after)
    threat_claim = Chance("jubilee.next_lands", p=chance, move=move, detail={"after": after})
    said.append(threat_claim)
    return paragraph(lang, now, threat_claim.words(lang), sep="; "), tuple(said)


def advise(view: JubileeView) -> Hint:
    alternatives = evaluate(view)
    best = alternatives[0]
    said: list[Claim] = []
    reason = _reason(view, best, alternatives, said)
    return Hint(view["seat"], best.action, reason, alternatives, tuple(said), gist=_gist(view, best))


def _gist(view: JubileeView, best: Alternative) -> Claim | None:
    """The headline's fact: the points the card scores now, a pass that is the only move; else (None) the
    next player's chance of a Jubilee, the first fact noted for the card."""
    if best.action == "pass":
        return Certain(ONLY_MOVE.name, move="pass", over_replies=False)
    points, _ = score_for(view["count"], parse_card(best.action.split()[1]))
    return Figure("jubilee.points_now", value=points, move=best.action) if points else None


def _reason(view: JubileeView, best: Alternative, alternatives: list[Alternative], said: list[Claim]) -> str:
    count = view["count"]
    lang = _lang(view)
    if best.action == "pass":
        if _black_first_blocks(view):
            return say(lang, N_("None of your cards may be played now: the first card of this deal must be black (a "
                                "spade or a club) and you hold none, so you must show your hand and pass. You do not "
                                "draw. Once every player has passed in turn, the rule lapses and any card the count "
                                "allows may open."))
        return say(lang, N_("None of your cards may be played now (the count is {count} and may not go below 0), so "
                            "you must show your hand and pass. You do not draw."), count=count)
    card = parse_card(best.action.split()[1])
    points, rule = score_for(count, card)
    after = count + card_value(card)
    pool = unseen_cards(view)
    chance, _ = threat(view, after, pool)
    gain = Figure("jubilee.scores", value=points, move=best.action)
    if points:
        said.append(gain)
    move = {"card": _symbol(card, lang), "count": count, "after": after, "gain": gain.words(lang)}
    if rule == "jubilee.hundred":
        first = say(lang, N_("{card} takes the count from {count} to {after}, a multiple of 100: {gain}."), **move)
    elif rule == "jubilee.jubilee":
        first = say(lang, N_("{card} takes the count from {count} to {after}: a Jubilee, {gain}."), **move)
    elif points < 0:
        ties_too = any(a.score == best.score for a in alternatives[1:])
        first = say(lang, N_("{card} takes the count from {count} to {after}, jumping over {multiple} ({gain}), but "
                             "no card does better.") if ties_too else
                    N_("{card} takes the count from {count} to {after}, jumping over {multiple} ({gain}), but every "
                       "other card is worse."), multiple=multiple_passed(count, after), **move)
    else:
        first = say(lang, N_("{card} takes the count from {count} to {after}."), **move)
    values, _ = landing_cards(after)
    nxt = next_seat(view)
    shown = [parse_card(c) for c in (view["revealed"][nxt] or [])] if nxt is not None else []
    live = {v for v in values if any(card_value(c) == v for c in list(pool) + shown)}
    cannot = Certain("jubilee.next_cannot_score", move=best.action, over_replies=False)
    either = f" {say(lang, N_('or'))} "  # "+10 (a black 10, J, Q or K) or −15 (the A♥)"
    if not values:
        said.append(cannot)
        second = say(lang, N_("From {after} no single card can land on a multiple of 25, so {cannot}."), after=after,
                     cannot=cannot.words(lang))
    elif nxt is None:
        second = say(lang, N_("Nobody else has cards left, so nobody can profit from the count you leave."))
    elif not live:
        said.append(cannot)
        needs = paragraph(lang, *(_value_words(v, lang) for v in sorted(values, reverse=True)), sep=either)
        second = say(lang, N_("From {after} only {needs} would land on a multiple of 25, and every such card is "
                              "played or in your hand: {cannot}."), after=after, needs=needs, cannot=cannot.words(lang))
    elif any(card_value(c) in values for c in shown):
        held = next(c for c in shown if card_value(c) in values)
        showed = Certain("jubilee.next_showed", move=best.action, over_replies=False,
                         detail={"card": held.symbol, "held": str(held)})
        said.append(showed)
        second = say(lang, N_("From {after} the next player can land on a multiple of 25: {showed}."), after=after,
                     showed=showed.words(lang))
    else:
        needs = paragraph(lang, *(_value_words(v, lang) for v in sorted(live, reverse=True)), sep=either)
        holds = Chance("jubilee.next_holds_one", p=chance, move=best.action, detail={"after": after})
        said.append(holds)
        second = say(lang, N_("From {after} the next player needs {needs}; from the cards you have not seen, "
                              "{holds}."), after=after, needs=needs, holds=holds.words(lang))
    ties = [_card_words(a, lang) for a in alternatives[1:] if a.score == best.score]
    worse = next((a for a in alternatives if a.score < best.score), None)
    tied = (say(lang, N_("{ties} would do as well now; between them play the highest, keeping your smaller cards to "
                         "land the count later."), ties=", ".join(ties)) if ties else "")
    if worse is not None:
        said.extend(worse.claims)
        return paragraph(lang, first, second, tied,
                         say(lang, N_("Next best: {move} ({note})."), move=_card_words(worse, lang), note=worse.note))
    if ties:  # the English has always ended here with a space
        return say(lang, "{reason} ", reason=paragraph(lang, first, second, tied))
    only = Certain("jubilee.only_legal", move=best.action, over_replies=False)
    said.append(only)
    return paragraph(lang, first, second, say(lang, "{only}.", only=only.words(lang)))


def _black_first_blocks(view: JubileeView) -> bool:
    """The first-black variant is what stops this seat: it holds a card the count would allow."""
    return bool(view.get("black_first")) and any(card_value(parse_card(c)) >= 0 for c in view["hand"])


def _card_words(alt: Alternative, lang: str = "en") -> str:
    return _symbol(parse_card(alt.action.split()[1]), lang) if alt.action.startswith("play ") else alt.action


def _symbol(card: Card, lang: str) -> str:
    """A card as a sentence shows it (``10♥``), a joker in the table's language ("Joker", "Curinga")."""
    return say(lang, N_("Joker")) if card.is_joker else card.symbol


def _value_words(v: int, lang: str = "en") -> str:
    if v > 0:
        what = say(lang, N_("a black Ace") if v == 15 else N_("a black 10, J, Q or K") if v == 10
                   else N_("a black {rank}"), rank=v)
        return say(lang, "+{v} ({what})", v=v, what=what)
    what = say(lang, N_("the A♥") if v == -15 else N_("a heart 10, J, Q or K") if v == -10 else N_("the {rank}♥"),
               rank=-v)
    return say(lang, "{v} ({what})", v=v, what=what)


# ---- the three bots ----

def easy(view: JubileeView, rng: random.Random) -> str:
    """Plausible but weak: any legal card, chosen at random."""
    return rng.choice(view["legal"])


def medium(view: JubileeView, rng: random.Random) -> str:
    """Rule of thumb: take the most points now; between equals, leave the count out of reach."""
    if view["legal"] == ["pass"]:
        return "pass"
    count = view["count"]

    def key(card: Card) -> tuple[int, int]:
        after = count + card_value(card)
        reachable = bool(landing_cards(after)[0])
        return score_for(count, card)[0], 0 if reachable else 1

    cards = _playable(view)
    best = max(key(c) for c in cards)
    return f"play {rng.choice([c for c in cards if key(c) == best])}"


def hard(view: JubileeView, rng: random.Random) -> str:
    """Exact expectation over the unseen cards: points now minus the next player's chances; between
    equals, the highest card (what the hint advises)."""
    return evaluate(view)[0].action


POLICIES = {"easy": easy, "medium": medium, "hard": hard}
