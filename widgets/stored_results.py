"""Numbers a lesson shows that take seconds to work out: computed once by a script, read at page load.

    python -m widgets.stored_results      # recompute every stored result (after a rules change)

A lesson page must show its table at once, but El Gato's luck survey plays 200 games and
Relógio's win rates play 2,000 deals: 4–7 s in every kernel that opens the lesson. The
script plays them once and stores the numbers in ``widgets/results/<function>.json``; the
lesson reads them. A result the file lacks (other parameters, a missing file) is computed
on the spot, so a lesson never shows a number the code would not give.
``tests/widgets/test_stored_results.py`` plays part of each again and compares.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any, Callable

RESULTS = Path(__file__).parent / "results"

# What the lessons show, by function and parameters (the script stores exactly these).
STORED: list[tuple[str, dict[str, Any]]] = [
    ("widgets.games.el_gato_lesson:luck_numbers", {"games": 200, "players": 4}),
    ("widgets.games.relogio_lesson:win_rates", {"deals": 2000}),  # relogio_lesson.WIN_RATE_DEALS, both lessons
]


def _path(function: Callable[..., Any]) -> Path:
    return RESULTS / f"{function.__module__.rsplit('.', 1)[-1]}.{function.__name__}.json"


def _entries(path: Path) -> list[dict[str, Any]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [e for e in data if isinstance(e, dict)] if isinstance(data, list) else []


def as_json(value: Any) -> Any:
    """``value`` as the file gives it back (tuples become lists, dict keys strings)."""
    return json.loads(json.dumps(value))


def stored(function: Callable[..., Any], **params: Any) -> Any:
    """``function(**params)`` as stored by the script; computed now if the file does not have it."""
    for entry in _entries(_path(function)):
        if entry.get("params") == params and "result" in entry:
            return entry["result"]
    return as_json(function(**params))


def _function(name: str) -> Callable[..., Any]:
    module, attr = name.split(":")
    found: Callable[..., Any] = getattr(importlib.import_module(module), attr)
    return found


def write_all() -> list[Path]:
    """Recompute every result in :data:`STORED` and write the files."""
    files: dict[Path, list[dict[str, Any]]] = {}
    for name, params in STORED:
        function = _function(name)
        files.setdefault(_path(function), []).append({"params": params, "result": as_json(function(**params))})
    RESULTS.mkdir(exist_ok=True)
    for path, entries in files.items():
        path.write_text(json.dumps(entries, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return list(files)


if __name__ == "__main__":
    for written in write_all():
        print(f"wrote {written}")
