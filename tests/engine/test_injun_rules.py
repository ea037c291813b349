"""Injun against its sources: seed 001 and docs/rules/injun.md (each test cites the rule it checks)."""

from __future__ import annotations

import pytest

import engine
from engine.cards import standard_52
from engine.games.injun import Injun, deck_for
from engine.shuffle import shuffled


def deal(cards: list[str], dealer: int, style: str = "poker", names: str = "ABCDEFG", **options) -> Injun:
    """A first deal with these cards by seat, dealt by ``dealer``."""
    g = engine.new_game("injun", players=len(cards), seed=1, style=style, first_dealer=dealer,
                        deck=deck_for(cards, dealer), names=list(names[: len(cards)]), **options)
    assert isinstance(g, Injun)
    return g


def play(g: Injun, *moves: tuple[int, str]) -> list[engine.Event]:
    events = []
    for seat, move in moves:
        assert g.current_player == seat, f"{move!r}: expected seat {seat}, it is {g.current_player}'s turn"
        events += g.apply(move, seat)
    return events


def kinds(events) -> list[str]:
    return [e.kind for e in events]


# ---- docs/rules/injun.md#examples ----

def test_rules_md_brag_example_kings_split_the_pot_of_eight():
    """docs/rules/injun.md#examples: "Brag, 3 players ante 1: A 1, B 1, C folds; A 1; B pays 2 to see;
    K vs K → pot 8 split 4/4"."""
    g = deal(["KS", "KH", "5C"], dealer=2, style="brag")
    assert g.deal.pot_total == 3
    events = play(g, (0, "chip"), (1, "chip"), (2, "fold"), (0, "chip"), (1, "see"))
    this_deal = events[: kinds(events).index("deal_end")]
    assert [e.data["pot"] for e in this_deal if "pot" in e.data] == [4, 5, 5, 6, 8]
    assert kinds(this_deal) == ["chip", "chip", "fold", "chip", "see", "showdown", "win"]
    win = this_deal[-1]
    assert win.data["chips"] == 8 and win.data["shares"] == {"0": 4, "1": 4} and win.rule == "injun.showdown"
    assert g.last_result["won"] == [4 - 3, 4 - 4, -1]  # A put in 3, B 4, C his ante
    assert [e.data["chips"] for e in g.events if e.kind == "deal_end"] == [[21, 20, 19]]


# ---- the seed's set-up ----

def test_aces_are_high_and_suits_equal():
    """Seed: "a ordem decrescente de valor das cartas vai do Ás (carta mais alta) ao 2, e os naipes
    têm valores iguais" (docs/rules/injun.md: A high to 2, suits equal)."""
    g = deal(["AC", "KS", "2D"], dealer=2)
    play(g, (0, "bet 1"), (1, "call"), (2, "call"))
    assert g.last_result["won"] == [4, -2, -2]
    g = deal(["QH", "QS", "JD"], dealer=2)
    play(g, (0, "bet 1"), (1, "call"), (2, "call"))  # the Queens tie: spades are no better than hearts
    win = next(e for e in g.events if e.kind == "win")
    assert win.data["winners"] == [0, 1] and win.data["chips"] == 6
    assert g.last_result["won"] == [1, 1, -2]


def test_the_first_to_draw_an_ace_deals_and_it_is_narrated():
    """Seed: "Cada jogador tira uma carta do baralho, e aquele que tirar um Ás será o carteador"."""
    for seed in range(20):
        g = engine.new_game("injun", players=4, seed=seed, names=["A", "B", "C", "D"])
        pack = shuffled(standard_52(), seed, "injun-first-dealer")
        first_ace = next(i for i, c in enumerate(pack) if c.rank == 1)
        assert g.deal.dealer == first_ace % 4
        draw = g.events[0]
        assert draw.kind == "draw_dealer" and draw.rule == "injun.first_dealer"
        assert draw.text.endswith(f"{'ABCD'[g.deal.dealer]} draws the first Ace and deals.")
        assert draw.text.count(",") == first_ace  # one "name card" per card drawn
        assert engine.new_game("injun", players=4, seed=seed).deal.dealer == g.deal.dealer  # same seed, same dealer


