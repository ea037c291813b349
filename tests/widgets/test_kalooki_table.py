"""The Kalooki table in plain pytest (issue 12): the contract always shown, what you still need, the
Call button only while a call is possible, lay down, tack with joker labels, the nine-deal score history."""

from __future__ import annotations

import engine
from engine.dealing import stack_deck
from widgets.games.kalooki_table import KalookiTable

from tests.widgets.hint_words import HEADLINE

READY = stack_deck(["7S 7H 7D 8D 8C 8H 3S 4S 5S KD", "2S 5H 9D JC KS 4D 7C 10H QS AC",
                    "3H 6D 10C QH 2D 9S JD 5C KH 4C"], "2C 6S", first=0)


def shown(button) -> bool:
    return button.layout.display != "none"


def test_the_contract_and_what_you_need_are_always_shown():
    t = KalookiTable(players=3, seed=7, bot_delay=0, deck=READY, deals=[2, 3], first_dealer=2)
    assert "Deal 2 of 9: two threes and a four, 10 cards" in t.banner.value
    assert "deal 1 of 2 in this match" in t.banner.value
    assert "two threes and a four: one card short" in t.need_html.value
    assert t.scoreboard.value.count("<tr><td title=") == 2
    assert shown(t.draw_button) and shown(t.take_button) and not shown(t.lay_button) and not shown(t.call_button)


def test_draw_lay_down_and_discard_to_go_out():
    t = KalookiTable(players=3, seed=7, bot_delay=0, deck=READY, deals=[2, 3], first_dealer=2)
    t.draw_button.click()
    assert "You hold the whole contract." in t.need_html.value and shown(t.lay_button)
    t.lay_button.click()
    assert t.game.view(0)["laid_down"][0] and "You's" not in t.melds_html.value
    assert t.hand.cards == ["KD"]
    t.hand.play(0)  # click the last card: discard it and go out
    assert "You go out" in " ".join(t.log_lines())
    assert t.game.deal_scores[0][0] == 0 and "Deal 3 of 9" in t.banner.value


def my_turn(t: KalookiTable) -> None:
    """Answer a call (allow it), draw, and discard the first card offered."""
    if "allow" in t.game.view(0)["legal"]:
        t.allow_button.click()
    t.draw_button.click()
    t.act(next(a for a in t.game.view(0)["legal"] if a.startswith("discard")))


def test_the_call_button_appears_only_while_you_may_call_and_the_bots_wait():
    t = KalookiTable(players=3, seed=11, bot_delay=0, first_dealer=2)
    for _ in range(10):
        if t._waiting_for_my_call():
            break
        my_turn(t)
    view = t.game.view(0)
    assert view["can_call"] and shown(t.call_button) and shown(t.no_call_button)
    assert "You may call" in t.status.value
    moves = len(t.game.history)
    t._after_move()
    assert len(t.game.history) == moves, "the bots wait for your answer"
    size = len(view["hand"])
    top = view["discard_top"]
    t.call_button.click()
    after = t.game.view(0)
    assert not shown(t.call_button)
    called = [e for e in t.game.events if e.kind in ("allow", "refuse")][-1]
    if called.kind == "allow":
        assert len(after["hand"]) >= size + 2 and top in after["taken"][0]
    else:
        assert len(after["hand"]) >= size


def test_no_call_lets_the_bots_play_on():
    t = KalookiTable(players=3, seed=11, bot_delay=0, first_dealer=2)
    for _ in range(10):
        if t._waiting_for_my_call():
            break
        my_turn(t)
    moves = len(t.game.history)
    t.no_call_button.click()
    assert len(t.game.history) > moves and not (shown(t.no_call_button) and t.game.view(0)["discard_top"] is None)


def test_hint_and_score_history_and_teacher_view():
    t = KalookiTable(players=4, seed=3, bot_delay=0)
    hint = t.show_hint()
    assert hint is not None and "You need three threes." in t.hint_panel.value
    t.show_all_box.value = True
    assert t.seats_html.value.count("parlour-card-img") >= 27
    assert t.scoreboard.value.count("<tr><td title=") == 9


