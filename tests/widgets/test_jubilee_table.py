"""The Jubilee table driven by clicks in plain pytest (DESIGN.md "Widgets")."""

import pytest

import engine
from widgets.games.jubilee_table import JubileeTable

from tests.widgets.hint_words import HEADLINE


@pytest.fixture
def table():
    return JubileeTable(players=3, seed=5, bot_delay=0)


def playable_indexes(t):
    return [i for i, item in enumerate(t.hand.items) if item["playable"]]


def test_the_table_deals_and_waits_for_you(table):
    assert table.game.current_player == 0
    assert len(table.hand.items) == 8
    assert "Your turn" in table.status.value
    assert table.code == "3-000005"
    assert table.game.history[0][0] == 1 and table.game.history[1][0] == 2  # the bots played first
    assert f"data-testid='count'>{table.game.deal.count}<" in table.count_html.value
    assert "next Jubilee at <b>25</b>" in table.count_html.value


def test_clicking_a_card_plays_it_and_the_bots_answer(table):
    before = len(table.game.history)
    card = table.hand.items[playable_indexes(table)[0]]["card"]
    table.hand.play(playable_indexes(table)[0])
    assert table.game.history[before] == (0, f"play {card}")
    assert table.game.current_player == 0  # both bots have moved
    assert len(table.game.history) == before + 3
    assert any(line.startswith("You play ") for line in table.log_lines())
    shown = [row.children[1].value for row in table.log_rows if row.children[1].value]
    assert shown[-1].startswith("Ben draws") and len(shown) == 11  # the seeded bots (widgets.autosave.SeatBot)


def test_a_card_that_would_go_below_zero_is_dimmed_with_the_rule_as_tooltip():
    t = JubileeTable(players=3, seed=5, bot_delay=0)
    # count is 4: the 3♥ is fine, but find a position with a heart worth more than the count
    while True:
        view = t.game.view(0)
        bad = [i for i, c in enumerate(view["hand"])
               if engine.games.jubilee.card_value(engine.parse_card(c)) + view["count"] < 0]
        if bad:
            break
        t.hand.play(playable_indexes(t)[-1])
    item = t.hand.items[bad[0]]
    assert not item["playable"] and "never go below 0" in item["tooltip"]
    before = t.game.to_json()
    t.hand.play(bad[0])  # clicking a dimmed card refuses with the reason
    assert t.game.to_json() == before
    assert "never go below 0" in t.status.value


def test_hint_names_a_card_and_highlights_it(table):
    hint = table.show_hint()
    assert hint is not None and hint.action in [str(a) for a in table.game.legal_actions()]
    assert f"{HEADLINE}{table.action_label(hint.action).capitalize()}: " in table.hint_panel.value
    assert hint.reason.split(".")[0] in table.hint_panel.value
    selected = [item["card"] for item in table.hand.items if item["selected"]]
    assert selected and all(f"play {c}" == hint.action for c in selected)
    table.hint_button.click()
    assert HEADLINE in table.hint_panel.value


def test_undo_takes_back_your_move_and_the_bots_replies(table):
    saved = table.game.to_json()
    table.hand.play(playable_indexes(table)[0])
    assert not table.undo_button.disabled
    table.undo_button.click()
    assert table.game.to_json() == saved
    assert table.undo_button.disabled and "taken back" in table.status.value


def test_new_deal_and_deal_codes_reproduce_deals(table):
    table.new_button.click()
    code = table.code_box.value
    hand = table.hand.cards
    other = JubileeTable(players=2, seed=1, bot_delay=0)
    other.code_box.value = code
    other.deal_button.click()
    assert other.players == table.players and other.hand.cards == hand
    other.deal_from_code("9-000001")
    assert "for 2 to 7 players" in other.status.value
    other.deal_from_code("not a code")
    assert "not a deal code" in other.status.value


def test_typing_a_code_and_pressing_enter_deals_it(table):
    hand = JubileeTable(players=4, seed=77, bot_delay=0).hand.cards
    table.code_box.value = "4-00002D"  # 77 in base 32
    assert table.players == 4 and table.hand.cards == hand


def test_players_dropdown_deals_again(table):
    table.players_box.value = 5
    assert table.game.players == 5 and len(table.game.view(0)["hand_sizes"]) == 5


def test_why_explains_the_rule_behind_a_log_line(table):
    table.log_rows[0].children[0].click()
    assert "rule:" in table.why_panel.value
    assert table.explain_log_row(0) == table.game.rule_text(table.game.events_for(0)[-12:][0]["rule"])


def test_teacher_switch_shows_every_hand(table):
    bot_hand = table.game.view(1)["hand"]
    assert all(engine.parse_card(c).name not in table.opponents.value for c in bot_hand
               if c not in table.game.view(0)["hand"])
    table.show_all_box.value = True
    assert all(engine.parse_card(c).name in table.opponents.value for c in bot_hand)


def test_passing_button_only_when_you_cannot_play():
    from tests.engine.helpers import stack_deal
    t = JubileeTable(players=2, seed=1, bot_delay=0)
    hands = ["5H 6H 7H 8H 9H 10H JH QH", "4S 2S 3S 4C 5C 6C 7C 8C"]
    t.options = {"first_dealer": 0, "deck": stack_deal(hands, first=1)}
    t.start(2, 1)  # Ben plays a small black card; you hold only hearts of 5 and more
    assert t.game.deal.count <= 4 and t.game.legal_actions() == [engine.Action("pass")]
    assert not t.pass_button.disabled
    assert not any(item["playable"] for item in t.hand.items)
    t.pass_button.click()
    assert any(line.startswith("You cannot play") and "you show your hand" in line for line in t.log_lines())


def test_the_whole_match_can_be_played_by_clicks():
    t = JubileeTable(players=2, seed=11, bot_delay=0)
    while not t.game.is_over:
        if t.pass_button.disabled:
            t.hand.play(playable_indexes(t)[0])
        else:
            t.pass_button.click()
    assert "The match is over" in t.status.value and "New deal" in t.status.value
    assert t.hint_button.disabled


def test_the_last_deals_result_stays_in_sight_as_the_next_deal_starts():
    t = JubileeTable(players=2, seed=11, bot_delay=0)
    while t.game.deal_number == 0:
        assert t.banner.value == ""
        if t.pass_button.disabled:
            t.hand.play(playable_indexes(t)[0])
        else:
            t.pass_button.click()
    assert "Deal 1 is over" in t.banner.value and "217" in t.banner.value


def test_the_hint_names_a_pass_with_the_buttons_words(table):
    """Issue 19: "pass" is the "Show hand and pass" button."""
    assert table.action_label("pass") == table.pass_button.description
    assert table.action_label("play 7S") == "play 7♠"  # a card is played by clicking it
