"""The widget state a lesson page sends its browser: bytes, and how many times the table CSS is in it.

    python bench/bench_page_state.py [lessons/jubilee.ipynb ...] [--json]

Runs each lesson's code cells in a fresh interpreter (no kernel, no browser) and serialises every
widget model the page's kernel then holds, as Voilà's front end asks for all of them over the websocket
when the page opens. The websocket's own compression is not counted. A play table deals a random
deal, so the state's size varies by a few kB from run to run; the stylesheet's copies do not.
``--json`` prints one JSON object per lesson instead of the table (the tests read it).

Last run (2026-11-24, c66e0b5 -> with widgets/shared_look.py: plain layouts and styles shared),
models and kB of state per lesson: jubilee 426 -> 191 (680 -> 506 kB), jubileu 611 -> 268 (792 -> 536),
el_gato 390 -> 182 (569 -> 408), relogio 970 -> 440 (1627 -> 1227), injun 528 -> 240 (467 -> 250),
kalooki 903 -> 411 (892 -> 532), rummy 570 -> 256 (642 -> 404), jabberwocky 682 -> 307 (702 -> 425),
klaberjass 723 -> 323 (944 -> 651). The table CSS is sent once per page (it was 4-10 times, 5.1 kB each,
before 827e8d5).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: a line found only in the table stylesheet (widgets/static/table.css)
CSS_MARK = "@container parlour (max-width: 760px)"


def _measure_here(notebook: Path) -> dict[str, object]:
    """Run ``notebook``'s code in this interpreter; the state of every widget made."""
    import os

    import ipywidgets.widgets.widget as widget_module

    cells = [c for c in json.loads(notebook.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
    os.chdir(notebook.parent)
    namespace: dict[str, object] = {"__name__": "__main__"}
    for cell in cells:
        exec(compile("".join(cell["source"]), str(notebook), "exec"), namespace)
    state = [json.dumps(w.get_state(), default=str) for w in list(widget_module._instances.values())]
    from widgets.table import TABLE_CSS
    css = json.dumps(TABLE_CSS)[1:-1]
    copies = sum(s.count(CSS_MARK) for s in state)
    return {"lesson": notebook.name, "models": len(state), "state_bytes": sum(len(s.encode()) for s in state),
            "table_css": copies, "table_css_bytes": copies * len(css.encode())}


def measure(notebook: Path) -> dict[str, object]:
    """The page state of one lesson, measured in a fresh interpreter (no widget of another page counted)."""
    out = subprocess.run([sys.executable, __file__, "--one", str(notebook.resolve())], capture_output=True,
                         text=True, timeout=600, env={**_env(), "PYTHONPATH": str(ROOT)})
    if out.returncode:
        raise RuntimeError(f"{notebook.name} did not run: {out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def _env() -> dict[str, str]:
    import os
    return {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def main(argv: list[str]) -> None:
    if argv[:1] == ["--one"]:
        print(json.dumps(_measure_here(Path(argv[1]))))
        return
    as_json = "--json" in argv
    paths = [Path(a) for a in argv if not a.startswith("--")] or [ROOT / "lessons" / "jubilee.ipynb"]
    rows = [measure(p) for p in paths]
    if as_json:
        for row in rows:
            print(json.dumps(row))
        return
    print(f"{'lesson':>22} {'models':>7} {'state kB':>9} {'table CSS copies':>17} {'their kB':>9}")
    for row in rows:
        print(f"{row['lesson']:>22} {row['models']:>7} {int(row['state_bytes']) / 1e3:>9.1f} {row['table_css']:>17} "
              f"{int(row['table_css_bytes']) / 1e3:>9.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
