"""Random legal play over 750 seeded Jubileu deals (3,000 with PARLOUR_SOAK=full, tests/engine/soak.py) must
hold the invariants (issue 11; docs/rules/jubileu.md; DESIGN.md "Hidden information is real"): every card
played once, 13 tricks, chips conserved to the chip, the called Ace's holder secret until it falls, every deal
and every session ends."""

from __future__ import annotations

import json
import random
from collections import Counter

import engine
from engine import tricks
from engine.games.jubileu import BIDS, LADDER, settle
from . import soak

SESSIONS = soak.size(250, 1000)
DEALS_PER_SESSION = 3


def random_call(g: engine.Game, rng: random.Random, wish: str) -> str:
    """Bid the deal's chosen contract when allowed, otherwise mostly pass: so every contract gets played."""
    legal = [str(a) for a in g.legal_actions()]
    if f"bid {wish}" in legal and rng.random() < 0.7:
        return f"bid {wish}"
    if "join" in legal and rng.random() < 0.5:
        return "join"
    if "pass" in legal and rng.random() < 0.85:
        return "pass"
    return rng.choice(legal)


def check_partner_secret(g: engine.Game) -> None:
    """Until the called Ace is played, only its holder's view names him, and no other view shows the Ace."""
    d = g.deal
    if d.partner is None or d.public:
        return
    ace = str(tricks.card(d.called))
    this_deal = max(i for i, e in enumerate(g.events) if e.kind == "deal")
    for s in range(4):
        v = g.view(s)
        assert v["partner"] == (s if s == d.partner else None)
        if s != d.partner:
            assert ace not in v["hand"]
            assert not any(e["kind"] == "partner_revealed" for e in g.events_for(s)[this_deal:])


def check_views_hide_other_hands(g: engine.Game) -> None:
    hands = g.deal.hands
    exposed = set(g.deal.exposed)
    for seat in range(4):
        view = g.view(seat)
        assert sorted(tricks.index(engine.parse_card(c)) for c in view["hand"]) == sorted(hands[seat])
        colloquy = {int(s) for s in view["colloquy"]}
        del view["exposed"], view["colloquy"], view["called_card"]  # shown on purpose: open hands, the call
        text = json.dumps(view)
        for other in range(4):
            if other == seat or other in exposed or other in colloquy:
                continue
            for c in hands[other]:
                if c != g.deal.ultima:
                    assert f'"{tricks.card(c)}"' not in text, f"seat {seat} can see {tricks.card(c)}"


def test_random_sessions_hold_every_invariant():
    contracts: Counter[str | None] = Counter()
    espirras = Counter()
    deals = 0
    for i in range(SESSIONS):
        rng = random.Random(i)
        g = engine.new_game("jubileu", seed=10_000 + i, deals=DEALS_PER_SESSION,
                            meia_join=("still_in", "anyone", "nobody")[i % 3], troela=i % 5 == 0,
                            all_pass=("throw_in", "redeal")[i % 2])
        start_total = sum(g.chips)
        wish = rng.choice(LADDER).key
        played: Counter[str] = Counter()
        moves, deal_no = 0, 1
        while not g.is_over:
            if g.deal.phase == "auction":
                move = random_call(g, rng, wish)
            else:
                move = rng.choice(g.legal_actions())
            events = g.apply(move)
            moves += 1
            assert moves <= 120 * DEALS_PER_SESSION, "every deal ends"
            for e in events:
                if e.kind == "play":
                    played[e.data["card"]] += 1
                    if e.data.get("espirra"):
                        espirras["espirra"] += 1
                elif e.kind == "espirra":
                    espirras[e.data["order"]] += 1
            if i % 10 == 0 and g.deal.phase == "play" and not g.is_over:
                check_partner_secret(g)
                if moves % 9 == 0:
                    check_views_hide_other_hands(g)
            if len(g.results) >= deal_no:
                result = g.results[deal_no - 1]
                deals += 1
                contracts[result["contract"]] += 1
                assert sum(result["change"]) == 0 and sum(result["chips"]) == start_total
                if result["contract"] is not None:
                    assert sum(result["won"]) == 13
                    assert sum(played.values()) == 52 and max(played.values()) == 1   # every card once
                    pays = settle(result["contract"], result["declarer"], result["partner"], result["won"],
                                  result["declarers"])
                    net = [0] * 4
                    for p in pays:
                        net[p.payer] -= p.chips
                        net[p.payee] += p.chips
                    assert net == result["change"]
                    if BIDS[result["contract"]].partner:
                        assert result["partner"] not in (None, result["declarer"])
                played = Counter()
                deal_no += 1
                wish = rng.choice(LADDER).key
        assert sum(g.chips) == start_total and g.scores == g.chips
        assert g.events[-1].kind == "game_end"
    assert deals >= SESSIONS * DEALS_PER_SESSION
    assert set(contracts) >= set(BIDS) | {None}, f"contracts never played: {set(BIDS) - set(contracts)}"
    assert espirras["now"] and espirras["quando"] and espirras["espirra"]
