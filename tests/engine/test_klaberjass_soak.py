"""Random legal play over 1,250 seeded Klaberjass deals (5,000 with PARLOUR_SOAK=full,
tests/engine/soak.py), every option in turn, must hold the invariants
(issue 10; docs/rules/klaberjass.md; DESIGN.md "Hidden information is real")."""

from __future__ import annotations

import itertools
import json
import random

import engine
from engine import tricks
from . import soak

DEALS = soak.size(1250, 5000)

# An independent statement of the rules (seed 004), written from the text, not from the engine.
PLAIN = "7 8 9 J Q K 10 A".split()   # low → high
TRUMP = "7 8 Q K 10 A 9 J".split()
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
TRUMP_POINTS = {**POINTS, "J": 20, "9": 14}


def rank(card: str) -> str:
    return card[:-1]


def beats(a: str, b: str, trump: str) -> bool:
    """True when ``a`` beats ``b`` (``b`` played first, or the current winner)."""
    if a[-1] == b[-1]:
        order = TRUMP if a[-1] == trump else PLAIN
        return order.index(rank(a)) > order.index(rank(b))
    return a[-1] == trump


def may_play(hand: list[str], lead: str | None, trump: str) -> set[str]:
    """Seed: follow suit; on a trump lead win if able; void, trump; with no trump either, anything."""
    if lead is None:
        return set(hand)
    same = [c for c in hand if c[-1] == lead[-1]]
    if same:
        if lead[-1] == trump:
            higher = [c for c in same if beats(c, lead, trump)]
            return set(higher or same)
        return set(same)
    trumps = [c for c in hand if c[-1] == trump]
    return set(trumps or hand)


def value(card: str, trump: str) -> int:
    return (TRUMP_POINTS if card[-1] == trump else POINTS).get(rank(card), 0)


OPTION_CYCLE = list(itertools.product([False, True], [False, True], ["seed", "trump"],
                                      ["fails", "held_over", "belote"], [True, False]))


def check_hidden(g: engine.Game, deal_start: int) -> None:
    """No view or log line shows a card the other seat still holds, except the sequences it has shown
    and the turn-up it took in exchange for the 7 of trumps (dix): both were face up."""
    hands = g.deal.hands
    shown = {c for q in (g.view(0)["sequences"]["shown"]) for c in q["cards"]}
    shown |= {e.data["card"] for e in g.events[deal_start:] if e.kind == "dix" and e.data["card"]}
    for seat in (0, 1):
        v = g.view(seat)
        assert sorted(v["hand"]) == sorted(str(tricks.card(c)) for c in hands[seat])
        text = json.dumps(v) + json.dumps([e.seen_by(seat) for e in g.events[deal_start:]])
        for c in hands[1 - seat]:
            name = str(tricks.card(c))
            if name not in shown:
                assert f'"{name}"' not in text, f"seat {seat} can see {name}"


def dealt_pack(g: engine.Game) -> list[str]:
    """The pack of the deal just dealt: both hands of six, the turn-up and the stock."""
    d = g.deal
    return [str(tricks.card(c)) for c in d.hands[0] + d.hands[1] + [d.turn_up] + d.stock]


def test_random_deals_hold_every_invariant():
    deals = games = 0
    while deals < DEALS:
        dix, schmeiss, tie, maker_tie, need = OPTION_CYCLE[games % len(OPTION_CYCLE)]
        seed = 40_000 + games
        rng = random.Random(seed)
        g = engine.new_game("klaberjass", seed=seed, dix=dix, schmeiss=schmeiss, sequence_tie=tie,
                            maker_tie=maker_tie, sequences_need_trick=need, target=(501, 301, 1001)[games % 3])
        games += 1
        scored_sum = [0, 0]
        deal_start, in_play, played, spot = 0, [], [], rng.randrange(20)
        pack = dealt_pack(g)
        moves = 0
        while not g.is_over:
            seat = g.current_player
            v = g.view(seat)
            legal = v["legal"]
            if v["phase"] == "play":
                lead = v["trick"][0][1] if v["trick"] else None
                assert {a.split()[1] for a in legal} == may_play(v["hand"], lead, v["trump"])
                assert v["trick"] == [] or v["trick"][0][0] == 1 - seat
            if moves % 23 == spot:
                check_hidden(g, deal_start)
            events = g.apply(rng.choice(legal))
            moves += 1
            assert moves < 3000, "every game ends"
            for e in events:
                assert g.rule_text(e.rule)
                if e.kind == "deal":
                    deal_start = len(g.events) - len(events) + events.index(e)
                    pack = dealt_pack(g)
                    assert len(set(pack)) == 32 and len(g.deal.hands[0]) == len(g.deal.hands[1]) == 6
                elif e.kind == "make":
                    pass
                elif e.kind == "lead" and not played:
                    in_play = [str(tricks.card(c)) for h in g.deal.hands for c in h]
                    assert len(in_play) == len(set(in_play)) == 18
                elif e.kind == "play":
                    played.append(e.data["card"])
                elif e.kind == "deal_end":
                    deals += 1
                    r = g.results[-1]
                    trump = r["trump"]
                    # Cards are conserved: the 18 cards in the hands were each played once.
                    assert sorted(played) == sorted(in_play)
                    # Card points + last trick = what the cards in play hold + 10, never over 156 (the 18
                    # dearest cards + 10); with the cards left out (turn-up and stock) the pack holds 152.
                    assert sum(r["card_points"]) == sum(value(c, trump) for c in in_play) + 10 <= 156
                    outside = [c for c in pack if c not in in_play]
                    assert sum(value(c, trump) for c in in_play + outside) == 152
                    extras = r["sequences"] + (20 if r["bella"] is not None else 0)
                    assert sum(r["totals"]) == sum(r["card_points"]) + extras
                    maker, opp = r["maker"], 1 - r["maker"]
                    assert (r["outcome"] == "made") == (r["totals"][maker] > r["totals"][opp])
                    if r["outcome"] == "failed":
                        assert r["scored"][maker] == 0
                    scored_sum = [a + b for a, b in zip(scored_sum, r["scored"])]
                    played, in_play = [], []
        assert g.scores == scored_sum and g.scores == g.results[-1]["scores"]
        top = max(g.scores)
        assert top >= g.options["target"] and g.scores[g.winner] == top and min(g.scores) < top
    assert games >= len(OPTION_CYCLE)  # every combination of options was played
