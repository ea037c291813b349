"""The class table's seats, bots, teacher's controls, limits, flood cut-off and restart (issue 34)."""

from __future__ import annotations

import json
import random
import re
import threading

import pytest

from widgets.class_table import BURST, CODE_LETTERS, CUT_OFF_SECONDS, ClassTableError, ClassTables

from .helpers import Clock, Ticking, heard_by, person_moves, play_deal, seated


def test_join_and_rejoin_keep_a_person_at_their_seat():
    tables = ClassTables(None)
    host, zoe = seated(tables, "jabberwocky", 2, players=4)
    assert re.fullmatch(f"[{CODE_LETTERS}]{{5}}", host.code)
    assert len({host.token, zoe.token}) == 2 and min(len(host.token), len(zoe.token)) >= 32
    assert (host.seat, zoe.seat) == (0, 1)
    again = tables.rejoin(zoe.token)
    assert (again.code, again.seat, again.token, again.teacher) == (zoe.code, 1, zoe.token, False)
    state = tables.state_for(zoe.token)
    assert state["names"][:2] == ["Mia", "You"] and state["view"]["names"][1] == "Zoe"
    assert [s["person"] for s in state["seats"]] == [True, True, False, False]
    # the code is read out loud: typed in lower case with a dash, it finds the table
    ravi = tables.join(f"{host.code[:2].lower()}-{host.code[2:].lower()} ", name="Ravi")
    assert (ravi.code, ravi.seat) == (host.code, 2)


def test_on_the_hub_a_user_gets_their_own_seat_back_from_another_browser():
    tables = ClassTables(None)
    host = tables.open("rummy", players=3, host_name="Mia", user="mia")
    first = tables.join(host.code, name="Zoe", user="zoe")
    second = tables.join(host.code, name="Zoe", user="zoe")
    assert second.seat == first.seat and second.token != first.token
    assert tables.state_for(second.token, user="zoe")["seat"] == first.seat
    with pytest.raises(ClassTableError, match="given up"):
        tables.state_for(first.token, user="zoe")


def test_bots_play_every_seat_nobody_takes_and_wait_for_people():
    clock = Clock()
    tables = ClassTables(None, clock=clock, bot_delay=0.8)
    host, zoe = seated(tables, "jabberwocky", 2, players=4)
    code = host.code
    assert tables.bot_due(code) is None, "bots wait until the host starts"
    tables.handle(host.token, {"type": "start"})
    while (due := tables.bot_due(code)) is not None:
        assert due == pytest.approx(0.8) and not tables.step_bots(code), "a bot waits its pause"
        clock.now += 0.8
        assert tables.bot_due(code) == 0
        assert tables.step_bots(code)
    state = tables.state_for(host.token)
    assert state["to_act"][0] in (0, 1), "the bots stop at a person's turn"
    assert all(seat_name not in ("Mia", "Zoe") for seat_name in state["view"]["names"][2:])
    rng = random.Random(2)
    while state["status"] == "playing":
        if (due := tables.bot_due(code)) is not None:
            assert not tables.step_bots(code) or due == 0, "a bot moved before its pause was over"
            clock.now += due
            assert tables.step_bots(code)
        else:
            assert person_moves(tables, [host, zoe], rng)
        state = tables.state_for(host.token)
    movers = {seat for seat, _ in tables._tables[code].game.history}
    assert {2, 3} <= movers, "the free seats were played by bots"


