"""The card looks a learner keeps per browser (widgets/card_look.py): in every table's Settings panel, worded
in the table's language; the ES module reads and applies what the browser keeps (in Node, with a fake page)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from widgets.card_look import LOOK_WORDS, CardLook
from widgets.games.jubileu_table import JubileuTable
from widgets.games.relogio_table import RelogioRealTable

ESM = Path(__file__).resolve().parents[2] / "widgets" / "static" / "card_look.js"
CSS = Path(__file__).resolve().parents[2] / "widgets" / "static" / "table.css"


def test_every_table_offers_the_card_looks_in_its_settings_panel_in_its_language():
    english = JubileuTable(players=4, seed=5, bot_delay=0)
    portuguese = JubileuTable(players=4, seed=5, bot_delay=0, lang="pt")
    for table in (english, portuguese):
        assert table.settings_panel.children[-1] is table.settings_panel.card_look
    assert english.settings_panel.card_look.words == LOOK_WORDS
    words = portuguese.settings_panel.card_look.words
    assert words["four_colour"] == "Baralho de quatro cores: ♠ preto, ♥ vermelho, ♦ azul, ♣ verde"
    assert words["large"] == "Cartas grandes" and "navegador" in words["legend"]


def test_the_settings_button_opens_the_looks_with_the_games_variants():
    table = RelogioRealTable(seed=5)
    assert table.settings_button.layout.display != "none"
    table.settings_button.value = True
    assert table.settings_panel.layout.display == ""
    assert table.settings_panel.card_look in table.settings_panel.children


def test_the_stylesheet_draws_each_look():
    css = CSS.read_text()
    for cls in ("html.parlour-four-colour", "html.parlour-large-cards", "forced-colors: active"):
        assert cls in css
    assert "CardLook" in type(CardLook(lambda s: s)).__name__


HARNESS = r"""
const mod = await import(process.argv[2]);
const kept = {};
const storage = { getItem: (k) => kept[k] ?? null, setItem: (k, v) => { kept[k] = v; } };
const classes = new Set();
const doc = { documentElement: { classList: { toggle: (c, on) => on ? classes.add(c) : classes.delete(c) } } };
const out = { empty: mod.readLooks(storage) };
kept[mod.STORE_KEY] = "not json";
out.garbage = mod.readLooks(storage);
kept[mod.STORE_KEY] = JSON.stringify({ four_colour: true, large: "yes" });
out.kept = mod.readLooks(storage);
mod.applyLooks(doc, out.kept);
out.classes = [...classes].sort();
mod.applyLooks(doc, { four_colour: false, large: true });
out.after = [...classes].sort();
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(not shutil.which("node"), reason="Node.js is not installed; the browser test covers it")
def test_the_module_reads_what_the_browser_keeps_and_sets_one_class_per_look(tmp_path: Path):
    (tmp_path / "card_look.mjs").write_text(ESM.read_text())
    (tmp_path / "harness.mjs").write_text(HARNESS)
    proc = subprocess.run([str(shutil.which("node")), str(tmp_path / "harness.mjs"),
                           (tmp_path / "card_look.mjs").as_uri()], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["empty"] == out["garbage"] == {"four_colour": False, "large": False}
    assert out["kept"] == {"four_colour": True, "large": False}  # only a real true turns a look on
    assert out["classes"] == ["parlour-four-colour"]
    assert out["after"] == ["parlour-large-cards"]
