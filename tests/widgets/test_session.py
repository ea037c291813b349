"""A table session runs a whole game with no widget (widgets/session.py): the seam a table whose game lives on a
server needs (issue 33 item 2, issue 34). Driven only through its public methods: deal, put, move, the bots'
replies, hint, undo, the save and its check, and the review."""

from __future__ import annotations

import ast

import pytest

from engine.protocol import IllegalAction, SaveError
from tests.test_import_cycles import import_graph, modules
from widgets.session import TableSession
from widgets.table_save import TableSave

WIDGET_LIBRARIES = {"ipywidgets", "anywidget", "traitlets"}


def test_the_session_and_every_module_it_imports_import_no_widget_library():
    graph, paths = import_graph(), modules()
    reached, todo = set(), ["widgets.session"]
    while todo:
        name = todo.pop()
        if name not in reached:
            reached.add(name)
            todo.extend(graph[name])
    assert "widgets.table_save" in reached and "engine.review" in reached  # the walk followed its imports
    for name in reached:
        tree = ast.parse(paths[name].read_text(encoding="utf-8"))
        imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                    for alias in node.names}
        imported |= {(node.module or "").split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert not imported & WIDGET_LIBRARIES, f"{name} imports {imported & WIDGET_LIBRARIES}"


@pytest.mark.parametrize("game_id, players", [("jubilee", 3), ("klaberjass", 2), ("jabberwocky", 3)])
def test_a_session_plays_a_whole_game_from_deal_to_review_with_no_widget(game_id, players):
    session = TableSession(game_id, level="easy")
    options = {"rounds": "short"} if game_id == "jabberwocky" else {"target": 150} if game_id == "klaberjass" else {}
    game = session.new_game(players, seed=4, options=options)
    session.put(game, new_bots=True)
    assert session.game is game and sorted(session.bots) == list(range(1, players))
    mine = 0
    while not game.is_over:
        assert session.my_turn(), "the bots played every move up to the learner's"
        hint = session.ask_hint()
        assert hint.action in [str(a) for a in game.legal_actions()] and session.hint is hint
        with pytest.raises(IllegalAction):
            session.move("no such move")  # refused: nothing changes
        assert session.hint is hint and game.current_player == session.human
        session.move(hint.action)
        mine += 1
        assert session.hint is None  # a hint answers one position
    assert any(seat != session.human for seat, _ in game.history), "the bots replied"
    review = session.review()
    assert review.game == game_id and review.seat == session.human
    assert len(review.entries) + review.forced + len(review.unrated) == mine
    assert review.entries and all(game.history[e.index] == (session.human, e.action) for e in review.entries)


def test_undo_the_save_and_its_check_through_the_session():
    session = TableSession("jubilee", level="medium")
    session.put(session.new_game(3, seed=6, options={}), new_bots=True)
    assert not session.worth_keeping()  # nothing of yours to keep yet
    with pytest.raises(IllegalAction):
        session.undo()
    before = list(session.game.history)
    session.move(str(session.game.legal_actions()[0]))
    assert session.my_turn() and session.worth_keeping() and session.can_undo()
    text = session.save_text()
    saved, kept = TableSession("jubilee").read_save(text)
    assert saved.level == "medium" and kept.history == session.game.history
    with pytest.raises(SaveError):
        TableSession("rummy").read_save(text)  # another game's table refuses it
    # a bot move the table's bots would not have made is refused, though the rules allow it
    index, (seat, move) = next((i, m) for i, m in enumerate(kept.history) if m[0] != session.human)
    position = kept.replayed(kept.history[:index])
    position.apply(next(str(a) for a in position.legal_actions() if str(a) != move), seat)
    with pytest.raises(SaveError, match="computer players"):
        TableSession("jubilee").read_save(TableSave("jubilee", "medium", position.to_json()).to_text())
    session.undo()
    assert session.game.history == before and not session.can_undo()


def test_a_look_at_a_past_position_is_not_reviewed_as_the_game_played():
    session = TableSession("jubilee", level="easy")
    session.put(session.new_game(3, seed=2, options={}), new_bots=True)
    played = session.game
    session.move(session.ask_hint().action)
    session.move(session.ask_hint().action)
    decisions = set(session.evaluation.jobs)
    first = next(i for i, (seat, _) in enumerate(played.history) if seat == session.human)
    past = played.replayed(played.history[:first])
    session.put(past, look=True, play_on=False)  # the table as it was at your first decision
    assert session.my_turn()
    session.move(str(past.legal_actions()[-1]))  # another move there, and the bots play on from it
    assert len(past.history) > first
    assert session.evaluation.game is played and set(session.evaluation.jobs) == decisions
    session.put(played, play_on=False)
    assert session.review().seat == 0 and session.evaluation.game is played
