"""The shared Table: what every game's table does the same way (codes, refusals, the teacher's switch)."""

from __future__ import annotations

import html

import pytest

import engine
from engine.protocol import OptionError
from widgets.games.el_gato_table import ElGatoTable
from widgets.games.injun_table import InjunTable
from widgets.games.jabberwocky_table import JabberwockyTable
from widgets.games.jubilee_table import JubileeTable
from widgets.games.relogio_table import RelogioRealTable, RelogioTable
from widgets.settings import decode
from widgets.table import read_table_code

TABLES = [JubileeTable, RelogioTable, RelogioRealTable, ElGatoTable, InjunTable, JabberwockyTable]
PYTHON_WORDS = ("invalid literal", "Traceback", "ValueError", "base 10")


def make(cls, **kw):
    return cls(seed=5, **kw) if cls in (RelogioTable, RelogioRealTable) else \
        cls(players=4, seed=5, bot_delay=0, **kw)


@pytest.mark.parametrize("typed", ["hello", "²", "3²-K7QM3P", "4-K7QM3", "4-K7QM3PP", "<b>x</b>", "9" * 5000,
                                   "4-K7QM3P/²", "-", "4-"])
def test_a_code_that_is_not_one_is_refused_and_the_box_keeps_the_deal(typed):
    table = JubileeTable(players=4, seed=5, bot_delay=0)
    saved, code = table.game.to_json(), table.code
    table.code_box.value = typed
    assert "⚠" in table.status.value and "not a deal code" in table.status.value, table.status.value
    assert not any(word in table.status.value for word in PYTHON_WORDS)
    assert table.code_box.value == code and table.game.to_json() == saved  # the box matches the table
    assert "<b>x</b>" not in table.status.value  # what was typed is escaped


@pytest.mark.parametrize("typed, players", [("4-K7QM3P", 4), ("k7qm3p", 3), ("4 - K7Q-M3P", 4), ("2-K7QMEP", 2)])
def test_real_codes_still_deal(typed, players):
    table = JubileeTable(players=3, seed=5, bot_delay=0)
    assert table.deal_from_code(typed)
    assert table.players == players and table.game.seed == read_table_code(typed, 3).seed
    assert table.code_box.value == table.code


def test_a_player_count_the_game_refuses_keeps_the_old_deal():
    table = JubileeTable(players=4, seed=5, bot_delay=0)
    saved = table.game.to_json()
    assert not table.deal_from_code("9-K7QM3P")
    assert "for 2 to 7 players" in table.status.value and table.game.to_json() == saved
    assert table.code_box.value == table.code


def test_the_jabberwocky_bid_box_refuses_unicode_digits_in_words():
    table = JabberwockyTable(players=4, seed=5, bot_delay=0, rounds="short", first_dealer=0)
    assert table.game.current_player == 0
    saved = table.game.to_json()
    for typed in ("²", "1²", "١", "99999999999999999999"):
        table.bid_box.value = typed
        assert "is not a bid" in table.status.value or "⚠" in table.status.value
        assert not any(word in table.status.value for word in PYTHON_WORDS)
        assert table.game.to_json() == saved


def test_any_parlour_error_from_the_rules_reaches_the_learner_as_words(monkeypatch):
    table = JubileeTable(players=3, seed=5, bot_delay=0, first_dealer=2)
    assert table.game.current_player == 0

    def refuse(*_a, **_k):
        raise OptionError("That option cannot be used here.")
    monkeypatch.setattr(table.game, "apply", refuse)
    assert not table.act(str(table.game.legal_actions()[0]))
    assert "That option cannot be used here." in table.status.value


@pytest.mark.parametrize("cls", TABLES)
def test_a_classroom_server_turns_the_teachers_switch_off(cls, monkeypatch):
    assert make(cls).show_all_box.disabled is False
    monkeypatch.setenv("PARLOUR_TEACHER_TOOLS", "off")
    table = make(cls, show_all=True)
    assert table.show_all_box.value is False and table.show_all_box.disabled
    assert table.show_all_box.layout.display == "none"
    table.show_all_box.value = True  # even a script that ticks it sees nothing more
    assert table.show_all_box.value is False


def test_the_engine_refuses_what_the_table_refuses():
    with pytest.raises(engine.ParlourError):
        read_table_code("hello", 3)


