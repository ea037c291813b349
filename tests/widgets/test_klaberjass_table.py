"""The Klaberjass table driven by clicks in plain pytest (DESIGN.md "Widgets"; docs/rules/klaberjass.md)."""

from __future__ import annotations

import engine
from engine import words
from tests.engine.klaberjass_helpers import stacked_deck
from widgets.games.klaberjass_table import KlaberjassTable

from tests.widgets.hint_words import HEADLINE

# You (seat 0) are the non-dealer: you speak first and lead. Ada (seat 1) deals.
STRONG = "JH 9H AH 10H AS AC 7D 8D 9C"
WEAK = "7S 9S JS 7C 10C 9D JD KD 8H"


def table(you: str = STRONG, ada: str = WEAK, turn_up: str = "KH", bottom: str | None = "QS",
          **options) -> KlaberjassTable:
    return KlaberjassTable(seed=3, bot_delay=0, first_dealer=1, deck=stacked_deck(you, ada, turn_up, bottom),
                           **options)


def playable(t: KlaberjassTable) -> list[str]:
    return [i["card"] for i in t.hand.items if i["playable"]]


def item(t: KlaberjassTable, card: str) -> dict:
    return next(i for i in t.hand.items if i["card"] == card)


def click_card(t: KlaberjassTable, card: str) -> None:
    t.hand.play(t.hand.cards.index(card))


def shown(t: KlaberjassTable) -> dict[str, bool]:
    """The bidding buttons on show, and whether each is enabled."""
    return {a: not b.disabled for a, b in t.bid_buttons.items() if b.layout.display != "none"}


def test_the_table_deals_two_hands_and_shows_the_turn_up_for_the_first_round():
    t = table()
    assert t.players == 2 and t.code == "2-000003" and t.names == ["You", "Ada"]
    assert t.hand.cards == ["AS", "AH", "10H", "JH", "9H", "AC"]  # by suit, in plain order before trumps are set
    assert "King of hearts" in t.strip.value and "proposed trump" in t.strip.value
    assert "proposed: hearts" in t.strip.value  # trumps are shown at all times, fixed or not
    assert shown(t) == {"take": True, "pass": True}
    assert t.bid_buttons["take"].description == "Take ♥"
    assert "First round" in t.bid_title.value and "Your turn" in t.status.value
    assert not any(i["playable"] for i in t.hand.items)
    assert "not settled" in item(t, "JH")["tooltip"]  # a card before trumps are fixed: the rule says why


def test_taking_makes_you_the_maker_deals_three_more_and_shows_the_bottom_card():
    t = table()
    t.bid_buttons["take"].click()
    assert t.game.view(0)["maker"] == 0
    assert t.hand.cards == ["JH", "9H", "AH", "10H", "AS", "AC", "9C", "8D", "7D"]  # trumps first, in trump order
    assert "You take the risk" in t.strip.value and "kj-maker" in t.me_html.value
    # The turn-up K♥ lies under the pack: it is the bottom card shown, and the pack's last card stays hidden.
    assert "King of hearts" in t.strip.value and "Bottom card" in t.strip.value
    assert "Queen of spades" not in t.strip.value
    assert "Trumps<br><b>hearts</b>" in t.strip.value
    assert t.bid_panel.layout.display == "none"
    assert "You take the turned-up suit: hearts are trumps." in " ".join(t.log_lines())


def test_second_round_a_suit_you_may_not_name_is_disabled_with_the_rule():
    t = table(you=WEAK, ada=STRONG.replace("JH", "JC").replace("9H", "KC"), turn_up="7H")
    t.bid_buttons["pass"].click()   # you pass; Ada (weak in hearts now) passes too
    assert t.game.view(0)["bidding_round"] == 2
    assert shown(t) == {"name S": True, "name H": False, "name D": True, "name C": True, "pass": True}
    tip = t.bid_buttons["name H"].tooltip
    assert tip == t.game.why_illegal("name H", 0) and "refused in the first round" in tip
    assert "any suit but hearts" in t.strip.value and "refused, turned down" in t.strip.value
    t.bid_buttons["name D"].click()
    view = t.game.view(0)
    assert view["trump"] == "D" and view["maker"] == 0


