"""Issue 13, item 5 ("Nothing lost"): a play table keeps its game in the learner's browser and offers it
back after a reload or a server restart; a damaged, foreign or finished save is never resumed.

The browser's side (widgets/static/autosave.js) is played here by :class:`FakeBrowser`: it reports
what it holds, as the page does when the table appears, and keeps what the kernel sends.
tests/browser/test_resume.py proves the same in Chromium with a killed server.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import engine
import widgets.games
from engine.hints import LEVELS
from engine.protocol import SAVE_FORMAT
from widgets.autosave import TableSave, read_table_save, table_bots
from widgets.table import Table

PYTHON_WORDS = ("Traceback", "Error", "KeyError", "{'", "[\"")


def _table_classes() -> dict[str, type[Table]]:
    found: dict[str, type[Table]] = {}
    for module in pkgutil.iter_modules(widgets.games.__path__):
        if module.name.endswith("_table"):
            for value in vars(importlib.import_module(f"widgets.games.{module.name}")).values():
                if isinstance(value, type) and issubclass(value, Table) and value.game_id:
                    found.setdefault(value.game_id, value)
    return found


TABLES = _table_classes()
GAMES_WITH_TABLES = [g for g in engine.GAMES if g in TABLES]


class FakeBrowser:
    """The page's localStorage for one table: what autosave.js would keep."""

    def __init__(self, table: Table, stored: str | None = None, storage: bool = True) -> None:
        self.stored = stored
        self.messages: list[dict] = []
        assert table.autosave is not None, "a play table carries the autosave widget"
        table.autosave.send = self._receive  # type: ignore[method-assign]
        table.autosave._from_browser(None, {"event": "stored", "storage": storage, "text": stored}, [])

    def _receive(self, message: dict) -> None:
        self.messages.append(message)
        if message["event"] == "keep":
            self.stored = message["text"]
        elif message["event"] == "forget":
            self.stored = None


def play_table(game_id: str, **kw) -> Table:
    """A lesson's play table (no set deal), its bots answering at once (Relógio has none)."""
    if not game_id.startswith("relogio"):
        kw["bot_delay"] = 0
    return TABLES[game_id](**kw)


def play_moves(table: Table, moves: int, rng: random.Random) -> int:
    """Up to ``moves`` random legal moves of yours (the bots answer); stops before the game would end."""
    made = 0
    while made < moves and not table.game.is_over and table.game.current_player == table.human:
        legal = [str(a) for a in table.game.legal_actions(table.human)]
        trial = table.game.clone()
        action = rng.choice(legal)
        trial.apply(action, table.human)
        if trial.is_over:
            break
        assert table.act(action), table.status.value
        made += 1
    return made


def position(table: Table) -> dict:
    """What the learner sees and may do: their seat's view, legal moves, the log, the code and the turn."""
    view = table.game.view(table.human)
    return {"view": view, "legal": [str(a) for a in table.game.legal_actions(table.human)],
            "log": table.log_lines(), "code": table.code, "players": table.players, "level": table.level_box.value,
            "turn": table.game.current_player, "undo": table.undo_button.disabled}


def started(game_id: str, seed: int, level: str = "medium") -> tuple[Table, FakeBrowser]:
    table = play_table(game_id, level=level)
    browser = FakeBrowser(table)
    table.start(table.players, seed)
    return table, browser


@pytest.mark.parametrize("game_id", GAMES_WITH_TABLES)
def test_the_save_after_a_move_resumes_the_same_position_in_a_fresh_table(game_id):
    rng = random.Random(game_id)
    for seed in range(101, 121):
        table, browser = started(game_id, seed, level="hard" if engine.GAMES[game_id].has_choices else "medium")
        if play_moves(table, 1 + rng.randrange(6), rng) and not table.game.is_over:
            break
    else:
        pytest.fail(f"no deal of {game_id} let you move")
    assert browser.stored is not None, "a game you have moved in is kept"
    before = position(table)

    reloaded = play_table(game_id)  # the page again, on a new kernel: a new random deal
    second = FakeBrowser(reloaded, stored=browser.stored)
    assert reloaded.resume_panel.layout.display == "", "the saved game is offered back"
    offer = reloaded.resume_html.value
    assert table.code in offer and ("your turn" in offer or "to play" in offer), offer
    assert reloaded.resume()
    assert reloaded.resume_panel.layout.display == "none"
    assert position(reloaded) == before
    assert "Your game is back" in reloaded.status.value
    assert second.stored == browser.stored, "the resumed game is still the one kept"
    if not before["undo"]:
        reloaded.undo()  # Undo goes on from the resumed position
        assert len(reloaded.game.history) < len(table.game.history)


