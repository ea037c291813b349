"""Binder, rehearsed here: what repo2docker does with binder/, then the gallery link.

Binder runs ``pip install -r binder/requirements.txt``, then ``binder/postBuild`` from the
repo root, then a Jupyter Server (with the Voilà server extension) rooted at the repo; the
README's Binder link opens ``voila/render/lessons/index.ipynb`` there.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
import tomllib
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
GALLERY_PATH = "voila/render/lessons/index.ipynb"
INSTALL_TIMEOUT = 900  # seconds; with pip's cache warm it takes about a minute


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

    # 1. The image: a fresh Python with binder/requirements.txt, then postBuild.
    _run([sys.executable, "-m", "venv", str(venv)], env=env, log=build_log, timeout=120)
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