def test_everyone_antes_and_gets_one_card_clockwise_from_the_dealers_left():
    """Seed: each player, the dealer included, antes; one card each, face down, clockwise from the
    dealer's left. The dealer shuffles last and the player on his right cuts (docs/rules/injun.md)."""
    g = engine.new_game("injun", players=4, seed=3, first_dealer=1, deck=["2S", "3S", "4S", "5S"],
                        names=["A", "B", "C", "D"], ante=2)
    assert [str(c) for c in g.deal.cards] == ["4S", "5S", "2S", "3S"]  # to C, D, A, then B the dealer
    assert g.deal.chips == [18] * 4 and g.deal.pot_total == 8
    deal_event = next(e for e in g.events if e.kind == "deal")
    assert "B shuffles, A cuts" in deal_event.text
    assert not any(c.symbol in deal_event.text for c in g.deal.cards if c is not None)  # the deal names no card
    assert g.current_player == 2  # betting starts on the dealer's left


def test_nobody_sees_their_own_card_but_everyone_sees_the_others():
    """Seed: "Aos jogadores não é permitido ver a própria carta" — the card is held up for the others."""
    g = deal(["AS", "7D", "QC"], dealer=2)
    for seat in range(3):
        cards = g.view(seat)["cards"]
        assert cards[seat] is None
        assert [c for s, c in enumerate(cards) if s != seat] == [c for s, c in enumerate(["AS", "7D", "QC"])
                                                               if s != seat]
        assert not any("A♠" in e["text"] for e in g.events_for(0))


# ---- poker style ----

def test_poker_the_seeds_example_twenty_then_plus_two_then_plus_five():
    """Seed: "Se, por exemplo, o primeiro jogador apostar 20 fichas, o segundo apostará 20 fichas mais 2,
    o terceiro 22 fichas mais 5" — and the betting ends when a player just matches (docs/rules/injun.md:
    the round ends when every remaining player has matched the last raise)."""
    g = deal(["9S", "KD", "4C"], dealer=2, starting_chips=100)
    events = play(g, (0, "bet 20"), (1, "raise 2"), (2, "raise 5"))
    assert [e.text for e in events] == ["A opens with a bet of 20: the pot holds 23.",
                                        "B raises by 2 to 22: the pot holds 45.",
                                        "C raises by 5 to 27: the pot holds 72."]
    assert g.view(0)["to_call"] == 7 and g.current_player == 0
    play(g, (0, "call"))
    assert g.current_player == 1 and not g.revealed  # B has not matched the last raise yet
    events = play(g, (1, "call"))
    assert kinds(events)[:2] == ["call", "showdown"]
    assert g.last_result["won"] == [-28, 84 - 28, -28]


def test_poker_heads_up_ends_when_a_player_just_matches():
    """Seed: "As apostas terminam quando um jogador iguala a aposta do jogador imediatamente anterior"."""
    g = deal(["9S", "KD"], dealer=1)
    play(g, (0, "bet 3"), (1, "raise 1"))
    events = play(g, (0, "call"))
    assert kinds(events)[:4] == ["call", "showdown", "win", "deal_end"]
    assert g.last_result["won"] == [-5, 5]


def test_betting_is_compulsory_not_betting_means_dropping_out():
    """Seed: "A aposta é obrigatória, e se um jogador decidir não apostar, ele deve retirar-se do jogo,
    deixando a carta fechada em seu lugar" — there is no check: bet or fold."""
    g = deal(["9S", "KD", "4C"], dealer=2)
    assert {a.verb for a in g.legal_actions()} == {"fold", "bet"}
    events = play(g, (0, "fold"))
    assert events[0].text == "A folds, leaving the card face down." and events[0].rule == "injun.fold"
    assert {a.verb for a in g.legal_actions()} == {"fold", "bet"}  # B must open or fold in turn


def test_everyone_else_folds_and_the_last_player_wins_without_a_showdown():
    """docs/rules/injun.md#injun.last_player: "Everyone else folds → the last player wins without a showdown" (and the
    seed's brag
    "o último jogador será o vencedor, mesmo que a sua carta não seja maior")."""
    g = deal(["2S", "KD", "AC"], dealer=2)
    events = play(g, (0, "bet 2"), (1, "fold"), (2, "fold"))
    assert "showdown" not in kinds(events)
    win = next(e for e in events if e.kind == "win")
    assert win.rule == "injun.last_player" and win.seat == 0 and win.data["chips"] == 5
    assert "without showing the card" in win.text
    assert g.last_result["won"] == [2, -1, -1] and not g.last_result["showdown"]
    reveal = next(e for e in events if e.kind == "reveal")  # turned up afterwards, for the learner
    assert reveal.rule == "injun.reveal" and "A 2♠" in reveal.text


