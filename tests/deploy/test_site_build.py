"""The static site's build pieces that need no download (issue 23): the Parlour wheel with the lesson runner
and its build setting, the site's lock, the lesson pages. tests/browser/test_site.py builds and plays the site."""

from __future__ import annotations

import gzip
import json
import marshal
import subprocess
import sys
import traceback
import urllib.request
import zipfile
from pathlib import Path

import pytest

from deploy.site import build as site_build
from deploy.site import precompile
from deploy.site.static_host import serve

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("setting, shown", [("off", "False"), ("on", "True")])
def test_the_wheel_runs_a_lesson_and_carries_the_teacher_tools_setting(tmp_path, setting, shown):
    wheel = site_build.parlour_wheel(tmp_path, setting)
    names = zipfile.ZipFile(wheel).namelist()
    assert "parlour_site/lessons/rummy.ipynb" in names and "parlour_site/lessons/pt/jubileu.ipynb" in names
    assert "engine/locale/pt/LC_MESSAGES/parlour.mo" in names and "widgets/static/card_surface.js" in names
    assert not [n for n in names if "__pycache__" in n or n.startswith("tests/")]
    site_packages = tmp_path / "site-packages"
    zipfile.ZipFile(wheel).extractall(site_packages)
    script = ("import parlour_site, widgets.table\n"
              "parlour_site.run('rummy')\n"
              "print('teacher tools:', widgets.table.teacher_tools_enabled(), widgets.table.__file__)\n")
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(site_packages)}  # the wheel alone, not the repo
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, env=env,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    cells = json.loads((ROOT / "lessons" / "rummy.ipynb").read_text())["cells"]
    markdown = [c for c in cells if c["cell_type"] == "markdown" and "".join(c["source"]).strip()]
    assert out.stdout.count("<IPython.core.display.Markdown object>") == len(markdown) > 5  # each text cell shown
    last = out.stdout.strip().splitlines()[-1]
    assert last.startswith(f"teacher tools: {shown} {site_packages}"), last


def test_the_sites_lock_resolves_every_preloaded_package(tmp_path):
    wheels = []
    for name in ["micropip", "ipython", "traitlets", "comm", "ipywidgets", "anywidget", "psygnal",
                 "typing_extensions", "fsrs", "piplite", "pyodide_kernel", "ipykernel", "widgetsnbextension"]:
        wheels.append(site_build.write_wheel(tmp_path, name, "1.0", {f"{name}/__init__.py": b""}))
    wheels += [site_build.parlour_wheel(tmp_path, "on"), site_build.jedi_placeholder(tmp_path)]
    wheels += [site_build.write_wheel(tmp_path, name, "1.0", {f"{name}/__init__.py": b""})
               for name in ("prompt_toolkit", "wcwidth")]
    core = {"info": {"python": "3.14.2"}, "packages": {
        "micropip": {"imports": ["micropip"], "depends": []},
        "ipython": {"imports": ["IPython"], "depends": ["traitlets", "prompt_toolkit", "wcwidth"]},
        "prompt-toolkit": {"imports": ["prompt_toolkit"], "depends": ["wcwidth"]},
        "wcwidth": {"imports": ["wcwidth"], "depends": []},
        "traitlets": {"imports": ["traitlets"], "depends": []},
        "jedi": {"imports": ["jedi"], "depends": ["parso"]},
        "numpy": {"imports": ["numpy"], "depends": []}}}
    lock = site_build.site_lock(core, wheels)
    packages = lock["packages"]
    assert set(site_build.PRELOAD) <= set(packages) and "numpy" not in packages
    assert packages["ipython"]["depends"] == ["traitlets"]  # IPython's terminal is not loaded with it …
    assert packages["prompt-toolkit"]["imports"] == ["prompt_toolkit"]  # … but a cell that imports it may
    assert packages["jedi"]["depends"] == [] and packages["jedi"]["imports"] == []
    assert not [n for n in zipfile.ZipFile(tmp_path / packages["jedi"]["file_name"]).namelist()
                if not n.startswith("jedi-0.0.0+parlour.site.dist-info/")]
    for entry in packages.values():
        assert (tmp_path / entry["file_name"]).exists() and len(entry["sha256"]) == 64
        assert set(entry["depends"]) <= set(packages)


