"""Re-deriving what hints claim, independently of the code that made the claims (issue 18, part 1).

Every game in ``engine.GAMES`` whose players choose is checked by ``tests/engine/test_claims.py``.
A claim is a value of :mod:`engine.claims`; here each ``(kind, fact)`` has a *checker* that works it
out again from the real game (never from the hint's own code): certainties by enumerating every
legal reply of the real position, counts and comparisons by recounting from the view, shares by
their bookkeeping. A fact with no checker fails the test, so a claim cannot escape checking.

A game adds its own checkers in ``claim_checks/<game id>.py``:

- ``CHECKS``: ``{(kind, fact): checker}``, a checker being ``(game, seat, claim, hint) -> problem or None``;
- optionally ``FAST``: ``{name: value}`` set on the game's advisor module while the test runs, to make
  hints cheap (fewer imagined deals: a claim's truth does not depend on how many);
- optionally ``positions(count, rng)``: yields ``(game, seat)`` where the hint is asked, when random
  legal play from seeded deals (the default) does not reach the cases that matter.
"""

from __future__ import annotations

import importlib
import random
import re
from typing import Any, Callable, Iterator

import engine
from engine.cards import parse_card
from engine.claims import Certain, Claim, Comparison, Sampled
from engine.hints import Hint

from ..helpers import fork

Checker = Callable[[engine.Game, int, Claim, Hint], "str | None"]

#: Words a hint may use only inside a claim's own words: numbers read as shares, and certainty.
RESIDUE = [re.compile(p, re.I) for p in (r"\d+(\.\d+)?\s*%", r"\bcertain(ly)?\b", r"\bwhatever\b",
                                          r"\bfor sure\b", r"\bguarantee", r"\bimagined\b",
                                          r"\bdeals I (tried|played)\b")]


def game_checks(game_id: str) -> Any:
    """The module ``claim_checks.<game id>``, or None when the game has only the generic checks."""
    try:
        return importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{game_id}":
            raise
        return None


# ---- generic positions: seeded deals, every option, random legal play ------------------------------

def random_options(cls: type[engine.Game], rng: random.Random) -> dict[str, Any]:
    """A random choice for every option that lists its choices (the rest keep their default)."""
    return {o.name: rng.choice(o.choices) for o in cls.variants if o.choices}


def random_positions(game_id: str, count: int, rng: random.Random,
                     max_moves: int = 3000) -> Iterator[tuple[engine.Game, int]]:
    """``count`` positions where a seat must choose among two or more moves, spread over whole games."""
    cls = engine.GAMES[game_id]
    found = 0
    deal = 0
    while found < count:
        deal += 1
        players = rng.randint(cls.min_players, cls.max_players)
        game = engine.new_game(game_id, players=players, seed=rng.getrandbits(40),
                               **random_options(cls, rng))
        for _ in range(max_moves):
            if game.is_over or found >= count:
                break
            seat = game.current_player
            legal = game.legal_actions(seat)
            if len(legal) > 1 and rng.random() < 0.25:
                found += 1
                yield fork(game), seat
            game.apply(rng.choice(legal), seat)


# ---- the claims a hint makes, and where its words stand ----------------------------------------------

def claims_of(hint: Hint) -> list[tuple[Claim, str]]:
    """Every claim the hint carries, with the text that must say it."""
    out = [(c, hint.reason) for c in hint.claims]
    for alt in hint.alternatives:
        out += [(c, alt.note) for c in alt.claims]
    return out


def whole_text(hint: Hint) -> str:
    """Everything a hint says: its headline, its reason and every alternative's note."""
    return " ".join([hint.headline(), hint.reason] + [a.note for a in hint.alternatives])


def states(claim: Claim, text: str, whole: str, lang: str) -> bool:
    """``text`` says the claim: in its own words, or in its words without their assumption while the
    hint (``whole``) says that assumption (stated once for all its figures, issue 31)."""
    if claim.words(lang) in text:
        return True
    premise = claim.premise(lang)
    return bool(premise) and claim.bare(lang) in text and premise in whole


def residue(text: str, claims: list[Claim], lang: str) -> list[str]:
    """What ``text`` says of shares or certainty outside the words of its claims."""
    rest = text
    for claim in sorted(claims, key=lambda c: -len(c.words(lang))):
        rest = rest.replace(claim.words(lang), " ")
    for claim in sorted(claims, key=lambda c: -len(c.bare(lang))):
        rest = rest.replace(claim.bare(lang), " ")
    return [m.group(0) for p in RESIDUE for m in p.finditer(rest)]


