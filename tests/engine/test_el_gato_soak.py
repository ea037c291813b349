"""Seeded El Gato games (250; 1,000 with PARLOUR_SOAK=full, tests/engine/soak.py) must hold every invariant
(docs/rules/el_gato.md; DESIGN.md "Hidden information is real"): the 40 cards are conserved at every step,
every game ends (one loser holding all 40, or a guarded draw), and nobody's view or log shows the order of any
packet."""

import pytest

import engine
from engine.cards import parse_card, spanish_40

from .parallel import run_seeds
from . import soak

PACK = frozenset(spanish_40())
GAMES_PER_COUNT = soak.size(50, 200)  # × 5 player counts: 250 games (1,000 in full)
VIEW_KEYS = {"game", "seat", "players", "names", "options", "progress", "dealer", "packet_sizes", "unseen_on_top",
             "known_below", "safe", "leader", "order", "trick", "aside", "guerra", "last_trick", "tricks", "scores",
             "current_player", "is_over", "result", "loser", "legal"}


def cards_in_play(g) -> list:
    return [c for p in g.deal.packets for c in p] + [c for _, c in g.deal.aside] + [c for _, c in g.deal.trick]


def check_views(g) -> None:
    """Every seat sees the same public table: sizes and face-up cards, never a packet's contents."""
    views = [g.view(s) for s in range(g.players)]
    public = [{k: v for k, v in view.items() if k not in ("seat", "legal")} for view in views]
    assert all(p == public[0] for p in public), "nobody knows anything the others do not"
    view = views[0]
    assert set(view) == VIEW_KEYS
    assert view["packet_sizes"] == [len(p) for p in g.deal.packets]
    face_up = {str(c) for _, c in g.deal.trick} | {str(c) for _, c in g.deal.aside}
    shown = {c for _, c in view["trick"]} | {c for _, c in view["aside"]}
    assert shown == face_up
    for s in range(g.players):
        assert views[s]["legal"] == (["play"] if s == g.current_player else [])


def check_log(g) -> None:
    """The log names a card only once it has been turned face up (or drawn for the deal)."""
    seen: set[str] = set()
    for event in g.events_for(1):
        data = event["data"]
        if event["kind"] == "play":
            seen.add(data["card"])
        if event["kind"] == "dealer":
            seen.update(c for _, c in data["draws"])
        if event["kind"] == "deal":
            seen = set()  # a deal (or redeal) shuffles: the old sightings say nothing about packets
        named = set(data.get("cards", [])) | set(data.get("aside", []))
        if event["kind"] == "play":
            named.add(data["card"])
        assert named <= seen, event
    assert g.events_for(0) == g.events_for(None)  # no event is secret


def play_game(players: int, i: int) -> str:
    """Game ``i`` at this player count, checked at every step; returns its result, "lose" or "draw"."""
    seed = players * 100_000 + i
    g = engine.new_game("el_gato", players=players, seed=seed)
    full_check = i % 20 == 0
    steps = 0
    while not g.is_over:
        seat = g.current_player
        assert g.legal_actions() == [engine.Action("play")]
        events = g.apply("play")
        steps += 1
        assert events and events[0].seat == seat
        held = cards_in_play(g)
        assert len(held) == 40 and set(held) == PACK, "the 40 cards are conserved"
        if full_check and steps % 7 == 0:
            check_views(g)
    assert g.deal.rounds <= g.options["trick_limit"], "every game ends"
    end = g.events[-1]
    assert end.kind == "game_end" and g.current_player is None and g.legal_actions() == []
    if g.deal.result == "lose":
        holding = [s for s in range(players) if g.deal.packets[s]]
        assert holding == [g.deal.loser] and len(g.deal.packets[g.deal.loser]) == 40, "the loser holds all 40"
        assert g.scores == [-1 if s == g.deal.loser else 0 for s in range(players)], "exactly one loser"
        assert sum(e.kind == "safe" for e in g.events if e.kind == "safe") >= players - 1
    else:
        assert g.deal.result == "draw" and g.deal.loser is None and g.scores == [0] * players
    if full_check:
        check_views(g)
        check_log(g)
    return g.deal.result


@pytest.mark.parametrize("players", [2, 4, 5, 8, 10])
def test_a_thousand_seeded_games_hold_every_invariant(players):
    results = run_seeds(play_game, [(players, i) for i in range(GAMES_PER_COUNT)])
    losers, draws = results.count("lose"), results.count("draw")
    assert losers + draws == GAMES_PER_COUNT and losers > draws


def test_a_safe_player_never_plays_again():
    """docs/rules/el_gato.md: a safe player is never dealt back in (no redeal)."""
    for seed in range(40):
        g = engine.new_game("el_gato", players=5, seed=seed)
        safe: set[int] = set()
        for event in iter(lambda: None if g.is_over else g.apply("play"), None):
            for e in event:
                if e.kind == "safe":
                    safe.add(e.seat)
                elif e.kind == "play":
                    assert e.seat not in safe


def test_saves_and_undo_replay_the_same_show():
    g = engine.new_game("el_gato", players=4, seed=77)
    for _ in range(57):
        g.apply("play")
    copy = engine.load_game(g.to_json())
    assert copy.view(2) == g.view(2) and copy.events_for(2) == g.events_for(2)
    g.undo(5)
    assert len(g.history) == 52
    for _ in range(5):
        g.apply("play")
    assert g.view(0) == copy.view(0)
    assert all(parse_card(c) for c in [c for _, c in g.view(0)["trick"]])
