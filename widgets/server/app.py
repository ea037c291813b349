"""The standalone server: ``python -m widgets.server lessons --port=N`` (``./run app``, the hub's
shared route, the tests and benches), Voilà's app with the guard rails, configured by ``voila.json``."""

from __future__ import annotations

import sys
from typing import Any

from jupyter_server.base.handlers import FileFindHandler
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

from widgets.server.class_table_handler import announce_class_tables
from widgets.server.guard_rails import install, quiet_trust_notices
from widgets.server.page_handler import ParlourVoilaHandler
from widgets.server.pool_options import class_pools, option_values
from widgets.server.records_route import announce_records, class_option
from widgets.server.save_key import ensure_save_key
from widgets.server.static_files import HashedAssetHandler, static_with


#: Widget state and messages travel compressed (13x smaller, at no cost measured on loopback).
WEBSOCKET_COMPRESSION: dict[str, Any] = {}


class ParlourVoila(Voila):
    """Standalone Voilà with :func:`install`'s fixes; configured by ``voila.json``."""

    def init_settings(self) -> dict:
        install()  # before the kernel manager is made: its pools are the classroom's
        quiet_trust_notices(self.log)
        announce_class_tables(self.ip, self.port, self.base_url)  # before it too: the pools' kernels find the socket
        # before the kernel manager is made too: its pools copy the environment for their kernels then
        announce_records(self.ip, self.port, self.base_url,
                         bool(self.config.get("ClassroomKernelManager", {}).get("per_user_kernels")))
        settings: dict = super().init_settings()
        # Read when Voilà builds its tornado Application; voila.json's tornado_settings are applied
        # after that, too late for compress_response (it would have no effect there).
        settings["compress_response"] = True
        settings.setdefault("websocket_compression_options", WEBSOCKET_COMPRESSION)
        return settings

    def init_handlers(self) -> list:
        install()
        from voila.static_file_handler import MultiStaticFileHandler, TemplateStaticFileHandler

        swap = {TornadoVoilaHandler: ParlourVoilaHandler, FileFindHandler: HashedAssetHandler,
                MultiStaticFileHandler: static_with(MultiStaticFileHandler),
                TemplateStaticFileHandler: static_with(TemplateStaticFileHandler)}
        if self.config.get("ClassroomKernelManager", {}).get("per_user_kernels"):
            swap.update(_kernel_routes_per_student())
        return [(rule[0], swap.get(rule[1], rule[1]), *rule[2:]) for rule in super().init_handlers()] \
            + self._class_table_routes() + self._records_routes() + self._teacher_routes()

    def _teacher_routes(self) -> list:
        """On the hub (pages told apart by login): the teacher's page and the students' "From your teacher"
        (widgets/server/teacher_page.py)."""
        if not getattr(self.kernel_manager, "per_user_kernels", False):
            return []
        from widgets.server.teacher_page import teacher_handlers

        return teacher_handlers(self.base_url, getattr(self, "class_tables", None))

    def _records_routes(self) -> list:
        """Where kernels post finished deals and a student reads their progress (widgets/server/records_route.py),
        when this server records a class (a hub, or ``--class NAME``); none otherwise."""
        from widgets.server.records_route import records_routes, records_service

        service = records_service(self.kernel_manager, ensure_save_key())
        return [] if service is None else records_routes(self.base_url, service)

    def _class_table_routes(self) -> list:
        """The class table's socket (widgets/server/class_table_handler.py): one service for this server."""
        import os

        from engine.protocol import SAVE_KEY_ENV
        from widgets.server.class_table_handler import class_table_routes, class_table_service, table_recorder
        from widgets.server.save_key import state_dir

        per_student = getattr(self.kernel_manager, "per_user_kernels", False)
        service = class_table_service(state_dir(), key=os.environ.get(SAVE_KEY_ENV) or ensure_save_key(),
                                      owner_of=self.kernel_manager.owner_of if per_student else None,
                                      on_deal_over=table_recorder(bool(per_student)))
        self.class_tables = service  # the teacher's page says who sits at which table
        return class_table_routes(self.base_url, service)


def _kernel_routes_per_student() -> dict[type, type]:
    """Every route that names a kernel, answering only the student the kernel is for."""
    from jupyter_server.services.kernels.handlers import KernelHandler
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
    from voila.tornado.execution_request_handler import ExecutionRequestHandler
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    from widgets.server.hub_service import own_kernels_only

    # (/voila/query/<kernel> is left as it is: it tells a preheated page its own address, nothing more)
    routes = (KernelHandler, VoilaKernelWebsocketHandler, VoilaShutdownKernelHandler, ExecutionRequestHandler)
    return {route: own_kernels_only(route) for route in routes}


def ip_option(argv: list[str]) -> list[str]:
    """``argv`` with ``--ip ADDRESS`` (``./run app --ip``: a class on one network) made Voilà's own settings: it
    listens on that address, and takes requests that name it (by default a page asked for by any name but this
    computer's loopback is refused, against pages of other sites reaching a server on a laptop). A SystemExit
    with a sentence for an address a server cannot listen on."""
    import ipaddress

    out, addresses = option_values(argv, "--ip")
    for address in addresses:
        try:
            ip = ipaddress.ip_address(address.strip())
        except ValueError:
            raise SystemExit(f"--ip needs this computer's address on the class's network, like 192.168.1.20, "
                             f"not {address!r}") from None
        if ip.is_multicast or (ip.is_reserved and not ip.is_unspecified):
            raise SystemExit(f"--ip needs this computer's address on the class's network; {ip} is not one a "
                             "server can listen on")
        out.append(f"--Voila.ip={ip}")
        if str(ip) != "127.0.0.1":
            out.append("--Voila.tornado_settings=allow_remote_access=True")
    return out


def main() -> None:
    import warnings

    # traitlets 5 still reads a whole dict from the command line, with a warning a teacher need not see
    warnings.filterwarnings("ignore", message=".*for dict-traits is deprecated", category=DeprecationWarning)
    sys.argv[1:] = ip_option(class_option(class_pools(sys.argv[1:])))  # --class NAME: record the class's play
    ensure_save_key()  # before any kernel starts: kernels inherit the environment
    ParlourVoila.launch_instance()