def test_a_lesson_page_opens_the_repl_keeping_the_deal_link():
    page = site_build.lesson_page("pt/jubileu", "Jubileu")
    assert 'lang="pt"' in page and 'location.replace("../../repl/index.html?"' in page
    params = json.loads(page.split("new URLSearchParams(", 1)[1].split(");", 1)[0])
    assert params["lesson"] == "pt/jubileu" and params["code"] == "import parlour_site; parlour_site.run('pt/jubileu')"
    assert "new URLSearchParams(location.search)" in page  # ?deal=…&level=…&game=… goes along
    assert 'params.toString() + location.hash)' in page  # and #table (the gallery's "Play now")


def test_wheels_lose_their_data_files_and_tests_not_their_code(tmp_path):
    wheel = site_build.write_wheel(tmp_path, "anywidget", "1.0", {
        "anywidget/__init__.py": b"x = 1", "anywidget/tests/test_x.py": b"",
        "anywidget-1.0.data/data/share/jupyter/labextensions/anywidget/static/big.js": b"0" * 1000,
        "anywidget/labextension/static/main.js": b"0" * 1000, "anywidget/nbextension/index.js": b"0" * 1000})
    (tmp_path / "slim").mkdir()
    slim = site_build.slim_wheel(wheel, tmp_path / "slim" / wheel.name)
    names = zipfile.ZipFile(slim).namelist()
    assert "anywidget/__init__.py" in names and "anywidget-1.0.dist-info/METADATA" in names
    assert not [n for n in names if "/tests/" in n or ".data/" in n or "extension/" in n]  # served from extensions/


#: the shapes of jupyterlite-pyodide-kernel 0.8.6's bundles (its worker's kernel, and the page's side that creates
#: the worker), each inside a harness that records what runs (run in Node.js after the build's patches)
WORKER_BUNDLE = """const calls = []; let onMessage = null;
globalThis.addEventListener = (type, handler) => { onMessage = handler; };
const Nt = () => {};
class rr { constructor() { this._pyodide = { runPythonAsync: async (code) => { calls.push("warm " + code); } }; }
  async initRuntime(t) { await null; calls.push("runtime " + t.tag); }
  async initPackageManager(t) { calls.push("packages " + this._options.tag); }
  async initKernel(t) { calls.push("kernel " + t.tag); }
  async initFilesystem(t) { calls.push("drive " + t.tag + " " + this._localPath); }
  async initGlobals(t) { calls.push("globals " + t.tag); }
  async initialize(t){var n;if(this._options=t,t.location.includes(":")){let n=t.location.split(":");\
this._driveName=n[0],this._localPath=n[1]}else this._driveName="",this._localPath=t.location;\
await this.initRuntime(t),await this.initFilesystem(t),await this.initPackageManager(t),await this.initKernel(t),\
await this.initGlobals(t),null==(n=this._initializer)||n.resolve()}
}
let ku=new rr;Nt(ku);export{rr as PyodideComlinkKernel}
"""
WORKER_RUN = """
const prestart = process.argv[1] === "prestart";
if (prestart) onMessage({ data: { parlourPrestart: { tag: "page", location: "", parlourWarm: "import x" } } });
onMessage({ data: { id: "comlink's own message" } });
await ku.initialize({ tag: "kernel", location: "drive:here" });
await ku.initialize({ tag: "again", location: "" });  // started once: a second call only mounts the drive
console.log(JSON.stringify(calls));
"""
PAGE_BUNDLE = """let created = [];
globalThis.Worker = class { constructor(url, options) { created.push(url + " " + options.type); } };
globalThis.crossOriginIsolated = false;
class w{initWorker(e){let t=e=>new Worker(e,{type:"module"});return crossOriginIsolated?t("coincident"):t("comlink")}}
"""
PAGE_RUN = """
const fit = process.argv[1] === "fits";
globalThis.parlourKernel = { worker: "the prestarted worker", fits: (options) => options.pyodideUrl === "ok" && fit };
const first = new w().initWorker({ pyodideUrl: "ok" });
const second = new w().initWorker({ pyodideUrl: "ok" });
console.log(JSON.stringify([typeof first === "string" ? first : "new", created, globalThis.parlourKernel]));
"""


