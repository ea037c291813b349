"""The Jabberwocky table driven by clicks in plain pytest (DESIGN.md "Widgets"; docs/rules/jabberwocky.md)."""

from __future__ import annotations

import re

import pytest

import engine
from engine.dealing import stack_deck
from widgets.games.jabberwocky_table import JabberwockyTable

from tests.widgets.hint_words import HEADLINE

# Four players, 4 cards, Cleo (seat 3) deals, so you bid first and lead. ♦ are trumps (the 2♦ turn-up).
# Every bot holds one club, so your club lead is followed by K♣ Q♣ J♣ and Ada wins; she holds only
# hearts then, so she leads one, and you hold the 2♥ beside a trump and a club.
HANDS = ["5D 7C 9C 2H", "KC 3H 4H 6H", "QC 8S 9S 10S", "JC 7S JS QS"]
STACKED = {"rounds": [4], "first_dealer": 3, "deck": stack_deck(HANDS, "2D", first=0)}


def playable(t: JabberwockyTable) -> list[str]:
    return [item["card"] for item in t.hand.items if item["playable"]]


def item(t: JabberwockyTable, card: str) -> dict:
    return next(i for i in t.hand.items if i["card"] == card)


def click_card(t: JabberwockyTable, card: str) -> None:
    t.hand.play(t.hand.cards.index(card))


def shown_buttons(t: JabberwockyTable) -> list[str]:
    return [b.description for b in t.bid_buttons if b.layout.display != "none"]


def seed_example_table() -> JabberwockyTable:
    """The seed's example at the table: 4 players, 6 cards, the others bid 2, 0, 3; you deal."""
    t = JabberwockyTable(players=4, seed=1, bot_delay=0, rounds=[6], first_dealer=0)
    t.game = engine.new_game("jabberwocky", players=4, seed=1, names=t.names, rounds=[6], first_dealer=0)
    for seat, amount in ((1, 2), (2, 0), (3, 3)):
        t.game.apply(f"bid {amount}", seat)
    t.refresh()
    return t


@pytest.fixture
def stacked() -> JabberwockyTable:
    return JabberwockyTable(players=4, seed=3, bot_delay=0, **STACKED)


def test_the_table_deals_four_players_and_shows_trumps_and_the_round():
    t = JabberwockyTable(seed=5, bot_delay=0)
    view = t.game.view(0)
    assert t.players == 4 and t.code == "4-000005"
    assert len(t.hand.items) == 3 and t.hand.cards == view["hand"]  # round 1 of 3…9…3
    trump = engine.parse_card(view["trump_card"])
    assert trump.name in t.trump_html.value  # the turn-up, face up …
    assert f"Trumps: {trump.symbol[-1]} {engine.cards.SUIT_NAMES[trump.suit]}" in t.trump_html.value  # … named
    assert re.findall(r"<span class='(jw-\w+)?'[^>]*>(\d)</span>", t.ladder_html.value) == [
        ("jw-now", "3")] + [("", str(n)) for n in (4, 5, 6, 7, 8, 9, 8, 7, 6, 5, 4, 3)]
    assert "Round 1 of 13" in t.ladder_html.value
    assert view["phase"] == "bid" and view["current_player"] == 0 and "Your turn" in t.status.value


def test_the_hand_is_sorted_by_suit_high_cards_first(stacked):
    assert stacked.hand.cards == ["2H", "9C", "7C", "5D"]  # dealt 5♦ 7♣ 9♣ 2♥: suits kept together


def test_bid_buttons_run_from_0_to_the_round_size_and_a_click_bids(stacked):
    assert shown_buttons(stacked) == ["0", "1", "2", "3", "4"]
    assert all(not b.disabled for b in stacked.bid_buttons[:5])
    assert stacked.bid_panel.layout.display == ""
    assert not any(i["playable"] for i in stacked.hand.items)  # rule jabberwocky.bid: bids come first
    assert "make a bid" in item(stacked, "7C")["tooltip"]
    stacked.bid_buttons[2].click()
    assert stacked.game.history[0] == (0, "bid 2")
    assert "You bid 2." in stacked.log_lines()
    assert [h[0] for h in stacked.game.history] == [0, 1, 2, 3]  # the bots bid after you
    assert stacked.bid_panel.layout.display == "none"  # bidding is over: the panel goes
    assert "bid <b>2</b>" in stacked.board.value and "bidwon-0" in stacked.board.value
    assert "<td>You</td><td>2</td><td>0</td>" in stacked.scoreboard.value


