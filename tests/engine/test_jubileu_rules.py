"""Jubileu's rules, each test citing the seed (001) or docs/rules/jubileu.md — its "Tests" list first."""

from __future__ import annotations

import pytest

import engine
from engine.games.jubileu import BIDS, LADDER, Payment, overcall_problem, settle

from .helpers import refused
from .jubileu_helpers import play_all, stacked

A, B, C, D = 0, 1, 2, 3


# ---- docs/rules/jubileu.md#examples: the overcall list -----------------------------------------------------

@pytest.mark.parametrize("standing, new, ok", [
    ("meia-miseria", "solo-8", False),
    ("solo-8", "meia-miseria", False),
    ("solo-8", "solo-8-ultima", True),
    ("meia-miseria", "solo-8-ultima", False),
    ("solo-8-ultima", "solo-8", False),
    ("solo-10", "miseria", False),
    ("miseria", "solo-10-ultima", False),
    ("solo-10", "solo-10-ultima", True),
    ("solo-9-ultima", "miseria", True),
    ("meia-miseria", "obrigatorio", True),
])
def test_the_overcall_list_of_rules_md(standing, new, ok):
    """docs/rules/jubileu.md#examples, "Overcalls": ✓ and ✗ exactly as listed (seed: "na declaração prevalece quem se
    manifestar em primeiro lugar")."""
    assert (overcall_problem(standing, new) is None) is ok


def test_the_ladder_has_17_levels_with_the_seeds_chips():
    """docs/rules/jubileu.md#jubileu.ladder: 17 levels, levels 5 and 9 hold three bids each; chips per the
    seed's list."""
    assert sorted({b.level for b in LADDER}) == list(range(1, 18))
    assert [b.key for b in LADDER if b.level == 5] == ["meia-miseria", "solo-8", "solo-8-ultima"]
    assert [b.key for b in LADDER if b.level == 9] == ["solo-10", "solo-10-ultima", "miseria"]
    chips = {b.key: b.chips for b in LADDER}
    assert chips == {"jubileu": 2, "jubileu-ultima": 2, "solo-7": 2, "solo-7-ultima": 2, "meia-miseria": 3,
                     "solo-8": 3, "solo-8-ultima": 3, "obrigatorio": 3, "solo-9": 4, "solo-9-ultima": 4,
                     "solo-10": 5, "solo-10-ultima": 5, "miseria": 5, "solo-11": 6, "solo-11-ultima": 6,
                     "solo-12": 7, "solo-12-ultima": 7, "solo-13": 8, "solo-13-ultima": 8,
                     "miseria-aberta": 10, "coloquio": 15}


def test_a_refusal_says_which_rule_and_why():
    """Issue 11: "Meia Miséria cannot follow Solo Oito: at level 5 the first bid announced stands"."""
    g = stacked({}, dealer=D)
    g.apply("bid solo-8")
    err = refused(g, "bid meia-miseria", match="Meia Miséria cannot follow Solo Oito: at level 5 the first bid "
                  "announced stands", rule="jubileu.overcall")
    assert err.rule == "jubileu.overcall"
    refused(g, "bid solo-7", match="a new bid must be at a higher level", rule="jubileu.overcall")
    g.apply("bid solo-8-ultima")  # the seed's exception: Solo Oito da Última beats Solo Oito
    assert g.view(C)["standing_bid"] == "solo-8-ultima"


def test_a_player_still_in_joins_meia_miseria_and_a_passed_player_may_not():
    """docs/rules/jubileu.md#examples: "a non-passed player joins Meia Miséria ✓; a passed player ✗" (seed: "mesmo já
    tendo
    feito sua declaração anteriormente")."""
    g = stacked({}, dealer=D)
    play_all(g, "bid jubileu; pass; bid meia-miseria; pass")   # A bids, B passes, C Meia, D passes
    assert g.current_player == A and "join" in g.view(A)["legal"]
    g.apply("join")                                            # A bid before and is still in: may join
    assert g.view(A)["standing_holders"] == [C, A]
    assert g.deal.phase == "play"                                   # B and D passed: the auction is over
    assert g.view(A)["declarers"] == [C, A]
    assert g.current_player == C                               # the first to announce leads [T]


