"""The clock tables driven by clicks in plain pytest (DESIGN.md "Widgets")."""

from __future__ import annotations

import html
import re

from engine.games.relogio import CENTRE, clock_deck
from widgets.games.relogio_table import RelogioRealTable, RelogioTable

from tests.widgets.hint_words import HEADLINE


def stacked(deck: list[str], **options) -> RelogioTable:
    t = RelogioTable(seed=1, autoplay_delay=0)
    t.options = {"deck": deck, **options}
    t.start(1, 1)
    return t


def top_index(t: RelogioTable, hour: int) -> int:
    return len(t.clock.rows[hour].items) - 1


def test_a_one_player_table_with_the_clock_and_no_bots():
    t = RelogioTable(seed=5, autoplay_delay=0)
    assert t.game.players == 1 and t.bots == {} and t.code == "1-000005"
    assert t.players_box.layout.display == "none" and t.level_box.layout.display == "none"
    assert "Your turn" in t.status.value and "Press Turn" in t.status.value
    for hour, row in t.clock.rows.items():
        assert row.cards == [None] * 4, "all 52 cards start face down, even for the player"
    centre = t.clock.rows[CENTRE].items
    assert [i["playable"] for i in centre] == [True] * 4  # the whole marked pile is one target: its top card turns
    assert all(not i["playable"] for i in t.clock.rows[3].items)
    assert t.clock.rows[CENTRE].card_width >= 44  # a real target, not a 15 px sliver
    assert "▶" in t.clock.labels[CENTRE].value and "relogio-pile--current" in t.clock.cells[CENTRE]._dom_classes


def test_turn_button_and_clicking_the_top_card_turn_and_highlight_it():
    t = stacked(clock_deck({"K": "7H 5S", 7: "3C"}))
    t.turn_button.click()
    assert t.log_lines()[-1] == "You turn 7♥ from the centre and put it face up under 7 o'clock."
    row = t.clock.rows[7].items
    assert row[0]["card"] == "7H" and row[0]["selected"]  # the card just turned is highlighted
    assert "7H" in t.turned_html.value or "7♥" in t.turned_html.value
    assert "7♥ from the centre, put under 7 o'clock" in html.unescape(t.turned_html.value)  # said in words
    assert "▶" in t.clock.labels[7].value
    t.clock.rows[7].play(top_index(t, 7))  # the mouse: the top face-down card of 7 o'clock
    assert t.log_lines()[-1].startswith("You turn 3♣ from 7 o'clock")


def test_clicking_a_card_that_may_not_be_turned_explains_and_changes_nothing():
    t = RelogioTable(seed=5, autoplay_delay=0)
    before = t.game.to_json()
    t.clock.rows[3].play(3)
    assert "You may only turn the top card of the centre" in t.status.value
    assert t.game.to_json() == before
    t.clock.rows[CENTRE].play(0)  # any card of the marked pile turns its top card
    assert t.log_lines()[-1].startswith("You turn ") and "from the centre" in t.log_lines()[-1]
    hour = t.game.deal.current
    t.clock.rows[t.game.last["to"]].play(0)  # the face-up card just placed
    assert "already face up" in t.status.value and t.game.deal.current == hour


def test_a_king_offers_the_swap_by_clicking_a_pile_then_a_place_in_words():
    t = stacked(clock_deck({"K": "KS", 7: "2H 9D 3S"}))
    t.turn_button.click()
    assert "You turned K♠, King number 1" in t.status.value
    assert t.turn_button.disabled and t.keep_button.layout.display == ""
    assert all(i["playable"] for i in t.clock.rows[7].items)  # the pile is a choice, wherever you click it
    assert "Put the King in 7 o'clock" in t.clock.rows[7].items[2]["tooltip"]
    assert t.swap_panel.layout.display == "none"
    t.clock.rows[7].play(0)  # any card of the pile picks the pile ...
    assert t.game.history[-1] == (0, "turn") and t.swap_panel.layout.display == ""
    assert "Put K♠ face down in <b>7 o'clock</b>" in html.unescape(t.swap_html.value)
    shown = [b.description for b in t.swap_buttons if b.layout.display != "none"]
    assert shown == ["the top card (turned next)", "the 2nd card", "the 3rd card", "the bottom card"]
    assert "relogio-pile--chosen" in t.clock.cells[7]._dom_classes
    t.swap_buttons[1].click()  # ... and a 44 px button in words says where the King goes
    assert t.game.history[-1] == (0, "swap 7:2") and t.swap_panel.layout.display == "none"
    assert "take out the card that was there: 9♦" in t.log_lines()[-2]
    assert t.clock.rows[7].items[2]["selected"]  # you know where your King lies
    assert "King swap: used" in t.scoreboard.value


def test_keep_button_and_a_face_up_click_during_the_offer():
    t = stacked(clock_deck({"K": "KS 4D", 4: "4C"}))
    t.turn_button.click()
    t.act("keep")
    t.turn_button.click()  # 4♦ under 4 o'clock
    t.turn_button.click()  # 4♣ under 4 o'clock too
    assert t.game.deal.up[4] and t.keep_button.layout.display == "none"
    t2 = stacked(clock_deck({"K": "KS"}))
    t2.turn_button.click()
    t2.keep_button.click()
    assert t2.game.deal.up[CENTRE] and "King number 1" in t2.log_lines()[-1]