def test_the_dealers_forbidden_bid_is_disabled_with_the_hook_as_tooltip():
    """Seed: 4 players, 6 cards, bids 2, 0, 3 → the dealer may not bid 1 (docs/rules/jabberwocky.md#examples)."""
    t = seed_example_table()
    assert shown_buttons(t) == ["0", "1", "2", "3", "4", "5", "6"]
    forbidden = t.bid_buttons[1]
    assert forbidden.disabled
    assert forbidden.tooltip == t.game.why_illegal("bid 1", 0)
    assert "dealer" in forbidden.tooltip and "add up to 6" in forbidden.tooltip
    assert [b.description for b in t.bid_buttons[:7] if not b.disabled] == ["0", "2", "3", "4", "5", "6"]
    assert "may <b>not bid 1</b>" in t.bid_note.value and "Ada 2, Ben 0, Cleo 3" in t.bid_note.value


def test_trying_the_forbidden_bid_puts_the_rule_in_the_status_line_and_changes_nothing():
    t = seed_example_table()
    before = t.game.to_json()
    t.bid_box.value = "1"  # typed, then Enter
    assert t.game.to_json() == before
    assert "The dealer may not do that" in t.status.value and "add up to 6" in t.status.value
    assert t.bid_box.value == ""
    t.bid_buttons[1].click()  # a script can press it anyway: refused the same way
    assert t.game.to_json() == before
    t.bid_box.value = "seven"
    assert "not a bid" in t.status.value and t.game.to_json() == before
    t.bid_box.value = "7"
    assert "from 0 to 6" in t.status.value and t.game.to_json() == before
    t.bid_box.value = "0"  # a typed legal bid is made
    assert t.game.history[3] == (0, "bid 0")


def test_a_dealer_is_free_when_the_others_overbid():
    """docs/rules/jabberwocky.md#examples: 3 players, 3 cards, bids 3, 1 → the dealer may bid anything."""
    t = JabberwockyTable(players=3, seed=2, bot_delay=0, rounds=[3], first_dealer=0)
    t.game = engine.new_game("jabberwocky", players=3, seed=2, names=t.names, rounds=[3], first_dealer=0)
    t.game.apply("bid 3", 1)
    t.game.apply("bid 1", 2)
    t.refresh()
    assert [b.description for b in t.bid_buttons if b.layout.display != "none" and not b.disabled] == [
        "0", "1", "2", "3"]
    assert "every bid is allowed" in t.bid_note.value


def test_bid_buttons_wait_while_the_bots_bid():
    t = JabberwockyTable(players=4, seed=3, bot_delay=0, rounds=[4], first_dealer=3,
                         deck=STACKED["deck"])
    t.game = engine.new_game("jabberwocky", players=4, seed=3, names=t.names, rounds=[4], first_dealer=2)
    t.refresh()  # Ben deals: Cleo bids before you
    assert t.game.current_player == 3
    assert all(b.disabled and b.tooltip == "Wait for your turn to bid." for b in t.bid_buttons)
    assert t.bid_box.disabled and "Cleo is thinking" in t.status.value


def test_a_trump_lead_before_trumps_are_broken_is_dimmed_with_the_rule(stacked):
    stacked.bid(1)
    assert stacked.game.current_player == 0 and stacked.game.view(0)["trick"] == []
    assert sorted(playable(stacked)) == ["2H", "7C", "9C"]
    tip = item(stacked, "5D")["tooltip"]
    assert tip == stacked.game.why_illegal("play 5D", 0) and "not broken" in tip
    before = stacked.game.to_json()
    click_card(stacked, "5D")  # refused with the rule jabberwocky.trump_lead
    assert stacked.game.to_json() == before
    assert "not broken yet" in stacked.status.value
    assert "not broken yet" in stacked.trump_html.value


def test_playing_a_card_fills_the_trick_and_the_log_then_shows_the_last_trick(stacked):
    stacked.bid(1)
    assert "You lead the first trick" in stacked.board.value
    click_card(stacked, "7C")
    lines = stacked.log_lines()
    assert "You play 7♣." in lines
    assert any(line.startswith("Ada wins the trick (You 7♣, Ada K♣, Ben Q♣, Cleo J♣)") for line in lines)
    # Ada led a heart, Ben and Cleo followed: three cards in the middle, in play order, by seat
    view = stacked.game.view(0)
    assert view["current_player"] == 0 and [s for s, _ in view["trick"]] == [1, 2, 3]
    for order, (seat, card) in enumerate(view["trick"], start=1):
        assert re.search(rf"data-card='{card}' data-seat='{seat}'.*?jw-order'>{order}</span>{stacked.names[seat]}",
                         stacked.board.value)
    assert "7C" not in stacked.board.value
    last = stacked.last_trick_html.value  # the finished trick stays in sight, with its winner
    assert "Last trick" in last and "won by <b>Ada</b>" in last
    assert all(engine.parse_card(c).name in last for c in ("7C", "KC", "QC", "JC"))
    assert "bid <b>1</b> · won <b>0</b>" in stacked.board.value