@pytest.mark.parametrize("dealer, moves, odd_to", [
    (2, [(0, "bet 2"), (1, "call"), (2, "fold")], 0),  # C deals: A is first on his left
    (0, [(1, "bet 2"), (2, "fold"), (0, "call")], 1),  # A deals: B is first on his left
    (1, [(2, "fold"), (0, "bet 2"), (1, "call")], 0),  # B deals: C (folded), then A
])
def test_ties_share_and_the_odd_chip_goes_to_the_first_tied_player_left_of_the_dealer(dealer, moves, odd_to):
    """docs/rules/injun.md: "tied high cards share … An odd chip in a split goes to the first tied player left
    of the dealer [T]". The pot is 7: antes 3, and A and B put in 2 each."""
    g = deal(["KS", "KH", "5C"], dealer=dealer)
    play(g, *moves)
    win = next(e for e in g.events if e.kind == "win")
    assert win.rule == "injun.odd_chip" and win.data["chips"] == 7
    assert win.data["shares"][str(odd_to)] == 4 and win.data["shares"][str(1 - odd_to)] == 3
    assert "odd chip goes to the first of them to the left of the dealer" in win.text


def test_variant_the_odd_chip_stays_for_the_next_pot():
    """docs/rules/injun.md [T] as an option: odd_chip='next_pot' keeps it in the middle for the next deal."""
    g = deal(["KS", "KH", "5C"], dealer=2, odd_chip="next_pot")
    play(g, (0, "bet 2"), (1, "call"), (2, "fold"))
    win = next(e for e in g.events if e.kind == "win")
    assert win.data["shares"] == {"0": 3, "1": 3} and "stays in the middle" in win.text
    assert g.deal.carry == 1 and g.deal.pot_total == 3 + 1  # the next deal's antes and the odd chip
    assert "1 odd chip left from the last deal" in g.events[-1].text


def test_an_odd_chip_still_in_the_middle_when_the_game_ends_goes_to_the_leader():
    """The last deal's odd chip (odd_chip='next_pot') goes to the player with most chips, counted in words."""
    g = deal(["KS", "KH", "5C"], dealer=2, odd_chip="next_pot", max_deals=1)
    play(g, (0, "bet 2"), (1, "call"), (2, "fold"))
    assert g.is_over and g.deal.carry == 0
    last_win = [e for e in g.events if e.kind == "win"][-1]
    assert last_win.rule == "injun.odd_chip" and last_win.data["chips"] == 1
    assert last_win.text.endswith("takes the 1 odd chip left in the middle.")


def test_poker_all_in_call_and_side_pot():
    """docs/rules/injun.md: a standard poker betting round (S8); a player short of chips calls all in and
    can win only what he matched: the rest is a side pot for the others."""
    g = deal(["AS", "QD", "KC"], dealer=2, starting_chips=[4, 20, 20])
    play(g, (0, "bet 1"), (1, "raise 5"), (2, "call"))
    assert g.view(0)["to_call"] == 5 and g.deal.chips[0] == 2
    events = play(g, (0, "call"))
    assert next(e for e in events if e.kind == "call").text == "A calls 2 (all the chips left, 5 were needed): " \
                                                             "the pot holds 18."
    wins = [e for e in events if e.kind == "win"]
    # A matched 4 from each: 12, which the A♠ wins; B's and C's 3 more each are for them alone
    assert [(w.data["chips"], w.data["winners"]) for w in wins] == [(12, [0]), (6, [2])]
    assert "the first pot" in wins[0].text and "the second pot" in wins[1].text
    assert g.last_result["won"] == [12 - 4, -7, 6 - 7]


def test_a_raise_limit_and_a_minimum_raise_are_options():
    """Seed: an opening bet "of any size" is the default; min_raise/max_raise are agreed limits."""
    g = deal(["AS", "QD"], dealer=1, min_raise=2, max_raise=4)
    assert [str(a) for a in g.legal_actions()] == ["fold", "bet 2", "bet 3", "bet 4"]
    g = deal(["AS", "QD"], dealer=1)
    assert [str(a) for a in g.legal_actions()][-1] == "bet 19"  # any size, up to your chips