def test_a_passed_player_may_not_join():
    g = stacked({}, dealer=D)
    play_all(g, "pass; bid meia-miseria")                      # A passed, B bids Meia
    assert g.current_player == C
    refused(g, "join", seat=A, match="turn")                   # A passed: he never speaks again
    g2 = stacked({}, dealer=D, meia_join="anyone")             # the option: a passed player is offered it once
    play_all(g2, "pass; bid meia-miseria; pass; pass")
    assert g2.current_player == A and g2.view(A)["legal"] == ["join", "pass"]


def test_the_ace_holder_may_not_pass_over_solo_sete():
    """docs/rules/jubileu.md#examples: "Holder of A♠ A♥ A♦ passes over Solo Sete: illegal" (seed: "é obrigado a declarar
    no
    mínimo Jogo Obrigatório")."""
    g = stacked({B: "AS AH AD"}, dealer=D)
    g.apply("bid solo-7")
    assert g.view(B)["aces"] == 3 and "pass" not in g.view(B)["legal"]
    refused(g, "pass", match="Jogo Obrigatório duty forbids passing", rule="jubileu.obligation")
    refused(g, "bid meia-miseria", match="must bid at least Jogo Obrigatório", rule="jubileu.obligation")
    g.apply("bid obrigatorio")
    play_all(g, "bid solo-9; pass; pass")                      # C overcalls: now above level 6 B may pass
    assert g.current_player == B and "pass" in g.view(B)["legal"]


def test_only_a_holder_of_three_aces_may_bid_jogo_obrigatorio():
    g = stacked({B: "AS AH"}, dealer=D)
    refused(g, "bid obrigatorio", match="only for a player dealt 3 or 4 Aces", rule="jubileu.obligation")


# ---- docs/rules/jubileu.md#examples: payments ------------------------------------------------------------------

def test_solo_nove_making_7_costs_the_declarer_15():
    """docs/rules/jubileu.md#examples / seed: "Se o declarante pediu Solo Nove e fez 7 vazas, pagará a cada um as 4
    fichas … e
    mais uma ficha"; with 8, only the 4."""
    pays = settle("solo-9", A, None, [7, 2, 2, 2])
    assert pays == [Payment(A, o, 5, A, False) for o in (B, C, D)] and sum(p.chips for p in pays) == 15
    assert [p.chips for p in settle("solo-9", A, None, [8, 1, 2, 2])] == [4, 4, 4]


def test_jubileu_making_9_and_making_5():
    """docs/rules/jubileu.md#examples: "Jubileu makes 9: C→A 4, D→B 4. Jubileu makes 5: A→C 3, B→D 3" (seed: "Se A e B
    ganham, C paga para A e D paga para B")."""
    assert settle("jubileu", A, B, [5, 4, 2, 2]) == [Payment(C, A, 4, A, True), Payment(D, B, 4, A, True)]
    assert settle("jubileu", A, B, [3, 2, 4, 4]) == [Payment(A, C, 3, A, False), Payment(B, D, 3, A, False)]


def test_solo_overtricks_and_a_one_trick_miss():
    """Seed: "recebe uma ficha por vaza extra"; short by one pays only the bid's chips."""
    assert [p.chips for p in settle("solo-7", B, None, [1, 9, 2, 1])] == [4, 4, 4]
    assert [(p.payer, p.chips) for p in settle("solo-7", B, None, [2, 6, 3, 2])] == [(B, 2)] * 3


