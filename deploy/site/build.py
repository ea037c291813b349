"""Build Parlour's static site: every lesson playable in the browser (JupyterLite + Pyodide), no server.

    python deploy/site/build.py [OUTPUT_DIR] [--teacher-tools on|off] [--zips stored|deflated]
                                                                     (./run site [DIR] runs this)

Every version is pinned in this folder: the build tools (requirements-tools.txt, installed into a
venv of their own), the Pyodide core from npm (package.json, checked against its integrity), and the
pure-Python wheels the browser's Python loads (wheels.txt, downloaded for Python 3.14). Downloads
go to a cache outside the output ($PARLOUR_SITE_CACHE, by default .cache/site in the repository),
so a second build needs no network. The output folder is what any static host serves: ``index.html``
(the gallery, written here from widgets.gallery), ``lessons/<id>.html`` (each lesson: it opens
JupyterLite's REPL, input hidden, running ``parlour_site.run``), JupyterLite's ``repl/``, ``build/``
and ``static/pyodide/``.

What a visitor downloads is cut here: only the REPL app, no source maps, no jedi (a placeholder
wheel: completion is of no use in a lesson), no data files or tests inside the wheels, every wheel
preloaded from the site's own pyodide-lock.json (no PyPI fallback), the stdlib's parts no browser tab can
use left out, and a ``.br`` (brotli) and a ``.gz`` beside every large file for hosts that serve
precompressed files. The stdlib zip and the wheels hold their files uncompressed (``--zips stored``), so
that brotli compresses each whole: a quarter fewer bytes than zip's own deflate, file by file. What a
visitor waits for is cut here too: every module a lesson imports is compiled to bytecode (without its
docstrings) once, here (precompile.py, in this Pyodide under Node.js). And the two long steps of a visit
run side by side, on the two cores a machine has at least: the REPL's page starts the kernel's worker
(Pyodide, the wheels, the kernel's and the lesson's imports) first thing, while JupyterLab's app boots on
the page's thread, and the kernel adopts it (kernel_prestart.js, :func:`repl_page_scripts`,
:func:`patch_jupyterlite`). The page registers no service worker (:data:`DISABLED_PLUGINS`): files come
straight from the browser's cache, and the host's cache headers let a second visit send no request.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import venv
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
TOOLS_REQUIREMENTS = HERE / "requirements-tools.txt"
WHEELS = HERE / "wheels.txt"
PACKAGE_JSON = HERE / "package.json"
PYTHON_VERSION = "3.14"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: what every lesson page preloads from the site's lock (the kernel installs the rest of its own list
#: through piplite, which would look on PyPI): the kernel's own packages, the widgets and Parlour
PRELOAD = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython",
           "widgetsnbextension", "ipywidgets", "anywidget", "parlour"]
#: JupyterLite plugins the site leaves off. Its service worker serves the kernel JupyterLite's drive (the
#: files a user keeps in the browser) and ``input()``, which no lesson uses; registered, it stands between
#: the page and every file the page and the kernel's worker load (100-odd on each visit), and on the
#: second visit it unregisters and registers itself again, keeping the kernel off the drive anyway. Without
#: it a second visit still sends no request: the host's cache headers keep every file in the browser's cache.
DISABLED_PLUGINS = ["@jupyterlite/application-extension:service-worker-manager"]
#: wheels the kernel extension ships (static/pypi) that go into the lock too
KERNEL_WHEELS = {"piplite": "piplite", "pyodide_kernel": "pyodide-kernel", "ipykernel": "ipykernel",
                 "widgetsnbextension": "widgetsnbextension"}
#: lock dependencies of the packages Pyodide's own lock does not know (their wheels' runtime needs)
EXTRA_DEPENDS = {
    "comm": ["traitlets"],
    "ipywidgets": ["comm", "ipython", "traitlets", "widgetsnbextension"],
    "anywidget": ["ipywidgets", "psygnal", "typing-extensions"],
    "psygnal": [],
    "fsrs": ["typing-extensions"],
    "piplite": ["micropip"],
    "pyodide-kernel": ["ipython", "comm", "piplite"],
    "ipykernel": [],
    "widgetsnbextension": [],
    "jedi": [],
}
PRECOMPRESS = {".js", ".mjs", ".wasm", ".json", ".css", ".html", ".zip", ".whl", ".svg", ".txt"}
#: how the stdlib zip and the wheels hold their files: "stored" for a host that compresses them (the
#: ``.br``/``.gz`` beside each file, or on the fly), "deflated" for one that may send them as they are
ZIPS = ("stored", "deflated")


class BuildError(RuntimeError):
    """A step of the site's build that cannot go on (a download refused, a tool missing)."""


