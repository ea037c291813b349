"""CardRow: show() builds items, plays and refusals reach Python, the ES module behaves.

The browser side is exercised two ways without a browser: Python gets the exact
messages the ES module sends (through ``_handle_custom_msg``), and, where Node.js is
installed, the ES module itself runs against a small fake DOM.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

from engine.cards import Card
from widgets.card_surface import CardRow, card_item
from widgets.card_svg import BACK_NAME, card_svg

ESM = Path(__file__).resolve().parents[2] / "widgets" / "static" / "card_surface.js"


def _row() -> tuple[CardRow, list, list]:
    row = CardRow(label="Your hand")
    played: list = []
    refused: list = []
    row.on_play(lambda i, c: played.append((i, c)))
    row.on_refused(lambda i, c, why: refused.append((i, c, why)))
    row.show(["QS", Card(12, "S"), "10H", None],
             playable=[True, True, False, True],
             tooltips=["", "", "You must follow suit: you hold a spade", ""])
    return row, played, refused


def click(row: CardRow, index: object, card: object = ...) -> None:
    """What the ES module sends on a click or Enter."""
    content = {"type": "play", "index": index}
    if card is not ...:
        content["card"] = card
    row._handle_custom_msg(content, [])


def test_show_assigns_items_with_cards_playable_and_tooltips() -> None:
    row, _, _ = _row()
    assert row.cards == ["QS", "QS", "10H", None]
    assert [i["playable"] for i in row.items] == [True, True, False, True]
    assert row.items[2]["tooltip"] == "You must follow suit: you hold a spade"
    assert row.items[2]["name"] == Card(10, "H").name
    assert row.items[0]["svg"] == card_svg("QS", width=72)
    assert row.items[3]["svg"] == card_svg(None) and row.items[3]["name"] == BACK_NAME
    assert set(row.items[0]) >= {"card", "svg", "playable", "tooltip", "selected"}


def test_show_assigns_a_new_list_so_the_browser_hears_it() -> None:
    row, _, _ = _row()
    changes: list = []
    row.observe(changes.append, names="items")
    before = row.items
    row.show(["AS"])
    assert changes and row.items is not before and row.cards == ["AS"]
    assert row.items == [card_item("AS")]


def test_show_defaults_and_length_checks() -> None:
    row = CardRow(["2C", "3C"])
    assert [i["playable"] for i in row.items] == [True, True]
    assert [i["tooltip"] for i in row.items] == ["", ""]
    with pytest.raises(ValueError):
        row.show(["2C", "3C"], playable=[True])
    with pytest.raises(ValueError):
        row.show(["2C"], tooltips=["a", "b"])


def test_click_on_playable_card_calls_on_play() -> None:
    row, played, refused = _row()
    click(row, 1, "QS")
    assert played == [(1, "QS")] and refused == []


def test_click_on_dimmed_card_calls_on_refused_with_its_reason() -> None:
    row, played, refused = _row()
    click(row, 2, "10H")
    assert played == []
    assert refused == [(2, "10H", "You must follow suit: you hold a spade")]


def test_same_card_twice_calls_twice() -> None:
    row, played, _ = _row()
    click(row, 0, "QS")
    click(row, 0, "QS")
    assert played == [(0, "QS"), (0, "QS")]


def test_face_down_card_plays_as_none() -> None:
    row, played, _ = _row()
    click(row, 3, None)
    assert played == [(3, None)]


def test_face_down_card_plays_when_the_browser_null_arrives_as_pyodides_jsnull(monkeypatch) -> None:
    """In the browser (the static site, Pyodide >= 0.28) a JS null reaches Python as ``pyodide.ffi.jsnull``."""
    jsnull = type("JsNull", (), {})()
    ffi = types.ModuleType("pyodide.ffi")
    ffi.jsnull = jsnull  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    row, played, _ = _row()
    click(row, 3, jsnull)
    click(row, 0, jsnull)  # stale: a face-down card was painted there, QS is there now
    assert played == [(3, None)]


@pytest.mark.parametrize("content", [
    {"type": "play", "index": 4}, {"type": "play", "index": -1}, {"type": "play", "index": "1"},
    {"type": "play", "index": True}, {"type": "play"}, {"type": "other", "index": 0},
    {"type": "play", "index": 0, "card": "AS"},  # stale: the card there is now QS
    "junk", None,
])
def test_bad_or_stale_messages_are_ignored(content: object) -> None:
    row, played, refused = _row()
    row._handle_custom_msg(content, [])
    assert played == [] and refused == []


def test_not_interactive_ignores_clicks() -> None:
    row, played, refused = _row()
    row.interactive = False
    click(row, 0, "QS")
    row.play(2)
    assert played == [] and refused == []


def test_handlers_can_be_removed_and_play_is_scriptable() -> None:
    row, played, _ = _row()
    seen: list = []
    handler = seen.append
    row.on_play(lambda i, c: handler((i, c)))
    row.play(0)
    assert played == [(0, "QS")] and seen == [(0, "QS")]
    other: list = []
    cb = lambda i, c: other.append(i)  # noqa: E731
    row.on_play(cb)
    row.on_play(cb, remove=True)
    row.play(1)
    assert other == []


def test_handler_can_update_the_row_during_a_play() -> None:
    """The usual table loop: a play removes the card and re-shows the hand."""
    row = CardRow(["AS", "KS", "QS"])
    row.on_play(lambda i, c: row.show([x for j, x in enumerate(row.cards) if j != i]))
    row.play(1)
    row.play(1)
    assert row.cards == ["AS"]


def test_card_width_redraws_the_faces() -> None:
    row, _, _ = _row()
    row.card_width = 100
    assert row.items[0]["svg"] == card_svg("QS", width=100)
    assert row.items[2]["playable"] is False


def test_widget_state_carries_the_traits_and_module() -> None:
    row, _, _ = _row()
    state = row.get_state()
    assert state["label"] == "Your hand" and state["interactive"] is True
    assert len(state["items"]) == 4 and state["overlap"] is False
    assert "export default" in state["_esm"] and ".parlour-card" in state["_css"]


def test_esm_has_keyboard_and_click_handling() -> None:
    source = ESM.read_text()
    for needle in ("ArrowLeft", "ArrowRight", "Enter", "model.send", 'change:${t}', "keydown",
                   "parlour-card--playable", "parlour-card--dimmed", "data", "aria-label"):
        assert needle in source


# ---- the ES module itself, in Node with a fake DOM ------------------------------------

HARNESS = r"""
class El {
  constructor(tag) { this.tag = tag; this.children = []; this.parent = null; this.attrs = {};
    this.dataset = {}; this.style = { props: {}, setProperty(k, v) { this.props[k] = v; } };
    this.listeners = {}; this._html = ""; this._cls = new Set(); this.title = "";
    const self = this;
    this.classList = { toggle(c, f) { (f ?? !self._cls.has(c)) ? self._cls.add(c) : self._cls.delete(c); },
                       contains(c) { return self._cls.has(c); } }; }
  get className() { return [...this._cls].join(" "); }
  set className(v) { this._cls = new Set(v.split(" ").filter(Boolean)); }
  set tabIndex(v) { this.attrs.tabindex = String(v); }
  get tabIndex() { return Number(this.attrs.tabindex ?? -1); }
  set innerHTML(v) { this._html = v; this.svg = v.includes("<svg") ? new El("svg") : null; }
  get innerHTML() { return this._html; }
  querySelector(sel) { return sel === "svg" ? this.svg : null; }
  setAttribute(k, v) { this.attrs[k] = String(v); }
  getAttribute(k) { return this.attrs[k] ?? null; }
  removeAttribute(k) { delete this.attrs[k]; }
  appendChild(c) { c.parent = this; this.children.push(c); return c; }
  remove() { if (this.parent) { this.parent.children = this.parent.children.filter((x) => x !== this);
    this.parent = null; } if (document.activeElement === this) document.activeElement = null; }
  addEventListener(t, f) { (this.listeners[t] ??= []).push(f); }
  removeEventListener(t, f) { this.listeners[t] = (this.listeners[t] || []).filter((g) => g !== f); }
  dispatch(t, ev = {}) { if (!ev.preventDefault) { ev.defaultPrevented = false;
    ev.preventDefault = () => { ev.defaultPrevented = true; }; ev.stopPropagation = () => {}; }
    ev.target ??= this; for (const f of this.listeners[t] || []) f(ev);
    if (this.parent && t !== "focus") this.parent.dispatch(t, ev); return ev; }
  focus() { document.activeElement = this; this.dispatch("focus"); }
}
const pageClasses = new Set();
globalThis.document = { activeElement: null, createElement: (t) => new El(t),
  documentElement: { classList: { contains: (c) => pageClasses.has(c) } },
  defaultView: { getComputedStyle: () => ({ getPropertyValue: (p) => (
    { "--parlour-four-diamonds": " #1f5fbf", "--parlour-four-clubs": "#1b7a35" })[p] || "" }) } };

