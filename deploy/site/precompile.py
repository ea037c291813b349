"""Compile the modules a lesson imports to bytecode at build time, inside the site's own Pyodide.

A visitor's browser otherwise compiles every module it imports from source, on every visit: Pyodide's
start, the kernel (IPython, traitlets, prompt_toolkit, the stdlib's asyncio, email, pdb, …) and Parlour
are about five CPU-seconds of it on this machine. precompile.mjs runs this file in Pyodide under Node.js,
so the bytecode is the browser's Python 3.14 (its magic number), compiled without column ranges
(PYTHONNODEBUGRANGES: a quarter smaller; tracebacks keep their line numbers).

It unpacks the site's wheels into Pyodide's site-packages, imports what a lesson imports (the kernel's
modules and every Parlour module), and rewrites the stdlib zip and each wheel: every module that was
imported becomes an unchecked hash-based ``.pyc`` in place of its ``.py`` (sourceless: the importer loads it
without reading or comparing a source); a module nothing imported stays source, so it still works if
something imports it later. Under DROP_UNIMPORTED's folders a module nothing imported is left out: the
lexers of 600 languages (a lesson shows no code), the stdlib's text encodings but a few, and the stdlib's
parts no page in a browser tab can use (servers, mail clients, multiprocessing, the terminal REPL).

    precompile.py CONFIG_JSON        (the paths as Pyodide sees them; see build.py's precompile())
"""

from __future__ import annotations

import ast
import base64
import hashlib
import importlib
import importlib.util
import json
import sys
import zipfile
from importlib import _bootstrap_external  # type: ignore[attr-defined]
from pathlib import Path

#: module files kept as source whatever happens: run as scripts, or read as text
TEXT_MODULES = {"__main__.py", "conftest.py"}
#: encodings a page may still ask for by name though none was imported here
KEPT_ENCODINGS = {"ascii", "latin_1", "utf_8", "utf_8_sig", "utf_16", "utf_16_le", "utf_16_be", "utf_32",
                  "utf_32_le", "utf_32_be", "cp1252", "cp437", "idna", "punycode", "charmap", "unicode_escape",
                  "raw_unicode_escape", "base64_codec", "hex_codec", "aliases", "__init__"}
DATE = (2020, 1, 1, 0, 0, 0)


def without_docstrings(tree: ast.Module) -> ast.Module:
    """``tree`` with the docstrings of its module, classes and functions taken out, as ``python -OO`` does
    (their ``__doc__`` is None; asserts stay): a page shows no help text, and they are a sixth of the
    bytecode a visitor downloads. Every other statement keeps its line number."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            value = first.value if isinstance(first, ast.Expr) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                if len(node.body) == 1:
                    node.body[0] = ast.copy_location(ast.Pass(), first)
                else:
                    del node.body[0]
    return tree


def pyc(source: bytes, filename: str) -> bytes | None:
    """The unchecked hash-based bytecode of ``source`` without its docstrings, or None if Python 3.14
    cannot compile it."""
    try:
        tree = without_docstrings(ast.parse(source, filename))
        code = compile(tree, filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    return bytes(_bootstrap_external._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def imported_files(modules: list[str], optional: list[str]) -> set[str]:
    """Every module file (absolute path, a zip's members as ``…/python314.zip/x.py``) loaded by importing
    ``modules`` and ``optional`` (those that import in the browser: not the hub's server-side ones), and by
    Pyodide's own start before them."""
    for name in modules:
        importlib.import_module(name)
    for name in optional:
        try:
            importlib.import_module(name)
        except ImportError as exc:
            print(f"precompile: {name} does not import in the browser ({exc}); left as source", file=sys.stderr)
    return {str(getattr(m, "__file__", None)) for m in list(sys.modules.values()) if getattr(m, "__file__", None)}


def rewrite(source: Path, target: Path, where: str, used: set[str], drop_unimported: tuple[str, ...],
            stored: bool = False) -> None:
    """``source`` (a zip) into ``target``: imported modules as bytecode, unimported ones under
    ``drop_unimported`` left out, every other file as it was; a wheel's RECORD lists the files it holds.
    ``stored``: the entries are not compressed inside the zip, so the host's brotli or gzip compresses the
    whole file (a quarter fewer bytes than deflate entry by entry; nothing to inflate in the browser)."""
    entries: dict[str, bytes] = {}
    record_name = ""
    with zipfile.ZipFile(source) as zf:
        for info in zf.infolist():
            name = info.filename
            if info.is_dir():
                continue
            if name.endswith(".dist-info/RECORD"):
                record_name = name
                continue
            data = zf.read(info)
            is_module = name.endswith(".py") and name.rsplit("/", 1)[-1] not in TEXT_MODULES
            if is_module and f"{where}/{name}" in used:
                code = pyc(data, f"{where}/{name}")
                entries.update({name[:-3] + ".pyc": code} if code is not None else {name: data})
            elif not (is_module and name.startswith(drop_unimported) and not kept(name)):
                entries[name] = data
    if record_name:
        entries[record_name] = record(entries, record_name)
    method = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    with zipfile.ZipFile(target, "w", method, compresslevel=None if stored else 9) as out:
        for arc, data in entries.items():
            info = zipfile.ZipInfo(arc, date_time=DATE)
            info.compress_type = method
            info.external_attr = 0o644 << 16
            out.writestr(info, data)


def kept(name: str) -> bool:
    return name.startswith("encodings/") and name[len("encodings/"):-3] in KEPT_ENCODINGS


def record(entries: dict[str, bytes], record_name: str) -> bytes:
    lines = [f"{arc},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()},"
             f"{len(data)}" for arc, data in entries.items()]
    return ("\n".join([*lines, f"{record_name},,"]) + "\n").encode()


def main(config_path: str) -> None:
    config = json.loads(Path(config_path).read_text())
    site_packages = Path(next(p for p in sys.path if p.endswith("site-packages")))
    stdlib_zip = next(p for p in sys.path if p.endswith(".zip"))  # Pyodide's stdlib: /lib/python314.zip
    wheels = [Path(w) for w in config["wheels"]]
    for wheel in wheels:  # installed as Pyodide's loadPackage does: unpacked into site-packages
        with zipfile.ZipFile(wheel) as zf:
            zf.extractall(site_packages)
    importlib.invalidate_caches()
    used = imported_files(config["imports"], config["optional_imports"])
    drop = tuple(config["drop_unimported"])
    stored = bool(config.get("stored"))
    rewrite(Path(config["stdlib"]), Path(config["stdlib_out"]), stdlib_zip, used, drop, stored)
    out = Path(config["wheels_out"])
    out.mkdir(parents=True, exist_ok=True)
    for wheel in wheels:
        rewrite(wheel, out / wheel.name, str(site_packages), used, drop, stored)
    print(f"precompile: {sum(1 for f in used if f.endswith('.py'))} modules compiled", file=sys.stderr)


if __name__ == "__main__":
    if sys.version_info[:2] != (3, 14):  # the bytecode must be the browser's: only the site's Pyodide writes it
        raise SystemExit(f"precompile.py runs in the site's Pyodide (Python 3.14), not {sys.version.split()[0]}")
    main(sys.argv[1])
