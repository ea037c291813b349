"""The table's side of keeping the keyboard focus (widgets/focus_keeper.py) and of the end of a game's layout.

The browser side (static/focus_keeper.js) is proven in Chromium by tests/browser/test_table_focus.py;
here: every table carries the keeper, tells it when it waits for the learner (and only then: a
focus lost while the bots play must wait for the control to come back), and marks its aids.
"""

from __future__ import annotations

import asyncio
import importlib
import pkgutil

import pytest

import widgets.games
from widgets.focus_keeper import FocusKeeper
from widgets.games.jubilee_table import JubileeTable
from widgets.table import Table


def table_classes() -> list[type[Table]]:
    found = []
    for module in pkgutil.iter_modules(widgets.games.__path__):
        if module.name.endswith("_table"):
            found += [obj for obj in vars(importlib.import_module(f"widgets.games.{module.name}")).values()
                      if isinstance(obj, type) and issubclass(obj, Table) and obj.game_id
                      and obj.__module__ == f"widgets.games.{module.name}"]
    return found


@pytest.mark.parametrize("cls", table_classes(), ids=lambda c: c.__name__)
def test_every_table_carries_one_keeper_and_marks_its_aids(cls):
    t = cls(seed=5) if cls.game_id.startswith("relogio") else cls(seed=5, bot_delay=0)  # no bots in a solitaire
    keepers = [c for c in t.children[0].children if isinstance(c, FocusKeeper)]
    assert keepers == [t.focus_keeper]
    for aid in (t.hint_button, t.undo_button, t.review.deal_button):
        assert "parlour-aid" in aid._dom_classes  # a lost focus goes to a move before these
    assert t.focus_keeper.rest >= 1  # dealt and painted: the table waits for you (or the game is over)


def test_the_keeper_hears_of_rest_only_when_the_table_waits_for_you():
    async def play() -> list[tuple[bool, bool]]:
        t = JubileeTable(players=3, seed=5, bot_delay=0.01)  # you deal: the two bots play first
        heard: list[tuple[bool, bool]] = []
        t.focus_keeper.observe(lambda _: heard.append((t.game.current_player == t.human, t.game.is_over)), "rest")
        painted = []
        t.hand.observe(lambda _: painted.append(t.game.current_player), "items")
        for _ in range(3):  # three turns of yours
            while t.driving or t.game.current_player != t.human:
                await asyncio.sleep(0.01)
            t.act(t.game.view(t.human)["legal"][0])
        while t.driving:
            await asyncio.sleep(0.01)
        assert any(seat != t.human for seat in painted), "the table was painted while the bots played"
        return heard

    heard = asyncio.run(play())
    assert heard and all(yours or over for yours, over in heard), heard


def test_a_finished_game_hides_an_empty_hand_and_play_again_shows_it():
    t = JubileeTable(players=3, seed=5, bot_delay=0, match="single")
    while not t.game.is_over:
        assert t.hand.layout.display == ""  # while playing the row keeps its height, however few cards
        t.act(t.game.view(t.human)["legal"][0])
    assert t.hand.items == [] and t.hand.layout.display == "none"
    t.again_button.click()
    assert t.hand.layout.display == "" and t.hand.items


#: Runs static/focus_keeper.js in Node with the few browser objects it touches: a focused control in a table,
#: twelve mutations of the table (a repaint: a message per widget), then the next animation frame. Prints how
#: many times the keeper measured the focused control after the mutations, and after the frame.
_REPAINT = r"""
const fs = await import("node:fs");
const source = fs.readFileSync(process.argv[1], "utf8");
const frames = [];
globalThis.requestAnimationFrame = (f) => frames.push(f);
globalThis.cancelAnimationFrame = () => {};
globalThis.getComputedStyle = () => ({ visibility: "visible" });
let mutated = null;
globalThis.MutationObserver = class { constructor(cb) { mutated = cb; } observe() {} disconnect() {} };
const listeners = {};
globalThis.document = { addEventListener: (type, f) => (listeners[type] ||= []).push(f), removeEventListener() {},
  activeElement: null, body: {}, documentElement: {} };
let measured = 0;
const none = () => [];
const button = { nodeType: 1, isConnected: true, disabled: false, parentElement: null, textContent: "Why?",
  getClientRects() { measured += 1; return [{}]; }, closest: () => null, getAttribute: () => null,
  classList: { contains: () => false } };
const root = { nodeType: 1, contains: (node) => node === button, querySelectorAll: none };
const el = { closest: () => root };
const keeper = await import("data:text/javascript," + encodeURIComponent(source));
keeper.default.render({ model: { on() {}, off() {}, send() {} }, el });
document.activeElement = button;
for (const f of listeners.focusin) f({ target: button });
for (let i = 0; i < 12; i++) mutated([]);
const during = measured;
frames.splice(0).forEach((f) => f(0));
console.log(JSON.stringify([during, measured]));
process.exit(0);
"""


def test_a_repaint_is_looked_at_once_per_frame_not_once_per_mutation() -> None:
    """A repaint reaches the page as many messages, each a mutation of the table: the keeper measured the focused
    control (getClientRects, getComputedStyle: a forced layout) after every one of them, mid-repaint. It looks
    once, at the next animation frame."""
    import shutil
    import subprocess
    from pathlib import Path

    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed (./run test installs it with the hub's proxy)")
    script = Path(__file__).resolve().parents[2] / "widgets" / "static" / "focus_keeper.js"
    done = subprocess.run([node, "--input-type=module", "-e", _REPAINT, str(script)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["[0,1]"]
