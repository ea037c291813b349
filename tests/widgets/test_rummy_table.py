"""The Rummy table driven by clicks in plain pytest (issue 9, item 7; docs/rules/rummy.md)."""

from __future__ import annotations

import re
import pytest

from engine.dealing import stack_deck
from engine.hints import Bot
from widgets.games.rummy_table import RummyTable

from tests.widgets.hint_words import HEADLINE

# You are seat 0 and play first (Ada deals). The upcard 8♠ fits nothing of yours.
YOU = "2C 3C 4C 6D 7D 8D 9H 6S 9C 5C"
ADA = "7S 9S KH QH 2H 4D 10C JD 3S AD"
STACKED = {"first_dealer": 1, "deck": stack_deck([YOU, ADA], "8S KC 5H", first=0)}


@pytest.fixture
def table() -> RummyTable:
    return RummyTable(players=2, seed=3, bot_delay=0, **STACKED)


def playable(row) -> list[bool]:
    return [item["playable"] for item in row.items]


def test_draw_by_clicking_the_stock_or_the_discard(table):
    assert "Draw: click the stock" in table.status.value
    assert playable(table.stock_row) == [True] and playable(table.discard_row) == [True]
    assert table.stock_row.cards == [None] and table.discard_row.cards == ["8S"]
    assert not any(playable(table.hand))  # the hand waits for the draw
    assert table.hand.items[0]["tooltip"].startswith("Draw first")
    table.stock_row.play(0)
    assert "KC" in table.hand.cards and len(table.hand.cards) == 11
    assert playable(table.stock_row) == [False]
    assert "already drawn" in table.game.why_illegal("draw stock", 0)


def test_the_meld_button_lights_only_for_a_meld_and_says_why_not(table):
    table.stock_row.play(0)
    assert table.meld_button.disabled and "Select the cards" in table.meld_button.tooltip
    table.select("2C", "3C", "5C")
    assert table.meld_button.disabled
    assert table.meld_button.tooltip == "2♣ 3♣ 5♣ is not a run: 4♣ is missing."
    table.select("5C")  # clicking it again drops it
    table.select("4C")
    assert not table.meld_button.disabled and table.meld_button.tooltip == "Put down 2♣ 3♣ 4♣"
    assert [i["selected"] for i in table.hand.items].count(True) == 3
    table.meld_button.click()
    assert table.game.view(0)["melds"][0]["cards"] == ["2C", "3C", "4C"]
    assert table.selected == [] and len(table.hand.cards) == 8
    assert "meld-1" in table.meld_titles[0].value and "You" in table.meld_titles[0].value


def test_lay_off_by_clicking_a_meld(table):
    table.stock_row.play(0)
    table.select("2C", "3C", "4C")
    table.meld()
    table.select("9H")
    assert table.meld_rows[0].items[0]["tooltip"].startswith("9♥ does not fit meld 1")
    table.meld_rows[0].play(0)  # refused: explains and changes nothing
    assert "does not fit" in table.status.value and len(table.game.view(0)["melds"][0]["cards"]) == 3
    table.select("9H")  # unselect
    table.select("5C")
    assert table.meld_rows[0].items[0]["tooltip"] == "Lay 5♣ off here"
    table.meld_rows[0].play(1)
    assert table.game.view(0)["melds"][0]["cards"] == ["2C", "3C", "4C", "5C"]


def test_discard_ends_the_turn_and_the_bots_play(table):
    table.stock_row.play(0)
    assert table.discard_button.disabled
    table.select("6S")
    assert not table.discard_button.disabled
    table.discard_button.click()
    lines = table.log_lines()
    assert "You discard 6♠." in lines
    assert any(line.startswith("Ada") for line in lines)  # the bot moved
    assert table.game.current_player == 0


def test_the_card_just_taken_may_not_be_discarded(table):
    table.discard_row.play(0)
    table.select("8S")
    assert table.discard_button.disabled
    assert "just taken from the discard pile" in table.discard_button.tooltip


def test_sort_toggle_by_rank_and_by_suit(table):
    assert table.hand.cards[:4] == ["6S", "9H", "2C", "3C"]
    table.sort_toggle.value = "rank"
    assert table.hand.cards[:3] == ["2C", "3C", "4C"] and table.hand.cards[-2:] == ["9H", "9C"]
    table.sort_toggle.value = "suit"
    assert table.hand.cards[0] == "6S"


def test_hint_names_numbers_and_marks_the_cards(table):
    table.stock_row.play(0)
    hint = table.show_hint()
    assert hint is not None and hint.action.startswith("meld")
    assert f"{HEADLINE}Meld {' '.join(table.action_label(hint.action).split()[1:])}" in table.hint_panel.value
    marked = [i["card"] for i in table.hand.items if i["selected"]]
    assert marked == hint.action.split()[1:] or sorted(marked) == sorted(hint.action.split()[1:])


def test_undo_takes_back_the_learners_move(table):
    table.stock_row.play(0)
    table.select("2C", "3C", "4C")
    table.meld()
    table.undo()
    assert table.game.view(0)["melds"] == [] and len(table.hand.cards) == 11


def test_scores_target_and_history(table):
    assert "First to 100 points" in table.scoreboard.value
    t = RummyTable(players=3, seed=5, bot_delay=0, target=1)
    me = Bot("rummy", "medium")
    for _ in range(300):
        if t.game.is_over:
            break
        t.act(me.choose(t.game.view(0)))
    assert t.game.is_over
    assert "data-testid='history'" in t.scoreboard.value and "New deal" in t.status.value