@pytest.mark.parametrize("game_id", ["jabberwocky", "jubilee"])
def test_a_restored_table_plays_on_and_keeps_saving(game_id):
    table, browser = started(game_id, 7)
    rng = random.Random(3)
    play_moves(table, 3, rng)
    reloaded = play_table(game_id)
    second = FakeBrowser(reloaded, stored=browser.stored)
    reloaded.resume()
    kept = second.stored
    assert play_moves(reloaded, 1, rng) == 1
    assert second.stored != kept and engine.load_game(read_table_save(second.stored).game_json).history \
        == reloaded.game.history


def _envelope(game: engine.Game, game_id: str | None = None, level: str = "medium") -> str:
    return TableSave(game_id or game.id, level, game.to_json()).to_text()


SEATS = ["You", "Ada", "Ben", "Cleo"]


def _jabberwocky_save(deck: list[str] | None = None, **changes) -> str:
    """A save of a Jabberwocky game you have moved in, with ``changes`` made to the engine's save."""
    game = engine.new_game("jabberwocky", players=4, seed=9, names=SEATS, rounds="short", deck=deck)
    while game.current_player != 0:
        game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    body = json.loads(game.to_json())
    body.update(changes)
    return TableSave("jabberwocky", "medium", json.dumps(body)).to_text()


def _tampered_save() -> str:
    body = json.loads(read_table_save(_jabberwocky_save()).game_json)
    seat, move = body["history"][-1]
    body["history"][-1] = [seat, "bid 1" if move != "bid 1" else "bid 0"]
    return TableSave("jabberwocky", "medium", json.dumps(body)).to_text()


def _other_game_save() -> str:
    game = engine.new_game("rummy", players=2, seed=4, names=["You", "Ada"])
    game.apply(game.legal_actions(game.current_player)[0], game.current_player)
    return _envelope(game, game_id="jabberwocky")


def _stacked_deck_save() -> str:
    ranks = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
    return _jabberwocky_save(deck=[f"{r}{s}" for s in "SHDC" for r in ranks])


BAD_SAVES = {
    "not JSON": ("{half a save", "damaged"),
    "not ours": (json.dumps({"theme": "dark"}), "not a Parlour game"),
    "a newer wrapper": (json.dumps({"parlour_autosave": 2, "game": "jabberwocky", "level": "medium", "save": "{}"}),
                        "another version of Parlour"),
    "an unknown bot level": (json.dumps({"parlour_autosave": 1, "game": "jabberwocky", "level": "genius",
                                         "save": "{}"}), "level is unknown"),
    "a save format this engine cannot read": (None, f"reads format {SAVE_FORMAT}"),
    "a tampered move": ("tampered", "altered"),
    "another game's save": ("other", "not a game of Jabberwocky"),
    "a stacked deck": ("deck", "not played at this lesson"),
    "a nested bomb": ("[" * 100_000, "damaged"),
}


@pytest.mark.parametrize("case", BAD_SAVES)
def test_a_damaged_or_foreign_save_is_dropped_with_a_message_and_the_table_deals_normally(case):
    text, said = BAD_SAVES[case]
    if text is None:
        text = _jabberwocky_save(format=SAVE_FORMAT + 1)
    elif text == "tampered":
        text = _tampered_save()
    elif text == "other":
        text = _other_game_save()
    elif text == "deck":
        text = _stacked_deck_save()
    table = play_table("jabberwocky", players=4, rounds="short")
    code = table.code
    browser = FakeBrowser(table, stored=text)
    notice = table.save_notice.value
    assert said in notice and "could not be resumed" in notice and "dropped" in notice, notice
    assert not any(word in notice for word in PYTHON_WORDS), notice
    assert table.save_notice.layout.display == "" and table.resume_panel.layout.display == "none"
    assert browser.stored is None, "the browser forgets a save that cannot be resumed"
    assert table.code == code and not table.game.history or table.game.current_player is not None
    assert re.search("Your turn|thinking", table.status.value)
    play_moves(table, 1, random.Random(1))  # the new deal is kept as soon as you move
    assert browser.stored is not None and read_table_save(browser.stored).game_id == "jabberwocky"