def say(text: str) -> None:
    print(f"site: {text}", file=sys.stderr, flush=True)


def cache_dir() -> Path:
    return Path(os.environ.get("PARLOUR_SITE_CACHE") or ROOT / ".cache" / "site").resolve()


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(cmd, check=True, **kwargs)
    except FileNotFoundError as exc:
        raise BuildError(f"{cmd[0]} is missing ({exc})") from None
    except subprocess.CalledProcessError as exc:
        raise BuildError(f"'{' '.join(cmd[:4])} …' failed (exit {exc.returncode})") from None


def digest(*paths: Path) -> str:
    h = hashlib.sha256()
    for p in paths:
        h.update(p.read_bytes())
    return h.hexdigest()


# ---- the downloads (each kept in the cache; done again only when its pins change) ----------------

def tools_venv(cache: Path) -> Path:
    """A venv holding the pinned JupyterLite tools; its ``jupyter`` command."""
    env = cache / "tools"
    stamp = env / ".parlour-stamp"
    want = digest(TOOLS_REQUIREMENTS)
    if not (stamp.exists() and stamp.read_text() == want):
        say("installing the build tools (JupyterLite 0.8.6) into " + str(env))
        shutil.rmtree(env, ignore_errors=True)
        venv.create(env, with_pip=True)
        run([str(env / "bin" / "python"), "-m", "pip", "install", "--disable-pip-version-check",
             "--progress-bar", "off", "-q", "-r", str(TOOLS_REQUIREMENTS)])
        stamp.write_text(want)
    return env / "bin" / "jupyter"


def pyodide_core(cache: Path) -> Path:
    """npm's ``pyodide`` package (the core: pyodide.mjs, the wasm, the stdlib, the lock), unpacked."""
    pins = json.loads(PACKAGE_JSON.read_text())
    version = pins["dependencies"]["pyodide"]
    integrity = pins["parlour"]["pyodideIntegrity"]
    tarball = cache / "npm" / f"pyodide-{version}.tgz"
    unpacked = cache / "npm" / f"pyodide-{version}"
    if not tarball.exists():
        say(f"downloading pyodide@{version} from npm")
        tarball.parent.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", f"pyodide@{version}", "--pack-destination", str(tarball.parent),
             "--loglevel=error"], stdout=subprocess.DEVNULL)
    algo, _, want = integrity.partition("-")
    have = base64.b64encode(hashlib.new(algo, tarball.read_bytes()).digest()).decode()
    if have != want:
        tarball.unlink()
        raise BuildError(f"{tarball.name} does not match the integrity pinned in {PACKAGE_JSON.name}")
    if not (unpacked / "pyodide-lock.json").exists():
        shutil.rmtree(unpacked, ignore_errors=True)
        unpacked.mkdir(parents=True)
        run(["tar", "xzf", str(tarball), "-C", str(unpacked), "--strip-components=1"])
    return unpacked


def wheels(cache: Path, jupyter: Path) -> Path:
    """The pinned pure-Python wheels for Python 3.14 (pip's own --python-version, so none is skipped)."""
    folder = cache / "wheels"
    stamp = folder / ".parlour-stamp"
    want = digest(WHEELS)
    if not (stamp.exists() and stamp.read_text() == want):
        say("downloading the browser's wheels (Python 3.14, pure Python) from PyPI")
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        run([str(jupyter.parent / "python"), "-m", "pip", "download", "--disable-pip-version-check",
             "--progress-bar", "off", "-q", "--no-deps", "--only-binary=:all:", "--python-version",
             PYTHON_VERSION, "--platform", "any", "--abi", "none", "--implementation", "py",
             "-d", str(folder), "-r", str(WHEELS)])
        stamp.write_text(want)
    return folder


# ---- the wheels built here -----------------------------------------------------------------------

