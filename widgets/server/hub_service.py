"""One shared Voilà for a whole class, behind JupyterHub's login (``./run hub``'s default route).

Giving each student a Jupyter server of their own cost 2.8 CPU-s and 160 MB before their first
table (a class of 30 waited 73 s for its last one). Here the hub runs the project's guarded Voilà
(:mod:`widgets.server.app`) once, as a hub-managed service at ``/services/parlour/``, and students reach
it through the hub's login (OAuth). Each page still gets a kernel of its own, and that kernel is
recorded as its student's: another student's request for it (the websocket, the shutdown beacon,
the kernel API) is refused with 403. What this route does not isolate (one process runs every
student's kernels as one Unix user) is said in deploy/README.md.

- :class:`HubIdentity`: who is asking, from the hub's OAuth cookie (JupyterHub's own identity
  provider, adapted to Voilà: Voilà hands it a token it has no use for, and adds its callback
  route without the service's prefix).
- :data:`widgets.server.page_identity.PAGE_OWNER`: the student a page is being rendered for, while its kernel is chosen.
- :func:`own_kernels_only`: the kernel routes, refusing a kernel that is not the asker's.
"""

from __future__ import annotations

import inspect
import os
from typing import Any

import tornado.web
from jupyter_server.utils import url_path_join
from jupyterhub.singleuser.extension import JupyterHubIdentityProvider

from widgets.server.page_identity import user_name


class HubIdentity(JupyterHubIdentityProvider):
    """JupyterHub's OAuth identity provider, as Voilà's ``identity_provider_class``."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.pop("token", None)  # Voilà's own token: the hub's API token stands in its place
        super().__init__(**kwargs)

    def get_handlers(self) -> list:
        """The OAuth callback (and logout) under the service's prefix, where the hub sends them."""
        prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")
        return [(url_path_join(prefix, rule[0]), *rule[1:]) for rule in super().get_handlers()]


class OwnKernelOnly:
    """A kernel route that answers only the student whose page the kernel was started for."""

    async def prepare(self, *args: Any, **kwargs: Any) -> None:
        ready = super().prepare(*args, **kwargs)  # type: ignore[misc]  # authenticates the asker
        if inspect.isawaitable(ready):
            await ready
        if self._finished:  # type: ignore[attr-defined]
            return
        kernel_id = self.path_kwargs.get("kernel_id") or next(iter(self.path_args), None)  # type: ignore[attr-defined]
        manager = self.kernel_manager  # type: ignore[attr-defined]
        owner = manager.owner_of(kernel_id) if kernel_id else None
        if owner is None or owner != user_name(self):
            self.log.warning("Refusing %s for kernel %s: it is not %s's",  # type: ignore[attr-defined]
                             self.request.path, kernel_id, user_name(self))  # type: ignore[attr-defined]
            raise tornado.web.HTTPError(403, "This table belongs to another student.")


def own_kernels_only(handler_class: type) -> type:
    """``handler_class`` with :class:`OwnKernelOnly` in front (same routes, same arguments)."""
    return type(f"Own{handler_class.__name__}", (OwnKernelOnly, handler_class), {})


__all__ = ["HubIdentity", "OwnKernelOnly", "own_kernels_only"]