def test_a_finished_game_is_not_offered_and_a_table_forgets_its_game_when_it_ends():
    names = ["You", "Ada"]
    game = engine.new_game("el_gato", players=2, seed=5, names=names)
    while not game.is_over:
        game.apply("play")
    table = play_table("el_gato", players=2)
    browser = FakeBrowser(table, stored=_envelope(game))
    assert table.resume_panel.layout.display == "none" and table.save_notice.layout.display == "none"
    assert browser.stored is None

    table.start(2, 5)
    table.act("play")
    assert browser.stored is not None
    while not table.game.is_over:
        table.act("play")
    assert browser.stored is None, "nothing to resume once the game is over"


def test_the_offer_waits_for_an_answer_and_start_a_new_deal_keeps_the_table_deal():
    first, browser = started("jubilee", 11)
    play_moves(first, 2, random.Random(2))
    kept = browser.stored
    table = play_table("jubilee")
    again = FakeBrowser(table, stored=kept)
    code = table.code
    play_moves(table, 1, random.Random(5))  # a move on the new deal while the offer is open ...
    assert again.stored == kept, "... does not overwrite the saved game unasked"
    table.decline_resume()
    assert table.resume_panel.layout.display == "none" and table.code == code
    assert again.stored != kept and read_table_save(again.stored).game_json == table.game.to_json()
    assert not table.resume(), "the offer is gone"


def test_an_untouched_deal_is_not_kept_and_new_deal_forgets_the_old_game():
    table, browser = started("jabberwocky", 3)
    assert browser.stored is None and browser.messages == []
    play_moves(table, 1, random.Random(1))
    assert browser.stored is not None
    table.new_deal()
    assert browser.stored is None


def test_a_browser_without_storage_gets_nothing_and_sees_no_note():
    table = play_table("jubilee")
    browser = FakeBrowser(table, storage=False)
    play_moves(table, 2, random.Random(4))
    assert browser.messages == [] and table.autosave_note.layout.display == "none"
    other = play_table("jubilee")
    FakeBrowser(other, storage=True)
    assert other.autosave_note.layout.display == "" and "kept in this browser" in other.autosave_note.value


def test_practice_deals_are_not_saved_and_each_play_table_has_its_own_slot():
    assert play_table("jubilee", seed=4).autosave is None
    a, b = play_table("jubilee"), play_table("jubilee")
    assert a.autosave and b.autosave and a.autosave.slot != b.autosave.slot
    assert re.fullmatch(r"jubilee/\d+", a.autosave.slot)


def test_the_save_stays_out_of_the_widget_state_and_the_offer_names_no_card():
    table, browser = started("jabberwocky", 21)
    play_moves(table, 3, random.Random(6))
    state = table.autosave.get_state() if table.autosave else {}
    assert browser.stored and not any(word in str(value) for value in state.values()
                                      for word in ("history", "seed", "parlour_autosave"))
    reloaded = play_table("jabberwocky")
    FakeBrowser(reloaded, stored=browser.stored)
    offer = reloaded.resume_html.value
    hand = table.game.view(0)["hand"]
    assert not any(re.search(rf"\b{re.escape(str(c))}\b", offer) for c in hand), offer
    assert "round 1 of 13" in offer and "scores You" in offer, offer


def test_the_second_report_of_a_second_view_changes_nothing():
    table, browser = started("jubilee", 8)
    play_moves(table, 1, random.Random(1))
    kept = browser.stored
    assert table.autosave is not None
    table.autosave._from_browser(None, {"event": "stored", "storage": True, "text": None}, [])
    assert browser.stored == kept and table.resume_panel.layout.display == "none"


