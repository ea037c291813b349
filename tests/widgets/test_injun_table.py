"""The Injun table driven by clicks in plain pytest (DESIGN.md "Widgets"; docs/rules/injun.md)."""

from __future__ import annotations

import pytest

import engine
from engine.games.injun import deck_for
from widgets.games.injun_table import InjunTable

from tests.widgets.hint_words import HEADLINE


@pytest.fixture
def table():
    return InjunTable(players=3, seed=5, bot_delay=0)


def own_card(t: InjunTable) -> engine.Card:
    card = t.game.deal.cards[0]
    assert card is not None
    return card


def stacked(cards: list[str], style: str = "poker", **options) -> InjunTable:
    """You (seat 0), Ada and Ben; Ben deals, so you open."""
    t = InjunTable(players=3, seed=1, bot_delay=0)
    t.options = {"first_dealer": 2, "deck": deck_for(cards, 2), "style": style, **options}
    t.start(3, 1)
    assert t.game.current_player == 0
    return t


def test_your_card_is_face_down_on_your_forehead_and_the_others_are_face_up(table):
    """Seed: nobody may see his own card; it is held up for the others (docs/rules/injun.md)."""
    mine = own_card(table)
    assert table.hand.cards == [None]  # drawn face down
    assert "on your forehead" in table.forehead_note.value
    assert mine.name not in table.seats_html.value and mine.name not in table.hand.items[0]["name"]
    for seat in (1, 2):
        assert table.game.deal.cards[seat].name in table.seats_html.value
    assert not any(mine.symbol in line for line in table.log_lines())
    assert table.hint_button.click() is None and mine.symbol not in table.hint_panel.value


def test_the_bots_open_and_it_is_your_turn_with_poker_buttons(table):
    assert table.game.current_player == 0 and "Your turn" in table.status.value
    assert table.controls.children == (table.poker_controls,)
    high = table.game.view(0)["high_bet"]
    assert high and table.call_button.description == f"Call {table.game.view(0)['to_call']}"
    assert table.raise_button.description == f"Raise by 1 (to {high + 1})"
    assert f"data-testid='pot'>{table.game.deal.pot_total}<" in table.pot_html.value


def test_calling_moves_chips_to_the_pot_and_the_bots_answer():
    t = stacked(["5C", "9S", "KD"])
    assert t.amount_box.description == "Bet" and t.call_button.disabled
    assert "Nobody has bet yet" in t.call_button.tooltip
    assert "'" not in t.call_button.tooltip  # the table's words, never a move code like 'bet N'
    t.amount_box.value = 3
    assert t.raise_button.description == "Bet 3"
    t.raise_button.click()
    assert t.game.history[0] == (0, "bet 3")
    assert any(line == "You open with a bet of 3: the pot holds 6." for line in t.log_lines())
    assert t.game.current_player == 0 and t.call_button.description == "Call 1"  # Ben raised by 1


def test_a_bet_you_cannot_afford_is_refused_with_the_reason():
    t = stacked(["5C", "9S", "KD"])
    t.amount_box.value = 50
    assert t.raise_button.disabled and "That needs 50 chips, and You have only 19" in t.raise_button.tooltip
    before = t.game.to_json()
    t.raise_button.click()  # a click from Python still reaches the handler: refused, nothing changes
    assert t.game.to_json() == before and "only 19" in t.status.value


def test_folding_hands_the_pot_to_the_last_player():
    t = stacked(["5C", "9S", "KD"])
    t.fold_button.click()
    assert t.game.history[0] == (0, "fold")
    assert any("You fold" in line for line in t.log_lines())
    assert t.game.deal_number == 1 and "Deal 1:</b> You -1, Ada -1, Ben +2" in t.banner.value
    assert "5 of clubs" in t.banner.value  # the last deal's cards, yours too, stay in sight


def test_brag_controls_and_pay_two_to_see_only_for_the_last_two():
    """Seed, brag: a chip a turn until two remain; then quit or pay two to see (docs/rules/injun.md)."""
    t = stacked(["5C", "9S", "KD"], style="brag")
    assert t.controls.children == (t.brag_controls,)
    assert t.see_button.disabled and "Only the last two players may pay to see" in t.see_button.tooltip
    assert t.fold_button.description == "Drop out"
    t.chip_button.click()
    assert t.game.history[0] == (0, "chip")


def test_the_style_switch_deals_again_in_the_other_style(table):
    table.style_box.value = "brag"
    assert table.game.deal.style == "brag" and table.game.seed == table.seed
    assert table.controls.children == (table.brag_controls,)


