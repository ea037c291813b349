"""The Jubileu table driven by clicks in plain pytest (issue 11; docs/rules/jubileu.md; DESIGN.md "Widgets")."""

from __future__ import annotations

import dataclasses
import html
import re

import pytest

import engine
from tests.engine.jubileu_helpers import stacked as stacked_game
from widgets.games.jubileu_table import JubileuTable

ESPIRRA_DEAL = {0: "2C 3C 4C KS QS", 1: "AH 5C 6C", 2: "AS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH", 3: "AD AC"}


def table_with(hands: dict[int, str], dealer: int = 3, ultima: str | None = "KD", **options) -> JubileuTable:
    """A table whose game is a stacked deal (you are seat 0)."""
    deck = stacked_game(hands, dealer=dealer, ultima=ultima).deck
    return JubileuTable(seed=1, bot_delay=0, deck=[str(c) for c in deck], first_dealer=dealer, deals=1,
                        **options)


def scripted(hands: dict[int, str], moves: list[tuple[int, str]], dealer: int = 3, **options) -> JubileuTable:
    """A table where the given moves were made (bots' moves included), then repainted."""
    t = table_with(hands, dealer=dealer, **options)
    t.game = engine.new_game("jubileu", seed=1, deck=t.game.deck, first_dealer=dealer, deals=1, names=t.names,
                             **options)
    for seat, move in moves:
        t.game.apply(move, seat)
    t.refresh()
    return t


def seat_xy(t: JubileuTable, seat: int) -> tuple[int, int]:
    m = re.search(rf"data-seat='{seat}' style='left:(\d+)px;top:(\d+)px'", t.board.value)
    assert m
    return int(m.group(1)), int(m.group(2))


def playable(t: JubileuTable) -> list[str]:
    return [i["card"] for i in t.hand.items if i["playable"]]


def test_the_seats_run_anticlockwise_and_the_table_says_so():
    """Seed: "obedecem o sentido anti-horário": the next player (seat 1) sits on your right."""
    t = JubileuTable(seed=5, bot_delay=0)
    you, right, across, left = (seat_xy(t, s) for s in range(4))
    assert right[0] > you[0] > left[0] and across[1] < you[1]
    assert "next player is on your right" in t.board.value


def test_the_ultima_is_shown_with_its_suit():
    t = table_with({}, ultima="7H")
    assert "7H" in t.ultima_html.value or "Seven of hearts" in t.ultima_html.value
    assert "♥ hearts" in t.ultima_html.value


def test_every_bid_of_the_ladder_has_a_button_and_a_closed_bid_says_why():
    """Issue 11: the bids you may not make are disabled with the reason in the tooltip."""
    t = scripted({}, [(3, "bid solo-8")], dealer=2)
    assert len(t.ladder_buttons) == 21 and t.game.current_player == 0
    meia = t.ladder_buttons["meia-miseria"]
    assert meia.disabled and meia.tooltip.startswith("Meia Miséria cannot follow Solo Oito: at level 5 the first "
                                                     "bid announced stands")
    assert meia.tooltip == t.game.why_illegal("bid meia-miseria", 0)
    assert not t.ladder_buttons["solo-8-ultima"].disabled      # the seed's one exception
    assert t.ladder_buttons["solo-7"].disabled and "higher level" in t.ladder_buttons["solo-7"].tooltip
    assert "Cleo: Solo Oito" in t.auction_html.value
    assert "Standing bid: Solo Oito (Cleo)" in t.contract_html.value


def test_clicking_a_bid_bids_and_the_bots_answer():
    t = table_with({})
    t.ladder_buttons["solo-7"].click()
    assert t.game.history[0] == (0, "bid solo-7")
    assert "You bid Solo Sete (level 3, 2 chips)." in t.log_lines()
    assert t.game.current_player == 0 or t.game.deal.phase != "auction"


def test_the_ace_holder_cannot_pass_and_the_button_says_why():
    t = table_with({0: "AS AH AD"})
    assert t.pass_button.disabled and "Jogo Obrigatório duty" in t.pass_button.tooltip
    assert not t.ladder_buttons["obrigatorio"].disabled
    assert t.ladder_buttons["solo-7"].disabled and "must bid at least Jogo Obrigatório" in \
        t.ladder_buttons["solo-7"].tooltip