def run_patched(path: Path, harness: str, *args: str) -> object:
    code = path.read_text() + harness
    out = subprocess.run(["node", "--input-type=module", "-e", code, "--", *args], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_jupyterlites_bundles_are_patched_or_the_build_says_why(tmp_path):
    static = tmp_path / site_build.KERNEL_STATIC
    static.mkdir(parents=True)
    worker, page = static / "comlink.worker.js", static / "393.js"
    worker.write_text(WORKER_BUNDLE)
    page.write_text(PAGE_BUNDLE)
    site_build.patch_jupyterlite(tmp_path)
    # the worker the page prestarted: Pyodide, the packages, the kernel, the lesson's imports, all begun by the
    # page's message with its options; the kernel's initialize then mounts its drive (after the imports)
    assert run_patched(worker, WORKER_RUN, "prestart") == [
        "runtime page", "packages page", "kernel page", "warm import x", "drive kernel here", "globals kernel",
        "drive again ", "globals again"]
    # no prestart: the kernel's initialize does every step itself, the drive after the imports
    assert run_patched(worker, WORKER_RUN, "none") == [
        "runtime kernel", "packages kernel", "kernel kernel", "drive kernel here", "globals kernel",
        "drive again ", "globals again"]
    # the page's side adopts the prestarted worker once, if it fits the kernel's options; otherwise its own
    assert run_patched(page, PAGE_RUN, "fits") == ["the prestarted worker", ["comlink module"], None]
    assert run_patched(page, PAGE_RUN, "refuses") == ["new", ["comlink module", "comlink module"], None]
    with pytest.raises(site_build.BuildError, match="a new JupyterLite"):
        site_build.patch_jupyterlite(tmp_path)  # patched already: the shapes are gone, and the build says so


#: kernel_prestart.js in the REPL's page, run in Node.js with a browser's globals faked: what it posts to the worker
PRESTART_RUN = """
globalThis.location = new URL(process.argv[1]);
globalThis.crossOriginIsolated = process.argv[2] === "isolated";
const posted = [];
globalThis.Worker = class { constructor(url, options) { this.url = url; this.type = options.type; }
  postMessage(message) { posted.push([this.url, this.type, message]); } terminate() { this.ended = true; } };
console.warn = () => {};
SCRIPT
const kernel = globalThis.parlourKernel;
const options = posted.length ? posted[0][2].parlourPrestart : null;
const fits = kernel ? [kernel.fits({ ...options, location: "" }), parlourPrestart.state,
                       kernel.fits({ ...options, pyodideUrl: "elsewhere" }), parlourPrestart.state, kernel.worker.ended]
                    : [];
console.log(JSON.stringify({ state: kernel ? "started" : parlourPrestart.state, posted, fits }));
"""


def test_the_repls_page_starts_the_kernels_worker_first_and_shares_widget_modules(tmp_path):
    static = tmp_path / site_build.KERNEL_STATIC
    (static / "pypi").mkdir(parents=True)
    (static / "comlink.worker.abc123.js").write_text("")
    (static / "pypi" / "piplite-0.8.6-py3-none-any.whl").write_text("")
    kernel = {"pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True,
              "pipliteUrls": ["./extensions/all.json?sha256=1"], "loadPyodideOptions": {"packages": ["parlour"]}}
    (tmp_path / "jupyter-lite.json").write_text(json.dumps(
        {"jupyter-config-data": {"litePluginSettings": {site_build.KERNEL_PLUGIN: kernel}}}))
    (tmp_path / "repl").mkdir()
    (tmp_path / "repl" / "index.html").write_text('<html>\n<head>\n<link rel="preload" href="../build/x.js">')
    site_build.repl_page_scripts(tmp_path)
    page = (tmp_path / "repl" / "index.html").read_text()
    shared = (ROOT / "widgets" / "static" / "shared_modules.js").read_text()
    assert page.index("parlourPrestart") < page.index(shared) < page.index('<link rel="preload"')  # before the app
    script = page.split("<script>\n", 1)[1].split("</script>", 1)[0]
    assert "PARLOUR_PRESTART_CONFIG" not in script and "\n//" not in script

    def run(url: str, isolation: str = "") -> dict:
        code = PRESTART_RUN.replace("SCRIPT", script)
        out = subprocess.run(["node", "--input-type=module", "-e", code, "--", url, isolation], capture_output=True,
                             text=True, timeout=60)
        assert out.returncode == 0, out.stderr[-2000:]
        return json.loads(out.stdout.strip().splitlines()[-1])

    root = "https://school.example/parlour/"
    seen = run(root + "repl/index.html?kernel=python&lesson=pt/jubileu&deal=4-000001")
    [(worker, kind, message)] = seen["posted"]
    options = message["parlourPrestart"]
    assert (worker, kind) == (root + site_build.KERNEL_STATIC + "/comlink.worker.abc123.js", "module")
    assert options["pyodideUrl"] == root + "static/pyodide/pyodide.mjs"
    assert options["indexUrl"] == root + "static/pyodide/"
    assert options["pipliteUrls"] == [root + "extensions/all.json?sha256=1",
                                      root + site_build.KERNEL_STATIC + "/pypi/all.json"]
    assert options["loadPyodideOptions"] == {"packages": ["parlour"]} and options["disablePyPIFallback"] is True
    assert options["parlourWarm"] == 'import parlour_site\nparlour_site.prepare("pt/jubileu")'
    assert seen["fits"] == [True, "adopted", False, "refused", True]  # the kernel's own settings, or none
    odd = run(root + "repl/index.html?lesson=x%22%29%3Bimport%20os")  # not a lesson's name: no Python from it
    assert odd["posted"][0][2]["parlourPrestart"]["parlourWarm"] == ""
    assert run(root + "repl/index.html?lesson=rummy", "isolated") == {"state": "off", "posted": [], "fits": []}


def test_prepare_imports_what_a_lesson_imports_and_never_fails(tmp_path):
    wheel = site_build.parlour_wheel(tmp_path, "off")
    zipfile.ZipFile(wheel).extractall(tmp_path / "site-packages")
    script = ("import sys, parlour_site\n"
              "print(parlour_site.lesson_imports('rummy'))\n"
              "print(parlour_site.prepare('rummy'), 'widgets.games.rummy_lesson' in sys.modules)\n"
              "print(parlour_site.prepare('no/such/lesson'))\n"
              "import os; print(os.environ['PARLOUR_TEACHER_TOOLS'])\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, timeout=300,
                         env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(tmp_path / "site-packages")})
    assert out.returncode == 0, out.stderr[-3000:]
    imports = "['widgets.lesson', 'widgets.games.rummy_lesson']"  # the first: the lesson's "Go to the table"
    assert out.stdout.splitlines() == [imports, f"{imports} True", "[]", "off"]