# ---- brag style ----

def test_brag_a_chip_a_turn_until_two_remain_then_only_they_may_see():
    """Seed: "Nas apostas pelo sistema Brag cada jogador, na sua vez, coloca uma ficha no monte … até que
    restem apenas dois jogadores"; then one "pagará para ver", putting two chips in."""
    g = deal(["4S", "9D", "JC", "7H"], dealer=3, style="brag")
    assert [str(a) for a in g.legal_actions()] == ["fold", "chip"]
    play(g, (0, "chip"), (1, "chip"), (2, "chip"), (3, "chip"), (0, "fold"))
    assert [str(a) for a in g.legal_actions()] == ["fold", "chip"]  # three still betting
    play(g, (1, "fold"))
    assert [str(a) for a in g.legal_actions()] == ["fold", "chip", "see"]  # the last two
    events = play(g, (2, "see"))
    assert events[0].text == "C pays 2 chips to see: the pot holds 10." and events[0].rule == "injun.brag_see"
    win = next(e for e in events if e.kind == "win")
    assert win.seat == 2 and win.data["chips"] == 10  # J beats 7 (and the folded 9 does not count)


def test_brag_the_two_go_on_until_one_quits_and_the_other_wins_unseen():
    """Seed: "Os dois jogadores continuam até que um deles desista … o último jogador será o vencedor,
    mesmo que a sua carta não seja maior que as dos demais"."""
    g = deal(["2S", "AD"], dealer=1, style="brag")
    events = play(g, (0, "chip"), (1, "chip"), (0, "chip"), (1, "quit"))
    quit_event = next(e for e in events if e.kind == "fold")
    assert quit_event.text == "B quits, leaving the card face down." and quit_event.rule == "injun.brag_two"
    win = next(e for e in events if e.kind == "win")
    assert win.seat == 0 and win.rule == "injun.last_player" and win.data["chips"] == 5  # the 2♠ wins
    assert "showdown" not in kinds(events)


def test_brag_the_player_out_of_chips_lays_his_card_on_the_pot_and_a_second_pot_begins():
    """Seed: "quando algum jogador ficar sem fichas … deverá mostrar mais uma vez a sua carta … e colocá-la
    … em cima do monte. As apostas seguintes deverão ser feitas em um novo monte … o primeiro monte será
    disputado pelos dois jogadores que continuaram mais aquele que havia fechado o monte … O segundo monte
    será disputado apenas pelos dois". docs/rules/injun.md: the capped player "does not count as one of the two"."""
    g = deal(["QS", "AH", "KC"], dealer=2, style="brag", starting_chips=[10, 3, 10])
    events = play(g, (0, "chip"), (1, "chip"), (2, "chip"), (0, "chip"), (1, "chip"))
    cap = next(e for e in events if e.kind == "cap")
    assert cap.rule == "injun.brag_cap" and cap.seat == 1 and "second pot" in cap.text
    assert "A♥" not in cap.text  # shown to the others, who can see it anyway; never named to B
    assert g.deal.all_in[1] and g.deal.bettors() == [0, 2]
    assert [str(a) for a in g.legal_actions()] == ["fold", "chip", "see"]  # C and A are "the two"
    play(g, (2, "chip"), (0, "chip"))
    assert g.current_player == 2  # B bets no more
    assert [p.as_dict() for p in g.deal.pots()] == [{"amount": 9, "eligible": [0, 1, 2]},
                                                {"amount": 1, "eligible": [0, 2]}]
    events = play(g, (2, "see"))
    wins = [e for e in events if e.kind == "win"]
    assert [(w.data["chips"], w.data["winners"]) for w in wins] == [(9, [1]), (3, [2])]
    assert "the first pot" in wins[0].text and "the second pot" in wins[1].text
    assert g.last_result["won"] == [-4, 9 - 3, 3 - 5]


