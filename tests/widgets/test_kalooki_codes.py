"""A Kalooki deal code plays the same match wherever it is typed (issue 12): the short match's code
carries its length, and a nine-deal code is not cut short by a table that opened on the short match."""

from __future__ import annotations

from widgets.deal_link import link_query
from widgets.games.kalooki_table import KalookiTable


def test_a_short_match_code_deals_the_short_match_at_any_table():
    short = KalookiTable(players=4, seed=123, bot_delay=0, deals="short")
    assert short.game.schedule == (1, 2, 3) and "/" in short.code
    for table in (KalookiTable(players=3, bot_delay=0), KalookiTable(players=5, bot_delay=0, deals="short")):
        assert table.deal_from_code(short.code)
        assert table.game.schedule == (1, 2, 3) and table.code == short.code
        assert table.game.seed == short.game.seed and table.players == 4
        assert table.game.deal.hands == short.game.deal.hands
    linked = KalookiTable(players=3, bot_delay=0)
    assert linked.follow_link(link_query(short.code, "easy", "kalooki"))
    assert linked.game.schedule == (1, 2, 3) and linked.code == short.code


def test_a_nine_deal_code_stays_nine_deals_at_a_short_match_table():
    full = KalookiTable(players=4, seed=123, bot_delay=0)
    assert full.game.schedule == tuple(range(1, 10))
    short = KalookiTable(players=4, seed=99, bot_delay=0, deals="short")
    assert short.deal_from_code(full.code)
    assert short.game.schedule == tuple(range(1, 10)) and short.code == full.code
    assert short.game.deal.hands == full.game.deal.hands
    assert short.setting_boxes["deals"].value == "full"


def test_the_settings_menu_round_trips_through_the_code():
    table = KalookiTable(players=4, seed=5, bot_delay=0)
    assert table.apply_settings(deals="short", trinidad_calls=True)
    other = KalookiTable(players=4, bot_delay=0)
    assert other.deal_from_code(table.code)
    assert other.game.schedule == (1, 2, 3) and other.game.options["trinidad_calls"] is True
    assert other.code == table.code