JS_MODULE = Path(__file__).parents[2] / "widgets" / "static" / "autosave.js"
#: A widget model and a localStorage, as a page gives them to autosave.js.
JS_FAKES = """
function fakeModel(slot) {
  const handlers = [];
  return { sent: [], get: (name) => (name === "slot" ? slot : undefined), send(m) { this.sent.push(m); },
           on: (name, f) => handlers.push([name, f]), off() {}, fire: (m) => handlers.forEach(([, f]) => f(m)) };
}
const items = new Map();
const store = { setItem: (k, v) => items.set(k, String(v)), getItem: (k) => (items.has(k) ? items.get(k) : null),
                removeItem: (k) => items.delete(k) };
"""
JS_SCRIPT = """
import autosave, { keyFor, lessonOf } from '%(module)s';
const out = {};
out.lessons = ["/voila/render/jubilee.ipynb", "/lab/tree/lessons/pt/jubileu.ipynb", "/notebooks/rummy.ipynb",
               "/user/ann/voila/render/jubilee.ipynb", "/voila/render/rel%%C3%%B3gio.ipynb"].map(lessonOf);
out.keys = [keyFor("/voila/render/jubilee.ipynb", "jubilee/0"), keyFor("/lab/tree/jubilee.ipynb", "jubilee/1")];
globalThis.window = { location: { pathname: "/voila/render/jubilee.ipynb" }, localStorage: store };
const el = { style: {} };
// a table's first visit: nothing kept; the kernel then keeps a save, and forgets another table's
const first = fakeModel("jubilee/0"), second = fakeModel("jubilee/1");
autosave.initialize({ model: first }); autosave.initialize({ model: second });
autosave.render({ model: first, el }); autosave.render({ model: first, el });  // a second view says nothing
first.fire({ event: "keep", text: "SAVE-A" }); second.fire({ event: "keep", text: "SAVE-B" });
second.fire({ event: "forget" });
out.reports = first.sent; out.kept = Object.fromEntries(items); out.hidden = el.style.display;
// the next page: the table reports what this browser holds
const again = fakeModel("jubilee/0");
autosave.render({ model: again, el });
out.again = again.sent;
// a browser that refuses storage: autosave is off, nothing thrown
globalThis.window = { location: { pathname: "/voila/render/jubilee.ipynb" },
                      get localStorage() { throw new Error("SecurityError"); } };
const locked = fakeModel("jubilee/0");
autosave.initialize({ model: locked }); autosave.render({ model: locked, el });
locked.fire({ event: "keep", text: "SAVE-C" });
out.locked = locked.sent;
console.log(JSON.stringify(out));
"""