def test_seats_are_taken_between_deals_and_the_host_deals_the_next():
    tables = ClassTables(None, clock=Ticking(), bot_delay=0, call_delay=0)
    host, zoe = seated(tables, "jabberwocky", 2, players=4)
    tables.handle(host.token, {"type": "start"})
    rng = random.Random(3)
    play_deal(tables, [host, zoe], rng)
    state = tables.state_for(zoe.token)
    assert state["status"] == "between deals" and "over" in state["status_text"]
    assert state["legal"] == [] and state["why"] == {}
    with pytest.raises(ClassTableError, match="This deal is over: wait for Mia"):
        tables.handle(zoe.token, {"type": "move", "action": "bid 0"})
    ravi = tables.join(host.code, name="Ravi")
    assert ravi.seat == 2 and tables.state_for(ravi.token)["seats"][2]["person"]
    assert tables.state_for(host.token)["view"]["names"][2] == "Ravi"
    assert tables.state_for(zoe.token)["events"] == heard_by(tables, host.code, 1), \
        "the log is told again under the new names"
    assert "Ravi" in json.dumps(tables.state_for(zoe.token)["events"])
    review = tables.review_for(zoe.token, 1)
    assert review["deal"] == 1 and review["seat"] == 1 and review["entries"]
    assert all(row["index"] >= 0 for row in review["entries"])
    json.dumps(review)
    with pytest.raises(ClassTableError, match="no finished round 2"):
        tables.review_for(zoe.token, 2)
    tables.handle(host.token, {"type": "next_deal"})
    assert tables.state_for(ravi.token)["status"] == "playing"
    play_deal(tables, [host, zoe, ravi], rng)
    over = tables.state_for(host.token)
    assert over["view"]["is_over"] and "The match is over" in over["status_text"]
    tables.handle(host.token, {"type": "next_deal"})  # a new match, dealt from the table's seed
    fresh = tables.state_for(host.token)
    assert fresh["status"] == "playing" and not fresh["view"]["is_over"] and fresh["view"]["progress"]["deal"] == 1


def test_the_teachers_controls():
    tables = ClassTables(None, clock=Ticking(), bot_delay=0, call_delay=0)
    teacher, zoe, ravi = seated(tables, "jabberwocky", 3, players=4, teacher=True)
    code = teacher.code
    assert len(tables.state_for(teacher.token)["views"]) == 4, "the teacher watches every hand"
    assert "views" not in tables.state_for(zoe.token)
    tables.handle(teacher.token, {"type": "start"})
    while tables.step_bots(code):
        pass
    tables.handle(teacher.token, {"type": "pause"})
    paused = tables.state_for(zoe.token)
    assert paused["status"] == "paused" and paused["legal"] == [] and tables.bot_due(code) is None
    tables.handle(teacher.token, {"type": "continue"})
    # Zoe left: a bot plays her seat until the teacher gives it back
    tables.handle(teacher.token, {"type": "replace", "seat": 1})
    assert not tables.state_for(teacher.token)["seats"][1]["person"]
    rng = random.Random(1)
    for _ in range(6):
        while tables.step_bots(code):
            pass
        if not person_moves(tables, [teacher, ravi], rng):
            break
    with pytest.raises(ClassTableError, match="given your seat to the computer"):
        tables.handle(zoe.token, {"type": "move", "action": "bid 0"})
    tables.handle(teacher.token, {"type": "give_back", "seat": 1})
    assert tables.state_for(zoe.token)["seats"][1]["person"]
    # undo for the whole table: back to the last move a person made
    game = tables._tables[code].game
    history = game.history
    last_person = max(i for i, (seat, _) in enumerate(history) if seat in (0, 1, 2))
    zoe_before = tables.state_for(zoe.token)["events"]
    tables.handle(teacher.token, {"type": "undo"})
    game = tables._tables[code].game
    assert game.history == history[:last_person]
    assert tables.state_for(zoe.token)["events"] == heard_by(tables, code, 1) != zoe_before, \
        "Zoe's log was not taken back"
    tables.handle(teacher.token, {"type": "end"})
    ended = tables.state_for(zoe.token)
    assert ended["status"] == "ended" and ended["legal"] == [] and "Mia has ended" in ended["status_text"]
    with pytest.raises(ClassTableError, match="has ended"):
        tables.handle(teacher.token, {"type": "pause"})