def test_several_meia_miseria_players_are_settled_separately():
    """docs/rules/jubileu.md: "Several Meia Miséria players are settled separately against the other three"."""
    pays = settle("meia-miseria", C, None, [1, 5, 1, 6], meia_players=[C, A])
    mine = [p for p in pays if p.player == C]
    assert mine == [Payment(o, C, 3, C, True) for o in (D, A, B)]   # C took exactly one: paid by all three
    assert [p for p in pays if p.player == A] == [Payment(o, A, 3, A, True) for o in (B, C, D)]
    failed = settle("meia-miseria", C, None, [0, 5, 2, 6], meia_players=[C, A])
    assert {(p.payer, p.payee) for p in failed} == {(C, D), (C, A), (C, B), (A, B), (A, C), (A, D)}


def test_misere_payments_are_flat():
    """docs/rules/jubileu.md [T]: misère-type contracts pay a flat V, no over/short."""
    assert [p.chips for p in settle("miseria", D, None, [4, 4, 5, 0])] == [5, 5, 5]
    assert [(p.payer, p.chips) for p in settle("coloquio", D, None, [4, 4, 2, 3])] == [(D, 15)] * 3
    assert [p.chips for p in settle("miseria-aberta", D, None, [4, 4, 5, 0])] == [10] * 3


# ---- docs/rules/jubileu.md#examples: Espirra ---------------------------------------------------------------------

ESPIRRA_DEAL = {A: "2C 3C 4C KS QS", B: "AH 5C 6C", C: "AS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH", D: "AD AC"}


def jubileu_spades_calling_the_ace_of_hearts() -> engine.Game:
    g = stacked(ESPIRRA_DEAL, dealer=D, ultima="KD")
    play_all(g, "bid jubileu; pass; pass; pass; trump S; call AH")
    return g


def test_espirra_the_called_ace_beats_the_ace_of_trumps():
    """docs/rules/jubileu.md#examples: "Trump ♠, called A♥. The declarer leads ♣ and says Espirra. The partner holds
    clubs but
    plays A♥; a defender ruffs with A♠; A♥ wins" (seed: "ganhando inclusive do maior trunfo")."""
    g = jubileu_spades_calling_the_ace_of_hearts()
    assert g.current_player == A and "espirra" in g.view(A)["legal"]
    g.apply("espirra")
    g.apply("play 2C")
    assert g.view(B)["legal"] == ["play AH"]                  # even though B holds 5♣ 6♣
    refused(g, "play 5C", match="must play the called Ace", rule="jubileu.espirra")
    events = g.apply("play AH")
    assert any(e.kind == "partner_revealed" and e.data["partner"] == B for e in events)
    play_all(g, "play AS; play AC")                           # C (void in clubs) ruffs with the trump Ace
    assert g.view(A)["last_trick"] == {"seats": [A, B, C, D], "cards": ["2C", "AH", "AS", "AC"], "winner": B}
    assert g.events[-1].rule == "jubileu.espirra" and g.current_player == B


def test_before_any_order_the_called_ace_is_an_ordinary_card():
    """docs/rules/jubileu.md: "Before any order the Ace is an ordinary card: … it can be trumped" (seed: "essa carta
    terá
    valor normal, podendo ser cortada")."""
    g = stacked({A: "2H KS QS", B: "AH", C: "AS 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", D: "AD AC"},
                dealer=D, ultima="KD")
    play_all(g, "bid jubileu; pass; pass; pass; trump S; call AH")
    play_all(g, "play 2H; play AH; play AS")
    assert g.deal.public and g.view(C)["partner"] == B and g.view(C)["espirra"] == "spent"
    g.apply(g.view(D)["legal"][0])
    assert g.view(A)["last_trick"]["winner"] == C              # the trump Ace beats the plain called Ace
    assert "espirra" not in g.view(C)["legal"]


