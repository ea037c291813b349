"""A record is built from the server's own game and refused, with a sentence naming what is wrong, when it is
corrupt, foreign, huge, malformed or another student's (issue 35, items 1 and 5)."""

from __future__ import annotations

import json

import pytest

import engine
from engine.review_link import replay_moves
from tests.records.games import play, played, record
from widgets.records import RecordError, check_record, read_record, record_from_game
from widgets.records.record import MAX_RECORD_BYTES, deal_bounds, position_key, sign


def test_every_field_comes_from_the_game_and_its_review():
    game, review = played("jubilee", 1)
    made = record("ada", refusals={"jubilee.values": 2, "turn.order": 1})
    data = made.data
    assert (data["game"], data["players"], data["seat"], data["seed"]) == ("jubilee", game.players, 0, str(game.seed))
    assert data["code"] == f"{game.players}-{engine.deal_code(game.seed)}" and data["settings"] == game.options
    assert data["history"] == [list(m) for m in game.history] and data["stop"] == len(game.history)
    assert data["score"] == game.scores[0] and data["result"]["scores"] == game.scores
    assert data["won"] == (game.scores[0] == max(game.scores))
    assert review is not None and [d["index"] for d in data["decisions"]] == [e.index for e in review.entries]
    assert [(d["action"], d["best"], d["verdict"]) for d in data["decisions"]] == \
        [(e.action, e.best, e.verdict) for e in review.entries]
    assert data["accuracy"] == pytest.approx(review.accuracy) and data["total_cost"] == pytest.approx(review.total_loss)
    assert data["refusals"] == {"jubilee.values": 2, "turn.order": 1}
    # the review link deals the code and replays exactly the moves played
    query = dict(part.split("=", 1) for part in data["review_link"].split("&"))
    assert query["game"] == "jubilee" and query["level"] == "medium"
    from urllib.parse import unquote
    assert replay_moves(game, unquote(query["moves"])).history == game.history
    # the position of each decision is the moves before it on this deal, whoever played it
    first = data["decisions"][0]
    assert first["position"] == position_key("jubilee", game.setup_args(), game.history[:first["index"]])


def test_a_review_is_worked_out_when_the_server_has_none():
    game = play("jubilee", 2, **engine.GAMES["jubilee"].short_match)
    made = record_from_game(game, 0, "ada", "jubilee", "easy", class_name="c")
    assert [d["index"] for d in made.data["decisions"]] == [e.index for e in engine.review(game, 0).entries]


def test_one_deal_of_a_match_is_recorded_with_its_own_moves_and_points():
    game = play("jubilee", 3, players=3, stop_after_deal=2)
    bounds = deal_bounds(game)
    assert len(bounds) >= 2 and bounds[1][0] == 0 and bounds[2][0] == bounds[1][1]
    second = record_from_game(game, 0, "ada", "jubilee", "easy", class_name="c", deal=2)
    start, stop = bounds[2]
    assert (second.data["deal"], second.data["start"], second.data["stop"]) == (2, start, stop)
    assert all(start <= d["index"] < stop for d in second.data["decisions"]) and second.data["decisions"]
    points = next(r["points"] for r in game.replayed(game.history[:stop]).deal_results() if r["deal"] == 2)
    assert second.data["result"]["points"] == points and second.data["score"] == points[0]
    game.apply(game.legal_actions()[0])  # deal 3 under way: not finished, not recorded
    with pytest.raises(RecordError, match="Deal 3 is not over"):
        record_from_game(game, 0, "ada", "jubilee", "easy", class_name="c", deal=3)


def test_a_game_not_over_is_not_recorded():
    game = engine.new_game("jubilee", players=3, seed=1)
    game.apply(game.legal_actions()[0])
    with pytest.raises(RecordError, match="not over"):
        record_from_game(game, 0, "ada", "jubilee", "easy", class_name="c")
    with pytest.raises(RecordError, match="built from a game"):
        record_from_game(json.loads(game.to_json()), 0, "ada", "jubilee", "easy", class_name="c")  # a save