def test_an_idle_table_is_closed_with_a_last_message_to_whoever_is_seated():
    clock = Clock()
    tables = ClassTables(None, clock=clock, idle_seconds=600)
    host, zoe = seated(tables, "rummy", 2, players=3)
    inbox: list[dict] = []
    tables.subscribe(zoe.token, inbox.append)
    clock.now += 599
    assert tables.close_idle() == []
    tables.handle(host.token, {"type": "start"})  # a person acting keeps the table open
    clock.now += 599
    assert tables.close_idle() == []
    clock.now += 1
    assert tables.close_idle() == [host.code]
    last = inbox[-1]
    assert last["status"] == "ended" and "closed after 10 minutes" in last["status_text"]
    with pytest.raises(ClassTableError, match="not one this server gave out"):
        tables.state_for(zoe.token)
    assert tables.codes() == []


def test_the_number_of_tables_is_limited():
    tables = ClassTables(None, max_tables=2)
    first = tables.open("rummy", host_name="Mia")
    tables.open("rummy", host_name="Zoe")
    with pytest.raises(ClassTableError, match="already holds 2 tables, its limit"):
        tables.open("rummy", host_name="Ravi")
    tables.handle(first.token, {"type": "end"})  # an ended table no longer counts
    tables.open("rummy", host_name="Ravi")


def test_a_flooding_seat_is_cut_off_and_the_others_play_on():
    clock = Clock()
    tables = ClassTables(None, clock=clock, bot_delay=0)
    host, zoe = seated(tables, "rummy", 2, players=2)
    tables.handle(host.token, {"type": "start"})
    flooder, other = zoe, host
    for _ in range(BURST):
        with pytest.raises(ClassTableError, match="Only the teacher can pause"):
            tables.handle(flooder.token, {"type": "pause"})
    with pytest.raises(ClassTableError, match=f"more than {BURST} messages"):
        tables.handle(flooder.token, {"type": "pause"})
    tables.handle(other.token, {"type": "end"})  # the others are listened to
    clock.now += CUT_OFF_SECONDS - 1
    with pytest.raises(ClassTableError, match="not listening to it"):
        tables.handle(flooder.token, {"type": "leave"})
    clock.now += 2
    with pytest.raises(ClassTableError, match="Only the teacher can pause"):  # listened to again
        tables.handle(flooder.token, {"type": "pause"})


def test_a_restarted_server_resumes_every_table_exactly(tmp_path):
    clock = Ticking()
    tables = ClassTables(tmp_path, clock=clock, bot_delay=0, call_delay=0)
    rng = random.Random(7)
    playing = seated(tables, "jabberwocky", 2, players=4, teacher=True)
    tables.handle(playing[0].token, {"type": "start"})
    play_deal(tables, playing, rng)
    tables.handle(playing[0].token, {"type": "next_deal"})
    for _ in range(3):
        while tables.step_bots(playing[0].code):
            pass
        assert person_moves(tables, playing, rng)
    tables.handle(playing[0].token, {"type": "replace", "seat": 1})
    kalooki = seated(tables, "kalooki", 3, players=4)
    left = tables.join(kalooki[0].code, name="Omar")
    tables.handle(left.token, {"type": "leave"})
    waiting = seated(tables, "rummy", 1, players=2)
    hub = tables.open("rummy", players=2, host_name="Ann", user="ann")
    everyone = [*playing, *kalooki, *waiting]
    before = {s.token: tables.state_for(s.token) for s in everyone}
    before[hub.token] = tables.state_for(hub.token, user="ann")
    histories = {code: table.game.history for code, table in tables._tables.items()}

    kept = "".join(p.read_text() for p in (tmp_path / "class_tables").iterdir())
    for s in [*everyone, hub, left]:
        assert s.token not in kept, "a seat token was written in clear"

    again = ClassTables(tmp_path, clock=clock, bot_delay=0, call_delay=0)
    assert sorted(again.codes()) == sorted(tables.codes())
    assert {code: table.game.history for code, table in again._tables.items()} == histories, "moves were lost"
    for token, old in before.items():
        new = again.state_for(token, user="ann" if token == hub.token else None)
        for state in (old, new):
            state.pop("seq")
        assert new == old
    with pytest.raises(ClassTableError, match="given up"):
        again.rejoin(left.token)
    with pytest.raises(ClassTableError, match="belongs to another person"):
        again.state_for(hub.token, user="zoe")
    # the resumed tables play on
    tables_again = again
    tables_again.handle(playing[0].token, {"type": "give_back", "seat": 1})
    assert tables_again.state_for(playing[1].token)["seats"][1]["person"]