const state = JSON.parse(process.argv[2]);
const handlers = {}, sent = [];
const model = { get: (k) => state[k], send: (m) => sent.push(m),
  on: (e, f) => (handlers[e] ??= []).push(f), off: (e, f) => { handlers[e] = handlers[e].filter((g) => g !== f); },
  set(k, v) { state[k] = v; (handlers[`change:${k}`] || []).forEach((f) => f()); } };

const mod = await import(process.argv[3]);
const el = new El("div");
const cleanup = mod.default.render({ model, el });
const row = el.children[0];
const cards = () => row.children;
const snap = () => cards().map((c) => ({ cls: c.className, card: c.dataset.card, index: c.dataset.index,
  role: c.getAttribute("role"), label: c.getAttribute("aria-label"), title: c.title,
  tab: c.getAttribute("tabindex"), disabled: c.getAttribute("aria-disabled"),
  picture: c.children.filter((x) => x.tag === "img").map((x) => [x.getAttribute("alt"),
    decodeURIComponent(x.getAttribute("src") || "")]) }));
const out = { row: { role: row.getAttribute("role"), label: row.getAttribute("aria-label"),
  cls: row.className, width: row.style.props["--parlour-card-w"] } };
out.first = snap();

cards()[1].dispatch("click"); cards()[1].dispatch("click"); cards()[2].dispatch("click");
out.clicks = sent.splice(0);

