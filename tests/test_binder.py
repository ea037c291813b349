"""Binder, rehearsed here: what repo2docker does with binder/, then the gallery link.

Binder (repo2docker) picks a Python from ``binder/runtime.txt``, runs ``pip install -r
binder/requirements.txt``, then ``binder/postBuild`` from the repo root, then a Jupyter Server
(with the Voilà server extension) rooted at the repo; the README's Binder link opens
``voila/render/lessons/index.ipynb`` there. The build below runs on this machine, so its Python
is checked separately against the one repo2docker would choose (without runtime.txt that was
3.10, on which ``ipykernel==7.4.0`` does not install).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
import tomllib
import shutil
import urllib.request
from importlib import metadata
from pathlib import Path

import pytest
from packaging.specifiers import SpecifierSet
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
GALLERY_PATH = "voila/render/lessons/index.ipynb"
INSTALL_TIMEOUT = 900  # seconds; with pip's cache warm it takes about a minute

# repo2docker's rules for the Python of an image (jupyterhub/repo2docker 2025-2026: buildpacks/base.py
# binder_dir and runtime, buildpacks/python/__init__.py python_version, buildpacks/conda/__init__.py
# major_pythons, buildpacks/conda/supported_python_version.py; docs: "runtime.txt - Specifying runtimes").
R2D_DEFAULT_PYTHON = {"2": "2.7", "3": "3.10"}  # what "python-3", or no runtime.txt, gives
R2D_SUPPORTED_PYTHON = ("3.8", "3.9", "3.10", "3.11", "3.12", "3.13", "3.14")
# Files that make repo2docker build with another buildpack than its Python one (checked in this order
# before it): the Python rules below would then not be the ones it applies.
R2D_OTHER_BUILDPACKS = ("Dockerfile", "Project.toml", "JuliaProject.toml", "REQUIRE", "default.nix",
                        "install.R", "DESCRIPTION", "environment.yml", "Pipfile", "Pipfile.lock")


def _binder_dir(repo: Path) -> Path | None:
    """repo2docker reads its files from binder/ or .binder/ (never both) if one exists, else the root."""
    found = [repo / name for name in ("binder", ".binder") if (repo / name).is_dir()]
    if len(found) > 1:
        raise ValueError("both binder/ and .binder/: repo2docker refuses to build")
    return found[0] if found else None


def repo2docker_python(repo: Path) -> str:
    """The Python version ("x.y") repo2docker builds ``repo`` with, or ValueError where it would refuse.

    With a binder folder, pyproject.toml's requires-python is not read at all: only runtime.txt
    ("python-x.y") chooses, and without it repo2docker takes its default, whatever the project needs.
    """
    binder = _binder_dir(repo)
    config = binder or repo
    other = [name for name in R2D_OTHER_BUILDPACKS if (config / name).exists()]
    if other:
        raise ValueError(f"{config / other[0]} makes repo2docker use another buildpack than its Python one")
    runtime = config / "runtime.txt"
    source = "default"
    version = R2D_DEFAULT_PYTHON["3"]
    if runtime.exists():
        text = runtime.read_text().strip()
        parts = text.split("-")
        if len(parts) not in (2, 4, 5) or not all(parts):
            raise ValueError(f"repo2docker refuses runtime.txt {text!r} (python-x.y)")
        if parts[0] != "python":
            raise ValueError(f"runtime.txt {text!r} names no Python: repo2docker builds another language")
        if len(parts) in (2, 5):
            asked = parts[1]
            if len(Version(asked).release) <= 1:
                version = R2D_DEFAULT_PYTHON[asked]
            else:
                version, source = asked, "runtime"
    if binder is None and (repo / "pyproject.toml").exists():
        needs = tomllib.loads((repo / "pyproject.toml").read_text()).get("project", {}).get("requires-python")
        if needs and version not in SpecifierSet(needs):
            if source == "runtime":
                raise ValueError("runtime.txt's Python is not one pyproject.toml's requires-python allows")
            fits = list(SpecifierSet(needs).filter(R2D_SUPPORTED_PYTHON))
            if not fits:
                raise ValueError(f"repo2docker has no Python that requires-python {needs!r} allows")
            version = fits[-1]
    if version.count(".") != 1:
        raise ValueError(f"repo2docker takes a Python as x.y (e.g. python-3.11), not {version!r}")
    if version not in R2D_SUPPORTED_PYTHON + ("2.7",):
        raise ValueError(f"repo2docker has no base environment for Python {version}")
    return version


def _repo(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return tmp_path


NEEDS_311 = '[project]\nname = "x"\nrequires-python = ">=3.11"\n'


@pytest.mark.parametrize("files, expected", [
    # binder/ without runtime.txt: the default, pyproject.toml unread (Parlour's Binder before the fix)
    ({"binder/requirements.txt": "", "pyproject.toml": NEEDS_311}, "3.10"),
    ({"binder/requirements.txt": "", "binder/runtime.txt": "python-3.11\n"}, "3.11"),
    ({".binder/runtime.txt": "python-3.12"}, "3.12"),
    ({"binder/runtime.txt": "python-3"}, "3.10"),
    # no binder folder: requires-python moves the default up to the newest Python it allows
    ({"requirements.txt": "", "pyproject.toml": NEEDS_311}, R2D_SUPPORTED_PYTHON[-1]),
    ({"runtime.txt": "python-3.12", "pyproject.toml": NEEDS_311}, "3.12"),
    # refused by repo2docker
    ({"binder/runtime.txt": "python-3.11.4"}, ValueError),
    ({"binder/runtime.txt": "python3.11"}, ValueError),
    ({"runtime.txt": "python-3.10", "pyproject.toml": NEEDS_311}, ValueError),
    ({"binder/runtime.txt": "python-3.11", "binder/environment.yml": ""}, ValueError),
    ({"binder/runtime.txt": "python-3.11", ".binder/runtime.txt": "python-3.11"}, ValueError),
])
def test_the_python_reader_follows_repo2dockers_rules(tmp_path, files, expected):
    repo = _repo(tmp_path, files)
    if expected is ValueError:
        with pytest.raises(ValueError):
            repo2docker_python(repo)
    else:
        assert repo2docker_python(repo) == expected


def test_binder_builds_with_a_python_parlour_supports():
    """The fault of issue 31: no binder/runtime.txt, so repo2docker took 3.10 and the image failed."""
    version = repo2docker_python(ROOT)
    needs = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert version in SpecifierSet(needs), (
        f"repo2docker would build Binder's image with Python {version}, but pyproject.toml requires {needs}: "
        f"pin it in binder/runtime.txt (a line python-x.y)")


def test_every_binder_pin_installs_on_that_python():
    """Each pin's own Requires-Python (pip reads it from the package's metadata) allows Binder's Python."""
    version = repo2docker_python(ROOT)
    pins = _pins((BINDER / "requirements.txt").read_text().splitlines())
    for name, pinned in pins.items():
        dist = metadata.metadata(name)  # the same pins as pyproject.toml: ./run installed them here
        assert dist["Version"] == pinned, f"{name} {dist['Version']} is installed, not {pinned}: run ./run again"
        needs = dist.get("Requires-Python") or ""
        assert version in SpecifierSet(needs), f"{name}=={pinned} needs Python {needs}; Binder's is {version}"