def test_games_say_whether_they_have_choices_and_scores():
    flags = {g: (cls.has_choices, cls.has_scores) for g, cls in engine.GAMES.items()}
    assert flags["el_gato"] == (False, False) and flags["relogio_real"][0] is False
    assert flags["jubilee"] == flags["jabberwocky"] == flags["injun"] == (True, True)


def test_a_game_without_choices_hides_the_bot_menu_and_the_score_column():
    gato = ElGatoTable(players=4, seed=5, bot_delay=0, autoplay_delay=0)
    assert gato.level_box.layout.display == "none"
    assert "Scores" not in gato.scoreboard.value and "Packets" in gato.scoreboard.value
    jubilee = JubileeTable(players=4, seed=5, bot_delay=0)
    assert jubilee.level_box.layout.display != "none" and "Scores" in jubilee.scoreboard.value


def test_el_gato_finishes_at_once_and_autoplay_has_a_speed():
    gato = ElGatoTable(players=4, seed=5, bot_delay=0, autoplay_delay=0.8)
    assert gato.speed_box.value == 0.8
    gato.speed_box.value = 0.08
    assert gato.autoplay_delay == 0.08
    gato.finish_button.click()
    assert gato.game.is_over and gato.finish_button.disabled and gato.autoplay_button.disabled
    assert "Press <b>New deal</b>" in gato.status.value


@pytest.mark.parametrize("cls", [ElGatoTable, RelogioRealTable])
def test_autoplay_never_asks_you_to_press_step(cls):
    table = make(cls)
    table.autoplay_delay = 5  # pretend a live page: the task would wait between steps
    if cls is ElGatoTable:
        table.autoplay_button.unobserve(table._autoplay_changed, "value")  # no event loop here: mark it on only
        table.autoplay_button.value = True
        table.refresh()
    else:
        table._autoplaying = True
        table._draw_autoplay_button()
    assert "Press Step" not in table.status.value and "Autoplay" in table.status.value
    assert "Stop" in table.status.value


# ---- item 8: the game's variants as settings, carried by the deal code ----

@pytest.mark.parametrize("cls", TABLES)
def test_every_table_offers_its_variants_as_settings_in_words(cls):
    table = make(cls)
    assert table.settings and table.settings_button.layout.display != "none"
    for s in table.settings:
        assert s.option in table.rules_class.option_defaults()
        assert s.help and "RULES" not in s.help and "docs/rules" not in s.help
        assert "[T]" not in s.help and "=" not in s.help
        assert all("_" not in label for label, _ in s.choices), s.choices
        assert len(table.setting_boxes[s.option].options) == len(s.choices)
    table.settings_button.value = True
    assert table.settings_panel.layout.display == ""


def _fresh_el_gato(seed, **options):
    return engine.new_game("el_gato", players=4, seed=seed, names=["You", "Ada", "Ben", "Cleo"], **options)


def test_a_setting_deals_the_same_cards_again_and_the_code_carries_it():
    table = ElGatoTable(players=4, seed=5, bot_delay=0, autoplay_delay=0)
    plain_code = table.code
    table.settings_button.value = True
    table.setting_boxes["ace_high"].value = True
    table.apply_settings_button.click()
    assert table.game.options["ace_high"] is True and table.game.seed == 5
    assert str(table.game.replayed([]).deal.packets) == str(_fresh_el_gato(5, ace_high=True).deal.packets)
    code, _, digits = table.code.partition("/")
    chosen, defaults = decode(table.settings, digits, "El Gato", table.code), table.game.option_defaults()
    assert code == plain_code and chosen["ace_high"] is True
    assert all(value == defaults[name] for name, value in chosen.items() if name != "ace_high")
    assert table.code_box.value == table.code
    assert table.settings_panel.layout.display == "none" and table.code in table.status.value
    # a student types the teacher's code: the same game, settings and all
    student = ElGatoTable(players=2, seed=9, bot_delay=0, autoplay_delay=0)
    student.code_box.value = table.code
    assert student.game.options == table.game.options and student.game.seed == table.game.seed
    assert student.setting_boxes["ace_high"].value is True
    # the plain code deals the table's own settings again
    student.code_box.value = plain_code
    assert student.game.options["ace_high"] is False and student.code == plain_code


def test_jabberwocky_settings_reach_the_full_game_classic_scoring_and_table_revokes():
    table = JabberwockyTable(players=4, seed=5, bot_delay=0, rounds="short")
    assert table.setting_boxes["rounds"].value == "short"
    assert table.apply_settings(rounds="full", scoring="classic", revoke="table")
    view = table.game.view(0)
    assert view["rounds_total"] == 13 and view["options"]["scoring"] == "classic"
    assert view["options"]["revoke"] == "table"
    other = JabberwockyTable(players=3, seed=1, bot_delay=0, rounds="short")
    assert other.deal_from_code(table.code)
    assert other.game.options == table.game.options and other.game.history == table.game.history


