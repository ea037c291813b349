"""JupyterHub for a classroom on one machine: students log in and land on the gallery.

    ./run hub                     # installs the hub extra and the proxy, then runs this file

Out of the box: the hub listens on 127.0.0.1:8000 (PARLOUR_HUB_IP=0.0.0.0 to let the class's
laptops in, behind a firewall or TLS proxy you trust); students log in with any name and the
class password (PARLOUR_HUB_PASSWORD, or one generated and printed on first start).

Two routes (PARLOUR_HUB_ROUTE), deploy/README.md says what each isolates, with figures:
- ``shared`` (the default): ONE Voilà for the whole class, the project's guarded server run by
  the hub as a service at /services/parlour/, behind the hub's login (OAuth). Each page gets its
  own kernel, recorded as its student's: nobody else's request reaches it (403). About 11x less
  CPU and 3.5x less memory per student than a server each (widgets/server/hub_service.py).
- ``per-student``: each student gets a single-user Jupyter server that opens on the gallery in
  Voilà and runs only widget messages (no JupyterLab code execution, no terminals, lessons
  read-only); servers idle for an hour are stopped by the idle culler. The route to take where
  real accounts give real isolation (The Littlest JupyterHub, Kubernetes).

Every setting a class needs to change is an environment variable (PARLOUR_HUB_*), read below.
Why each non-default setting is here (all found trying a class of 30 on a 2-core machine):
- fixed per-student ports: two servers once raced for the same random port and one died;
- kernels on IPC sockets: a kernel once lost a random TCP port to another (ZMQError);
- a 180 s start timeout: thirty servers starting at once take that long on two cores;
- the Voilà settings (voila.json) written into the servers' own Jupyter config, because a
  single-user server starts in the student's home, where voila.json is not read.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import shutil
import sys
from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (JupyterHub provides it)

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # widgets.server, also when parlour is not pip-installed
from widgets.server.save_key import ensure_save_key  # noqa: E402
from widgets.server.single_user import WIDGET_MESSAGES, single_user_config  # noqa: E402


def env(name: str, default: str) -> str:
    return os.environ.get(f"PARLOUR_HUB_{name}", default)


STATE = Path(env("STATE", str(ROOT / ".hub"))).resolve()  # database, secrets, generated config
STATE.mkdir(parents=True, exist_ok=True, mode=0o700)
IP = env("IP", "127.0.0.1")
PORT = int(env("PORT", "8000"))
HUB_PORT = int(env("HUB_PORT", "8081"))  # the hub's own API, loopback only
PROXY_API_PORT = int(env("PROXY_API_PORT", "8001"))  # the proxy's REST API, loopback only
USER_PORT_BASE = int(env("USER_PORT_BASE", "9000"))  # student n listens on USER_PORT_BASE + n
CULL_IDLE = int(env("CULL_IDLE", "3600"))  # seconds without activity before a server stops
ACTIVITY_EVERY = int(env("ACTIVITY_EVERY", str(max(5, min(300, CULL_IDLE // 6)))))
MAX_KERNELS = int(env("MAX_KERNELS", "8"))  # per-student route: pages open at once per student
ROUTE = env("ROUTE", "shared")
if ROUTE not in ("shared", "per-student"):
    raise SystemExit(f"PARLOUR_HUB_ROUTE is 'shared' or 'per-student', not {ROUTE!r}")
SERVICE_PORT = int(env("SERVICE_PORT", "8870"))  # shared route: the class's Voilà, loopback only
CLASS_KERNELS = int(env("CLASS_KERNELS", "80"))  # shared route: pages open at once, the whole class
CLASS_POOL = env("POOL", "")  # shared route: "jubilee=30" keeps 30 Jubilee tables ready (./run app --pool)
# the class's name in its record of play, and the hub users who see the teacher's page
# (/services/parlour/parlour/teacher, on either route): "mrs_b,mr_c" puts them in the hub's "teachers" group
CLASS_NAME = env("CLASS", "class")
TEACHERS = [name.strip() for name in env("TEACHERS", "").split(",") if name.strip()]
RECORDS_DB = os.environ.get("PARLOUR_RECORDS_DB", "")  # another file or a PostgreSQL URL (deploy/README.md)
# The secret the class's kernels sign saves with (STATE/save-key, 0600; PARLOUR_SAVE_KEY overrides it):
# a save comes back from a student's browser, and without it anyone could recompute its checksum.
SAVE_KEY = ensure_save_key(STATE)

# --- the hub, the proxy, the database ---------------------------------------------------------
c.JupyterHub.ip = IP
c.JupyterHub.port = PORT
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = HUB_PORT
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{PROXY_API_PORT}"
_proxy = ROOT / "node_modules" / ".bin" / "configurable-http-proxy"  # package.json's pinned copy
c.ConfigurableHTTPProxy.command = [str(_proxy) if _proxy.exists() else "configurable-http-proxy"]
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.JupyterHub.last_activity_interval = ACTIVITY_EVERY
c.JupyterHub.cleanup_servers = True  # stopping the hub stops the students' servers
c.JupyterHub.concurrent_spawn_limit = 60
c.JupyterHub.shutdown_on_logout = False  # a student who logs out and back in finds their table

# --- who may log in ----------------------------------------------------------------------------
_password_file = STATE / "class-password"
PASSWORD = env("PASSWORD", "")
if not PASSWORD:
    if not _password_file.exists():
        _password_file.write_text(secrets.token_urlsafe(9) + "\n")
        _password_file.chmod(0o600)
    PASSWORD = _password_file.read_text().strip()
    print(f"Parlour hub: the class password is in {_password_file}: {PASSWORD}", file=sys.stderr)
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = PASSWORD
c.Authenticator.allow_all = True  # anyone with the class password, under any name

# --- each student's server ---------------------------------------------------------------------
# Not real Unix users: everything runs as the hub's user (fine for a trusted lab on a laptop;
# see deploy/README.md for real isolation). Each home is a directory under STATE.
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "homes" / "{username}")
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]  # this interpreter's Jupyter
c.Spawner.notebook_dir = str(ROOT / "lessons")
c.Spawner.default_url = "/voila/render/index.ipynb"  # the gallery
c.Spawner.args = ["--allow-root"] if os.geteuid() == 0 else []  # containers and CI run as root
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 120


def _can_listen(port: int) -> bool:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server will
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def fixed_port(spawner) -> None:
    """Student n listens on USER_PORT_BASE + n: no two servers race for one port. If something
    else holds that port (another program, an outgoing connection), the server gets a free one
    instead of failing to start."""
    port = USER_PORT_BASE + spawner.user.id
    if not _can_listen(port):
        from jupyterhub.utils import random_port

        spawner.log.warning("Port %d (student %s) is taken: using a free one", port, spawner.user.name)
        port = random_port()
    spawner.port = port


c.Spawner.pre_spawn_hook = fixed_port

# The Voilà and kernel settings of voila.json, in a config dir every server reads.
SERVER_CONFIG = STATE / "single-user-config"
SERVER_CONFIG.mkdir(exist_ok=True)
server_conf = single_user_config(json.loads((ROOT / "voila.json").read_text()), max_kernels=MAX_KERNELS)
server_conf["ServerApp"].update({
    "terminals_enabled": False,
    "contents_manager_class": "widgets.server.single_user.ReadOnlyContentsManager",
})
server_conf["ServerApp"]["jpserver_extensions"].update({
    # what a student's server never needs: JupyterLab, terminals, the language server, the classic
    # notebook shim, and Voilà a second time (its package names it as voila.server_extension too)
    "jupyterlab": False, "notebook": False, "jupyter_lsp": False, "jupyter_server_terminals": False,
    "notebook_shim": False, "voila.server_extension": False,
})
server_conf["ClassroomKernelManager"]["allowed_message_types"] = WIDGET_MESSAGES  # pages run no code
server_conf["KernelManager"] = {"transport": "ipc"}  # no TCP ports for kernels to race for
(SERVER_CONFIG / "jupyter_server_config.json").write_text(json.dumps(server_conf, indent=2) + "\n")
# IPC socket paths must be short (107 bytes): kernels' runtime files go under /tmp.
_RUNTIME = Path("/tmp") / f"parlour-hub-{hashlib.sha1(str(STATE).encode()).hexdigest()[:8]}"


def runtime_dir(spawner) -> str:
    path = _RUNTIME / spawner.user.name[:24]
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return str(path)


def records_spool(spawner) -> str:
    """Where a student's server keeps the deals waiting for the class's database (one file a server)."""
    folder = STATE / "spools"
    folder.mkdir(exist_ok=True, mode=0o700)
    return str(folder / f"{hashlib.sha1(spawner.user.name.encode()).hexdigest()[:16]}.spool")


c.Spawner.environment = {
    "JUPYTER_RUNTIME_DIR": runtime_dir,
    "JUPYTER_CONFIG_PATH": str(SERVER_CONFIG),
    "JUPYTERHUB_ACTIVITY_INTERVAL": str(ACTIVITY_EVERY),
    "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")])),
    # "Teacher: show all hands" would let a student see the others' cards: off for students
    # (PARLOUR_HUB_TEACHER_TOOLS=on keeps it, e.g. for a teacher's own demo hub).
    "PARLOUR_TEACHER_TOOLS": "on" if env("TEACHER_TOOLS", "off") == "on" else "off",
    "PARLOUR_SAVE_KEY": SAVE_KEY,
    # the record of play (per-student route): each server records its student's deals in the class's store,
    # STATE/records.sqlite (or PARLOUR_RECORDS_DB), each with a spool of its own
    "PARLOUR_CLASS": CLASS_NAME,
    "PARLOUR_HUB_STATE": str(STATE),
    "PARLOUR_RECORDS_SPOOL": records_spool,
    **({"PARLOUR_RECORDS_DB": RECORDS_DB} if RECORDS_DB else {}),
}

# --- the idle culler: stop servers nobody has used for CULL_IDLE seconds -------------------
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={CULL_IDLE}",
                f"--cull-every={max(5, min(600, CULL_IDLE // 4))}"],
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]

# --- the class's service: one Voilà for the class, as a hub service behind the hub's login -------
# On the shared route it serves the class's lessons, class tables and the teacher's page. On the
# per-student route, where each student's own server plays and records the deals, it runs only for the
# teachers, so that they have their page (the same store, the same page): without kernels kept ready, and
# no student may reach it.
SERVICE = "parlour"
SERVICE_PREFIX = f"/services/{SERVICE}/"
if ROUTE == "shared" or TEACHERS:
    c.JupyterHub.services.append({
        "name": SERVICE,
        "url": f"http://127.0.0.1:{SERVICE_PORT}",
        # as long as a student's server may take to start (Spawner.start_timeout): on a busy machine the class's
        # Voilà took over JupyterHub's default 30 s to answer, and the hub then gave up and stopped
        "timeout": 180,
        "cwd": str(ROOT),  # voila.json: the same guard rails as ./run app
        "command": [
            sys.executable, "-m", "widgets.server", str(ROOT / "lessons"), f"--port={SERVICE_PORT}",
            f"--Voila.base_url={SERVICE_PREFIX}",
            "--Voila.identity_provider_class=widgets.server.hub_service.HubIdentity",
            # the hub's proxy forwards the students' host name; only the proxy can reach this port
            "--Voila.tornado_settings=allow_remote_access=True",
            "--ClassroomKernelManager.per_user_kernels=True",
            f"--ClassroomKernelManager.max_kernels={CLASS_KERNELS}",
            *(["--pool", CLASS_POOL] if CLASS_POOL and ROUTE == "shared" else []),
            *([] if ROUTE == "shared" else ["--VoilaConfiguration.preheat_kernel=False"]),
        ],
        "environment": {
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")])),
            "PARLOUR_TEACHER_TOOLS": "on" if env("TEACHER_TOOLS", "off") == "on" else "off",
            "PARLOUR_SAVE_KEY": SAVE_KEY,
            # class tables: kept under STATE (a restarted service resumes them); the teachers get the teacher's seat
            "PARLOUR_STATE_DIR": str(STATE / "service"),
            "PARLOUR_TEACHERS": ",".join(TEACHERS),
            # the record of play: STATE/records.sqlite (or PARLOUR_RECORDS_DB), for the class CLASS_NAME
            "PARLOUR_HUB_STATE": str(STATE),
            "PARLOUR_CLASS": CLASS_NAME,
            **({"PARLOUR_RECORDS_DB": RECORDS_DB} if RECORDS_DB else {}),
        },
        "oauth_no_confirm": True,  # the class's own app: no "authorize this service?" page
        "display": True,  # in the hub's Services menu, for those who may reach it
    })
    # the teacher's page answers only the hub's "teachers" group (the hub names a user's groups to the service)
    c.JupyterHub.load_groups = {"teachers": {"users": TEACHERS}}
if ROUTE == "per-student" and TEACHERS:
    # only the teachers may reach the service: a student's role ("self") holds no access to it
    c.JupyterHub.load_roles.append({"name": "parlour-teachers", "groups": ["teachers"],
                                    "scopes": [f"access:services!service={SERVICE}"]})
if ROUTE == "shared":
    # Every student may use the class's Voilà and read their own account, nothing else: no ``self``,
    # whose ``servers`` scope let a student start a server of their own (POST /hub/api/users/<name>/server,
    # /hub/spawn), where they could read the lessons' sources and start kernels beyond the class's cap.
    c.JupyterHub.load_roles.append({"name": "user",
                                    "scopes": ["read:users!user", f"access:services!service={SERVICE}"]})
    c.JupyterHub.default_url = f"{SERVICE_PREFIX}voila/render/index.ipynb"  # the gallery
    # the hub's home page offers the gallery, not "Start My Server"
    c.JupyterHub.template_paths = [str(ROOT / "deploy" / "jupyterhub" / "templates")]
    c.JupyterHub.template_vars = {"parlour_gallery": c.JupyterHub.default_url}

if shutil.which(c.ConfigurableHTTPProxy.command[0]) is None:
    print("Parlour hub: configurable-http-proxy is missing: run `npm ci` in the repo root "
          "(./run hub does it)", file=sys.stderr)