def test_parlours_modules_are_all_named_for_the_bytecode_step():
    modules = site_build.parlour_modules()
    assert {"engine", "engine.games.rummy", "widgets", "widgets.table", "widgets.games.rummy_lesson"} <= set(modules)
    assert not [m for m in modules if "__init__" in m or "__pycache__" in m]


def test_imported_modules_become_bytecode_and_unimported_lexers_are_left_out(tmp_path):
    wheel = site_build.write_wheel(tmp_path, "pygments", "1.0", {
        "pygments/__init__.py": b"x = 1\n", "pygments/lexers/python.py": b"y = 2\n",
        "pygments/lexers/lisp.py": b"z = 3\n", "pygments/unused.py": b"w = 4\n", "pygments/data.txt": b"text"})
    where = "/lib/python3.14/site-packages"
    used = {f"{where}/pygments/__init__.py", f"{where}/pygments/lexers/python.py"}
    target = tmp_path / "out.whl"
    precompile.rewrite(wheel, target, where, used, ("pygments/lexers/",))
    with zipfile.ZipFile(target) as zf:
        names = set(zf.namelist())
        record = zf.read("pygments-1.0.dist-info/RECORD").decode()
        code = zf.read("pygments/__init__.pyc")
    assert {"pygments/__init__.pyc", "pygments/lexers/python.pyc", "pygments/unused.py", "pygments/data.txt"} <= names
    assert not {"pygments/__init__.py", "pygments/lexers/lisp.py", "pygments/lexers/lisp.pyc"} & names
    assert "pygments/__init__.pyc,sha256=" in record and "lisp" not in record
    assert int.from_bytes(code[4:8], "little") == 0b01  # hash-based, unchecked: loaded without its source