def test_hint_shows_win_chances_and_highlights_the_best_slot():
    t = RelogioTable(seed=3, autoplay_delay=0)
    t.autoplay()  # turns cards until the first King is offered
    assert t.game.view(0)["pending"]
    hint = t.show_hint()
    assert hint is not None and f"{HEADLINE}Keep the King: " in t.hint_panel.value and "Win" in t.hint_panel.value
    while not t.game.is_over and t.game.view(0)["kings_up"] < 3:
        t.act("keep")
        t.autoplay()
    hint = t.show_hint()
    assert hint is not None and hint.action.startswith("swap ")
    assert "it is the 4th King" in t.hint_panel.value
    label, _, depth = hint.action[5:].partition(":")
    hour = CENTRE if label == "K" else int(label)
    row = t.clock.rows[hour]
    n = t.game.view(0)["piles"][hour - 1]["face_down"]
    ups = len(t.game.view(0)["piles"][hour - 1]["face_up"])
    assert row.items[ups + n - int(depth)]["selected"]


def test_undo_new_deal_codes_and_why():
    t = RelogioTable(seed=5, autoplay_delay=0)
    saved = t.game.to_json()
    t.turn_button.click()
    t.undo_button.click()
    assert t.game.to_json() == saved and "taken back" in t.status.value
    t.code_box.value = "1-000009"
    assert t.game.seed == 9 and t.game.history == []
    t.new_button.click()
    assert t.game.history == [] and t.code_box.value == t.code
    t.log_rows[0].children[0].click()
    assert "rule:" in t.why_panel.value and "13 piles of 4" in t.why_panel.value


def test_teacher_switch_shows_the_face_down_cards():
    t = RelogioTable(seed=5, autoplay_delay=0)
    assert t.clock.rows[CENTRE].cards == [None] * 4
    t.show_all_box.value = True
    assert t.clock.rows[CENTRE].cards == [str(c) for c in reversed(t.game.deal.down[CENTRE])]


def test_a_whole_game_by_clicks_to_the_end():
    t = RelogioTable(seed=11, autoplay_delay=0, king_swap="off")
    t.autoplay()
    assert t.game.is_over and "New deal" in t.status.value
    assert t.turn_button.disabled and t.hint_button.disabled and t.autoplay_button.disabled
    t.clock.rows[1].play(0)
    assert "The game is over" in t.status.value


def test_relogio_real_step_autoplay_finish():
    t = RelogioRealTable(seed=5, autoplay_delay=0)
    assert all(row.cards and None not in row.cards for row in t.clock.rows.values())  # all face up
    assert t.show_all_box.layout.display == "none"
    assert "Press Step to pick up the top card of 1 o'clock" in html.unescape(t.status.value)
    t.step_button.click()
    assert t.log_lines()[-1].startswith("You start at 1 o'clock")
    assert t.game.deal.carried is not None and t.game.deal.carried.symbol in t.status.value
    carried = t.game.deal.carried.symbol
    t.step_button.click()
    assert t.log_lines()[-1].startswith(f"You put {carried} under ")
    target = t.game.last["to"]
    assert t.clock.rows[target].items[0]["selected"]  # the carried card went to the bottom
    t.clock.rows[3].play(0)
    assert "no choices" in t.status.value
    hint = t.show_hint()
    assert hint is not None and "forced" in hint.reason
    t.finish_button.click()
    assert t.game.is_over and t.step_button.disabled and "New deal" in t.status.value
    assert "Rounds removed" in t.scoreboard.value


def test_relogio_real_autoplay_without_a_running_loop_plays_to_the_end():
    t = RelogioRealTable(seed=8, autoplay_delay=0, rounds=1)
    t.autoplay_button.click()
    assert t.game.is_over


NOTATION = re.compile(r"\b(?:\d+|K):\d+\b|^▶?\s*(?:swap|move|turn|keep)\b")  # "swap 10:3", a bare "move"


def hint_words(t) -> str:
    return re.sub(r"<[^>]+>", " ", html.unescape(t.hint_panel.value))


def hint_moves(t) -> list[str]:
    """The Move column of the hint's table, as the learner reads it."""
    return [html.unescape(m).strip() for m in re.findall(r"<tr><td>(.*?)</td>", t.hint_panel.value)]


def test_the_hints_name_each_move_in_the_words_of_its_button():
    real = RelogioRealTable(seed=5, autoplay_delay=0)
    real.show_hint()
    assert " Step: " in hint_words(real) and real.step_button.description == "Step"
    assert hint_moves(real) == ["▶ Step"]
    t = RelogioTable(seed=5, autoplay_delay=0)
    t.show_hint()
    assert " Turn: " in hint_words(t) and t.turn_button.description == "Turn"
    t.autoplay()  # turns cards until the first King is offered
    assert t.game.view(0)["pending"]
    t.show_hint()
    assert " Keep the King: " in hint_words(t) and t.keep_button.description == "Keep the King"
    moves = hint_moves(t)
    assert moves[0] == "▶ Keep the King" and "Swap the King with the bottom card of 11 o'clock" in moves, moves
    assert [m for m in moves if NOTATION.search(m)] == [] and not NOTATION.search(hint_words(t)), moves