def test_winning_the_auction_then_trump_call_espirra_and_a_card():
    """The declarer names trump, calls an Ace, says "Espirra" and leads (docs/rules/jubileu.md#examples, the Espirra
    trick)."""
    t = scripted(ESPIRRA_DEAL, [(0, "bid jubileu"), (1, "pass"), (2, "pass"), (3, "pass")])
    assert t.choice_panel.layout.display == "" and "Name trump" in t.choice_label.value
    t.trump_buttons[0].click()                                 # spades
    assert "Call your partner" in t.choice_label.value
    calls = [b.description for b in t.call_buttons if b.layout.display != "none"]
    assert calls == ["A♥", "A♦", "A♣"]
    t.call_buttons[0].click()                                  # A♥
    assert t.game.view(0)["called_card"] == "AH" and "partner</span>" not in t.board.value
    assert "secret" in t.contract_html.value
    assert t.espirra_panel.layout.display == "" and t.quando_button.layout.display == ""
    t.espirra_button.click()
    assert t.game.view(0)["espirra"] == "ordered"
    t.hand.play(t.hand.cards.index("2C"))                      # the bots play on: B must play A♥
    last = t.game.view(0)["last_trick"]
    assert last["cards"][:2] == ["2C", "AH"] and last["winner"] == 1
    assert "is the partner of you" in " ".join(t.log_lines())
    assert "Ada" in t.contract_html.value                      # the partner is public now


def test_a_card_you_may_not_play_is_dimmed_with_the_rule():
    """Seed: "deverá descartar uma carta do mesmo naipe": clubs led, your hearts are dimmed with the rule."""
    t = scripted({3: "2C KS QS", 0: "3C 4C 5H 6H"}, [(3, "bid solo-7"), (0, "pass"), (1, "pass"), (2, "pass"),
                                                   (3, "trump S"), (3, "play 2C")], dealer=2)
    assert t.game.current_player == 0
    assert sorted(playable(t)) == ["3C", "4C"]
    tip = next(i["tooltip"] for i in t.hand.items if i["card"] == "5H")
    assert tip == t.game.why_illegal("play 5H", 0) and "must follow suit: clubs were led" in tip
    t.hand.play(t.hand.cards.index("5H"))                      # a forced click is refused, nothing changes
    assert t.game.current_player == 0 and "follow suit" in t.status.value
    t.hand.play(t.hand.cards.index("4C"))
    assert ("4C" in t.board.value) or t.game.view(0)["last_trick"] is not None


def test_the_hint_panel_explains_a_bid_and_a_card():
    t = table_with({0: "AS KS QS JS 10S 9S 8S AH KH QD 2C 3C 4C"}, ultima="5S")
    hint = t.show_hint()
    assert hint is not None and hint.action.startswith("bid solo")
    assert "deals of the cards you cannot see" in t.hint_panel.value and "Chips*" in t.hint_panel.value
    assert t.ladder_buttons[hint.action.split()[1]].button_style == "warning"


def test_a_whole_deal_pays_chips_into_the_history():
    t = JubileuTable(seed=8, bot_delay=0, deals=1)
    while not t.game.is_over:
        if t.game.current_player == 0:
            t.act(t.game.view(0)["legal"][-1] if t.game.deal.phase == "auction" else t.game.view(0)["legal"][0])
        else:
            t.run_bots()
    assert "1." in t.scoreboard.value and "data-testid='chips'" in t.scoreboard.value
    assert sum(t.game.chips) == 80 and "New deal" in t.status.value


def test_open_misere_hands_are_shown_and_the_teacher_sees_all():
    t = scripted({}, [(0, "pass"), (1, "bid miseria-aberta"), (2, "pass"), (3, "pass")])
    assert "data-testid='open-1'" in t.board.value and "data-testid='open-2'" not in t.board.value
    t.show_all_box.value = True
    assert "data-testid='open-2'" in t.board.value


def test_undo_takes_back_your_bid():
    t = table_with({})
    t.ladder_buttons["jubileu"].click()
    t.undo()
    assert t.game.history == [] and "taken back" in t.status.value


def test_why_names_the_rule():
    t = table_with({})
    t.pass_button.click()
    text = t.explain_log_row(len(t._log_events[-12:]) - 1)
    assert text and "Why?" in t.why_panel.value


def _play_out(t):
    while not t.game.is_over:
        if t.game.current_player == 0:
            t.act(t.game.view(0)["legal"][-1] if t.game.deal.phase == "auction" else t.game.view(0)["legal"][0])
        else:
            t.run_bots()


def test_the_history_and_the_end_summary_show_the_real_chips():
    """Follow-up of issue 8: one row per deal with each seat's chips won or paid, and a true final standing."""
    t = JubileuTable(seed=11, bot_delay=0, deals=2)
    _play_out(t)
    results = t.game.view(0)["results"]
    assert [label for label, _ in t.deal_results()] == ["Deal 1", "Deal 2"]
    assert [change for _, change in t.deal_results()] == [r["change"] for r in results]
    for _, change in t.deal_results():
        assert sum(change) == 0                                  # chips only change hands
    totals = [20 + sum(r["change"][s] for r in results) for s in range(4)]
    assert totals == t.game.chips
    summary = t.end_html.value
    best = max(range(4), key=lambda s: t.game.chips[s])
    assert f"<td>1.</td><td>{t.names[best]}</td><td>{t.game.chips[best]}</td>" in summary
    assert "data-testid='history'" in summary and t.end_panel.layout.display == ""


