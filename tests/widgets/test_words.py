"""One plural/person helper for every learner sentence: no "You scores", "1 seats later", "1 chips"."""

from __future__ import annotations

import random
import re

import pytest

import engine
from engine import words
from widgets.games.el_gato_lesson import luck_html
from widgets.games.jubilee_table import JubileeTable

YOU_WITH_S = re.compile(r"\bYou (\w+s)\b")
# "bid 1 comes" is fine; "1 more moves" and "1 penalty points" are not
ONE_WITH_S = re.compile(r"(?<![\d.,±])(?<!bid )\b1 (?:(?:more|penalty|other|extra) )?(\w+s)\b")
YOU_INSIDE = re.compile(r"\b[a-z]+[,;]? You\b")  # "and You deal", "partner of You": mid-sentence it is "you"
YOU_LISTED = re.compile(r"\b[A-Z]\w*, You [a-z]+\b")  # "Cleo, You will": a list goes "Cleo and you will"
FINE_AFTER_YOU = {"pass"}  # "You pass": the verb itself ends in s
FINE_AFTER_ONE = {"is", "was", "has"}


def grammar_faults(text: str) -> list[str]:
    found = [m.group(0) for m in YOU_WITH_S.finditer(text) if m.group(1) not in FINE_AFTER_YOU]
    found += [m.group(0) for m in YOU_INSIDE.finditer(text)]
    found += [m.group(0) for m in YOU_LISTED.finditer(text)]
    return found + [m.group(0) for m in ONE_WITH_S.finditer(text) if m.group(1) not in FINE_AFTER_ONE]


@pytest.mark.parametrize("n, noun, said", [(1, "chip", "1 chip"), (0, "chip", "0 chips"), (2, "seat", "2 seats"),
                                            (1, "match", "1 match"), (3, "match", "3 matches"),
                                            (2, "party", "2 parties"), (-1, "point", "-1 point"),
                                            (2, "percentage point", "2 percentage points")])
def test_count_agrees_with_the_number(n, noun, said):
    assert words.count(n, noun) == said


@pytest.mark.parametrize("subject, verb, said", [("You", "scores", "You score"), ("Ada", "scores", "Ada scores"),
                                                 ("You", "has", "You have"), ("You", "is", "You are"),
                                                 ("You", "does", "You do"), ("You", "passes", "You pass"),
                                                 ("You", "catches", "You catch"), ("You", "carries", "You carry"),
                                                 ("You", "cannot", "You cannot"), ("Ben", "plays", "Ben plays")])
def test_says_puts_the_verb_in_the_subjects_person(subject, verb, said):
    assert words.says(subject, verb) == said


def test_the_small_helpers():
    assert [words.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]
    assert words.join(["Ada", "Ben", "Cleo"]) == "Ada, Ben and Cleo"
    assert words.join(["Ada"]) == "Ada"
    assert words.possessive("You") == "your" and words.possessive("Ada") == "Ada's"
    assert grammar_faults("You scores +10. 1 seats later. 1 chips.") == ["You scores", "1 seats", "1 chips"]
    assert grammar_faults("You score +10. 1 seat later, ±1 points. You pass.") == []
    assert grammar_faults("P4 cuts, and You deal.") == ["and You"]
    assert grammar_faults("Cleo is the partner of You. Ada pays You 3 chips.") == ["of You", "pays You"]
    assert grammar_faults("Cleo joins Meia Miséria: Cleo, You will each try.") == ["Cleo, You will"]
    assert grammar_faults("… and 1 more moves. Ben scores 1 penalty points.") == ["1 more moves", "1 penalty points"]
    assert grammar_faults("P4 cuts, and you deal. Scores: P1 3, You 4.") == []


