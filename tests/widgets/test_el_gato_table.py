"""The El Gato table driven by clicks in plain pytest: a show you start with Play or Autoplay."""

import pytest

import engine
from widgets.games.el_gato_table import ElGatoTable


@pytest.fixture
def table():
    return ElGatoTable(players=4, seed=5, bot_delay=0)


def test_the_table_deals_and_waits_for_you(table):
    assert table.code == "4-000005" and table.players_box.options == (2, 4, 5, 8, 10)
    assert table.game.current_player == 0 and "Your turn" in table.status.value
    assert table.hand.cards == [None] and table.hand.items[0]["playable"]  # your packet, face down
    assert "Your packet: <b>10</b> cards" in table.packet_html.value
    assert table.seats_html.value.count("data-testid='packet'") == 3
    assert not table.play_button.disabled


def test_play_turns_your_card_and_the_others_follow(table):
    before = len(table.game.history)
    table.play_button.click()
    assert table.game.history[before] == (0, "play")
    assert any(line.startswith("You turn up ") for line in table.log_lines())
    assert table.game.current_player == 0 or table.game.is_over  # the bots played on to your next turn
    assert "data-testid='trick'" in table.middle_html.value


def test_clicking_or_keying_the_packet_plays_and_a_dimmed_packet_explains(table):
    table.hand.play(0)  # a click, or Enter/space on the focused packet
    assert sum(1 for seat, _ in table.game.history if seat == 0) == 1
    t = ElGatoTable(players=2, seed=3, bot_delay=0)
    t.hand.show([None], playable=[False], tooltips=["Wait for your turn"])
    t.hand.play(0)
    assert "Wait for your turn" in t.status.value


def test_a_move_out_of_turn_is_refused_with_a_message(table):
    table.play_button.click()
    table.game.apply("play", 0)  # your card, so a bot is to play now
    saved = table.game.to_json()
    assert not table.act("play")
    assert table.game.to_json() == saved and "Wait for your turn" in table.status.value


def test_autoplay_plays_the_whole_game_and_says_who_lost():
    # autoplay_delay=0 plays at once even where an event loop runs (the browser tests leave one).
    table = ElGatoTable(players=4, seed=5, bot_delay=0, autoplay_delay=0)
    table.autoplay_button.value = True
    assert table.game.is_over and not table.autoplay_button.value
    assert table.autoplay_button.disabled and table.play_button.disabled
    assert "Press <b>New deal</b>" in table.status.value
    end = table.game.events_for(0)[-1]
    assert end["kind"] == "game_end" and end["text"] in table.status.value
    assert ("lose El Gato" in end["text"]) == (table.game.deal.result == "lose")


def test_step_plays_exactly_one_round_of_the_show_then_the_bots_play_to_your_turn(table):
    for _ in range(3):
        view = table.game.view(0)
        to_play = view["order"][len(view["trick"]):]
        start = len(table.game.events)
        said = table.step()
        after = table.game.events[start:]
        new = after[:len(said)]
        assert said == [e.text for e in new]
        assert all(e.kind == "play" and e.seat != 0 for e in after[len(said):])  # the bots, up to you
        assert table.game.current_player == 0 or table.game.is_over
        decided = [i for i, e in enumerate(new) if e.kind in ("trick", "guerra")]
        assert len(decided) == 1
        assert all(e.kind in ("safe", "game_end") for e in new[decided[0] + 1:])
        assert [e.seat for e in new if e.kind == "play"] == to_play


def test_a_guerra_is_shown_set_aside():
    from tests.engine.helpers import stack_deal
    from tests.engine.test_el_gato_rules import P1_CARDS, P2_CARDS
    t = ElGatoTable(players=2, seed=1, bot_delay=0, first_dealer=1, deck=stack_deal([P1_CARDS, P2_CARDS], first=0))
    t.play_button.click()  # you 7 de copas, Ada 7 de bastos: guerra
    assert "data-testid='aside'" in t.middle_html.value and "Guerra!" in t.middle_html.value
    assert any(line.startswith("Guerra! You and Ada tie") for line in t.log_lines())
    t.play_button.click()  # 3 vs 9: Ada takes all four
    assert "Ada took the last trick and the guerra" in t.middle_html.value


def test_hint_explains_the_odds(table):
    hint = table.show_hint()
    assert hint is not None and hint.action == "play"
    # the headline names the move as its button reads, once (issue 31: it read "Hint: play: turn your top card")
    assert table.play_button.description == "Play"
    assert "<b data-testid='hint-headline'>Play: it is the only move you have.</b>" in table.hint_panel.value
    assert "play:" not in table.hint_panel.value and "nothing to choose" in table.hint_panel.value


def test_undo_takes_back_your_card_and_what_followed(table):
    saved = table.game.to_json()
    table.play_button.click()
    table.undo_button.click()
    assert table.game.to_json() == saved and "taken back" in table.status.value


def test_deal_codes_and_player_counts(table):
    hand_sizes = ElGatoTable(players=5, seed=77, bot_delay=0).game.view(0)["packet_sizes"]
    table.code_box.value = "5-00002D"
    assert table.players == 5 and table.game.view(0)["packet_sizes"] == hand_sizes
    table.deal_from_code("3-000001")
    assert "2, 4, 5, 8 or 10 players" in table.status.value and table.players == 5
    table.deal_from_code("nonsense")
    assert "not a deal code" in table.status.value
    table.players_box.value = 10
    assert table.game.players == 10 and len(table.game.view(0)["packet_sizes"]) == 10


def test_why_explains_the_rule_behind_a_log_line(table):
    table.play_button.click()
    text = table.explain_log_row(0)
    assert text and "rule:" in table.why_panel.value
    assert text == table.game.rule_text(table.game.events_for(0)[-12:][0]["rule"])


def test_teacher_switch_shows_the_order_of_every_packet(table):
    game = table.game
    top = game.deal.packets[1][0]
    assert top.name not in table.seats_html.value
    table.show_all_box.value = True
    assert top.name in table.seats_html.value
    assert engine.hint(game, 0) == engine.hint(engine.load_game(game.to_json()), 0)
