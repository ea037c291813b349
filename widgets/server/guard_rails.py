"""The guard rails put in Voilà's place: its renderer, pools and page handler, and quieter logs."""

from __future__ import annotations

import logging

import voila.app
import voila.handler
import voila.server_extension
import voila.voila_kernel_manager

from widgets.server.kernel_pools import classroom_kernel_manager_factory
from widgets.server.page_handler import ParlourVoilaHandler
from widgets.server.page_rendering import GuardedNotebookRenderer


class TrustNoticeToDebug(logging.Filter):
    """Jupyter's "Notebook X is not trusted" demoted to a debug line: Voilà runs a lesson whatever its
    signature (trust only decides whether JupyterLab shows a notebook's stored outputs), yet the notice
    came once per page and per pooled kernel, 11 of them at ./run app's start. Other records pass."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg == "Notebook %s is not trusted":
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return True


def quiet_trust_notices(log: logging.Logger) -> None:
    """The app's logger (its contents manager logs through it) with :class:`TrustNoticeToDebug`, once."""
    if not any(isinstance(f, TrustNoticeToDebug) for f in log.filters):
        log.addFilter(TrustNoticeToDebug())


def install() -> None:
    """Point Voilà's page rendering at the guarded renderer and handler (module-level
    names Voilà looks up at request time and when its extension adds its handlers)."""
    voila.handler.NotebookRenderer = GuardedNotebookRenderer  # type: ignore[misc]
    voila.voila_kernel_manager.NotebookRenderer = GuardedNotebookRenderer  # type: ignore[misc]  # pools' pages
    voila.app.voila_kernel_manager_factory = classroom_kernel_manager_factory  # type: ignore[assignment]
    voila.server_extension.TornadoVoilaHandler = ParlourVoilaHandler  # type: ignore[misc]
