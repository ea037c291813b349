"""The "connection lost" banner's rule (issue 13, item 5); the browser test kills a real kernel."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from widgets.connection import ConnectionWatch
from widgets.games.jubilee_table import JubileeTable

MODULE = Path(__file__).parents[2] / "widgets" / "static" / "connection.js"


def test_every_table_carries_one_watch():
    table = JubileeTable(players=3, seed=5, bot_delay=0)
    watches = [c for c in table.children[0].children if isinstance(c, ConnectionWatch)]
    assert watches == [table.connection_watch] and table.connection_watch.grace_seconds > 0


def test_a_dead_or_restarted_kernel_is_lost_at_once_and_a_blip_only_after_the_grace(tmp_path):
    node = shutil.which("node")
    assert node, "Node.js runs the banner's rule"
    (tmp_path / "connection.mjs").write_text(MODULE.read_text())
    cases = [("idle", "connected", 0), ("busy", "connected", 0), ("dead", "connected", 0),
             ("restarting", "connected", 0), ("autorestarting", "connecting", 0),
             ("idle", "connecting", 1000), ("idle", "connecting", 4000), ("unknown", "disconnected", 9000)]
    script = (f"import {{ isLost }} from '{(tmp_path / 'connection.mjs').as_uri()}';\n"
              f"console.log(JSON.stringify({json.dumps(cases)}.map(([s, c, t]) => isLost(s, c, t, 4000))));")
    (tmp_path / "run.mjs").write_text(script)
    out = subprocess.run([node, str(tmp_path / "run.mjs")], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == [False, False, True, True, True, False, True, True]


def test_the_banner_speaks_the_tables_language():
    """Issue 19, item 7: the banner was English on a Portuguese table (its words were in the script)."""
    from widgets.games.jubileu_table import JubileuTable

    english = JubileeTable(players=3, seed=5, bot_delay=0).connection_watch
    assert english.message.startswith("Connection lost") and english.reload_label == "Reload"
    portuguese = JubileuTable(seed=5, bot_delay=0, lang="pt").connection_watch
    assert portuguese.message.startswith("Ligação perdida") and portuguese.reload_label == "Recarregar"
    script = MODULE.read_text()
    assert "Connection lost" not in script and 'model.get("message")' in script