def test_espirra_quando_quiser_waits_until_the_partner_has_won_a_trick():
    """docs/rules/jubileu.md / seed: "seu parceiro terá que ganhar uma vaza antes de poder jogar o Ás de espirra"."""
    g = stacked({A: "AC 2C 3C 4C KS QS", B: "AH KC 5C 6C", C: "AS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
                 D: "AD 7C 8C"}, dealer=D, ultima="KD")
    play_all(g, "bid jubileu; pass; pass; pass; trump S; call AH")
    g.apply("espirra-quando-quiser")
    assert g.view(A)["espirra"] == "quando" and "espirra" not in g.view(A)["legal"]
    g.apply("play 2C")
    assert "espirra" not in g.view(B)["legal"]                 # B has won no trick yet
    refused(g, "espirra", match="once you have won a trick", rule="jubileu.espirra_quando")
    play_all(g, "play KC; play 2H; play 7C")                   # B wins with K♣
    assert g.current_player == B and "espirra" in g.view(B)["legal"]
    events = g.apply("espirra")
    assert events[0].data == {"card": "AH", "espirra": True} and g.view(C)["partner"] == B
    play_all(g, "play 3H; play 8C; play KS")                   # A ruffs: even a trump loses to it
    assert g.view(A)["last_trick"]["winner"] == B


def test_espirra_only_in_a_trick_the_partner_has_not_yet_played_to():
    """docs/rules/jubileu.md#jubileu.espirra: the declarer orders it "on one of his own turns (lead or follow), in a
    trick the
    partner has not yet played to". B (the partner) leads ♣ and the declarer A plays last: "Espirra" is not
    offered in that trick and is refused if typed, so B, who holds clubs, is never forced to throw A♥ into the
    next trick. In a trick A plays to before B, A may order it."""
    g = stacked({A: "2C 4C KS QS", B: "AH KC 5C 6C", C: "AS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", D: "AD 3C 7C"},
                dealer=D, ultima="KD")
    play_all(g, "bid jubileu; pass; pass; pass; trump S; call AH")
    assert "espirra" in g.view(A)["legal"]                     # A leads: B has not played to this trick
    play_all(g, "play 2C; play KC; play 2H; play 3C")          # B wins and leads
    play_all(g, "play 5C; play 3H; play 7C")
    assert g.current_player == A and "espirra" not in g.view(A)["legal"]
    refused(g, "espirra", match="has already played to this trick", rule="jubileu.espirra")
    play_all(g, "play 4C")                                     # D wins with 7♣ and leads clubs
    assert g.view(A)["espirra"] == "none"
    g.apply("play QC")
    g.apply("play KS")
    assert g.view(B)["legal"] == ["play 6C"]                   # B follows suit: no Ace forced out


def test_the_partner_is_secret_until_his_ace_is_played():
    """Issue 11: "No view shows who holds the called Ace before it is played" (docs/engine.md)."""
    g = jubileu_spades_calling_the_ace_of_hearts()
    assert [g.view(s)["partner"] for s in range(4)] == [None, B, None, None]   # only B knows, from his hand
    assert g.view(A)["called_card"] == "AH"
    assert all("AH" not in g.view(s)["hand"] and "AH" not in str(g.events_for(s)[-1]) for s in (A, C, D))
    assert not any(e.kind == "partner_revealed" for e in g.events)


def test_the_called_ace_is_not_the_trump_ace_nor_one_the_declarer_holds():
    """Seed: "esse Ás nunca poderá ser o Ás de trunfo"; docs/rules/jubileu.md (Rikken): one he does not hold."""
    g = stacked({A: "AC 2D", B: "AH", C: "AS", D: "AD"}, dealer=D, ultima="KD")
    play_all(g, "bid jubileu; pass; pass; pass; trump S")
    assert g.view(A)["legal"] == ["call AH", "call AD"]
    refused(g, "call AS", match="trump Ace may never be called", rule="jubileu.call_ace")
    refused(g, "call AC", match="call a card you do not hold", rule="jubileu.call_ace")