def test_bytecode_drops_docstrings_and_keeps_behaviour_and_line_numbers():
    source = (b'"""The module."""\nfrom __future__ import annotations\n\n\nclass Deck:\n    """Cards."""\n\n'
              b'    def size(self) -> int:\n        """How many."""\n        return 52\n\n\n'
              b'def only_a_docstring():\n    """Nothing else."""\n\n\ndef fails():\n    """Raises."""\n'
              b'    raise ValueError("line 19")\n')
    code = marshal.loads(precompile.pyc(source, "deck.py")[16:])  # after the pyc's 16-byte header
    namespace: dict = {}
    exec(code, namespace)
    assert "__doc__" not in namespace and namespace["Deck"].__doc__ is None  # no module docstring assigned
    assert namespace["Deck"]().size() == 52 and namespace["Deck"].size.__doc__ is None
    assert namespace["only_a_docstring"]() is None and namespace["only_a_docstring"].__doc__ is None
    with pytest.raises(ValueError) as caught:
        namespace["fails"]()
    assert traceback.extract_tb(caught.value.__traceback__)[-1].lineno == 19  # tracebacks keep their lines
    assert b"Cards." not in marshal.dumps(code) and b"How many." not in marshal.dumps(code)
    assert precompile.pyc(b"def broken(:\n", "broken.py") is None  # left as source, as before