def test_a_card_played_fills_the_trick_and_the_points_and_the_log():
    t = table()
    t.bid_buttons["take"].click()
    click_card(t, "JH")             # a trump lead: Ada must beat it if she can; she holds only 8♥
    lines = t.log_lines()
    assert "You play J♥." in lines and "Ada plays 8♥." in lines
    assert any(line.startswith("You win the trick (J♥, 8♥), worth 20 points") for line in lines)
    assert "cards <b>20</b>" in t.me_html.value
    assert "data-card='JH' data-seat='0'" in t.middle.value and "You win</b> 20 pts" in t.middle.value


def scripted(you_deal: bool, non_dealer: str, dealer: str, turn_up: str, moves: list[tuple[int, str]],
             **options) -> KlaberjassTable:
    """A table whose game has had ``moves`` made for both seats (the bot's too), then repainted."""
    deck = stacked_deck(non_dealer, dealer, turn_up)
    first = 0 if you_deal else 1
    t = KlaberjassTable(seed=3, bot_delay=0, first_dealer=first, deck=deck, **options)
    t.game = engine.new_game("klaberjass", seed=3, names=t.names, first_dealer=first, deck=deck, **options)
    for seat, move in moves:
        t.game.apply(move, seat)
    t.refresh()
    return t


def test_a_dimmed_card_says_which_rule_forbids_it():
    # Ada (the non-dealer) takes hearts and leads K♠; you are void in spades, so you must trump.
    t = scripted(True, "KS QS 7S 9H 8D 9D 10C JC QC", "7H JH AD KD QD 10D AC KC 8C", "8H",
                 [(1, "take"), (1, "play KS")])
    assert sorted(playable(t)) == ["7H", "JH"]
    tip = item(t, "AD")["tooltip"]
    assert tip == t.game.why_illegal("play AD", 0) and "you must trump" in tip
    assert "data-card='KS' data-seat='1'" in t.middle.value
    before = t.game.to_json()
    click_card(t, "AD")
    assert t.game.to_json() == before and "you must trump" in t.status.value
    click_card(t, "7H")
    assert "You win the trick (K♠, 7♥), worth 4 points; you now have 4 in cards." in t.log_lines()


def test_sequences_are_shown_with_their_cards_and_bella_is_announced():
    t = scripted(False, "AC KC QC JC 8S 9S 10D 7S AS", "KH QH 7D 8D 9D AD 10S JS 10C", "7H",
                 [(0, "pass"), (1, "take")], sequences_need_trick=False)
    news = t.middle.value
    assert "You show a fifty (4 cards to the A♣)" in news
    assert all(engine.parse_card(c).name in news for c in ("AC", "KC", "QC", "JC"))
    assert "You show a tertz (3 cards to the 9♠)" in news  # 7 8 9♠ as well
    assert "counts: +70" in news and "Ada takes the risk" in t.strip.value
    for seat, move in ((0, "play AC"), (1, "play 10C"), (0, "play KC"), (1, "play KH"), (1, "play QH")):
        t.game.apply(move, seat)
    t.refresh()
    assert "Bella!" in t.middle.value and "Ada +20" in t.middle.value
    assert "this deal <b>" in t.opponent_html.value


def test_a_whole_deal_fills_the_race_and_the_history():
    t = table()
    t.bid_buttons["take"].click()
    while not t.game.view(0)["results"]:
        click_card(t, playable(t)[0])
    r = t.game.view(0)["results"][0]
    assert "data-testid='history'" in t.scoreboard.value
    assert f"{r['totals'][0]}–{r['totals'][1]}" in t.scoreboard.value
    assert f"{r['scores'][0]}/501" in t.scoreboard.value