def test_bots_answer_out_of_turn_at_once_and_wait_while_a_person_may_call():
    clock = Clock()
    tables = ClassTables(None, clock=clock, bot_delay=0.8, call_delay=4.0)
    host, zoe = seated(tables, "kalooki", 2, players=4)
    code, rng = host.code, random.Random(4)
    tables.handle(host.token, {"type": "start"})
    table = tables._tables[code]
    seen_out_of_turn = seen_call_wait = False
    for _ in range(400):
        due = tables.bot_due(code)
        if due is None:
            if tables.state_for(host.token)["status"] != "playing":
                break
            assert person_moves(tables, [host, zoe], rng)
            continue
        game = table.game
        turn = table._bot_turn()
        assert turn is not None
        if turn[0].seat != game.current_player:
            assert due == 0, "a bot answering out of turn does not make the table wait"
            seen_out_of_turn = True
        elif any(k in (0, 1) for k in game.to_act()[1:]):
            assert due == pytest.approx(4.0), "a person who may call gets the longer pause"
            seen_call_wait = True
        else:
            assert due == pytest.approx(0.8)
        clock.now += due
        assert tables.step_bots(code)
    assert seen_out_of_turn and seen_call_wait


def test_seats_and_the_bots_pacer_at_once_from_several_threads():
    """One lock per table: people's threads and two bot pacers at one table, a second table beside it; every
    move is made once and legally, and the table ends its deal as one game."""
    tables = ClassTables(None, clock=Ticking(), bot_delay=0, call_delay=0)
    first = seated(tables, "jabberwocky", 2, players=4)
    second = seated(tables, "jabberwocky", 3, players=3, seed=8)
    for seats in (first, second):
        tables.handle(seats[0].token, {"type": "start"})
    failures: list[BaseException] = []

    def person(seat, seed: int) -> None:
        rng = random.Random(seed)
        try:
            while tables.state_for(seat.token)["status"] == "playing":
                legal = tables.state_for(seat.token)["legal"]
                if legal:
                    try:
                        tables.handle(seat.token, {"type": "move", "action": rng.choice(legal)})
                    except ClassTableError:
                        pass  # the table moved on between reading and sending: refused, nothing changed
        except BaseException as exc:  # reported below
            failures.append(exc)

    def pacer(code: str) -> None:
        try:
            while tables.state_for(first[0].token if code == first[0].code else second[0].token)["status"] \
                    == "playing":
                tables.step_bots(code)
        except BaseException as exc:
            failures.append(exc)

    workers = [threading.Thread(target=person, args=(s, n)) for n, s in enumerate([*first, *second])]
    workers += [threading.Thread(target=pacer, args=(s[0].code,)) for s in (first, second, first, second)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=120)
    assert not failures and not any(w.is_alive() for w in workers)
    for seats in (first, second):
        table = tables._tables[seats[0].code]
        assert table.status == "between deals"
        assert heard_by(tables, seats[0].code, 0) == tables.state_for(seats[0].token)["events"], \
            "every move legal, in the order kept"


def test_ended_tables_are_kept_for_their_reviews_but_never_more_than_the_open_ones():
    tables = ClassTables(None, max_tables=1)
    first = tables.open("rummy", host_name="Mia")
    tables.handle(first.token, {"type": "end"})
    second = tables.open("rummy", host_name="Zoe")
    assert tables.state_for(first.token)["status"] == "ended", "an ended table stays while there is room"
    tables.handle(second.token, {"type": "end"})
    third = tables.open("rummy", host_name="Ravi")
    assert sorted(tables.codes()) == sorted([second.code, third.code]), "the oldest ended table went"
    with pytest.raises(ClassTableError, match="has closed"):
        tables.state_for(first.token)