def test_a_completed_trick_stays_in_the_middle_until_the_next_lead():
    t = JabberwockyTable(players=4, seed=3, bot_delay=0, **STACKED)
    t.game = engine.new_game("jabberwocky", players=4, seed=3, names=t.names, **STACKED)
    for seat, action in ((0, "bid 1"), (1, "bid 1"), (2, "bid 0"), (3, "bid 1"),
                         (0, "play 7C"), (1, "play KC"), (2, "play QC"), (3, "play JC")):
        t.game.apply(action, seat)
    t.refresh()  # Ada is about to lead: the middle still shows the trick she won
    board = t.board.value
    assert "<b>Ada wins</b> the last trick" in board
    assert "jw-play jw-play--won jw-play--old' data-card='KC' data-seat='1'" in board
    assert all(f"data-card='{c}'" in board for c in ("7C", "QC", "JC"))


def test_you_must_follow_suit_and_a_dimmed_card_says_why(stacked):
    stacked.bid(1)
    click_card(stacked, "7C")
    assert stacked.game.view(0)["led_suit"] == "H"
    assert playable(stacked) == ["2H"]
    tip = item(stacked, "9C")["tooltip"]
    assert tip == "You must follow suit: hearts were led and you hold 2♥."
    before = stacked.game.to_json()
    click_card(stacked, "9C")
    assert stacked.game.to_json() == before and "You must follow suit" in stacked.status.value


def test_in_table_mode_a_revoke_is_playable_but_flagged_and_costs_three():
    t = JabberwockyTable(players=4, seed=3, bot_delay=0, revoke="table", **STACKED)
    t.bid(1)
    click_card(t, "7C")
    # docs/rules/jabberwocky.md#jabberwocky.revoke (table mode): a revoke is allowed …
    assert sorted(playable(t)) == ["2H", "5D", "9C"]
    for card in ("5D", "9C"):
        assert item(t, card)["tooltip"].startswith("⚠ A revoke") and "costs 3 points" in item(t, card)["tooltip"]
    assert not item(t, "2H")["tooltip"].startswith("⚠")
    assert "⚠ is a revoke" in t.status.value
    click_card(t, "9C")
    assert "You do not follow suit but could have: a revoke, −3 at the end of the round." in t.log_lines()
    assert "<td>You</td><td>1</td><td>0</td><td>-3</td>" in t.scoreboard.value


def test_undo_takes_back_your_card_and_the_bots_replies(stacked):
    stacked.bid(1)
    saved = stacked.game.to_json()
    click_card(stacked, "7C")
    assert not stacked.undo_button.disabled
    stacked.undo_button.click()
    assert stacked.game.to_json() == saved
    assert "taken back" in stacked.status.value and "7C" in stacked.hand.cards
    stacked.undo_button.click()  # and the bid before it
    assert stacked.game.history == [] and stacked.bid_panel.layout.display == ""
    assert stacked.undo_button.disabled


def test_deal_codes_reproduce_a_deal():
    t = JabberwockyTable(seed=9, bot_delay=0)
    t.new_button.click()
    code, hand, trump = t.code_box.value, t.hand.cards, t.game.view(0)["trump_card"]
    other = JabberwockyTable(players=3, seed=1, bot_delay=0)
    other.code_box.value = code
    assert other.players == 4 and other.hand.cards == hand and other.game.view(0)["trump_card"] == trump
    assert other.game.history == t.game.history  # the seeded bots made the same bids
    other.deal_from_code("6-000001")
    assert "for 3 to 5 players" in other.status.value
    other.players_box.value = 5
    assert other.game.players == 5 and "data-seat='4'" in other.board.value