def test_hint_undo_why_and_show_all():
    t = table()
    hint = t.show_hint()
    assert hint is not None and hint.action in ("take", "pass")
    assert f"{HEADLINE}Take ♥: " in t.hint_panel.value or f"{HEADLINE}Pass: " in t.hint_panel.value
    assert t.bid_buttons[hint.action].button_style == "warning"
    t.bid_buttons["take"].click()
    assert not t.undo_button.disabled
    t.undo()
    assert t.game.history == [] and t.game.view(0)["phase"] == "bid1"
    text = t.explain_log_row(1)
    assert text == t.game.rule_text("klaberjass.turn_up") and "Why?" in t.why_panel.value
    assert "Ace of spades" not in t.opponent_html.value
    t.show_all_box.value = True  # the teacher sees Ada's hand
    ada = t.game.view(1)["hand"]
    assert all(engine.parse_card(c).name in t.opponent_html.value for c in ada)


def test_a_deal_code_deals_the_same_cards_and_the_layout_wraps_on_narrow_screens():
    a = KlaberjassTable(seed="00000K", bot_delay=0)
    b = KlaberjassTable(bot_delay=0)
    b.deal_from_code("2-00000K")
    assert a.game.view(0)["hand"] == b.game.view(0)["hand"] and b.code == "2-00000K"
    assert a.children[2].layout.flex_flow == "row wrap" and a.felt.layout.min_width == "0"
    assert all(i["svg"] for i in a.hand.items) and a.hand.card_width >= 44


def test_a_whole_game_the_history_and_the_end_summary_add_up():
    """§8: the scores go on from deal to deal; each row is what that deal added after the maker's rule."""
    t = KlaberjassTable(seed=11, bot_delay=0, first_dealer=1, target=301)
    while not t.game.is_over:
        view = t.game.view(0)
        if view["phase"] in ("bid1", "bid2"):
            t.bid_buttons["pass" if view["phase"] == "bid1" else next(
                a for a, b in t.bid_buttons.items() if a.startswith("name") and not b.disabled)].click()
        else:
            click_card(t, playable(t)[0])
    view = t.game.view(0)
    rows = t.deal_results()
    assert len(rows) >= 2
    assert [label for label, _ in rows] == [f"Deal {n}" for n in range(1, len(rows) + 1)]
    assert [sum(points[s] for _, points in rows) for s in (0, 1)] == view["scores"]
    assert f"{words.count(len(rows), 'deal')} played" in t.scoreboard.value
    assert t.scoreboard.value.count("data-testid='history'") == 1
    for r in view["results"]:
        assert f"<td>+{r['scored'][0]}</td><td>+{r['scored'][1]}</td>" in t.scoreboard.value
    assert t.end_panel.layout.display == "" and "Game over." in t.end_html.value
    for seat in (0, 1):
        assert f"<td>{t.names[seat]}</td><td>{view['scores'][seat]}</td>" in t.end_html.value


def test_the_settings_panel_speaks_plain_english():
    t = table()
    labels = {s.option: (s.label, [words_ for words_, _ in s.choices]) for s in t.settings}
    assert set(labels) == {"dix", "schmeiss", "sequence_tie", "maker_tie", "sequences_need_trick", "target",
                           "turn_up"}
    for label, choices in labels.values():
        for text in (label, *choices):
            assert "_" not in text and text not in ("True", "False", "seed", "belote") and not text[0].islower()
    t.apply_settings(schmeiss=True)
    assert t.game.options["schmeiss"] is True and shown(t) == {"take": True, "pass": True, "schmeiss": True}


def test_the_hint_names_each_move_with_its_buttons_words():
    """Issue 19: a hint said "schmeiss", "accept", "keep" where the buttons read Schmeiss, Accept: throw in…"""
    t = table()
    for action, button in t.bid_buttons.items():
        label = t.action_label(action)
        assert label == button.description or label.startswith(button.description + " "), (action, label)