def run_js(tmp_path: Path, script: str) -> dict:
    """``script`` (importing autosave.js as ``%(module)s``, the fakes before it) run by Node.js: what it printed."""
    node = shutil.which("node")
    assert node, "Node.js runs the browser side's logic"
    (tmp_path / "autosave.mjs").write_text(JS_MODULE.read_text())
    (tmp_path / "run.mjs").write_text(JS_FAKES + script % {"module": (tmp_path / "autosave.mjs").as_uri()})
    out = subprocess.run([node, str(tmp_path / "run.mjs")], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_the_browser_side_keys_by_lesson_and_slot_reports_once_and_survives_no_storage(tmp_path):
    said = run_js(tmp_path, JS_SCRIPT)
    assert said["lessons"] == ["jubilee.ipynb", "lessons/pt/jubileu.ipynb", "rummy.ipynb", "jubilee.ipynb",
                               "relógio.ipynb"]
    assert said["keys"] == ["parlour:autosave:v1:jubilee.ipynb#jubilee/0",
                            "parlour:autosave:v1:jubilee.ipynb#jubilee/1"]
    assert said["reports"] == [{"event": "stored", "storage": True, "text": None}]
    assert said["kept"] == {"parlour:autosave:v1:jubilee.ipynb#jubilee/0": "SAVE-A"}
    assert said["hidden"] == "none", "the widget shows nothing on the page"
    assert said["again"] == [{"event": "stored", "storage": True, "text": "SAVE-A"}]
    assert said["locked"] == [{"event": "stored", "storage": False, "text": None}]


def test_a_game_saved_while_a_bot_was_to_move_resumes_and_the_bots_play_on():
    game = engine.new_game("jabberwocky", players=4, seed=9, names=SEATS, rounds="short")
    bots = table_bots("jabberwocky", "medium", game.seed, 4, 0, lambda: len(game.history))  # the table's bots
    engine.play(game, bots)
    game.apply(game.legal_actions()[0])  # your move; the server stops before the next bot moves
    assert game.current_player != 0
    table = play_table("jabberwocky", players=4, rounds="short")
    FakeBrowser(table, stored=_envelope(game))
    assert f"{SEATS[game.current_player]} to play" in table.resume_html.value
    assert table.resume()
    assert table.game.history[:len(game.history)] == game.history
    assert table.game.current_player == 0 and "Your turn" in table.status.value, "the bots answered"


def test_the_portuguese_jubileu_table_offers_and_resumes_in_portuguese():
    table = play_table("jubileu", lang="pt")
    browser = FakeBrowser(table)
    table.start(table.players, 105)
    assert "A sua partida fica guardada neste navegador" in table.autosave_note.value
    assert play_moves(table, 2, random.Random(1)) and browser.stored is not None

    reloaded = play_table("jubileu", lang="pt")
    FakeBrowser(reloaded, stored=browser.stored)
    offer = reloaded.resume_html.value
    assert f"A sua última partida aqui não terminou (código {table.code}, mão 1 de" in offer, offer
    assert "Quer retomá-la?" in offer and "Your" not in offer
    assert reloaded.resume_button.description == "Retomar a sua partida"
    assert reloaded.fresh_button.description == "Começar uma nova mão"
    assert reloaded.resume() and position(reloaded)["view"] == position(table)["view"]
    assert "A sua partida voltou para onde a deixou." in reloaded.status.value
    assert "Your game is back" not in reloaded.status.value


PT_DROPPED = {
    "a damaged text": ("{not json", "está danificada"),
    "another game's save": (TableSave("rummy", "medium", "{}").to_text(), "não é uma partida de Jubileu"),
    "another version's": (json.dumps({"parlour_autosave": 999, "game": "jubileu", "level": "easy", "save": "{}"}),
                          "outra versão do Parlour"),
}


@pytest.mark.parametrize("case", PT_DROPPED)
def test_the_portuguese_table_says_why_a_save_was_dropped_in_portuguese(case):
    text, said = PT_DROPPED[case]
    table = TABLES["jubileu"](lang="pt", bot_delay=0)
    browser = FakeBrowser(table, stored=text)
    notice = table.save_notice.value
    assert said in notice and "Não foi possível retomar" in notice and "descartada" in notice, notice
    for english in ("could not", "dropped", "damaged", "browser", "game of", "version"):
        assert english not in notice, notice
    assert browser.stored is None


# --- issue 32, item 4: a save comes back from the browser; the bots' moves in it are checked --------------


def _forged(table: Table, rng: random.Random) -> tuple[str, str]:
    """The table's save with its last bot move swapped for one no bot plays there, checksum recomputed as
    anyone can without the server's secret: (the genuine save, the forged one)."""
    genuine = read_table_save(table.resume_panel.autosave.kept)
    game = engine.load_game(genuine.game_json)
    history = game.history
    for cut in range(len(history) - 1, -1, -1):
        seat, move = history[cut]
        if seat == table.human:
            continue
        before = game.replayed(history[:cut])
        played = {table_bots(game.id, level, game.seed, game.players, table.human, lambda: cut)[seat]
                  .choose(before.view(seat)) for level in LEVELS}  # what a bot of any level plays there
        others = [str(a) for a in before.legal_actions(seat) if str(a) not in played]
        if others:
            forged = before.replayed([*history[:cut], (seat, rng.choice(others))])
            return genuine.to_text(), TableSave(genuine.game_id, genuine.level, forged.to_json()).to_text()
    raise AssertionError("no bot move had another legal choice")


@pytest.mark.parametrize("game_id", ["jubilee", "jabberwocky", "rummy"])
def test_a_save_whose_bot_move_was_chosen_is_refused_and_a_genuine_one_resumes_exactly(game_id, monkeypatch):
    """Issue 32, item 4: without PARLOUR_SAVE_KEY anyone can recompute the checksum; a save whose bot
    moves the student chose was resumed. Now every bot move must be the one the table's bot makes."""
    monkeypatch.delenv("PARLOUR_SAVE_KEY", raising=False)
    rng = random.Random(game_id)
    table, browser = started(game_id, 31)
    while not any(seat != table.human for seat, _ in table.game.history) or len(table.game.history) < 4:
        assert play_moves(table, 1, rng) == 1
    genuine, forged = _forged(table, rng)
    assert engine.load_game(read_table_save(forged).game_json)  # the rules and the checksum accept it

    refused = play_table(game_id)
    kept = FakeBrowser(refused, stored=forged)
    assert refused.resume_panel.layout.display == "none", "a forged save is never offered"
    notice = refused.save_notice.value
    assert "could not be resumed" in notice and "computer players would have made" in notice, notice
    assert kept.stored != forged

    resumed = play_table(game_id)
    FakeBrowser(resumed, stored=genuine)
    assert resumed.resume()
    assert position(resumed) == position(table)


def test_the_bots_play_the_same_move_in_the_same_position_after_undo_and_a_change_of_level():
    """The check above needs the table's bots to play from the position alone: after an Undo the
    same move gets the same answer, and a game with a change of level in it still resumes."""
    table, browser = started("jabberwocky", 12)
    rng = random.Random(5)
    play_moves(table, 2, rng)
    first = list(table.game.history)
    table.undo()
    mine = [move for seat, move in first[len(table.game.history):] if seat == table.human][0]
    assert table.act(mine)
    assert table.game.history[:len(first)] == first
    table.level_box.value = "hard"
    play_moves(table, 2, rng)
    resumed = play_table("jabberwocky")
    FakeBrowser(resumed, stored=browser.stored)
    assert resumed.resume() and resumed.game.history == table.game.history


def test_the_server_keeps_a_save_key_of_its_own_and_a_checksum_anyone_can_compute_is_refused(tmp_path, monkeypatch):
    """Issue 32, item 4: ``./run app`` ran with no PARLOUR_SAVE_KEY. Now the server generates one once,
    keeps it readable by its owner only, and its kernels sign saves with it."""
    import os
    import stat

    from engine.protocol import SaveError
    from widgets.server.save_key import ensure_save_key

    monkeypatch.delenv("PARLOUR_SAVE_KEY", raising=False)
    monkeypatch.setenv("PARLOUR_STATE_DIR", str(tmp_path / "state"))
    key = ensure_save_key()
    kept = tmp_path / "state" / "save-key"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600 and len(key) >= 32
    assert os.environ["PARLOUR_SAVE_KEY"] == key
    monkeypatch.delenv("PARLOUR_SAVE_KEY")
    assert ensure_save_key() == key, "a restarted server keeps its key (its pages' saves still resume)"

    game = engine.new_game("jubilee", players=3, seed=4, names=SEATS[:3])
    game.apply(game.legal_actions()[0], game.current_player)
    monkeypatch.delenv("PARLOUR_SAVE_KEY")
    forged = game.to_json()  # the checksum a student can compute
    monkeypatch.setenv("PARLOUR_SAVE_KEY", key)
    with pytest.raises(SaveError, match="altered"):
        engine.load_game(forged)
    assert engine.load_game(game.to_json()).history == game.history


JS_OWNERS = """
import autosave, { keyFor, ownerOf } from '%(module)s';
const out = {};
out.owners = [ownerOf("_xsrf=2|x; parlour_user=0123abcd4567ef89; other=1"), ownerOf(""), ownerOf("parlour_user=<b>")];
out.key = keyFor("/services/parlour/voila/render/jubilee.ipynb", "jubilee/0", "", "0123abcd4567ef89");
globalThis.window = { location: { pathname: "/services/parlour/voila/render/jubilee.ipynb" }, localStorage: store };
const el = { style: {} };
// one student plays on the lab's computer, then logs out; the hub's next student opens the same lesson
globalThis.document = { cookie: "parlour_user=aaaa1111aaaa1111" };
const ann = fakeModel("jubilee/0");
autosave.initialize({ model: ann }); autosave.render({ model: ann, el });
ann.fire({ event: "keep", text: "ANN-GAME" });
globalThis.document = { cookie: "parlour_user=bbbb2222bbbb2222" };
const ben = fakeModel("jubilee/0");
autosave.initialize({ model: ben }); autosave.render({ model: ben, el });
out.ben = ben.sent;
ben.fire({ event: "forget" });
// the first student back: their game is still theirs
globalThis.document = { cookie: "parlour_user=aaaa1111aaaa1111" };
const annAgain = fakeModel("jubilee/0");
autosave.render({ model: annAgain, el });
out.annAgain = annAgain.sent;
out.kept = Object.fromEntries(items);
console.log(JSON.stringify(out));
"""


def test_on_a_hub_a_browser_keeps_each_students_saves_apart(tmp_path):
    """Issue 32, item 3: the key named no user, so the next student on a lab's computer was offered the
    last one's game. On a hub the page's cookie names the student, and the key does too."""
    said = run_js(tmp_path, JS_OWNERS)
    assert said["owners"] == ["0123abcd4567ef89", "", ""]
    assert said["key"] == "parlour:autosave:v1:user:0123abcd4567ef89/jubilee.ipynb#jubilee/0"
    assert said["ben"] == [{"event": "stored", "storage": True, "text": None}], "never offered Ann's game"
    assert said["annAgain"] == [{"event": "stored", "storage": True, "text": "ANN-GAME"}]
    assert said["kept"] == {"parlour:autosave:v1:user:aaaa1111aaaa1111/jubilee.ipynb#jubilee/0": "ANN-GAME"}