def test_brag_quitting_with_a_capped_player_still_shows_down_the_first_pot():
    """The first pot is contested by three: if one of the two quits, the other wins the second pot
    unseen but must still beat the capped player's card for the first (seed; docs/rules/injun.md)."""
    g = deal(["QS", "AH", "KC"], dealer=2, style="brag", starting_chips=[10, 3, 10])
    play(g, (0, "chip"), (1, "chip"), (2, "chip"), (0, "chip"), (1, "chip"), (2, "chip"), (0, "chip"))
    events = play(g, (2, "quit"))
    wins = [e for e in events if e.kind == "win"]
    assert [(w.data["chips"], w.data["winners"]) for w in wins] == [(9, [1]), (1, [0])]
    assert "showdown" in kinds(events)


# ---- from deal to deal ----

def test_the_deal_passes_left_and_chips_carry_over():
    """docs/rules/injun.md: "After the first deal the deal passes left"; the brief: chips carry over."""
    g = deal(["2S", "KD", "AC"], dealer=2)
    play(g, (0, "fold"), (1, "fold"))  # C wins the antes
    assert g.deal_number == 1 and g.deal.dealer == 0
    assert g.deal.chips == [19 - 1, 19 - 1, 22 - 1]  # after deal 1, and the antes of deal 2
    assert g.current_player == 1  # the new dealer's left
    ends = [e for e in g.events if e.kind == "deal_end"]
    assert ends[0].data["chips"] == [19, 19, 22]


def test_a_player_who_cannot_ante_sits_out_and_the_deal_skips_him():
    """Parlour's answer for players out of chips: they sit out the following deals
    (docs/rules/injun.md#injun.sit_out)."""
    g = deal(["2S", "KD", "AC"], dealer=2, starting_chips=[1, 10, 10])
    play(g, (1, "bet 1"), (2, "call"))  # A is all in with the ante and loses to the Ace
    assert g.deal.chips[0] == 0 and g.deal_number == 1
    assert not g.deal.dealt_in[0] and g.deal.cards[0] is None and g.deal.dealer == 1
    assert "A sits out: no chips for the ante." in next(e.text for e in reversed(g.events) if e.kind == "deal")
    assert g.current_player == 2
    assert g.view(0)["legal"] == [] and g.view(1)["cards"][0] is None


def test_the_game_ends_when_one_player_has_all_the_chips():
    """The brief: a session ends when one player has all the chips (docs/rules/injun.md#injun.session)."""
    g = deal(["2S", "AD"], dealer=1, starting_chips=3, max_deals=None)
    play(g, (0, "bet 2"), (1, "call"))
    assert g.is_over and g.deal.chips == [0, 6] and g.current_player is None
    end = g.events[-1]
    assert end.kind == "game_end" and "only one player can still pay the ante" in end.text
    assert end.text.endswith("B wins with 6 chips.")


def test_the_game_ends_after_the_agreed_number_of_deals():
    g = engine.new_game("injun", players=3, seed=9, max_deals=2)
    while not g.is_over:
        g.apply("fold" if g.legal_actions()[0].verb == "fold" and len(g.deal.bettors()) > 1 else g.legal_actions()[0])
    assert g.deal_number == 2 and "2 deals have been played" in g.events[-1].text
    assert sum(g.deal.chips) == 60


def test_saves_replay_to_the_same_position():
    g = deal(["QS", "AH", "KC"], dealer=2, style="brag", starting_chips=[10, 3, 10])
    play(g, (0, "chip"), (1, "chip"))
    again = engine.load_game(g.to_json())
    assert again.view(0) == g.view(0) and again.history == g.history
    g.undo()
    assert g.current_player == 1 and g.deal.pot_total == 4


def test_millions_of_chips_give_a_short_move_list_and_any_amount_is_legal():
    """Issue 8, 7c (docs/engine.md, games with amounts): the move list offers a bounded menu of bets
    and the view gives the range; apply accepts any amount in it and refuses one outside it."""
    g = engine.new_game("injun", players=4, seed=3, starting_chips=3_000_000, first_dealer=3)
    legal = [str(a) for a in g.legal_actions()]
    assert len(legal) <= 22 and legal[:2] == ["fold", "bet 1"] and legal[-1] == "bet 2999999"
    view = g.view(0)
    assert view["raise_range"] == [1, 2_999_999] and view["legal"] == legal
    assert g.why_illegal("bet 1234567") is None and "bet 1234567" not in legal
    g.apply("bet 1234567")
    assert g.view(1)["raise_range"] == [1, 3_000_000 - 1 - 1_234_567]  # his chips after the ante, less the call
    assert g.view(0)["raise_range"] is None  # not your turn
    with pytest.raises(engine.IllegalAction, match="That needs"):
        g.apply("raise 2000000")
    g.apply("raise 1765432")  # every chip B has left
    assert g.deal.all_in[1]