def _sentences(game_id: str, seed: int) -> list[str]:
    """Every event a learner named "You" reads in a random game, and the hints on the way."""
    cls = engine.GAMES[game_id]
    rng = random.Random(seed)
    players = rng.choice([n for n in range(cls.min_players, min(cls.max_players, 5) + 1)
                          if game_id != "el_gato" or 40 % n == 0])
    game = engine.new_game(game_id, players=players, seed=seed,
                           names=["You", *[f"P{i}" for i in range(1, players)]])
    said = []
    for step in range(400):
        if game.is_over:
            break
        seat = game.current_player
        if seat == 0 and step % 15 == 0:
            hint = engine.hint(game, 0)
            said += [hint.reason, *(a.note for a in hint.alternatives)]
        said += [e.text for e in game.apply(rng.choice(game.legal_actions()), seat)]
    return said


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_no_learner_sentence_breaks_the_grammar(game_id):
    faults = {f: text for seed in range(4) for text in _sentences(game_id, seed) for f in grammar_faults(text)}
    assert not faults, faults


def test_the_widgets_count_with_the_helper():
    from collections import Counter
    report = {"games": 2, "players": 2, "lengths": [3, 5], "losers": Counter({0: 1, 1: 1}), "draws": 0}
    assert "1 seat later" in luck_html(report).value
    table = JubileeTable(players=2, seed=7, bot_delay=0)
    html = table.opponents.value
    assert not grammar_faults(re.sub("<[^>]+>", " ", html)), html


def test_a_name_inside_a_sentence_in_every_language():
    assert words.inside("You") == "you" and words.inside("Você") == "você" and words.inside("Ada") == "Ada"
    assert words.is_you("Você") and not words.is_you("Ada")
    assert words.agreeing(1, "{n} deal played", "{n} deals played") == "{n} deal played"
    assert words.agreeing(0, "{n} deal played", "{n} deals played") == "{n} deals played"


def test_the_phrasings_the_tables_showed_wrong():
    """Each sentence of issue 19 item 7, produced where the learner met it."""
    from engine.games.jubileu import Jubileu
    from engine.games.klaberjass import Klaberjass
    from engine.games.rummy import Rummy
    from engine.i18n import say
    from widgets.games.jubileu_table import JubileuTable

    names = ["You", "Ada", "Ben", "Cleo"]
    jub = engine.new_game("jubileu", seed=3, names=names)
    assert isinstance(jub, Jubileu)
    assert jub.tr("{card} is the called Ace: {who} is the partner of {decl}.", card="A♥", who="Ada",
                  decl=words.inside("You")) == "A♥ is the called Ace: Ada is the partner of you."
    with pytest.raises(engine.IllegalAction, match="^You have not moved yet: nothing to take back.$"):
        engine.new_game("jubilee", players=2, seed=5, names=["You", "Ada"]).undo_to_seat(0)
    assert say("pt", "{who} has not moved yet: nothing to take back.", who="Ada") == \
        "Ada ainda não jogou: não há nada para desfazer."
    klab = engine.new_game("klaberjass", seed=1, names=["Ada", "You"], first_dealer=0)
    assert isinstance(klab, Klaberjass)
    assert klab.subject(1, "deals", first=False) == "you deal"
    rummy = engine.new_game("rummy", players=2, seed=1, names=["You", "Ada"])
    assert isinstance(rummy, Rummy) and rummy.subject(0, "has") == "You have"
    table = JubileeTable(players=2, seed=7, bot_delay=0)
    assert table.t_count(1, table.hint_more_one, table.hint_more_many) == "… and 1 more move, estimated no higher."
    assert table.t_count(2, table.hint_more_one, table.hint_more_many) == \
        "… and 2 more moves, each estimated no higher."
    pt = JubileuTable(seed=5, bot_delay=0, lang="pt")
    assert pt.t_count(1, pt.hint_more_one, pt.hint_more_many) == "… e mais 1, estimada mais baixo."


@pytest.mark.parametrize("game_id, players", [("jubileu", 4), ("klaberjass", 2), ("rummy", 2)])
def test_events_with_you_inside_a_sentence_read_you(game_id, players):
    """Whole games, every seat a bot's choice: no "partner of You", "pays You", "You deals", "You has"."""
    faults = {}
    for seed in range(6):
        game = engine.new_game(game_id, players=players, seed=seed,
                               names=["You", *[f"P{i}" for i in range(1, players)]])
        rng = random.Random(seed)
        for _ in range(3000):
            if game.is_over:
                break
            seat = game.current_player
            faults.update({f: e.text for e in game.apply(rng.choice(game.legal_actions()), seat)
                           for f in grammar_faults(e.text)})
    assert not faults, faults
