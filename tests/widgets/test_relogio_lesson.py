"""The Relógio lesson's pieces: right answers, walkthroughs that match their notes, honest win rates."""

from __future__ import annotations

import engine
from engine.cards import standard_52
from engine.dealing import stacked_pack
from engine.hints import Bot
from engine.games.relogio import CENTRE, HOURS, deal_piles
from engine.games.relogio_ai import play_out
from widgets.games import relogio_lesson as lesson


def test_the_checks_accept_the_rule_and_refuse_the_rest():
    """Seed: Ace 1 … Jack 11, Queen 12, King in the centre; docs/rules/relogio.md#relogio.swap,
    docs/rules/relogio_real.md#real.start and #real.move."""
    assert lesson.hour_check("JD").answer("11 o'clock")
    assert not lesson.hour_check("JD").answer("1 o'clock")
    assert lesson.hour_check("KS").answer("the centre")
    assert lesson.hour_check("7C").answer("7 o'clock")
    assert lesson.next_pile_check().answer("the top card of 5 o'clock")
    assert lesson.own_hour_check().answer("it goes under 8 o'clock and you turn 8 o'clock's next card")
    assert lesson.king_check().answer("you lose")
    assert lesson.swap_check().answer("at the bottom of a pile")
    assert lesson.real_start_check().answer("3 o'clock")
    assert lesson.real_next_check().answer("under 6 o'clock")


def test_the_real_checks_agree_with_the_engine():
    from engine.games.relogio import clock_deck
    g = engine.new_game("relogio_real", deck=clock_deck({1: "AS", 2: "2D", 3: "9C"}))
    assert g.view(0)["target"] == 3  # real_start_check
    g = engine.new_game("relogio_real", deck=clock_deck({1: "AS", 2: "2D", 3: "3C", 4: "9D", 5: "5C", 6: "JS"}))
    g.apply("move")
    assert str(g.deal.carried) == "9D" and g.view(0)["target"] == 6  # real_next_check


def test_walkthroughs_step_through_their_scripted_deals():
    for make, moves in ((lesson.relogio_walkthrough, lesson.RELOGIO_MOVES),
                        (lesson.real_walkthrough, lesson.REAL_MOVES)):
        walk = make()
        for _ in moves:
            walk.next()
        assert walk.next_button.disabled and f"Move {len(moves)} of {len(moves)}" in walk.progress.value
        walk.back()
        assert not walk.next_button.disabled
    walk = lesson.relogio_walkthrough()
    for _ in range(4):
        walk.next()
    assert "the 1st King" in walk.narration.value and "A King!" in walk.narration.value
    walk = lesson.real_walkthrough()
    for _ in range(8):
        walk.next()
    assert "You put A♥ under 1 o&#x27;clock and pick up its top card, 2♣." in walk.narration.value


def test_the_lean_play_out_the_win_rates_use_is_the_engine_game():
    """The notebook's live win rates use a narration-free play-out: it must agree with the engine deal
    by deal, without the swap and with the medium bot's swap on the fourth King."""
    bot = Bot("relogio", "medium")
    for seed in range(150):
        piles = deal_piles(stacked_pack(standard_52(), None, seed, "relogio-deal"))
        down = [[]] + [[c.rank for c in piles[h]] for h in HOURS]
        plain = engine.new_game("relogio", seed=seed, king_swap="off")
        while not plain.is_over:
            plain.apply("turn")
        assert play_out([list(p) for p in down], CENTRE, 0, False) == (plain.deal.result == "won")
        swap = engine.new_game("relogio", seed=seed)
        while not swap.is_over:
            swap.apply(bot.choose(swap.view(0)))
        assert play_out([list(p) for p in down], CENTRE, 0, True) == (swap.deal.result == "won")


def test_win_rates_are_near_the_rules_numbers():
    """docs/rules/relogio.md#examples and docs/rules/relogio_real.md#examples: 1/13 without the swap, about 28% with it
    on the 4th King, about 1.2% Real."""
    rates = lesson.win_rates(deals=600)
    assert 0.03 <= rates["plain"] <= 0.13
    assert 0.20 <= rates["swap_random"] <= 0.36
    assert rates["swap_bottom"] >= rates["swap_random"] - 0.05
    assert rates["real"] <= 0.04
    html = lesson.win_rates_html(deals=50).value
    assert "Won over 50 deals" in html and "1 in 13" in html


def test_pictures_show_backs_for_face_down_cards_and_the_words_table():
    g = lesson.relogio_walkthrough_game()
    g.apply("turn")
    picture = lesson.relogio_board(g)
    assert picture.count('title="Face-down card"') == 51 and picture.count('title="7 of hearts"') == 2
    assert "Relógio Real" in lesson.names_html().value and "royal clock" in lesson.names_html().value


def _shown_rates(notebook: str) -> tuple[dict[str, str], str]:
    """The win rates a lesson notebook shows (row name → percentage), run from its own cells, and its prose."""
    import ast
    import json
    import re
    from pathlib import Path

    cells = json.loads((Path(__file__).resolve().parents[2] / "lessons" / notebook).read_text())["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    prose = " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    namespace: dict = {}
    for cell in code:  # the lesson's imports (its first cell shows "Go to the table")
        body = ast.parse(cell).body
        if body and all(isinstance(statement, (ast.Import, ast.ImportFrom)) for statement in body):
            exec(cell, namespace)
    shown = [eval(cell, namespace).value for cell in code if "win_rates_html" in cell and "import" not in cell]
    assert len(shown) == 1, f"{notebook} shows its win rates {len(shown)} times"
    rows = re.findall(r"<tr><td>([^<]+)</td><td><b>([0-9.]+%)</b>", shown[0])
    assert rows, shown[0]
    return dict(rows), prose


def test_both_lessons_show_the_same_win_rates_and_their_words_agree():
    """Issue 19: the Relógio lesson said 37.4% and 0.9%, the Relógio Real lesson 39.9% and 0.8%, for
    the same games: one count, read by both; and "1 deal in N" in the prose is that count's N (within 15%)."""
    import re

    clock, clock_words = _shown_rates("relogio.ipynb")
    real, real_words = _shown_rates("relogio_real.ipynb")
    assert clock == real
    real_rate = float(next(rate for name, rate in real.items() if name == "Relógio Real")[:-1]) / 100
    said = re.findall(r"royal clock is won: about 1 deal in (\d+)", clock_words)  # its 1 in 13 is plain Clock
    said += re.findall(r"1 deal in (\d+)", real_words)
    assert len(said) == 2, said
    for n in said:
        assert abs(int(n) * real_rate - 1) <= 0.15, f"the lesson says 1 deal in {n}; its table shows {real_rate:.1%}"