def test_bots_bid_and_play_on_their_own():
    t = JabberwockyTable(players=5, seed=21, bot_delay=0, first_dealer=0)
    assert [s for s, _ in t.game.history] == [1, 2, 3, 4]  # you deal: the four bots bid first
    assert t.game.current_player == 0
    bot_moves = 0
    for level in ("easy", "hard", "medium"):
        t.level_box.value = level
        assert all(bot.level == level for bot in t.bots.values())
        moves = len(t.game.history)
        assert t.act(t.game.view(0)["legal"][0])
        after = [s for s, _ in t.game.history[moves + 1:]]
        assert t.game.current_player == 0  # the bots between your move and your next turn have moved
        assert 0 not in after
        bot_moves += len(after)
    assert bot_moves >= 4


def test_hint_highlights_a_bid_then_a_card(stacked):
    hint = stacked.show_hint()
    assert hint is not None and hint.action.startswith("bid ")
    assert f"{HEADLINE}Bid {hint.action.split()[1]}: " in stacked.hint_panel.value
    amount = int(hint.action.split()[1])
    assert [b.description for b in stacked.bid_buttons if b.button_style == "warning"] == [str(amount)]
    stacked.bid(amount)
    assert stacked.hint_panel.value == ""
    stacked.hint_button.click()
    hint = stacked._last_hint
    assert hint is not None and hint.action.startswith("play ")
    assert f"{HEADLINE}Play " in stacked.hint_panel.value
    assert [f"play {i['card']}" for i in stacked.hand.items if i["selected"]] == [hint.action]


def test_why_explains_the_rule_behind_a_log_line(stacked):
    stacked.bid(1)
    shown = stacked.game.events_for(0)[-12:]
    hook = next(i for i, e in enumerate(shown) if e["rule"] == "jabberwocky.hook")
    stacked.log_rows[hook].children[0].click()
    assert "rule:" in stacked.why_panel.value and "may not bid the number" in stacked.why_panel.value


def test_teacher_switch_shows_every_hand(stacked):
    assert engine.parse_card("KC").name not in stacked.board.value
    stacked.show_all_box.value = True
    assert all(engine.parse_card(c).name in stacked.board.value for c in HANDS[1].split())


def test_a_short_game_can_be_played_to_the_end_by_clicks():
    t = JabberwockyTable(players=3, seed=8, bot_delay=0, rounds="short")
    seen_rounds = set()
    while not t.game.is_over:
        view = t.game.view(0)
        seen_rounds.add(view["round"])
        assert len(re.findall("jw-now", t.ladder_html.value)) == 1
        if view["phase"] == "bid":
            next(b for b in t.bid_buttons if not b.disabled).click()
        else:
            t.hand.play(next(i for i, it in enumerate(t.hand.items) if it["playable"]))
        if view["round"] > 1 and t.game.view(0)["phase"] == "bid":
            assert "result (bid/won)" in t.banner.value  # the last round's result while bidding
    assert seen_rounds == {1, 2, 3, 4, 5}
    assert "The game is over" in t.status.value and "New deal" in t.status.value
    assert t.hint_button.disabled and "jw-now" not in t.ladder_html.value
    assert sum(t.game.scores) == sum(sum(r["points"]) for r in t.game.results)


def test_hint_column_names_what_its_numbers_mean():
    from widgets.games.el_gato_table import ElGatoTable
    from widgets.games.injun_table import InjunTable
    t = JabberwockyTable(players=4, seed=5, bot_delay=0)
    t.show_hint()
    assert "<th>Points*</th>" in t.hint_panel.value and "points this round" in t.hint_panel.value
    i = InjunTable(players=3, seed=5, bot_delay=0)
    i.show_hint()
    assert "<th>Chips*</th>" in i.hint_panel.value
    g = ElGatoTable(players=2, seed=5, bot_delay=0)
    g.show_hint()
    assert "Points*" not in g.hint_panel.value and "Why" in g.hint_panel.value


def test_hint_says_how_many_moves_it_leaves_out():
    t = JabberwockyTable(players=4, seed=5, bot_delay=0, rounds=[9])
    hint = t.show_hint()
    assert hint is not None and len(hint.alternatives) == 10 - (t.game.current_player == t.game.deal.dealer)
    assert f"… and {len(hint.alternatives) - 6} more moves" in t.hint_panel.value


def test_the_hint_names_a_bid_as_the_bid_buttons_do(stacked):
    """Issue 19: the hint said "bid 2" (move notation) where the button reads 2 and says "Bid 2"."""
    for button in [b for b in stacked.bid_buttons if not b.disabled]:  # a closed bid's tooltip says why
        label = stacked.action_label(f"bid {button.description}")
        assert label == f"Bid {button.description}" and button.tooltip.startswith(label), button.tooltip