def test_a_deal_code_that_deals_another_game_is_refused():
    game, review = played("jubilee", 1)
    with pytest.raises(RecordError, match="does not deal its game"):
        record_from_game(game, 0, "ada", "jubilee", "easy", class_name="c", review=review, code="3-K7QM3P")


def _changed(**fields):
    data = dict(record("ada").data)
    data.update(fields)
    return data


@pytest.mark.parametrize("change, says", [
    (lambda d: d.update(score=d["score"] + 50), "check does not match"),               # corrupt: edited after
    (lambda d: d["decisions"][0].update(verdict="best" if d["decisions"][0]["verdict"] != "best" else "blunder"),
     "check does not match"),
    (lambda d: d.pop("check"), "lacks check"),                                          # malformed
    (lambda d: d.update(extra=1), "unknown fields extra"),
])
def test_a_changed_or_malformed_record_is_refused(change, says):
    data = json.loads(record("ada").to_json())
    change(data)
    with pytest.raises(RecordError, match=says):
        check_record(data, "ada")


@pytest.mark.parametrize("fields, says", [
    ({"game": "poker"}, "not a game of Parlour"),
    ({"level": "grandmaster"}, "bots' level"),
    ({"seat": 7}, "seat 7 is not a whole number from 0 to 2"),
    ({"code": "4-K7QM3P"}, "does not deal its game"),
    ({"settings": {"jokers": 9}}, "settings are not Jubilee's"),
    ({"refusals": {"rummy.meld": 3}}, "rule 'rummy.meld', which is not a rule of Jubilee"),
    ({"refusals": {"turn.order": -1}}, "refusals by 'turn.order' is not a number"),
    ({"accuracy": 1.0}, "accuracy does not agree"),
    ({"student": "a\nb"}, "student"),
    ({"finished_at": "yesterday"}, "finish time"),
    ({"history": [[0, "play 2C"]] * 3}, "does not end where its deal ends"),
])
def test_a_record_whose_fields_are_wrong_is_refused_even_when_signed(fields, says):
    """A record signed after the change (by code on the server, or with a known key) is still read field by field."""
    with pytest.raises(RecordError, match=says):
        check_record(sign(_changed(**fields)), "ada")


def test_a_record_signed_by_another_server_is_refused(monkeypatch):
    monkeypatch.setenv("PARLOUR_SAVE_KEY", "another server's key")
    foreign = sign(dict(record("ada").data))
    monkeypatch.setenv("PARLOUR_SAVE_KEY", "this server's key")
    with pytest.raises(RecordError, match="written by another server"):
        check_record(foreign, "ada")
    assert check_record(sign(dict(foreign)), "ada").student == "ada"  # signed here: accepted


def test_a_record_for_another_student_is_refused():
    with pytest.raises(RecordError, match="for the student 'ada', not for 'bob' who sent it"):
        check_record(record("ada").data, "bob")


def test_a_huge_or_unreadable_record_is_refused():
    huge = _changed(review_link="x" * (MAX_RECORD_BYTES + 1))
    with pytest.raises(RecordError, match="bytes long"):
        check_record(sign(huge), "ada")
    with pytest.raises(RecordError, match="bytes long"):
        read_record("[" * (MAX_RECORD_BYTES + 1), "ada")
    with pytest.raises(RecordError, match="not valid JSON"):
        read_record('{"format": 1,', "ada")
    with pytest.raises(RecordError, match="JSON object, not list"):
        read_record("[1, 2]", "ada")


def test_every_game_gives_a_record_that_reads_back():
    for game_id in engine.GAMES:
        rules = engine.GAMES[game_id]
        game = play(game_id, 4, **rules.short_match)
        review = None
        if rules.has_choices:  # a review of one decision is enough here: the fields are what is checked
            full = engine.review(game, 0, stop=min(len(game.history), 12))
            review = full
        made = record_from_game(game, 0, "ada", game_id, "hard", class_name="c", review=review)
        again = read_record(made.to_json(), "ada")
        assert again.data == made.data and again.key == made.key, game_id