def test_melds_show_what_a_joker_stands_for_and_tacks_are_offered():
    deck = stack_deck(["8H 2C 2D 4C 9S JH 3H 6C 10D KS", "5D 5C 6S 9C AH 2H QD 8S 3C 7D",
                       "7S 7S 7H 8D 8C 8S 5H JK 7H QC", "9S 9C JS 4H 8C QD 5S 9H KC 2S"],
                      "10S KD 3D 10S QH 9D 4S 10C 6H", first=0)
    t = KalookiTable(players=4, seed=5, bot_delay=0, deck=deck, deals=[2], first_dealer=3)
    g = t.game
    for seat, move in [(0, "draw"), (0, "discard 8H"), (2, "call"), (1, "allow"), (1, "draw"), (1, "discard 5D"),
                       (2, "draw"), (2, "lay 7S 7S 7H | 8D 8C 8S | 5H JK 7H 8H"), (2, "discard QC")]:
        g.apply(move, seat)
    t.refresh()
    assert "Jk = 6♥" in t.melds_html.value and "Ben's four" in t.melds_html.value


def test_the_deal_history_and_the_end_summary_show_the_true_figures_lowest_first():
    """docs/rules/kalooki.md#kalooki.end: each deal's penalty points add up; after the last deal the lowest total
    wins."""
    t = KalookiTable(players=3, seed=11, bot_delay=0, first_dealer=2, deals=[1, 4])
    for _ in range(400):
        if t.game.is_over:
            break
        if t._waiting_for_my_call():
            t.no_call_button.click()
        else:
            my_turn(t)
    g = t.game
    assert g.is_over
    # numbered as the match plays them, as the log says ("Deal 2 is over"): the second deal, contract 4
    assert t.deal_results() == [("Deal 1", g.deal_scores[0]), ("Deal 2", g.deal_scores[1])]
    assert "2 deals played" in t.scoreboard.value
    summary = t.end_summary(g.view(0))
    first = min(range(3), key=lambda s: g.scores[s])
    assert summary.index(f"<td>1st</td><td>{t.names[first]}</td><td>{g.scores[first]} point") > 0
    assert summary.count("<tr>") == 3 and "Game over." in summary
    assert g.scores == [a + b for a, b in zip(*g.deal_scores)]


def test_the_settings_read_as_plain_english():
    t = KalookiTable(players=3, seed=2, bot_delay=0)
    labels = {s.option: (s.label, [words for words, _ in s.choices]) for s in t.settings}
    assert set(labels) == {"deals", "trinidad_jokers", "joker_swaps", "trinidad_calls", "challenge"}
    for label, choices in labels.values():
        assert "_" not in label and all("_" not in c and c not in ("True", "False", "yes", "no") for c in choices)


# ---- issue 19: the hint answers one position; the controls say what the hint says ----

def waiting_for_a_call(seed: int = 11) -> KalookiTable:
    t = KalookiTable(players=3, seed=seed, bot_delay=0, first_dealer=2)
    for _ in range(10):
        if t._waiting_for_my_call():
            return t
        my_turn(t)
    raise AssertionError("no call was offered")


def test_the_hint_is_gone_once_you_answer_a_call():
    for answer in ("no_call_button", "call_button"):
        t = waiting_for_a_call()
        assert t.show_hint() is not None and t.hint_panel.value
        getattr(t, answer).click()
        assert t.hint_panel.value == "" and t._last_hint is None, answer


def test_the_hint_is_gone_when_a_bot_calls_before_you_move():
    """You ask at the start of your turn ("draw"); Ada calls the discard: now you allow or refuse."""
    t = KalookiTable(players=3, seed=7, bot_delay=0, deck=READY, deals=[2, 3], first_dealer=2)
    t.game = engine.new_game("kalooki", players=3, seed=7, names=t.names, deck=READY, deals=[2, 3], first_dealer=2)
    t.refresh()
    assert 1 in t.game.to_act()[1:], "Ada may still call the up-card"
    hint = t.show_hint()
    assert hint.action in ("draw", "take") and f"{HEADLINE}{t.action_label(hint.action)}: " in t.hint_panel.value
    t._pending = (1, "call")  # what Ada's bot answers; the table's driver plays it
    t.run_bots()
    assert shown(t.allow_button) and t.hint_panel.value == ""
    assert t.show_hint().action in ("allow", "refuse")