def _play_out(t: RummyTable) -> None:
    me = Bot("rummy", "medium")
    for _ in range(2000):
        if t.game.is_over:
            break
        t.act(me.choose(t.game.view(0)))
    assert t.game.is_over


def test_the_deal_history_and_the_end_summary_show_the_games_figures():
    """docs/rules/rummy.md: the winner takes the others' hand values; the history row and the standings say so."""
    t = RummyTable(players=3, seed=8, bot_delay=0, target=30)
    _play_out(t)
    results = t.game.view(0)["results"]
    rows = t.deal_results()
    assert [points for _, points in rows] == [r["points"] for r in results]
    assert [sum(p[s] for _, p in rows) for s in range(3)] == t.game.view(0)["scores"]
    assert all(label.startswith(f"Deal {r['deal']}") and (("★" in label) == (r["how"] == "rummy"))
               for (label, _), r in zip(rows, results))
    assert f"{len(rows)} deal" in t.scoreboard.value and "data-testid='history'" in t.scoreboard.value
    scores = t.game.view(0)["scores"]
    first = max(range(3), key=lambda s: scores[s])
    assert f"<td>1st</td><td>{t.names[first]}</td><td>{scores[first]}</td>" in t.end_html.value


def test_with_penalty_scoring_the_standings_start_from_the_lowest_total():
    """docs/rules/rummy.md#rummy.penalty: each player scores his own hand; the lowest total wins."""
    t = RummyTable(players=2, seed=4, bot_delay=0, target=20, scoring="penalty")
    _play_out(t)
    scores = t.game.view(0)["scores"]
    low = min(range(2), key=lambda s: (scores[s], s))
    assert t.end_html.value.index("<td>1st</td>") < t.end_html.value.index(f"<td>{t.names[1 - low]}</td>")
    assert f"<td>1st</td><td>{t.names[low]}</td><td>{scores[low]}</td>" in t.end_html.value


def test_teacher_show_all_opens_the_other_hands(table):
    assert "Jack" not in table.opponents.value  # only backs
    table.show_all_box.value = True
    assert "Jack of diamonds" in table.opponents.value


def test_wrong_time_clicks_explain_themselves(table):
    table.select("2C")  # before drawing: not selectable
    assert table.selected == [] and "Draw first" in table.status.value
    table.stock_row.play(0)
    table.discard()
    assert "Select exactly one card" in table.status.value


def test_tied_players_share_a_place_in_the_standings_either_way_round():
    """The end panel's standings (every table's): the winner first, and equal totals share a place."""
    t = RummyTable(players=3, seed=4, bot_delay=0)
    rows = re.findall(r"<td>(\w+)</td><td>(\w+)</td><td>([^<]+)</td>", t.standings([5, 5, 2]))
    assert rows == [("1st", t.names[0], "5"), ("1st", t.names[1], "5"), ("3rd", t.names[2], "2")]
    low = re.findall(r"<td>(\w+)</td><td>(\w+)</td><td>([^<]+)</td>",
                     t.standings([5, 5, 2], lowest_wins=True, shown=lambda p: f"{p} points"))
    assert low == [("1st", t.names[2], "2 points"), ("2nd", t.names[0], "5 points"), ("2nd", t.names[1], "5 points")]


# ---- issue 19: a hinted meld is a real selection; the hint names moves with the buttons' words ----

def test_a_hinted_meld_is_selected_and_the_meld_button_lights(table):
    table.stock_row.play(0)
    hint = table.show_hint()
    cards = hint.action.split()[1:]
    assert hint.action.startswith("meld") and sorted(table.selected_cards()) == sorted(cards)
    assert not table.meld_button.disabled and table.meld_button.tooltip.startswith("Put down")
    table.select(cards[0])  # clicking one hinted card drops only that card
    assert sorted(table.selected_cards()) == sorted(cards[1:])
    assert [i["selected"] for i in table.hand.items].count(True) == len(cards) - 1
    table.select(cards[0])
    table.meld_button.click()
    assert sorted(table.game.view(0)["melds"][0]["cards"]) == sorted(cards)


def test_a_hinted_discard_is_selected_and_the_discard_button_lights(table):
    table.stock_row.play(0)
    for _ in range(4):
        hint = table.show_hint()
        if hint.action.startswith("discard"):
            break
        table.act(hint.action)
    assert hint.action.startswith("discard") and table.selected_cards() == [hint.action.split()[1]]
    assert not table.discard_button.disabled
    assert table.action_label(hint.action).startswith(table.discard_button.description + " ")


def test_the_hint_names_a_draw_as_the_pile_does(table):
    assert table.action_label("draw stock") == "Draw from the stock"
    assert table.action_label("draw discard") == "Take the 8♠ from the discard pile"
    assert table.action_label("meld 2C 3C 4C") == "Meld 2♣ 3♣ 4♣"
    assert table.meld_button.description == "Meld" and table.discard_button.description == "Discard"


def test_the_stock_is_named_by_its_size_and_the_sort_choice_is_an_aid():
    """A reader hears "Stock, 30 cards face down, can play", not "Face-down card" (issue 38); how the hand is sorted
    is not a move, so a focus whose move is gone goes to a move (the stock) first."""
    t = RummyTable(seed=4, bot_delay=0)
    size = t.game.view(t.human)["stock_size"]
    assert [item["name"] for item in t.stock_row.items] == [f"Stock, {size} cards face down"]
    assert "parlour-aid" in t.sort_toggle._dom_classes