def write_wheel(path: Path, name: str, version: str, files: dict[str, bytes]) -> Path:
    """A wheel (``py3-none-any``) holding ``files``; deterministic, so an unchanged tree gives the same bytes."""
    dist = f"{name.replace('-', '_')}-{version}"
    info = f"{dist}.dist-info"
    files = {**files,
             f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode(),
             f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: parlour-site\nRoot-Is-Purelib: true\n"
                              b"Tag: py3-none-any\n"}
    record = "".join(
        f"{arc},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()},"
        f"{len(data)}\n" for arc, data in sorted(files.items()))
    files[f"{info}/RECORD"] = (record + f"{info}/RECORD,,\n").encode()
    wheel = path / f"{dist}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        for arc, data in sorted(files.items()):
            entry = zipfile.ZipInfo(arc, date_time=(2020, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(entry, data)
    return wheel


def package_files(package: Path, suffixes: set[str]) -> dict[str, bytes]:
    return {p.relative_to(package.parent).as_posix(): p.read_bytes()
            for p in sorted(package.rglob("*"))
            if p.is_file() and p.suffix in suffixes and "__pycache__" not in p.parts}


def lesson_paths() -> list[str]:
    """Every lesson, as its path under lessons/ without ``.ipynb``: "rummy", "pt/jubileu" (not the gallery)."""
    return sorted(p.relative_to(ROOT / "lessons").with_suffix("").as_posix()
                  for p in (ROOT / "lessons").rglob("*.ipynb")
                  if p.name != "index.ipynb" and ".ipynb_checkpoints" not in p.parts)


def parlour_wheel(folder: Path, teacher_tools: str) -> Path:
    """engine/, widgets/ (with their JS, results and translations), and the runner with every lesson."""
    files = {**package_files(ROOT / "engine", {".py", ".mo", ".json"}),
             **package_files(ROOT / "widgets", {".py", ".js", ".css", ".json"}),
             **package_files(HERE / "parlour_site", {".py"})}
    for lesson in lesson_paths():
        files[f"parlour_site/lessons/{lesson}.ipynb"] = (ROOT / "lessons" / f"{lesson}.ipynb").read_bytes()
    files["parlour_site/settings.json"] = json.dumps({"teacher_tools": teacher_tools}).encode()
    return write_wheel(folder, "parlour", "0.1.0", files)


def unused_in_the_browser(name: str) -> bool:
    """A wheel's file no lesson needs in the browser: its data files and bundled front-end extensions
    (anywidget's lab and notebook extensions, which the site serves from extensions/ already) and its
    packages' own tests."""
    return any(part in name for part in (".data/data/", "/tests/", "/labextension/", "/nbextension/"))


def slim_wheel(source: Path, target: Path) -> Path:
    """``source`` without what :func:`unused_in_the_browser` names (the site's lock carries the new sha256)."""
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        for entry in zin.infolist():
            if not unused_in_the_browser(entry.filename):
                zout.writestr(entry, zin.read(entry), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return target


#: IPython's package imports its terminal (``IPython.terminal.embed``, and with it prompt_toolkit: a third of
#: the kernel's imports, and two wheels, 0.35 MB) only to offer ``IPython.embed``; a kernel has no terminal.
#: The site's IPython imports it when ``IPython.embed`` is first asked for (PEP 562's module __getattr__).
IPYTHON_EMBED = re.compile(r"^from \.terminal\.embed import embed\n", re.MULTILINE)
IPYTHON_EMBED_LAZY = ('\n\ndef __getattr__(name):\n    if name == "embed":\n'
                      '        from .terminal.embed import embed\n\n        return embed\n'
                      '    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")\n')
#: packages only IPython's terminal needs: not ipython's dependencies in the site's lock (still in it, so a
#: cell that imports them loads them)
TERMINAL_ONLY = {"prompt_toolkit", "prompt-toolkit", "wcwidth"}


def lazy_ipython_terminal(wheel: Path) -> Path:
    """Rewrite ``wheel`` (IPython's) so that ``import IPython`` leaves its terminal out (see IPYTHON_EMBED);
    the build fails if IPython's ``__init__`` does not hold that import (a new IPython: look again)."""
    with zipfile.ZipFile(wheel) as zin:
        entries = [(entry, zin.read(entry)) for entry in zin.infolist()]
    patched = 0
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zout:
        for entry, data in entries:
            if entry.filename == "IPython/__init__.py":
                text = data.decode("utf-8")
                text, patched = IPYTHON_EMBED.subn("", text)
                data = (text + IPYTHON_EMBED_LAZY).encode("utf-8")
            zout.writestr(entry, data)
    if patched != 1:
        raise BuildError(f"{wheel.name}: IPython/__init__.py does not hold {IPYTHON_EMBED.pattern!r} once "
                         "(a new IPython? see lazy_ipython_terminal)")
    return wheel


def jedi_placeholder(folder: Path) -> Path:
    """An empty ``jedi``: the kernel insists on installing jedi (1.5 MB, code completion), which no
    lesson uses; with no module inside, IPython finds no jedi and completes without it."""
    return write_wheel(folder, "jedi", "0.0.0+parlour.site", {})


# ---- bytecode: what a lesson imports, compiled once here instead of on every visit ---------------

#: what a lesson imports besides Parlour's own modules: the kernel's start (jupyterlite-pyodide-kernel's
#: worker imports these two), the lesson runner, and tarfile (Pyodide's package loader imports it to
#: install the wheels: compiled on every visit otherwise, 0.1 s)
KERNEL_IMPORTS = ["piplite.piplite", "pyodide_kernel", "parlour_site", "tarfile"]
#: folders and modules (in the stdlib zip and the wheels) left out unless something imported them: the
#: lexers of 600 languages, text encodings, and the stdlib's parts no page in a browser tab can use
#: (no processes, sockets or terminal there): multiprocessing, servers, mail and FTP clients, the
#: terminal REPL, command-line tools
DROP_UNIMPORTED = ["pygments/lexers/", "encodings/", "multiprocessing/", "_pyrepl/", "xmlrpc/", "wsgiref/",
                   "imaplib.py", "smtplib.py", "poplib.py", "ftplib.py", "mailbox.py", "pickletools.py",
                   "doctest.py", "trace.py", "modulefinder.py", "tabnanny.py", "pyclbr.py", "zipapp.py",
                   "pty.py", "tty.py", "webbrowser.py", "antigravity.py", "this.py", "__hello__.py",
                   "__phello__/"]


def parlour_modules() -> list[str]:
    """Every module of engine/ and widgets/, as dotted names (all are imported at build time)."""
    return sorted(".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
                  for package in ("engine", "widgets") for p in (ROOT / package).rglob("*.py")
                  if "__pycache__" not in p.parts)


def in_pyodide(path: Path) -> str:
    """``path`` as precompile.mjs's Pyodide sees it (the host's / mounted at /host)."""
    return "/host" + str(path.resolve())


def precompile(core: Path, pyodide: Path, carried: list[Path], cache: Path, zips: str = "stored") -> None:
    """Replace the stdlib zip and the carried wheels in ``pyodide`` by their precompiled versions
    (deploy/site/precompile.py, run in this Pyodide under Node.js: see its docstring)."""
    work = cache / "precompile"
    shutil.rmtree(work, ignore_errors=True)
    (work / "wheels").mkdir(parents=True)
    config = {"stdlib": in_pyodide(pyodide / "python_stdlib.zip"), "stdlib_out": in_pyodide(work / "python_stdlib.zip"),
              "wheels": [in_pyodide(w) for w in carried], "wheels_out": in_pyodide(work / "wheels"),
              "imports": KERNEL_IMPORTS, "optional_imports": parlour_modules(), "drop_unimported": DROP_UNIMPORTED,
              "stored": zips == "stored"}
    (work / "config.json").write_text(json.dumps(config))
    say("compiling what a lesson imports to bytecode (in Pyodide, under Node.js)")
    run(["node", str(HERE / "precompile.mjs"), str(core), str(HERE / "precompile.py"), str(work / "config.json")],
        stdout=subprocess.DEVNULL)
    shutil.copy2(work / "python_stdlib.zip", pyodide / "python_stdlib.zip")
    for wheel in carried:
        shutil.copy2(work / "wheels" / wheel.name, wheel)
    shutil.rmtree(work)


# ---- the lock: Pyodide's own, pointed at the wheels the site carries -----------------------------

def wheel_name(file_name: str) -> str:
    return file_name.split("-")[0].lower().replace("_", "-")


def lock_entry(wheel: Path, name: str, imports: list[str], depends: list[str]) -> dict:
    version = wheel.name.split("-")[1]
    return {"name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "package_type": "package",
            "imports": imports, "depends": depends, "unvendored_tests": False}


def site_lock(core_lock: dict, carried: list[Path]) -> dict:
    """``core_lock`` with each carried wheel's entry pointing at its file (sha256 of the file carried),
    the packages Pyodide does not list added, and nothing else: every name the site preloads resolves."""
    by_name = {wheel_name(w.name): w for w in carried}
    packages = {}
    for name, wheel in sorted(by_name.items()):
        known = core_lock["packages"].get(name)
        if known is not None and name != "jedi":
            depends = [d for d in known["depends"] if not (name == "ipython" and d in TERMINAL_ONLY)]
            entry = lock_entry(wheel, name, known["imports"], depends)
        else:
            entry = lock_entry(wheel, name, [] if name == "jedi" else [name.replace("-", "_")],
                               EXTRA_DEPENDS.get(name, []))
        packages[name] = entry
    packages["parlour"]["imports"] = ["engine", "widgets", "parlour_site"]
    packages["parlour"]["depends"] = ["anywidget", "ipywidgets", "fsrs"]
    missing = {d for e in packages.values() for d in e["depends"]} - set(packages)
    missing = {d for d in missing if d.replace("_", "-") not in packages}
    if missing:
        raise BuildError(f"the site's lock names packages it does not carry: {sorted(missing)}")
    return {"info": core_lock["info"], "packages": packages}


# ---- JupyterLite ---------------------------------------------------------------------------------

def stage(cache: Path, core: Path, wheel_dir: Path, jupyter: Path, teacher_tools: str, zips: str = "stored") -> Path:
    """JupyterLite's input folder: its config, and static/pyodide (the core, the wheels, the lock)."""
    lite = cache / "stage"
    shutil.rmtree(lite, ignore_errors=True)
    pyodide = lite / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        shutil.copy2(core / name, pyodide / name)
    carried = [slim_wheel(w, pyodide / w.name) for w in sorted(wheel_dir.glob("*.whl"))]
    lazy_ipython_terminal(next(w for w in carried if wheel_name(w.name) == "ipython"))
    kernel_pypi = (jupyter.parents[1] / "share" / "jupyter" / "labextensions" / "@jupyterlite"
                   / "pyodide-kernel-extension" / "static" / "pypi")
    for wheel in sorted(kernel_pypi.glob("*.whl")):
        if wheel.name.split("-")[0] in KERNEL_WHEELS and not wheel.name.startswith("widgetsnbextension-3"):
            carried.append(shutil.copy2(wheel, pyodide / wheel.name))
    carried += [parlour_wheel(pyodide, teacher_tools), jedi_placeholder(pyodide)]
    precompile(core, pyodide, [Path(c) for c in carried], cache, zips)
    core_lock = json.loads((core / "pyodide-lock.json").read_text())
    (pyodide / "pyodide-lock.json").write_text(json.dumps(site_lock(core_lock, [Path(c) for c in carried])))
    settings = {KERNEL_PLUGIN: {"disablePyPIFallback": True, "loadPyodideOptions": {"packages": PRELOAD}}}
    (lite / "jupyter-lite.json").write_text(json.dumps(
        {"jupyter-lite-schema-version": 0,
         "jupyter-config-data": {"appName": "Parlour", "litePluginSettings": settings,
                                 "disabledExtensions": DISABLED_PLUGINS}}))
    (lite / "jupyter_lite_config.json").write_text(json.dumps(
        {"LiteBuildConfig": {"apps": ["repl"], "no_sourcemaps": True, "no_unused_shared_packages": True,
                             "contents": []}}))
    return lite


def lite_build(jupyter: Path, lite: Path, out: Path) -> None:
    say(f"jupyter lite build → {out}")
    shutil.rmtree(out, ignore_errors=True)
    run([str(jupyter), "lite", "build", "--lite-dir", str(lite), "--output-dir", str(out)],
        cwd=lite, env={**os.environ, "JUPYTERLITE_NO_LIBARCHIVE": "1"}, stdout=subprocess.DEVNULL)


# ---- JupyterLite's bundles, patched --------------------------------------------------------------

KERNEL_STATIC = "extensions/@jupyterlite/pyodide-kernel-extension/static"
#: jupyterlite-pyodide-kernel 0.8.6's start, in each of its worker bundles (its remote kernel's ``initialize``):
#: the options taken (``parlourOptions``), then the runtime, the drive, the package manager, the kernel.
#: Patched: the options and the steps but the drive become ``parlourStart``, run once, with the options it
#: is first given: a message from the page may begin it before the kernel exists (kernel_prestart.js), and
#: it ends with the lesson's own imports (``parlourWarm``). ``initialize`` awaits it, takes the kernel's own
#: options, then mounts the drive
KERNEL_START = re.compile(r"async initialize\((\w)\)\{(var \w+;)((?:[^{}]|\{[^{}]*\})*?)"
                          r"await this\.initRuntime\(\1\),await this\.initFilesystem\(\1\),"
                          r"await this\.initPackageManager\(\1\),await this\.initKernel\(\1\),")
KERNEL_START_PATCHED = (r"parlourOptions(\1){\3}"
                        r"parlourStart(\1){return this._parlourStart||(this._parlourStart=(async()=>{"
                        r"this.parlourOptions(\1),await this.initRuntime(\1),await this.initPackageManager(\1),"
                        r"await this.initKernel(\1),\1.parlourWarm&&await this._pyodide.runPythonAsync(\1.parlourWarm)"
                        r"})())}async initialize(\1){\2await this.parlourStart(\1),this.parlourOptions(\1),"
                        r"await this.initFilesystem(\1),")
#: the comlink worker's last statement (its kernel, exposed to the page): it also listens for the
#: prestart's message (kernel_prestart.js), and begins ``parlourStart`` with the options it carries
KERNEL_EXPOSED = re.compile(r"(\w+)=new (\w+);(\w+)\(\1\);export\{\2 as PyodideComlinkKernel\}")
KERNEL_EXPOSED_PATCHED = (r'\1=new \2;\3(\1);addEventListener("message",m=>{let o=m.data&&m.data.parlourPrestart;'
                          r"o&&\1.parlourStart(o).catch(()=>{})});export{\2 as PyodideComlinkKernel}")
#: the page's side of the kernel, creating its worker: it adopts the prestarted one when that fits
KERNEL_WORKER = re.compile(r'initWorker\((\w)\)\{let (\w)=(\w)=>new Worker\(\3,\{type:"module"\}\);'
                           r"return crossOriginIsolated\?")
KERNEL_WORKER_PATCHED = (r'initWorker(\1){let \2=\3=>new Worker(\3,{type:"module"}),parlour=globalThis.parlourKernel;'
                         r"if(parlour&&!crossOriginIsolated&&(globalThis.parlourKernel=null,parlour.fits(\1)))"
                         r"return parlour.worker;return crossOriginIsolated?")


def patch_bundles(out: Path, folder: str, pattern: re.Pattern, replacement: str) -> int:
    """Rewrite ``pattern`` in every bundle under ``out/folder``; the build fails if no bundle holds it (a new
    JupyterLite: look at the patch again). Returns the number of places patched."""
    patched = 0
    for bundle in sorted((out / folder).glob("*.js")):
        text = bundle.read_text(encoding="utf-8")
        new, count = pattern.subn(replacement, text)
        if count:
            bundle.write_text(new, encoding="utf-8")
            patched += count
    if not patched:
        raise BuildError(f"no bundle in {out / folder} holds {pattern.pattern[:60]}… (a new JupyterLite? "
                         "see patch_jupyterlite)")
    return patched


def patch_jupyterlite(out: Path) -> None:
    """Two changes to JupyterLite's own bundles, each a few characters:

    - the kernel's worker can be started before the kernel is created (kernel_prestart.js, at the top of the
      REPL's page: see :func:`repl_page_scripts`): the worker's start up to the kernel's imports becomes a
      step run once (``parlourStart``), which a message from the page may begin, and the kernel adopts
      the worker the page started instead of creating one once JupyterLab has booted.
    - the kernel mounts JupyterLite's drive (only where a host makes the page cross-origin isolated: the
      site registers no service worker, see :data:`DISABLED_PLUGINS`) after its imports, not before: in the
      drive every file lookup is a round trip to the page, and Python looks up each of the kernel's few
      hundred imports in the working folder first (``""`` on sys.path). Nothing the kernel imports reads it.
    """
    patch_bundles(out, KERNEL_STATIC, KERNEL_START, KERNEL_START_PATCHED)
    patch_bundles(out, KERNEL_STATIC, KERNEL_EXPOSED, KERNEL_EXPOSED_PATCHED)
    patch_bundles(out, KERNEL_STATIC, KERNEL_WORKER, KERNEL_WORKER_PATCHED)


#: the placeholder in kernel_prestart.js for what the build knows: the site's paths and the kernel's settings
PRESTART_CONFIG = "PARLOUR_PRESTART_CONFIG"


def prestart_config(out: Path) -> dict:
    """What kernel_prestart.js needs to start the kernel's worker as the kernel would: the worker's bundle, and
    the kernel plugin's settings from the site's jupyter-lite.json (paths from the site's root)."""
    settings = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]["litePluginSettings"]
    kernel = settings[KERNEL_PLUGIN]
    static = out / KERNEL_STATIC
    workers = sorted(static.glob("comlink.worker.*.js"))
    piplite = sorted((static / "pypi").glob("piplite-*.whl"))
    if len(workers) != 1 or len(piplite) != 1:
        raise BuildError(f"{static} holds {len(workers)} comlink workers and {len(piplite)} piplite wheels, not one "
                         "each (a new jupyterlite-pyodide-kernel? see prestart_config)")
    return {"root": "../", "worker": workers[0].relative_to(out).as_posix(),
            "pyodideUrl": kernel["pyodideUrl"], "pipliteWheelUrl": piplite[0].relative_to(out).as_posix(),
            "pipliteUrls": [*kernel.get("pipliteUrls", []), f"{KERNEL_STATIC}/pypi/all.json"],
            "disablePyPIFallback": bool(kernel.get("disablePyPIFallback")),
            "loadPyodideOptions": kernel.get("loadPyodideOptions", {})}


def repl_page_scripts(out: Path) -> None:
    """Put two scripts first in the REPL's page (every lesson opens it), before JupyterLab's bundles load:

    - kernel_prestart.js, with the site's settings: the lesson's Python starts as the page does, while
      JupyterLab's REPL boots (see that script);
    - widgets/static/shared_modules.js (Voilà's pages run it: widgets/server/page_rendering.py): anywidget
      imports each widget's module from a blob of its text, once per widget; with it a table's card rows
      share one module instead of compiling the same text once per row.
    """
    page = out / "repl" / "index.html"
    text = page.read_text(encoding="utf-8")
    prestart = "".join(line for line in (HERE / "kernel_prestart.js").read_text(encoding="utf-8").splitlines(True)
                       if not line.startswith("//"))  # its opening comment stays in the repository
    prestart = prestart.replace(PRESTART_CONFIG, json.dumps(prestart_config(out)), 1)
    shared = (ROOT / "widgets" / "static" / "shared_modules.js").read_text(encoding="utf-8")
    if "<head>" not in text:
        raise BuildError(f"{page} holds no <head> (a new JupyterLite? see repl_page_scripts)")
    scripts = "".join(f"\n<script>\n{script}</script>" for script in (prestart, shared))
    page.write_text(text.replace("<head>", "<head>" + scripts, 1), encoding="utf-8")


# ---- Parlour's pages -----------------------------------------------------------------------------

#: the REPL without its toolbar (absent ``toolbar``), banner or code: only the lesson's outputs
REPL_PARAMS = {"kernel": "python", "showBanner": "0", "hideCodeInput": "1"}

LESSON_PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{title} · Parlour</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script>
// Open the lesson in the REPL (input hidden), keeping this address's deal link (?deal=…&level=…&game=…)
// and its #table (the gallery's "Play now": the lesson opens at its table, widgets/static/table_link.js).
const params = new URLSearchParams({params});
for (const [key, value] of new URLSearchParams(location.search)) params.append(key, value);
location.replace("{repl}?" + params.toString() + location.hash);
</script></head>
<body><p>Opening {title}… (this page needs JavaScript)</p></body></html>
"""


def lesson_page(lesson: str, title: str) -> str:
    depth = lesson.count("/") + 1
    params = {**REPL_PARAMS, "lesson": lesson, "code": f"import parlour_site; parlour_site.run({lesson!r})"}
    lang = lesson.split("/")[0] if "/" in lesson else "en"
    return LESSON_PAGE.format(lang=html.escape(lang), title=html.escape(title), params=json.dumps(params),
                              repl="../" * depth + "repl/index.html")


def lite_config_script(lite_index: str) -> str:
    """The ``<script id="jupyter-config-data">`` of JupyterLite's root page: every app page reads the site's
    root ``index.html`` for it, so the gallery, which takes that page's place, carries it unchanged."""
    start = lite_index.find('<script id="jupyter-config-data"')
    end = lite_index.find("</script>", start)
    if start < 0 or end < 0:
        raise BuildError("JupyterLite's index.html holds no jupyter-config-data script")
    return lite_index[start:end + len("</script>")]


def gallery_page(lite_index: str, lang: str = "en") -> str:
    """The gallery in ``lang``: the site's ``index.html`` (English, carrying JupyterLite's configuration, as
    every app page reads it there) or ``<lang>/index.html``, its intro from ``lessons/[<lang>/]index.ipynb``."""
    sys.path.insert(0, str(ROOT))
    from widgets.gallery import gallery_html, site_href_from

    folder = ROOT / "lessons" / ("" if lang == "en" else lang)
    cells = json.loads((folder / "index.ipynb").read_text(encoding="utf-8"))["cells"]
    intro = "".join(cells[0]["source"]).split("\n", 1)[1].replace("**", "")
    config, due = (lite_config_script(lite_index), PUZZLES_DUE) if lang == "en" else ("", "")
    return (f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>Parlour</title>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            "<style>body{font-family:system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;"
            "color:#1f2a22}</style>" + config + "</head><body><h1>Parlour</h1>"
            f"<p>{html.escape(intro.strip())}</p>{due}"
            f"{gallery_html(lab=False, href=site_href_from(lang), lang=lang)}</body></html>")


#: The gallery's "Puzzles due: N" on the static site (no kernel there): counted from the puzzle store the lessons
#: keep in this browser (widgets/puzzle_store.py lists when each puzzle is due); shown only once there is a store.
PUZZLES_DUE = ("<p id='parlour-puzzles-due' hidden></p><script>(() => { try {"
               " const s = JSON.parse(localStorage.getItem('parlour:puzzles:v1') || 'null');"
               " if (!s || s.format !== 'parlour-puzzles' || s.v !== 1 || !Array.isArray(s.due)) return;"
               " const now = Date.now(); const n = s.due.filter((d) => Date.parse(d) <= now).length;"
               " const p = document.getElementById('parlour-puzzles-due');"
               " p.textContent = `Puzzles due: ${n}. Open any lesson to solve them, under its table.`;"
               " p.hidden = false;"
               " } catch (_e) { /* no storage, or a store from elsewhere: nothing to count */ } })();</script>")


def parlour_pages(out: Path) -> None:
    sys.path.insert(0, str(ROOT))
    import engine

    index = out / "index.html"
    lite_index = index.read_text(encoding="utf-8")
    index.write_text(gallery_page(lite_index), encoding="utf-8")
    from widgets.gallery import GALLERY_LANGUAGES

    for lang in GALLERY_LANGUAGES[1:]:  # the gallery in each other language: <lang>/index.html
        (out / lang).mkdir(exist_ok=True)
        (out / lang / "index.html").write_text(gallery_page(lite_index, lang), encoding="utf-8")
    for lesson in lesson_paths():
        game = engine.GAMES.get(lesson.split("/")[-1].removeprefix("mesa_"))  # pt/mesa_jubilee: Jubilee's table
        page = out / "lessons" / f"{lesson}.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(lesson_page(lesson, game.name if game else lesson), encoding="utf-8")
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve build/ and static/ as they are


def precompress(out: Path, cache: Path, min_bytes: int = 1024) -> None:
    """A ``.br`` and a ``.gz`` beside each large file that compresses, for hosts that serve precompressed
    files (nginx ``brotli_static``/``gzip_static``). Brotli at its best is slow (half a minute for the
    wasm), so each ``.br`` is kept in the cache under its file's sha256: a build makes only new ones."""
    store = cache / "brotli"
    store.mkdir(parents=True, exist_ok=True)
    wanted: dict[Path, Path] = {}
    for path in sorted(out.rglob("*")):
        if path.is_file() and path.suffix in PRECOMPRESS and path.stat().st_size >= min_bytes:
            data = path.read_bytes()
            packed = gzip.compress(data, compresslevel=9, mtime=0)
            if len(packed) < len(data) * 0.9:
                path.with_name(path.name + ".gz").write_bytes(packed)
                wanted[path] = store / (hashlib.sha256(data).hexdigest() + ".br")
    jobs = [[str(path), str(kept)] for path, kept in wanted.items() if not kept.exists()]
    if jobs:
        say(f"brotli for {len(jobs)} files (kept in {store})")
        with tempfile.NamedTemporaryFile("w", suffix=".json", dir=cache) as listing:
            listing.write(json.dumps(jobs))
            listing.flush()
            run(["node", str(HERE / "brotli.mjs"), listing.name])
    for path, kept in wanted.items():
        if kept.stat().st_size < path.with_name(path.name + ".gz").stat().st_size:
            shutil.copyfile(kept, path.with_name(path.name + ".br"))
    for stale in set(store.glob("*.br")) - set(wanted.values()):  # a build keeps only its own
        stale.unlink()


def build(out: Path, teacher_tools: str = "on", zips: str = "stored") -> Path:
    cache = cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    jupyter = tools_venv(cache)
    core = pyodide_core(cache)
    wheel_dir = wheels(cache, jupyter)
    lite = stage(cache, core, wheel_dir, jupyter, teacher_tools, zips)
    lite_build(jupyter, lite, out)
    patch_jupyterlite(out)
    repl_page_scripts(out)
    parlour_pages(out)
    precompress(out, cache)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build Parlour's static site (JupyterLite + Pyodide).")
    parser.add_argument("out", nargs="?", default=str(ROOT / "build" / "site"),
                        help="the folder to write (replaced); default build/site")
    parser.add_argument("--teacher-tools", choices=("on", "off"), default="on",
                        help="offer the 'show all hands' switch on the site's tables (default on)")
    parser.add_argument("--zips", choices=ZIPS, default="stored",
                        help="stored (default): the stdlib zip and the wheels hold their files uncompressed, for a "
                             "host that compresses them (the .br/.gz beside each file, or on the fly); deflated: "
                             "for a host that may send .zip/.whl files as they are")
    args = parser.parse_args(argv)
    try:
        out = build(Path(args.out).resolve(), args.teacher_tools, args.zips)
    except BuildError as exc:
        say(str(exc))
        return 1
    say(f"done: {out} (serve it with any static web server, e.g. python -m http.server -d {out})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