def button_of(t: KalookiTable, move: str):
    """The control that makes ``move``: a button, or the Tack or Challenge menu's button."""
    verb = move.split()[0]
    return {"draw": t.draw_button, "take": t.take_button, "call": t.call_button, "pass": t.no_call_button,
            "allow": t.allow_button, "refuse": t.refuse_button, "lay": t.lay_button}.get(verb)


def test_the_hint_names_each_move_with_its_buttons_words():
    t = waiting_for_a_call()
    assert t.action_label("pass") == t.no_call_button.description == "No call"
    assert t.action_label("call") == t.call_button.description
    t.show_hint()
    assert f"{HEADLINE}{t.action_label(t._last_hint.action)}: " in t.hint_panel.value
    assert f"{HEADLINE}Pass" not in t.hint_panel.value and f"{HEADLINE}Call" not in t.hint_panel.value
    t.no_call_button.click()
    for _ in range(30):
        view = t.game.view(0)
        for move in view["legal"]:
            button = button_of(t, move)
            if button is not None and shown(button):  # a lay-down also names its melds: "Lay down: 7♠ 7♥ 7♦ | …"
                label = t.action_label(move)
                assert label == button.description or label.startswith(button.description + ": "), move
        if t._waiting_for_my_call():
            t.no_call_button.click()
        else:
            my_turn(t)


TACKS = stack_deck(["7S 7H 7D 8D 8C 8H 3S 4S 5S KD", "2S 5H 9D JC KS 4D 7C 10H QS AC",
                    "3H 6D 10C QH 2D 9S JD 5C KH 4C"], "2C 6S 9H 7C QD 3D 4H 5D JH 9C", first=0)


def tack_position() -> KalookiTable:
    """You called the 7♣ (and drew another as the penalty), laid down, and hold two 7♣ that fit your three."""
    t = KalookiTable(players=3, seed=7, bot_delay=0, deck=TACKS, deals=[2], first_dealer=2)
    g = t.game = engine.new_game("kalooki", players=3, seed=7, names=t.names, deck=TACKS, deals=[2],
                                 first_dealer=2)
    for seat, move in [(1, "pass"), (2, "pass"), (0, "draw"), (0, "discard KD"), (2, "pass"), (1, "draw"),
                       (1, "discard 7C"), (0, "call"), (2, "allow"), (2, "draw"), (2, "discard 3H"), (1, "pass"),
                       (0, "draw"), (0, "lay 7S 7H 7D | 8D 8C 8H | 3S 4S 5S 6S"), (0, "discard 3D")]:
        g.apply(move, seat)
    t.refresh()
    t.run_bots()
    return t


def test_the_tack_menu_lists_the_engines_tacks_and_shows_one():
    t = tack_position()
    if "draw" in t.game.view(0)["legal"]:
        t.draw_button.click()
    view = t.game.view(0)
    tacks = [m for m in view["legal"] if m.startswith(("tack ", "swap "))]
    assert tacks and [value for _, value in t.tack_box.options] == tacks
    assert t.tack_box.value in tacks, "the menu never shows blank while a tack is possible"
    hint = t.show_hint()
    if hint.action in tacks:
        assert t.tack_box.value == hint.action and t.tack_box.label == t.action_label(hint.action)
    t.tack_box.value = tacks[-1]
    before = len(t.game.view(0)["hand"])
    assert t.tack_button.click() is None and len(t.game.view(0)["hand"]) == before - 1
    assert "Nothing of yours fits" not in t.status.value


def challenge_table(**options) -> KalookiTable:
    return KalookiTable(players=3, seed=7, bot_delay=0, deck=READY, deals=[2, 3], first_dealer=2, **options)


def test_the_challenge_has_a_control_when_switched_on():
    t = challenge_table()
    assert not shown(t.challenge_box) and not shown(t.challenge_button)
    t = challenge_table(challenge=True)
    challenges = [m for m in t.game.view(0)["legal"] if m.startswith("challenge ")]
    assert challenges and shown(t.challenge_box) and shown(t.challenge_button)
    assert [value for _, value in t.challenge_box.options] == challenges
    assert t.challenge_box.label == "Ada (10 cards)"
    assert t.action_label("challenge 1") == "Challenge Ada"
    t.challenge_box.value = "challenge 1"
    t.challenge_button.click()
    log = " ".join(t.log_lines())
    assert "You challenge Ada, who holds 10 cards" in log and "You score" in log
    assert not shown(t.challenge_button)