def test_injun_style_menu_and_settings_agree():
    table = InjunTable(players=4, seed=5, bot_delay=0)
    table.apply_settings(style="brag")
    assert table.game.options["style"] == "brag" and table.style_box.value == "brag"
    table.style_box.value = "poker"
    assert table.setting_boxes["style"].value == "poker" and "/" not in table.code


@pytest.mark.parametrize("typed", ["4-000005/9", "4-000005/0000000", "4-000005/x"])
def test_a_settings_part_the_game_does_not_have_is_refused(typed):
    table = ElGatoTable(players=4, seed=5, bot_delay=0, autoplay_delay=0)
    saved = table.game.to_json()
    assert not table.deal_from_code(typed)
    assert "⚠" in table.status.value and table.game.to_json() == saved and table.code_box.value == table.code


# ---- items 10 and 12: no stale text; history and the end ----

def play_to_end(table, limit=3000):
    for _ in range(limit):
        if table.game.is_over:
            return
        assert table.game.current_player == 0
        assert table.act(str(table.game.legal_actions()[0]))
    raise AssertionError("the game did not end")


def test_after_a_match_nothing_points_to_a_next_move_and_the_end_says_who_won():
    table = JubileeTable(players=2, seed=5, bot_delay=0, match="single")
    play_to_end(table)
    assert "next Jubilee" not in table.count_html.value and "Final count" in table.count_html.value
    assert table.undo_button.disabled and table.hint_button.disabled
    assert table.end_panel.layout.display == "" and "Game over." in table.end_html.value
    assert "1st" in table.end_html.value and "The match is over" in table.status.value
    assert "The match is over" not in table.end_html.value, "the end panel does not repeat the status line"
    table.again_button.click()  # the same deal again, from the start
    assert table.game.seed == 5 and not table.game.is_over and table.end_panel.layout.display == "none"
    assert table.game.history == [] or table.game.history[0][0] != 0 or table.game.current_player == 0


def test_el_gato_after_the_end_shows_no_next_trick():
    table = ElGatoTable(players=2, seed=5, bot_delay=0, autoplay_delay=0)
    table.finish()
    assert "Trick " not in table.middle_html.value and "No card turned yet" not in table.middle_html.value
    assert "Game over" in table.middle_html.value and table.undo_button.disabled
    assert "Game over." in table.end_html.value and "Scores" not in table.end_html.value


def test_why_is_cleared_when_undo_takes_its_line_away():
    table = JubileeTable(players=3, seed=5, bot_delay=0, first_dealer=2)
    table.act(str(table.game.legal_actions()[0]))
    last = max(i for i, row in enumerate(table.log_rows) if row.children[1].value)
    table.log_rows[last].children[0].click()
    assert "rule:" in table.why_panel.value
    table.undo_button.click()
    assert table.why_panel.value == ""


def test_jabberwocky_writes_the_last_trick_caption_under_the_cloth_not_over_the_cards():
    table = JabberwockyTable(players=4, seed=5, bot_delay=0, rounds="short")
    while not ("the last trick" in table.board.value or table.game.is_over):
        table.act(str(table.game.legal_actions()[0]))
    board = table.board.value
    assert "the last trick" in board and "data-card=" in board
    before_caption = board.split("class='jw-caption'")[0]
    assert before_caption.count("<div") == before_caption.count("</div>") + 2  # the wrapper and the caption


def test_every_multi_deal_game_keeps_a_score_row_per_deal_and_the_whole_log():
    jubilee = JubileeTable(players=2, seed=5, bot_delay=0)
    while "data-testid='history'" not in jubilee.scoreboard.value:
        jubilee.act(str(jubilee.game.legal_actions()[0]))
    assert "Deal 1" in jubilee.scoreboard.value and "1 deal played" in jubilee.scoreboard.value
    lines = jubilee.log_lines()
    assert len(lines) > 12
    old = jubilee.log_history.value
    assert all(html_escape(line) in old for line in lines[:-12])  # nothing falls off the log
    jabber = JabberwockyTable(players=3, seed=5, bot_delay=0, rounds=[1, 2])
    while "data-testid='history'" not in jabber.scoreboard.value:
        jabber.act(str(jabber.game.legal_actions()[0]))
    assert "Round 1" in jabber.scoreboard.value
    injun = InjunTable(players=3, seed=5, bot_delay=0)
    while "data-testid='history'" not in injun.scoreboard.value:
        injun.act("fold" if "fold" in map(str, injun.game.legal_actions()) else str(injun.game.legal_actions()[0]))
    assert "Deal 1" in injun.scoreboard.value