def _interpreter_for(version: str) -> tuple[str, str]:
    """An interpreter of Binder's Python version for the rehearsal: this one, or pythonX.Y on PATH.
    Without one, this one (the build then rehearses the pins and postBuild, not the version)."""
    if f"{sys.version_info.major}.{sys.version_info.minor}" == version:
        return sys.executable, version
    other = shutil.which(f"python{version}")
    if other:
        return other, version
    return sys.executable, f"{sys.version_info.major}.{sys.version_info.minor}"


def _pins(lines) -> dict[str, str]:
    pins = {}
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, version = line.partition("==")
        assert sep, f"not pinned with ==: {line!r}"
        pins[re.sub(r"[-_.]+", "-", name.strip().lower())] = version.strip()
    return pins


def test_binder_requirements_match_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    ours = _pins(project["dependencies"])
    binders = _pins((BINDER / "requirements.txt").read_text().splitlines())
    assert binders == ours, "binder/requirements.txt and pyproject.toml pin different versions"


def test_postbuild_is_a_bash_script():
    post = BINDER / "postBuild"
    lines = post.read_text().splitlines()
    assert lines[0] == "#!/bin/bash" and "set -e" in lines[1:4]
    assert os.access(post, os.X_OK), "binder/postBuild must be executable"


def _clean_env(venv: Path, home: Path) -> dict[str, str]:
    """The environment of a fresh Binder image: the venv first on PATH, no Jupyter
    config or data from this machine's user. pip's settings and cache are kept."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("JUPYTER", "VOILA_", "PYTHON", "VIRTUAL_ENV", "CONDA"))}
    env.update(
        PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '/usr/bin:/bin')}",
        VIRTUAL_ENV=str(venv),
        PIP_DISABLE_PIP_VERSION_CHECK="1",
        JUPYTER_CONFIG_DIR=str(home / "jupyter-config"),
        JUPYTER_DATA_DIR=str(home / "jupyter-data"),
        JUPYTER_RUNTIME_DIR=str(home / "jupyter-runtime"),
        IPYTHONDIR=str(home / "ipython"),
    )
    return env


def _run(args, *, env, log: Path, timeout: float, cwd: Path = ROOT) -> None:
    with open(log, "ab") as out:
        out.write(f"\n$ {' '.join(map(str, args))}\n".encode())
        out.flush()
        try:
            proc = subprocess.run(args, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                  stdout=out, stderr=subprocess.STDOUT, timeout=timeout)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{args[:3]} took over {timeout}s; see {log}", pytrace=False)
    if proc.returncode:
        tail = log.read_text(errors="replace")[-3000:]
        pytest.fail(f"{' '.join(map(str, args[:4]))} exited {proc.returncode}:\n{tail}", pytrace=False)


def _get(url: str, token: str, timeout: float) -> tuple[int, str]:
    req = urllib.request.Request(url, headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status, resp.read().decode("utf-8", "replace")


@pytest.mark.slow
def test_binder_build_serves_the_gallery(tmp_path, artifacts_dir, spawn_server, wait_for_url, free_port):
    venv, home = tmp_path / "venv", tmp_path / "home"
    home.mkdir()
    build_log = artifacts_dir / "binder-build.log"
    build_log.write_bytes(b"")
    env = _clean_env(venv, home)

    # 1. The image: a fresh Python (Binder's version where this machine has it) with
    # binder/requirements.txt, then postBuild.
    python, version = _interpreter_for(repo2docker_python(ROOT))
    build_log.write_text(f"Binder's Python: {repo2docker_python(ROOT)}; this build's: {version} ({python})\n")
    _run([python, "-m", "venv", str(venv)], env=env, log=build_log, timeout=120)
    py = str(venv / "bin" / "python")
    _run([py, "-m", "pip", "install", "--progress-bar", "off", "-r", str(BINDER / "requirements.txt")],
         env=env, log=build_log, timeout=INSTALL_TIMEOUT)
    _run(["bash", str(BINDER / "postBuild")], env=env, log=build_log, timeout=INSTALL_TIMEOUT)

    server_conf = json.loads((venv / "etc" / "jupyter" / "jupyter_server_config.json").read_text())
    voila_conf = json.loads((ROOT / "voila.json").read_text())
    assert server_conf["MappingKernelManager"] == voila_conf["MappingKernelManager"]

    # 2. The server Binder starts, rooted at the repo, with the Voilà extension.
    port, token = free_port(), secrets.token_hex(16)
    server_log = artifacts_dir / "binder-server.log"
    server_log.write_bytes(b"")
    server = spawn_server(
        [str(venv / "bin" / "jupyter"), "server", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={ROOT}",
         *(["--allow-root"] if os.geteuid() == 0 else [])],  # Binder's user is not root; CI's is
        log=server_log, env=env,
    )
    base = f"http://127.0.0.1:{port}/"
    wait_for_url(base + "voila/static/voila.js", 120, server)  # static: starts no kernel

    # 3. The Binder link's page: the gallery, rendered by the venv's kernel.
    status, page = _get(base + GALLERY_PATH, token, timeout=180)
    assert status == 200
    assert "<title>Parlour</title>" in page
    assert re.search(r'data-game=\\?"jubilee\\?"', page), "no Jubilee card in the gallery"
    assert re.search(r'href=\\?"jubilee\.ipynb\\?"', page), "no link to the Jubilee app"
    assert re.search(r'href=\\?"/lab/tree/lessons/jubilee\.ipynb\\?"', page), "no JupyterLab link"
    assert re.search(r"2(\\u2013|\u2013)7 players", page), "the kernel did not read engine.GAMES"
    for bad in ("Traceback", "There was an error when executing cell"):
        assert bad not in page, page[page.find(bad) - 500: page.find(bad) + 1500]

    # The gallery's app link, resolved as the browser does: the Jubilee lesson renders.
    status, app = _get(base + "voila/render/lessons/jubilee.ipynb", token, timeout=180)
    assert status == 200 and "Jubilee" in app
    for bad in ("Traceback", "There was an error when executing cell"):
        assert bad not in app, app[app.find(bad) - 500: app.find(bad) + 1500]

    # The gallery's "Notebook in JupyterLab" link leads to JupyterLab on this server.
    status, lab = _get(base + "lab/tree/lessons/jubilee.ipynb", token, timeout=60)
    assert status == 200 and "JupyterLab" in lab

    # Culling is on for the server's kernels (logged when the first kernel starts).
    log_text = server_log.read_text(errors="replace")
    assert re.search(r"Culling kernels with idle durations > 600 seconds at 60 second", log_text), \
        log_text[-3000:]