def test_zips_are_stored_for_the_host_to_compress_and_the_stdlib_loses_what_no_tab_can_use(tmp_path):
    stdlib = tmp_path / "python_stdlib.zip"
    files = {"json/__init__.py": b"a = 1\n", "multiprocessing/pool.py": b"b = 2\n", "trace.py": b"c = 3\n",
             "traceback.py": b"d = 4\n", "smtplib.py": b"e = 5\n", "_pyrepl/main.py": b"f = 6\n",
             "email/parser.py": b"g = 7\n"}
    with zipfile.ZipFile(stdlib, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    where = "/lib/python314.zip"
    target = tmp_path / "out.zip"
    precompile.rewrite(stdlib, target, where, {f"{where}/json/__init__.py"}, tuple(site_build.DROP_UNIMPORTED),
                       stored=True)
    with zipfile.ZipFile(target) as zf:
        assert {i.compress_type for i in zf.infolist()} == {zipfile.ZIP_STORED}
        assert set(zf.namelist()) == {"json/__init__.pyc", "traceback.py", "email/parser.py"}
    precompile.rewrite(stdlib, target, where, set(), (), stored=False)  # --zips deflated: as zip packs them
    with zipfile.ZipFile(target) as zf:
        assert {i.compress_type for i in zf.infolist()} == {zipfile.ZIP_DEFLATED} and len(zf.namelist()) == 7


def brotli_decompress(path: Path) -> bytes:
    script = "process.stdout.write(require('zlib').brotliDecompressSync(require('fs').readFileSync(process.argv[1])))"
    return subprocess.run(["node", "-e", script, str(path)], capture_output=True, check=True).stdout


def test_precompressed_files_sit_beside_each_file_and_brotli_is_made_once(tmp_path, monkeypatch):
    out, cache = tmp_path / "site", tmp_path / "cache"
    (out / "static").mkdir(parents=True)
    wasm = out / "static" / "core.wasm"
    wasm.write_bytes(b"parlour " * 4000)
    (out / "static" / "tiny.js").write_text("x")  # too small to be worth it
    (out / "static" / "photo.png").write_bytes(b"png" * 1000)  # not a type that compresses
    site_build.precompress(out, cache)
    assert brotli_decompress(wasm.with_name("core.wasm.br")) == wasm.read_bytes()
    assert gzip.decompress(wasm.with_name("core.wasm.gz").read_bytes()) == wasm.read_bytes()
    assert sorted(p.name for p in (out / "static").iterdir()) == [
        "core.wasm", "core.wasm.br", "core.wasm.gz", "photo.png", "tiny.js"]

    def no_node(cmd, **kwargs):
        raise AssertionError(f"brotli ran again: {cmd}")
    monkeypatch.setattr(site_build, "run", no_node)
    wasm.with_name("core.wasm.br").unlink()
    site_build.precompress(out, cache)  # the same bytes: the cached .br, no brotli run
    assert brotli_decompress(wasm.with_name("core.wasm.br")) == wasm.read_bytes()
    monkeypatch.undo()
    wasm.write_bytes(b"another " * 4000)
    site_build.precompress(out, cache)
    assert brotli_decompress(wasm.with_name("core.wasm.br")) == wasm.read_bytes()
    assert len(list((cache / "brotli").glob("*.br"))) == 1  # the old file's is gone


def test_the_static_host_sends_brotli_or_gzip_as_the_browser_accepts(tmp_path):
    page = tmp_path / "app.js"
    page.write_text("plain")
    page.with_name("app.js.br").write_bytes(b"brotli bytes")
    page.with_name("app.js.gz").write_bytes(b"gzip bytes")
    server, base = serve(tmp_path)
    try:
        for accepted, coding, body in [("gzip, deflate, br, zstd", "br", b"brotli bytes"),
                                       ("gzip, deflate", "gzip", b"gzip bytes"), ("identity", None, b"plain")]:
            request = urllib.request.Request(base + "app.js", headers={"Accept-Encoding": accepted})
            with urllib.request.urlopen(request) as response:
                assert response.headers.get("Content-Encoding") == coding and response.read() == body
                assert response.headers.get("Content-Type") == "text/javascript"
    finally:
        server.shutdown()
        server.server_close()


def test_ipython_imports_its_terminal_only_when_embed_is_asked_for(tmp_path):
    init = (b'"""IPython."""\nfrom .core.getipython import get_ipython\nfrom .terminal.embed import embed\n'
            b'from .core.interactiveshell import InteractiveShell\n')
    embed = b"import prompt_toolkit\n\ndef embed(**kwargs):\n    return 'embedded'\n"
    files = {"IPython/__init__.py": init, "IPython/core/__init__.py": b"",
             "IPython/core/getipython.py": b"def get_ipython():\n    return None\n",
             "IPython/core/interactiveshell.py": b"class InteractiveShell:\n    pass\n",
             "IPython/terminal/__init__.py": b"", "IPython/terminal/embed.py": embed,
             "prompt_toolkit/__init__.py": b""}
    wheel = site_build.lazy_ipython_terminal(site_build.write_wheel(tmp_path, "ipython", "9.0", files))
    zipfile.ZipFile(wheel).extractall(tmp_path / "site-packages")
    script = ("import sys, IPython\n"
              "print('prompt_toolkit' in sys.modules, IPython.InteractiveShell.__name__)\n"
              "print(IPython.embed(), 'prompt_toolkit' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                         env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(tmp_path / "site-packages")})
    assert out.stdout.split() == ["False", "InteractiveShell", "embedded", "True"]
    with pytest.raises(site_build.BuildError, match="a new IPython"):
        site_build.lazy_ipython_terminal(wheel)  # patched already: the import is gone, and the build says so
