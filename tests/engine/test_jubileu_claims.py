"""Jubileu's hints say only what is true (issue 18, items 3–5): each fact is a claim, and each claim is
re-derived here from the real game by the checkers of ``claim_checks/jubileu.py`` — who can win a trick over
every legal reply of the real hands, suit lengths recounted from the hand."""

from __future__ import annotations

import re

import pytest

import engine
from engine.games import jubileu_ai as ai

from . import claim_checks as cc
from .jubileu_helpers import play_all, stacked

A, B, C, D = 0, 1, 2, 3


@pytest.fixture(autouse=True)
def fewer_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test's imagined deals, as few as in test_claims.py: what is checked does not depend on how many."""
    from .claim_checks.jubileu import FAST
    for name, value in FAST.items():
        monkeypatch.setattr(ai, name, value)


def true_hint(game: engine.Game, seat: int) -> engine.Hint:
    """The hint, after checking that each of its claims holds in the real game and stands in its text, and
    that no share or certainty is said outside a claim."""
    hint = engine.hint(game, seat)
    lang = game.options["lang"]
    whole = cc.whole_text(hint)
    for claim, text in cc.claims_of(hint):
        assert cc.states(claim, text, whole, lang), (claim.words(lang), text)  # its assumption said once per hint
        check = cc.checker("jubileu", claim)
        assert check is not None, claim
        assert check(game, seat, claim, hint) is None, (claim, check(game, seat, claim, hint))
    for text, said in [(hint.reason, hint.claims)] + [(a.note, a.claims) for a in hint.alternatives]:
        assert cc.residue(text, list(said), lang) == [], text
    return hint


# ---- item 3: the reasons for the call and for trump ---------------------------------------------------------

def test_a_called_king_is_not_called_an_ace():
    """Issue 18: "Call K♥: an Ace you do not hold, in the suit where you hold most cards" for a King."""
    g = stacked({A: "AS AH AD AC KS 2S 3S 4S 5S 6S 7S 8S 9S"}, dealer=D)
    play_all(g, "bid obrigatorio; pass; pass; pass")
    hint = true_hint(g, A)
    assert hint.action.startswith("call K") and "Ace" not in hint.reason
    assert all(a.claims and a.claims[0].kind == "figure" for a in hint.alternatives)


def test_trump_is_never_called_the_longest_suit_when_a_longer_one_is_barred():
    """Issue 18: "Name spades trump: it is your longest suit" with 3 spades and 8 hearts (hearts barred): the
    partner of a Jogo Obrigatório may not name his Ace's suit, so a length is compared among the others."""
    g = stacked({A: "AS AD AC", B: "AH KH QH JH 10H 9H 8H 7H 2S 3S 4S 5D 5C"}, dealer=D)
    play_all(g, "bid obrigatorio; pass; pass; pass")
    assert g.current_player == B and "trump H" not in g.view(B)["legal"]
    hint = true_hint(g, B)
    assert "your longest suit (" not in hint.reason
    lengths = [c for c in hint.claims if c.kind == "comparison"]
    assert all(c.fact == "jubileu.longest_allowed" and "H" not in c.among for c in lengths)


def test_the_ace_call_compares_only_the_suits_whose_ace_may_be_called():
    """Issue 18: "the Ace-call reason is false in 216 of 253 calls" — the trump suit is the longest, and its
    Ace may not be called. The comparison is among the callable Aces' suits, and it is checked."""
    g = stacked({A: "KS QS JS 10S 9S 8S 7S 2H 3H 4H 2D 3D 2C"}, dealer=D, ultima="5S")
    play_all(g, "bid jubileu; pass; pass; pass; trump S")
    hint = true_hint(g, A)
    assert "where you hold most cards" not in hint.reason
    for c in hint.claims:
        if c.kind == "comparison":
            assert c.fact == "jubileu.call_longest" and "S" not in c.among


# ---- item 4: "wins this trick" only when no legal reply beats it ----------------------------------------------

ESPIRRA_THREAT = {A: "2C 3C 4C QS JS", B: "AH 5C 6C", C: "AS KS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH", D: "AD AC"}


