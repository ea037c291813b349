"""The server's secret for signing saves, generated once and kept beside the server's state."""

from __future__ import annotations

from pathlib import Path


def state_dir() -> Path:
    """Where the server keeps what must outlive it (its save key): ``PARLOUR_STATE_DIR``, else
    ``$XDG_STATE_HOME/parlour`` (``~/.local/state/parlour``)."""
    import os

    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(os.environ.get("PARLOUR_STATE_DIR") or Path(base) / "parlour")


SAVE_KEY_FILE = "save-key"


def ensure_save_key(directory: Path | None = None) -> str:
    """The server's secret for signing saves: ``PARLOUR_SAVE_KEY`` if set, else one generated once and
    kept in ``directory/save-key`` (mode 0600), put in this process's environment for its kernels.

    A save comes back from the learner's browser; with no secret anyone can recompute its checksum and
    hand the table a game whose bots' moves they chose. Kept on disk, a restarted server still resumes
    the games its pages saved.
    """
    import os
    import secrets

    from engine.protocol import SAVE_KEY_ENV

    if os.environ.get(SAVE_KEY_ENV):
        return os.environ[SAVE_KEY_ENV]
    folder = directory or state_dir()
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = folder / SAVE_KEY_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_hex(32) + "\n")
    key = path.read_text().strip()
    if not key:
        raise SystemExit(f"Parlour: the save key {path} is empty: delete it and start again")
    os.environ[SAVE_KEY_ENV] = key
    return key


def kernel_proof(key: str, kernel_id: str, purpose: str) -> str:
    """What a kernel sends to show that this server started it: the save key's HMAC of its id (every kernel
    inherits the key; a page cannot run code in its kernel, so it cannot make one), bound to ``purpose``, so
    a proof made to record a deal opens no class table."""
    import hashlib
    import hmac

    return hmac.new(key.encode(), f"{purpose}:{kernel_id}".encode(), hashlib.sha256).hexdigest()


def loopback_host(ip: str) -> str:
    """The host a kernel on this machine reaches the server at (an address bound to all interfaces, or to
    none, is reached on loopback; an IPv6 address in brackets)."""
    host = "127.0.0.1" if ip in ("", "0.0.0.0", "localhost", "*") else "[::1]" if ip == "::" else ip
    return f"[{host}]" if ":" in host and not host.startswith("[") else host