def test_moves_made_after_a_crash_mid_write_survive_the_next_restart(tmp_path):
    """A crash can cut a table's last line short; the resumed table must not write its next records onto that
    cut line, or the restart after loses every move made since (the joined line cannot be read)."""
    tables = ClassTables(tmp_path, clock=Ticking(), bot_delay=0)
    rng = random.Random(3)
    seats = seated(tables, "rummy", 2, players=2)
    tables.handle(seats[0].token, {"type": "start"})
    for _ in range(4):
        assert person_moves(tables, seats, rng)
    path = tmp_path / "class_tables" / f"{seats[0].code}.jsonl"
    with open(path, "a", encoding="utf-8") as out:  # the crash: a move's record half written
        out.write('{"t":"move","seat":0,"act')
    resumed = ClassTables(tmp_path, clock=Ticking(), bot_delay=0)
    assert len(resumed._tables[seats[0].code].game.history) == 4
    for _ in range(4):
        assert person_moves(resumed, seats, rng)
    history = resumed._tables[seats[0].code].game.history
    again = ClassTables(tmp_path, clock=Ticking(), bot_delay=0)
    assert again._tables[seats[0].code].game.history == history, "moves made after the first restart were lost"


def test_a_history_that_cannot_be_written_does_not_stop_the_table(tmp_path, caplog):
    tables = ClassTables(tmp_path, clock=Ticking(), bot_delay=0)
    host, zoe = seated(tables, "rummy", 2, players=2)
    path = tmp_path / "class_tables" / f"{host.code}.jsonl"
    path.unlink()
    path.mkdir()  # the file cannot be opened any more
    tables.handle(host.token, {"type": "start"})
    assert tables.state_for(zoe.token)["status"] == "playing"
    assert "could not be written" in caplog.text


@pytest.mark.parametrize("game_id", ["kalooki", "jubileu"])
def test_the_reasons_a_seat_is_sent_are_the_rules_reasons_now(game_id):
    """A seat's state is kept between changes: its reasons must still be those the rules give now (Kalooki's
    depend on more than whose turn it is: a reason kept while a seat waits went stale)."""
    tables = ClassTables(None, clock=Ticking(), bot_delay=0, call_delay=0)
    seats = seated(tables, game_id, 3, players=4)
    table = tables._tables[seats[0].code]
    tables.handle(seats[0].token, {"type": "start"})
    rng = random.Random(5)
    for _ in range(60):
        for seat in seats:
            assert tables.state_for(seat.token)["why"] == table._state(seat.seat)["why"]
        while tables.step_bots(seats[0].code):
            pass
        if not person_moves(tables, seats, rng):
            break


def test_each_seat_hears_the_log_as_at_a_table_alone():
    """The game names every seat; each seat's log and refusals call that seat "You" ("You play J♣."), as the
    engine phrases them for a learner at a table alone (its own rules for "you", not a word swapped in)."""
    tables = ClassTables(None, clock=Ticking(), bot_delay=0, call_delay=0)
    mia, zoe = seated(tables, "jabberwocky", 2, players=4)
    tables.handle(mia.token, {"type": "start"})
    play_deal(tables, [mia, zoe], random.Random(6))
    heard = {s.seat: [e["text"] for e in tables.state_for(s.token)["events"]] for s in (mia, zoe)}
    assert not any("Zoe" in text for text in heard[1]) and any(text.startswith("You ") for text in heard[1])
    assert any("Zoe" in text for text in heard[0]) and not any("Mia" in text for text in heard[0])
    assert [len(heard[0])] == [len(heard[1])] == [len(tables._tables[mia.code].game.events)]
