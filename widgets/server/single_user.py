"""Voilà inside a Jupyter server (JupyterHub's single-user servers, Binder): the server extension
``widgets.server.single_user`` and the settings such a server needs."""

from __future__ import annotations

from typing import Any

import tornado.web
from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager
from jupyter_server.utils import url_path_join

from widgets.server.guard_rails import install, quiet_trust_notices
from widgets.server.save_key import ensure_save_key


# What a Voilà page's widgets need from its kernel; Voilà's standalone app allows only these on
# the kernel websocket (so a page cannot run code). A hub's student servers get the same list.
WIDGET_MESSAGES = ["comm_open", "comm_close", "comm_msg", "comm_info_request", "kernel_info_request",
                   "shutdown_request"]


class ReadOnlyContentsManager(AsyncLargeFileManager):
    """The lessons as a student's server sees them: readable (Voilà renders them), never
    written, renamed, deleted or restored from a checkpoint (on one machine every student's
    server shares them; a checkpoint restored is a lesson rewritten)."""

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise tornado.web.HTTPError(403, "The lessons are read-only on this server")

    async def save(self, model: Any, path: str = "") -> Any:
        self._refuse()

    async def delete_file(self, path: str) -> None:
        self._refuse()

    async def rename_file(self, old_path: str, new_path: str) -> None:
        self._refuse()

    async def new(self, model: Any = None, path: str = "") -> Any:
        self._refuse()

    async def new_untitled(self, path: str = "", type: str = "", ext: str = "") -> Any:
        self._refuse()

    async def copy(self, from_path: str, to_path: str | None = None) -> Any:
        self._refuse()

    async def create_checkpoint(self, path: str) -> Any:
        self._refuse()

    async def restore_checkpoint(self, checkpoint_id: str, path: str) -> None:
        self._refuse()

    async def delete_checkpoint(self, checkpoint_id: str, path: str) -> None:
        self._refuse()


# The voila.json sections a Jupyter server with the Voilà extension reads from its own config.
SERVER_SECTIONS = ("VoilaConfiguration", "VoilaExecutor", "MappingKernelManager", "ClassroomKernelManager")


def single_user_config(voila_settings: dict[str, Any], **kernel_limits: int) -> dict[str, Any]:
    """voila.json's settings as a ``jupyter_server_config.json`` for a Jupyter server running
    Voilà as an extension (a JupyterHub single-user server, Binder): there voila.json is not
    read from the repo (the server starts elsewhere) and tornado settings are the server's own.
    ``kernel_limits`` (``max_kernels``, ``cull_unconnected_after``) override voila.json's."""
    conf: dict[str, Any] = {name: dict(voila_settings.get(name, {})) for name in SERVER_SECTIONS}
    conf["VoilaConfiguration"].pop("multi_kernel_manager_class", None)  # the standalone app's knob
    # Voilà 0.5.13 preheats only as a standalone app (its extension serves every page a new
    # kernel), and a pool per lesson in every student's server would hold a dozen idle kernels each.
    conf["VoilaConfiguration"].pop("preheat_kernel", None)
    conf["ClassroomKernelManager"].update(kernel_limits)
    conf["ServerApp"] = {
        "jpserver_extensions": {"voila": True, __name__: True},
        "kernel_manager_class": "widgets.server.kernel_manager.ClassroomKernelManager",
    }
    return conf


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": __name__}]


def _link_jupyter_server_extension(server_app: Any) -> None:
    # Linking runs before any extension loads, so Voilà's extension picks our handler up.
    install()
    ensure_save_key()  # a hub passes its own; a lone server (Binder) keeps one of its own


def _load_jupyter_server_extension(server_app: Any) -> None:
    quiet_trust_notices(server_app.log)
    _record_the_class(server_app)
    server_app.log.info("Parlour: guarded Voilà pages at %s",
                        url_path_join(server_app.base_url, "voila/render/"))


def _record_the_class(server_app: Any) -> None:
    """A student's own server told a class (``PARLOUR_CLASS``: the hub's per-student route, a Kubernetes pod)
    records the deals its pages finish, as the student it runs for (``JUPYTERHUB_USER``), in the class's store
    (``PARLOUR_RECORDS_DB``: PostgreSQL shared by the pods); without it, nothing (Binder, ``jupyter lab``)."""
    from widgets.server.records_route import announce_records, records_class, records_routes, records_service

    if not records_class(per_student=False):
        return
    announce_records(server_app.ip, server_app.port, server_app.base_url, per_student=False)  # before any kernel
    service = records_service(server_app.kernel_manager, ensure_save_key())
    if service is not None:
        server_app.web_app.add_handlers(".*$", records_routes(server_app.base_url, service))
