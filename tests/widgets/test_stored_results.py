"""The numbers lessons read from widgets/results/ are the ones their code computes.

El Gato's luck survey and Relógio's win rates take seconds to play, so
``python -m widgets.stored_results`` plays them once and the lessons read the files (a page
shows its table at once). Here part of each stored result is played again and compared: a
rules change that forgets to rerun the script fails this test.
"""

from __future__ import annotations

import functools
import json

from widgets import stored_results
from widgets.games import el_gato_lesson, relogio_lesson


def _stored(function, **params):
    entries = json.loads(stored_results._path(function).read_text(encoding="utf-8"))
    found = [e["result"] for e in entries if e["params"] == params]
    assert len(found) == 1, f"{function.__name__}{params} is stored {len(found)} times"
    return found[0]


def test_the_script_stores_what_the_lessons_show():
    for name, params in stored_results.STORED:
        assert _stored(stored_results._function(name), **params)


def test_el_gatos_stored_games_are_the_games_the_code_plays():
    # game n is dealt from seed n: the first 25 stored games are the 25 games played now
    stored = _stored(el_gato_lesson.luck_numbers, games=200, players=4)
    fresh = stored_results.as_json(el_gato_lesson.luck_numbers(games=25, players=4))
    assert stored["lengths"][:25] == fresh["lengths"]
    assert sum(stored["losers"]) + stored["draws"] == 200


def test_relogios_stored_win_rates_are_what_the_code_counts():
    # the 2,000 deals begin with the 500 played now (deal n from seed n, one random stream in order):
    # their wins can only add to them
    stored, fresh = _stored(relogio_lesson.win_rates, deals=2000), relogio_lesson.win_rates(500)
    assert stored.keys() == fresh.keys()
    for key, rate in fresh.items():
        won = round(rate * 500)
        assert won <= round(stored[key] * 2000) <= won + 1500


def test_one_count_of_relogios_win_rates_is_stored():
    """Both Relógio lessons read one stored count (issue 19: they showed 37.4% and 39.9% for one game)."""
    counts = [params for name, params in stored_results.STORED if name.endswith("relogio_lesson:win_rates")]
    assert counts == [{"deals": relogio_lesson.WIN_RATE_DEALS}]


def test_the_lessons_read_the_stored_numbers(monkeypatch):
    def refusing(function):
        @functools.wraps(function)  # same name: the same stored file
        def refuse(*args, **kwargs):
            raise AssertionError(f"{function.__name__} was played again at page load")
        return refuse

    monkeypatch.setattr(el_gato_lesson, "luck_numbers", refusing(el_gato_lesson.luck_numbers))
    monkeypatch.setattr(relogio_lesson, "win_rates", refusing(relogio_lesson.win_rates))
    report = el_gato_lesson.stored_luck_report(games=200, players=4)
    assert report["games"] == 200 and len(report["lengths"]) == 200
    assert sum(report["losers"]) + report["draws"] == 200
    assert "200 games of 4 players" in el_gato_lesson.luck_html(report).value
    assert "Won over 2,000 deals" in relogio_lesson.win_rates_html().value


def test_a_result_the_file_lacks_is_computed_on_the_spot():
    report = el_gato_lesson.stored_luck_report(games=3, players=4)
    assert report == stored_results.as_json(el_gato_lesson.luck_numbers(games=3, players=4))
    html = relogio_lesson.win_rates_html(deals=20).value
    assert "Won over 20 deals" in html