def test_jubileu_da_ultima_takes_the_ultimas_suit_as_trump():
    """Seed: "o trunfo é sempre o naipe da última carta recebida pelo carteador"."""
    g = stacked({}, dealer=D, ultima="7H")
    play_all(g, "bid jubileu-ultima; pass; pass; pass")
    assert g.view(A)["trump"] == "H" and g.deal.phase == "call"
    assert "call AH" not in g.view(A)["legal"]


# ---- anticlockwise ------------------------------------------------------------------------------

def test_dealing_bidding_and_play_go_anticlockwise():
    """Seed: "obedecem o sentido anti-horário … o segundo carteador será o jogador à direita"; the dealer receives
    the last card and announces its suit; the auction opens on the dealer's right (docs/rules/jubileu.md)."""
    g = engine.new_game("jubileu", seed=5, first_dealer=2, deals=2)
    pack = engine.dealing.stacked_pack(engine.cards.standard_52(), None, g.seed, "jubileu-deal", 0)
    assert engine.parse_card(g.view(3)["hand"][0]) in pack[0::4]          # first card to the dealer's right
    assert g.view(0)["ultima"]["card"] == str(pack[51])
    assert str(pack[51]) in g.view(2)["hand"]                             # the dealer's own last card
    assert g.current_player == 3
    play_all(g, "bid solo-7; pass; pass; pass; trump H")
    order = []
    for _ in range(4):
        order.append(g.current_player)
        g.apply(g.view(g.current_player)["legal"][0])
    assert order == [3, 0, 1, 2]
    while g.view(0)["deal"] == 1:
        g.apply(g.view(g.current_player)["legal"][0])
    assert g.view(0)["dealer"] == 3 and g.current_player == 0             # the deal passes to the right


def test_the_lowest_card_deals_first():
    """Seed: "O carteador é escolhido pelo sistema de quem tira a menor carta"."""
    for seed in range(20):
        g = engine.new_game("jubileu", seed=seed)
        draw = g.events[0]
        assert draw.kind == "draw" and g.deal.dealer == draw.seat


def test_all_pass_throws_in_and_the_next_dealer_deals():
    """docs/rules/jubileu.md [T]: all pass → throw in; the next dealer (to the right) deals; the option redeals."""
    g = stacked({}, dealer=D, deals=2)
    play_all(g, "pass; pass; pass; pass")
    assert g.view(0)["dealer"] == A and g.view(0)["deal"] == 2 and g.chips == [20] * 4
    g2 = stacked({}, dealer=D, deals=2, all_pass="redeal")
    play_all(g2, "pass; pass; pass; pass")
    assert g2.view(0)["dealer"] == D


# ---- Jogo Obrigatório ------------------------------------------------------------------------------

def test_jogo_obrigatorio_with_three_aces():
    """Seed: "seu parceiro será o portador do Ás de Paus … o trunfo escolhido não pode ser o mesmo do 4.º Ás …
    Quem começa o jogo … é o parceiro que tem o 4.º Ás"."""
    g = stacked({A: "AS AH AD", C: "AC"}, dealer=D)
    play_all(g, "bid obrigatorio; pass; pass; pass")
    assert g.deal.phase == "trump" and g.current_player == C
    assert [g.view(s)["partner"] for s in range(4)] == [C] * 4       # shown at once
    assert g.view(C)["legal"] == ["trump S", "trump H", "trump D"]   # not clubs
    refused(g, "trump C", match="Trump may not be clubs", rule="jubileu.obrigatorio")
    g.apply("trump H")
    assert g.current_player == C and g.deal.phase == "play"               # the partner leads


def test_jogo_obrigatorio_with_four_aces_calls_a_king():
    """Seed: "No caso do declarante ter os quatro Ases, seu parceiro será o portador de um Rei … à escolha"."""
    g = stacked({A: "AS AH AD AC KS", B: "KH", C: "KD", D: "KC"}, dealer=D)
    play_all(g, "bid obrigatorio; pass; pass; pass")
    assert g.deal.phase == "call" and g.view(A)["legal"] == ["call KH", "call KD", "call KC"]
    g.apply("call KD")
    assert g.current_player == C and g.view(B)["partner"] == C
    assert "trump D" not in g.view(C)["legal"]
    g.apply("trump S")
    assert g.current_player == C