cards()[0].focus();
const right = row.dispatch("keydown", { key: "ArrowRight" });
out.afterRight = { focused: cards().indexOf(document.activeElement), prevented: right.defaultPrevented,
  tabs: cards().map((c) => c.getAttribute("tabindex")) };
row.dispatch("keydown", { key: "Enter" });
row.dispatch("keydown", { key: " " });
row.dispatch("keydown", { key: "ArrowLeft" });
row.dispatch("keydown", { key: "ArrowLeft" });  // stays on the first card
out.afterLeft = cards().indexOf(document.activeElement);
row.dispatch("keydown", { key: "3" });
row.dispatch("keydown", { key: "9" });  // no 9th card: nothing
const plain = row.dispatch("keydown", { key: "x" });
out.keys = sent.splice(0);
out.plainPrevented = plain.defaultPrevented;

const firstNode = cards()[0];
cards()[2].focus();
model.set("items", state.items.slice(0, 2));
out.shrunk = { n: cards().length, reused: cards()[0] === firstNode, focused: cards().indexOf(document.activeElement) };

model.set("overlap", true);
model.set("interactive", false);
cards()[0].dispatch("click");
row.dispatch("keydown", { key: "Enter" });
out.inert = { sent: sent.length, rowCls: row.className, snap: snap() };
cleanup();
out.handlersLeft = Object.values(handlers).reduce((n, hs) => n + hs.length, 0);
const svgOf = (card, ink) => `<svg data-card="${card}"><text fill="${ink}">x</text></svg>`;
out.inks = { plain: mod.fourColourInks(document) };
pageClasses.add("parlour-four-colour");
out.inks.four = mod.fourColourInks(document);
out.recoloured = [["10D", "#c8102e"], ["KC", "#1b1b1f"], ["QH", "#c8102e"], ["AS", "#1b1b1f"], ["1Co", "#c8102e"]]
  .map(([card, ink]) => decodeURIComponent(mod.pictureUrl(svgOf(card, ink), card, out.inks.four)));