def test_hint_marks_the_suggested_button_and_explains_with_numbers():
    t = stacked(["KC", "2S", "3D"])
    t.amount_box.value = 2
    t.raise_button.click()  # both bots fold to your K; in deal 2 Ada bets 1 and Ben calls
    assert t.game.deal_number == 1 and t.game.current_player == 0
    hint = t.show_hint()
    # Ada bet and Ben called while looking at your card: read that way, your card is probably low (issue 8)
    assert hint is not None and hint.action == "fold"
    assert "You can see J♣ and 6♣ still in. Your own card beats them both in 12 of the 50 cases" in hint.reason
    assert "A call costs 1 chip to win a pot of 5: you need to win 17% of the time." in hint.reason
    assert "Ada bet after seeing your card" in hint.reason
    assert f"{HEADLINE}Fold: " in t.hint_panel.value and "Raise by 1" in t.hint_panel.value
    assert t.fold_button.button_style == "info" and t.call_button.button_style == ""


def test_undo_takes_back_your_move_and_the_bots_replies(table):
    saved = table.game.to_json()
    table.call_button.click()
    assert table.game.to_json() != saved and not table.undo_button.disabled
    table.undo_button.click()
    assert table.game.to_json() == saved and "taken back" in table.status.value


def test_deal_codes_reproduce_deals_and_bad_codes_explain(table):
    other = InjunTable(players=5, seed=9, bot_delay=0)
    other.deal_from_code(table.code)
    assert other.players == 3 and other.game.view(1) == table.game.view(1)
    other.deal_from_code("16-000001")
    assert "for 2 to 15 players" in other.status.value


def test_why_explains_the_rule_behind_a_log_line(table):
    table.log_rows[0].children[0].click()
    assert "rule:" in table.why_panel.value


def test_teacher_switch_shows_your_card(table):
    table.show_all_box.value = True
    assert table.hand.cards == [str(own_card(table))]


def test_a_whole_game_can_be_played_by_clicks():
    t = InjunTable(players=2, seed=11, bot_delay=0, max_deals=3)
    for _ in range(200):
        if t.game.is_over:
            break
        if not t.call_button.disabled:
            t.call_button.click()
        else:
            t.amount_box.value = 1
            t.raise_button.click()
    assert t.game.is_over and "The game is over" in t.status.value and "New deal" in t.status.value
    assert t.hint_button.disabled and t.fold_button.disabled


def test_with_the_seeds_betting_the_call_button_says_it_ends_the_betting():
    """docs/rules/injun.md, betting="seed": the first player who just matches ends the betting at once."""
    for betting, label in (("seed", "Call 2 and end the betting"), ("standard", "Call 2")):
        t = stacked(["2S", "3D", "4C"], betting=betting)
        t.amount_box.value = 1
        t.raise_button.click()  # you bet 1; Ada and Ben see your 2♠ and both raise by 1
        assert [a for _s, a in t.game.view(0)["actions"]] == ["bet 1", "raise 1", "raise 1"]
        assert t.game.current_player == 0 and t.call_button.description == label


def test_the_hint_names_each_move_with_its_buttons_words():
    """Issue 19: a hint says a move as the button that makes it does ("Fold", "Chip in 1"), not "fold"."""
    t = stacked(["KC", "2S", "3D"])
    assert t.action_label("fold") == t.fold_button.description == "Fold"
    assert t.action_label("call") == t.call_button.description
    assert t.action_label("bet 2") == f"{t.amount_box.description} 2" == "Bet 2"
    t = stacked(["KC", "2S", "3D"], style="brag")
    assert t.action_label("chip") == t.chip_button.description and t.action_label("see") == t.see_button.description
    assert t.action_label("raise 3") == "Raise by 3"


def test_after_a_hint_your_own_amount_stays_and_the_button_bets_it():
    """Issue 31: a hint fills the amount box once; an amount you type stays, the button says it and bets it."""
    t = stacked(["KC", "2S", "3D"])
    t.amount_box.value = 3
    hint = t.show_hint()
    assert hint is not None and hint.action == "bet 1"  # the hint's amount fills the box when it opens
    assert t.amount_box.value == 1 and t.raise_button.description == "Bet 1"
    t.amount_box.value = 4  # the learner disagrees with the hint
    t.refresh()  # any repaint while the hint still shows
    assert t.amount_box.value == 4 and t.raise_button.description == "Bet 4"
    assert t.raise_button.button_style == "warning"  # no longer lit as the hinted move
    t.raise_button.click()
    assert t.game.history[0] == (0, "bet 4")
