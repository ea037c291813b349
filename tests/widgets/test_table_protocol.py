"""The tables read a match's bookkeeping from the protocol (progress, deal_results, lowest_wins), never
from one game's own keys: every table words progress and history the same way (issue 20, item 1)."""

from __future__ import annotations

import pytest

import engine
from engine.hints import Bot
from widgets.games.el_gato_table import ElGatoTable
from widgets.games.injun_table import InjunTable
from widgets.games.jabberwocky_table import JabberwockyTable
from widgets.games.jubilee_table import JubileeTable
from widgets.games.jubileu_table import JubileuTable
from widgets.games.kalooki_table import KalookiTable
from widgets.games.klaberjass_table import KlaberjassTable
from widgets.games.relogio_table import RelogioTable
from widgets.games.rummy_table import RummyTable
from widgets.table import Table


def play_on(t: Table, until) -> None:
    """Bots play every seat, yours too, until ``until(game)``; the table is painted afterwards."""
    g = t.game
    everyone = [Bot(g.id, "easy", seed=s) for s in range(g.players)]
    engine.play(g, everyone, stop=lambda game, _events: until(game), max_steps=20_000)
    t.refresh()


@pytest.mark.parametrize("cls, kw, words", [
    (JubileeTable, {"players": 3}, "deal 2 of 3"),          # Jubilee counted its deals from 0: none were shown
    (InjunTable, {"players": 4}, "deal 2 of 10"),           # so did Injun
    (KlaberjassTable, {}, "deal 2"),                        # a race to 501 points: no "of"
    (JabberwockyTable, {"players": 4}, "round 2 of 13"),
    (KalookiTable, {"players": 3, "deals": [1, 4]}, "deal 2 of 2"),  # the second deal, not the fourth contract
    (RummyTable, {"players": 2}, "deal 2"),
])
def test_every_table_words_the_match_progress_from_the_protocol(cls, kw, words):
    t = cls(seed=3, bot_delay=0, **kw)
    play_on(t, lambda g: g.progress()["deal"] == 2 or g.is_over)
    assert t.game.progress()["deal"] == 2
    assert t.progress_words(t.game.view(t.human)) == words
    assert words in t.resume_words(t.game)


def test_a_game_of_one_deal_has_no_progress_words_and_no_history():
    t = ElGatoTable(players=2, seed=3, bot_delay=0)
    t.play_to_end()
    assert t.game.is_over and len(t.game.deal_results()) == 1
    assert t.progress_words(t.game.view(t.human)) == "" and t.deal_results() == [] and t.history_html() == ""
    assert RelogioTable(seed=3).progress_words(engine.new_game("relogio", seed=3).view(0)) == ""


@pytest.mark.parametrize("cls, kw", [(JubileeTable, {"players": 3}), (InjunTable, {"players": 3, "max_deals": 3}),
                                     (JubileuTable, {"deals": 2}), (KalookiTable, {"players": 3, "deals": [1, 2]}),
                                     (KlaberjassTable, {"target": 150}), (RummyTable, {"players": 2, "target": 30}),
                                     (JabberwockyTable, {"players": 3, "rounds": "short"})])
def test_every_table_history_is_the_games_deal_results(cls, kw):
    t = cls(seed=2, bot_delay=0, **kw)
    play_on(t, lambda g: g.is_over)
    results = t.game.deal_results()
    assert results and [points for _, points in t.deal_results()] == [r["points"] for r in results]
    word = "Round" if cls is JabberwockyTable else "Deal"
    assert [label.split(" ★")[0].split(" stalemate")[0].split(" block")[0] for label, _ in t.deal_results()] == [
        f"{word} {k}" for k in range(1, len(results) + 1)]


def test_rummy_marks_how_a_deal_ended_from_the_games_own_word():
    t = RummyTable(players=2, seed=2, bot_delay=0, target=30)
    play_on(t, lambda g: g.is_over)
    marks = {"rummy": " ★ rummy", "stalemate": " stalemate", "block": " block"}
    assert [label for label, _ in t.deal_results()] == [
        f"Deal {r['deal']}{marks.get(r['how'] or '', '')}" for r in t.game.deal_results()]


def test_penalty_rummy_ranks_the_lowest_total_first_because_the_protocol_says_so():
    t = RummyTable(players=3, seed=4, bot_delay=0, target=40, scoring="penalty")
    play_on(t, lambda g: g.is_over)
    scores = t.game.scores
    assert t.game.progress()["lowest_wins"] and len(set(scores)) > 1
    summary = t.end_summary(t.game.view(t.human))
    first = min(range(3), key=lambda s: scores[s])
    assert summary.index(f"<td>1st</td><td>{t.names[first]}</td>") > 0


def test_portuguese_labels_come_from_the_catalog():
    t = JubileuTable(seed=2, bot_delay=0, deals=2, lang="pt")
    play_on(t, lambda g: g.is_over)
    assert [label for label, _ in t.deal_results()] == ["Mão 1", "Mão 2"]


ALL_TABLES = [(JubileeTable, {"players": 3}), (JubileuTable, {}), (RelogioTable, {}), (ElGatoTable, {"players": 4}),
              (InjunTable, {"players": 4}), (KalookiTable, {"players": 4}), (RummyTable, {"players": 2}),
              (JabberwockyTable, {"players": 4}), (KlaberjassTable, {})]


@pytest.mark.parametrize("cls, kw", ALL_TABLES)
def test_a_table_deals_exactly_the_player_counts_its_rules_class_accepts(cls, kw):
    """One source: the rules class refuses a player count (El Gato: the 40 cards must divide); no table
    keeps its own list. A refused code leaves the table's deal as it was, with the engine's reason."""
    t = cls(seed=3, **kw) if cls is RelogioTable else cls(seed=3, bot_delay=0, **kw)
    for n in range(1, 12):
        try:
            engine.new_game(t.game_id, players=n, seed=1)
            accepted = True
        except engine.OptionError as exc:
            accepted, why = False, str(exc)
        before = (t.players, t.code)
        assert t.deal_from_code(f"{n}-000001") == accepted, n
        if accepted:
            assert t.players == n
        else:
            assert (t.players, t.code) == before and "⚠" in t.status.value
            if cls is ElGatoTable and 2 <= n <= 10:
                assert why.split(" (")[0] in t.status.value  # the engine's own words