out.keyAction = [mod.keyAction("ArrowRight", 4, 5), mod.keyAction("Home", 3, 5),
  mod.keyAction("End", 0, 5), mod.keyAction("Enter", 0, 0), mod.keyAction("1", 2, 5)];
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def esm_run(tmp_path_factory: pytest.TempPathFactory) -> dict:
    node = shutil.which("node")
    if not node:
        pytest.skip("Node.js is not installed; the browser tests cover the ES module")
    tmp = tmp_path_factory.mktemp("esm")
    (tmp / "card_surface.mjs").write_text(ESM.read_text())
    (tmp / "harness.mjs").write_text(HARNESS)
    row, _, _ = _row()
    state = {k: v for k, v in row.get_state().items() if not k.startswith("_")}
    proc = subprocess.run([node, str(tmp / "harness.mjs"), json.dumps(state),
                           (tmp / "card_surface.mjs").as_uri()],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_esm_paints_one_focusable_button_per_card(esm_run: dict) -> None:
    assert esm_run["row"] == {"role": "toolbar", "label": "Your hand",
                              "cls": "parlour-row parlour-row--interactive", "width": "72px"}
    first = esm_run["first"]
    assert [c["card"] for c in first] == ["QS", "QS", "10H", ""]
    assert [c["index"] for c in first] == ["0", "1", "2", "3"]
    assert all(c["role"] == "button" for c in first)
    # the picture is an image with no words (alt=""): the card element's name is all a reader hears
    assert [alt for c in first for alt, _ in c["picture"]] == [""] * 4
    assert [src for c in first for _, src in c["picture"]][2].startswith("data:image/svg+xml;charset=utf-8,<svg")
    assert first[0]["cls"] == "parlour-card parlour-card--playable"
    assert first[2]["cls"] == "parlour-card parlour-card--dimmed"
    assert first[2]["disabled"] == "true" and first[0]["disabled"] == "false"
    assert first[2]["label"] == f"{Card(10, 'H').name}: You must follow suit: you hold a spade"
    assert first[2]["title"] == "You must follow suit: you hold a spade"
    assert first[0]["label"] == "Queen of spades, can play"  # a reader hears that it may be played ...
    assert first[0]["title"] == "Queen of spades"  # ... the eye sees it lifted and lit
    assert [c["tab"] for c in first] == ["0", "-1", "-1", "-1"]  # one Tab stop for the row


def test_esm_clicks_send_index_and_card_every_time(esm_run: dict) -> None:
    assert esm_run["clicks"] == [{"type": "play", "index": 1, "card": "QS"}] * 2 + [
        {"type": "play", "index": 2, "card": "10H"}]


def test_esm_keyboard_moves_focus_and_plays(esm_run: dict) -> None:
    assert esm_run["afterRight"] == {"focused": 1, "prevented": True,
                                     "tabs": ["-1", "0", "-1", "-1"]}
    assert esm_run["afterLeft"] == 0
    assert esm_run["keys"] == [{"type": "play", "index": 1, "card": "QS"}] * 2 + [
        {"type": "play", "index": 2, "card": "10H"}]
    assert esm_run["plainPrevented"] is False


def test_esm_messages_drive_python_handlers(esm_run: dict) -> None:
    row, played, refused = _row()
    for msg in esm_run["clicks"] + esm_run["keys"]:
        row._handle_custom_msg(msg, [])
    assert played == [(1, "QS"), (1, "QS"), (1, "QS"), (1, "QS")]
    assert [r[0] for r in refused] == [2, 2]


def test_esm_repaints_in_place_and_keeps_focus(esm_run: dict) -> None:
    assert esm_run["shrunk"] == {"n": 2, "reused": True, "focused": 1}


def test_esm_not_interactive_is_inert(esm_run: dict) -> None:
    inert = esm_run["inert"]
    assert inert["sent"] == 0
    assert inert["rowCls"] == "parlour-row parlour-row--overlap"
    assert all(c["role"] == "img" and c["tab"] is None for c in inert["snap"])
    assert "parlour-card--playable" not in inert["snap"][0]["cls"]
    assert inert["snap"][0]["label"] == "Queen of spades"  # a card shown, not played from here: no "can play"
    assert esm_run["handlersLeft"] == 0


def test_esm_key_map(esm_run: dict) -> None:
    assert esm_run["keyAction"] == [{"focus": 4}, {"focus": 0}, {"focus": 4}, None, {"play": 0}]


def test_css_is_scoped_to_the_row() -> None:
    """anywidget adds the sheet to the whole page; other widgets use .parlour-card too."""
    css = (ESM.parent / "card_surface.css").read_text()
    body = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    selectors = [s.strip() for block in re.findall(r"([^{}]+)\{", body) for s in block.split(",")]
    assert selectors and all(s.startswith(".parlour-row") for s in selectors), selectors


def test_esm_draws_the_four_colour_pack_while_the_page_asks_for_it(esm_run: dict) -> None:
    """Diamonds blue, clubs green (the inks static/table.css gives html.parlour-four-colour); hearts, spades and
    the Spanish pack as drawn."""
    assert esm_run["inks"] == {"plain": {}, "four": {"D": "#1f5fbf", "C": "#1b7a35"}}
    inks = [re.search(r'fill="([^"]+)"', url).group(1) for url in esm_run["recoloured"]]
    assert inks == ["#1f5fbf", "#1b7a35", "#c8102e", "#1b1b1f", "#c8102e"]