# ---- the seed's own betting (betting="seed") ----

SEED_ENDS = ("Seed: \"As apostas terminam quando um jogador iguala a aposta do jogador imediatamente anterior; "
             "isso significa que ele apenas iguala as apostas feitas até então, pagando para que as cartas sejam "
             "confrontadas entre si.\"")


def test_seed_betting_the_first_player_who_just_matches_ends_it_and_levels_make_pots():
    """docs/rules/injun.md, option betting="seed" (and the seed: "o primeiro jogador … faz uma aposta inicial qualquer,
    que deve ser sucessivamente aumentada pelos outros jogadores"): A bets 20, B raises to 22, C merely
    matches 22: the betting ends at once, and A shows down with the 20 he put in. Contributions 21/23/23:
    the first pot (21 × 3 = 63) is for all three, the second (2 + 2) for B and C only, split by
    contribution level exactly like all-in side pots."""
    g = deal(["KD", "9S", "4C"], dealer=2, starting_chips=100, betting="seed")
    events = play(g, (0, "bet 20"), (1, "raise 2"), (2, "call"))
    call = events[2]
    assert call.rule == "injun.seed_betting" and "ends the betting at once" in call.text
    assert kinds(events)[3] == "showdown" and g.deal_number == 1
    wins = [e for e in events if e.kind == "win"]
    assert [(w.data["chips"], w.data["winners"]) for w in wins] == [(63, [0]), (4, [1])]
    assert "the first pot" in wins[0].text and "the second pot" in wins[1].text
    assert g.last_result["won"] == [63 - 21, 4 - 23, -23]
    assert sum(g.deal.chips) + g.deal.pot_total == 300  # the next deal has begun: its antes are in the pot


def test_seed_betting_players_who_have_not_bet_show_down_with_their_ante():
    """docs/rules/injun.md#injun.seed_betting (betting="seed"): "every player not dropped goes to the showdown with what
    he has put in" —
    A opens, B just matches: C and D, who never bet, show down for the antes alone. """ + SEED_ENDS
    g = deal(["5D", "9S", "AC", "KH"], dealer=3, starting_chips=50, betting="seed")
    play(g, (0, "bet 4"), (1, "call"))
    wins = [e for e in g.events if e.kind == "win"]
    # antes 4 × 1 for everyone (C's A♣ wins it); A's and B's 4 more each are for A and B (B's 9♠)
    assert [(w.data["chips"], w.data["winners"]) for w in wins] == [(4, [2]), (8, [1])]
    assert g.last_result["won"] == [-5, 8 - 5, 4 - 1, -1]


def test_seed_betting_a_raise_must_be_answered_and_standard_betting_is_unchanged():
    """docs/rules/injun.md: default stays the standard round; with betting="seed" the same moves end earlier."""
    moves = ((0, "bet 20"), (1, "raise 2"), (2, "raise 5"), (0, "call"))
    standard = deal(["9S", "KD", "4C"], dealer=2, starting_chips=100)
    play(standard, *moves)
    assert not standard.revealed and standard.current_player == 1  # B still owes the last raise
    seed = deal(["9S", "KD", "4C"], dealer=2, starting_chips=100, betting="seed")
    play(seed, *moves)
    assert seed.deal_number == 1  # A's match ended it; B shows down with his 22
    # levels 23 (all three: B's K♦ takes 69) and 28 (A and C: A's 9♠ takes their 5 + 5)
    assert seed.last_result["won"] == [10 - 28, 69 - 23, -28]
    with pytest.raises(engine.OptionError, match="betting='auction' is not allowed"):
        engine.new_game("injun", betting="auction")


def test_seed_betting_soak_conserves_chips_and_ends():
    """Random legal play with the seed's betting: chips are conserved and every game ends."""
    import random
    for seed in range(60):
        rng = random.Random(seed)
        g = engine.new_game("injun", players=2 + seed % 7, seed=seed, betting="seed", max_deals=4)
        total = sum(g.deal.chips) + g.deal.pot_total
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            assert sum(g.deal.chips) + g.deal.pot_total == total