def test_the_portuguese_table_words_its_settings_and_shared_refusals():
    t = JubileuTable(seed=5, bot_delay=0, lang="pt")
    assert t.settings_button.description == "Configurações"
    assert t.copy_link.words["button"] == "Copiar link" and t.copy_link.words["copied"] == "Copiado"
    labels = [s.label for s in t.settings]
    assert labels == ["Quando os quatro passam", "Entrar numa Meia Miséria", "A primeira vaza do Jogo Obrigatório"]
    assert t.setting_boxes["all_pass"].options[0] == ("Dá o próximo, à direita", "throw_in")
    t.deal_from_code("hello")
    assert "não é um código de mão" in t.status.value and "A mesa continua a mostrar a mão 4-000005" in t.status.value
    assert t.apply_settings(troela=True) and "o código agora é <b>4-000005/001</b>" in t.status.value
    assert t.game.options["troela"] is True and "Your turn" not in t.status.value
    t.deal_from_code("4-00001V")                            # a dealt code keeps you "Você" in the log
    assert t.game.names[0] == "Você" and t.act("pass") and any(line.startswith("Você passa") for line in t.log_lines())
    _play_out(t)
    assert t.show_hint() is None and "A partida acabou: não há dica a dar." in t.status.value
    en = JubileuTable(seed=5, bot_delay=0)
    en.deal_from_code("hello")
    assert "is not a deal code" in en.status.value and en.settings_button.description == "Settings"
    assert en.copy_link.words["button"] == "Copy link"


def test_trump_is_shown_only_once_named_and_no_trump_only_for_a_bid_without_one():
    """Issue 19: "Trump: no trump" showed while the declarer was still choosing trump."""
    for lang, trump, none in (("en", "Trump", "no trump"), ("pt", "Trunfo", "sem trunfo")):
        t = scripted(ESPIRRA_DEAL, [(0, "bid jubileu"), (1, "pass"), (2, "pass"), (3, "pass")], lang=lang)
        assert t.game.view(0)["phase"] == "trump"
        assert f"{trump}:" not in t.contract_html.value and none not in t.contract_html.value
        t.trump_buttons[0].click()                                 # spades
        assert f"{trump}: ♠" in t.contract_html.value
        t = scripted(ESPIRRA_DEAL, [(0, "bid meia-miseria"), (1, "pass"), (2, "pass"), (3, "pass")], lang=lang)
        assert f"{trump}: {none}" in t.contract_html.value


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_hint_names_pass_and_join_as_their_buttons_do(lang):
    """Issue 19, item 2 (the same fault as Kalooki's, in Jubileu): the hint said "pass" ("passar") beside
    the button "Pass" ("Passo")."""
    t = JubileuTable(seed=5, bot_delay=0, lang=lang)
    assert t.action_label("pass") == t.pass_button.description
    assert t.action_label("join") == t.join_button.description


PARTNER_ESPIRRA = [(0, "pass"), (1, "bid jubileu"), (2, "pass"), (3, "pass"), (1, "trump S"), (1, "call AH"),
                   (1, "espirra-quando-quiser"), (1, "play 3D"), (2, "play 8D"), (3, "play 9D"), (0, "play 6S")]


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_hint_to_espirra_names_it_as_the_partners_button_reads(lang):
    """Issue 31 fault 6: the called Ace's holder, told "Espirra quando quiser" and having won a trick, may
    play the Ace as espirra; a hint that names that move uses the button's words ("Espirra: play the called
    Ace"), not "Espirra!"."""
    t = scripted({1: "2C 3C 4C KS QS", 0: "AH 5C 6C AS KC", 2: "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH", 3: "AD AC"},
                 PARTNER_ESPIRRA, lang=lang)
    assert "espirra" in t.game.view(0)["legal"] and t.espirra_panel.layout.display == ""
    words = t.espirra_button.description
    assert words == ("Espirra: play the called Ace" if lang == "en" else "Espirra: jogar o Ás chamado")
    real = engine.hint
    try:  # the hint as the advisor gives it, its move made the espirra, shown by the table's own panel
        engine.hint = lambda game, seat: dataclasses.replace(real(game, seat), action="espirra")
        t.show_hint()
    finally:
        engine.hint = real
    headline = re.search(r"data-testid='hint-headline'>([^<]*)<", t.hint_panel.value)
    assert headline and html.unescape(headline.group(1)).startswith(words + ":"), t.hint_panel.value[:300]