def test_four_aces_and_four_kings_call_a_queen():
    """docs/rules/jubileu.md [T]: "a Queen if he holds all four Kings"."""
    g = stacked({A: "AS AH AD AC KS KH KD KC QS"}, dealer=D)
    play_all(g, "bid obrigatorio; pass; pass; pass")
    assert g.view(A)["legal"] == ["call QH", "call QD", "call QC"]


def test_troela_the_partner_leads_his_ace_and_trumps_cannot_win_it():
    """docs/rules/jubileu.md#jubileu.troela (Rikken troela, off by default)."""
    g = stacked({A: "AS AH AD", C: "AC 2C", D: "3S", B: "2S"}, dealer=D, troela=True)
    play_all(g, "bid obrigatorio; pass; pass; pass; trump S")
    assert g.view(C)["legal"] == ["play AC"]


# ---- open misères and the rest ----------------------------------------------------------------------

def test_open_misere_exposes_the_declarers_hand_after_the_auction():
    """docs/rules/jubileu.md [T]: "the hand is exposed right after the auction"."""
    g = stacked({}, dealer=D)
    play_all(g, "bid miseria-aberta; pass; pass; pass")
    hand = g.view(A)["hand"]
    for s in (B, C, D):
        assert g.view(s)["exposed"] == {"0": hand}
    assert g.view(B)["colloquy"] == {}
    g.apply("trump D")
    assert g.deal.phase == "play" and g.current_player == A


def test_coloquio_defenders_see_each_others_hands():
    """docs/rules/jubileu.md [T]: Colóquio — the defenders share information (they see each other's hands)."""
    g = stacked({}, dealer=D)
    play_all(g, "pass; bid coloquio; pass; pass")
    assert set(g.view(A)["colloquy"]) == {"2", "3"} and g.view(A)["colloquy"]["2"] == g.view(C)["hand"]
    assert g.view(B)["colloquy"] == {}                               # the declarer sees no hand but his own


def test_meia_miseria_has_no_trump_and_follow_suit_holds():
    """Seed: "Nesta declaração não existe trunfo"; follow suit if able, otherwise trump or discard."""
    g = stacked({A: "2C 3C", B: "KC 5S", C: "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"}, dealer=D)
    play_all(g, "bid meia-miseria; pass; pass; pass")
    assert g.view(A)["trump"] is None
    g.apply("play 2C")
    refused(g, "play 5S", match="You must follow suit: clubs were led", rule="jubileu.follow")
    g.apply("play KC")
    assert all(m.startswith("play 2H") or m.startswith("play") for m in g.view(C)["legal"])
    assert len(g.view(C)["legal"]) == 13                              # void in clubs: any card


def test_a_deal_played_out_pays_chips_that_add_up():
    """Seed "Contagem de fichas": the chips change hands and none are made or lost."""
    g = jubileu_spades_calling_the_ace_of_hearts()
    while not g.is_over:
        g.apply(g.view(g.current_player)["legal"][0])
    result = g.results[-1]
    assert sum(result["change"]) == 0 and sum(g.chips) == 80
    pays = [e for e in g.events if e.kind == "pay"]
    assert len(pays) == 2 and {e.rule for e in pays} == {"jubileu.pay_partners"}


def test_bids_may_be_typed_by_name():
    g = stacked({}, dealer=D)
    assert g.parse_action("bid Solo Oito da Última") == engine.Action("bid", "solo-8-ultima")
    assert g.parse_action("bid meia miseria") == engine.Action("bid", "meia-miseria")
    assert BIDS["coloquio"].name == "Miséria Aberta com Colóquio"
