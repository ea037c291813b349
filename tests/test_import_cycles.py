"""No two modules of ``engine/`` or ``widgets/`` import each other, directly or round a circle (issue 33).

Why: a circle of imports is a seam that leaks (a panel that imports the table that imports the panel
cannot be used, tested or moved without the other). The test reads each file's own import statements
with ``ast``, every one of them: at the top, inside a function, and under ``if TYPE_CHECKING`` (a type
that names the table is still a dependence on it). A circle fails the test, named module by module.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "widgets")


def module_name(path: Path) -> str:
    """``widgets/games/jubilee_table.py`` → ``widgets.games.jubilee_table``; a package's ``__init__`` is the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of the packages, subpackages included."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "__pycache__" not in path.parts:
                found[module_name(path)] = path
    return found


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that the file's own import statements name (all of them, wherever they stand)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # from .x import y: relative to the module's package
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                # "from widgets import table" imports widgets.table; so does "from widgets.table import esc"
                targets.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {t for t in targets if t in known and t != name}


def import_graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imported(name, path, known) for name, path in found.items() if path.exists()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle through each group of modules that reach each other (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node] & graph.keys()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [circle(graph, group) for group in groups]


def circle(graph: dict[str, set[str]], group: list[str]) -> list[str]:
    """A shortest circle inside ``group``, from its first module back to it, for the failure's message."""
    start, members = group[0], set(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for nxt in sorted(graph.get(node, set()) & members):
            if nxt == start:
                return [*paths[node], start]
            if nxt not in paths:
                paths[nxt] = [*paths[node], nxt]
                queue.append(nxt)
    return group


def test_the_walk_sees_every_kind_of_import():
    """The walk itself: a top-level, a function-level, a relative and a TYPE_CHECKING import each make an edge."""
    graph = import_graph()
    assert "engine.cards" in graph["engine"]  # from .cards import ...
    assert "widgets.table_html" in graph["widgets.table_log"]  # from widgets.table_html import esc
    assert any(name.startswith("widgets.games.") for name in graph)  # subpackages are walked
    made_up = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(made_up) == [["a", "b", "c", "a"]]


def test_no_import_cycles_in_engine_or_widgets():
    found = cycles(import_graph())
    assert not found, "import cycles: " + "; ".join(" → ".join(c) for c in found)