# ---- generic checkers --------------------------------------------------------------------------------

def trick_winners(game: engine.Game, seat: int, move: str, limit: int = 20000) -> set[int]:
    """Who can win the current trick if ``seat`` plays ``move`` now, over every legal reply of the real
    position (the real hands: a certainty from the view must survive each of them)."""
    start = fork(game)
    before = len(start.events)
    start.apply(move, seat)
    winners: set[int] = set()
    visited = 0
    # from the first event of the move: a card that completes the trick is followed by more events
    stack = [(start, before)]
    while stack:
        g, seen = stack.pop()
        done = [e for e in g.events[seen:] if e.kind == "trick"]
        if done:
            winners.add(done[0].seat)
            continue
        visited += 1
        if visited > limit:
            raise RuntimeError("too many replies to enumerate")
        who = g.current_player
        if who is None:
            continue
        for reply in g.legal_actions(who):
            nxt = fork(g)
            nxt.apply(reply, who)
            stack.append((nxt, len(g.events)))
    return winners


def wins_trick_checker(winners_of: Callable[[engine.Game, int, str], set[int]]) -> Checker:
    """The check of "wins this trick whatever the others play" (``holds``) or "cannot win it" (not),
    given a game's enumerator of who can win the trick over every legal reply (:func:`trick_winners`,
    or a faster one on the game's own lean round)."""
    def check(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
        assert isinstance(claim, Certain)
        winners = winners_of(game, seat, claim.move)
        if claim.holds and winners != {seat}:
            return f"{claim.move} is said to win the trick whatever the others play, but {sorted(winners)} can win it"
        if not claim.holds and seat in winners:
            return f"{claim.move} is said to be unable to win the trick, but a legal reply lets it win"
        return None
    return check


check_wins_trick = wins_trick_checker(trick_winners)


def check_only_legal(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    legal = [str(a) for a in game.legal_actions(seat)]
    if legal != [claim.move]:
        return f"{claim.move} is said to be the only legal move, but the legal moves are {legal}"
    return None


def check_longest_suit(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    """"your longest suit": recounted from the hand in the view, among the suits the claim compares."""
    assert isinstance(claim, Comparison)
    hand = [parse_card(c) for c in game.view(seat)["hand"]]
    counts: dict[str, int] = {}
    for card in hand:
        counts[card.suit] = counts.get(card.suit, 0) + 1
    among = claim.among or tuple(sorted(counts))
    best = max((counts.get(s, 0) for s in among), default=0)
    mine = counts.get(claim.subject, 0)
    if claim.subject not in among:
        return f"{claim.subject} is said to be the longest of {among}, which do not include it"
    if mine != claim.value or mine != best:
        return f"{claim.subject} ({mine} cards, said {claim.value}) is said to be the longest of {among}: " \
               f"counts {counts}"
    return None


def check_share(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    """A share's bookkeeping: a real sample, and words that carry its size and never read as certain."""
    assert isinstance(claim, Sampled)
    text = claim.words()
    if not 0 < claim.samples or not 0 <= claim.hits <= claim.samples:
        return f"a share of {claim.hits} in {claim.samples}"
    if "100%" in text or re.search(r"(?<![\d.])0%", text) or str(claim.samples) not in text:
        return f"a sampled share reads {text!r}"
    return None


GENERIC: dict[tuple[str, str], Checker] = {
    ("certain", "wins_trick"): check_wins_trick,
    ("certain", "only_legal"): check_only_legal,
    ("comparison", "longest_suit"): check_longest_suit,
}


def checker(game_id: str, claim: Claim) -> Checker | None:
    own = getattr(game_checks(game_id), "CHECKS", {})
    key = (claim.kind, claim.fact)
    # "jabberwocky.wins_trick" is the generic "wins_trick" in a game's own words
    found = own.get(key) or GENERIC.get(key) or GENERIC.get((claim.kind, claim.fact.rsplit(".", 1)[-1]))
    if found is None and claim.kind == "sampled":
        return check_share  # a share is checked by its bookkeeping whatever it counts
    return found