def test_a_card_is_said_to_win_or_lose_the_trick_only_when_every_legal_reply_agrees():
    """Issue 18: "Wins this trick in 100%" when a later player could beat the card, "0%" when every later player
    could play under it. C is void in clubs: his K♠ ruff can still be overruffed by nobody (A♠ is his own), so it
    wins for certain; a heart discard cannot win; the declarer's 2♣ lead is not certain either way."""
    g = stacked(ESPIRRA_THREAT, dealer=D, ultima="KD")
    play_all(g, "bid jubileu; pass; pass; pass; trump S; call AH")
    assert ai.trick_certainty(g.view(A), "play 2C") is None
    play_all(g, "play 2C; play 5C")
    view = g.view(C)
    assert ai.trick_certainty(view, "play KS") is True
    assert ai.trick_certainty(view, "play 2H") is False
    hint = true_hint(g, C)
    trick_facts = {a.action: a.claims[1] for a in hint.alternatives}
    assert trick_facts["play KS"].kind == "certain" and trick_facts["play KS"].holds
    assert trick_facts["play 2H"].kind == "certain" and not trick_facts["play 2H"].holds
    for a in hint.alternatives:
        assert not re.search(r"(?<![\d.])(100|0)%", a.note)


def test_the_top_trump_is_not_certain_while_the_declarer_may_yet_say_espirra():
    """docs/rules/jubileu.md: the called Ace played as espirra beats trumps. C leads A♠ with the declarer A and then the
    partner B still to play: A may say "Espirra" and B's A♥ takes the trick, so A♠ is not a certainty."""
    g = stacked(ESPIRRA_THREAT, dealer=D, ultima="KD")
    play_all(g, "bid jubileu; pass; pass; pass; trump S; call AH; play 2C; play 5C; play KS; play AC")
    assert g.current_player == C
    assert ai.trick_certainty(g.view(C), "play AS") is None
    assert B in cc.game_checks("jubileu").trick_winners(g, C, "play AS")
    true_hint(g, C)


def test_the_bid_lines_never_read_as_certain():
    """Issue 18: bid lines read "0% of 100 deals"; a share of imagined deals says "under 1%" or "over 99%"."""
    g = stacked({A: "2S 3S 4S 2H 3H 4H 5H 2D 3D 4D 2C 3C 4C"}, dealer=D)
    hint = true_hint(g, A)
    text = " ".join([hint.reason] + [a.note for a in hint.alternatives])
    assert not re.search(r"(?<![\d.])(100|0)%", text) and "over 99%" in text


# ---- item 5: real figures, and moves that cannot be told apart said to be so ---------------------------------

def test_joining_meia_miseria_is_played_out_not_advised_at_zero():
    """Issue 18: the auction hint advised "join Meia Miséria" at +0.00, as much as passing. Joining is now played
    out like a bid: its note carries its own share and chips, and it is advised only when it wins chips."""
    g = stacked({A: "2S 3S 4S 2H 3H 4H 5H 2D 3D 4D 2C 3C 4C", B: "KS QS JS KH QH JH KD QD JD KC QC JC 10S"},
                dealer=D)
    play_all(g, "bid meia-miseria")
    assert "join" in g.view(B)["legal"]
    hint = true_hint(g, B)
    join = next(a for a in hint.alternatives if a.action == "join")
    chips = next(c for c in join.claims if c.kind == "figure")
    assert join.score == round(chips.value, 2) and chips.value < 0
    assert hint.action != "join"


def test_trump_and_call_hints_show_real_figures():
    """Issue 18: the trump and call hints showed +0.00 for every option; each choice is now played out."""
    g = stacked({A: "AS KS QS JS 10S 9S 2H 3H 4H 2D 3D 2C 3C"}, dealer=D, ultima="5S")
    play_all(g, "bid jubileu; pass; pass; pass")
    hint = true_hint(g, A)
    scores = [a.score for a in hint.alternatives]
    assert len(scores) == 4 and len(set(scores)) > 1
    for a in hint.alternatives:
        assert a.claims[0].kind == "figure" and a.score == round(a.claims[0].value, 2)


def test_moves_that_come_out_the_same_are_said_to_be_too_close_to_tell_apart():
    """Issue 18: "A hint that cannot tell moves apart says so" (claims.indistinct). The partner following with
    5♣ or 6♣ under a trick the defenders take either way: the same chips in every imagined deal."""
    g = stacked(ESPIRRA_THREAT, dealer=D, ultima="KD")
    play_all(g, "bid jubileu; pass; pass; pass; trump S; call AH; play 2C")
    hint = true_hint(g, B)
    assert hint.alternatives[0].score == hint.alternatives[1].score
    assert "too close to tell apart" in hint.reason and "the most of your moves" not in hint.reason


def test_a_portuguese_hint_states_the_same_claims_in_portuguese():
    g = stacked(ESPIRRA_THREAT, dealer=D, ultima="KD", lang="pt")
    play_all(g, "bid jubileu; pass; pass; pass; trump S; call AH; play 2C; play 5C")
    hint = true_hint(g, C)
    assert "ganha esta vaza, jogue o que jogarem os outros" in " ".join(a.note for a in hint.alternatives)
    assert "fichas em média em" in hint.reason