def html_escape(text):
    import html
    return html.escape(text)


@pytest.mark.parametrize("cls", TABLES)
def test_the_cloth_keeps_its_width_as_hands_empty_and_fits_a_phone(cls):
    table = make(cls)
    width = table.felt.layout.width
    assert width.endswith("px") and int(width[:-2]) <= 800
    assert "parlour-main" in table.children[3]._dom_classes and "parlour-toolbar" in table.children[1]._dom_classes
    for _ in range(6):
        if table.game.is_over or table.game.current_player != 0:
            break
        table.act(str(table.game.legal_actions()[0]))
    assert table.felt.layout.width == width
    assert "@container parlour (max-width: 760px)" in table.style_html.value  # the side panel drops below


def test_a_code_made_at_another_games_table_is_refused_in_a_teachers_words():
    """Issue 31: "The part after the slash, “0001”, is not this game's settings: it has 2 digits here". A code
    does not name its game, so the refusal says what this game's codes look like and where the code may be from."""
    from widgets.games.klaberjass_table import KlaberjassTable
    table = KlaberjassTable(seed=5, bot_delay=0)
    saved, code = table.game.to_json(), table.code
    jabberwocky = JabberwockyTable(players=3, seed=5, bot_delay=0)
    jabberwocky.apply_settings(rounds="short")
    foreign = jabberwocky.code  # "3-000005/0001": Jabberwocky's four settings, the code the issue met
    assert len(foreign.partition("/")[2]) == 4
    assert not table.deal_from_code("2-" + foreign.split("-", 1)[1])
    said = html.unescape(table.status.value)
    example = f"{code}/0000000" if "/" not in code else code
    assert f"does not fit Klaberjass: its codes carry 7 setting digits, one for each menu in Settings, like " \
           f"{example}" in said, said
    assert "may come from another game's table: type it there" in said and "digits here" not in said
    assert table.game.to_json() == saved and table.code_box.value == code
    table.code_box.value = code.split("/")[0] + "/9000000"  # a choice Klaberjass's first menu does not have
    assert "asks for a choice of" in table.status.value and "that Klaberjass does not have" in table.status.value
    one = RelogioTable(seed=5)  # one menu: the digit agrees
    assert not one.deal_from_code("1-K7QM3P/01")
    assert "its codes carry 1 setting digit, one for its menu in Settings" in one.status.value


def test_a_change_of_the_bots_level_is_said_in_the_status_line_and_the_next_bot_move_is_theirs():
    """Issue 31: changing the bots' level gave no visible acknowledgement."""
    table = JubileeTable(players=3, seed=5, bot_delay=0)
    assert table.game.current_player == 0 and "Your turn" in table.status.value
    table.level_box.value = "hard"
    said = table.status.value
    assert "The bots now play at the hard level, from their next move." in said and "Your turn" in said
    assert {bot.level for bot in table.bots.values()} == {"hard"}
    while not table.game.is_over:
        table.act(table.game.view(0)["legal"][0])
    table.level_box.value = "easy"
    assert "The bots will play at the easy level from the next deal." in table.status.value
    assert "New deal" in table.status.value  # what the line said at the end stays
    solitaire = RelogioTable(seed=5)
    before = solitaire.status.value
    solitaire.level_box.value = "hard"  # a link may set it; a solitaire has no bot to acknowledge
    assert solitaire.status.value == before


def test_a_bot_move_worked_out_before_a_level_change_is_worked_out_again_by_the_new_bots():
    import asyncio

    async def on_a_page() -> tuple[str, str]:
        table = JubileeTable(players=3, seed=5, bot_delay=5)  # the bots lead, each after a long pause
        assert table.game.current_player != 0 and table.driving and table._pending is not None
        table.level_box.value = "hard"
        assert table._pending is not None
        seat, action = table._pending
        mine = table.bots[seat].choose(table.game.view(seat))
        table.halt_driver()
        return action, mine
    action, hard = asyncio.run(on_a_page())
    assert action == hard
