"""A teacher's ``--pool LESSON=N`` on the command line, made into Voilà's pool settings and a cap
with room for the class."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from widgets.server.kernel_manager import ClassroomKernelManager


def option_values(argv: list[str], flag: str) -> tuple[list[str], list[str]]:
    """(``argv`` without ``flag VALUE`` or ``flag=VALUE``, each VALUE in order): ``./run app``'s own options, taken
    out before Voilà reads the rest (a flag last, with no value, gives "")."""
    rest: list[str] = []
    values: list[str] = []
    args = iter(argv)
    for arg in args:
        if arg == flag:
            values.append(next(args, ""))
        elif arg.startswith(flag + "="):
            values.append(arg.split("=", 1)[1])
        else:
            rest.append(arg)
    return rest, values


def class_pools(argv: list[str], config_path: Path = Path("voila.json")) -> list[str]:
    """``--pool jubilee=30`` (a class about to open one lesson) → Voilà's ``kernel_pools_config``.

    The pools ``voila.json`` sets are kept; each ``--pool LESSON=N`` sets that lesson's pool
    (``LESSON`` is the notebook's path under ``lessons/``, with or without ``.ipynb``).
    Other arguments pass through unchanged.
    """
    try:
        config = json.loads(config_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        config = {}
    pools = dict(config.get("VoilaKernelManager", {}).get("kernel_pools_config", {}))
    rest: list[str] = []
    asked = False
    args = iter(argv)
    for arg in args:
        if arg == "--pool" or arg.startswith("--pool="):
            value = arg.split("=", 1)[1] if "=" in arg else next(args, "")
            lesson, _, size = value.partition("=")
            if not lesson or not size.isascii() or not size.isdigit() or len(size) > 4:
                raise SystemExit(f"--pool wants LESSON=N (a lesson and a number of kernels), not {value!r}")
            name = lesson if lesson.endswith(".ipynb") else f"{lesson}.ipynb"
            pools[name] = {"pool_size": int(size)}
            asked = True
        else:
            rest.append(arg)
    if asked:
        rest.append(f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}")
        rest += _room_for_the_class(rest, pools, config)
    return rest


def _room_for_the_class(args: list[str], pools: dict[str, dict], config: dict) -> list[str]:
    """A cap that holds every pool plus the pages of the class: ``--ClassroomKernelManager.max_kernels``.

    Thirty students on a pool of thirty hold thirty kernels while the pool warms thirty more,
    and every other notebook keeps its own pool: under voila.json's cap of 40 the last students
    would wait for a kernel of their own. The teacher asked for the class, so the cap makes
    room for it (and says so); a cap given on the command line is kept as it is.
    """
    if any(arg.startswith("--ClassroomKernelManager.max_kernels") for arg in args):
        return []
    standard = ClassroomKernelManager.max_kernels.default_value
    cap = int(config.get("ClassroomKernelManager", {}).get("max_kernels", standard))
    if cap == 0:
        return []
    served = next((Path(arg) for arg in args if not arg.startswith("-")), Path("lessons"))
    notebooks = {p.relative_to(served).as_posix() for p in served.rglob("*.ipynb")
                 if ".ipynb_checkpoints" not in p.parts} if served.is_dir() else set()
    default = int(pools.get("default", {}).get("pool_size", 0))
    sizes = {name: int(pools.get(name, {}).get("pool_size", default)) for name in notebooks}
    raised = [int(pool.get("pool_size", 0)) for name, pool in pools.items() if name != "default"]
    needed = sum(sizes.values()) + max(raised, default=0)
    if needed <= cap:
        return []
    print(f"Parlour: room for the class: up to {needed} kernels at once instead of {cap} "
          f"(about {needed * 63 / 1000:.1f} GB at 63 MB each).", file=sys.stderr)
    return [f"--ClassroomKernelManager.max_kernels={needed}"]
